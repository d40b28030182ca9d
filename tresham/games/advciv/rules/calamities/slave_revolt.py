"""Slave Revolt (30.42, tradable, stack 4).

30.421: 15 of the primary victim's tokens may not support his cities; resolved at once, the
tokens count normally again afterwards (Z-19: at the phase's own support check, 29.8).
30.422: cities are reduced one at a time (26.6, the 26.3 procedure, newest first 26.32) and
the tokens each reduction puts on the board support the rest; with fewer than 15 tokens on
the board only those are affected. 30.423 (32.262, 32.931): Mining +5, Enlightenment −5;
both cancel.

The reductions run through the city support sub-machine of ``rules/support.py``
(``start_support_check(g, reason, nations, unsupporting)``): the victim chooses which cities
(order ``reduce_cities``), the site default reduces at random, new cities first (SZ-16).
"""
from __future__ import annotations

import importlib
from typing import Any

from ....contract import Decision, IllegalOrder
from ...context import Context
from ...words import plural
from ...orders import Order, Timeout
from .base import CalamityEffect, effect

BASE = 15


def unsupporting(g: Context, nation: str) -> int:
    """Tokens that may not support cities: 15, +5 Mining, −5 Enlightenment (30.421,
    30.423), never more than he has on the board (30.422)."""
    p = g.of(nation)
    n = BASE + (5 if p.has("mining") else 0) - (5 if p.has("enlightenment") else 0)
    return min(n, g.tokens_on_board(nation))


def support_rules():
    """The city support sub-machine (rules/support.py, 26.3)."""
    return importlib.import_module("tresham.games.advciv.rules.support")


@effect
class SlaveRevolt(CalamityEffect):
    id = "slave_revolt"
    rule = "30.42"
    #: the effect in the site's own words (the help pages, 30)
    summary = (f"For the rest of the calamity phase {BASE} of the victim's tokens "
               "support no city, so the cities left unsupported are reduced. Mining adds 5 "
               "tokens to that, Enlightenment takes 5 away.")
    accepts = ("reduce_cities",)

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        v = ctx["victim"]
        n = unsupporting(g, v)
        ctx["unsupporting"] = n
        g.emit(f"Slave Revolt: {n} of {g.name(v)}'s tokens cannot support cities; "
               f"{plural(g.tokens_on_board(v) - n, 'token')} "
               f"{'remains' if g.tokens_on_board(v) - n == 1 else 'remain'} for "
               f"{plural(len(g.cities_of(v)), 'city')}.",
               "calamity_effect", nation=v, tokens=n)
        ctx["support"] = support_rules().start_support_check(g, "Slave Revolt", nations=[v],
                                                        unsupporting={v: n})

    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        return support_rules().pending(g, ctx["support"])

    def done(self, g: Context, ctx: dict[str, Any]) -> bool:
        return support_rules().done(g, ctx["support"])

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        if g.player(o.player).nation != ctx["victim"]:
            raise IllegalOrder("30.422", "only the victim of the Slave Revolt reduces cities")
        support_rules().handle(g, ctx["support"], o)

    def timeout(self, g: Context, ctx: dict[str, Any], seat: int) -> None:
        """SITE-CAL-05 / SZ-16: random cities, this turn's new ones first."""
        support_rules().timeout(g, ctx["support"], seat)

    def sample(self, g: Context, ctx: dict[str, Any], seat: int, rng) -> Order:
        if g.player(seat).nation != ctx["victim"]:
            return Timeout(seat)
        return support_rules().sample(g, ctx["support"], seat, rng)
