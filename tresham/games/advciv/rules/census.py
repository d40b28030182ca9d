"""Census (21): automatic (SITE-CENSUS-01).

Each nation counts its tokens on the board, cities and ships excluded (21.1); the count is
kept as ``player.census`` and fixes the order of ship building and movement, largest first,
ties by A.S.T. order (21.2), Military holders after all non-holders (21.1, 22.11):
see :meth:`Context.census_order`.
"""
from __future__ import annotations

from ..context import Context
from ..phase import Phase, register


def take_census(g: Context) -> None:
    """Record every nation's tokens on the board (21.1) and announce the census order (21.2)."""
    for p in g.active():
        p.census = g.tokens_on_board(p.nation)
    order = g.census_order()
    g.emit("Census: " + ", ".join(f"{g.name(p.nation)} {p.census}" for p in order) + ".",
           "census", census={p.nation: p.census for p in order}, order=[p.nation for p in order])


@register
class CensusPhase(Phase):
    """Phase 3 (18.1): no decisions."""

    name = "census"
    rule = "21"

    def start(self, g: Context) -> None:
        take_census(g)

    def complete(self, g: Context) -> bool:
        return True
