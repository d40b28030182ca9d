"""Tyranny (Expansion Project 28.81; stack 8, major, non-tradable; option ``ep_major``).

28.811: the players sharing a land border with the primary victim (one of their units in an
area land-adjacent to, or the same as, an area holding one of his) may be the beneficiary.
28.817: if nobody shares a land border with him, no effect.
28.812: the eligible player with most unit points in stock (tokens 1, cities 5) is the
beneficiary; the victim breaks ties (decision ``calamity_choice``; site default: the first of
the tied players in A.S.T. order, the current Expansion Project tie-break, 29.8.1.2).
28.813: the beneficiary annexes twice as many of the victim's unit points as the victim has
cities, replacing tokens by his stock tokens and cities by his stock cities, from areas holding
his units or adjacent (land or water) to an area holding only his units; annexed units extend
the reach (decision ``tyranny_annex``, order :class:`Annex`; site default: units chosen at
random, one by one).
28.814 Sculpture (-5), 28.815 Monarchy, Provincial Empire (+5 each): as data
(``modifiers.py``); Advanced Civilization has none of these cards, so by default none applies
(SITE-SAFE-12; EPC-5). With the option ``ep_later_modifiers`` the later Expansion Project
text's protections that Advanced Civilization has take Sculpture's place: Military -5,
Democracy -10 (ruling EPC-4).
28.816: annexing stops when the beneficiary's stock or the points left allow no further unit;
cities are never reduced to make change, so he may gain nothing.
Rulings: docs/rulings/expansion-calamities-majors.md. Barbarians and pirates are never
affected and never benefit (29.65).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ....contract import Decision, IllegalOrder
from ...context import SPECIAL_OWNERS, Context
from ...words import plural
from ...orders import Order, order
from ...schema import AreaId, Count, Many, Mapping
from .base import CalamityEffect, effect
from .losses import CalamityChoice
from .modifiers import held, named

PER_CITY = 2  # 28.813
CITY_POINTS = 5


@order("tyranny_annex", rule="28.813")
@dataclass(slots=True)
class Annex(Order):
    """The victim's units the beneficiary of Tyranny annexes (28.813): tokens per area and
    cities by area."""

    tokens: Mapping(AreaId, Count) = field(default_factory=dict)
    cities: Many(AreaId) = field(default_factory=list)


# ---- who benefits --------------------------------------------------------------------------
def unit_areas(g: Context, nation: str) -> set[str]:
    """Areas holding the nation's tokens or city."""
    return set(g.token_areas(nation)) | set(g.cities_of(nation))


def eligible(g: Context, victim: str) -> list[str]:
    """28.811: the players sharing a land border with the victim, in A.S.T. order."""
    mine = unit_areas(g, victim)
    near = set(mine)
    for a in mine:
        near |= g.areas[a].land_adj
    out = []
    for p in g.active():
        if p.nation == victim or p.nation in SPECIAL_OWNERS or p.inert:
            continue
        if unit_areas(g, p.nation) & near:
            out.append(p.nation)
    return out


def candidates(g: Context, victim: str) -> list[str]:
    """28.812: the eligible players with most unit points in stock (A.S.T. order)."""
    elig = eligible(g, victim)
    if not elig:
        return []
    best = max(g.units_in_stock(n) for n in elig)
    return [n for n in elig if g.units_in_stock(n) == best]


def quota(g: Context, victim: str) -> int:
    """28.813-28.815: 2 x cities, changed by the modifiers that apply (``modifiers.held``;
    with the later text, Military -5 and Democracy -10, ruling EPC-4), never below 0."""
    n = PER_CITY * len(g.cities_of(victim))
    return max(0, n + sum(m.points for m in held(g, victim, "tyranny")))


# ---- the annexation, simulated on a small model of the board --------------------------------
class _Sim:
    """Who holds what where (tokens and cities), the points left and the beneficiary's stock;
    annexing only widens the reach (28.813), so any order of a valid selection works."""

    def __init__(self, g: Context, ctx: dict[str, Any]) -> None:
        self.g, self.v, self.b = g, ctx["victim"], ctx["beneficiary"]
        self.units: dict[str, dict[str, int]] = {}
        for area, m in g.s.board.tokens.items():
            self.units[area] = {o: n for o, n in m.items() if n > 0}
        self.city: dict[str, str] = dict(g.s.board.cities)
        self.left = ctx["left"]
        self.stock = g.of(self.b).stock
        self.city_stock = g.cities_in_stock(self.b)

    def owners(self, area: str) -> set[str]:
        out = set(self.units.get(area, {}))
        if area in self.city:
            out.add(self.city[area])
        return out

    def reachable(self, area: str) -> bool:
        """28.813: an area holding the beneficiary's units, or adjacent (land or water) to an
        area holding only his units."""
        if self.b in self.owners(area):
            return True
        ar = self.g.areas[area]
        return any(self.owners(x) == {self.b} for x in ar.land_adj | ar.water_adj)

    def options(self) -> list[tuple[str, str]]:
        """The units that may be annexed next: ("token", area) and ("city", area)."""
        out = []
        for area in sorted(set(self.units) | set(self.city)):
            if not self.reachable(area):
                continue
            if self.units.get(area, {}).get(self.v, 0) > 0 and self.left >= 1 and self.stock >= 1:
                out.append(("token", area))
            if (self.city.get(area) == self.v and self.left >= CITY_POINTS
                    and self.city_stock >= 1):
                out.append(("city", area))
        return out

    def take(self, kind: str, area: str) -> None:
        if kind == "token":
            m = self.units[area]
            m[self.v] -= 1
            if not m[self.v]:
                del m[self.v]
            m[self.b] = m.get(self.b, 0) + 1
            self.left -= 1
            self.stock -= 1
        else:
            self.city[area] = self.b
            self.left -= CITY_POINTS
            self.city_stock -= 1


