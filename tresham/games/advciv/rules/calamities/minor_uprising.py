"""Minor Uprising (Expansion Project 28.83; stack 8, minor, tradable; option ``ep_minor``).

CPCAL-28.831: at least one unit point per city the victim owns is removed (tokens or
cities, 29.62), where he chooses; the smallest total of that many or more (29.63).
CPCAL-28.832: he may pay for them partly or wholly with treasury, two treasury tokens (to
stock) per unit point. CPCAL-00c: no advance modifies it (the current text's 1:1 payment and
Military modifiers do not apply). No city: no effect (ruling EPM-8).

Decisions: first, when he has two or more treasury tokens, ``uprising_pay`` {"points": N,
"max": most payable, "rate": 2}, answered by the order ``uprising_pay`` {"treasury": n}
(an even number, at most 2 x the points and what he holds; 0 pays nothing); then the rest
as the shared ``choose_losses`` of ``losses.py``. Site default (ruling EPM-9): nothing paid,
random units lost (SITE-CAL-05).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....contract import Decision, IllegalOrder
from ...context import Context
from ...words import plural
from ...orders import Order, order
from ...schema import Count
from . import losses as L
from .base import CalamityEffect, effect
from .superstition import seat

RATE = 2  # CPCAL-28.832: treasury tokens per unit point


@order("uprising_pay", rule="28.832")
@dataclass(slots=True)
class UprisingPay(Order):
    """Treasury tokens paid (two per unit point) towards a Minor Uprising (28.832)."""

    treasury: Count = 0


def owed(g: Context, nation: str) -> int:
    """One unit point per city owned (28.831)."""
    return len(g.cities_of(nation))


def most_payable(g: Context, nation: str, points: int) -> int:
    """Unit points he can pay for: two treasury tokens each, never more than owed (28.832)."""
    return min(points, g.of(nation).treasury // RATE)


@effect
class MinorUprising(CalamityEffect):
    id = "minor_uprising"
    rule = "28.83"
    #: the effect in the site's own words (the help pages, 30)
    summary = ("The victim loses at least one unit point per city he owns, or pays 2 treasury for "
               "each point he spares.")
    accepts = ("uprising_pay", "choose_losses")

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        v = ctx["victim"]
        n = owed(g, v)
        ctx["points"] = n
        ctx["losses"] = {}
        if n == 0:
            g.emit(f"Minor Uprising: {g.name(v)} has no city; it has no effect.", "calamity_none",
                   nation=v, calamity=self.id)
            ctx["stage"] = "done"
            return
        g.emit(f"Minor Uprising: {g.name(v)} must lose {plural(n, 'unit point')} (one per city), or pay "
               f"{RATE} treasury tokens for each.", "calamity_effect", nation=v, points=n)
        ctx["stage"] = "pay"
        if most_payable(g, v, n) == 0:
            self._pay(g, ctx, 0)

    def _pay(self, g: Context, ctx: dict[str, Any], treasury: int) -> None:
        v = ctx["victim"]
        if treasury:
            g.spend_treasury(v, treasury)
            g.emit(f"Minor Uprising: {g.name(v)} pays {treasury} treasury tokens for "
                   f"{treasury // RATE} unit points (28.832).", "calamity_effect", nation=v,
                   treasury=treasury)
        rest = ctx["points"] - treasury // RATE
        ctx["stage"] = "losses"
        if rest > 0:
            ctx["losses"][v] = L.make_loss(g, v, rest, why="Minor Uprising", rule="28.831")
            L.settle(g, ctx["losses"])

    def done(self, g: Context, ctx: dict[str, Any]) -> bool:
        st = ctx.get("stage")
        return st == "done" or (st == "losses" and not ctx["losses"])

    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        v = ctx["victim"]
        st = ctx.get("stage")
        if st == "pay":
            mx = most_payable(g, v, ctx["points"])
            return [Decision(seat(g, v), "uprising_pay",
                             f"Minor Uprising: {plural(ctx['points'], 'unit point')} to lose; pay for up to {mx} "
                             f"of them with {RATE} treasury tokens each?",
                             default="nothing paid, random units lost",
                             options={"points": ctx["points"], "max": mx, "rate": RATE})]
        if st == "losses":
            return L.pending(g, ctx["losses"])
        return []

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        v = ctx["victim"]
        if ctx.get("stage") == "pay":
            if not isinstance(o, UprisingPay):
                raise IllegalOrder("28.832", "say first what you pay from treasury (uprising_pay, "
                                   "0 for nothing)")
            mx = most_payable(g, v, ctx["points"])
            if o.treasury % RATE:
                raise IllegalOrder("28.832", f"a unit point costs {RATE} treasury tokens: pay an even number")
            if o.treasury > RATE * mx:
                raise IllegalOrder("28.832", f"you may pay at most {RATE * mx} treasury tokens "
                                   f"({plural(mx, 'unit point')})")
            self._pay(g, ctx, o.treasury)
            return
        if isinstance(o, UprisingPay):
            raise IllegalOrder("28.832", "the payment is already made; choose the units you lose")
        L.handle(g, ctx["losses"], o)

    def timeout(self, g: Context, ctx: dict[str, Any], seat_: int) -> None:
        """Ruling EPM-9: nothing paid; then random units (SITE-CAL-05)."""
        if ctx.get("stage") == "pay":
            g.emit(f"{g.name(ctx['victim'])} did not choose in time; nothing is paid from treasury.",
                   "timeout")
            self._pay(g, ctx, 0)
            return
        L.timeout(g, ctx["losses"], seat_)

    def sample(self, g: Context, ctx: dict[str, Any], seat_: int, rng) -> Order:
        if ctx.get("stage") == "pay":
            mx = most_payable(g, ctx["victim"], ctx["points"])
            return UprisingPay(seat_, RATE * rng.below(mx + 1))
        return L.sample(g, ctx["losses"], seat_, rng)
