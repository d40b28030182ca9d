"""The pieces on the map, from a seat's view alone (never the state): an SVG layer drawn
over the base map, and the same facts as plain data.

Drawn from ``view["board"]``: each nation's tokens in an area as a disc of its colour with
the count, cities as squares of their owner's colour on the city site (pirate cities white
with a P), ships as boats off the coast, barbarian tokens black. From the current phase's
part of the view, the seat's own pending choices (SITE-GEN-04: green = kept or built, red =
lost or not built):

- city building (SITE-CITY-01): each possible new city as an outline, green if marked to be
  built, red if not;
- ships (SITE-SHIP-04), while his decision is still to come: his ships red until his
  (early) order keeps them (green), the ships it builds as green outlines.

Each ship on the board is a piece of its own on the page (``data-piece``, ``names.ship_piece``:
its owner, its area and its number among his ships there), which a decision form's choice may
name (``FieldChoice.place``): the ships form's upkeep of that ship (TBL-23).

A view holds only what its seat may see, so the layer does too: it reads nothing else (no
hand, no card is ever named here).
"""
from __future__ import annotations

from html import escape
from typing import Any

from ...context import board_areas
from ...data import BARBARIANS, PIRATES, load
from ..names import ship_piece
from .config import config_of
from .geometry import geometry
from .layout import layout
from .svg import COLOURS, INK, number, view_box

KEEP, LOSE = "keep", "lose"
MARK_COLOUR = {KEEP: "#1b9e3a", LOSE: "#d81b1b"}


def owner_name(owner: str) -> str:
    d = load()
    if owner == BARBARIANS:
        return "Barbarians"
    if owner == PIRATES:
        return "Pirates"
    n = d.map.nations.get(owner)
    return n.name if n else owner


def _config(view: dict) -> tuple[str, bool]:
    return config_of(view.get("options") or {})


def _own_nation(view: dict) -> str | None:
    seat = view.get("seat")
    if seat is None:
        return None
    for p in view.get("players") or []:
        if p.get("seat") == seat:
            return p.get("nation")
    return None


def pieces(view: dict) -> dict[str, Any]:
    """The pieces of ``view`` to draw: ``{"config", "wem", "view_box", "pieces": [...],
    "svg"}``; each piece ``{kind, area, owner, count, mark, x, y, title}`` (kind: tokens,
    city, ship, new_city, new_ship; mark: keep, lose or None)."""
    d = load()
    config, wem = _config(view)
    areas = board_areas(config, wem)
    board = view.get("board") or {}
    out: list[dict[str, Any]] = []

    def add(kind: str, area: str, owner: str, x: float, y: float, count: int = 1, mark: str | None = None,
            piece: str = ""):
        name = d.map.areas[area].name
        who = owner_name(owner)
        what = {"tokens": f"{count} token{'s' if count != 1 else ''}", "city": "city", "ship": "ship",
                "new_city": "new city", "new_ship": "new ship"}[kind]
        note = {KEEP: " (kept)" if kind in ("city", "ship") else " (to be built)",
                LOSE: " (lost)" if kind in ("city", "ship") else " (not built)"}.get(mark or "", "")
        out.append({"kind": kind, "area": area, "owner": owner, "count": count, "mark": mark,
                    "x": round(x, 1), "y": round(y, 1), "title": f"{who}: {what} in {name}{note}",
                    **({"piece": piece} if piece else {})})

    for area in sorted(board.get("tokens") or {}):
        if area not in areas:
            continue
        lay = layout(geometry(), area)
        stacks = sorted((o, n) for o, n in (board["tokens"][area] or {}).items() if n)
        gap = lay.token_r * 2.3
        x0 = lay.tokens[0] - gap * (len(stacks) - 1) / 2
        for i, (owner, n) in enumerate(stacks):
            add("tokens", area, owner, x0 + i * gap, lay.tokens[1], n)

    # the seat's own pending choices (SITE-GEN-04)
    phase_view = view.get("phase_view") or {}
    mine = _own_nation(view)
    new_cities: dict[str, str] = {}
    if view.get("phase") == "cities" and mine and "possible" in phase_view:
        marked = set(phase_view.get("marked") or [])
        for area in phase_view.get("possible") or []:
            if area in areas:
                new_cities[area] = KEEP if area in marked else LOSE
    ship_marks: dict[str, list[str]] = {}  # area -> marks for the seat's ships there
    new_ships: list[str] = []
    if view.get("phase") == "ships" and mine and mine in (phase_view.get("queue") or []):
        # his decision is still to come: his ships are lost unless his order keeps them
        early = phase_view.get("entered_early") or None
        kept = [e.get("area") for e in (early or {}).get("maintain") or []]
        for area in (board.get("ships") or {}).get(mine) or []:
            ship_marks.setdefault(area, [])
            if area in kept:
                kept.remove(area)
                ship_marks[area].append(KEEP)
            else:
                ship_marks[area].append(LOSE)
        new_ships = [e.get("area") for e in (early or {}).get("build") or [] if e.get("area") in areas]

    for area, owner in sorted((board.get("cities") or {}).items()):
        if area in areas:
            lay = layout(geometry(), area)
            add("city", area, owner, *lay.site)
    for area, mark in sorted(new_cities.items()):
        lay = layout(geometry(), area)
        add("new_city", area, mine, *lay.site, mark=mark)

    at: dict[str, int] = {}
    for owner in sorted(board.get("ships") or {}):
        marks = {a: list(m) for a, m in ship_marks.items()} if owner == mine else {}
        nth: dict[str, int] = {}
        for area in sorted(board["ships"][owner]):
            nth[area] = nth.get(area, 0) + 1
            if area not in areas:
                continue
            lay = layout(geometry(), area)
            k = at.get(area, 0)
            at[area] = k + 1
            mark = marks[area].pop(0) if marks.get(area) else None
            add("ship", area, owner, lay.ships[0] + k * lay.token_r * 2.2, lay.ships[1], mark=mark,
                piece=ship_piece(owner, area, nth[area]))
    for area in sorted(new_ships):
        lay = layout(geometry(), area)
        k = at.get(area, 0)
        at[area] = k + 1
        add("new_ship", area, mine, lay.ships[0] + k * lay.token_r * 2.2, lay.ships[1], mark=KEEP)

    owners = sorted({p["owner"] for p in out}, key=lambda o: (o in (BARBARIANS, PIRATES), owner_name(o)))
    legend = [{"owner": o, "name": owner_name(o), "fill": COLOURS.get(o, "#999")} for o in owners]
    # the areas of the viewer's own pieces: the map's first zoom centres on them
    own = sorted({p["area"] for p in out if mine and p["owner"] == mine and p["kind"] in ("tokens", "city", "ship")})
    return {"config": config, "wem": wem, "view_box": list(view_box(geometry(), sorted(areas))),
            "pieces": out, "legend": legend, "svg": svg(out), "own": own}


