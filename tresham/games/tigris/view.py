"""Per-seat views (docs/tigris.md "The view"; TE-BASE-77, TE-Z-09) and the words for where the
game stands (:func:`stage_words`). ``engine.view`` adds the decisions pending.

Hidden: every hand but the viewer's own, the bag's order (only its size is shown), the
VP totals (unless ``open_scoring`` or the game is over) and the collected treasures' count
is public (the treasures are taken from the board in everyone's sight). Open: the board,
the leaders off the board, the unused catastrophes, the monuments.
"""
from __future__ import annotations

from typing import Any

from .regions import READING
from .rules.common import who
from .rules.turn import decider
from .state import BUILDINGS, COLOURS, DYNASTIES, MONUMENTS, TEState, monument_colours

BUILDING_ORDER = tuple(BUILDINGS)  # red, blue, green, black (TE-BLD-02)


def points_visible(s: TEState, viewer: int | None, seat: int) -> bool:
    return s.finished or bool(s.options.get("open_scoring")) or viewer == seat


def squares(s: TEState) -> list[dict[str, Any]]:
    mon_at: dict = {}
    for m, tl in s.monuments.items():
        if tl is not None:
            c, r = tl
            for q in ((c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)):
                mon_at[q] = m
    bld_at = {q: b for b, q in s.buildings.items() if q is not None}
    wonder_sq = {(q[0], q[1]) for q in (s.wonder or {}).get("squares") or []}
    tiles, leaders, down, treasures = s.tiles, s.leaders, s.face_down, s.treasures
    cats, special, uni = s.catastrophes, s.board.special, s.unification
    occ = set(tiles) | set(leaders) | cats | wonder_sq
    tile, leader, mon, bld = tiles.get, leaders.get, mon_at.get, bld_at.get
    out = []
    for sq in READING:
        if sq not in occ:
            continue
        ld = leader(sq)
        out.append({"at": [sq[0], sq[1]], "tile": tile(sq), "face_down": sq in down,
                    "treasure": sq in treasures, "special": sq in special,
                    "catastrophe": sq in cats,
                    "leader": {"owner": ld[0], "colour": ld[1]} if ld else None,
                    "monument": mon(sq), "building": bld(sq),
                    "wonder": sq in wonder_sq, "unification": sq == uni})
    return out


def stage_words(s: TEState) -> str:
    """Where the game stands: "Turn 3, Bull", and the decision of a conflict or a monument
    when one is asked. The actions left are not in it (they are the view's ``actions_left``):
    the site names a decision by its stage, so a turn's two actions are one decision, with
    one deadline and one "your turn" mail (SITE-TIME-01)."""
    if s.finished:
        return "Game over"
    base = f"Turn {s.turn}, {who(s.active)}"
    if s.phase != "action":
        base += f", {s.phase.replace('_', ' ')}: {who(decider(s))}"
    return base


def view(s: TEState, seat: int | None, pending: list[dict]) -> dict[str, Any]:
    """What ``seat`` may see (None: a spectator); ``pending`` the decisions as JSON
    (only the viewer's own carry their options)."""
    players = []
    for p in range(s.players):
        on = {c for (o, c) in s.leaders.values() if o == p}
        players.append({"seat": p, "dynasty": DYNASTIES[p],
                        "leaders_off": [c for c in COLOURS if c not in on],
                        "catastrophes": s.catastrophes_left[p], "treasures": s.collected[p],
                        "hand_size": sum(s.hands[p].values()),
                        "points": dict(s.points[p]) if points_visible(s, seat, p) else None})
    conflict = None
    if s.conflict is not None:
        c = s.conflict
        conflict = {k: c[k] for k in ("kind", "colour", "leader", "attacker", "defender", "attacker_strength",
                                      "defender_strength", "attacker_committed", "defender_committed",
                                      "attacker_square", "defender_square")}
    b = s.board
    return {
        "game": "tigris", "board": b.side, "options": dict(s.options), "seat": seat,
        "turn": s.turn, "active": s.active, "actions_left": s.actions_left,
        "stage": stage_words(s), "finished": s.finished, "end_reason": s.end_reason,
        "phase": s.phase, "decider": decider(s),
        # the square of the tile (or the leader) whose conflicts and offers are being settled:
        # on the board for all to see, and what the offers after it (building, monument,
        # wonder) are reckoned from
        "played_at": list(s.ctx["at"]) if s.ctx and s.ctx.get("at") is not None else None,
        "squares": squares(s),
        # fixed orders (MONUMENTS; red, blue, green, black), the same after a JSON round trip
        "monuments": [{"id": m, "colours": list(monument_colours(m)),
                       "at": list(s.monuments[m]) if s.monuments[m] is not None else None}
                      for m in MONUMENTS if m in s.monuments],
        "buildings": [{"id": k, "colour": BUILDINGS[k],
                       "at": list(s.buildings[k]) if s.buildings[k] is not None else None}
                      for k in BUILDING_ORDER if k in s.buildings],
        "wonder": ({"at": s.wonder.get("at")} if s.wonder is not None else None),
        "players": players,
        "hand": dict(s.hands[seat]) if seat is not None and 0 <= seat < s.players else None,
        "bag": len(s.bag),
        "conflict": conflict,
        "pending": pending,
    }
