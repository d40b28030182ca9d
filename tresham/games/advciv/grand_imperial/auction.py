"""Grand Imperial's auction phase, after trade (GI-TURN-10, GI-TRADE-08; design 3.7, GIR-32).

"Players may also auction off cards they do not care about, by laying them face up on the
table. Auctioning goes in reverse AST order (Egypt auctions his goods off first). The person
who wins the bid must transfer that many tokens from his treasury back to his stock, while the
Auctioneer may transfer up to the bid's value into his own treasury." (seed, 10. Trade)

1. Lots (decision D15 ``auction_lots``, simultaneous and sealed): every active player with a
   card in hand names the cards he offers, none to offer nothing (the default). Only tradable
   cards may be offered (27.3; ballast and Leadership cards are tradable, GI-TRADE-07). Each
   player's offer is sealed until every offer is in; then all lots are laid face up at once.
2. Sales: the lots are sold one after another in reverse A.S.T. order (Egypt first), a lot
   being all the cards one player offers, sold together (GIR-32). Each is a sealed round of
   D14 ``auction_bid`` among the other players with at least 1 in treasury (``.bidding``,
   shared with the acquisition's auction): the highest bid wins, a tie to the bidder first in
   the 27.1 order, no bid above 0 leaves the lot with its seller (GIAU-5).
3. The winner pays his bid from treasury to stock; the seller moves as much of the price as
   his stock holds from stock to treasury (GIAU-6). The cards pass as in a trade: a calamity
   sold counts as traded by the seller (29.61, ``flags["calamity_from"]``) and the
   cards-received hook is told of a trade (GIAU-7).

Orders: ``{"type": "auction_lots", "player": SEAT, "cards": [...]}``,
``{"type": "auction_bid", "player": SEAT, "bid": N}``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...contract import Decision, IllegalOrder
from ..context import Context
from ..orders import Order, order
from ..phase import Phase, register
from ..rules.trade import hand_over, holds
from ..schema import Many
from ..state import Player
from . import bidding
from .acquisition import card_name
from .bidding import AuctionBid
from .orders import GICardId
from .variant import KEY

RULE = "GI-TRADE-08"
#: the most cards the random bot offers (design 5.2, D15)
SAMPLE_LOT = 2


@order("auction_lots", rule=RULE, variant=KEY)
@dataclass(slots=True)
class AuctionLots(Order):
    """The cards one offers at auction this turn, face up once every offer is in
    (GI-TRADE-08); none: nothing offered."""

    cards: Many(GICardId) = field(default_factory=list)


def names(g: Context, cards: list[str]) -> str:
    return ", ".join(card_name(g, c) for c in cards) or "nothing"


def tradable(g: Context, p: Player) -> list[str]:
    """The cards of ``p``'s hand he may offer (27.3, GI-TRADE-07), sorted."""
    return sorted(c for c in p.hand if g.d.is_tradable(c))


def sale_order(g: Context) -> list[Player]:
    """Reverse A.S.T. order (GI-TRADE-08): Egypt first (``map.ast_order`` reversed)."""
    return sorted(g.active(), key=lambda p: -g.ast_rank(p.nation))


def offerers(g: Context) -> list[int]:
    """The seats that owe D15: every active player with a card in hand, in sale order. (Any
    card, not only a tradable one, so that being asked tells nobody that a hand holds only
    non-tradable calamities: GIAU-3, as ruling T-16 for the trade phase.)"""
    return [p.seat for p in sale_order(g) if not p.inert and p.hand]


