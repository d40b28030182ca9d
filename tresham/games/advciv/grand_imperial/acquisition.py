"""Grand Imperial trade card acquisition (GI-TURN-09, GI-TRADE-01, -03..06, -09, GI-EVENT-02,
-03).

The stacks are divided by region, not by value: for every city he has in a region a player
draws one card from that region's stack (GI-TRADE-01), then event cards by his number of
cities and the size of the game (GI-EVENT-02, GI-TRADE-03). A calamity drawn from the event
stack whose value is higher than his number of cities is discarded, and no other event card
is drawn in its place (GI-EVENT-03). Players draw in the AdvCiv order, fewest cities first
(27.1, GI-TRADE-06); an empty stack gives nothing (27.21, GI-TRADE-09).

Then, in the same order, each player may buy cards from the regions he has access to, one at
a time: he draws the top card and pays twice its face value from treasury (GI-TRADE-04,
decision ``buy_regional``, default: done). If he cannot pay, the card is auctioned face up to
the other players by sealed bids (GI-TRADE-05, decision ``auction_bid``, default: no bid; the
sealed bids are ``.bidding``'s, shared with the auction phase); the highest bid pays it from
treasury to stock, the drawer gets nothing.

Orders: ``{"type": "buy_regional", "player": SEAT, "region": REGION}`` (no ``region``: done),
``{"type": "auction_bid", "player": SEAT, "bid": N}``.

The number of cards a city draws follows its disposition and its MarketPlace, Palace and
Courthouse (``city_draws``, slice 2). Where they come from: a city with an active CrossRoads or
Port, and the Merchant Prince, give their holder a choice, made first in a sealed draw plan
(GI-TRADE-02, GI-LEADER-06, decision ``draw_plan``, default: own regions, the Merchant Prince
kept; ``draws``); the draws wait until every plan is in. A region one's cities may draw from
is also open to purchase (GIR-30). Ships standing at their owner's Port unload their cards
into his hand first (GI-CITYADV-08, ``unload_at_ports``); the ships the draw plans name (all
able to, by default) harvest at the end of the phase (GI-SHIP-07, ``harvest``).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ...contract import Decision, IllegalOrder
from ..context import Context
from ..orders import Order, order
from ..phase import Phase, register, require_phase_player
from ..schema import one_of
from ..rules.acquisition import draw_order, draw_top
from ..state import Player
from . import bidding
from . import data as gi
from .bidding import AuctionBid
from . import dispositions as dp
from . import draws as dr
from .leaders import annul, merchant_prince
from .stacks import event_stack, region_stack
from .variant import BALLAST, EVENTS, KEY

#: The city advance at which ships unload their harvest (GI-CITYADV-08).
PORT = "port"


def card_name(g: Context, card: str) -> str:
    """The name of any Grand Imperial trade card: commodity, calamity, ballast, leader."""
    if card in g.d.commodities:
        return g.d.commodities[card].name
    if card in g.d.calamities:
        return g.d.calamities[card].name
    if card == BALLAST:
        return "Ballast"
    return gi.leaders()[card].name


def region_name(region: str) -> str:
    return "the event stack" if region == EVENTS else gi.regions()[region].name


def city_draws(g: Context, area: str) -> tuple[int, int]:
    """(cards the city in ``area`` draws, cards lost to corruption) (GI-TRADE-01): 1, +1 if
    Happy, -1 if Unhappy, none in Revolt (GI-LUX-04..06); +1 for a MarketPlace and +1 for a
    Palace (GI-CITYADV-09, -14); more than 2 only with a Courthouse, the rest lost
    (GI-CITYADV-16). The advances of a city in Revolt do nothing (GI-CARULE-06). With the
    sub-option ``pirate_range``, a pirate city within 3 water areas: one card fewer drawn
    (GI-CAL-12; GIC-20: taken from the cards drawn, after the Courthouse's cap)."""
    from .calamities.piracy import pirate_range_change

    level = dp.disposition(g, area)
    d = gi.dispositions()[level]
    if not d.draws_cards:
        return 0, 0
    advances = [gi.city_advances()[a] for a in dp.active_advances(g, area)]
    n = max(0, gi.trade().cards_per_city + d.card_change + sum(a.extra_cards for a in advances))
    pirates = pirate_range_change(g, area)
    if any(a.lifts_card_limit for a in advances):
        return max(0, n + pirates), 0
    cap = gi.trade().cards_without_courthouse
    return max(0, min(n, cap) + pirates), max(0, n - cap)


def draw_rights(g: Context, nation: str, plan: dict | None = None) -> list[tuple[str, str]]:
    """(city area, region) for each card the nation's cities draw (GI-TRADE-01, ``city_draws``),
    from the region of the city's area or, by the draw plan, another it may use (GI-TRADE-02),
    in the seed's region order, then by area."""
    return dr.plan_draws(g, nation, plan)


def corruption(g: Context, nation: str) -> dict[str, int]:
    """The cards each city of ``nation`` loses for want of a Courthouse (GI-CITYADV-16)."""
    return {a: lost for a in g.cities_of(nation) if (lost := city_draws(g, a)[1])}


def events_due(g: Context, nation: str) -> int:
    """Event cards a nation draws this turn (GI-EVENT-02): by its cities on the board and the
    game's size, the players it began with (small: 4 or fewer; GIS-3)."""
    return gi.event_draws(g.s.options.players, len(g.cities_of(nation)))


def draw_from(g: Context, p: Player, region: str) -> str | None:
    """The top card of ``region``'s stack (or the event stack) into ``p``'s hand, told to him
    only (27.3); an empty stack gives nothing (27.21, GI-TRADE-09)."""
    stack = event_stack(g) if region == EVENTS else region_stack(g, region)
    named = "The event stack" if region == EVENTS else f"{region_name(region)}'s stack"
    return draw_top(g, p, stack, region, named, region_name(region), name=card_name)


def draw_for(g: Context, p: Player, plan: dict | None = None) -> None:
    """One player's acquisition: his regional cards by his draw plan (GI-TRADE-01, -02), the
    Merchant Prince's card if the plan trades it in (GI-LEADER-06), then his event cards
    (GI-TRADE-03), a calamity above his number of cities discarded unreplaced (GI-EVENT-03)."""
    nation = p.nation
    cities = len(g.cities_of(nation))
    got: Counter = Counter()
    for _area, rid in draw_rights(g, nation, plan):
        if draw_from(g, p, rid) is not None:
            got[rid] += 1
    for area, lost in corruption(g, nation).items():
        g.emit(f"{lost} card{' is' if lost == 1 else 's are'} lost to corruption in {g.area_name(area)}: "
               f"without a Courthouse a city draws at most {gi.trade().cards_without_courthouse} "
               "(GI-CITYADV-16).", "corruption", nation=nation, area=area, lost=lost)
    trade_in(g, p, (plan or {}).get("merchant_prince"))
    events = 0
    for _ in range(events_due(g, nation)):
        card = draw_from(g, p, EVENTS)
        if card is None:
            continue
        if card in g.d.calamities and gi.calamity_discarded(card, cities):
            p.hand.remove(card)
            g.s.set_aside.append(card)
            cal = g.d.calamities[card]
            g.emit(f"{g.name(nation)} draws {cal.name} (value {cal.stack}), worth more than "
                   f"{g.name(nation)}'s {cities} cit{'ies' if cities != 1 else 'y'}: it is discarded "
                   f"and no other event card is drawn (GI-EVENT-03).", "event_discarded",
                   nation=nation, card=card, cities=cities)
            continue
        events += 1
    regional = sum(got.values())
    where = ", ".join(f"{n} from {region_name(rid)}" for rid, n in got.items())
    g.emit(f"{g.name(nation)} draws {regional} regional card{'s' if regional != 1 else ''}"
           f"{f' ({where})' if where else ''} and {events} event card{'s' if events != 1 else ''} "
           f"({cities} cit{'ies' if cities != 1 else 'y'}).", "draw", nation=nation,
           cards=regional + events, regions=dict(got), events=events, cities=cities)


def unload_at_ports(g: Context) -> None:
    """GI-CITYADV-08, GI-SHIP-07: at the start of acquisition, in the 27.1 order and by ship
    number, each ship standing in the area of one of its owner's cities with an active Port
    (none in Revolt, GI-CARULE-06) unloads the cards aboard into his hand, named to him alone
    (``fleet.cash_in``; GIR-19, GISH-7)."""
    from . import fleet

    for p in draw_order(g):
        ports = {a for a in g.cities_of(p.nation) if PORT in dp.active_advances(g, a)}
        for rec in fleet.records(g.s, p.nation):
            if rec["area"] in ports and rec["cards"]:
                fleet.cash_in(g, p.nation, rec["id"])


def trade_in(g: Context, p: Player, region: str | None) -> None:
    """GI-LEADER-06: the Merchant Prince traded in for the top card of ``region``'s stack (the
    leader set aside); kept if he no longer holds it or the stack has emptied since his plan
    (GIDR-5)."""
    if region is None or not dr.holds_merchant_prince(p):
        return
    if not region_stack(g, region):
        g.emit(f"{region_name(region)}'s stack is empty: {g.name(p.nation)} keeps the Merchant Prince "
               "(GI-LEADER-06).", "merchant_prince_kept", nation=p.nation, region=region)
        return
    merchant_prince(g, p.nation, region)


# ---- buying from a region (GI-TRADE-04) and its auction (GI-TRADE-05) ------------------------
RegionId = one_of(frozenset(gi.regions()), "a region", "GI-TRADE-04", "a region id")
#: the random bot's limit of purchases in one turn (so that random games end)
SAMPLE_PURCHASES = 3


def access(g: Context, nation: str) -> list[str]:
    """The regions a nation may buy from (GI-TRADE-04; GIS-9, GIR-30): those its cities may
    draw from (their own, and by CrossRoads and Port, GI-TRADE-02), but a city in Revolt "may
    not be used to acquire trade cards" (GI-LUX-04; GIL-5)."""
    regions = {r for a in g.cities_of(nation) if dp.disposition(g, a) != dp.REVOLT
               for r in dr.allowed_regions(g, a)}
    return [rid for rid in gi.regions() if rid in regions]


def can_buy_from(g: Context, p: Player) -> list[str]:
    """The regions ``p`` may buy from now: access, a card left there, and the treasury to pay
    the cheapest card there is (2 = twice face value 1; GIS-9)."""
    if p.nation is None or p.inert or p.treasury < gi.trade().purchase_price_factor:
        return []
    return [rid for rid in access(g, p.nation) if region_stack(g, rid)]


def price(card: str) -> int:
    """Twice the face value (GI-TRADE-04)."""
    return gi.trade().purchase_price(card)


@order("buy_regional", rule="GI-TRADE-04", variant=KEY)
@dataclass(slots=True)
class BuyRegional(Order):
    """Draw the top card of ``region`` and pay twice its face value from treasury
    (GI-TRADE-04); no region: done buying this turn."""

    region: RegionId | None = None


def buyer(g: Context) -> int | None:
    """The seat whose purchase decision is owed: the first in the 27.1 order still buying."""
    st = g.s.step
    for seat in st.get("buyers", []):
        if seat not in st["done"] and can_buy_from(g, g.s.players[seat]):
            return seat
    return None


@register(variant=KEY)
class GIAcquisitionPhase(Phase):
    """Replaces the plain acquisition (27) in Grand Imperial games: the draws (no stack-9
    purchase, GIS-6), then purchases from the regions one card at a time in the 27.1 order
    (GI-TRADE-04), a card its buyer cannot pay for auctioned by sealed bids (GI-TRADE-05)."""

    name = "acquisition"
    rule = "GI-TRADE-01"
    accepts = ("draw_plan", "buy_regional", "auction_bid")

    def start(self, g: Context) -> None:
        """First the ships standing at their owner's Port unload (GI-CITYADV-08); then the
        players with a choice owe a sealed draw plan (GI-TRADE-02, D12); once every plan is in
        (at once if nobody owes one), the draws."""
        unload_at_ports(g)
        g.s.step = {"stage": "plan", "plans": {}}
        self._settle_plans(g)

    def _settle_plans(self, g: Context) -> None:
        """Every plan owed is in: the computer draws for everyone in the 27.1 order
        (GI-TRADE-06), each by his plan; then the buyers."""
        st = g.s.step
        if st.get("stage") != "plan" or any(str(p.seat) not in st["plans"] for p in plan_owers(g)):
            return
        plans = st["plans"]
        order_ = draw_order(g)
        for p in order_:
            draw_for(g, p, plans.get(str(p.seat)))
            annul(g, p.nation)  # GI-LEADER-07: the Proselytizer and the Theocratic Leader drawn together
        g.s.step = {"buyers": [p.seat for p in order_], "done": [], "bought": {}, "lot": None,
                    "harvest": {seat: plan["harvest"] for seat, plan in sorted(plans.items())
                                if plan.get("harvest") is not None}}

    def complete(self, g: Context) -> bool:
        """Done when nobody owes anything; if the last player owing a draw plan left the game
        instead of giving it (15.61), the draws are made now and the buying follows."""
        self._settle_plans(g)
        return super().complete(g)

    def pending(self, g: Context) -> list[Decision]:
        st = g.s.step
        if st.get("stage") == "plan":
            return [plan_decision(g, p) for p in plan_owers(g) if str(p.seat) not in st["plans"]]
        lot = st.get("lot")
        if lot:
            return bidding.bid_decisions(
                g, lot, f"Bid for {card_name(g, lot['cards'][0])} from {region_name(lot['region'])} "
                        f"(sealed; the highest bid pays it from treasury)", "GI-TRADE-05")
        seat = buyer(g)
        if seat is None:
            return []
        p = g.s.players[seat]
        return [Decision(seat, "buy_regional",
                         "Buy a card from a region at twice its face value, or say done",
                         default="done buying", options={"regions": can_buy_from(g, p),
                                                         "treasury": p.treasury,
                                                         "factor": gi.trade().purchase_price_factor})]

    def handle(self, g: Context, o: Order) -> None:
        st = g.s.step
        if isinstance(o, dr.DrawPlan):
            self._plan(g, o)
            return
        if st.get("stage") == "plan":
            raise IllegalOrder("GI-TRADE-02", "the draw plans are awaited: nobody buys or bids before "
                               "the cards are drawn")
        lot = st.get("lot")
        if isinstance(o, AuctionBid):
            bidding.place_bid(g, lot, o, "GI-TRADE-05", card_name(g, lot["cards"][0]) if lot else "")
            self._settle(g)
            return
        assert isinstance(o, BuyRegional)
        if lot or buyer(g) != o.player:
            raise IllegalOrder("GI-TRADE-04", "it is not your turn to buy from a region")
        p = g.player(o.player)
        if o.region is None:
            st["done"].append(o.player)
            g.emit(f"{g.name(p.nation)} is done buying.", "buy_done", nation=p.nation)
            return
        if o.region not in can_buy_from(g, p):
            raise IllegalOrder("GI-TRADE-04", f"you may buy from the regions your cities draw from, "
                               f"while a card is left there: {', '.join(can_buy_from(g, p))}")
        self._buy(g, p, o.region)

    def _buy(self, g: Context, p: Player, region: str) -> None:
        st = g.s.step
        card = region_stack(g, region).pop(0)
        cost = price(card)
        st["bought"][str(p.seat)] = st["bought"].get(str(p.seat), 0) + 1
        if p.treasury >= cost:
            g.spend_treasury(p.nation, cost)
            p.hand.append(card)
            g.emit(f"You buy {card_name(g, card)} from {region_name(region)} for {cost}.",
                   "buy_private", to=[p.seat], card=card, region=region, cost=cost)
            g.emit(f"{g.name(p.nation)} buys a card from {region_name(region)} for {cost} treasury.",
                   "buy", nation=p.nation, region=region, cost=cost)
            return
        bidders = bidding.open_bidders(g, p.seat)
        g.emit(f"{g.name(p.nation)} draws {card_name(g, card)} from {region_name(region)} and cannot "
               f"pay {cost}: it is auctioned to the other players (GI-TRADE-05).", "auction",
               nation=p.nation, card=card, region=region, cost=cost)
        # the card lies face up among the cards set aside while it is auctioned, so that every
        # card is somewhere after every order (GIAU-14, GIL-12); with no bid it simply stays there
        g.s.set_aside.append(card)
        st["lot"] = bidding.new_lot([card], p.seat, bidders, region=region)
        self._settle(g)

    def _plan(self, g: Context, o: dr.DrawPlan) -> None:
        """A sealed draw plan (D12), checked and kept until every plan is in."""
        require_phase_player(g, o, "GI-TRADE-02")
        st = g.s.step
        p = g.player(o.player)
        if st.get("stage") != "plan" or all(q.seat != p.seat for q in plan_owers(g)):
            raise IllegalOrder("GI-TRADE-02", "you owe no draw plan now (only a player with a CrossRoads "
                               "or Port city drawing cards, or holding the Merchant Prince, gives one)")
        if str(p.seat) in st["plans"]:
            raise IllegalOrder("GI-TRADE-02", "your draw plan is already in")
        plan = dr.check_plan(g, p, o)
        st["plans"][str(p.seat)] = plan
        where = "; ".join(f"{g.area_name(a)}: {', '.join(region_name(r) for r in rs)}"
                          for a, rs in plan["cities"].items())
        mp = plan["merchant_prince"]
        parts = [f"Your draw plan is in{f' ({where})' if where else ''}"]
        if dr.holds_merchant_prince(p):
            parts.append("the Merchant Prince " + (f"is traded in for a card from {region_name(mp)}" if mp
                                                   else "is kept"))
        ships = plan["harvest"]
        if dr.harvesters(g, p.nation):
            parts.append("every ship able to harvests" if ships is None else
                         f"ship{'s' if len(ships) != 1 else ''} {', '.join(map(str, ships))} harvest"
                         f"{'s' if len(ships) == 1 else ''}" if ships else "no ship harvests")
        g.emit("; ".join(parts) + ".", "draw_plan_private", to=[p.seat], cities=plan["cities"],
               merchant_prince=mp, harvest=ships)
        self._settle_plans(g)

    def _settle(self, g: Context) -> None:
        """All bids in: the highest pays it from treasury to stock and takes the card, a tie
        to the first in the 27.1 order; with no bid it is set aside (GIR-31)."""
        st = g.s.step
        lot = st["lot"]
        if bidding.waiting(g, lot):
            return
        won = bidding.winner(g, lot)
        st["lot"] = None
        (card,) = lot["cards"]
        name = card_name(g, card)
        if won is None:  # it stays set aside
            g.emit(f"Nobody bids for {name}: it is set aside.", "auction_unsold", card=card)
            return
        seat, best = won
        q = g.s.players[seat]
        bidding.pay(g, seat, best)
        g.s.set_aside.remove(card)
        q.hand.append(card)
        g.emit(f"{g.name(q.nation)} wins {name} with a bid of {best}.", "auction_won",
               nation=q.nation, card=card, bid=best)

    def finish(self, g: Context) -> None:
        """Last, the ships harvest (GI-SHIP-07, ``harvest``): those the draw plans named, every
        ship able to of a player who named none."""
        from .harvest import harvest

        harvest(g, g.s.step.get("harvest"))

    def timeout(self, g: Context, seat: int) -> None:
        """D12: own regions, the Merchant Prince kept, every ship able to harvests; D13: done
        buying; D14: no bid."""
        st = g.s.step
        if st.get("stage") == "plan":
            if str(seat) in st["plans"] or all(q.seat != seat for q in plan_owers(g)):
                super().timeout(g, seat)
            g.emit(f"{g.name(g.player(seat).nation)} did not give its draw plan in time: its cities "
                   "draw from their own regions.", "timeout", nation=g.player(seat).nation)
            self.handle(g, dr.DrawPlan(seat, {}, None, None))
            return
        lot = st.get("lot")
        if lot and seat in bidding.waiting(g, lot):
            self.handle(g, AuctionBid(seat, 0))
        elif buyer(g) == seat:
            self.handle(g, BuyRegional(seat, None))
        else:
            super().timeout(g, seat)

    def sample(self, g: Context, seat: int, rng) -> Order:
        """D12: random allowed regions, the Merchant Prince traded in with probability 1/2
        (``draws.sample_plan``); D14: a random bid up to the treasury; D13: done with
        probability 1/2, and after three purchases, else a random region he may buy from."""
        if g.s.step.get("stage") == "plan":
            return dr.sample_plan(g, seat, rng)
        lot = g.s.step.get("lot")
        p = g.s.players[seat]
        if lot:
            return bidding.sample_bid(g, seat, rng)
        regions = can_buy_from(g, p)
        if not regions or rng.below(2) or g.s.step["bought"].get(str(seat), 0) >= SAMPLE_PURCHASES:
            return BuyRegional(seat, None)
        return BuyRegional(seat, regions[rng.below(len(regions))])


def plan_owers(g: Context) -> list[Player]:
    """The players owing a draw plan (D12), in seat order: those with a real choice
    (``draws.owes_plan``)."""
    return [p for p in g.s.players if dr.owes_plan(g, p)]


def plan_decision(g: Context, p: Player) -> Decision:
    """D12 for ``p``: his cities with a choice (cards, regions allowed, own region), whether he
    holds the Merchant Prince (with the regions whose stack holds a card) and his ships able
    to harvest."""
    opts: dict = {"cities": dr.city_choices(g, p.nation)}
    if dr.holds_merchant_prince(p):
        opts["merchant_prince"] = [rid for rid in gi.regions() if region_stack(g, rid)]
    ships = dr.harvesters(g, p.nation)
    if ships:
        opts["ships"] = ships
    return Decision(p.seat, "draw_plan",
                    "Choose where your cities draw their trade cards from (sealed)"
                    + (" and whether to trade in the Merchant Prince" if "merchant_prince" in opts else ""),
                    default="every city draws from its own region; the Merchant Prince is kept; every "
                            "ship able to harvests",
                    options=opts)


def acquisition_view(g: Context, seat: int | None) -> dict:
    """Who still owes a draw plan (public); the plans themselves are sealed (D12)."""
    st = g.s.step
    if st.get("stage") != "plan":
        return {}
    return {"waiting": [p.nation for p in plan_owers(g) if str(p.seat) not in st["plans"]]}


def acquisition_secrets(st: dict, seat: int) -> dict:
    """Bids are sealed (GI-TRADE-05): a seat's information state holds only its own."""
    return st if not st.get("lot") else dict(st, lot=bidding.mask(st["lot"], seat))
