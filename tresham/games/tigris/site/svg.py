"""The board drawn: the printed side of a game's options as a standalone SVG, and the pieces of a
seat's view as a layer over it, for the game page's map (``Board.svg``,
``key``, ``pieces``; the platform's ``play/views_board.py`` and ``board.js``).

    board_svg(options) -> str      # the base map: the 16 x 11 squares of the side in play
    board_key(options) -> str      # a short hash of the side, the data and this drawing code
    board_pieces(view) -> dict     # {"svg": "<g class=\"pieces\">...", "pieces": [...], "view_box"}
    board_legend(options) -> list  # the legend's lines, in words

The base map (TE-BASE-11..16, TE-ADVB-01/04): a gold border for the base side, a blue one for
the advanced side; land squares sand, river squares blue; column letters A..P and row numbers
1..11 on the edges (TE-BASE-12); each Shedu square with a winged bull drawn by us (no art of
the printed board is used); special-border squares with a gold frame. Every square is one
element ``<g class="sq land|river" id="sq-B2" data-at="1,1" data-area="B2">`` so a page can
find it. One unit is a pixel at scale 1; a square is :data:`S` units.

The pieces come from the view alone (``docs/tigris.md``, "The view"), so they show nothing
the seat may not see: the board's squares, monuments, buildings and wonder, never a hand. The
output is deterministic (squares in reading order).
"""
from __future__ import annotations

import hashlib
import math
from functools import cache
from html import escape
from pathlib import Path
from typing import Any

from .. import board as boards
from ..board import Board, Square, name

S = 60  # a square's side
PAD = 40  # from the outer edge to the grid: the border and the edge labels
FONT = "'DejaVu Sans', Verdana, Arial, sans-serif"

#: the four colours of tiles and leaders (TE-BASE-03)
COLOURS = {"red": "#c0392b", "blue": "#1f5fbf", "green": "#2e7d32", "black": "#1d1d1d"}
TILE_NAMES = {"red": "temple", "blue": "farm", "green": "market", "black": "settlement"}
LEADER_NAMES = {"red": "priest", "blue": "farmer", "green": "trader", "black": "king"}
#: dynasties by seat (TE-BASE-05, docs/tigris.md "Words")
DYNASTIES = ("archer", "bull", "lion", "urn")
#: buildings and their colours (TE-BLD-02)
BUILDINGS = {"library": "red", "granary": "blue", "market_hall": "green", "palace": "black"}
BORDER = {"base": "#c9a227", "advanced": "#2b5fa8"}
BORDER_NAME = {"base": "gold", "advanced": "blue"}
LAND, LAND_EDGE = "#ead7a4", "#b39a63"
RIVER, RIVER_EDGE = "#8ec3e6", "#4a86b8"
GOLD, GOLD_EDGE = "#f2c230", "#7a5a00"
FACE_DOWN = "#9a9a9a"

STYLE = f"""
.tigris-board {{ font-family: {FONT}; }}
.tigris-board .sq:hover > .fill {{ fill-opacity: .75; }}
.tigris-board .edge {{ font-size: 17px; font-weight: bold; fill: #3b2f17; text-anchor: middle; pointer-events: none; }}
.tigris-board .shedu, .tigris-board .special-frame, .tigris-board .wave {{ pointer-events: none; }}
"""


def _n(v: float) -> str:
    """A number for SVG text: at most one decimal, no trailing ".0"."""
    s = f"{v:.1f}"
    s = s[:-2] if s.endswith(".0") else s
    return "0" if s == "-0" else s


def side_of(options: dict) -> str:
    """The board side of a game's options ("base" unless "advanced", TE-ADVB)."""
    side = (options or {}).get("board") or "base"
    return side if side in boards.SIDES else "base"


def corner(sq: Square) -> tuple[float, float]:
    """The top-left corner of a square in map units."""
    return PAD + sq[0] * S, PAD + sq[1] * S


def centre(sq: Square) -> tuple[float, float]:
    """The centre of a square in map units."""
    x, y = corner(sq)
    return x + S / 2, y + S / 2


def view_box(b: Board) -> list[int]:
    """The base map's view box ``[x, y, w, h]``: the grid, its edge labels and border."""
    return [0, 0, 2 * PAD + b.width * S, 2 * PAD + b.height * S]