@register(variant=KEY)
class AuctionPhase(Phase):
    """GI-TRADE-08: sealed lots, then each lot sold by sealed bids in reverse A.S.T. order."""

    name = "auction"
    rule = RULE
    accepts = ("auction_lots", "auction_bid")

    def start(self, g: Context) -> None:
        g.s.step = {"owing": offerers(g), "offers": {}, "queue": None, "lot": None}

    # ---- who owes what --------------------------------------------------------------
    def _owing(self, g: Context) -> list[int]:
        st = g.s.step
        if st["queue"] is not None:
            return []
        # a seat that departs still owes it until the engine gives his default (15.61)
        return [s for s in st["owing"] if str(s) not in st["offers"]]

    def pending(self, g: Context) -> list[Decision]:
        st = g.s.step
        lot = st.get("lot")
        if lot:
            seller = g.s.players[lot["seller"]].nation
            return bidding.bid_decisions(
                g, lot, f"Bid for {g.possessive(seller)} lot: {names(g, lot['cards'])} (sealed; the "
                        f"highest bid pays from treasury, {g.name(seller)} takes it from stock)", RULE)
        return [Decision(seat, "auction_lots",
                         "Offer cards at auction, face up, or nothing (sealed until every offer is in)",
                         default="nothing offered",
                         options={"cards": tradable(g, g.s.players[seat])})
                for seat in self._owing(g)]

    # ---- orders ---------------------------------------------------------------------
    def handle(self, g: Context, o: Order) -> None:
        st = g.s.step
        if isinstance(o, AuctionBid):
            lot = st.get("lot")
            bidding.place_bid(g, lot, o, RULE, f"{names(g, lot['cards'])}" if lot else "")
            self._settle(g)
            return
        assert isinstance(o, AuctionLots)
        if o.player not in self._owing(g):
            raise IllegalOrder(RULE, "no offer of lots is owed by you now")
        p = g.player(o.player)
        if not holds(p.hand, o.cards):
            raise IllegalOrder(RULE, f"you do not hold {names(g, o.cards)}")
        stuck = sorted({c for c in o.cards if not g.d.is_tradable(c)})
        if stuck:
            raise IllegalOrder("27.3", f"{names(g, stuck)} cannot be traded, so cannot be auctioned: "
                               "it stays with you")
        st["offers"][str(o.player)] = sorted(o.cards)
        g.emit(f"You offer at auction: {names(g, sorted(o.cards))}.", "lots_private", to=[o.player],
               cards=sorted(o.cards))
        if not self._owing(g):
            self._reveal(g)

    def _reveal(self, g: Context) -> None:
        """Every offer is in: the lots are laid face up, to be sold in reverse A.S.T. order."""
        st = g.s.step
        queue = [p.seat for p in sale_order(g) if st["offers"].get(str(p.seat))]
        st["queue"] = queue
        if queue:
            g.emit("Lots at auction, sold in reverse A.S.T. order: " + "; ".join(
                f"{g.name(g.s.players[s].nation)}: {names(g, st['offers'][str(s)])}" for s in queue) + ".",
                "lots", lots={g.s.players[s].nation: st["offers"][str(s)] for s in queue})
        else:
            g.emit("Nobody offers cards at auction.", "lots", lots={})
        self._next_lot(g)

    def _next_lot(self, g: Context) -> None:
        """Open the next lot of the queue that can be sold (its seller still holds it, and
        someone can bid); the others are passed with an event."""
        st = g.s.step
        while st["queue"]:
            seat = st["queue"].pop(0)
            p = g.s.players[seat]
            cards = st["offers"][str(seat)]
            if p.inert or not holds(p.hand, cards):
                g.emit(f"{g.possessive(p.nation)} lot is withdrawn: its cards are no longer in "
                       f"{g.possessive(p.nation)} hand.", "lot_withdrawn", nation=p.nation)
                continue
            bidders = bidding.open_bidders(g, seat)
            if not bidders:
                g.emit(f"Nobody has treasury to bid for {g.possessive(p.nation)} lot ({names(g, cards)}): "
                       f"{g.name(p.nation)} keeps it.", "lot_unsold", nation=p.nation, cards=cards)
                continue
            st["lot"] = bidding.new_lot(cards, seat, bidders)
            g.emit(f"{g.name(p.nation)} auctions {names(g, cards)} (GI-TRADE-08).", "auction",
                   nation=p.nation, cards=cards)
            return

    def _settle(self, g: Context) -> None:
        """Every bid in: the lot to the winner (GI-TRADE-08), then the next lot."""
        st = g.s.step
        lot = st["lot"]
        if bidding.waiting(g, lot):
            return
        st["lot"] = None
        seller = g.s.players[lot["seller"]]
        cards = lot["cards"]
        won = bidding.winner(g, lot)
        if won is None:
            g.emit(f"Nobody bids for {g.possessive(seller.nation)} lot ({names(g, cards)}): "
                   f"{g.name(seller.nation)} keeps it.", "lot_unsold", nation=seller.nation, cards=cards)
        else:
            seat, price = won
            buyer = g.s.players[seat]
            bidding.pay(g, seat, price)
            hand_over(g, seller, buyer, cards)  # a calamity sold is traded by the seller (29.61)
            g.on_cards_received(buyer.nation, seller.nation, list(cards), "trade")
            got = g.to_treasury(seller.nation, price)
            short = "" if got == price else f" ({g.possessive(seller.nation)} stock holds no more)"
            g.emit(f"{g.name(buyer.nation)} buys {g.possessive(seller.nation)} lot ({names(g, cards)}) "
                   f"for {price}: {price} from treasury to stock; {g.name(seller.nation)} takes {got} "
                   f"from stock into treasury{short}.", "auction_won", nation=buyer.nation,
                   seller=seller.nation, cards=cards, bid=price, seller_gets=got)
        self._next_lot(g)

    # ---- defaults and the random bot ------------------------------------------------------
    def timeout(self, g: Context, seat: int) -> None:
        """D15: nothing offered; D14: no bid."""
        lot = g.s.step.get("lot")
        if lot and seat in bidding.waiting(g, lot):
            self.handle(g, AuctionBid(seat, 0))
        elif seat in self._owing(g):
            self.handle(g, AuctionLots(seat, []))
        else:
            super().timeout(g, seat)

    def sample(self, g: Context, seat: int, rng) -> Order:
        """D15: a random subset of at most two tradable cards; D14: uniform 0..treasury."""
        if g.s.step.get("lot"):
            return bidding.sample_bid(g, seat, rng)
        cards = tradable(g, g.s.players[seat])
        n = rng.below(min(SAMPLE_LOT, len(cards)) + 1)
        return AuctionLots(seat, sorted(rng.sample(cards, n)) if n else [])


