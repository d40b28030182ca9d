"""Coastal Migration (Expansion Project 28.63; stack 6, minor, tradable; option ``ep_minor``).

CPCAL-28.631: the victim removes 5 unit points from coastal areas (4.24) of his choice,
areas shared with others included (only his own units go). CPCAL-28.632: with no units in
coastal areas nothing is removed; with fewer than 5 unit points there, all of them.
CPCAL-28.633: all his ships are destroyed (returned to stock, ruling EPM-5). CPCAL-00c: no
advance modifies it (the current text's Diaspora immunity does not apply).

The loss is the shared one of ``losses.py`` restricted to his coastal areas (``make_loss(...,
areas=...)``; decision ``choose_losses``; cities count 5, or 5 minus the tokens left when
reduced, 29.62; the smallest total of 5 or more, 29.63; site default random units).
"""
from __future__ import annotations

from typing import Any

from ....contract import Decision
from ...context import Context
from ...words import plural
from ...orders import Order
from . import losses as L
from .base import CalamityEffect, effect

POINTS = 5  # CPCAL-28.631


def coastal_areas(g: Context, nation: str) -> list[str]:
    """The coastal areas holding the nation's tokens or cities (4.24)."""
    mine = set(g.token_areas(nation)) | set(g.cities_of(nation))
    return sorted(a for a in mine if a in g.areas and g.areas[a].coastal)


@effect
class CoastalMigration(CalamityEffect):
    id = "coastal_migration"
    rule = "28.63"
    #: the effect in the site's own words (the help pages, 30)
    summary = ("The victim loses 5 unit points from coastal areas of his choice (all of them if he "
               "has fewer there) and all his ships.")
    accepts = ("choose_losses",)

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        v = ctx["victim"]
        ships = list(g.ships_of(v))
        for a in ships:
            g.remove_ship(v, a)
        if ships:
            g.emit(f"Coastal Migration: all {len(ships)} of {g.possessive(v)} ships are destroyed "
                   "(28.633).", "calamity_effect", nation=v, ships=len(ships))
        areas = coastal_areas(g, v)
        ctx["losses"] = {}
        if not areas:
            g.emit(f"Coastal Migration: {g.name(v)} has no units in coastal areas; nothing is "
                   "removed (28.632).", "calamity_none", nation=v, calamity=self.id)
            return
        loss = L.make_loss(g, v, POINTS, areas=areas, why="Coastal Migration", rule="28.631")
        need = L.required(g, loss)
        g.emit(f"Coastal Migration: {g.name(v)} loses {plural(need, 'unit point')} from coastal areas"
               + (" (all he has there, 28.632)." if need < POINTS else "."), "calamity_effect",
               nation=v, points=need)
        ctx["losses"][v] = loss
        L.settle(g, ctx["losses"])

    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        return L.pending(g, ctx.get("losses", {}))

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        L.handle(g, ctx["losses"], o)

    def timeout(self, g: Context, ctx: dict[str, Any], seat: int) -> None:
        """SITE-CAL-05: random units from his coastal areas."""
        L.timeout(g, ctx["losses"], seat)

    def sample(self, g: Context, ctx: dict[str, Any], seat: int, rng) -> Order:
        return L.sample(g, ctx["losses"], seat, rng)
