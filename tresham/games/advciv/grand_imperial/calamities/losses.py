"""The calamities whose change is the city advances their cities lose (GI-CAL-01, 03, 07, 09;
data GID-11, applied by ``damage.SiteDamage``): Volcanic Eruption/Earthquake, Famine (and the
Granary Grain), Flood, Epidemic."""
from __future__ import annotations

from typing import Any

from ...context import Context
from ...rules.calamities.base import effect
from ...rules.calamities.epidemic import Epidemic
from ...rules.calamities.famine import GRAIN_RELIEF, Famine
from ...rules.calamities.flood import Flood
from ...rules.calamities.volcano import VolcanoEarthquake
from ..variant import KEY
from .. import data as gi
from .damage import SiteDamage


@effect(variant=KEY)
class GIVolcanoEarthquake(SiteDamage, VolcanoEarthquake):
    """GI-CAL-01: a city destroyed by an eruption loses every advance; one destroyed or
    reduced by an earthquake flips one, then decays by ``"flip"``."""

    def loss_case(self, g: Context, ctx: dict[str, Any]) -> str | None:
        return ctx.get("kind", "volcano")


@effect(variant=KEY)
class GIFamine(SiteDamage, Famine):
    """GI-CAL-03: a removed city's site decays (``"lose"``); the Grain a Granary used for city
    support this turn (``flags["granary_grain"]``) cannot relieve the Famine."""

    def grain_useful(self, g: Context, nation: str, loss: int) -> int:
        if gi.calamity_changes()["famine"].granary_grain_mitigates:
            return super().grain_useful(g, nation, loss)
        p = g.of(nation)
        if not p.has("pottery") or loss <= 0:
            return 0
        free = p.hand.count("grain") - int(p.flags.get("granary_grain", 0))
        return max(0, min(free, -(-loss // GRAIN_RELIEF)))


@effect(variant=KEY)
class GIFlood(SiteDamage, Flood):
    """GI-CAL-07: a city lost to the Flood loses 2 advances at once, then decays (``"lose"``)."""


@effect(variant=KEY)
class GIEpidemic(SiteDamage, Epidemic):
    """GI-CAL-09: a reduced city flips 1 advance, then decays (GID-11)."""
