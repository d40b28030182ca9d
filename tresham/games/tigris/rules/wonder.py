"""The wonder (TE-WON-01..07, option ``wonder``).

One wonder a game (TE-WON-07, TER-WON-1). When the tile just placed completes, after its
conflicts and after the building and monument decisions (TE-BLD-06), a plus-shaped cross of
five face-up tiles of one colour -- a centre and its four edge neighbours, the placed tile
anywhere in it (TE-WON-02) -- the active player may erect the wonder: the five tiles leave
the game and the five squares become the wonder (TE-WON-01/03). Blue crosses on the river
count like monuments' blocks (TER-WON-2). Declining is the default; the chance does not come
back (TE-BASE-64 by TE-WON-05).

The wonder is indestructible: no catastrophe on it (TE-WON-07, ``rules/catastrophe.py``),
no war removes it (it has no tile). It belongs to regions and kingdoms and links leaders and
tiles (TE-WON-04, ``regions.py``), but has no colour: it is no supporter, no temple for
leaders or revolts, and no part of a monument's block or a building's line. As with a
monument (TE-WON-05): a treasure on a replaced temple stays on the wonder and can still be
collected (TE-BASE-66, TE-WON-07); leaders left without a temple are withdrawn (TE-BASE-67);
erecting scores nothing (TE-BASE-70); a building on one of the five tiles goes back beside
the board (TE-BLD-11).

At the end of the active player's turn, after the monuments' VP and before the refills, if
his king stands in the wonder's kingdom he scores 1 VP of a colour he chooses
(``wonder_point``, TE-WON-06); the default is his weakest colour, the first of red, blue,
green, black on a tie.
"""
from __future__ import annotations

from ...contract import Event, IllegalOrder
from ..board import Square, name
from ..regions import kingdom_of
from ..state import COLOURS, TILE_NAMES, TEState, reading
from . import buildings
from .common import emit, score, who, withdraw_unsupported


def enabled(s: TEState) -> bool:
    """The game is played with the wonder (option ``wonder``, TE-WON)."""
    return bool(s.options.get("wonder"))


def cross(centre: Square) -> list[Square]:
    """The five squares of a cross around ``centre``, reading order (TE-WON-01)."""
    c, r = centre
    return [(c, r - 1), (c - 1, r), (c, r), (c + 1, r), (c, r + 1)]


def built(s: TEState) -> bool:
    """The wonder stands on the board (once a game, TER-WON-1)."""
    return bool(s.wonder and s.wonder.get("at") is not None)


def squares(s: TEState) -> set[Square]:
    """The wonder's five squares ({} before it is erected; TE-WON-03/04)."""
    return {(q[0], q[1]) for q in (s.wonder or {}).get("squares") or []}


def options(s: TEState, placed: Square) -> dict | None:
    """The ``wonder`` decision the tile on ``placed`` opens, or None: ``colour`` and
    ``centres`` (the crosses' centres that include ``placed``, reading order)."""
    if not enabled(s) or built(s):
        return None
    colour = s.tiles.get(placed)
    if colour is None or not s.face_up(placed, colour):
        return None
    centres = []
    for centre in [placed, *s.nb(placed)]:
        sq5 = cross(centre)
        if all(s.board.on_board(q) and s.face_up(q, colour) for q in sq5):
            centres.append(centre)
    if not centres:
        return None
    return {"colour": colour, "centres": [list(q) for q in sorted(centres, key=reading)]}


def erect(s: TEState, seat: int, at: Square, opts: dict, ev: list[Event]) -> None:
    """Erect the wonder on the cross centred on ``at`` (checked against ``opts``)."""
    if list(at) not in opts["centres"]:
        raise IllegalOrder("TE-WON-02", f"no cross of five {TILE_NAMES[opts['colour']]}s with the "
                                        f"tile just placed has its centre on {name(at)}; the "
                                        f"centres are {', '.join(name(tuple(q)) for q in opts['centres'])}")
    five = cross(at)
    buildings.release(s, five, ev)
    colour = opts["colour"]
    for q in five:
        del s.tiles[q]
        s.removed[colour] += 1
    s.wonder = {"at": list(at), "squares": [list(q) for q in five], "colour": colour, "by": seat}
    emit(ev, f"{who(seat)} erects the wonder on the cross of five {TILE_NAMES[colour]}s around "
             f"{name(at)}", "wonder", at=list(at))
    withdraw_unsupported(s, ev)


def order(s: TEState, o, ev: list[Event]) -> None:
    """The ``wonder`` decision's handler (``rules/turn.py``): then on to the treasures."""
    if o.at is None:
        emit(ev, f"{who(o.player)} erects no wonder", "wonder")
    else:
        erect(s, o.player, o.sq("at"), s.ctx["wonder"], ev)
    del s.ctx["wonder"]
    s.ctx["stage"] = "treasure"


def weakest(s: TEState, seat: int) -> str:
    """The seat's lowest colour, the first of red, blue, green, black on a tie."""
    pts = s.points[seat]
    return min(COLOURS, key=lambda c: pts[c])


def point_options(s: TEState) -> dict | None:
    """TE-WON-06: the ``wonder_point`` decision owed at the end of the active player's turn
    (his king in the wonder's kingdom), or None."""
    if not built(s):
        return None
    king = s.leader_square(s.active, "black")
    if king is None or king not in kingdom_of(s, tuple(s.wonder["at"])):
        return None
    return {"colours": list(COLOURS), "weakest": weakest(s, s.active)}


def open_point(s: TEState) -> bool:
    """The end-of-turn hook (``rules/turn.py``): open the ``wonder_point`` decision when one
    is owed (True), else nothing (False)."""
    opts = point_options(s)
    if opts is None:
        return False
    s.ctx["wonder_point"] = opts
    s.phase = "wonder_point"
    return True


def point(s: TEState, o, ev: list[Event]) -> None:
    """The ``wonder_point`` decision's handler: 1 VP of the chosen colour, then the refills."""
    score(s, o.player, o.colour, 1)
    emit(ev, f"the wonder gives {who(o.player)}'s king 1 {o.colour}", "score")
    del s.ctx["wonder_point"]
    s.ctx["stage"] = "refill"


def legal(s: TEState, seat: int) -> list[dict]:
    """The ``wonder`` decision's orders (decline first, then each centre) or the
    ``wonder_point`` decision's (each colour), for ``legal.legal_orders``."""
    if s.phase == "wonder":
        return ([{"type": "wonder", "player": seat, "at": None}]
                + [{"type": "wonder", "player": seat, "at": list(q)} for q in s.ctx["wonder"]["centres"]])
    return [{"type": "wonder_point", "player": seat, "colour": c} for c in COLOURS]


def violations(s: TEState) -> list[str]:
    """None without the option; with it: unbuilt (no squares) or the five squares of the
    cross around ``at``, on the board, holding no tile, leader or catastrophe."""
    if not enabled(s):
        return ["a wonder in a game without the option"] if s.wonder is not None else []
    w = s.wonder
    if not isinstance(w, dict) or "at" not in w:
        return ["the wonder's record is missing"]
    if w["at"] is None:
        return [] if not w.get("squares") else ["the wonder has squares but no centre"]
    out = []
    five = cross(tuple(w["at"]))
    if sorted(map(tuple, w["squares"])) != sorted(five):
        out.append(f"the wonder's squares {w['squares']} are not the cross around {w['at']}")
    for q in five:
        if not s.board.on_board(q):
            out.append(f"the wonder's square {q} is off the board")
        if q in s.tiles or q in s.leaders or q in s.catastrophes:
            out.append(f"the wonder's square {q} holds something else")
    return out
