"""Trade (28) as the site runs it (SITE-TRADE-01..14, SITE-MARKET-*, SITE-MSG-01).

Negotiation happens elsewhere (SITE-TRADE-03); the engine only carries out agreed
exchanges. An offer from A to B (``trade_offer``) lists the cards A gives, each with what
B is told it is (the truth, another card's name = a lie, or "unspecified" = a lie,
SITE-TRADE-06), and what A expects to receive, one entry per card: a card name,
``dont_care`` or ``unspecified`` (SITE-TRADE-04). B accepts (``trade_accept``) with his own
side. The cards change hands at once, both sides in one step, when each side's *stated*
cards match the other's expectations (SITE-TRADE-08, 10, 11) and the market is open; a
deal done is final (28.1). Honesty (28.3, SITE-TRADE-09): each side gives at least three
cards, at most (given - 2) of them lies; only commodities and tradable calamities leave a
hand (27.3); a player holding fewer than three cards cannot trade.

The market (SITE-MARKET-*): the phase opens under the embargo (``step["market_open"]``
False); the platform sends ``market_open`` when the embargo time has passed and
``close_market`` at the cutoff. Deals agreed during the embargo are queued and carried out
when it opens, in the order they were agreed, skipping any whose cards are gone (SZ-17).
``trade_done`` leaves the market (SITE-TRADE-14); any offer or acceptance re-enters it.
The phase ends when nobody who can trade is still in the market (SITE-MARKET-07).

Orders (``player`` = seat; ``to`` = seat or nation id)::

    {"type": "trade_offer", "player": 0, "to": "babylon", "give": ["salt", "salt", "treachery"],
     "said": ["salt", "salt", "grain"], "expect": ["oil", "oil", "dont_care"]}   -> offer #id
    {"type": "trade_accept", "player": 1, "offer": 1, "give": ["oil", "oil", "iron"],
     "said": [], "expect": []}          # said [] = all true; expect [] = as told
    {"type": "trade_withdraw", "player": 0, "offer": 1}   # withdraw, or decline if received
    {"type": "trade_done", "player": 0}                   # leave the market
    {"type": "trade_message", "player": 0, "text": "Want Oil"}
    {"type": "market_open", "player": 0} / {"type": "close_market", "player": 0}  # platform only
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ...contract import AlreadyDone, Decision, IllegalOrder, Timer
from ..context import Context
from ..orders import Order, order, site_order
from ..schema import ExpectedCard, Many, NationId, Positive, Seat, StatedCard, Text, TradeCardId
from ..phase import Phase, refuse_repeat, register, require_phase_player
from ..state import Player
from ..view import PHASE_SECRETS, PHASE_VIEWS
from .acquisition import card_name

#: 28.3: each side of a deal gives at least this many cards.
MIN_CARDS = 3
#: 28.3, SITE-TRADE-09: at least this many stated identities on each side are true.
TRUE_CARDS = 2
DONT_CARE = "dont_care"
UNSPECIFIED = "unspecified"
#: Guards against runaway offer lists (a player may have this many open offers).
MAX_OPEN_OFFERS = 30
MAX_MESSAGE = 500
#: the random bot's public message once it has left the market (``sample``)
DONE_MESSAGE = "I am done trading."


# ---- orders ---------------------------------------------------------------------------
@order("trade_offer", rule="28.2", fields={"said": "28.3", "expect": "28.3"})
@dataclass(slots=True)
class TradeOffer(Order):
    """Offer ``give`` (real cards) to seat (or nation) ``to``; ``said`` = what ``to`` is told each card
    is (empty = all true; "unspecified" allowed); ``expect`` = one entry per card wanted:
    a card id, "dont_care" or "unspecified" (SITE-TRADE-04..07)."""

    to: Seat | NationId = -1
    give: Many(TradeCardId) = field(default_factory=list)
    said: Many(StatedCard) = field(default_factory=list)
    expect: Many(ExpectedCard) = field(default_factory=list)


@order("trade_accept", rule="28.1", fields={"give": "28.2", "said": "28.3", "expect": "28.3"})
@dataclass(slots=True)
class TradeAccept(Order):
    """Accept offer ``offer`` with one's own side (SITE-TRADE-08). ``expect`` empty = the
    offer's stated cards, exactly as told."""

    offer: Positive = -1
    give: Many(TradeCardId) = field(default_factory=list)
    said: Many(StatedCard) = field(default_factory=list)
    expect: Many(ExpectedCard) = field(default_factory=list)


