"""Piracy (30.91): coastal cities of the victim and of two other players become pirate cities."""
from __future__ import annotations

from itertools import combinations
from typing import Any

from ....contract import Decision, IllegalOrder
from ...data import PIRATES
from ...context import Context
from ...orders import Order
from .base import CalamityEffect, effect, show_trader
from .superstition import ChooseCities, check_cities, seat

PRIMARY = 2  # 30.911
SECONDARY = 2  # 30.912


def coastal_cities(g: Context, nation: str) -> list[str]:
    """Cities of ``nation`` in coastal areas (4.24)."""
    return [a for a in g.cities_of(nation) if g.areas[a].coastal]


def chooser_of_primary(g: Context, ctx: dict[str, Any]) -> str:
    """30.911: the trader selects the victim's cities; untraded, the player with most unit
    points in stock (Z-25, by analogy with 30.5251)."""
    return ctx["trader"] or g.most_units_in_stock() or ctx["victim"]


def secondary_candidates(g: Context, ctx: dict[str, Any], coastal=coastal_cities) -> dict[str, list[str]]:
    """Other players with coastal cities (``coastal``: the cities that may be named), the
    trader excluded (30.912, 29.61)."""
    out = {}
    for p in g.active():
        if p.nation in (ctx["victim"], ctx["trader"]) or p.inert:
            continue
        cc = coastal(g, p.nation)
        if cc:
            out[p.nation] = cc
    return out


def to_pirates(g: Context, areas: list[str]) -> None:
    """Each city becomes a pirate city (30.911; pirates use an unused nation's pieces)."""
    for a in sorted(areas):
        g.replace_city(a, PIRATES, "Piracy")


@effect
class Piracy(CalamityEffect):
    """30.911: the primary victim loses two coastal cities, selected by the trader.
    30.912: the victim then selects one coastal city each of two other players (never the
    trader), even if he himself had fewer than two coastal cities."""

    id = "piracy"
    rule = "30.91"
    #: the effect in the site's own words (the help pages, 30)
    summary = (f"{PRIMARY} of the victim's coastal cities, picked by whoever traded him the card, "
               f"turn into pirate cities, and he picks one coastal city each of {SECONDARY} "
               "other players to share that fate (never the trader's).")
    accepts = ("choose_cities",)

    def coastal(self, g: Context, nation: str) -> list[str]:
        """The cities of ``nation`` that may become pirate cities: his coastal ones (a
        variant may exclude some)."""
        return coastal_cities(g, nation)

    def secondaries(self, g: Context, ctx: dict[str, Any]) -> dict[str, list[str]]:
        return secondary_candidates(g, ctx, self.coastal)

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        cc = self.coastal(g, ctx["victim"])
        ctx["n"] = min(PRIMARY, len(cc))
        ctx["chooser"] = chooser_of_primary(g, ctx)
        ctx["stage"] = "primary"
        if ctx["n"] == len(cc):
            if not cc:
                g.emit(f"Piracy: {g.name(ctx['victim'])} has no coastal city.", "calamity_none")
            to_pirates(g, cc)
            self._secondary(g, ctx)
        elif ctx["chooser"] == ctx["trader"]:  # SITE-SAFE-05: he is seen choosing
            show_trader(g, ctx, "chooses which of his coastal cities the pirates take (30.911)")

    def _secondary(self, g: Context, ctx: dict[str, Any]) -> None:
        cand = self.secondaries(g, ctx)
        ctx["stage"] = "secondary"
        ctx["m"] = min(SECONDARY, len(cand))
        if ctx["m"] == 0:
            ctx["stage"] = "done"
        elif all(len(v) == 1 for v in cand.values()) and len(cand) == ctx["m"]:
            self._apply_secondary(g, ctx, [v[0] for v in cand.values()])

    def _apply_secondary(self, g: Context, ctx: dict[str, Any], areas: list[str]) -> None:
        to_pirates(g, areas)
        ctx["stage"] = "done"

    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        st = ctx.get("stage")
        if st == "primary":
            return [Decision(seat(g, ctx["chooser"]), "calamity_cities",
                             f"Piracy: choose {ctx['n']} coastal cities of {g.name(ctx['victim'])} "
                             "to become pirate cities", default="cities chosen at random",
                             options={"count": ctx["n"], "cities": self.coastal(g, ctx["victim"])})]
        if st == "secondary":
            cand = self.secondaries(g, ctx)
            return [Decision(seat(g, ctx["victim"]), "calamity_cities",
                             f"Piracy: choose one coastal city each of {ctx['m']} other players",
                             default="coastal cities of the leading players, chosen at random",
                             options={"count": ctx["m"], "cities": sorted(a for v in cand.values() for a in v),
                                      "max_per_player": 1})]
        return []

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        assert isinstance(o, ChooseCities)
        if ctx["stage"] == "primary":
            check_cities(g, o.cities, self.coastal(g, ctx["victim"]), ctx["n"], "30.911",
                         "coastal cities of the victim")
            to_pirates(g, o.cities)
            self._secondary(g, ctx)
            return
        cand = self.secondaries(g, ctx)
        check_cities(g, o.cities, sorted(a for v in cand.values() for a in v), ctx["m"], "30.912",
                     "coastal cities of other players (never the trader's)")
        owners = [g.s.board.cities[a] for a in o.cities]
        if len(set(owners)) != len(owners):
            raise IllegalOrder("30.912", "each secondary victim may lose only one city")
        self._apply_secondary(g, ctx, o.cities)

    def timeout(self, g: Context, ctx: dict[str, Any], seat_: int) -> None:
        """SITE-CAL-05: secondary victims are the leaders (SZ-20); cities at random."""
        if ctx["stage"] == "primary":
            to_pirates(g, g.rng.sample(self.coastal(g, ctx["victim"]), ctx["n"]))
            self._secondary(g, ctx)
            return
        cand = self.secondaries(g, ctx)
        victims = [n for n in g.leaders() if n in cand][: ctx["m"]]
        self._apply_secondary(g, ctx, [g.rng.choice(cand[n]) for n in victims])

    def sample(self, g: Context, ctx: dict[str, Any], seat_: int, rng) -> Order:
        if ctx["stage"] == "primary":
            return ChooseCities(seat_, sorted(rng.sample(self.coastal(g, ctx["victim"]), ctx["n"])))
        cand = self.secondaries(g, ctx)
        allowed = sorted(a for v in cand.values() for a in v)
        legal = [list(c) for c in combinations(allowed, ctx["m"])
                 if len({g.s.board.cities[a] for a in c}) == len(c)]
        return ChooseCities(seat_, rng.choice(legal))  # uniform over the legal sets