# ---- glyphs (our own drawings) ------------------------------------------------------------------
def shedu_glyph(x: float, y: float, size: float, cls: str = "shedu", fill: str = "#6b4f1d") -> str:
    """A winged bull (the Shedu), ``size`` units wide, centred on (x, y): a body on four legs,
    a bearded head with a horned crown, and a swept wing with three feathers."""
    k = size / 40.0

    def p(px: float, py: float) -> str:
        return f"{_n(x + (px - 20) * k)} {_n(y + (py - 20) * k)}"

    body = (f"M{p(9, 22)}L{p(31, 22)}Q{p(35, 23)} {p(34, 29)}L{p(32, 30)}L{p(32, 36)}L{p(29, 36)}"
            f"L{p(28, 30)}L{p(24, 30)}L{p(24, 36)}L{p(21, 36)}L{p(20, 30)}L{p(15, 30)}L{p(15, 36)}"
            f"L{p(12, 36)}L{p(11, 30)}L{p(9, 30)}Z")
    head = f"M{p(4, 13)}L{p(11, 13)}L{p(12, 24)}L{p(7, 27)}L{p(4, 24)}Z"
    crown = f"M{p(4, 13)}L{p(4, 8)}L{p(7.5, 11)}L{p(11, 8)}L{p(11, 13)}Z"
    wing = (f"M{p(13, 22)}Q{p(16, 8)} {p(37, 4)}Q{p(33, 12)} {p(36, 12)}Q{p(31, 17)} {p(34, 18)}"
            f"Q{p(28, 21)} {p(29, 22)}Z")
    return (f'<path class="{cls}" d="{body}{head}{crown}{wing}" fill="{fill}" '
            f'stroke="#fff6dc" stroke-width="{_n(0.8 * k)}" stroke-linejoin="round"/>')


def tile_glyph(colour: str, x: float, y: float, r: float, ink: str = "#fff") -> str:
    """A small white sign of a tile's kind centred on (x, y), about ``2r`` across: a temple's
    pediment on columns, a farm's ear of grain, a market's coin, a settlement's house."""
    w = _n(r * 0.16)
    if colour == "red":
        roof = f"M{_n(x - r)} {_n(y - r * .35)}L{_n(x)} {_n(y - r)}L{_n(x + r)} {_n(y - r * .35)}Z"
        cols = "".join(f"M{_n(x + dx * r)} {_n(y - r * .2)}L{_n(x + dx * r)} {_n(y + r * .7)}"
                       for dx in (-.7, -.23, .23, .7))
        base = f"M{_n(x - r)} {_n(y + r * .85)}L{_n(x + r)} {_n(y + r * .85)}"
        return (f'<path d="{roof}" fill="{ink}"/><path d="{cols}{base}" stroke="{ink}" '
                f'stroke-width="{w}" fill="none"/>')
    if colour == "blue":
        stem = f"M{_n(x)} {_n(y + r)}L{_n(x)} {_n(y - r)}"
        ears = "".join(f"M{_n(x - r * .55)} {_n(y + dy * r - r * .35)}L{_n(x)} {_n(y + dy * r)}"
                       f"L{_n(x + r * .55)} {_n(y + dy * r - r * .35)}" for dy in (-.45, .05, .55))
        return f'<path d="{stem}{ears}" stroke="{ink}" stroke-width="{w}" fill="none" stroke-linecap="round"/>'
    if colour == "green":
        return (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r * .8)}" fill="none" stroke="{ink}" '
                f'stroke-width="{w}"/><circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r * .3)}" fill="{ink}"/>')
    house = (f"M{_n(x - r * .75)} {_n(y + r * .8)}L{_n(x - r * .75)} {_n(y - r * .1)}L{_n(x)} {_n(y - r * .8)}"
             f"L{_n(x + r * .75)} {_n(y - r * .1)}L{_n(x + r * .75)} {_n(y + r * .8)}Z")
    return f'<path d="{house}" fill="none" stroke="{ink}" stroke-width="{w}" stroke-linejoin="round"/>'