@order("trade_withdraw", rule="28.1")
@dataclass(slots=True)
class TradeWithdraw(Order):
    """Withdraw one's offer, or decline one received (28.1: until the cards change hands)."""

    offer: Positive = -1


@order("trade_done", rule="SITE-TRADE-14")
@dataclass(slots=True)
class TradeDone(Order):
    """Leave the market: finished trading with everyone (SITE-TRADE-14)."""


@order("trade_message", rule="SITE-MSG-01")
@dataclass(slots=True)
class TradeMessage(Order):
    """Set one's public message, e.g. what one wants and offers (SITE-MSG-01)."""

    text: Text = ""


@site_order("market_open", rule="SITE-MARKET-01")
@dataclass(slots=True)
class MarketOpen(Order):
    """Platform order: the embargo has ended (SITE-MARKET-01/02). Not for players."""


@site_order("close_market", rule="SITE-MARKET-03")
@dataclass(slots=True)
class CloseMarket(Order):
    """Platform order: the market cutoff has passed (SITE-MARKET-03/07). Not for players."""


# ---- checks ---------------------------------------------------------------------------
def stated_names(g: Context) -> set[str]:
    """Names a card given may be stated as: any tradable card, or "unspecified"."""
    return {c for c in g.d.commodities} | {cal.id for cal in g.d.calamities_in_play(g.s.options)
                                           if cal.tradable} | {UNSPECIFIED}


def tradable_count(g: Context, p: Player) -> int:
    """Cards of ``p`` that may leave his hand: commodities and tradable calamities (27.3)."""
    return sum(1 for c in p.hand if g.d.is_tradable(c))


def can_trade(g: Context, p: Player) -> bool:
    """28.3: a player with fewer than three trade cards cannot trade; inert nations take no
    actions (15.61). Counted on the whole hand, whose size everyone sees: who is in the market
    is public, and counting only tradable cards would tell the table that a player holds a
    non-tradable calamity (27.3, 27.4; ruling T-16). Whether he can make up a side of three
    tradable cards is checked on his own orders (``can_give``)."""
    return p.nation is not None and not p.inert and len(p.hand) >= MIN_CARDS


def can_give(g: Context, p: Player) -> bool:
    """Can ``p`` make up a side at all: three cards that may leave his hand (27.3, 28.3)?"""
    return can_trade(g, p) and tradable_count(g, p) >= MIN_CARDS


def refuse_unable(g: Context, p: Player) -> None:
    """Refuse an offer or acceptance from a player who cannot make up a side (told only to him)."""
    if not can_give(g, p):
        raise IllegalOrder("28.3", f"you need at least {MIN_CARDS} tradable cards to trade "
                           "(non-tradable calamities never leave your hand, 27.3)")


def holds(hand: list[str], cards: list[str]) -> bool:
    """True if ``hand`` contains all of ``cards`` (as a multiset)."""
    have = Counter(hand)
    return all(have[c] >= n for c, n in Counter(cards).items())


