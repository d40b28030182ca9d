"""The trading bot (SITE-BOT-01, SITE-BOT-02): the heuristic bot in every phase but the trade
market, where it behaves as a patient player does.

It decides on what its own seat knows (``view.information_state``): its hand, the public
messages, the offers it made (its real cards) and received (only what was said, 28.3).

In the market, one order per call, in this order of urgency:

1. **Answer every offer made to it** (SITE-BOT-01): accept when the deal raises what its hand
   is worth (:func:`worth`) by at least :data:`MIN_GAIN` after allowing for lies, else decline
   (``trade_withdraw``). A seat that has left the market is still asked when an offer awaits
   its answer (``Decision.answer_due``), so an offer to a bot is never left unanswered.
2. **Say what it wants and what it spares** in its public message, once.
3. **Make an offer** to a seat still in the market -- a person or a bot alike -- that has no
   open offer from it: its least useful tradable cards (a tradable calamity first, passed off
   as a commodity: at least two cards are named truly, 28.3, SITE-BOT-02) for the two
   commodities that would raise its sets most, preferring a partner whose public message
   offers them, and offering the partner what its message wants.
4. **Wait** (gives None: nothing to do now) while an offer of its own awaits the answer of a
   seat still in the market: the clock asks again at the game's next order, and the market's
   cutoff ends the wait (SITE-MARKET-03).
5. **Leave** (``trade_done``) when it has nothing left to gain: no answer owed, none awaited,
   and no offer left to make (its budget of :data:`OFFER_BUDGET` actions spent, no partner
   left, or nothing it wants or can spare).

How a deal is valued (:func:`deal_gain`): the hand's worth is the set value of the commodity
cards it would keep under the hand limit (31.71, ``civcards.best_kept``) less
:data:`CALAMITY_COST` for each tradable calamity held. Of the cards a partner states, the bot
trusts only the two that help it least (28.3 guarantees two true names, not which two); each
other card is the stated one with probability 1 - :data:`LIE_RISK`, else a tradable calamity.
A card stated as a calamity or "Unspecified" counts as a calamity.
"""
from __future__ import annotations

from collections import Counter

from ....rng import Rng
from ..context import Context
from ..rules import civcards as cc
from ..rules.trade import DONT_CARE, MIN_CARDS, UNSPECIFIED, holds, trade_view
from ..state import GameState
from ..variant import game_for, variant_of
from ..view import information_state
from . import plain
from .heuristic import heuristic_bot, planners_for

#: What holding a tradable calamity costs, in set points (the heuristic's own figure).
CALAMITY_COST = plain.CALAMITY_RELIEF
#: The share of the cards beyond the two trusted ones assumed to be lies hiding a calamity.
LIE_RISK = 0.15
#: A deal must raise the hand's expected worth by at least this many points.
MIN_GAIN = 1.0
#: The market actions (offers, answers, messages) after which it makes no new offer.
OFFER_BUDGET = 12
#: How much cheaper a card looks when the partner's message says he wants it (a deal he
#: will accept is worth a little of our sets).
WANT_BONUS = 3
#: Offers made to one partner in one market, at most (counted while they stay open).
PER_PARTNER = 1


def trader_bot(state: GameState, seat: int, rng: Rng) -> dict | None:
    """The trading bot's order for ``seat``'s current decision, or None when, in the trade
    market, it has nothing to do until someone answers (see the module docstring)."""
    if state.phase != "trade" or planners_for(variant_of(state)).get("trade") is not None:
        return heuristic_bot(state, seat, rng)  # elsewhere, or a variant's own market (EP-11)
    return Market(game_for(information_state(state, seat)), seat).plan(rng)


# ---- valuation ------------------------------------------------------------------------------
def worth(g: Context, hand: list[str]) -> float:
    """What ``hand`` is worth to its holder: the set value of the commodity cards kept under
    the hand limit (31.71), less :data:`CALAMITY_COST` per tradable calamity."""
    kept = cc.best_kept(g, hand, g.s.options.hand_limit)
    bad = sum(1 for c in hand if c in g.d.calamities and g.d.is_tradable(c))
    return g.hand_value(kept) - CALAMITY_COST * bad


