"""Placing a civilization tile and its VP (TE-BASE-35..40).

Any empty square, farms only on rivers and the rest only on land (TE-BASE-35); never
joining three or more kingdoms (TE-BASE-36). Joining two puts the unification marker on it:
it scores nothing and wars may follow (TE-BASE-37). Joining one scores 1 of its colour for
the same-colour leader's owner there, else the king's (TE-BASE-38); joining none scores
nothing (TE-BASE-39). The monument check comes after (TE-BASE-40, ``rules/turn.py``).
"""
from __future__ import annotations

from ...contract import Event, IllegalOrder
from ..board import Square, name
from ..regions import regions_around
from ..state import TILE_NAMES, TEState
from . import buildings
from .common import emit, leader_words, on_board, score, who


def check(s: TEState, seat: int, colour: str, to: Square, regs=None) -> list[int]:
    """IllegalOrder unless ``seat`` may put a ``colour`` tile on ``to``; the kingdoms it joins."""
    if s.hands[seat][colour] < 1:
        raise IllegalOrder("TE-BASE-35", f"{who(seat)} has no {TILE_NAMES[colour]} in hand")
    on_board(s, to, "TE-BASE-35")
    if not s.empty(to):
        what = "a catastrophe" if to in s.catastrophes else "something"
        raise IllegalOrder("TE-BASE-35" if to not in s.catastrophes else "TE-BASE-43",
                           f"a tile goes only on an empty square; {name(to)} holds {what}")
    river = s.board.is_river(to)
    if colour == "blue" and not river:
        raise IllegalOrder("TE-BASE-35", f"a farm goes only on a river square; {name(to)} is land")
    if colour != "blue" and river:
        raise IllegalOrder("TE-BASE-35", f"a {TILE_NAMES[colour]} goes only on land; "
                                         f"{name(to)} is a river square")
    regs = regs or regions_around(s, to)
    ks = regs.kingdoms_around(s, to)
    if len(ks) >= 3:
        raise IllegalOrder("TE-BASE-36", f"a tile on {name(to)} would join {len(ks)} kingdoms")
    return ks


def place(s: TEState, seat: int, colour: str, to: Square, ev: list[Event]) -> bool:
    """Put the tile on ``to`` (checked) and score it; True when it unites two kingdoms."""
    regs = regions_around(s, to)
    ks = check(s, seat, colour, to, regs)
    s.hands[seat][colour] -= 1
    s.tiles[to] = colour
    text = f"{who(seat)} places a {TILE_NAMES[colour]} on {name(to)}"
    if len(ks) == 2:
        s.unification = to
        emit(ev, text + "; it unites two kingdoms (unification marker)", "tile", at=list(to))
        return True
    if len(ks) == 1:
        leaders = regs.leaders(s, ks[0])
        same = [(o, c) for _, o, c in leaders if c == colour]
        king = [(o, c) for _, o, c in leaders if c == "black"]
        got = same or king
        if got:
            o, c = got[0]
            pts = buildings.tile_points(s, regs.members[ks[0]], colour)  # TE-BLD-07
            score(s, o, colour, pts)
            text += f"; {leader_words(o, c)} scores {pts} {colour}"
    emit(ev, text, "tile", at=list(to))
    return False