def _size(area: str) -> float:
    return layout(geometry(), area).token_r


def svg(items: list[dict[str, Any]]) -> str:
    """The pieces as one SVG ``<g>`` in the base map's coordinates."""
    parts = ['<g class="pieces">']
    for p in items:
        x, y, r = p["x"], p["y"], _size(p["area"])
        fill = COLOURS.get(p["owner"], "#999")
        ink = INK.get(p["owner"], "#000")
        mark = p["mark"]
        edge = MARK_COLOUR[mark] if mark else "#111"
        wide = r * (0.32 if mark else 0.14)
        lay = layout(geometry(), p["area"])
        attrs = (f'class="pc {p["kind"]}{" mark-" + mark if mark else ""}" data-area="{p["area"]}" '
                 + (f'data-piece="{escape(p["piece"])}" ' if p.get("piece") else "")
                 + f'data-owner="{escape(p["owner"])}" data-f="{number(lay.font)}" '
                 # scaled by the page with its area's label (ships: about the area's ship spot,
                 # all of an area's ships together, so that enlarged they stay apart, TBL-23)
                 + (f'data-x="{number(lay.ships[0])}" data-y="{number(lay.ships[1])}"' if "ship" in p["kind"]
                    else f'data-x="{number(lay.x)}" data-y="{number(lay.y)}"'))
        title = f"<title>{escape(p['title'])}</title>"
        if p["kind"] == "tokens":
            # a stack of counters: a shadow counter behind, the count on the top one
            box = (f'x="{number(x - r)}" y="{number(y - r)}" width="{number(2 * r)}" height="{number(2 * r)}" '
                   f'rx="{number(r * .3)}"')
            back = (f'<rect {box} transform="translate({number(r * .22)} {number(r * .22)})" fill="{fill}" '
                    f'stroke="#111" stroke-width="{number(r * .1)}"/>') if p["count"] > 1 else ""
            parts.append(f'<g {attrs}>{title}{back}<rect {box} fill="{fill}" stroke="{edge}" '
                         f'stroke-width="{number(max(wide, r * .1))}"/><text x="{number(x)}" y="{number(y + r * .42)}" '
                         f'font-size="{number(r * 1.2)}" fill="{ink}" text-anchor="middle" font-weight="bold">'
                         f'{p["count"]}</text></g>')
        elif p["kind"] in ("city", "new_city"):
            q = r * 1.05
            dash = f' stroke-dasharray="{number(q * .5)} {number(q * .3)}" fill-opacity=".35"' if p["kind"] == "new_city" else ""
            letter = (f'<text x="{number(x)}" y="{number(y + q * .42)}" font-size="{number(q * 1.2)}" fill="#000" '
                      f'text-anchor="middle" font-weight="bold">P</text>') if p["owner"] == PIRATES else ""
            parts.append(f'<g {attrs}>{title}<rect x="{number(x - q)}" y="{number(y - q)}" width="{number(2 * q)}" '
                         f'height="{number(2 * q)}" fill="{fill}" stroke="{edge}" stroke-width="{number(max(wide, q * .2))}"'
                         f'{dash}/>{letter}</g>')
        else:  # ship, new_ship: a hull and a sail
            s = r * 1.1
            dash = f' stroke-dasharray="{number(s * .4)} {number(s * .25)}" fill-opacity=".4"' if p["kind"] == "new_ship" else ""
            hull = (f"M{number(x - s)} {number(y)}L{number(x + s)} {number(y)}L{number(x + s * .6)} {number(y + s * .55)}"
                    f"L{number(x - s * .6)} {number(y + s * .55)}Z")
            sail = f"M{number(x - s * .1)} {number(y - s * .15)}L{number(x - s * .1)} {number(y - s * 1.2)}L{number(x + s * .75)} {number(y - s * .15)}Z"
            parts.append(f'<g {attrs}>{title}<path d="{hull}{sail}" fill="{fill}" stroke="{edge}" '
                         f'stroke-width="{number(max(wide, s * .12))}" stroke-linejoin="round"{dash}/></g>')
    parts.append("</g>")
    return "".join(parts)
