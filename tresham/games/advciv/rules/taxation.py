"""Taxation (19) and tax revolts (19.3).

Each player moves 2 tokens per city from stock to treasury (19.1); a Coinage holder first
chooses a rate of 1, 2 or 3 per city (19.2, SITE-TAX-02; default 2, or 1 if 2 would make
cities revolt). Players who cannot pay see cities revolt, handled after everyone else has
paid (19.31): ceil(shortfall / rate) cities revolt and only the loyal cities pay the full rate
(Z-23). The beneficiary, the player with most units in stock other than the victim (19.32,
Z-22, ties by A.S.T. order), chooses which cities revolt and replaces them with his own
(SITE-TAX-04; default random, SZ-15); if he runs out of cities the next-largest stock takes the
rest, and cities nobody can take are eliminated (19.33). Democracy holders never revolt
(19.34). Inert nations (15.61) collect no tax.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...contract import Decision, IllegalOrder
from ..context import Context
from ..words import plural
from ..orders import Order, order
from ..schema import AreaId, Count, Many
from ..phase import Phase, register, require_phase_player
from ..view import PHASE_VIEWS

RATES = (1, 2, 3)


@order("tax_rate", rule="19.2")
@dataclass(slots=True)
class TaxRate(Order):
    """A Coinage holder's tax rate per city for this turn (19.2, SITE-TAX-02)."""

    rate: Count = 2


@order("revolt", rule="19.32")
@dataclass(slots=True)
class Revolt(Order):
    """The beneficiary's choice of the victim's cities that revolt to him (19.32, SITE-TAX-04)."""

    areas: Many(AreaId) = field(default_factory=list)


