"""Grand Imperial's advances phase (GI-TURN-12, D18): the plain purchase of civilization
cards (31), and city advances bought beside them (``purchase.py``; GI-CARULE-01..03,
GI-CITYADV), each paid on its own line (GIR-56); Temples and Oracles made obsolete by the
cards bought are removed (GIR-44). Then the returned cards are restacked under their regions
and the event stack (GI-TRADE-09, ``stacks.restack``) instead of under the stacks of their
value (31.81).

Trade cards are valued as the buyer's throughout (``GIContext.holding``: his Communal Loom and
Quarry count, GI-CITYADV-03/07). A player owes a decision when he can afford a civilization
card or a city advance, or is over the hand limit. The timeout default is the plain default
(civilization cards only: no advance is ever bought by default, D18); the random bot buys as
the plain one, then one random affordable advance with probability 1/3.
"""
from __future__ import annotations

from dataclasses import replace

from ...contract import Decision, IllegalOrder
from ..context import Context
from ..orders import Order
from ..phase import register, require_phase_player
from ..rules import advances as plain
from ..rules import civcards as cc
from ..rules.advances import AdvancesPhase
from . import purchase
from .orders import GIBuy
from .research import SPENT, available, credit
from .stacks import restack
from .variant import KEY


def owes_decision(g: Context, seat: int) -> bool:
    """A player decides when he can afford a civilization card or a city advance, or is over
    the hand limit (SITE-ADV-01/07, D18)."""
    p = g.s.players[seat]
    if not p.nation or p.inert:
        return False
    with g.holding(p.nation):
        return plain.owes_decision(g, seat) or bool(affordable_cards(g, p)) or bool(purchase.buyable(g, p))


def affordable_cards(g: Context, p) -> list[str]:
    """The civilization cards ``p`` can afford now, his research points' credit on any one of
    them counted (GI-CARULE-03), and the Civilized Leader's if he holds it (GI-LEADER-04);
    the cards he owns by assimilation only among them (GI-LEADER-03)."""
    from .leaders import CIVILIZED, assimilated, civilized_amount

    most = cc.max_payment(g, p) + credit(available(g, p.nation))
    if CIVILIZED in p.hand:
        most += civilized_amount()
    costs = cc.costs(g, p)
    for c in assimilated(g.s, p.nation):
        costs[c] = cc.cost_after_credits(g, p, c)
    return [c for c, v in costs.items() if v <= most]


def leader_credit(g: Context, p, o: GIBuy, cards: list[str], research_rebate: dict[str, int]):
    """The Civilized Leader's credit named by the order (GI-LEADER-04): None when unused, else
    (item, credit on it) for a civilization card bought now (its cost after credits and its
    research credit, at most 50: what is left over is lost) or (advance, 50) for an advance
    line of the order (``purchase.check_lines`` applies it to the first line of it).
    IllegalOrder if he does not hold the card or buys no such item."""
    from .leaders import CIVILIZED, civilized_amount, leader_name

    item = o.leader_credit
    if not item:
        return None
    if CIVILIZED not in p.hand:
        raise IllegalOrder("GI-LEADER-04", f"you do not hold the {leader_name(CIVILIZED)}")
    amount = civilized_amount()
    if item in cards:
        left = cc.cost_after_credits(g, p, item) - research_rebate.get(item, 0)
        return item, min(amount, max(0, left))
    if any(ln.get("advance") == item for ln in o.advances):
        return item, amount
    what = g.d.civ_cards[item].name if item in g.d.civ_cards else purchase.name(item) \
        if item in purchase.gi.city_advances() else repr(item)
    raise IllegalOrder("GI-LEADER-04", f"the {leader_name(CIVILIZED)}'s credit goes to a "
                       f"civilization card or city advance bought in this order, and you do not "
                       f"buy {what}")


