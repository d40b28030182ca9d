"""Treachery (30.22): the trader takes one of the victim's cities (30.221); untraded, one of
the drawer's cities is reduced (30.222)."""
from __future__ import annotations

from typing import Any

from ....contract import Decision
from ...context import Context
from ...orders import Order
from .base import CalamityEffect, effect, show_trader
from .superstition import ChooseCities, check_cities, seat


@effect
class Treachery(CalamityEffect):
    """30.221: one city of the primary victim is replaced by a city of the player who traded
    him the card, who selects it; if the trader has no city available the victim's city is
    eliminated. 30.222: untraded, one of the victim's cities is reduced; the victim chooses
    which (Z-25) and nobody benefits."""

    id = "treachery"
    rule = "30.22"
    #: the effect in the site's own words (the help pages, 30)
    summary = ("Whoever traded the card swaps one of the victim's cities, of his choosing, for a "
               "city of his own. Drawn and kept, it simply costs the victim one city reduced.")
    accepts = ("choose_cities",)

    def chooser(self, ctx: dict[str, Any]) -> str:
        return ctx["trader"] or ctx["victim"]

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        cities = g.cities_of(ctx["victim"])
        ctx["stage"] = "choose"
        if not cities:
            g.emit(f"Treachery: {g.name(ctx['victim'])} has no city to lose.", "calamity_none")
            ctx["stage"] = "done"
            return
        self.show(g, ctx)
        if len(cities) == 1:
            self._apply(g, ctx, cities[0])

    @staticmethod
    def show(g: Context, ctx: dict[str, Any]) -> None:
        """SITE-SAFE-05: a traded Treachery that has a city to take shows its trader at the
        table (he chooses the city, and his own replaces it)."""
        show_trader(g, ctx, "takes one of his cities (30.221)")

    def _apply(self, g: Context, ctx: dict[str, Any], area: str) -> None:
        trader = ctx["trader"]
        if trader is None:
            g.reduce_city(area, "Treachery")  # 30.222
        elif g.cities_in_stock(trader) > 0:
            g.replace_city(area, trader, "Treachery")  # 30.221
        else:
            g.destroy_city(area, f"Treachery ({g.name(trader)} has no city available)")
        ctx["stage"] = "done"

    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        if ctx.get("stage") != "choose":
            return []
        trader = ctx["trader"]
        if trader is None:
            what = "reduce"
        elif g.cities_in_stock(trader) > 0:
            what = "take"
        else:  # 30.221: no city available, the chosen city is eliminated
            what = "eliminate (you have no city available to replace it)"
        return [Decision(seat(g, self.chooser(ctx)), "calamity_cities",
                         f"Treachery: choose the city of {g.name(ctx['victim'])} to {what}",
                         default="a city chosen at random",
                         options={"count": 1, "cities": g.cities_of(ctx["victim"])})]

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        assert isinstance(o, ChooseCities)
        if ctx["trader"]:
            check_cities(g, o.cities, g.cities_of(ctx["victim"]), 1, "30.221",
                         f"one city of {g.name(ctx['victim'])}")
        else:  # 30.222, Z-25: the victim names one of his own cities
            check_cities(g, o.cities, g.cities_of(ctx["victim"]), 1, "30.222", "one of your cities")
        self._apply(g, ctx, o.cities[0])

    def timeout(self, g: Context, ctx: dict[str, Any], seat_: int) -> None:
        """SITE-CAL-05: the city is chosen at random."""
        self._apply(g, ctx, g.rng.choice(g.cities_of(ctx["victim"])))

    def sample(self, g: Context, ctx: dict[str, Any], seat_: int, rng) -> Order:
        return ChooseCities(seat_, [rng.choice(g.cities_of(ctx["victim"]))])
