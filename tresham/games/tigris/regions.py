"""Regions and kingdoms by flood fill (TE-BASE-22..24).

A region is a group of tiles (face up or face down) and leaders joined edge to edge
(TE-BASE-22); catastrophe squares belong to none and break links (TE-BASE-24). A kingdom is
a region with at least one leader (TE-BASE-23). ``blocked`` squares (the unification tile
during wars, TE-BASE-52; a leader being moved) are left out of the fill.
"""
from __future__ import annotations

from dataclasses import dataclass

from .board import Square
from .state import TEState


@dataclass(slots=True)
class Regions:
    """The regions of a position: ``of[sq]`` is the region index of each occupied square,
    ``members[i]`` its squares."""

    of: dict[Square, int]
    members: list[list[Square]]
    #: whether each region is a kingdom (holds a leader)
    king: list[bool]

    def leaders(self, s: TEState, i: int) -> list[tuple[Square, int, str]]:
        return [(sq, *s.leaders[sq]) for sq in self.members[i] if sq in s.leaders]

    def is_kingdom(self, s: TEState, i: int) -> bool:
        return self.king[i]

    def around(self, s: TEState, sq: Square) -> list[int]:
        """The distinct regions next to ``sq`` (sorted)."""
        return sorted({self.of[n] for n in s.nb(sq) if n in self.of})

    def kingdoms_around(self, s: TEState, sq: Square) -> list[int]:
        of, king = self.of, self.king
        return sorted({of[n] for n in s.nb(sq) if n in of and king[of[n]]})


def occupied(s: TEState, sq: Square) -> bool:
    """``sq`` belongs to a region: a tile or a leader (or the wonder), never a catastrophe."""
    if sq in s.catastrophes:
        return False
    if sq in s.tiles or sq in s.leaders:
        return True
    w = s.wonder
    return bool(w and w.get("squares") and list(sq) in w["squares"])


def regions(s: TEState, blocked: frozenset[Square] | set[Square] = frozenset()) -> Regions:
    """Every region of ``s`` by flood fill in reading order (TE-BASE-22, TE-BASE-24)."""
    b = s.board
    cells = set(s.tiles) | set(s.leaders)
    if s.wonder and s.wonder.get("squares"):
        cells |= {(q[0], q[1]) for q in s.wonder["squares"]}
    cells -= s.catastrophes
    cells -= set(blocked)
    of: dict[Square, int] = {}
    members: list[list[Square]] = []
    king: list[bool] = []
    leaders = s.leaders
    for start in sorted(cells, key=lambda q: (q[1], q[0])):
        if start in of:
            continue
        i = len(members)
        group = [start]
        of[start] = i
        k = 0
        while k < len(group):
            for n in s.nb(group[k]):
                if n in cells and n not in of:
                    of[n] = i
                    group.append(n)
            k += 1
        members.append(sorted(group, key=lambda q: (q[1], q[0])))
        king.append(any(q in leaders for q in group))
    return Regions(of, members, king)


def kingdom_of(s: TEState, sq: Square, blocked: frozenset[Square] | set[Square] = frozenset()) -> list[Square]:
    """The squares of the region holding ``sq`` (a flood fill from it alone)."""
    b = s.board
    if not occupied(s, sq) or sq in blocked:
        return []
    seen = {sq}
    group = [sq]
    k = 0
    while k < len(group):
        for n in s.nb(group[k]):
            if n not in seen and n not in blocked and occupied(s, n):
                seen.add(n)
                group.append(n)
        k += 1
    return sorted(group, key=lambda q: (q[1], q[0]))