def check_side(g: Context, p: Player, give: list[str], said: list[str]) -> list[str]:
    """Validate one side of a deal (28.2, 28.3, 27.3, SITE-TRADE-06/09) and give the
    stated names (``said`` with the truth filled in)."""
    if not isinstance(give, list) or not all(isinstance(c, str) for c in give):
        raise IllegalOrder("28.2", "list the trade cards you give by name")
    if len(give) < MIN_CARDS:
        raise IllegalOrder("28.3", f"each side of a trade gives at least {MIN_CARDS} trade cards")
    for c in give:
        if c not in g.d.commodities and c not in g.d.calamities:
            raise IllegalOrder("28.2", f"{c!r} is not a trade card; trades are of trade cards only "
                               "(no treasury, no civilization cards)")
        if not g.d.is_tradable(c):
            raise IllegalOrder("27.3", f"{card_name(g, c)} cannot be traded: it stays with the "
                               "player who drew it until trading ends")
    if not holds(p.hand, give):
        raise IllegalOrder("28.3", "you do not hold all the cards you offer to give")
    if (not isinstance(said, list) or (said and len(said) != len(give))
            or not all(isinstance(x, str) for x in said)):
        raise IllegalOrder("28.3", "state one name per card given (or none to tell the truth)")
    stated = list(said) if said else list(give)
    allowed = stated_names(g)
    for s in stated:
        if s not in allowed:
            raise IllegalOrder("28.3", f"a card can be stated only as a tradable card or "
                               f"'unspecified', not {s!r}")
    # 28.3 asks for two honestly named cards, not for names in the order the cards were put
    # down: the true names are those matched by a real card, pairing them as well as possible
    # (ruling T-15). "Unspecified" never names a real card.
    real = Counter(give)
    lies = len(give) - sum(min(n, real[s]) for s, n in Counter(stated).items())
    if lies > len(give) - TRUE_CARDS:
        raise IllegalOrder("28.3", f"at least {TRUE_CARDS} of the cards you give must be stated "
                           f"truthfully: with {len(give)} cards at most {len(give) - TRUE_CARDS} "
                           f"may be lies, you stated {lies}")
    return stated


def check_expect(g: Context, expect: list[str]) -> None:
    """Expectations: one entry per card, a card name, Don't Care or Unspecified
    (SITE-TRADE-04); at least three cards (28.3)."""
    if (not isinstance(expect, list) or len(expect) < MIN_CARDS
            or not all(isinstance(x, str) for x in expect)):
        raise IllegalOrder("28.3", f"say what you expect to receive, one entry per card, "
                           f"at least {MIN_CARDS} cards")
    allowed = stated_names(g) | {DONT_CARE}
    for e in expect:
        if e not in allowed:
            raise IllegalOrder("28.3", f"{e!r} cannot be expected: name a tradable card, "
                               "'dont_care' or 'unspecified'")
    # Each "Unspecified" card is a lie (SITE-TRADE-11) and a side of n cards holds at most
    # n - 2 lies (28.3): more could never be met (ruling T-18).
    unspecified = sum(1 for e in expect if e == UNSPECIFIED)
    if unspecified > len(expect) - TRUE_CARDS:
        raise IllegalOrder("28.3", f"at most {len(expect) - TRUE_CARDS} of {len(expect)} cards "
                           "expected can be Unspecified: each is a lie, and at least "
                           f"{TRUE_CARDS} cards of a side are stated truthfully")


def matches(stated: list[str], expect: list[str]) -> bool:
    """Does a side's stated cards fill the other's expectations (SITE-TRADE-08/10/11)?
    The counts must be equal (28.3: the number of cards is always honest); a named entry
    needs a card stated as that name, "unspecified" a card stated as "unspecified", and
    "dont_care" takes any stated card."""
    if len(stated) != len(expect):
        return False
    have = Counter(stated)
    return all(have[e] >= n for e, n in Counter(expect).items() if e != DONT_CARE)


def names(g: Context, cards: list[str]) -> str:
    """Readable list of stated or real card names."""
    out = []
    for c in cards:
        if c == UNSPECIFIED:
            out.append("Unspecified")
        elif c == DONT_CARE:
            out.append("Don't Care")
        else:
            out.append(card_name(g, c))
    return ", ".join(out)


# ---- the market ---------------------------------------------------------------------
def step(g: Context) -> dict[str, Any]:
    return g.s.step


def in_market(g: Context) -> list[int]:
    """Seats still in the market: able to trade and not left (SITE-TRADE-14)."""
    left = set(step(g)["left"])
    return [p.seat for p in g.active() if can_trade(g, p) and p.seat not in left]


def timers(g: Context) -> list[Timer]:
    """The market's clock (SITE-MARKET-01..07): the embargo ends half a time limit after the
    market opens; the cutoff falls ``cutoff_players`` time limits after it (the engine keeps
    that figure at most the players still in the market, SITE-MARKET-04/05), moved by the
    availability of each player still in the market, in A.S.T. order (SITE-AVAIL-03, SZ-11)."""
    st = g.s.step
    if g.s.phase != "trade" or st.get("closed") or not st.get("held"):
        return []
    out = []
    turn = g.s.turn
    if not st.get("market_open"):
        out.append(Timer(f"t{turn}:trade:embargo", {"type": "market_open", "player": 0}, 0.5,
                         label="the trade embargo ends"))
    seats = sorted(in_market(g), key=lambda s: g.ast_rank(g.s.players[s].nation))
    out.append(Timer(f"t{turn}:trade:cutoff", {"type": "close_market", "player": 0},
                     float(st["cutoff_players"]), seats, label="the trade market closes"))
    return out


