"""Treachery in Grand Imperial (GI-CAL-02): only the victim's Unhappy cities and cities in
Revolt may be taken by the trader (30.221) or, untraded, reduced (30.222); never the capital.
A nation with none of them is immune (S-12)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ....contract import Decision
from ...context import Context
from ...orders import Order
from ...rules.calamities.base import effect
from ...rules.calamities.superstition import ChooseCities, check_cities
from ...rules.calamities.treachery import Treachery
from ..variant import KEY
from .. import data as gi
from . import political as pol


def candidates(g: Context, victim: str) -> list[str]:
    """The victim's cities Treachery may name: Unhappy or in Revolt, not the capital."""
    allowed = gi.calamity_changes()["treachery"].only_dispositions
    cap = pol.capital(g, victim)
    return sorted(a for a in g.cities_of(victim) if pol.disposition(g, a) in allowed and a != cap)


@effect(variant=KEY)
class GITreachery(Treachery):
    """GI-CAL-02."""

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        v = ctx["victim"]
        cities = candidates(g, v)
        ctx["stage"] = "choose"
        if not cities:
            g.emit(f"Treachery has no effect: none of {g.name(v)}'s cities is Unhappy or in "
                   "Revolt (GI-CAL-02).", "calamity_none", nation=v)
            ctx["stage"] = "done"
            return
        self.show(g, ctx)  # SITE-SAFE-05
        if len(cities) == 1:
            self._apply(g, ctx, cities[0])

    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        out = super().pending(g, ctx)
        if not out:
            return out
        d = out[0]
        return [replace(d, prompt=d.prompt + " (only an Unhappy city or one in Revolt)",
                        options={"count": 1, "cities": candidates(g, ctx["victim"])})]

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        assert isinstance(o, ChooseCities)
        check_cities(g, o.cities, candidates(g, ctx["victim"]), 1, "GI-CAL-02",
                     f"one city of {g.name(ctx['victim'])} that is Unhappy or in Revolt (not the capital)")
        self._apply(g, ctx, o.cities[0])

    def timeout(self, g: Context, ctx: dict[str, Any], seat_: int) -> None:
        self._apply(g, ctx, g.rng.choice(candidates(g, ctx["victim"])))

    def sample(self, g: Context, ctx: dict[str, Any], seat_: int, rng) -> Order:
        return ChooseCities(seat_, [rng.choice(candidates(g, ctx["victim"]))])
