"""The "reduce N of your cities" calamities under GIR-39 (GI-CAL-04, GI-CAL-11, GI-CAL-13).

:class:`PoliticalReduce` is mixed in before a plain :class:`ReduceOwnCities` effect
(Superstition, Iconoclasm and Heresy): the plain count, clamped to the cities that may be
named (not the Happy ones); the choice must name every Unhappy and Revolt city before a
Content one, every Content one before a Satisfied one (``political.check_order``). When the
order leaves one choice, it is made at once.
"""
from __future__ import annotations

from typing import Any

from ....contract import Decision
from ...context import Context
from ...orders import Order
from ...rules.calamities.superstition import ChooseCities, check_cities, seat
from . import political as pol


class PoliticalReduce:
    """GIR-39 for the victim's own reductions (stage ``own`` of a ReduceOwnCities effect)."""

    id: str
    rule: str
    #: the GI item a refused choice cites
    gi_rule: str = "GI-CAL-13"

    def candidates(self, g: Context, ctx: dict[str, Any]) -> list[str]:
        """The victim's cities that may be named: not the Happy ones (GIR-39)."""
        return pol.nameable(g, g.cities_of(ctx["victim"]))

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        victim = ctx["victim"]
        cities = self.candidates(g, ctx)
        name = g.d.calamities[self.id].name
        immune = sorted(set(g.cities_of(victim)) - set(cities))
        n = max(0, min(self.count(g, ctx), len(cities)))  # type: ignore[attr-defined]
        ctx["n"] = n
        ctx["stage"] = "own"
        if immune:
            g.emit(f"{name}: {', '.join(g.area_name(a) for a in immune)} cannot be named "
                   f"(Happy, {self.gi_rule}).", "calamity_immune", nation=victim, cities=immune)
        if n == 0:
            g.emit(f"{name}: no city of {g.name(victim)} is reduced.", "calamity_none",
                   nation=victim, calamity=self.id)
            self._next(g, ctx)  # type: ignore[attr-defined]
            return
        fixed, _, r = pol.split(g, cities, n)
        if r == 0:
            self._reduce(g, ctx, fixed)  # type: ignore[attr-defined]
        else:
            g.emit(f"{name}: {g.name(victim)} must reduce {n} of his cities"
                   + (f", among them {', '.join(g.area_name(a) for a in fixed)}" if fixed else "")
                   + ".", "calamity", nation=victim, calamity=self.id, count=n)

    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        if ctx.get("stage") != "own":
            return super().pending(g, ctx)  # type: ignore[misc]
        cities = self.candidates(g, ctx)
        fixed, _, _ = pol.split(g, cities, ctx["n"])
        return [Decision(seat(g, ctx["victim"]), "calamity_cities",
                         f"{g.d.calamities[self.id].name}: choose {ctx['n']} of your cities to reduce "
                         "(Unhappy and Revolt cities first, Satisfied last; Happy ones are immune)",
                         default="cities chosen at random, in that order",
                         options={"count": ctx["n"], "cities": cities, "compulsory": fixed})]

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        if ctx.get("stage") != "own":
            return super().handle(g, ctx, o)  # type: ignore[misc]
        assert isinstance(o, ChooseCities)
        cities = self.candidates(g, ctx)
        check_cities(g, o.cities, cities, ctx["n"], self.gi_rule,
                     "of your cities that are not Happy")
        pol.check_order(g, o.cities, cities, ctx["n"], self.gi_rule)
        self._reduce(g, ctx, sorted(o.cities))  # type: ignore[attr-defined]

    def timeout(self, g: Context, ctx: dict[str, Any], seat_: int) -> None:
        if ctx.get("stage") != "own":
            return super().timeout(g, ctx, seat_)  # type: ignore[misc]
        self._reduce(g, ctx, pol.pick(g, self.candidates(g, ctx), ctx["n"], g.rng))  # type: ignore[attr-defined]

    def sample(self, g: Context, ctx: dict[str, Any], seat_: int, rng) -> Order:
        if ctx.get("stage") != "own":
            return super().sample(g, ctx, seat_, rng)  # type: ignore[misc]
        return ChooseCities(seat_, pol.pick(g, self.candidates(g, ctx), ctx["n"], rng))