def revolting(cities: int, stock: int, rate: int) -> int:
    """Number of cities that revolt: ceil((rate × cities − stock) / rate), at least 0 (19.31,
    SITE-TAX-03)."""
    short = rate * cities - stock
    return 0 if short <= 0 else -(-short // rate)


def would_revolt(g: Context, nation: str, rate: int) -> bool:
    """Whether taxing at ``rate`` leaves cities unpaid for a nation that can revolt (19.31, 19.34)."""
    p = g.of(nation)
    if p.has("democracy"):
        return False
    return revolting(len(g.cities_of(nation)), g.tax_base(nation), rate) > 0


def outcome(g: Context, nation: str, rate: int) -> tuple[int, int]:
    """(tokens paid, cities revolting) when ``nation`` taxes at ``rate`` (19.1, 19.31, 19.34)."""
    p = g.of(nation)
    cities = len(g.cities_of(nation))
    if p.has("democracy"):
        return min(rate * cities, g.tax_base(nation)), 0
    n = revolting(cities, g.tax_base(nation), rate)
    return rate * (cities - n), n


def has_rate_choice(g: Context, nation: str) -> bool:
    """Whether a Coinage holder's rate changes anything: with an empty stock (or, holding
    Democracy, a stock no larger than his number of cities) every rate has the same result,
    so he is not asked (the only choice is taken at once)."""
    return len({outcome(g, nation, r) for r in RATES}) > 1


def taxpayers(g: Context) -> list[str]:
    """Nations with cities that pay tax this turn, in A.S.T. order (19.1, 15.61)."""
    return [p.nation for p in g.active() if not p.inert and g.cities_of(p.nation)]


def collect(g: Context, nation: str, rate: int) -> None:
    """Pay ``rate`` per city from stock into treasury (19.1); queue the revolt of the unpaid
    cities (19.31), or leave the shortfall unpaid for a Democracy holder (19.34)."""
    p = g.of(nation)
    cities = len(g.cities_of(nation))
    n_revolt = revolting(cities, g.tax_base(nation), rate)
    if n_revolt and p.has("democracy"):
        paid = g.to_treasury(nation, min(rate * cities, g.tax_base(nation)))
        g.emit(f"{g.name(nation)} pays {plural(paid, 'token')} in tax; Democracy keeps its cities loyal "
               f"although {rate * cities - paid} go unpaid.", "tax", nation=nation, paid=paid)
        return
    loyal = cities - n_revolt
    paid = g.to_treasury(nation, rate * loyal)
    g.emit(f"{g.name(nation)} pays {plural(paid, 'token')} in tax ({rate} per city for {loyal} "
           f"{'city' if loyal == 1 else 'cities'}).",
           "tax", nation=nation, paid=paid, rate=rate)
    if n_revolt:
        g.s.step["revolts"].append({"victim": nation, "left": n_revolt, "tried": []})
        g.emit(f"{g.name(nation)} cannot pay for {n_revolt} of its cities: they will revolt.",
               "tax_revolt_due", nation=nation, cities=n_revolt)


@register
class TaxPhase(Phase):
    """Phase 1 (18.1): taxes, then revolts."""

    name = "tax"
    rule = "19"
    accepts = ("tax_rate", "revolt")

    def start(self, g: Context) -> None:
        """Non-Coinage players pay at once (SITE-TAX-01); Coinage holders are asked a rate."""
        g.s.step = {"rates": {}, "revolts": [], "chooser": None, "paid": False}
        for nation in taxpayers(g):
            if not g.of(nation).has("coinage"):
                g.s.step["rates"][nation] = 2
            elif not has_rate_choice(g, nation):  # every rate gives the same result
                g.s.step["rates"][nation] = 2
        self._advance(g)

    # ---- decisions -----------------------------------------------------
    def _rate_owed(self, g: Context) -> list[str]:
        return [n for n in taxpayers(g) if n not in g.s.step["rates"]]

    def pending(self, g: Context) -> list[Decision]:
        st = g.s.step
        if not st["paid"]:
            return [Decision(g.of(n).seat, "tax_rate", "Choose your tax rate per city (Coinage): 1, 2 or 3",
                             default="2 per city, or 1 if 2 would make cities revolt",
                             options={"rates": list(RATES), "cities": len(g.cities_of(n)),
                                      "stock": g.of(n).stock})
                    for n in self._rate_owed(g)]
        ch = st["chooser"]
        if ch is None:
            return []
        rv = st["revolts"][0]
        return [Decision(g.of(ch).seat, "revolt",
                         f"Choose {self._count(g)} of {g.name(rv['victim'])}'s cities that revolt to you",
                         default="random cities", options={"victim": rv["victim"], "count": self._count(g),
                                                           "cities": g.cities_of(rv["victim"])})]

    def complete(self, g: Context) -> bool:
        return g.s.step["paid"] and g.s.step["chooser"] is None

    def _count(self, g: Context) -> int:
        """How many cities the current beneficiary takes (19.32)."""
        rv = g.s.step["revolts"][0]
        return min(rv["left"], g.cities_in_stock(g.s.step["chooser"]), len(g.cities_of(rv["victim"])))

    # ---- orders --------------------------------------------------------
    def handle(self, g: Context, o: Order) -> None:
        require_phase_player(g, o, "19")
        nation = g.player(o.player).nation
        st = g.s.step
        if isinstance(o, TaxRate):
            if nation not in self._rate_owed(g) or st["paid"]:
                raise IllegalOrder("19.2", "you have no tax rate to choose now"
                                   + ("" if g.of(nation).has("coinage") else " (only Coinage lets you choose)"))
            if isinstance(o.rate, bool) or o.rate not in RATES:
                raise IllegalOrder("19.2", "the tax rate must be 1, 2 or 3 tokens per city")
            st["rates"][nation] = o.rate
            # Rates are chosen at the same time: told only to the chooser until all are in
            # (the payment then shows it to everyone).
            g.emit(f"{g.name(nation)} sets its tax rate to {o.rate} per city (Coinage).",
                   "tax_rate", to=[o.player], nation=nation, rate=o.rate)
        else:
            assert isinstance(o, Revolt)
            if st["chooser"] != nation:
                raise IllegalOrder("19.32", "you are not the beneficiary of a tax revolt now")
            if not isinstance(o.areas, list) or not all(isinstance(a, str) for a in o.areas):
                raise IllegalOrder("19.32", "give the revolting cities as a list of areas")
            self._validate_revolt(g, list(o.areas))
            self._take(g, list(o.areas))
        self._advance(g)

    def _validate_revolt(self, g: Context, areas: list[str]) -> None:
        rv = g.s.step["revolts"][0]
        n = self._count(g)
        own = set(g.cities_of(rv["victim"]))
        if len(areas) != n or len(set(areas)) != n:
            raise IllegalOrder("19.32", f"choose exactly {n} different cities of {g.name(rv['victim'])}")
        bad = [a for a in areas if a not in own]
        if bad:
            raise IllegalOrder("19.32", f"{', '.join(map(str, bad))} is not a city of {g.name(rv['victim'])}")

    def timeout(self, g: Context, seat: int) -> None:
        """SITE-TAX-02: rate 2, or 1 if 2 would cause a revolt; SITE-TAX-06/SZ-15: random cities."""
        nation = g.player(seat).nation
        st = g.s.step
        if not st["paid"]:
            rate = 1 if would_revolt(g, nation, 2) else 2
            st["rates"][nation] = rate
            g.emit(f"{g.name(nation)} did not choose a tax rate in time: {rate} per city.", "timeout",
                   nation=nation, rate=rate)
        else:
            areas = g.rng.sample(g.cities_of(st["revolts"][0]["victim"]), self._count(g))
            g.emit(f"{g.name(nation)} did not choose the revolting cities in time; they are chosen at random.",
                   "timeout", nation=nation)
            self._take(g, areas)
        self._advance(g)

    def sample(self, g: Context, seat: int, rng) -> Order:
        """A random legal rate or choice of revolting cities."""
        if not g.s.step["paid"]:
            return TaxRate(seat, rng.choice(list(RATES)))
        cities = g.cities_of(g.s.step["revolts"][0]["victim"])
        return Revolt(seat, sorted(rng.sample(cities, self._count(g))))

    # ---- resolution ----------------------------------------------------
    def _take(self, g: Context, areas: list[str]) -> None:
        """The beneficiary replaces the chosen cities with his own (19.32); no tax is paid."""
        st = g.s.step
        rv = st["revolts"][0]
        ch = st["chooser"]
        for a in sorted(areas):
            g.replace_city(a, ch, "tax revolt")
        rv["left"] -= len(areas)
        rv["tried"].append(ch)
        st["chooser"] = None

    def _advance(self, g: Context) -> None:
        """Pay once every rate is known; then resolve revolts one victim at a time, asking
        each beneficiary in turn and taking the only legal choice automatically."""
        st = g.s.step
        if not st["paid"]:
            if self._rate_owed(g):
                return
            for nation in taxpayers(g):  # A.S.T. order (18.1)
                collect(g, nation, st["rates"][nation])
            st["paid"] = True
        while st["chooser"] is None and st["revolts"]:
            rv = st["revolts"][0]
            victim = rv["victim"]
            if rv["left"] <= 0 or not g.cities_of(victim):
                st["revolts"].pop(0)
                continue
            ben = self._next_beneficiary(g, victim, rv["tried"])
            if ben is None:
                self._eliminate(g, victim, rv["left"])
                st["revolts"].pop(0)
                continue
            st["chooser"] = ben
            if self._count(g) == len(g.cities_of(victim)):
                self._take(g, g.cities_of(victim))  # the only legal choice

    def _next_beneficiary(self, g: Context, victim: str, tried: list[str]) -> str | None:
        """Most units in stock (city 5, token 1), not the victim (Z-22), ties by A.S.T. order,
        skipping those already served or without cities in stock (19.32)."""
        ps = [p for p in g.active() if not p.inert and p.nation != victim and p.nation not in tried]
        ps.sort(key=lambda p: (-g.units_in_stock(p.nation), g.ast_rank(p.nation)))
        for p in ps:
            if g.cities_in_stock(p.nation) > 0:
                return p.nation
            tried.append(p.nation)
        return None

    def _eliminate(self, g: Context, victim: str, n: int) -> None:
        """Revolting cities nobody can take over are eliminated (19.33); which ones is random."""
        for a in sorted(g.rng.sample(g.cities_of(victim), min(n, len(g.cities_of(victim))))):
            g.destroy_city(a, "tax revolt (nobody could take it over)")


def tax_view(g: Context, seat: int | None) -> dict:
    """What everyone sees during taxation: who still chooses a rate, the revolt being resolved."""
    st = g.s.step
    out: dict = {"rates_owed": [n for n in taxpayers(g) if n not in st.get("rates", {})]
                 if not st.get("paid") else [], "revolt": None}
    if st.get("chooser") and st.get("revolts"):
        rv = st["revolts"][0]
        out["revolt"] = {"victim": rv["victim"], "beneficiary": st["chooser"], "left": rv["left"]}
    return out


PHASE_VIEWS["tax"] = tax_view
