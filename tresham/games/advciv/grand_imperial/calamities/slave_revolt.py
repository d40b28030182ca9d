"""Slave Revolt in Grand Imperial (GI-CAL-06).

With three or more cities in Revolt, or more than half of his cities Unhappy or worse
(GIR-50), the victim suffers a full Civil War instead (the GI Civil War, GI-CAL-05, with the
same victim). Otherwise the plain Slave Revolt (30.42) with 15 tokens, +5 Mining, +5 Galleons,
−5 Enlightenment; the same number is recorded in ``variant_state["tax_blocked"][victim]`` and
lowers his tax base in the next taxation phase (``tax_base``); a reduced city's site decays
("as under Famine")."""
from __future__ import annotations

from typing import Any

from ....contract import Decision
from ...context import Context
from ...orders import Order
from ...rules.calamities.base import effect
from ...rules.calamities.slave_revolt import BASE, SlaveRevolt, support_rules
from ..variant import KEY
from .. import data as gi
from . import political as pol
from .civil_war import GICivilWar
from .damage import SiteDamage

CIVIL_WAR = GICivilWar()


def becomes_civil_war(g: Context, nation: str) -> bool:
    """GI-CAL-06 (GIR-50): 3 or more cities in Revolt, or more than half Unhappy or worse."""
    rule = gi.calamity_changes()["slave_revolt"].civil_war_if
    c = pol.counts(g, nation)
    cities = len(g.cities_of(nation))
    worse = c["revolt"] + c["unhappy"]
    return c["revolt"] >= rule["revolt_cities_at_least"] or (
        bool(rule["unhappy_over_half"]) and 2 * worse > cities)


def unsupporting(g: Context, nation: str) -> int:
    """15, +5 Mining, +5 Galleons (GI-CAL-06), −5 Enlightenment (30.421, 30.423), at most
    the tokens on the board (30.422)."""
    p = g.of(nation)
    extra = gi.calamity_changes()["slave_revolt"].galleons_extra
    n = BASE + (5 if p.has("mining") else 0) + (extra if p.has("galleons") else 0) \
        - (5 if p.has("enlightenment") else 0)
    return max(0, min(n, g.tokens_on_board(nation)))


def tax_blocked(g: Context, nation: str) -> int:
    """Tokens a Slave Revolt keeps out of ``nation``'s next tax base (GI-CAL-06)."""
    return int((g.s.variant_state or {}).get("tax_blocked", {}).get(nation, 0))


def blocked_tax_base(g: Context, nation: str) -> int:
    """The tax base with the Slave Revolt's block (GI-CAL-06): the stock less the blocked
    tokens, never below 0 (``GIContext.tax_base``)."""
    return max(0, g.of(nation).stock - tax_blocked(g, nation))


@effect(variant=KEY)
class GISlaveRevolt(SiteDamage, SlaveRevolt):
    """GI-CAL-06."""

    accepts = tuple(sorted(set(SlaveRevolt.accepts) | set(GICivilWar.accepts)))

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        v = ctx["victim"]
        if becomes_civil_war(g, v):
            ctx["civil_war"] = True
            c = pol.counts(g, v)
            g.emit(f"Slave Revolt becomes a Civil War (GI-CAL-06): {g.name(v)} has {c['revolt']} "
                   f"cities in Revolt and {c['unhappy']} Unhappy of {len(g.cities_of(v))}.",
                   "calamity_effect", nation=v, revolt=c["revolt"], unhappy=c["unhappy"])
            CIVIL_WAR.begin(g, ctx)
            return
        self._step(g, ctx, lambda: self._plain_begin(g, ctx))

    def _plain_begin(self, g: Context, ctx: dict[str, Any]) -> None:
        v = ctx["victim"]
        n = unsupporting(g, v)
        ctx["unsupporting"] = n
        blocked = g.s.variant_state.setdefault("tax_blocked", {})
        blocked[v] = blocked.get(v, 0) + n
        g.emit(f"Slave Revolt: {n} of {g.name(v)}'s tokens cannot support cities; "
               f"{g.tokens_on_board(v) - n} tokens remain for {len(g.cities_of(v))} cities; "
               f"the same {n} tokens may not be taxed next turn (GI-CAL-06).",
               "calamity_effect", nation=v, tokens=n, tax_blocked=blocked[v])
        ctx["support"] = support_rules().start_support_check(g, "Slave Revolt", nations=[v],
                                                        unsupporting={v: n})

    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        return CIVIL_WAR.pending(g, ctx) if ctx.get("civil_war") else super().pending(g, ctx)

    def done(self, g: Context, ctx: dict[str, Any]) -> bool:
        return CIVIL_WAR.done(g, ctx) if ctx.get("civil_war") else super().done(g, ctx)

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        if ctx.get("civil_war"):
            return CIVIL_WAR.handle(g, ctx, o)
        return super().handle(g, ctx, o)

    def timeout(self, g: Context, ctx: dict[str, Any], seat: int) -> None:
        if ctx.get("civil_war"):
            return CIVIL_WAR.timeout(g, ctx, seat)
        return super().timeout(g, ctx, seat)

    def sample(self, g: Context, ctx: dict[str, Any], seat: int, rng) -> Order:
        if ctx.get("civil_war"):
            return CIVIL_WAR.sample(g, ctx, seat, rng)
        return super().sample(g, ctx, seat, rng)
