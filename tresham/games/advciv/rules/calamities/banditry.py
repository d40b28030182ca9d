"""Banditry (Expansion Project 28.93; stack 9, minor, tradable; option ``ep_minor``).

28.931 The victim selects commodity cards of his choice worth, face value, at least one point
per city he owns, and gives them to the player who traded him Banditry. 28.932 Untraded, he
discards them instead; they are restacked after the acquisition of civilization cards.
CPCAL-00c: minor calamities are never modified by advances (the Expansion Project's later
Theology and Law modifiers are not applied). The choice is the :class:`~.corruption.LoseCards`
decision (``calamity_cards``). Rulings: ``docs/rulings/expansion-calamities-cards.md``.
"""
from __future__ import annotations

from typing import Any

from ...context import Context
from .base import effect, show_trader
from .corruption import LoseCards, discard_cards, face_value


@effect
class Banditry(LoseCards):
    """28.931-28.932: cards worth a point per city to the trader, or discarded."""

    id = "banditry"
    rule = "28.93"
    #: the effect in the site's own words (the help pages, 30)
    summary = ("The victim gives commodity cards worth one face point per city he owns to whoever traded "
               "him the card (discarded if nobody did).")

    def points(self, g: Context, ctx: dict[str, Any]) -> int:
        return len(g.cities_of(ctx["victim"]))  # 28.931; no advance modifies it (CPCAL-00c)

    def short_text(self, g: Context, ctx: dict[str, Any]) -> str:
        return "he gives up every commodity card he has"

    def receiver(self, g: Context, ctx: dict[str, Any]) -> str | None:
        """The trader (28.931), if still an active player; else nobody (28.932)."""
        t = ctx.get("trader")
        if t is None or t == ctx["victim"]:
            return None
        if not any(p.nation == t for p in g.active()):
            return None  # ruling: a departed trader receives nothing; the cards are discarded
        return t

    def dispose(self, g: Context, ctx: dict[str, Any], cards: list[str]) -> None:
        to = self.receiver(g, ctx)
        if to is None:
            discard_cards(g, ctx, cards, "Banditry")  # 28.932
            return
        victim = ctx["victim"]
        show_trader(g, ctx, "receives the cards (28.931)")  # SITE-SAFE-05: handed across the table
        g.of(to).hand.extend(cards)
        g.of(to).hand.sort()
        g.emit(f"Banditry: {g.name(victim)} gives {len(cards)} commodity cards worth "
               f"{face_value(g, cards)} points (face value) to {g.name(to)}.", "calamity_cards",
               nation=victim, to_nation=to, count=len(cards), points=face_value(g, cards))
        names = ", ".join(g.d.commodities[c].name for c in cards)
        g.emit(f"Banditry: {g.name(victim)} gives {names} to {g.name(to)}.", "calamity_cards_private",
               to=sorted({g.of(victim).seat, g.of(to).seat}), cards=list(cards))
