"""Tempest (Expansion Project 28.34; stack 3, minor, tradable; option ``ep_minor``).

28.341 The victim returns all his ships to stock. 28.342 He also returns five treasury tokens
to stock; 28.343 with fewer than five, all of them. CPCAL-00c: no advance modifies it (the
Expansion Project's later Astronavigation, Cartography, Masonry and Engineering modifiers are
not applied). No decision. Tokens carried by ships only exist during movement, so none are lost.
"""
from __future__ import annotations

from typing import Any

from ...context import Context
from .base import CalamityEffect, effect
from .squandered_wealth import lose_treasury

TREASURY = 5  # 28.342


@effect
class Tempest(CalamityEffect):
    """28.341-28.343: every ship to stock; five treasury tokens, or all if fewer."""

    id = "tempest"
    rule = "28.34"
    #: the effect in the site's own words (the help pages, 30)
    summary = "All the victim's ships go back to stock, and he returns 5 treasury tokens, or all he has if fewer."

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        victim = ctx["victim"]
        ships = sorted(g.ships_of(victim))
        for a in ships:
            g.remove_ship(victim, a)
        g.emit(f"Tempest: {g.name(victim)} returns {len(ships)} ship{'s' if len(ships) != 1 else ''} "
               "to stock (28.341).", "calamity_ships", nation=victim, ships=ships)
        lose_treasury(g, victim, TREASURY, "Tempest", "28.343")