def auction_view(g: Context, seat: int | None) -> dict[str, Any]:
    """What a page shows during the auction (GI-TRADE-08): before every offer is in, only the
    viewer's own offer and who has offered; then every lot face up (by nation, in sale order),
    the lot being sold and the viewer's own bid on it (the others' bids are sealed)."""
    st = g.s.step
    nation = lambda s: g.s.players[s].nation  # noqa: E731
    offers = st.get("offers", {})
    out: dict[str, Any] = {"offered": sorted(nation(int(s)) for s in offers)}
    if st.get("queue") is None:
        mine = offers.get(str(seat)) if seat is not None else None
        out["my_offer"] = mine
        return out
    out["lots"] = {nation(p.seat): offers[str(p.seat)] for p in sale_order(g) if offers.get(str(p.seat))}
    out["to_sell"] = [nation(s) for s in st["queue"]]
    lot = st.get("lot")
    if lot:
        out["selling"] = {"seller": nation(lot["seller"]), "cards": list(lot["cards"]),
                          "bidders": [nation(s) for s in lot["bidders"]]}
        if seat is not None and str(seat) in lot["bids"]:
            out["my_bid"] = lot["bids"][str(seat)]
    return out


def auction_secrets(st: dict[str, Any], seat: int) -> dict[str, Any]:
    """The offers are sealed until every one is in (then they are face up); the bids are
    sealed (``bidding.mask``): a seat's information state holds only its own."""
    out = dict(st)
    if st.get("queue") is None and st.get("offers"):
        out["offers"] = {k: v for k, v in st["offers"].items() if k == str(seat)}
    if st.get("lot"):
        out["lot"] = bidding.mask(st["lot"], seat)
    return out