def dynasty_glyph(dynasty: str, x: float, y: float, r: float, ink: str = "#fff") -> str:
    """A dynasty's sign (TE-BASE-05) centred on (x, y) within a disc of radius ``r``: the
    archer's bow and arrow, the bull's horned head, the lion's mane, the urn."""
    w = _n(r * .13)
    if dynasty == "archer":
        bow = f"M{_n(x - r * .25)} {_n(y - r * .6)}Q{_n(x + r * .7)} {_n(y)} {_n(x - r * .25)} {_n(y + r * .6)}"
        string = f"M{_n(x - r * .25)} {_n(y - r * .6)}L{_n(x - r * .25)} {_n(y + r * .6)}"
        arrow = f"M{_n(x - r * .6)} {_n(y)}L{_n(x + r * .62)} {_n(y)}"
        head = (f"M{_n(x + r * .68)} {_n(y)}L{_n(x + r * .42)} {_n(y - r * .16)}L{_n(x + r * .42)} "
                f"{_n(y + r * .16)}Z")
        return (f'<path d="{bow}{string}{arrow}" fill="none" stroke="{ink}" stroke-width="{w}" '
                f'stroke-linecap="round"/><path d="{head}" fill="{ink}"/>')
    if dynasty == "bull":
        horns = (f"M{_n(x - r * .3)} {_n(y - r * .05)}Q{_n(x - r * .72)} {_n(y - r * .2)} {_n(x - r * .55)} "
                 f"{_n(y - r * .62)}M{_n(x + r * .3)} {_n(y - r * .05)}Q{_n(x + r * .72)} {_n(y - r * .2)} "
                 f"{_n(x + r * .55)} {_n(y - r * .62)}")
        face = (f"M{_n(x - r * .34)} {_n(y - r * .1)}L{_n(x + r * .34)} {_n(y - r * .1)}L{_n(x + r * .2)} "
                f"{_n(y + r * .6)}L{_n(x - r * .2)} {_n(y + r * .6)}Z")
        return (f'<path d="{horns}" fill="none" stroke="{ink}" stroke-width="{_n(r * .17)}" '
                f'stroke-linecap="round"/><path d="{face}" fill="{ink}"/>')
    if dynasty == "lion":
        pts = []
        for i in range(24):
            a = math.pi * i / 12
            rr = r * (.66 if i % 2 == 0 else .46)
            pts.append(f"{_n(x + rr * math.sin(a))} {_n(y - rr * math.cos(a))}")
        return (f'<path d="M{"L".join(pts)}Z" fill="{ink}"/>'
                f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r * .3)}" fill="none" stroke="{ink}" '
                f'stroke-width="{_n(r * .08)}"/><circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r * .24)}" '
                f'fill="#000" fill-opacity=".35"/>')
    # urn
    urn = (f"M{_n(x - r * .22)} {_n(y - r * .62)}L{_n(x + r * .22)} {_n(y - r * .62)}L{_n(x + r * .14)} "
           f"{_n(y - r * .38)}Q{_n(x + r * .62)} {_n(y - r * .1)} {_n(x + r * .28)} {_n(y + r * .4)}"
           f"L{_n(x + r * .36)} {_n(y + r * .62)}L{_n(x - r * .36)} {_n(y + r * .62)}L{_n(x - r * .28)} "
           f"{_n(y + r * .4)}Q{_n(x - r * .62)} {_n(y - r * .1)} {_n(x - r * .14)} {_n(y - r * .38)}Z")
    return f'<path d="{urn}" fill="{ink}"/>'


