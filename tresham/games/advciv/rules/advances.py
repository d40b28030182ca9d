"""Acquisition of civilization cards (31) and restacking of returned trade cards (29.7, 31.8).

Site model (SITE-ADV-01..10): all players buy at the same time (supply is unlimited, so
A.S.T. order is waived, 31.12; 3.1C/Z-31: no copy limit). Each player owing a decision sends
one order, final once sent (SITE-ADV-06):

    {"type": "buy", "player": 0,
     "cards": ["pottery", "music"],          # civ cards bought now (31.1)
     "pay_cards": ["grain", "grain", "grain"],  # commodity cards handed in (31.31)
     "treasury": 12,                          # treasury tokens (31.41: never overpaying)
     "discard": ["ochre"]}                    # excess over the hand limit (31.71)

All fields but ``player`` may be left out (an empty order buys nothing). A player owes a
decision when he can afford some card or holds more commodity cards than the hand limit;
the others are skipped. When a player's only legal choice is forced (nothing affordable and
all excess cards of one kind) it is taken automatically. The default when the deadline
passes is :func:`civcards.default_purchase` (SITE-ADV-08, SZ-19).

After everybody has bought, the cards set aside this turn are restacked (31.8): per value,
spent and surrendered commodities and the turn's tradable calamities are shuffled and put
under their stack, then non-tradable calamities go to the very bottom (31.82, SITE-CREATE-11).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...contract import Decision, IllegalOrder
from .. import view as view_mod
from ..context import Context
from ..words import plural
from ..orders import Order, order
from ..schema import CivCardId, Count, Many, TradeCardId
from ..phase import Phase, register, require_phase_player
from . import civcards as cc
from .setup import put_at_bottom


@order("buy", rule="31.1", fields={"cards": "32.1", "pay_cards": "31.31", "treasury": "31.41", "discard": "31.71"})
@dataclass(slots=True)
class Buy(Order):
    """Buy civilization cards, pay for them, surrender the excess (31.1-31.71)."""

    cards: Many(CivCardId) = field(default_factory=list)
    pay_cards: Many(TradeCardId) = field(default_factory=list)
    treasury: Count = 0
    discard: Many(TradeCardId) = field(default_factory=list)


def _names(g: Context, cards: list[str]) -> str:
    """Readable list of card names ("Pottery, Grain and Grain")."""
    names = [cc.printed_name(g, c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def owes_decision(g: Context, seat: int) -> bool:
    """A player decides when he can afford a card or is over the hand limit (SITE-ADV-01/07)."""
    p = g.s.players[seat]
    if not p.nation or p.inert:
        return False
    return cc.excess(g, p.hand) > 0 or cc.can_buy_something(g, p)


def forced_discard(g: Context, seat: int) -> list[str] | None:
    """The discard when it is the only legal choice: nothing affordable and every excess
    card alike (or every card must go). None when the player has a real choice."""
    p = g.s.players[seat]
    if cc.can_buy_something(g, p):
        return None
    hand = cc.commodities(g, p.hand)
    over = cc.excess(g, hand)
    if len(set(hand)) == 1:
        return hand[:over]
    return None


def return_calamities(g: Context) -> None:
    """31.72: calamities are never kept in a hand past this phase; any still held (none
    should be, the calamity phase takes them) go to the cards awaiting restacking."""
    for p in g.s.players:
        cals = [c for c in p.hand if c in g.d.calamities]
        if not cals:
            continue
        p.hand = [c for c in p.hand if c not in g.d.calamities]
        g.s.set_aside.extend(cals)
        if p.nation:
            g.emit(f"{g.name(p.nation)} may not keep {_names(g, cals)}; set aside for restacking.",
                   "calamity_returned", nation=p.nation, cards=cals)


def apply_purchase(g: Context, seat: int, cards: list[str], pay_cards: list[str], treasury: int,
                   discard: list[str], why: str = "", rebate: int = 0) -> None:
    """Validate everything first, then buy (31.1-31.71). Refusals leave the state untouched.
    ``rebate``: a variant's credit beside the cards' own (``civcards.check_payment``)."""
    p = g.s.players[seat]
    cc.check_cards(g, p, cards)
    owed, value, mined = cc.check_payment(g, p, cards, pay_cards, treasury, rebate)
    hand_after = cc.take(p.hand, pay_cards)
    assert hand_after is not None  # checked by check_payment
    kept = cc.check_discard(g, hand_after, discard)
    nation = p.nation
    assert nation is not None
    # -- apply
    turn = g.s.turn
    for c in cards:
        p.civ_cards[c] = turn  # 14.2: the turn each card was acquired is recorded
    if treasury:
        g.spend_treasury(nation, treasury)
    p.hand = kept
    g.s.set_aside.extend(pay_cards)
    g.s.set_aside.extend(discard)
    if mined:
        p.flags["mining_used"] = True
    prefix = why + " " if why else ""
    if cards:
        g.emit(f"{prefix}{g.name(nation)} acquires {_names(g, cards)} ({owed} after credits; "
               f"paid {value} in {len(pay_cards)} trade cards and {treasury} treasury tokens"
               + (", Mining used" if mined else "") + ").",
               "civ_bought", nation=nation, cards=list(cards), owed=owed, card_value=value,
               treasury=treasury, card_count=len(pay_cards))
        if pay_cards:
            g.emit(f"You handed in {_names(g, sorted(pay_cards))}.", "civ_paid", to=[seat],
                   cards=sorted(pay_cards))
    else:
        g.emit(f"{prefix}{g.name(nation)} acquires no civilization card this turn.", "civ_none",
               nation=nation)
    if discard:
        g.emit(f"{g.name(nation)} surrenders {_names(g, sorted(discard))} over the hand limit "
               f"of {g.s.options.hand_limit}.", "discard", nation=nation, cards=sorted(discard))
    g.emit(f"{g.name(nation)} keeps {len(cc.commodities(g, p.hand))} commodity cards.", "hand_size",
           nation=nation, hand_size=len(p.hand))
    g.s.step["done"].append(seat)


def restack(g: Context) -> None:
    """29.7, 31.81, 31.82: per value, the set-aside commodities and tradable calamities are
    shuffled together and put face down under their stack; then the non-tradable calamities
    go to the bottom (with SITE-CREATE-11, each shuffled with the bottom two cards)."""
    cards = g.s.set_aside
    if not cards:
        return
    for value in range(1, 10):
        mixed = [c for c in cards if g.d.card_value(c) == value and
                 (c in g.d.commodities or g.d.calamities[c].tradable)]
        fixed = [c for c in cards if c in g.d.calamities and not g.d.calamities[c].tradable
                 and g.d.calamities[c].stack == value]
        if not mixed and not fixed:
            continue
        stack = g.s.stacks[value - 1]
        g.rng.shuffle(mixed)
        stack.extend(mixed)
        for c in sorted(fixed):
            put_at_bottom(g, stack, c)
    g.emit(f"{len(cards)} returned trade cards are restacked under their stacks.", "restack",
           count=len(cards))
    g.s.set_aside = []


@register
class AdvancesPhase(Phase):
    name = "advances"
    rule = "31"
    accepts = ("buy",)

    def start(self, g: Context) -> None:
        """Who decides (SITE-ADV-01/07); forced discards are taken at once."""
        return_calamities(g)
        g.s.step = {"owe": [], "done": []}
        for p in g.s.players:
            if owes_decision(g, p.seat):
                g.s.step["owe"].append(p.seat)
        idle = [p.nation for p in g.active() if not p.inert and p.seat not in g.s.step["owe"]]
        if idle:  # SITE-TABLE-08: not asked, with a history line
            many = len(idle) > 1
            g.emit(f"{g.names(idle)} can afford no civilization card and "
                   f"{'hold' if many else 'holds'} no card over the hand limit: nothing to decide for "
                   f"{'them' if many else 'it'}.", "buy_none", nations=idle)
        for seat in list(g.s.step["owe"]):
            forced = forced_discard(g, seat)
            if forced is not None:
                apply_purchase(g, seat, [], [], 0, forced, "(only choice)")

    def pending(self, g: Context) -> list[Decision]:
        st = g.s.step
        out = []
        for seat in st.get("owe", []):
            if seat in st["done"]:
                continue
            p = g.s.players[seat]
            over = cc.excess(g, p.hand)
            most = cc.max_payment(g, p)
            out.append(Decision(
                seat, "buy", "Buy civilization cards"
                + (f" and surrender {plural(over, 'card')} over the hand limit" if over else ""),
                default=("the cheapest advance paid from your hand that brings it within the "
                         "hand limit, else the lowest-value excess cards are discarded"
                         if over else "no purchase"),
                options={"buyable": [c for c, v in cc.costs(g, p).items() if v <= most],
                         "excess": over}))
        return out

    def complete(self, g: Context) -> bool:
        st = g.s.step
        return all(seat in st.get("done", []) for seat in st.get("owe", []))

    def _check_turn(self, g: Context, seat: int) -> None:
        st = g.s.step
        if seat in st["done"]:
            raise IllegalOrder("31.1", "you have already made your purchases this turn")
        if seat not in st["owe"]:
            raise IllegalOrder("31.1", "you can afford no civilization card and are within the "
                               "hand limit: nothing to do this turn")

    def handle(self, g: Context, o: Order) -> None:
        assert isinstance(o, Buy)
        require_phase_player(g, o, "31.1")
        self._check_turn(g, o.player)
        for name, val in (("cards", o.cards), ("pay_cards", o.pay_cards), ("discard", o.discard)):
            if not isinstance(val, list):
                raise IllegalOrder("31.1", f"{name} must be a list of card ids")
        apply_purchase(g, o.player, list(o.cards), list(o.pay_cards), o.treasury, list(o.discard))

    def timeout(self, g: Context, seat: int) -> None:
        """SITE-ADV-08 (SZ-19): see :func:`civcards.default_purchase`."""
        self._check_turn(g, seat)
        d = cc.default_purchase(g, g.s.players[seat])
        apply_purchase(g, seat, d["cards"], d["pay_cards"], d["treasury"], d["discard"],
                       "Deadline passed:")

    def sample(self, g: Context, seat: int, rng) -> Order:
        """A random affordable purchase (or none) with the required discards."""
        d = cc.random_purchase(g, g.s.players[seat], rng)
        return Buy(seat, **d)

    def finish(self, g: Context) -> None:
        restack(g)


def advances_view(g: Context, seat: int | None) -> dict[str, Any]:
    """The Advances page (SITE-ADV-01, 09, 10, 14.1): for the viewer every card with its
    cost after credits and whether it can be bought now; everyone's cards below."""
    out: dict[str, Any] = {
        "hand_limit": g.s.options.hand_limit,
        "all_players": {p.nation: sorted(p.civ_cards) for p in g.active()},
    }
    if seat is None or not (0 <= seat < len(g.s.players)) or not g.s.players[seat].nation:
        return out
    p = g.s.players[seat]
    most = cc.max_payment(g, p)
    rows = []
    for cid, card in g.d.civ_cards.items():
        owned = cid in p.civ_cards
        pre_ok = cc.prerequisite_ok(g, p, cid)
        cost = cc.cost_after_credits(g, p, cid)
        rows.append({
            "id": cid, "name": card.name, "groups": list(card.groups), "cost": card.cost,
            "credit": cc.credit(g, p, cid), "cost_after_credits": cost, "owned": owned,
            "prerequisite": card.prerequisite, "prerequisite_met": pre_ok,
            "affordable": cost <= most,
            "buyable": not owned and pre_ok and cost <= most,
            "text": cc.EFFECTS.get(cid, ""), "rule": card.rule,
        })
    out.update({
        "cards": rows,
        "max_payment": most,
        "mining_available": cc.mining_available(p),
        "excess": cc.excess(g, p.hand),
        "owes": seat in g.s.step.get("owe", []) and seat not in g.s.step.get("done", []),
    })
    return out


view_mod.PHASE_VIEWS["advances"] = advances_view