def find_offer(g: Context, oid: Any) -> dict[str, Any]:
    for off in step(g)["offers"]:
        if off["id"] == oid:
            return off
    raise IllegalOrder("28.1", f"there is no open offer #{oid} (it may have been withdrawn, "
                       "declined, carried out or voided)")


def enter(g: Context, seat: int) -> None:
    """Re-enter the market (SITE-TRADE-14); the cutoff is not changed (SITE-MARKET-05)."""
    left = step(g)["left"]
    if seat in left:
        left.remove(seat)
        g.emit(f"{g.name(g.s.players[seat].nation)} re-enters the market.", "market_reenter",
               seat=seat)


def leave(g: Context, seat: int) -> None:
    """Leave the market (SITE-TRADE-14); the cutoff becomes min(cutoff, players still in
    the market) x time limit (SITE-MARKET-04)."""
    st = step(g)
    if seat not in st["left"]:
        st["left"].append(seat)
    st["cutoff_players"] = min(st["cutoff_players"], len(in_market(g)))
    g.emit(f"{g.name(g.s.players[seat].nation)} leaves the market.", "market_leave", seat=seat,
           cutoff_players=st["cutoff_players"])


def hand_over(g: Context, giver: Player, taker: Player, cards: list[str]) -> None:
    """Move cards between hands, recording who passed each tradable calamity (for 29.61 /
    30.221: the trader of a calamity)."""
    for c in cards:
        giver.hand.remove(c)
        taker.hand.append(c)
        if c in g.d.calamities:
            giver.flags.get("calamity_from", {}).pop(c, None)
            taker.flags.setdefault("calamity_from", {})[c] = giver.nation


def execute(g: Context, off: dict[str, Any]) -> bool:
    """Carry out an agreed deal in one step (28.1, SITE-TRADE-08); gives False (and voids
    it with an event) when a side no longer holds its cards (SZ-17)."""
    a, b = g.s.players[off["from"]], g.s.players[off["to"]]
    acc = off["accept"]
    step(g)["offers"].remove(off)
    if not (holds(a.hand, off["give"]) and holds(b.hand, acc["give"])):
        g.emit(f"Trade #{off['id']} between {g.name(a.nation)} and {g.name(b.nation)} is void: "
               "a card in it is no longer held.", "trade_void", to=[a.seat, b.seat], offer=off["id"])
        return False
    hand_over(g, a, b, off["give"])
    hand_over(g, b, a, acc["give"])
    g.on_cards_received(b.nation, a.nation, list(off["give"]), "trade")
    g.on_cards_received(a.nation, b.nation, list(acc["give"]), "trade")
    g.emit(f"Trade #{off['id']}: you receive from {g.name(b.nation)}: {names(g, acc['give'])}.",
           "trade_private", to=[a.seat], offer=off["id"], received=list(acc["give"]))
    g.emit(f"Trade #{off['id']}: you receive from {g.name(a.nation)}: {names(g, off['give'])}.",
           "trade_private", to=[b.seat], offer=off["id"], received=list(off["give"]))
    if g.s.options.public_trade_message:  # SITE-TRADE-13, SITE-CREATE-13
        g.emit(f"{g.name(a.nation)} traded {len(off['give'])} cards said to be "
               f"{names(g, off['said'])} to {g.name(b.nation)} for {len(acc['give'])} cards "
               f"said to be {names(g, acc['said'])}.", "trade", nation=a.nation,
               partner=b.nation, said=list(off["said"]), partner_said=list(acc["said"]))
    void_stale(g)
    return True