def random_annex(g: Context, ctx: dict[str, Any], rng) -> dict[str, Any]:
    """A random legal annexation (SITE-CAL-05): unit by unit among those within reach."""
    sim = _Sim(g, ctx)
    tokens: dict[str, int] = {}
    cities: list[str] = []
    while True:
        opts = sim.options()
        if not opts:
            break
        kind, area = opts[rng.below(len(opts))]
        sim.take(kind, area)
        if kind == "token":
            tokens[area] = tokens.get(area, 0) + 1
        else:
            cities.append(area)
    return {"tokens": dict(sorted(tokens.items())), "cities": sorted(cities)}


def check_annex(g: Context, ctx: dict[str, Any], tokens: Any, cities: Any) -> None:
    """Validate an annexation (28.813, 28.816); raises IllegalOrder, changes nothing."""
    v = ctx["victim"]
    if not isinstance(tokens, dict) or not all(isinstance(k, str) and isinstance(n, int)
                                               and not isinstance(n, bool) for k, n in tokens.items()):
        raise IllegalOrder("28.813", "tokens must map areas to numbers of tokens")
    if not isinstance(cities, list) or not all(isinstance(a, str) for a in cities):
        raise IllegalOrder("28.813", "cities must be a list of areas")
    if len(set(cities)) != len(cities):
        raise IllegalOrder("28.813", "a city may be named only once")
    for a, n in tokens.items():
        if n < 0 or n > g.tokens(a, v):
            raise IllegalOrder("28.813", f"{g.name(v)} has {plural(g.tokens(a, v), 'token')} in {a}")
    for a in cities:
        if g.s.board.cities.get(a) != v:
            raise IllegalOrder("28.813", f"{g.name(v)} has no city in {a}")
    pts = sum(tokens.values()) + CITY_POINTS * len(cities)
    if pts > ctx["left"]:
        raise IllegalOrder("28.813", f"annex at most {plural(ctx['left'], 'unit point')} (tokens 1, "
                           f"cities 5); this choice has {pts}")
    b = ctx["beneficiary"]
    if sum(tokens.values()) > g.of(b).stock:
        raise IllegalOrder("28.816", f"you have only {plural(g.of(b).stock, 'token')} in stock to replace "
                           "annexed tokens")
    if len(cities) > g.cities_in_stock(b):
        raise IllegalOrder("28.816", f"you have only {plural(g.cities_in_stock(b), 'city')} in stock to "
                           "replace annexed cities")
    sim = _Sim(g, ctx)
    want = {("token", a): n for a, n in tokens.items() if n > 0}
    want.update({("city", a): 1 for a in cities})
    progress = True
    while want and progress:
        progress = False
        for (kind, a) in sorted(want):
            if sim.reachable(a):
                for _ in range(want.pop((kind, a))):
                    sim.take(kind, a)
                progress = True
    if want:
        far = sorted({a for _, a in want})
        raise IllegalOrder("28.813", "out of reach: " + ", ".join(far) + " neither holds your "
                           "units nor borders (by land or water) an area holding only yours, "
                           "even after the other annexations")
    more = sim.options()
    if more:
        raise IllegalOrder("28.813", f"you must annex as long as you can: {plural(sim.left, 'unit point')} "
                           f"are left and {', '.join(sorted({a for _, a in more}))} can still be "
                           "annexed")


