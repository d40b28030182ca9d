"""Cyclone (Expansion Project 28.61; stack 6, major, non-tradable; option ``ep_major``).

28.611: the Cyclone occurs in an open sea area and hits every coastal area directly bordering
it; the open sea hitting most of the primary victim's cities is chosen, the primary victim
breaking ties (decision ``calamity_choice``; site default: chosen at random).
28.612: if no city of the primary victim borders an open sea, no effect.
28.613: the primary victim reduces three of his exposed coastal cities, every other player two
of his (decision ``calamity_cities``, all owing players at once; site default: chosen at
random); all ships in the affected coastal areas return to stock.
28.614 Masonry (-1), 28.615 Calendar (-2, may keep two ships), 28.616 Trade Empire (+1): as
data (``modifiers.py``); Advanced Civilization has none of these cards, so by default none
applies (SITE-SAFE-12). With the option ``ep_later_modifiers`` Engineering takes Calendar's
place, as the later Expansion Project text (29.6.1.5) gives Engineering the -2: two fewer
cities, and the holder keeps two of his ships in the affected areas (ruling EPC-2). Rulings:
docs/rulings/expansion-calamities-majors.md (EPC-1..3). Barbarians and pirates are never
affected (29.65).
"""
from __future__ import annotations

from typing import Any

from ....contract import Decision, IllegalOrder
from ...context import SPECIAL_OWNERS, Context
from ...orders import Order
from .base import CalamityEffect, effect
from .losses import CalamityChoice
from .modifiers import held, named
from .superstition import ChooseCities, check_cities

PRIMARY, OTHERS = 3, 2  # 28.613


def coasts(g: Context, sea: str) -> list[str]:
    """28.611: the coastal (land) areas directly bordering open sea ``sea``."""
    return sorted(a for a in g.areas[sea].water_adj if g.areas[a].is_land)


def open_seas(g: Context) -> list[str]:
    return sorted(a for a, ar in g.areas.items() if ar.is_open_sea)


def exposed(g: Context, nation: str, sea: str) -> list[str]:
    """The nation's cities in the coastal areas the Cyclone in ``sea`` hits."""
    hit = set(coasts(g, sea))
    return [a for a in g.cities_of(nation) if a in hit]


def worst_seas(g: Context, victim: str) -> tuple[int, list[str]]:
    """28.611: the open seas hitting most of the primary victim's cities, and that number."""
    counts = {s: len(exposed(g, victim, s)) for s in open_seas(g)}
    best = max(counts.values(), default=0)
    return best, [s for s, n in counts.items() if n == best]


def reductions(g: Context, nation: str, primary: bool) -> int:
    """28.613-28.616: 3 for the primary victim, 2 for the others, changed by the modifiers
    that apply (``modifiers.held``; with the later text, Engineering -2, EPC-2)."""
    n = PRIMARY if primary else OTHERS
    return max(0, n + sum(m.cities for m in held(g, nation, "cyclone")))


def ships_kept(g: Context, nation: str) -> int:
    """28.615: the ships in the hit areas a modifier lets him keep (with the later text,
    Engineering two, EPC-2); 0 by default."""
    return max((m.ships_kept for m in held(g, nation, "cyclone")), default=0)


