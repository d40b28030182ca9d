"""Superstition in Grand Imperial (GI-CAL-04): Happy cities are immune; a nation under a
Theocratic Leader this turn is immune; the plain count (3, Mysticism 2, Deism 1,
Enlightenment 0) is clamped to the other cities, named in GIR-39's order; a reduced city's
site loses an advance at the end of each turn until it is rebuilt ("as under Famine")."""
from __future__ import annotations

from typing import Any

from ...context import Context
from ...rules.calamities.base import effect
from ...rules.calamities.superstition import Superstition
from ..variant import KEY
from .damage import SiteDamage
from .reduce_own import PoliticalReduce
from .. import data as gi


def theocratic(g: Context, nation: str) -> bool:
    """A Theocratic Leader played this turn and still in effect (``leaders.in_effect``: one
    annulled by the Great Proselytizer is not, GI-LEADER-07; GI-LEADER-02)."""
    from ..leaders import in_effect

    leader = gi.calamity_changes()["superstition"].immune_leader
    return in_effect(g, nation, leader)


@effect(variant=KEY)
class GISuperstition(SiteDamage, PoliticalReduce, Superstition):
    """GI-CAL-04."""

    gi_rule = "GI-CAL-04"

    def count(self, g: Context, ctx: dict[str, Any]) -> int:
        if theocratic(g, ctx["victim"]):
            g.emit(f"Superstition: {g.name(ctx['victim'])} is under a Theocratic Leader and "
                   "immune (GI-CAL-04).", "calamity_immune", nation=ctx["victim"])
            return 0
        return super().count(g, ctx)
