"""The orders of Grand Imperial games that name trade cards, with the variant's cards
(GI-TRADE-07, GI-EVENT-04): ballast and the Leadership cards may be given in a trade, stated,
expected, paid (worth nothing) or discarded, beside the plain commodities and calamities.
Each is a subclass of the plain order under the plain name (``@order(..., variant=KEY)``), so
the plain phases take it unchanged; only the card vocabulary differs (ruling GIS-11). The buy
order also names the two new civilization cards, Galleons and Navy (GI-CIV-01..03)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import ConfigDict
from typing_extensions import NotRequired, TypedDict

from ..orders import order
from ..rules.advances import Buy
from ..rules.trade import TradeAccept, TradeOffer
from ..schema import CIV_CARDS, TRADE_CARDS, AreaId, Count, Many, Mapping, one_of
from . import data as gi
from .variant import BALLAST, KEY

#: Every trade card of a Grand Imperial game: the plain ones, ballast and the leaders.
GI_TRADE_CARDS = TRADE_CARDS | {BALLAST} | frozenset(gi.leaders())
GICardId = one_of(GI_TRADE_CARDS, "a trade card", "27.1",
                 "a trade card id (commodity, calamity, ballast or Leadership card)")
#: Every civilization card of a Grand Imperial game: the plain ones, Galleons and Navy (GI-CIV-02, -03).
GI_CIV_CARDS = CIV_CARDS | frozenset(gi.civ_cards())
GICivCardId = one_of(GI_CIV_CARDS, "a civilization card", "31.1", "a civilization card id")
GIStatedCard = GICardId | Literal["unspecified"]
GIExpectedCard = GICardId | Literal["dont_care", "unspecified"]
CityAdvanceId = one_of(frozenset(gi.city_advances()), "a city advance", "GI-TURN-12",
                      "a city advance id (GI-CITYADV-01..26)")


class AdvanceLine(TypedDict):
    """One city advance bought (D18, GI-TURN-12): which, on which of the buyer's cities
    (GI-CARULE-01), paid on its own (GIR-56) with trade cards, treasury and research points
    (GI-CARULE-03). ``restore``: a flipped advance of that city turned face up again at half
    its price (GI-CARULE-04)."""

    __pydantic_config__ = ConfigDict(extra="forbid", strict=True)  # type: ignore[misc]
    advance: CityAdvanceId
    city: AreaId
    pay_cards: NotRequired[Many(GICardId)]
    treasury: NotRequired[Count]
    research: NotRequired[Count]
    restore: NotRequired[bool]


@order("trade_offer", rule="28.2", fields={"said": "28.3", "expect": "28.3"}, variant=KEY)
@dataclass(slots=True)
class GITradeOffer(TradeOffer):
    __doc__ = TradeOffer.__doc__
    give: Many(GICardId) = field(default_factory=list)
    said: Many(GIStatedCard) = field(default_factory=list)
    expect: Many(GIExpectedCard) = field(default_factory=list)


@order("trade_accept", rule="28.1", fields={"give": "28.2", "said": "28.3", "expect": "28.3"}, variant=KEY)
@dataclass(slots=True)
class GITradeAccept(TradeAccept):
    __doc__ = TradeAccept.__doc__
    give: Many(GICardId) = field(default_factory=list)
    said: Many(GIStatedCard) = field(default_factory=list)
    expect: Many(GIExpectedCard) = field(default_factory=list)


@order("buy", rule="31.1", fields={"cards": "32.1", "pay_cards": "31.31", "treasury": "31.41",
                                   "discard": "31.71", "advances": "GI-TURN-12", "research": "GI-CARULE-03",
                                   "leader_credit": "GI-LEADER-04"},
       variant=KEY)
@dataclass(slots=True)
class GIBuy(Buy):
    """Buy civilization cards, pay for them, surrender the excess (31.1-31.71), and buy city
    advances, each line paid on its own (D18, GI-TURN-12; ``purchase.py``). ``research``:
    research points spent on civilization cards bought now, card -> points (GI-CARULE-03).
    ``leader_credit``: the civilization card or city advance bought now that the Civilized
    Leader's one-time credit goes to (GI-LEADER-04; "": not used)."""

    cards: Many(GICivCardId) = field(default_factory=list)
    pay_cards: Many(GICardId) = field(default_factory=list)
    discard: Many(GICardId) = field(default_factory=list)
    advances: Many(AdvanceLine) = field(default_factory=list)
    research: Mapping(GICivCardId, Count) = field(default_factory=dict)
    leader_credit: GICivCardId | CityAdvanceId | Literal[""] = ""
