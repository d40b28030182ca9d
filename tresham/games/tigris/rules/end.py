"""The end of the game and final scoring (TE-BASE-75..81).

The game ends at the end of a turn with 2 or fewer treasures on the board (TE-BASE-75,
TE-Z-02, TE-Z-20), or as soon as a required draw cannot be completed (TE-BASE-76, TE-Z-04).
Each treasure is then added to its owner's lowest colour (TE-BASE-78, TE-BASE-81), a
player's score is his lowest colour (TE-BASE-79), ties broken by the next lowest and so on;
equal vectors share the place (TE-BASE-80).
"""
from __future__ import annotations

from ...contract import Event
from ..state import COLOURS, TEState
from .common import emit, who


def finish(s: TEState, reason: str, ev: list[Event]) -> None:
    s.finished = True
    s.phase = "over"
    s.end_reason = reason
    s.conflict = None
    s.ctx = None
    emit(ev, f"the game ends: {reason}", "end")
    for seat in range(s.players):
        tot = final_totals(s, seat)
        emit(ev, f"{who(seat)} scores {min(tot.values())} ("
                 + ", ".join(f"{c} {tot[c]}" for c in COLOURS) + ")", "score")


def final_totals(s: TEState, seat: int) -> dict[str, int]:
    """The colour totals with each treasure on the lowest colour, ties to the first of red,
    blue, green, black (TE-BASE-78/81)."""
    tot = dict(s.points[seat])
    for _ in range(s.collected[seat]):
        low = min(COLOURS, key=lambda c: tot[c])
        tot[low] += 1
    return tot


def score_vector(s: TEState, seat: int) -> tuple[int, ...]:
    """The sorted totals, smallest first: the score and its tie-breaks (TE-BASE-79/80)."""
    return tuple(sorted(final_totals(s, seat).values()))


def places(s: TEState) -> list[int]:
    """Place by seat, 1 = first; equal vectors share (TE-BASE-80)."""
    v = [score_vector(s, seat) for seat in range(s.players)]
    return [1 + sum(1 for w in v if w > v[seat]) for seat in range(s.players)]


def over_rule(s: TEState) -> str:
    """The rule that ended the game, for refusing orders after it: TE-BASE-76 (the bag ran
    short) or TE-BASE-75 (the treasures)."""
    return "TE-BASE-76" if "TE-BASE-76" in s.end_reason else "TE-BASE-75"


def treasure_end(s: TEState) -> bool:
    """TE-BASE-75: 2 or fewer treasures left on the board."""
    return len(s.treasures) <= 2
