"""Grand Imperial's surplus phase: the plain surplus removal and city support check (26),
with the support of ``GIContext.support_needed`` (the Communal Well, GI-CITYADV-04; the Granary,
GI-CITYADV-02). Once every city is supported, the Grain cards that supported Granary cities
are marked for the turn (``flags["granary_grain"]``, GIR-40): only those that saved a
reduction, and from then on they pay for nothing (``civcards.usable``)."""
from __future__ import annotations

from ..context import Context
from ..phase import register
from ..rules.surplus import SurplusPhase
from .context import GRANARY_GRAIN
from .variant import KEY


def mark_granary_grain(g: Context) -> None:
    """GIR-40: each nation's Grain cards supporting Granary cities (``GIContext.grain_used``),
    the fewest that keep his cities supported, kept in his hand but held back this turn."""
    for p in g.active():
        if p.inert:
            continue
        used = g.grain_used(p.nation)  # type: ignore[attr-defined]
        if used > int(p.flags.get(GRANARY_GRAIN, 0) or 0):
            p.flags[GRANARY_GRAIN] = used
            g.emit(f"{g.name(p.nation)} supports {used} Granary "
                   f"{'city' if used == 1 else 'cities'} with "
                   f"{'a Grain card' if used == 1 else f'{used} Grain cards'}, which "
                   f"{'is' if used == 1 else 'are'} kept but may not be used this turn.",
                   "granary_grain", nation=p.nation, grain=used)


@register(variant=KEY)
class GISurplusPhase(SurplusPhase):
    """Surplus and support (26) with the city advances' support (GI-CITYADV-02, -04)."""

    def finish(self, g: Context) -> None:
        super().finish(g)
        mark_granary_grain(g)