def void_stale(g: Context) -> None:
    """Offers whose offerer (or accepter) no longer holds the cards are voided at once, so
    an acceptance never meets a card that has gone."""
    for off in list(step(g)["offers"]):
        a = g.s.players[off["from"]]
        ok = holds(a.hand, off["give"])
        if ok and off.get("accept") and not off.get("queued"):
            ok = holds(g.s.players[off["to"]].hand, off["accept"]["give"])
        if not ok and not off.get("queued"):
            step(g)["offers"].remove(off)
            g.emit(f"Offer #{off['id']} from {g.name(a.nation)} to "
                   f"{g.name(g.s.players[off['to']].nation)} is void: a card in it is no longer held.",
                   "trade_void", to=[off["from"], off["to"]], offer=off["id"])


def open_market(g: Context) -> None:
    """End the embargo (SITE-MARKET-01): deals agreed meanwhile are carried out in the
    order they were agreed, invalid ones skipped (SITE-MARKET-02, SZ-17)."""
    st = step(g)
    if st["market_open"]:
        return
    st["market_open"] = True
    g.emit("The trade embargo ends: cards may now change hands.", "market_open")
    for oid in list(st["queue"]):
        off = next((o for o in st["offers"] if o["id"] == oid), None)
        if off is not None:
            off["queued"] = False
            execute(g, off)
    st["queue"] = []
    void_stale(g)


