"""Grand Imperial's calamity phase (GI-CAL-01..13; design section 3.13, EP-9).

The plain phase (``rules/calamities``, 29) with the variant's effects overlaid on the plain
ones (``CalamitiesPhase.effects``): one module per changed calamity, each a subclass of the
plain effect registered with ``@effect(variant=KEY)``.

* political calamities by disposition (GIR-39, ``political``): Treachery (GI-CAL-02),
  Superstition (GI-CAL-04), Civil War (GI-CAL-05), Slave Revolt (GI-CAL-06), Civil Disorder
  (GI-CAL-10), Iconoclasm and Heresy (GI-CAL-11);
* city advances lost with the cities (``damage``): Volcano/Earthquake (GI-CAL-01), Famine
  (GI-CAL-03), Flood (GI-CAL-07), Epidemic (GI-CAL-09), and the reductions of Superstition,
  Slave Revolt and Iconoclasm;
* Barbarian Hordes and City Walls (GI-CAL-08).

At its start the phase lifts last turn's Slave Revolt block (``variant_state["tax_blocked"]``):
the taxation phase it was for is past (ruling GIC-6).
"""
from __future__ import annotations

from collections.abc import Mapping

from ...phase import register
from ...rules.calamities import CalamitiesPhase
from ...rules.calamities.base import EFFECTS, VARIANT_EFFECTS, CalamityEffect
from ..variant import KEY
from . import (  # noqa: F401  (registering the variant's effects)
    barbarians, civil_disorder, civil_war, iconoclasm, losses, piracy, slave_revolt, superstition,
    treachery,
)


@register(variant=KEY)
class GICalamitiesPhase(CalamitiesPhase):
    """Phase 11 of the turn (29) with Grand Imperial's calamity changes (GI-CAL)."""

    def effects(self) -> Mapping[str, CalamityEffect]:
        """The plain effects overlaid with Grand Imperial's (EP-9)."""
        return {**EFFECTS, **VARIANT_EFFECTS.get(KEY, {})}

    def start(self, g) -> None:
        """29.1, after lifting last turn's Slave Revolt tax block (GI-CAL-06, GIC-6)."""
        if g.s.variant_state.get("tax_blocked"):
            g.s.variant_state.pop("tax_blocked")
        super().start(g)