def apply_order(g: Context, seat: int, o: GIBuy, why: str = "", check_only: bool = False) -> None:
    """Check the whole order first, then buy: the Civilized Leader cashed (GI-LEADER-04), the
    advance lines, then the civilization cards with the plain purchase (31.1-31.71; a card
    owned by assimilation only may be bought again and then scores, GI-LEADER-03), then the
    obsolete advances removed (GIR-44). A refusal leaves the state untouched; ``check_only``:
    check and change nothing."""
    from .leaders import CIVILIZED, assimilated, buy_back, civilized_credit

    p = g.s.players[seat]
    nation = p.nation
    cards, pay, treasury, discard = list(o.cards), list(o.pay_cards), o.treasury, list(o.discard)
    with g.holding(nation):
        cc.check_cards(g, p, cards)
        rebuy = {c: p.civ_cards[c] for c in cards if c in assimilated(g.s, nation)}
        blocked = cc.take(purchase.spendable(g, p), pay) is None and cc.take(p.hand, pay) is not None
        if blocked and "grain" in pay and purchase.granary_grain(p):
            raise IllegalOrder("GI-CITYADV-02", "a Grain card supporting a Granary city this turn "
                               "may not pay for anything")
        spent, rebate = purchase.card_research(g, p, cards, dict(o.research))
        per_card = {c: min(credit(n), cc.cost_after_credits(g, p, c)) for c, n in o.research.items()
                    if c in cards}
        bonus = leader_credit(g, p, o, cards, per_card)
        card_bonus = bonus[1] if bonus is not None and bonus[0] in cards else 0
        owed, value, mined = cc.check_payment(g, p, cards, pay, treasury, rebate + card_bonus)
        hand = cc.take(p.hand, pay)
        assert hand is not None
        lines = purchase.check_lines(g, p, list(o.advances), hand=hand, treasury=p.treasury - treasury,
                                     used_kinds=set(pay), owned=cards,
                                     mining=cc.mining_available(p) and not mined, research_used=spent,
                                     leader=bonus if bonus is not None and bonus[0] not in cards else None)
        for ln in lines:
            hand = cc.take(hand, ln.pay_cards)
        if bonus is not None and CIVILIZED not in hand:
            raise IllegalOrder("GI-LEADER-04", "the Civilized Leader is handed in as a payment "
                               "(worth nothing) in this order: it cannot also give its credit")
        cc.check_discard(g, hand, discard)
        if check_only:
            return
        # -- carry out (each step re-checks what it needs; all of it was checked above)
        if bonus is not None:
            civilized_credit(g, nation)
        purchase.buy_lines(g, p, lines)
        if spent:
            p.flags[SPENT] = int(p.flags.get(SPENT, 0)) + spent
            g.emit(f"{g.name(nation)} spends {spent} research points on "
                   + ", ".join(f"{cc.printed_name(g, c)} ({n}: {credit(n)} credit)" for c, n in sorted(o.research.items()))
                   + ".", "research_spent", nation=nation, research=dict(sorted(o.research.items())),
                   credit=rebate)
        plain.apply_purchase(g, seat, cards, pay, treasury, discard, why, rebate + card_bonus)
        for c, since in sorted(rebuy.items()):
            buy_back(g, nation, c, since)
        purchase.remove_obsolete(g, nation)


