"""Iconoclasm and Heresy (30.81): the victim reduces his own cities (30.811-30.817), then
orders two cities of other players reduced (30.818-30.819)."""
from __future__ import annotations

from itertools import combinations
from typing import Any

from ....contract import Decision, IllegalOrder
from ...context import Context
from ...orders import Order
from .base import effect
from .superstition import ChooseCities, ReduceOwnCities, check_cities, seat

SECONDARY = 2  # 30.818


def iconoclasm_count(g: Context, nation: str) -> int:
    """Own cities reduced (30.811-30.817): 4, Law −1 (30.812, 32.811), Philosophy −1 (30.813,
    32.841), Theology −3 (30.814, 32.951), Monotheism +1 (30.815, 32.943), Roadbuilding +1
    (30.816, 32.252), cumulative (30.817), clamped to 0..cities."""
    p = g.of(nation)
    n = 4 - p.has("law") - p.has("philosophy") - 3 * p.has("theology")
    n += p.has("monotheism") + p.has("roadbuilding")
    return max(0, min(n, len(g.cities_of(nation))))


def eligible_secondaries(g: Context, ctx: dict[str, Any]) -> dict[str, int]:
    """Other players who may be named, with how many of their cities may be reduced: not the
    trader (30.818, 29.61), not a Theology holder, at most one of a Philosophy holder's (30.819)."""
    out = {}
    for p in g.active():
        n = p.nation
        if n in (ctx["victim"], ctx["trader"]) or p.inert or p.has("theology"):
            continue
        cap = min(1 if p.has("philosophy") else SECONDARY, len(g.cities_of(n)))
        if cap > 0:
            out[n] = cap
    return out


def secondary_total(caps: dict[str, int]) -> int:
    return min(SECONDARY, sum(caps.values()))


@effect
class Iconoclasm(ReduceOwnCities):
    """30.811: the primary victim chooses which of his cities are reduced; 30.818: he must
    (29.64) also name two cities of other players to be reduced."""

    id = "iconoclasm"
    rule = "30.81"
    #: the effect in the site's own words (the help pages, 30)
    summary = (f"The victim reduces 4 of his cities (fewer with Law, Philosophy or Theology, more "
               f"with Monotheism or Roadbuilding) and names {SECONDARY} cities of other "
               "players to be reduced, never the trader's.")

    def count(self, g: Context, ctx: dict[str, Any]) -> int:
        return iconoclasm_count(g, ctx["victim"])

    def _secondary_caps(self, g: Context, ctx: dict[str, Any]) -> dict[str, int]:
        """Hook: the players who may be named, each with his cap (30.818-30.819); a variant
        may narrow them."""
        return eligible_secondaries(g, ctx)

    def _nameable(self, g: Context, nation: str) -> list[str]:
        """Hook: the cities of ``nation`` that may be named (30.818: all of them)."""
        return list(g.cities_of(nation))

    def after(self, g: Context, ctx: dict[str, Any]) -> None:
        caps = self._secondary_caps(g, ctx)
        total = secondary_total(caps)
        ctx["stage"] = "secondary"
        ctx["m"] = total
        allowed = [a for n in caps for a in self._nameable(g, n)]
        if total == 0:
            g.emit("Iconoclasm and Heresy: no other player's city can be reduced.", "calamity_none")
            ctx["stage"] = "done"
        elif total == len(allowed):
            self._reduce_others(g, ctx, allowed)

    def _reduce_others(self, g: Context, ctx: dict[str, Any], cities: list[str]) -> None:
        for a in sorted(cities):
            g.reduce_city(a, "Iconoclasm and Heresy")
        ctx["stage"] = "done"

    def _allowed(self, g: Context, ctx: dict[str, Any]) -> list[str]:
        return sorted(a for n in self._secondary_caps(g, ctx) for a in self._nameable(g, n))

    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        if ctx.get("stage") != "secondary":
            return super().pending(g, ctx)
        return [Decision(seat(g, ctx["victim"]), "calamity_cities",
                         f"Iconoclasm and Heresy: choose {ctx['m']} cities of other players to reduce",
                         default="cities of the leading players, chosen at random",
                         options={"count": ctx["m"], "cities": self._allowed(g, ctx),
                                  "max_per_player": eligible_secondaries(g, ctx)})]

    def _check_secondary(self, g: Context, ctx: dict[str, Any], cities: list[str]) -> None:
        check_cities(g, cities, self._allowed(g, ctx), ctx["m"], "30.818", "cities of other players")
        caps = eligible_secondaries(g, ctx)
        for n, cap in caps.items():
            if sum(1 for a in cities if g.s.board.cities[a] == n) > cap:
                raise IllegalOrder("30.819", f"{g.name(n)} holds Philosophy and may lose only one city")

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        if ctx.get("stage") != "secondary":
            return super().handle(g, ctx, o)
        assert isinstance(o, ChooseCities)
        self._check_secondary(g, ctx, o.cities)
        self._reduce_others(g, ctx, o.cities)

    def _leader_pick(self, g: Context, ctx: dict[str, Any], rng) -> list[str]:
        """SITE-CAL-05 / SZ-20: "the winning players" by Total Public Points, cities at
        random: one city from each leader in turn, then more from the leaders if fewer
        players are eligible than cities owed (ruling CA-21)."""
        caps = dict(self._secondary_caps(g, ctx))
        left = {n: self._nameable(g, n) for n in caps}
        out: list[str] = []
        order = [n for n in g.leaders() if n in caps]
        while len(out) < ctx["m"] and any(caps[n] > 0 and left[n] for n in order):
            for n in order:
                if len(out) < ctx["m"] and caps[n] > 0 and left[n]:
                    city = rng.choice(sorted(left[n]))
                    left[n].remove(city)
                    caps[n] -= 1
                    out.append(city)
        return sorted(out)

    def timeout(self, g: Context, ctx: dict[str, Any], seat_: int) -> None:
        if ctx.get("stage") != "secondary":
            return super().timeout(g, ctx, seat_)
        self._reduce_others(g, ctx, self._leader_pick(g, ctx, g.rng))

    def sample(self, g: Context, ctx: dict[str, Any], seat_: int, rng) -> Order:
        if ctx.get("stage") != "secondary":
            return super().sample(g, ctx, seat_, rng)
        caps = eligible_secondaries(g, ctx)
        legal = [list(c) for c in combinations(self._allowed(g, ctx), ctx["m"])
                 if all(sum(1 for a in c if g.s.board.cities[a] == n) <= k for n, k in caps.items())]
        return ChooseCities(seat_, rng.choice(legal))  # uniform over the legal sets
