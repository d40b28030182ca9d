"""Treasures (TE-BASE-72..74, TE-ADVB-03, TE-Z-10).

After each action (TE-Z-01), a kingdom holding two or more treasures and a trader gives
its treasures to the trader's owner one at a time until one is left (TE-BASE-72); those on
special-border squares go first, on both boards (TE-BASE-73, TE-Z-10). When the treasures
to take are forced they are taken at once; otherwise the owner picks (a ``treasure``
decision).
"""
from __future__ import annotations

from ...contract import Event, IllegalOrder
from ..board import Square, name
from ..regions import kingdom_of
from ..state import TEState
from .common import emit, who


def take(s: TEState, seat: int, sq: Square, ev: list[Event]) -> None:
    s.treasures.discard(sq)
    s.collected[seat] += 1
    emit(ev, f"{who(seat)} takes the treasure on {name(sq)}", "treasure", at=list(sq))


def trader_kingdoms(s: TEState) -> list[list[Square]]:
    """The kingdoms holding a trader and two treasures or more, in the order of their first
    square in reading order (the order of ``regions``), each in reading order; only these
    can give treasures (TE-BASE-72), so only they are filled."""
    if len(s.treasures) < 2:
        return []
    out: dict[Square, list[Square]] = {}
    seen: set[Square] = set()
    for sq, (_, colour) in s.leaders.items():
        if colour != "green" or sq in seen:
            continue
        members = kingdom_of(s, sq)
        seen.update(members)
        if sum(1 for q in members if q in s.treasures) >= 2:
            out[members[0]] = members
    return [out[k] for k in sorted(out, key=lambda q: (q[1], q[0]))]


def step(s: TEState, ev: list[Event]) -> dict | None:
    """Take every forced treasure; the choice owed next ({player, squares}) or None."""
    for _ in range(64):
        choice = None
        progressed = False
        for members in trader_kingdoms(s):
            tr = [q for q in members if q in s.treasures]
            if len(tr) < 2:
                continue
            traders = [s.leaders[q][0] for q in members if q in s.leaders and s.leaders[q][1] == "green"]
            if not traders:
                continue
            owner = traders[0]
            need = len(tr) - 1
            special = [q for q in tr if q in s.board.special]
            eligible = special or tr
            if len(eligible) <= need:
                for q in eligible:
                    take(s, owner, q, ev)
                progressed = True
                break
            choice = {"player": owner, "squares": [list(q) for q in eligible]}
            break
        if choice is not None:
            return choice
        if not progressed:
            return None
    raise RuntimeError("treasure collection does not settle")


def choose(s: TEState, seat: int, at: Square, opts: dict, ev: list[Event]) -> None:
    if list(at) not in opts["squares"]:
        raise IllegalOrder("TE-BASE-73" if any(tuple(q) in s.board.special for q in opts["squares"])
                           else "TE-BASE-72",
                           f"the treasure to take is one of {', '.join(name(tuple(q)) for q in opts['squares'])}, "
                           f"not {name(at)}")
    take(s, seat, at, ev)