# ---- the base map -------------------------------------------------------------------------------
def _square(b: Board, sq: Square) -> str:
    """One square's element: its fill, its waves (a river), its Shedu and special frame."""
    x, y = corner(sq)
    river = b.is_river(sq)
    facts = [name(sq), "river (farms only)" if river else "land"]
    parts = [f'<rect class="fill" x="{_n(x)}" y="{_n(y)}" width="{S}" height="{S}" '
             f'fill="{RIVER if river else LAND}" stroke="{RIVER_EDGE if river else LAND_EDGE}" stroke-width="1"/>']
    if river:
        waves = "".join(f"M{_n(x + 8)} {_n(y + dy)}q7 -5 14 0t14 0t14 0" for dy in (20, 40))
        parts.append(f'<path class="wave" d="{waves}" fill="none" stroke="#ffffff" stroke-opacity=".55" '
                     f'stroke-width="1.6"/>')
    if sq in b.shedu:
        facts.append("Shedu square (a temple and a treasure at the start)")
        parts.append(shedu_glyph(x + S / 2, y + S / 2 + 1, S * .62))
    if sq in b.special:
        facts.append("special border (its treasure is taken first)")
        parts.append(f'<rect class="special-frame" x="{_n(x + 3)}" y="{_n(y + 3)}" width="{S - 6}" '
                     f'height="{S - 6}" fill="none" stroke="{GOLD}" stroke-width="5"/>'
                     f'<rect class="special-frame-edge" x="{_n(x + .5)}" y="{_n(y + .5)}" width="{S - 1}" '
                     f'height="{S - 1}" fill="none" stroke="{GOLD_EDGE}" stroke-width="1" pointer-events="none"/>')
    c, r = sq
    return (f'<g class="sq {"river" if river else "land"}" id="sq-{name(sq)}" data-at="{c},{r}" '
            f'data-area="{name(sq)}"><title>{escape(", ".join(facts))}</title>{"".join(parts)}</g>')


def render(side: str) -> str:
    """The SVG document of board side ``side`` ("base" or "advanced")."""
    b = boards.load(side)
    vx, vy, vw, vh = view_box(b)
    gw, gh = b.width * S, b.height * S
    title = (f"Tigris & Euphrates: the {side} side of the board ({BORDER_NAME[side]} border), "
             f"{b.width} x {b.height} squares")
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{vx} {vy} {vw} {vh}" width="{vw}" height="{vh}" '
        f'role="img" aria-labelledby="board-map-title board-map-desc" class="tigris-board" data-side="{side}">',
        f'<title id="board-map-title">{escape(title)}</title>',
        f'<desc id="board-map-desc">{len(b.rivers)} river squares (blue, farms only) and '
        f"{b.width * b.height - len(b.rivers)} land squares (sand). A winged bull marks each of the "
        f"{len(b.shedu)} Shedu squares, which start with a temple and a treasure; the {len(b.special)} "
        "with a gold frame have the special border, and their treasures are taken first. Columns A to "
        f"{chr(ord('A') + b.width - 1)} and rows 1 to {b.height} are written on the edges.</desc>",
        f"<style>{STYLE}</style>",
        # the table around the board, beyond the view box (a page that pans shows no void)
        f'<rect class="table" x="{_n(vx - vw / 2)}" y="{_n(vy - vh / 2)}" width="{2 * vw}" height="{2 * vh}" '
        f'fill="#d9d3c3"/>',
        f'<rect class="border" x="2" y="2" width="{vw - 4}" height="{vh - 4}" rx="6" fill="#f4ead0" '
        f'stroke="{BORDER[side]}" stroke-width="4"/>',
        f'<rect class="border-band" x="{PAD - 10}" y="{PAD - 10}" width="{gw + 20}" height="{gh + 20}" '
        f'fill="none" stroke="{BORDER[side]}" stroke-width="8"/>',
        '<g class="edges" aria-hidden="true">',
    ]
    for c in range(b.width):
        x = _n(PAD + c * S + S / 2)
        letter = chr(ord("A") + c)
        out.append(f'<text class="edge col" x="{x}" y="{_n(PAD - 15)}">{letter}</text>'
                   f'<text class="edge col" x="{x}" y="{_n(PAD + gh + 28)}">{letter}</text>')
    for r in range(b.height):
        y = _n(PAD + r * S + S / 2 + 6)
        out.append(f'<text class="edge row" x="{_n(PAD / 2 - 4)}" y="{y}">{r + 1}</text>'
                   f'<text class="edge row" x="{_n(PAD + gw + PAD / 2 + 4)}" y="{y}">{r + 1}</text>')
    out.append("</g>")
    out.append('<g class="squares">')
    for sq in b.squares():
        out.append(_square(b, sq))
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


@cache
def _svg(side: str) -> str:
    return render(side)


def board_svg(options: dict) -> str:
    """The base map of a game's options (its side; made once per side and process)."""
    return _svg(side_of(options))


