"""Squandered Wealth (Expansion Project 28.23; stack 2, minor, tradable; option ``ep_minor``).

28.231 The victim returns ten treasury tokens to stock. 28.232 With fewer than ten, all of
them. CPCAL-00c: no advance modifies it. No decision.
"""
from __future__ import annotations

from typing import Any

from ...context import Context
from .base import CalamityEffect, effect

TREASURY = 10  # 28.231


def lose_treasury(g: Context, nation: str, n: int, name: str, rule: str) -> int:
    """Return ``n`` treasury tokens to stock, or all he has if fewer (28.232, 28.343)."""
    p = g.of(nation)
    k = min(n, p.treasury)
    if k:
        g.spend_treasury(nation, k)
    short = f" (all he had; {n} owed, {rule})" if k < n else ""
    g.emit(f"{name}: {g.name(nation)} returns {k} treasury tokens to stock{short}.",
           "calamity_treasury", nation=nation, amount=k)
    return k


@effect
class SquanderedWealth(CalamityEffect):
    """28.231-28.232: ten treasury tokens to stock, or all if fewer."""

    id = "squandered_wealth"
    rule = "28.23"
    #: the effect in the site's own words (the help pages, 30)
    summary = "The victim returns 10 treasury tokens to stock, or all he has if fewer."

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        lose_treasury(g, ctx["victim"], TREASURY, "Squandered Wealth", "28.232")
