"""Iconoclasm and Heresy in Grand Imperial (GI-CAL-11): the plain counts (30.811-30.817);
Happy cities are not named; Unhappy and Revolt cities are named first, Satisfied last
(GIR-39); a reduced city's site flips an advance, then decays (GID-11). The two cities of
other players (30.818-30.819) are named as in the plain game, but never a Happy one (GIC-13)."""
from __future__ import annotations

from typing import Any

from ...context import Context
from ...rules.calamities.base import effect
from ...rules.calamities.iconoclasm import Iconoclasm, eligible_secondaries
from ..variant import KEY
from . import political as pol
from .damage import SiteDamage
from .reduce_own import PoliticalReduce


def secondary_caps(g: Context, ctx: dict[str, Any]) -> dict[str, int]:
    """The plain secondary victims (30.818-30.819), each capped by his cities that are not
    Happy (GIR-39)."""
    out = {}
    for n, cap in eligible_secondaries(g, ctx).items():
        k = min(cap, len(pol.nameable(g, g.cities_of(n))))
        if k > 0:
            out[n] = k
    return out


@effect(variant=KEY)
class GIIconoclasm(SiteDamage, PoliticalReduce, Iconoclasm):
    """GI-CAL-11."""

    gi_rule = "GI-CAL-11"

    def _secondary_caps(self, g: Context, ctx: dict[str, Any]) -> dict[str, int]:
        return secondary_caps(g, ctx)

    def _nameable(self, g: Context, nation: str) -> list[str]:
        """GIR-39: never a Happy city."""
        return pol.nameable(g, g.cities_of(nation))