@cache
def _key(side: str) -> str:
    h = hashlib.sha256(side.encode() + b"\0")
    for p in (boards.DATA, Path(boards.__file__), Path(__file__)):
        h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:20]


def board_key(options: dict) -> str:
    """A short hash of what the base map of these options depends on: the side, the board
    data and the drawing code (``board.py`` and this module)."""
    return _key(side_of(options))


def board_legend(options: dict) -> list[str]:
    """The lines of the map's legend (the page shows them under "Legend")."""
    side = side_of(options)
    return [
        f"The {side} side of the board ({BORDER_NAME[side]} border): sand squares are land, blue squares "
        "river (farms only); columns A to P and rows 1 to 11 on the edges.",
        "A winged bull: a Shedu square, which starts with a temple and a treasure. A gold frame: the "
        "special border, whose treasure is taken first.",
        "Tiles: red temple, blue farm, green market, black settlement; grey with two colour bars: face "
        "down under a monument; a dark square with a cross: a catastrophe. A gold diamond: a treasure.",
        "Leaders: a disc of the leader's colour with its dynasty's sign: Archer (bow and arrow), Bull "
        "(horned head), Lion (mane), Urn.",
        "Monuments: a stepped tower in its two colours over its four squares. Buildings: a small "
        "tower of their colour on their tile. The wonder: a gold cross with the Shedu idol. A dashed "
        "gold ring: the unification marker.",
    ]


# ---- the pieces ---------------------------------------------------------------------------------
def _sq(at: Any) -> Square | None:
    """A square from the view's ``[c, r]`` (None for a missing or malformed one)."""
    if isinstance(at, (list, tuple)) and len(at) == 2 and all(isinstance(v, int) for v in at):
        return (at[0], at[1])
    return None


def _dynasties(view: dict) -> dict[int, str]:
    """Seat -> dynasty, from the view's players (by seat order where it does not say)."""
    out = {}
    for p in view.get("players") or []:
        seat = p.get("seat")
        if isinstance(seat, int):
            out[seat] = p.get("dynasty") or (DYNASTIES[seat] if 0 <= seat < len(DYNASTIES) else f"seat {seat}")
    return out


def _monument_colours(view: dict) -> dict[str, list[str]]:
    out = {}
    for m in view.get("monuments") or []:
        if m.get("id"):
            out[m["id"]] = list(m.get("colours") or m["id"].split("-"))
    return out


