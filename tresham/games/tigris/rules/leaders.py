"""Position a leader: place, move, withdraw (TE-BASE-29..34).

A leader goes on an empty land square next to a face-up red temple (TE-BASE-29); moving is
taking it off and placing it again under the same rules, one action (TE-BASE-30); it may
never join two kingdoms (TE-BASE-32); a same-colour leader of another player in the
kingdom it ends in starts a revolt (TE-BASE-33).
"""
from __future__ import annotations

from ...contract import Event, IllegalOrder
from ..board import Square, name
from ..regions import regions_around
from ..state import LEADER_NAMES, TEState
from .common import emit, has_temple, leader_words, on_board, who
from .revolt import revolt_for


def check_place(s: TEState, seat: int, colour: str, to: Square, regs=None) -> Square | None:
    """IllegalOrder unless ``seat`` may put his ``colour`` leader on ``to``; the square it
    leaves (None when it comes from supply)."""
    on_board(s, to, "TE-BASE-29")
    cur = s.leader_square(seat, colour)
    if cur == to:
        raise IllegalOrder("TE-BASE-30", f"{leader_words(seat, colour)} already stands on {name(to)}")
    if to in s.catastrophes:
        raise IllegalOrder("TE-BASE-43", f"{name(to)} holds a catastrophe: no leader may ever stand there")
    if not s.empty(to):
        raise IllegalOrder("TE-BASE-29", f"a leader goes only on an empty square; {name(to)} is taken")
    if s.board.is_river(to):
        raise IllegalOrder("TE-BASE-29", f"a leader goes only on land; {name(to)} is a river square")
    if not has_temple(s, to):
        raise IllegalOrder("TE-BASE-29", f"a leader must stand next to a face-up temple; "
                                         f"{name(to)} has none beside it")
    if regs is None:
        regs = regions_around(s, to, {cur} if cur else frozenset())
    if len(regs.kingdoms_around(s, to)) >= 2:
        raise IllegalOrder("TE-BASE-32", f"a leader on {name(to)} would join two kingdoms")
    return cur


def place(s: TEState, seat: int, colour: str, to: Square, ev: list[Event]) -> dict | None:
    """Put the leader on ``to`` (checked); the revolt it starts (a conflict dict) or None."""
    cur = check_place(s, seat, colour, to)
    if cur is not None:
        del s.leaders[cur]
        emit(ev, f"{who(seat)} moves {leader_words(seat, colour)} from {name(cur)} to {name(to)}",
             "leader", at=list(to))
    else:
        emit(ev, f"{who(seat)} places {leader_words(seat, colour)} on {name(to)}", "leader", at=list(to))
    s.leaders[to] = (seat, colour)
    return revolt_for(s, to)


def withdraw(s: TEState, seat: int, colour: str, ev: list[Event]) -> None:
    """Return the leader to supply (TE-BASE-31)."""
    cur = s.leader_square(seat, colour)
    if cur is None:
        raise IllegalOrder("TE-BASE-31", f"{who(seat)}'s {LEADER_NAMES[colour]} is not on the board")
    del s.leaders[cur]
    emit(ev, f"{who(seat)} withdraws {leader_words(seat, colour)} from {name(cur)}", "withdraw",
         at=list(cur))
