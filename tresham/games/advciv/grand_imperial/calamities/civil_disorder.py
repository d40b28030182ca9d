"""Civil Disorder in Grand Imperial (GI-CAL-10): instead of "all but three" (30.711), every
city below the disposition the victim's good cards ask for is reduced: with none of Law,
Democracy, Music, Drama and Poetry every city not Happy; with one, every city neither Happy
nor Satisfied; with two, only the Unhappy ones (and those in Revolt); with three, only those in
Revolt (GID-12); with all four, none. Military asks one step more (with no good card, the
Happy cities too). Roadbuilding no longer adds a city (the seed replaces the count, GIR-52).
Every city in Revolt goes to the player with the most tokens in stock (ties by A.S.T. order;
``replace_city``); the capital never does (it is reduced instead when it falls short). No
decision is asked."""
from __future__ import annotations

from typing import Any

from ...context import Context
from ...rules.calamities.base import effect
from ...rules.calamities.civil_disorder import CivilDisorder
from ..variant import KEY
from .. import data as gi
from . import political as pol

ORDER = ("revolt", "unhappy", "content", "satisfied", "happy")


def spared_from(g: Context, nation: str) -> str | None:
    """The lowest disposition that spares a city (None: none is spared), by the good cards
    held and Military (GI-CAL-10, GID-12)."""
    ch = gi.calamity_changes()["civil_disorder"]
    p = g.of(nation)
    good = sum(1 for c in ch.good_cards if p.has(c))
    return ch.spared_from(good, p.has("military"))


@effect(variant=KEY)
class GICivilDisorder(CivilDisorder):
    """GI-CAL-10: decided by the dispositions, so no city is chosen (no decision)."""

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        v = ctx["victim"]
        need = spared_from(g, v)
        floor = len(ORDER) if need is None else ORDER.index(need)
        cap = pol.capital(g, v)
        given: list[str] = []
        reduced: list[str] = []
        for a in g.cities_of(v):
            d = pol.disposition(g, a)
            if d == "revolt" and a != cap:
                given.append(a)
            elif ORDER.index(d) < floor:
                reduced.append(a)
        g.emit(f"Civil Disorder: {g.name(v)}'s cities "
               + ("are all exposed" if need is None else f"below {gi.dispositions()[need].name} are reduced")
               + f"; {len(reduced)} reduced, {len(given)} in Revolt given away (GI-CAL-10).",
               "calamity_effect", nation=v, spared_from=need, reduced=reduced, revolt=given)
        for a in reduced:
            g.reduce_city(a, "Civil Disorder")
        for a in given:
            taker = pol.most_stock(g, exclude=(v,))
            if taker is None:
                g.reduce_city(a, "Civil Disorder (nobody has a city to take it)")
            else:
                g.replace_city(a, taker, "Civil Disorder: the city in Revolt goes to the player "
                               "with most tokens in stock")
        ctx["stage"] = "done"

    def timeout(self, g: Context, ctx: dict[str, Any], seat: int) -> None:
        """Nothing is owed (no decision)."""