def pieces(view: dict) -> dict[str, Any]:
    """The pieces of ``view`` to draw: ``{"side", "view_box", "pieces": [...], "svg"}``; each
    piece ``{kind, area, owner, count, mark, x, y, title}`` with kind one of tile,
    face_down, catastrophe, monument, wonder, building, treasure, leader, unification, in
    that order (the drawing order), each kind in reading order; ``area`` the square's name,
    ``owner`` the dynasty of a leader (else None), ``mark`` None (no pending choice marks a
    piece kept or lost in this game)."""
    side = side_of(view.get("options") or {"board": view.get("board")})
    b = boards.load(side)
    squares: dict[Square, dict] = {}
    for s in view.get("squares") or []:
        sq = _sq(s.get("at"))
        if sq is not None and b.on_board(sq):
            squares[sq] = s
    order = sorted(squares, key=lambda q: (q[1], q[0]))
    dyn = _dynasties(view)
    mon_colours = _monument_colours(view)
    items: list[dict[str, Any]] = []

    def add(kind: str, sq: Square, title: str, x: float | None = None, y: float | None = None,
            owner: str | None = None, **extra: Any) -> None:
        cx, cy = centre(sq)
        items.append({"kind": kind, "area": name(sq), "owner": owner, "count": 1, "mark": None,
                      "x": round(float(x if x is not None else cx), 1),
                      "y": round(float(y if y is not None else cy), 1),
                      "title": title, **extra})

    for sq in order:
        s = squares[sq]
        where = name(sq)
        if s.get("catastrophe"):
            add("catastrophe", sq, f"catastrophe on {where}")
        elif s.get("face_down"):
            mid = s.get("monument")
            cols = mon_colours.get(mid, mid.split("-") if isinstance(mid, str) else [])
            under = f" under the {mid} monument" if mid else ""
            add("face_down", sq, f"face-down tile{under} on {where}", colours=cols)
        elif s.get("tile") in COLOURS:
            add("tile", sq, f"{s['tile']} {TILE_NAMES[s['tile']]} on {where}", colour=s["tile"])
    for m in sorted(view.get("monuments") or [], key=lambda m: str(m.get("id"))):
        sq = _sq(m.get("at"))
        if sq is None:
            continue
        x, y = corner(sq)
        cols = list(m.get("colours") or str(m.get("id")).split("-"))
        last = name((sq[0] + 1, sq[1] + 1))
        add("monument", sq, f"{m.get('id')} monument on {name(sq)}–{last}", x + S, y + S, colours=cols)
    wonder = view.get("wonder") or None
    wsq = _sq(wonder.get("at")) if isinstance(wonder, dict) else None
    if wsq is not None:
        add("wonder", wsq, f"the wonder on {name(wsq)} and the four squares around it")
    colour_of = {bd.get("id"): bd.get("colour") for bd in view.get("buildings") or []}
    for sq in order:
        bid = squares[sq].get("building")
        if bid:
            colour = colour_of.get(bid) or BUILDINGS.get(bid, "black")
            x, y = corner(sq)
            add("building", sq, f"{str(bid).replace('_', ' ')} ({colour}) on {name(sq)}",
                x + S * .25, y + S * .73, colour=colour, id=bid)
    for sq in order:
        s = squares[sq]
        if s.get("treasure"):
            x, y = corner(sq)
            special = " (special border: taken first)" if s.get("special") or sq in b.special else ""
            add("treasure", sq, f"treasure on {name(sq)}{special}", x + S * .77, y + S * .23)
    for sq in order:
        leader = squares[sq].get("leader")
        if isinstance(leader, dict) and leader.get("colour") in COLOURS:
            seat = leader.get("owner")
            who = dyn.get(seat) or (DYNASTIES[seat] if isinstance(seat, int) and 0 <= seat < 4 else "?")
            add("leader", sq, f"{who.capitalize()}'s {LEADER_NAMES[leader['colour']]} on {name(sq)}", owner=who,
                colour=leader["colour"], seat=seat)
    for sq in order:
        if squares[sq].get("unification"):
            add("unification", sq, f"unification marker on {name(sq)}")
    public = [{k: p[k] for k in ("kind", "area", "owner", "count", "mark", "x", "y", "title")} for p in items]
    # the squares of the viewer's own leaders: the map's first zoom centres on them
    own = [p["area"] for p in items if p["kind"] == "leader" and view.get("seat") is not None
           and p.get("seat") == view.get("seat")]
    return {"side": side, "view_box": view_box(b), "pieces": public, "svg": _pieces_svg(items), "own": own}


