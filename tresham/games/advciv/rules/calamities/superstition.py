"""Superstition (30.32), and the city-choosing machinery the other "reduce N of your cities"
calamities share (Civil Disorder 30.71, Iconoclasm and Heresy 30.81, Treachery 30.22,
Piracy 30.91): the :class:`ChooseCities` order and the :class:`ReduceOwnCities` effect.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ....contract import Decision, IllegalOrder
from ...data import BARBARIANS, PIRATES
from ...context import Context
from ...orders import Order, order
from ...schema import AreaId, Many
from .base import CalamityEffect, effect


@order("choose_cities", rule="30.32")
@dataclass(slots=True)
class ChooseCities(Order):
    """Name the cities a calamity decision asks for (areas of the cities)."""

    cities: Many(AreaId) = field(default_factory=list)


def seat(g: Context, nation: str) -> int:
    return g.of(nation).seat


def reduce_value(g: Context, area: str) -> int:
    """Unit points a city is worth when reduced (29.62): 5 minus the tokens left in its place."""
    owner = g.s.board.cities[area]
    if owner in (BARBARIANS, PIRATES):
        return 5
    want = g.areas[area].limit + (1 if g.of(owner).has("agriculture") else 0)
    left = min(max(0, want - g.tokens(area, owner)), g.of(owner).stock)
    return 5 - left


def check_cities(g: Context, chosen: list[str], allowed: list[str], n: int, rule: str, what: str) -> None:
    """Validate a list of ``n`` distinct cities among ``allowed`` (before anything changes)."""
    if not isinstance(chosen, list) or not all(isinstance(a, str) for a in chosen):
        raise IllegalOrder(rule, "name the cities by their areas")
    if len(set(chosen)) != len(chosen):
        raise IllegalOrder(rule, "a city may be named only once")
    bad = [a for a in chosen if a not in allowed]
    if bad:
        raise IllegalOrder(rule, f"{', '.join(bad)} cannot be chosen: choose {what} among "
                           + ", ".join(allowed))
    if len(chosen) != n:
        raise IllegalOrder(rule, f"choose exactly {n} {what}")


def religion_level(g: Context, nation: str) -> str | None:
    """The highest Religion card that governs Superstition (30.322): not cumulative."""
    p = g.of(nation)
    for card in ("enlightenment", "deism", "mysticism"):
        if p.has(card):
            return card
    return None


class ReduceOwnCities(CalamityEffect):
    """The primary victim reduces ``count`` of his own cities of his choice (30.321, 30.711,
    30.811). ``count`` is clamped to the cities he has; when it covers all of them there is
    only one choice and it is made at once."""

    accepts = ("choose_cities",)

    def count(self, g: Context, ctx: dict[str, Any]) -> int:
        raise NotImplementedError

    def after(self, g: Context, ctx: dict[str, Any]) -> None:
        """What follows the victim's own reductions (Iconoclasm's secondary cities)."""

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        victim = ctx["victim"]
        cities = g.cities_of(victim)
        n = max(0, min(self.count(g, ctx), len(cities)))
        ctx["n"] = n
        ctx["stage"] = "own"
        name = g.d.calamities[self.id].name
        if n == 0:
            g.emit(f"{name}: no city of {g.name(victim)} is reduced.", "calamity_none",
                   nation=victim, calamity=self.id)
            self._next(g, ctx)
        elif n == len(cities):
            self._reduce(g, ctx, cities)
        else:
            g.emit(f"{name}: {g.name(victim)} must reduce {n} of his cities.", "calamity",
                   nation=victim, calamity=self.id, count=n)

    def _reduce(self, g: Context, ctx: dict[str, Any], cities: list[str]) -> None:
        name = g.d.calamities[self.id].name
        for a in cities:
            g.reduce_city(a, name)
        self._next(g, ctx)

    def _next(self, g: Context, ctx: dict[str, Any]) -> None:
        ctx["stage"] = "after"
        self.after(g, ctx)
        if ctx["stage"] == "after":
            ctx["stage"] = "done"

    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        if ctx.get("stage") != "own":
            return []
        v = ctx["victim"]
        return [Decision(seat(g, v), "calamity_cities",
                         f"{g.d.calamities[self.id].name}: choose {ctx['n']} of your cities to reduce",
                         default="cities chosen at random",
                         options={"count": ctx["n"], "cities": g.cities_of(v)})]

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        assert isinstance(o, ChooseCities)
        check_cities(g, o.cities, g.cities_of(ctx["victim"]), ctx["n"], self.rule, "of your cities")
        self._reduce(g, ctx, sorted(o.cities))

    def timeout(self, g: Context, ctx: dict[str, Any], seat_: int) -> None:
        """SITE-CAL-05: cities chosen at random."""
        self._reduce(g, ctx, sorted(g.rng.sample(g.cities_of(ctx["victim"]), ctx["n"])))

    def sample(self, g: Context, ctx: dict[str, Any], seat_: int, rng) -> Order:
        return ChooseCities(seat_, sorted(rng.sample(g.cities_of(ctx["victim"]), ctx["n"])))


@effect
class Superstition(ReduceOwnCities):
    """30.321: three of the primary victim's cities are reduced, his choice. 30.322 (32.911,
    32.921, 32.931): with Mysticism two, with Deism one, with Enlightenment none; only the
    highest Religion card held counts."""

    id = "superstition"
    rule = "30.32"
    #: the effect in the site's own words (the help pages, 30)
    summary = ("Three of the victim's cities are reduced, his pick. The best religion card he "
               "holds lowers that: 2 with Mysticism, 1 with Deism, none with Enlightenment.")

    def count(self, g: Context, ctx: dict[str, Any]) -> int:
        return {None: 3, "mysticism": 2, "deism": 1, "enlightenment": 0}[religion_level(g, ctx["victim"])]