@register(variant=KEY)
class GIAdvancesPhase(AdvancesPhase):
    """The advances phase with city advances (GI-TURN-12)."""

    def start(self, g: Context) -> None:
        """Who decides (D18); a forced discard is taken at once only when no advance either
        can be bought (SITE-ADV-07)."""
        plain.return_calamities(g)
        g.s.step = {"owe": [], "done": []}
        for p in g.s.players:
            if owes_decision(g, p.seat):
                g.s.step["owe"].append(p.seat)
        for seat in list(g.s.step["owe"]):
            p = g.s.players[seat]
            with g.holding(p.nation):
                if purchase.buyable(g, p):
                    continue
                forced = plain.forced_discard(g, seat)
                if forced is not None:
                    plain.apply_purchase(g, seat, [], [], 0, forced, "(only choice)")

    def pending(self, g: Context) -> list[Decision]:
        """The plain decision (31), its player's cards valued as his, with the city advances he
        can afford and where (``options.advances``) and his research points (D18)."""
        from .leaders import CIVILIZED, civilized_amount

        st = g.s.step
        out = []
        for seat in st.get("owe", []):
            if seat in st["done"]:
                continue
            p = g.s.players[seat]
            with g.holding(p.nation):
                over = cc.excess(g, p.hand)
                adv = purchase.buyable(g, p)
                cards = affordable_cards(g, p)
            out.append(Decision(
                seat, "buy", "Buy civilization cards and city advances"
                + (f" and surrender {over} cards over the hand limit" if over else ""),
                default=("the cheapest civilization card paid from your hand that brings it "
                         "within the hand limit, else the lowest-value excess cards are "
                         "discarded; no city advance" if over else "no purchase"),
                options={"buyable": cards, "excess": over, "advances": adv,
                         "research": available(g, p.nation),
                         **({"leader_credit": civilized_amount()} if CIVILIZED in p.hand else {})}))
        return out

    def handle(self, g: Context, o: Order) -> None:
        assert isinstance(o, plain.Buy)
        if not isinstance(o, GIBuy):  # a plain Buy built in code: no advance, no research
            o = GIBuy(o.player, list(o.cards), list(o.pay_cards), o.treasury, list(o.discard))
        require_phase_player(g, o, "31.1")
        self._check_turn(g, o.player)
        for name, val in (("cards", o.cards), ("pay_cards", o.pay_cards), ("discard", o.discard),
                          ("advances", o.advances)):
            if not isinstance(val, list):
                raise IllegalOrder("31.1", f"{name} must be a list")
        if not isinstance(o.research, dict):
            raise IllegalOrder("GI-CARULE-03", "research must be an object: card -> points")
        if not isinstance(o.leader_credit, str):
            raise IllegalOrder("GI-LEADER-04", "leader_credit names one card or advance bought now")
        apply_order(g, o.player, o)

    def timeout(self, g: Context, seat: int) -> None:
        """SITE-ADV-08 (SZ-19) as plain: civilization cards only, never an advance (D18)."""
        self._check_turn(g, seat)
        p = g.s.players[seat]
        with g.holding(p.nation):
            d = cc.default_purchase(g, p)
            plain.apply_purchase(g, seat, d["cards"], d["pay_cards"], d["treasury"], d["discard"],
                                 "Deadline passed:")
            purchase.remove_obsolete(g, p.nation)

    def sample(self, g: Context, seat: int, rng) -> Order:
        """A random purchase (:meth:`_sample`); holding the Civilized Leader, half the time its
        credit goes to the first item bought, the treasury paid cut by what it saves, if that
        order is legal (GI-LEADER-04). Always legal."""
        from .leaders import CIVILIZED, civilized_amount

        o = self._sample(g, seat, rng)
        p = g.s.players[seat]
        items = list(o.cards) + [ln["advance"] for ln in o.advances]
        if CIVILIZED not in p.hand or not items or rng.below(2):
            return o
        item = items[0]
        if item in o.cards:
            with_credit = replace(o, leader_credit=item, treasury=max(0, o.treasury - civilized_amount()))
        else:
            ln = dict(o.advances[0], treasury=max(0, o.advances[0]["treasury"] - civilized_amount()))
            with_credit = replace(o, leader_credit=item, advances=[ln, *o.advances[1:]])
        for candidate in (with_credit, replace(o, leader_credit=item)):
            try:
                apply_order(g, seat, candidate, check_only=True)
            except IllegalOrder:
                continue
            return candidate
        return o

    def _sample(self, g: Context, seat: int, rng) -> GIBuy:
        """With probability 1/3 one random affordable advance (D18), then the plain random
        purchase from what it leaves (its cards none of the advance's kind, GIR-56); else the
        plain random purchase alone. Always legal."""
        p = g.s.players[seat]
        with g.holding(p.nation):
            line = None
            if rng.below(3) == 0:
                line = purchase.random_line(g, p, rng, hand=p.hand, treasury=p.treasury,
                                            used_kinds=set(), owned=(), cards_ok=True)
            if line is None:
                return GIBuy(seat, **cc.random_purchase(g, p, rng))
            rest = replace(p, hand=cc.take(p.hand, line["pay_cards"]) or [],
                           treasury=p.treasury - line["treasury"], flags=dict(p.flags))
            d = cc.random_purchase(g, rest, rng)
            if purchase.obsolete(line["advance"], d["cards"]):
                return GIBuy(seat, **d)
            return GIBuy(seat, **d, advances=[line])

    def finish(self, g: Context) -> None:
        restack(g)