def _piece(p: dict[str, Any]) -> str:
    """One piece as SVG, centred on its (x, y)."""
    x, y, kind = p["x"], p["y"], p["kind"]
    t = S * .42  # half a tile
    box = f'x="{_n(x - t)}" y="{_n(y - t)}" width="{_n(2 * t)}" height="{_n(2 * t)}" rx="4"'
    if kind == "tile":
        fill = COLOURS[p["colour"]]
        return f'<rect {box} fill="{fill}" stroke="#111" stroke-width="1.5"/>' + tile_glyph(p["colour"], x, y, t * .55)
    if kind == "face_down":
        bars = ""
        cols = [c for c in p.get("colours") or [] if c in COLOURS][:2]
        for i, c in enumerate(cols):
            bx = x - t * .5 + i * t * .55 if len(cols) == 2 else x - t * .22
            bars += (f'<rect x="{_n(bx)}" y="{_n(y - t * .55)}" width="{_n(t * .45)}" height="{_n(t * 1.1)}" '
                     f'fill="{COLOURS[c]}" stroke="#fff" stroke-width="1"/>')
        return f'<rect {box} fill="{FACE_DOWN}" stroke="#444" stroke-width="1.5"/>{bars}'
    if kind == "catastrophe":
        k = t * .62
        cross = (f"M{_n(x - k)} {_n(y - k)}L{_n(x + k)} {_n(y + k)}M{_n(x + k)} {_n(y - k)}"
                 f"L{_n(x - k)} {_n(y + k)}")
        return (f'<rect {box} fill="#2a2420" stroke="#000" stroke-width="1.5"/>'
                f'<path d="{cross}" stroke="#b71c1c" stroke-width="{_n(t * .28)}" stroke-linecap="round"/>')
    if kind == "monument":
        a, b = ([c for c in p.get("colours") or [] if c in COLOURS] + ["black", "black"])[:2]
        tiers = [(S * .92, S * .3, a), (S * .64, S * .28, b), (S * .36, S * .26, a)]
        out, top = [], y + S * .42
        for w, h, c in tiers:
            out.append(f'<rect x="{_n(x - w / 2)}" y="{_n(top - h)}" width="{_n(w)}" height="{_n(h)}" '
                       f'fill="{COLOURS[c]}" stroke="#f5f0e0" stroke-width="2"/>')
            top -= h
        return "".join(out)
    if kind == "wonder":
        h, k = S * 1.45, S * .45
        pts = [(-k, -h), (k, -h), (k, -k), (h, -k), (h, k), (k, k), (k, h), (-k, h), (-k, k), (-h, k),
               (-h, -k), (-k, -k)]
        d = "M" + "L".join(f"{_n(x + dx)} {_n(y + dy)}" for dx, dy in pts) + "Z"
        return (f'<path d="{d}" fill="#d9b44a" stroke="#5c4400" stroke-width="2.5" stroke-linejoin="round"/>'
                + shedu_glyph(x, y, S * .8, cls="idol", fill="#5c4400"))
    if kind == "building":
        c = COLOURS.get(p.get("colour"), "#1d1d1d")
        # a crenellated tower: three merlons on a body
        w, h = S * .28, S * .32
        x0, x1, top, bot, m = x - w / 2, x + w / 2, y - h / 2, y + h / 2, w / 5
        d = (f"M{_n(x0)} {_n(bot)}L{_n(x0)} {_n(top)}L{_n(x0 + m)} {_n(top)}L{_n(x0 + m)} {_n(top + m)}"
             f"L{_n(x0 + 2 * m)} {_n(top + m)}L{_n(x0 + 2 * m)} {_n(top)}L{_n(x0 + 3 * m)} {_n(top)}"
             f"L{_n(x0 + 3 * m)} {_n(top + m)}L{_n(x0 + 4 * m)} {_n(top + m)}L{_n(x0 + 4 * m)} {_n(top)}"
             f"L{_n(x1)} {_n(top)}L{_n(x1)} {_n(bot)}Z")
        return (f'<path d="{d}" fill="none" stroke="#111" stroke-width="6" stroke-linejoin="round"/>'
                f'<path d="{d}" fill="{c}" stroke="#fff" stroke-width="2.5" stroke-linejoin="round"/>')
    if kind == "treasure":
        k = S * .15
        d = f"M{_n(x)} {_n(y - k)}L{_n(x + k)} {_n(y)}L{_n(x)} {_n(y + k)}L{_n(x - k)} {_n(y)}Z"
        return f'<path d="{d}" fill="{GOLD}" stroke="{GOLD_EDGE}" stroke-width="1.5"/>'
    if kind == "leader":
        r = S * .36
        return (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{COLOURS[p["colour"]]}" stroke="#fff" '
                f'stroke-width="2.5"/>' + dynasty_glyph(p["owner"], x, y, r))
    # unification: a dashed gold ring round the square's tile
    return (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(S * .47)}" fill="none" stroke="{GOLD}" '
            f'stroke-width="4" stroke-dasharray="7 4"/>')


def _pieces_svg(items: list[dict[str, Any]]) -> str:
    """The pieces as one SVG ``<g class="pieces">`` in the base map's coordinates."""
    parts = ['<g class="pieces">']
    for p in items:
        owner = f' data-owner="{escape(p["owner"])}"' if p["owner"] else ""
        parts.append(f'<g class="pc {p["kind"]}" data-area="{p["area"]}"{owner}>'
                     f'<title>{escape(p["title"])}</title>{_piece(p)}</g>')
    parts.append("</g>")
    return "".join(parts)


def board_pieces(view: dict) -> dict[str, Any]:
    """The pieces a seat's view shows (:func:`pieces`)."""
    return pieces(view)
