"""City Riots (Expansion Project 28.53; stack 5, minor, tradable; option ``ep_minor``).

CPCAL-28.531: the victim reduces one city of his choice. CPCAL-28.532: he also returns five
treasury tokens to stock; CPCAL-28.533: with fewer than five, all of them. CPCAL-00c: no
advance modifies it (the current text's Law does not apply; ruling EPM-1).

The reduction is the shared :class:`ReduceOwnCities` (decision ``calamity_cities``, order
``choose_cities``, forced with a single city, site default a random city); the treasury is
returned after it, also when he has no city to reduce (ruling EPM-4).
"""
from __future__ import annotations

from typing import Any

from ...context import Context
from .base import effect
from .superstition import ReduceOwnCities

CITIES = 1  # CPCAL-28.531
TREASURY = 5  # CPCAL-28.532


def pay_treasury(g: Context, nation: str, n: int, name: str, rule: str) -> int:
    """Return ``n`` treasury tokens to stock, all of them if he has fewer; gives the number."""
    paid = min(n, g.of(nation).treasury)
    if paid:
        g.spend_treasury(nation, paid)
    g.emit(f"{name}: {g.name(nation)} returns {paid} treasury tokens to stock"
           + (f" (all he had, {rule})" if paid < n else "") + ".", "calamity_effect",
           nation=nation, treasury=paid)
    return paid


@effect
class CityRiots(ReduceOwnCities):
    id = "city_riots"
    rule = "28.53"
    #: the effect in the site's own words (the help pages, 30)
    summary = "The victim reduces one city of his choice and returns 5 treasury tokens, or all he has if fewer."

    def count(self, g: Context, ctx: dict[str, Any]) -> int:
        return CITIES

    def after(self, g: Context, ctx: dict[str, Any]) -> None:
        pay_treasury(g, ctx["victim"], TREASURY, "City Riots", "28.533")
