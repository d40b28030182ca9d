"""Iconoclasm and Heresy in Grand Imperial (GI-CAL-11): the plain counts (30.811-30.817);
Happy cities are not named; Unhappy and Revolt cities are named first, Satisfied last
(GIR-39); a reduced city's site flips an advance, then decays (GID-11). The two cities of
other players (30.818) are named as in the plain game."""
from __future__ import annotations

from ...rules.calamities.base import effect
from ...rules.calamities.iconoclasm import Iconoclasm
from ..variant import KEY
from .damage import SiteDamage
from .reduce_own import PoliticalReduce


@effect(variant=KEY)
class GIIconoclasm(SiteDamage, PoliticalReduce, Iconoclasm):
    """GI-CAL-11."""

    gi_rule = "GI-CAL-11"
