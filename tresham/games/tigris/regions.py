"""Regions and kingdoms by flood fill (TE-BASE-22..24).

A region is a group of tiles (face up or face down) and leaders joined edge to edge
(TE-BASE-22); catastrophe squares belong to none and break links (TE-BASE-24). A kingdom is
a region with at least one leader (TE-BASE-23). ``blocked`` squares (the unification tile
during wars, TE-BASE-52; a leader being moved) are left out of the fill.
"""
from __future__ import annotations

from dataclasses import dataclass

from .board import Square
from .state import TEState, neighbour_table


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


#: every square of the 16 x 11 grid in reading order (row, then column)
READING: tuple[Square, ...] = tuple(sorted(neighbour_table("base"), key=lambda q: (q[1], q[0])))
#: each square's place in reading order (row, then column), for sorting at C speed
_RANK: dict[Square, int] = {q: q[1] * 100 + q[0] for q in neighbour_table("base")}
_rank = _RANK.__getitem__


def regions(s: TEState, blocked: frozenset[Square] | set[Square] = frozenset()) -> Regions:
    """Every region of ``s`` by flood fill in reading order (TE-BASE-22, TE-BASE-24); each
    region's squares in reading order."""
    cells = set(s.tiles)
    cells.update(s.leaders)
    w = s.wonder
    if w and w.get("squares"):
        cells.update((q[0], q[1]) for q in w["squares"])
    if s.catastrophes:
        cells -= s.catastrophes
    if blocked:
        cells -= set(blocked)
    nbt = neighbour_table(s.options.get("board", "base"))
    of: dict[Square, int] = {}
    members: list[list[Square]] = []
    left = set(cells)
    for start in sorted(cells, key=_rank):
        if start not in left:
            continue
        left.discard(start)
        group = [start]
        for q in group:  # the list grows while it is read: a breadth-first fill
            for m in nbt[q]:
                if m in left:
                    left.discard(m)
                    group.append(m)
        i = len(members)
        for q in group:
            of[q] = i
        group.sort(key=_rank)
        members.append(group)
    leaders = s.leaders.keys()
    king = [not leaders.isdisjoint(m) for m in members]
    return Regions(of, members, king)


def kingdom_of(s: TEState, sq: Square, blocked: frozenset[Square] | set[Square] = frozenset()) -> list[Square]:
    """The squares of the region holding ``sq`` (a flood fill from it alone), in reading order."""
    if not occupied(s, sq) or sq in blocked:
        return []
    tiles, leaders, cats = s.tiles, s.leaders, s.catastrophes
    w = s.wonder
    wsq = {(q[0], q[1]) for q in w["squares"]} if w and w.get("squares") else ()
    nbt = neighbour_table(s.options.get("board", "base"))
    seen = {sq}
    group = [sq]
    for q in group:
        for n in nbt[q]:
            if n not in seen and n not in blocked and (n in tiles or n in leaders or n in wsq) \
                    and n not in cats:
                seen.add(n)
                group.append(n)
    group.sort(key=_rank)
    return group


def regions_around(s: TEState, sq: Square, blocked: frozenset[Square] | set[Square] = frozenset()) -> Regions:
    """The regions next to ``sq`` only (each filled from a neighbour), indexed in the same
    relative order as :func:`regions` (by their first square in reading order): enough for
    ``kingdoms_around(s, sq)``, ``leaders`` and ``members`` of those regions, at the cost
    of those regions alone. The same cells as :func:`occupied`."""
    nbt = neighbour_table("base")
    tiles, leaders, cats = s.tiles, s.leaders, s.catastrophes
    w = s.wonder
    wsq = {(q[0], q[1]) for q in w["squares"]} if w and w.get("squares") else ()
    groups: list[list[Square]] = []
    seen: set[Square] = set()
    for n in nbt.get(sq, ()):  # off the board: no regions (the rules refuse the square)
        if n in seen or n in blocked or n in cats or not (n in tiles or n in leaders or n in wsq):
            continue
        seen.add(n)
        g = [n]
        for q in g:
            for m in nbt[q]:
                if m not in seen and m not in blocked and m not in cats \
                        and (m in tiles or m in leaders or m in wsq):
                    seen.add(m)
                    g.append(m)
        g.sort(key=_rank)
        groups.append(g)
    groups.sort(key=lambda g: _rank(g[0]))
    of = {q: i for i, g in enumerate(groups) for q in g}
    lk = leaders.keys()
    return Regions(of, groups, [not lk.isdisjoint(g) for g in groups])