@register
class TradePhase(Phase):
    name = "trade"
    rule = "28"
    accepts = ("trade_offer", "trade_accept", "trade_withdraw", "trade_done", "trade_message",
               "market_open", "close_market")

    def start(self, g: Context) -> None:
        """Open the market under the embargo (SITE-MARKET-01) unless the step already says
        otherwise (scenarios); the cutoff counts all players (SITE-MARKET-03)."""
        st = g.s.step
        st.setdefault("market_open", False)
        st.setdefault("closed", False)
        st.setdefault("left", [])
        st.setdefault("offers", [])
        st.setdefault("queue", [])
        st.setdefault("next_id", 1)
        st.setdefault("messages", {})
        st.setdefault("actions", {})
        st.setdefault("cutoff_players", len([p for p in g.active() if not p.inert]))
        # a deal takes two players who can trade (28.2, 28.3): with fewer there is no market
        st["held"] = len(in_market(g)) >= 2
        if not st["held"]:
            st["closed"] = True
            return
        g.emit("The trade market opens" + ("." if st["market_open"] else
               " under embargo: trades may be set up, cards change hands when it ends."),
               "market_start", market_open=st["market_open"])

    def pending(self, g: Context) -> list[Decision]:
        """Everyone who can trade owes 'Done' (required while in the market; a player who
        left may re-enter). SITE-MARKET-09: the only default is leaving with one's hand. A
        player who left while an offer to him awaits his answer is marked ``answer_due``: a
        bot in his seat answers it (SITE-BOT-01)."""
        st = step(g)
        if st["closed"]:
            return []
        inside = set(in_market(g))
        unanswered = {off["to"] for off in st["offers"] if off["accept"] is None}
        out = []
        for p in g.active():
            if not can_trade(g, p):
                continue
            out.append(Decision(p.seat, "trade", "Trade with other players, then say Done",
                                required=p.seat in inside, timed=False,
                                answer_due=p.seat not in inside and p.seat in unanswered,
                                default="the market closes at its cutoff; you keep your hand",
                                options={"market_open": st["market_open"],
                                         "cutoff_players": st["cutoff_players"]}))
        return out

    def complete(self, g: Context) -> bool:
        """SITE-MARKET-07: trading ends when everyone has left or the cutoff has passed."""
        return step(g)["closed"] or not in_market(g)

    def finish(self, g: Context) -> None:
        """If everyone left during the embargo, it ends at once: queued deals are carried
        out (ruling in docs/rulings/trade.md), then the market closes."""
        if step(g)["queue"]:
            open_market(g)
        if step(g).get("held"):
            g.emit("Trading is over.", "market_closed")

    def timeout(self, g: Context, seat: int) -> None:
        """SITE-MARKET-09: no other default; the player leaves the market with his hand."""
        g.emit(f"{g.name(g.s.players[seat].nation)} did not trade further in time.", "timeout",
               seat=seat)
        leave(g, seat)

    def handle(self, g: Context, o: Order) -> None:
        if isinstance(o, MarketOpen):
            open_market(g)
            return
        if isinstance(o, CloseMarket):
            open_market(g)
            step(g)["closed"] = True
            g.emit("The trade market cutoff has passed.", "market_cutoff")
            return
        require_phase_player(g, o, "28.1")
        st = step(g)
        if isinstance(o, TradeMessage):
            self._message(g, o)
        elif isinstance(o, TradeDone):
            if o.player in st["left"]:  # Done twice changes nothing (SITE-SAFE-10)
                raise AlreadyDone("SITE-TRADE-14", "you have already left the market")
            leave(g, o.player)
        elif isinstance(o, TradeOffer):
            self._offer(g, o)
        elif isinstance(o, TradeAccept):
            self._accept(g, o)
        elif isinstance(o, TradeWithdraw):
            self._withdraw(g, o)
        st["actions"][str(o.player)] = st["actions"].get(str(o.player), 0) + 1  # for sample()

    # ---- orders ---------------------------------------------------------------
    def _message(self, g: Context, o: TradeMessage) -> None:
        """SITE-MSG-01: a public message, editable throughout trading (embargo included)."""
        if not isinstance(o.text, str) or len(o.text) > MAX_MESSAGE:
            raise IllegalOrder("SITE-MSG-01", f"a public message is text of at most {MAX_MESSAGE} "
                               "characters")
        refuse_repeat(step(g)["messages"].get(str(o.player)), o.text, "SITE-MSG-01",
                      "your public message already says this")  # SITE-SAFE-10
        step(g)["messages"][str(o.player)] = o.text
        g.emit(f"{g.name(g.s.players[o.player].nation)}'s public message: {o.text}", "message",
               seat=o.player, message=o.text)

    def _offer(self, g: Context, o: TradeOffer) -> None:
        """Validate and record an offer (28.2, 28.3, SITE-TRADE-04..09)."""
        a = g.player(o.player)
        refuse_unable(g, a)
        if isinstance(o.to, str):  # a partner may be named by nation (SITE-TRADE-02)
            o.to = next((p.seat for p in g.s.players if p.nation == o.to), -1)
        if not isinstance(o.to, int) or isinstance(o.to, bool) or not 0 <= o.to < len(g.s.players):
            raise IllegalOrder("28.2", "choose a player to trade with")
        if o.to == o.player:
            raise IllegalOrder("28.2", "a trade is between two different players")
        b = g.s.players[o.to]
        if b.nation is None or b.inert:
            raise IllegalOrder("15.61", "that seat has no active nation to trade with")
        if len(b.hand) < MIN_CARDS:
            raise IllegalOrder("28.3", f"{g.name(b.nation)} holds fewer than {MIN_CARDS} cards "
                               "and cannot trade")
        stated = check_side(g, a, o.give, o.said)
        check_expect(g, o.expect)
        st = step(g)
        if sum(1 for x in st["offers"] if x["from"] == o.player) >= MAX_OPEN_OFFERS:
            raise IllegalOrder("28.1", f"you have {MAX_OPEN_OFFERS} open offers; withdraw some first")
        oid = st["next_id"]
        st["next_id"] = oid + 1
        st["offers"].append({"id": oid, "from": o.player, "to": o.to, "give": list(o.give),
                             "said": stated, "expect": list(o.expect), "accept": None,
                             "queued": False})
        enter(g, o.player)
        g.emit(f"Offer #{oid} to {g.name(b.nation)}: you give {names(g, o.give)} (stated as "
               f"{names(g, stated)}) and expect {names(g, o.expect)}.", "offer_made", to=[a.seat],
               offer=oid)
        g.emit(f"Offer #{oid} from {g.name(a.nation)}: {len(o.give)} cards said to be "
               f"{names(g, stated)}, for {names(g, o.expect)}.", "offer_received", to=[b.seat],
               offer=oid, said=stated, expect=list(o.expect))

    def _accept(self, g: Context, o: TradeAccept) -> None:
        """Accept an offer with a matching side (SITE-TRADE-08/10/11); carried out at once
        when the market is open, else queued until the embargo ends (SITE-MARKET-01/02)."""
        off = find_offer(g, o.offer)
        if off["to"] != o.player:
            raise IllegalOrder("28.2", f"offer #{o.offer} was not made to you")
        if off["accept"] is not None:
            raise IllegalOrder("28.1", f"you have already accepted offer #{o.offer}")
        b = g.player(o.player)
        a = g.s.players[off["from"]]
        refuse_unable(g, b)
        stated = check_side(g, b, o.give, o.said)
        expect = list(o.expect) if o.expect else list(off["said"])
        check_expect(g, expect)
        if not matches(stated, off["expect"]):
            raise IllegalOrder("SITE-TRADE-08", f"{g.name(a.nation)} expects "
                               f"{names(g, off['expect'])}; the cards you state "
                               f"({names(g, stated)}) do not match")
        if not matches(off["said"], expect):
            raise IllegalOrder("SITE-TRADE-08", f"you expect {names(g, expect)}; the cards "
                               f"{g.name(a.nation)} states ({names(g, off['said'])}) do not match")
        if not holds(a.hand, off["give"]):  # cannot happen after void_stale; kept as a guard
            raise IllegalOrder("28.3", f"{g.name(a.nation)} no longer holds the cards offered")
        off["accept"] = {"give": list(o.give), "said": stated, "expect": expect}
        enter(g, o.player)
        st = step(g)
        if st["market_open"]:
            execute(g, off)
            return
        off["queued"] = True
        st["queue"].append(off["id"])
        for seat in (a.seat, b.seat):
            g.emit(f"Trade #{off['id']} between {g.name(a.nation)} and {g.name(b.nation)} is agreed; "
                   "the cards change hands when the embargo ends.", "trade_queued", to=[seat],
                   offer=off["id"])

    def _withdraw(self, g: Context, o: TradeWithdraw) -> None:
        """28.1: offers may be withdrawn (or declined) until the cards change hands."""
        off = find_offer(g, o.offer)
        if o.player not in (off["from"], off["to"]):
            raise IllegalOrder("28.2", f"offer #{o.offer} is not yours")
        st = step(g)
        st["offers"].remove(off)
        if off["id"] in st["queue"]:
            st["queue"].remove(off["id"])
        who = g.name(g.s.players[o.player].nation)
        verb = "withdrawn" if o.player == off["from"] else "declined"
        g.emit(f"Offer #{off['id']} is {verb} by {who}.", "offer_withdrawn",
               to=[off["from"], off["to"]], offer=off["id"])

    # ---- bots -------------------------------------------------------------------
    def sample(self, g: Context, seat: int, rng) -> Order:
        """A random legal order: accept a matching offer, make an offer, or leave. The
        chance of leaving grows with each action, so a random bot leaves after a few. Asked
        after leaving (an offer awaits its answer, ``Decision.answer_due``), it declines."""
        st = step(g)
        p = g.s.players[seat]
        acted = st["actions"].get(str(seat), 0)
        incoming = [x for x in st["offers"] if x["to"] == seat and x["accept"] is None]
        if seat in st["left"] and incoming:  # asked for an answer after leaving: decline
            return TradeWithdraw(seat, incoming[0]["id"])
        if (seat in st["left"] or not can_give(g, p) or rng.below(acted + 2) >= 2):
            if seat in st["left"]:  # changes his public message (the same again changes nothing)
                said = st["messages"].get(str(seat))
                return TradeMessage(seat, "" if said == DONE_MESSAGE else DONE_MESSAGE)
            return TradeDone(seat)
        tradable = [c for c in p.hand if g.d.is_tradable(c)]
        if incoming and rng.below(2) == 0:
            off = rng.choice(incoming)
            side = self._sample_side(g, tradable, off["expect"], rng)
            if side is not None:
                return TradeAccept(seat, off["id"], side[0], side[1], [])
            return TradeWithdraw(seat, off["id"])
        partners = [q.seat for q in g.active() if q.seat != seat and not q.inert
                    and len(q.hand) >= MIN_CARDS]
        if not partners or sum(1 for x in st["offers"] if x["from"] == seat) >= MAX_OPEN_OFFERS:
            return TradeDone(seat)
        n = MIN_CARDS + rng.below(min(len(tradable), 5) - MIN_CARDS + 1)
        give = rng.sample(tradable, n)
        said = self._sample_said(g, give, [DONT_CARE] * n, rng)
        allowed = sorted(stated_names(g) - {UNSPECIFIED})
        expect = [rng.choice([DONT_CARE, DONT_CARE, UNSPECIFIED, rng.choice(allowed)])
                  for _ in range(MIN_CARDS + rng.below(3))]
        extra = sum(1 for e in expect if e == UNSPECIFIED) - (len(expect) - TRUE_CARDS)
        for i in [i for i, e in enumerate(expect) if e == UNSPECIFIED][:max(0, extra)]:
            expect[i] = DONT_CARE  # no more Unspecified than lies allowed (28.3)
        return TradeOffer(seat, rng.choice(partners), give, said, expect)

    def _sample_said(self, g: Context, give: list[str], expect: list[str], rng) -> list[str]:
        """Stated names for ``give``: up to (n - 2) random lies."""
        said = list(give)
        lies = rng.below(len(give) - TRUE_CARDS + 1)
        allowed = sorted(stated_names(g))
        for i in rng.sample(range(len(give)), lies):
            said[i] = rng.choice(allowed)
        return said

    def _sample_side(self, g: Context, tradable: list[str], expect: list[str], rng
                     ) -> tuple[list[str], list[str]] | None:
        """A random side that meets ``expect`` (stated names fit), or None if impossible.
        Named entries are met truthfully when held, else by a lie while lies remain."""
        n = len(expect)
        if len(tradable) < n:
            return None
        pool = list(tradable)
        rng.shuffle(pool)
        give: list[str | None] = [None] * n
        said: list[str] = [""] * n
        lies = 0
        for i, e in enumerate(expect):
            if e not in (DONT_CARE, UNSPECIFIED) and e in pool:
                pool.remove(e)
                give[i], said[i] = e, e
        for i, e in enumerate(expect):
            if give[i] is not None:
                continue
            card = pool.pop()
            give[i] = card
            if e == DONT_CARE:
                said[i] = card
            else:
                said[i] = e
                lies += 1
        if lies > n - TRUE_CARDS:
            return None
        return [c for c in give if c is not None], said


