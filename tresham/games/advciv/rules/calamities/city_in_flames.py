"""City in Flames (Expansion Project 28.43; stack 4, minor, tradable; option ``ep_minor``).

CPCAL-28.432: the victim eliminates one city of his choice. CPCAL-28.433: he may instead pay
10 treasury tokens (to stock); with fewer than 10 he must eliminate a city. 28.431 is absent
from the page. CPCAL-00c: no advance modifies it (the current Expansion Project text's
Masonry / Engineering "reduce instead" does not apply; ruling EPM-1).

Decision: ``calamity_choice`` {"choices": ["pay", area, ...]} ("pay" only with 10 or more
in treasury). Forced when there is one choice only (a single city and no 10 treasury), none
when he has no city (ruling EPM-2). Site default (ruling EPM-3): pay when he can, else a
city chosen at random.
"""
from __future__ import annotations

from typing import Any

from ....contract import Decision, IllegalOrder
from ...context import Context
from ...orders import Order
from .base import CalamityEffect, effect
from .losses import CalamityChoice
from .superstition import seat

PRICE = 10  # CPCAL-28.433
PAY = "pay"


def choices(g: Context, nation: str) -> list[str]:
    """What the victim may choose: "pay" (with 10 treasury, 28.433) then each of his cities."""
    out = [PAY] if g.of(nation).treasury >= PRICE else []
    return out + g.cities_of(nation)


@effect
class CityInFlames(CalamityEffect):
    id = "city_in_flames"
    rule = "28.43"
    #: the effect in the site's own words (the help pages, 30)
    summary = ("The victim loses one city of his choice, or pays 10 treasury instead; with less than "
               "10 in treasury the city is lost.")
    accepts = ("calamity_choice",)

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        v = ctx["victim"]
        if not g.cities_of(v):
            g.emit(f"City in Flames: {g.name(v)} has no city; it has no effect.", "calamity_none",
                   nation=v, calamity=self.id)
            ctx["stage"] = "done"
            return
        ctx["stage"] = "choose"
        ch = choices(g, v)
        if len(ch) == 1:
            self._apply(g, ctx, ch[0])
        elif PAY not in ch:
            g.emit(f"City in Flames: {g.name(v)} has fewer than {PRICE} treasury tokens and must "
                   "lose a city (28.433).", "calamity", nation=v, calamity=self.id)

    def _apply(self, g: Context, ctx: dict[str, Any], choice: str) -> None:
        v = ctx["victim"]
        if choice == PAY:
            g.spend_treasury(v, PRICE)
            g.emit(f"City in Flames: {g.name(v)} pays {PRICE} treasury tokens to save his city "
                   "(28.433).", "calamity_effect", nation=v, treasury=PRICE)
        else:
            g.destroy_city(choice, "City in Flames")
        ctx["stage"] = "done"

    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        if ctx.get("stage") != "choose":
            return []
        v = ctx["victim"]
        ch = choices(g, v)
        pay = PAY in ch
        return [Decision(seat(g, v), "calamity_choice",
                         "City in Flames: choose the city you lose"
                         + (f", or pay {PRICE} treasury tokens instead" if pay else ""),
                         default=f"pay {PRICE} treasury tokens" if pay else "a city chosen at random",
                         options={"choices": ch, "price": PRICE})]

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        assert isinstance(o, CalamityChoice)
        v = ctx["victim"]
        ch = choices(g, v)
        if o.choice not in ch:
            if o.choice == PAY:
                raise IllegalOrder("28.433", f"you have {g.of(v).treasury} treasury tokens; paying "
                                   f"instead takes {PRICE}, so you must lose a city")
            raise IllegalOrder("28.432", f"{o.choice!r} is not one of your cities; choose among "
                               + ", ".join(ch))
        self._apply(g, ctx, o.choice)

    def timeout(self, g: Context, ctx: dict[str, Any], seat_: int) -> None:
        """Ruling EPM-3: the site pays when it can (the city is kept), else a random city."""
        v = ctx["victim"]
        ch = choices(g, v)
        g.emit(f"{g.name(v)} did not choose in time: "
               + ("the treasury pays." if PAY in ch else "a city is chosen at random."), "timeout")
        self._apply(g, ctx, PAY if PAY in ch else g.rng.choice(ch))

    def sample(self, g: Context, ctx: dict[str, Any], seat_: int, rng) -> Order:
        return CalamityChoice(seat_, rng.choice(choices(g, ctx["victim"])))