@effect
class Cyclone(CalamityEffect):
    """28.61: see the module docstring."""

    id = "cyclone"
    rule = "28.61"
    #: the effect in the site's own words (the help pages, 30)
    summary = ("A cyclone strikes the open sea bordering most of the victim's cities (his pick on a tie): he "
               "reduces 3 of his cities on its coasts and every other player 2 of theirs; every ship on those "
               "coasts goes back to stock. With the option \"cards of the later text\", Engineering "
               "spares two cities and two ships.")
    accepts = ("calamity_choice", "choose_cities")

    # ---- flow ----------------------------------------------------------------------------
    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        victim = ctx["victim"]
        best, seas = worst_seas(g, victim)
        if best == 0:  # 28.612
            g.emit(f"Cyclone: no city of {g.name(victim)} is exposed to a cyclone; it has no "
                   "effect (28.612).", "calamity_none", nation=victim, calamity=self.id)
            ctx["stage"] = "done"
            return
        if len(seas) == 1:
            self._strike(g, ctx, seas[0])
            return
        ctx["stage"] = "sea"
        ctx["options"] = seas
        g.emit(f"Cyclone: {', '.join(g.area_name(s) for s in seas)} would each hit {best} "
               f"of {g.possessive(victim)} cities; {g.name(victim)} chooses where the cyclone "
               "strikes (28.611).", "calamity", nation=victim, calamity=self.id, seas=seas)

    def _strike(self, g: Context, ctx: dict[str, Any], sea: str) -> None:
        """28.611, 28.613: the ships in the hit areas go to stock, then the cities are owed."""
        victim = ctx["victim"]
        hit = coasts(g, sea)
        ctx["sea"] = sea
        ctx["areas"] = hit
        g.emit(f"The cyclone strikes in the {g.area_name(sea)}: it hits "
               f"{', '.join(g.area_name(a) for a in hit)} (28.611).", "cyclone", sea=sea, areas=hit)
        hitset = set(hit)
        for nation in sorted(g.s.board.ships):
            ships = [a for a in g.ships_of(nation) if a in hitset]
            if not ships:
                continue
            if nation in SPECIAL_OWNERS:
                continue
            kept = ships[:ships_kept(g, nation)]
            lost = list(ships)
            for a in kept:
                lost.remove(a)
            for a in lost:
                g.remove_ship(nation, a)
            if lost:
                g.emit(f"{g.name(nation)} loses {len(lost)} ship{'s' if len(lost) != 1 else ''} to "
                       "the cyclone (returned to stock, 28.613).", "ships_lost", nation=nation,
                       ships=len(lost))
            if kept:
                why = named(g, [m for m in held(g, nation, "cyclone") if m.ships_kept])
                g.emit(f"{g.name(nation)} keeps {len(kept)} ship{'s' if len(kept) != 1 else ''} "
                       f"thanks to {why}.", "ships_kept", nation=nation, ships=len(kept))
        owed: dict[str, int] = {}
        for p in g.active():
            if p.nation in SPECIAL_OWNERS:
                continue
            cities = exposed(g, p.nation, sea)
            if not cities:
                continue
            primary = p.nation == victim
            n = min(reductions(g, p.nation, primary), len(cities))
            if n == 0:
                g.emit(f"Cyclone: {g.name(p.nation)} reduces none of his exposed cities "
                       f"({named(g, held(g, p.nation, 'cyclone'))}).", "calamity_none", nation=p.nation,
                       calamity=self.id)
            elif n == len(cities) or p.inert:
                self._reduce(g, p.nation, cities if n == len(cities) else
                             sorted(g.rng.sample(cities, n)))
            else:
                owed[p.nation] = n
                g.emit(f"Cyclone: {g.name(p.nation)} must reduce {n} of his cities in "
                       f"{', '.join(g.area_name(a) for a in cities)} (28.613).", "calamity",
                       nation=p.nation, calamity=self.id, count=n)
        ctx["owed"] = owed
        ctx["stage"] = "cities" if owed else "done"

    def _reduce(self, g: Context, nation: str, cities: list[str]) -> None:
        for a in sorted(cities):
            g.reduce_city(a, "the Cyclone")

    def _choose_sea(self, g: Context, ctx: dict[str, Any], sea: str) -> None:
        ctx.pop("options", None)
        self._strike(g, ctx, sea)

    def _done_with(self, ctx: dict[str, Any], nation: str) -> None:
        ctx["owed"].pop(nation, None)
        if not ctx["owed"]:
            ctx["stage"] = "done"

    # ---- decisions -----------------------------------------------------------------------
    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        stage = ctx.get("stage")
        if stage == "sea":
            return [Decision(g.of(ctx["victim"]).seat, "calamity_choice",
                             "Cyclone: these open seas hit as many of your cities; choose where "
                             "the cyclone strikes", default="chosen at random",
                             options={"choices": list(ctx["options"])})]
        if stage == "cities":
            out = []
            for nation, n in sorted(ctx["owed"].items(), key=lambda kv: g.ast_rank(kv[0])):
                out.append(Decision(g.of(nation).seat, "calamity_cities",
                                    f"Cyclone: choose {n} of your cities hit by the cyclone to reduce",
                                    default="cities chosen at random",
                                    options={"count": n, "cities": exposed(g, nation, ctx["sea"])}))
            return out
        return []

    def _nation(self, g: Context, seat: int) -> str:
        return g.s.players[seat].nation

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        nation = self._nation(g, o.player)
        stage = ctx.get("stage")
        if isinstance(o, CalamityChoice):
            if stage != "sea" or nation != ctx["victim"]:
                raise IllegalOrder("28.611", "no choice of open sea is owed now")
            if o.choice not in ctx["options"]:
                raise IllegalOrder("28.611", "choose one of the open seas hitting most of your "
                                   "cities: " + ", ".join(ctx["options"]))
            self._choose_sea(g, ctx, o.choice)
            return
        assert isinstance(o, ChooseCities)
        if stage != "cities" or nation not in ctx["owed"]:
            raise IllegalOrder("28.613", "you owe no city to the Cyclone now")
        cities = exposed(g, nation, ctx["sea"])
        check_cities(g, o.cities, cities, ctx["owed"][nation], "28.613",
                     "of your cities hit by the cyclone")
        self._reduce(g, nation, o.cities)
        self._done_with(ctx, nation)

    def timeout(self, g: Context, ctx: dict[str, Any], seat: int) -> None:
        """SITE-CAL-05: the open sea and the cities are chosen at random."""
        nation = self._nation(g, seat)
        if ctx.get("stage") == "sea" and nation == ctx["victim"]:
            g.emit(f"{g.name(nation)} did not choose in time; the open sea is chosen at random.",
                   "timeout")
            self._choose_sea(g, ctx, g.rng.choice(ctx["options"]))
        elif ctx.get("stage") == "cities" and nation in ctx["owed"]:
            cities = exposed(g, nation, ctx["sea"])
            self._reduce(g, nation, sorted(g.rng.sample(cities, ctx["owed"][nation])))
            self._done_with(ctx, nation)

    def sample(self, g: Context, ctx: dict[str, Any], seat: int, rng) -> Order:
        nation = self._nation(g, seat)
        if ctx.get("stage") == "sea":
            return CalamityChoice(seat, rng.choice(ctx["options"]))
        cities = exposed(g, nation, ctx["sea"])
        return ChooseCities(seat, sorted(rng.sample(cities, ctx["owed"][nation])))
