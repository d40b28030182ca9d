"""Sealed-bid auctions of Grand Imperial (GI-TRADE-05, GI-TRADE-08; decision D14
``auction_bid``), written once for the two phases that sell by auction: the acquisition (a
regional card its buyer cannot pay) and the auction phase after trade (the lots players offer).

A lot (``step["lot"]``) is plain JSON: ``cards`` (face up, public), ``seller`` (a seat, or the
drawer who cannot pay), ``bidders`` (seats, in the 27.1 drawing order: the tie-break) and
``bids`` (seat as a string -> tokens; sealed until all are in, each seat seeing only its own:
:func:`mask`). Every other active player with at least 1 in treasury owes one bid when the lot
opens (:func:`open_bidders`); 0 is no bid; a bid above his treasury is refused. A bidder who
departs (15.61) has his default (0) given at once, and a bid he made before does not count.
The highest bid wins; a tie goes to the bidder first in the
27.1 order; with no bid there is no winner (GIR-31, GIS-10). The winner pays from treasury to
stock (:func:`pay`); what happens to the cards and the seller is the phase's.

Order: ``{"type": "auction_bid", "player": SEAT, "bid": N}``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...contract import Decision, IllegalOrder
from ..context import Context
from ..orders import Order, order
from ..rules.acquisition import draw_order
from ..schema import Count
from .variant import KEY


@order("auction_bid", rule="GI-TRADE-05", variant=KEY)
@dataclass(slots=True)
class AuctionBid(Order):
    """A sealed bid for the card auctioned (GI-TRADE-05): treasury tokens, 0 = no bid."""

    bid: Count = 0


def open_bidders(g: Context, seller: int) -> list[int]:
    """The seats owing a bid on a lot of ``seller``'s: every other active player with at
    least 1 in treasury, in the 27.1 order (fewest cities, then A.S.T.: the tie-break)."""
    return [q.seat for q in draw_order(g) if q.seat != seller and q.treasury >= 1]


def new_lot(cards: list[str], seller: int, bidders: list[int], **extra: Any) -> dict[str, Any]:
    """A lot as the step holds it (``extra``: what the phase adds, e.g. the region)."""
    return {"cards": list(cards), "seller": seller, "bidders": list(bidders), "bids": {}, **extra}


def waiting(g: Context, lot: dict[str, Any]) -> list[int]:
    """The bidders whose bid is still owed. A bidder who departs (15.61) still owes it until
    the engine gives his default at once (0, no bid: ``engine.apply_in_place``)."""
    return [s for s in lot["bidders"] if str(s) not in lot["bids"]]


def bid_decisions(g: Context, lot: dict[str, Any], prompt: str, rule: str) -> list[Decision]:
    """D14 for each bidder still owing: a number 0..treasury, default 0 (no bid)."""
    return [Decision(seat, "auction_bid", prompt, default="no bid",
                     options={"card": lot["cards"][0] if len(lot["cards"]) == 1 else None,
                              "cards": list(lot["cards"]), "seller": lot["seller"],
                              "max": g.s.players[seat].treasury, "rule": rule})
            for seat in waiting(g, lot)]


def place_bid(g: Context, lot: dict[str, Any] | None, o: AuctionBid, rule: str, what: str) -> None:
    """Record ``o`` in ``lot`` (sealed: told to the bidder only), or refuse it citing ``rule``
    (no lot waits for his bid; more than his treasury)."""
    if not lot or o.player not in waiting(g, lot):
        raise IllegalOrder(rule, "no auction is waiting for your bid")
    p = g.player(o.player)
    if o.bid > p.treasury:
        raise IllegalOrder(rule, f"you bid {o.bid} but have {p.treasury} in treasury")
    lot["bids"][str(o.player)] = o.bid
    g.emit(f"You bid {o.bid} for {what}.", "bid_private", to=[o.player], bid=o.bid)


def winner(g: Context, lot: dict[str, Any]) -> tuple[int, int] | None:
    """(seat, bid) of the highest bid once every bid is in, a tie to the bidder first in the
    27.1 order; None with no bid above 0 (GIR-31)."""
    bids = {s: lot["bids"].get(str(s), 0) for s in lot["bidders"] if not g.s.players[s].inert}
    best = max(bids.values(), default=0)
    if best <= 0:
        return None
    return next(s for s in lot["bidders"] if bids.get(s) == best), best


def pay(g: Context, seat: int, bid: int) -> None:
    """The winner's bid goes from his treasury to his stock (GI-TRADE-05, GI-TRADE-08)."""
    g.spend_treasury(g.s.players[seat].nation, bid)


def sample_bid(g: Context, seat: int, rng) -> AuctionBid:
    """The random bot's bid: uniform 0..treasury (design 5.2, D14)."""
    return AuctionBid(seat, rng.below(g.s.players[seat].treasury + 1))


def mask(lot: dict[str, Any] | None, seat: int) -> dict[str, Any] | None:
    """The lot as ``seat`` may know it: only his own bid (GI-TRADE-05)."""
    if not lot:
        return lot
    return dict(lot, bids={k: v for k, v in lot["bids"].items() if k == str(seat)})