# ---- the effect ----------------------------------------------------------------------------
@effect
class Tyranny(CalamityEffect):
    """28.81: see the module docstring."""

    id = "tyranny"
    rule = "28.81"
    #: the effect in the site's own words (the help pages, 30)
    summary = ("The neighbour by land with the most units in stock annexes twice as many unit points of the "
               "victim's as the victim has cities, replacing them with his own. With the option \"cards of the "
               "later text\", Military spares 5 of them and Democracy 10.")
    accepts = ("calamity_choice", "tyranny_annex")

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        victim = ctx["victim"]
        tied = candidates(g, victim)
        if not tied:  # 28.817
            g.emit(f"Tyranny: no civilisation shares a land border with {g.name(victim)}; it has "
                   "no effect (28.817).", "calamity_none", nation=victim, calamity=self.id)
            ctx["stage"] = "done"
            return
        if len(tied) == 1:
            self._beneficiary(g, ctx, tied[0])
            return
        ctx["stage"] = "beneficiary"
        ctx["options"] = tied
        g.emit(f"Tyranny: {', '.join(g.name(n) for n in tied)} have as many unit points in stock "
               f"({g.units_in_stock(tied[0])}); {g.name(victim)} chooses the beneficiary (28.812).",
               "calamity", nation=victim, calamity=self.id, tied=tied)

    def _beneficiary(self, g: Context, ctx: dict[str, Any], nation: str) -> None:
        victim = ctx["victim"]
        ctx.pop("options", None)
        ctx["beneficiary"] = nation
        n = quota(g, victim)
        ctx["left"] = n
        mods = held(g, victim, "tyranny")
        g.emit(f"Tyranny: {g.name(nation)} ({plural(g.units_in_stock(nation), 'unit point')} in stock) "
               f"is the beneficiary and annexes {n} of {g.possessive(victim)} unit points "
               f"(2 per city, 28.813" + (f"; changed by {named(g, mods)}" if mods else "")
               + ").", "tyranny", nation=nation, victim=victim, points=n)
        ctx["stage"] = "annex"
        if not _Sim(g, ctx).options():
            self._annex(g, ctx, {}, [])
        elif g.of(nation).inert:
            self._annex(g, ctx, **random_annex(g, ctx, g.rng))

    def _annex(self, g: Context, ctx: dict[str, Any], tokens: dict[str, int], cities: list[str]) -> None:
        v, b = ctx["victim"], ctx["beneficiary"]
        for a in sorted(tokens):
            n = tokens[a]
            if n <= 0:
                continue
            g.remove_tokens(v, a, n)
            g.add_tokens(b, a, n)
            g.emit(f"{g.name(b)} annexes {n} {g.name(v)} token{'s' if n != 1 else ''} in "
                   f"{g.area_name(a)} (Tyranny).", "tokens_annexed", area=a, nation=b, victim=v,
                   tokens=n)
        for a in sorted(cities):
            g.replace_city(a, b, "Tyranny")
        pts = sum(tokens.values()) + CITY_POINTS * len(cities)
        g.emit(f"Tyranny: {g.name(b)} has annexed {pts} of {g.possessive(v)} unit points"
               + (" (nothing more could be annexed, 28.816)" if pts < ctx["left"] else "") + ".",
               "annexed", nation=b, victim=v, points=pts)
        ctx["stage"] = "done"

    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        stage = ctx.get("stage")
        if stage == "beneficiary":
            return [Decision(g.of(ctx["victim"]).seat, "calamity_choice",
                             "Tyranny: these players have as many unit points in stock; choose "
                             "the beneficiary", default="the first of them in A.S.T. order",
                             options={"choices": list(ctx["options"])})]
        if stage == "annex":
            v = ctx["victim"]
            return [Decision(g.of(ctx["beneficiary"]).seat, "tyranny_annex",
                             f"Tyranny: annex up to {ctx['left']} of {g.possessive(v)} unit points "
                             "(tokens 1, cities 5) from areas holding your units or bordering an "
                             "area holding only yours; annexed areas extend your reach",
                             default="units chosen at random",
                             options={"points": ctx["left"],
                                      "tokens": {a: g.tokens(a, v) for a in g.token_areas(v)},
                                      "cities": g.cities_of(v),
                                      "stock": g.of(ctx["beneficiary"]).stock,
                                      "city_stock": g.cities_in_stock(ctx["beneficiary"])})]
        return []

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        nation = g.s.players[o.player].nation
        stage = ctx.get("stage")
        if isinstance(o, CalamityChoice):
            if stage != "beneficiary" or nation != ctx["victim"]:
                raise IllegalOrder("28.812", "no choice of beneficiary is owed now")
            if o.choice not in ctx["options"]:
                raise IllegalOrder("28.812", "choose the beneficiary among the tied players: "
                                   + ", ".join(ctx["options"]))
            self._beneficiary(g, ctx, o.choice)
            return
        assert isinstance(o, Annex)
        if stage != "annex" or nation != ctx["beneficiary"]:
            raise IllegalOrder("28.813", "you owe no annexation now")
        check_annex(g, ctx, o.tokens, o.cities)
        self._annex(g, ctx, {a: n for a, n in o.tokens.items() if n > 0}, list(o.cities))

    def timeout(self, g: Context, ctx: dict[str, Any], seat: int) -> None:
        """Site defaults: the first tied player in A.S.T. order (29.8.1.2 of the current text);
        the annexed units chosen at random (SITE-CAL-05)."""
        stage = ctx.get("stage")
        if stage == "beneficiary":
            g.emit(f"{g.name(ctx['victim'])} did not choose in time; the beneficiary is the first "
                   "of the tied players in A.S.T. order.", "timeout")
            self._beneficiary(g, ctx, ctx["options"][0])
        elif stage == "annex":
            self._annex(g, ctx, **random_annex(g, ctx, g.rng))

    def sample(self, g: Context, ctx: dict[str, Any], seat: int, rng) -> Order:
        if ctx.get("stage") == "beneficiary":
            return CalamityChoice(seat, rng.choice(ctx["options"]))
        return Annex(seat, **random_annex(g, ctx, rng))