def _is_bad(g: Context, stated: str) -> bool:
    """A stated card that counts as a calamity: a calamity's name, or "Unspecified"."""
    return stated == UNSPECIFIED or stated in g.d.calamities


def incoming_worth(g: Context, hand: list[str], said: list[str]) -> float:
    """The expected worth of ``hand`` plus the cards stated as ``said`` (module docstring)."""
    named = [c for c in said if not _is_bad(g, c)]
    bad = len(said) - len(named)
    # the two named cards that help least are the ones sure to be true (28.3)
    named.sort(key=lambda c: worth(g, hand + [c]))
    trusted, doubtful = named[:2], named[2:]
    base = hand + trusted
    honest = worth(g, base + doubtful)
    lied = worth(g, base) - CALAMITY_COST * len(doubtful)
    return (1 - LIE_RISK) * honest + LIE_RISK * lied - CALAMITY_COST * bad


def deal_gain(g: Context, hand: list[str], give: list[str], said_in: list[str]) -> float:
    """How much giving ``give`` out of ``hand`` for cards stated as ``said_in`` raises its
    expected worth."""
    rest = list(hand)
    for c in give:
        rest.remove(c)
    return incoming_worth(g, rest, said_in) - worth(g, hand)


# ---- the market -----------------------------------------------------------------------------
class Market:
    """The market as one seat sees it, and the order it gives next."""

    def __init__(self, g: Context, seat: int):
        self.g = g
        self.seat = seat
        self.view = trade_view(g, seat)
        self.hand = list(g.s.players[seat].hand)
        st = g.s.step
        self.acted = st.get("actions", {}).get(str(seat), 0)
        self.inside = set(self.view.get("in_market", []))
        # cards already promised: deals agreed but not yet carried out (``bound``), and those
        # plus the cards of our own offers still open (``free`` is what remains of either)
        bound: Counter = Counter()
        offered: Counter = Counter()
        for off in self.view.get("offers_made", []):
            (bound if off["accepted_said"] is not None else offered).update(off["give"])
        for off in self.view.get("offers_received", []):
            if off["my_give"] is not None:
                bound.update(off["my_give"])
        self.unbound = _without(self.hand, bound)
        self.free = _without(self.unbound, offered)

    def order(self, kind: str, **fields) -> dict:
        return {"type": kind, "player": self.seat, **fields}

    def plan(self, rng: Rng) -> dict | None:
        answer = self.answer()
        if answer is not None:
            return answer
        if self.seat not in self.inside:
            return None  # left, and owes no answer: nothing to do
        wanted = plain._wanted(self.g, self.free)
        if str(self.seat) not in self.view.get("messages", {}) and wanted:
            return self.order("trade_message", text=plain._message(self.g, self.free, wanted))
        offer = self.offer(wanted, rng)
        if offer is not None:
            return offer
        if self.waiting():
            return None
        return self.order("trade_done")

    # 1. answers
    def answer(self) -> dict | None:
        """Accept or decline the first offer received that awaits an answer (SITE-BOT-01).
        A deal that pays may use cards of our own open offers: the first such offer is
        withdrawn first (a deal in hand beats one hoped for), and the answer comes next."""
        for off in self.view.get("offers_received", []):
            if off["my_give"] is not None:
                continue  # accepted already; carried out when the embargo ends
            side = plain._side(self.g, self.unbound, off["expect"])
            if side is not None:
                give, said = side
                if deal_gain(self.g, self.unbound, give, off["said"]) >= MIN_GAIN:
                    if holds(self.free, give):
                        return self.order("trade_accept", offer=off["id"], give=give, said=said, expect=[])
                    for mine in self.view.get("offers_made", []):
                        if mine["accepted_said"] is None and set(mine["give"]) & set(give):
                            return self.order("trade_withdraw", offer=mine["id"])
            return self.order("trade_withdraw", offer=off["id"])
        return None

    # 3. offers
    def partners(self) -> list[int]:
        """Seats still in the market, able to trade, without an open offer from us."""
        open_to = Counter(off["to"] for off in self.view.get("offers_made", []))
        out = []
        for p in self.g.s.players:
            if p.seat == self.seat or p.seat not in self.inside or open_to[p.seat] >= PER_PARTNER:
                continue
            out.append(p.seat)
        return out

    def offer(self, wanted: list[str], rng: Rng) -> dict | None:
        """An offer worth making (module docstring, 3), or None."""
        g = self.g
        if self.acted >= OFFER_BUDGET or not wanted:
            return None
        partners = self.partners()
        if not partners:
            return None
        messages = {int(k): v for k, v in self.view.get("messages", {}).items()}
        has = {s: plain._offers_in(g, messages.get(s, "")) for s in partners}
        wants = {s: _wants_in(g, messages.get(s, "")) for s in partners}
        spare = set(self.spare(set()) or [])
        # a partner whose message offers what we want or wants what we spare (the double
        # coincidence of wants), the seats taken in turn with our own count of actions, so
        # that a partner who declined is not asked again at once
        def fit(s: int) -> int:
            return 2 * sum(1 for c in wanted[:3] if c in has[s]) + sum(1 for c in spare if c in wants[s])
        k = self.acted % len(partners)
        partners = partners[k:] + partners[:k]
        partner = ([s for s in partners if fit(s) > 0] or partners)[0]
        named = sorted(wanted[:3], key=lambda c: c not in has[partner])[:2]
        expect = named + [DONT_CARE] * (MIN_CARDS - len(named))
        give = self.spare(wants[partner], exclude=set(named))
        if give is None:
            return None
        said = list(give)
        calamities = [i for i, c in enumerate(give) if c in g.d.calamities]
        truthful = [c for c in give if c not in g.d.calamities]
        if len(calamities) > len(give) - 2:
            return None  # two cards must be named truly (28.3)
        for i in calamities:  # pass a tradable calamity off as a commodity (SITE-BOT-02)
            said[i] = truthful[0] if truthful else UNSPECIFIED
        # only an offer that pays, were the partner to state his two named cards truly and
        # hide a calamity behind "Don't Care" as often as anyone lies
        risk = LIE_RISK * CALAMITY_COST * expect.count(DONT_CARE)
        if deal_gain(g, self.free, give, named) - risk < MIN_GAIN:
            return None
        return self.order("trade_offer", to=partner, give=give, said=said, expect=expect)

    def spare(self, partner_wants: set[str], exclude: set[str] = frozenset()) -> list[str] | None:
        """Three tradable cards to give, none of ``exclude`` (the cards we ask for): at most
        one tradable calamity, then cards the partner says he wants when they cost us little,
        then the cheapest to lose."""
        g = self.g
        pool = [c for c in self.free if g.d.is_tradable(c) and c not in exclude]
        if len(pool) < MIN_CARDS:
            return None
        cost = {c: plain._marginal(g, self.free, c) for c in set(pool)}
        cheap = sorted(pool, key=lambda c: (c not in g.d.calamities,
                                            cost[c] - (WANT_BONUS if c in partner_wants else 0), c))
        give: list[str] = []
        for c in cheap:
            if c in g.d.calamities and any(x in g.d.calamities for x in give):
                continue
            give.append(c)
            if len(give) == MIN_CARDS:
                return give
        return None

    # 4. waiting
    def waiting(self) -> bool:
        """Does an offer of ours await the answer of a seat still in the market?"""
        return any(off["accepted_said"] is None and off["to"] in self.inside
                   for off in self.view.get("offers_made", []))


def _without(cards: list[str], gone: Counter) -> list[str]:
    """``cards`` less ``gone`` (a multiset)."""
    left = Counter(gone)
    out = []
    for c in cards:
        if left[c] > 0:
            left[c] -= 1
        else:
            out.append(c)
    return out


def _wants_in(g: Context, text: str) -> set[str]:
    """The commodities a public message says are wanted ("Want: Oil, Salt. Offer: ...")."""
    if "Want:" not in text:
        return set()
    head = text.split("Want:", 1)[1].split("Offer:", 1)[0]
    return {c.id for c in g.d.commodities.values() if c.name in head}