def trade_view(g: Context, seat: int | None) -> dict[str, Any]:
    """The market as ``seat`` sees it (SITE-TRADE-01, SITE-MSG-01): market state, public
    messages, the offers he made (his real cards and what he said) and received (only what
    was said, 28.3); never another's hand or the truth behind a lie."""
    st = step(g)
    v: dict[str, Any] = {
        "market_open": st.get("market_open", False),
        "in_market": in_market(g) if "left" in st else [],
        "left": list(st.get("left", [])),
        "cutoff_players": st.get("cutoff_players"),
        "messages": dict(st.get("messages", {})),
    }
    if seat is None:
        return v
    made, received = [], []
    for off in st.get("offers", []):
        acc = off["accept"]
        if off["from"] == seat:
            made.append({"id": off["id"], "to": off["to"], "give": list(off["give"]),
                         "said": list(off["said"]), "expect": list(off["expect"]),
                         "accepted_said": list(acc["said"]) if acc else None})
        elif off["to"] == seat:
            received.append({"id": off["id"], "from": off["from"], "said": list(off["said"]),
                             "expect": list(off["expect"]),
                             "my_give": list(acc["give"]) if acc else None,
                             "my_said": list(acc["said"]) if acc else None})
    v["offers_made"] = made
    v["offers_received"] = received
    return v


PHASE_VIEWS["trade"] = trade_view


def trade_secrets(st: dict[str, Any], seat: int) -> dict[str, Any]:
    """The market's scratch data as ``seat`` knows it (for bots, 27.4, 28.3, SITE-TALK-03):
    offers between two others are gone; of an offer made to him only what was said; of a
    counter side accepted by his partner only what was said. His own cards stay."""
    from ..view import HIDDEN

    st = dict(st)
    mine = []
    for off in st.get("offers", []):
        if off["from"] == seat:
            off = dict(off)
            if off.get("accept"):
                off["accept"] = dict(off["accept"], give=[HIDDEN] * len(off["accept"]["give"]))
        elif off["to"] == seat:
            off = dict(off, give=[HIDDEN] * len(off["give"]))
        else:
            continue
        mine.append(off)
    st["offers"] = mine
    ids = {off["id"] for off in mine}
    st["queue"] = [oid for oid in st.get("queue", []) if oid in ids]
    st["actions"] = {k: v for k, v in st.get("actions", {}).items() if k == str(seat)}
    return st


PHASE_SECRETS["trade"] = trade_secrets
