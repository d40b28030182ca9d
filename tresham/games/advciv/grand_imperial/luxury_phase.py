"""The luxury phase of Grand Imperial (GI-LUX-01, -02, -07, -08; GI-TURN-08; decision D11).

After surplus removal and the city support check, players "provide for the luxury of their
cities" (seed, "8. Remove Surplus Population"). Every player with a city gives an order,
simultaneous and sealed until all are in:

``{"type": "luxury", "player": SEAT, "points": {AREA: N, ...}, "treasury": N, "cards": [...]}``

The points he may spread over his cities are (GIR-24): one per token on land not needed for
city support (flipped: the tokens stay where they are), one per treasury token paid (to stock),
and the value of the luxury cards paid as sets (Resin, Gems, Gold, Ivory; the cards are set
aside and go back to their regions at the end of the advances phase). Points not given are
lost. A city given nothing is in Revolt. The points become the city's die
(``variant_state["luxury"]``), which everyone sees and which lasts until the next luxury
phase (GI-LUX-07, -08); a city's disposition is read from it (``dispositions``).

Timeout (S-4): every city is brought to Content with free flips only, in area-id order, while
flips remain; no treasury, no cards.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ...contract import Decision, IllegalOrder
from ..context import Context
from ..orders import Order, order
from ..phase import Phase, register, require_phase_player
from ..schema import AreaId, Count, Many, Mapping
from ..state import Player
from . import data as gi
from . import dispositions as dp
from .orders import GICardId
from .variant import KEY

RULE = "GI-LUX-02"


@order("luxury", rule="GI-LUX-01", variant=KEY)
@dataclass(slots=True)
class LuxuryOrder(Order):
    """Luxury points for each of your cities (GI-LUX-01, -02): ``points`` by city area (a city
    left out gets 0: Revolt), paid for by free flips, ``treasury`` tokens and luxury ``cards``
    (Resin, Gems, Gold, Ivory, each commodity a set)."""

    points: Mapping(AreaId, Count) = field(default_factory=dict)
    treasury: Count = 0
    cards: Many(GICardId) = field(default_factory=list)


def luxury_cards() -> tuple[str, ...]:
    """The commodities that pay luxury points (GI-LUX-02: Resin, Gems, Gold, Ivory)."""
    return gi.luxury().commodities


def cards_value(g: Context, cards: list[str]) -> int:
    """The luxury points of ``cards``: each commodity a set worth its set value (n² × face,
    the printed ceiling, ``Context.set_value``: GIR-24)."""
    return sum(g.set_value(c, n) for c, n in sorted(Counter(cards).items()))


def budget(g: Context, p: Player, treasury: int = 0, cards: list[str] | None = None) -> int:
    """The points ``p`` has to give with this payment: free flips + treasury + card sets."""
    return dp.free_flips(g, p.nation) + treasury + cards_value(g, list(cards or ()))


def max_budget(g: Context, p: Player) -> int:
    """Every free flip, the whole treasury and every luxury card of the hand."""
    return budget(g, p, p.treasury, [c for c in p.hand if c in luxury_cards()])


def owes(g: Context) -> list[Player]:
    """Players owing a luxury order: a nation not inert with a city on the board (GI-LUX-01)."""
    return [p for p in g.s.players if p.nation and not p.inert and g.cities_of(p.nation)]


def check(g: Context, p: Player, o: LuxuryOrder) -> None:
    """Refuse an order ``p`` cannot give (IllegalOrder, GI-LUX-02); changes nothing."""
    cities = set(g.cities_of(p.nation))
    if not isinstance(o.points, dict) or not all(isinstance(v, int) and not isinstance(v, bool)
                                                 for v in o.points.values()):
        raise IllegalOrder(RULE, "give the points as whole numbers by city area")
    bad = sorted(a for a in o.points if a not in cities)
    if bad:
        raise IllegalOrder(RULE, f"{', '.join(map(str, bad))}: not a city of {g.name(p.nation)} "
                           f"(your cities: {', '.join(sorted(cities))})")
    if o.treasury > p.treasury:
        raise IllegalOrder(RULE, f"you pay {o.treasury} from treasury but have {p.treasury}")
    wrong = sorted({c for c in o.cards if c not in luxury_cards()})
    if wrong:
        names = ", ".join(gi_name(g, c) for c in wrong)
        raise IllegalOrder(RULE, f"only Resin, Gems, Gold and Ivory pay luxury points, not {names}")
    short = Counter(o.cards) - Counter(p.hand)
    if short:
        raise IllegalOrder(RULE, "you do not hold " + ", ".join(
            f"{n} {gi_name(g, c)}" for c, n in sorted(short.items())))
    spend = sum(o.points.values())
    have = budget(g, p, o.treasury, list(o.cards))
    if spend > have:
        flips = dp.free_flips(g, p.nation)
        raise IllegalOrder(RULE, f"you give {spend} luxury points but have {have}: {flips} free "
                           f"flip{'s' if flips != 1 else ''}, {o.treasury} from treasury and "
                           f"{cards_value(g, list(o.cards))} in luxury sets")


def gi_name(g: Context, card: str) -> str:
    c = g.d.commodities.get(card) or g.d.calamities.get(card)
    return c.name if c is not None else card


def default_points(g: Context, nation: str) -> dict[str, int]:
    """D11's timeout (S-4): each city in area-id order brought to Content with free flips
    only, while flips remain (the last may get fewer)."""
    left = dp.free_flips(g, nation)
    out = {}
    for area in g.cities_of(nation):
        give = min(left, dp.points_for(g, area, dp.CONTENT))
        out[area] = give
        left -= give
    return out


def resolve(g: Context) -> None:
    """Every order in: pay them (treasury to stock, cards set aside), then the dice are set,
    the old ones gone (GI-LUX-01, -08): each city of a player who gave an order gets its
    points (0 if left out)."""
    orders = g.s.step["orders"]
    new: dict[str, int] = {}
    for p in owes(g):
        o = orders[str(p.seat)]
        if o["treasury"]:
            g.spend_treasury(p.nation, o["treasury"])
        for c in o["cards"]:
            p.hand.remove(c)
            g.s.set_aside.append(c)
        for area in g.cities_of(p.nation):
            new[area] = o["points"].get(area, 0)
        spent = sum(o["points"].values())
        flips = min(spent, dp.free_flips(g, p.nation))
        paid = []
        if o["treasury"]:
            paid.append(f"{o['treasury']} from treasury")
        if o["cards"]:
            paid.append("luxury cards (" + ", ".join(
                f"{n} {gi_name(g, c)}" for c, n in sorted(Counter(o["cards"]).items())) + ")")
        g.emit(f"{g.name(p.nation)} gives {spent} luxury point{'s' if spent != 1 else ''} to its cities"
               f" ({flips} flipped token{'s' if flips != 1 else ''}{', ' if paid else ''}{', '.join(paid)}).",
               "luxury_paid", nation=p.nation, points=spent, treasury=o["treasury"], cards=list(o["cards"]))
    g.s.variant_state["luxury"] = dict(sorted(new.items()))
    if not new:
        g.s.variant_state.pop("luxury")
    for p in owes(g):
        shown = ", ".join(f"{g.area_name(a)} {new[a]} ({dp.disposition(g, a)})" for a in g.cities_of(p.nation))
        g.emit(f"{g.possessive(p.nation)} cities: {shown}.", "dispositions", nation=p.nation,
               dice={a: new[a] for a in g.cities_of(p.nation)},
               dispositions=dp.dispositions_of(g, p.nation))


@register(variant=KEY)
class LuxuryPhase(Phase):
    """The luxury phase (GI-TURN-08): sealed luxury orders (D11), then the dice."""

    name = "luxury"
    rule = "GI-LUX-01"
    accepts = ("luxury",)

    def start(self, g: Context) -> None:
        g.s.step = {"orders": {}}
        for p in owes(g):  # SITE-TABLE-08: no real choice, on public facts alone: not asked
            if dp.free_flips(g, p.nation) == 0 and p.treasury == 0 and not p.hand:
                g.s.step["orders"][str(p.seat)] = {"points": {}, "treasury": 0, "cards": []}
                g.emit(f"{g.name(p.nation)} has nothing to give its cities (no free flip, no treasury, "
                       "no card in hand): no luxury order is asked.", "luxury_none", nation=p.nation)
        self._settle(g)

    def pending(self, g: Context) -> list[Decision]:
        st = g.s.step
        if st.get("done"):
            return []
        out = []
        for p in owes(g):
            if str(p.seat) in st["orders"]:
                continue
            out.append(Decision(
                p.seat, "luxury",
                "Give your cities luxury points (sealed): free flips, treasury and luxury sets",
                default="every city brought to Content with free flips only, in area order",
                options={"cities": {a: {"thresholds": dp.thresholds(g, a),
                                        "disposition": dp.disposition(g, a)}
                                    for a in g.cities_of(p.nation)},
                         "free_flips": dp.free_flips(g, p.nation), "treasury": p.treasury,
                         "cards": sorted(c for c in p.hand if c in luxury_cards()),
                         "max": max_budget(g, p)}))
        return out

    def complete(self, g: Context) -> bool:
        st = g.s.step
        return bool(st.get("done")) or all(str(p.seat) in st["orders"] for p in owes(g))

    def finish(self, g: Context) -> None:
        """The orders are resolved with the last one; if the last player owing one left the
        game instead (15.61), they are resolved now."""
        self._settle(g)

    def handle(self, g: Context, o: Order) -> None:
        require_phase_player(g, o, self.rule)
        assert isinstance(o, LuxuryOrder)
        p = g.player(o.player)
        st = g.s.step
        if st.get("done") or all(q.seat != p.seat for q in owes(g)):
            raise IllegalOrder(self.rule, "you owe no luxury order now (only players with cities give one)")
        if str(p.seat) in st["orders"]:
            raise IllegalOrder(self.rule, "your luxury order is already in")
        check(g, p, o)
        st["orders"][str(p.seat)] = {"points": {a: n for a, n in sorted(o.points.items())},
                                     "treasury": o.treasury, "cards": list(o.cards)}
        g.emit(f"Your luxury order is in: {sum(o.points.values())} points.", "luxury_private",
               to=[p.seat], points=dict(sorted(o.points.items())))
        self._settle(g)

    def _settle(self, g: Context) -> None:
        st = g.s.step
        if st.get("done") or any(str(p.seat) not in st["orders"] for p in owes(g)):
            return
        resolve(g)
        st["done"] = True

    def timeout(self, g: Context, seat: int) -> None:
        """S-4: Content with free flips only, in area-id order."""
        p = g.player(seat)
        if all(q.seat != seat for q in owes(g)) or str(seat) in g.s.step["orders"]:
            super().timeout(g, seat)
            return
        pts = default_points(g, p.nation)
        g.emit(f"{g.name(p.nation)} did not give its luxury order in time: its free flips bring "
               f"its cities to Content in turn.", "timeout", nation=p.nation)
        self.handle(g, LuxuryOrder(seat, pts, 0, []))

    def sample(self, g: Context, seat: int, rng) -> Order:
        """D11: a random budget at or below the maximum (some flips, some treasury, some
        luxury cards), spread at random over the cities."""
        p = g.s.players[seat]
        cities = g.cities_of(p.nation)
        flips = dp.free_flips(g, p.nation)
        treasury = rng.below(p.treasury + 1) if rng.below(3) == 0 else 0
        held = [c for c in p.hand if c in luxury_cards()]
        cards = sorted(rng.sample(held, rng.below(len(held) + 1))) if held and rng.below(3) == 0 else []
        total = rng.below(budget(g, p, treasury, cards) + 1) if rng.below(2) else min(
            flips, sum(dp.points_for(g, a, dp.CONTENT) for a in cities))
        points = {a: 0 for a in cities}
        for _ in range(total):
            points[cities[rng.below(len(cities))]] += 1
        return LuxuryOrder(seat, {a: n for a, n in points.items() if n}, treasury, cards)


def luxury_view(g: Context, seat: int | None) -> dict:
    """Who still owes a luxury order (public); the orders themselves are sealed."""
    st = g.s.step
    return {"waiting": [p.nation for p in owes(g) if str(p.seat) not in st.get("orders", {})]
            if not st.get("done") else []}


def dice_view(g: Context) -> dict:
    """Every city's die and disposition, for everyone (GI-LUX-07): area -> {owner, points
    (None: no die), disposition}."""
    return {a: {"owner": o, "points": dp.die(g, a), "disposition": dp.disposition(g, a)}
            for a, o in sorted(g.s.board.cities.items())}
