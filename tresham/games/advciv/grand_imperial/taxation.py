"""Grand Imperial taxation (GI-TURN-01, GI-LUX-06).

The plain tax (19), then each Happy city pays one more token (the seed: a Happy city "can be
taxed an extra token in the taxation phase"). GIR-27: the extra tokens are taken at once after
the plain tax, only from what the stock still holds (``Context.tax_base``), so they never cause a
revolt; a nation whose cities revolt for the plain tax pays none (GIL-6). Without dice (no city
Happy) the phase is exactly the plain one. The disposition is last turn's die (GI-LUX-08).
"""
from __future__ import annotations

from ..context import Context
from ..phase import register
from ..rules.taxation import TaxPhase, collect, taxpayers
from . import data as gi
from . import dispositions as dp
from .variant import KEY


def happy_tax(g: Context, nation: str) -> int:
    """Move one token from stock to treasury for each Happy city of ``nation``, as far as its
    tax base allows (GI-LUX-06, GIR-27); gives the tokens moved."""
    happy = dp.cities_by(g, nation, dp.HAPPY)
    extra = len(happy) * gi.dispositions()[dp.HAPPY].extra_tax
    n = g.to_treasury(nation, min(extra, g.tax_base(nation)))
    if n:
        g.emit(f"{g.name(nation)} taxes its Happy cities {n} more token{'s' if n != 1 else ''} "
               f"({', '.join(g.area_name(a) for a in happy)}; GI-LUX-06).", "tax_happy",
               nation=nation, paid=n, cities=happy)
    return n


@register(variant=KEY)
class GITaxPhase(TaxPhase):
    """Phase 1 (GI-TURN-01): the plain taxes and revolts, with the Happy cities' extra token
    taken right after the plain payment (GI-LUX-06)."""

    def _advance(self, g: Context) -> None:
        st = g.s.step
        if not st["paid"] and not self._rate_owed(g):
            for nation in taxpayers(g):  # A.S.T. order (18.1)
                collect(g, nation, st["rates"][nation])
            revolting = {rv["victim"] for rv in st["revolts"]}
            for nation in taxpayers(g):
                if nation not in revolting:
                    happy_tax(g, nation)
            st["paid"] = True
        super()._advance(g)
