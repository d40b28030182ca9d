"""Grand Imperial's advances phase (GI-TURN-12, D18): the plain purchase of civilization
cards (31), and city advances bought beside them (``purchase.py``; GI-CARULE-01..03,
GI-CITYADV), each paid on its own line (GIR-56); Temples and Oracles made obsolete by the
cards bought are removed (GIR-44). Then the returned cards are restacked under their regions
and the event stack (GI-TRADE-09, ``stacks.restack``) instead of under the stacks of their
value (31.81).

Trade cards are valued as the buyer's throughout (``GIGame.holding``: his Communal Loom and
Quarry count, GI-CITYADV-03/07). A player owes a decision when he can afford a civilization
card or a city advance, or is over the hand limit. The timeout default is the plain default
(civilization cards only: no advance is ever bought by default, D18); the random bot buys as
the plain one, then one random affordable advance with probability 1/3.
"""
from __future__ import annotations

from dataclasses import replace

from ...base import Decision, IllegalOrder
from ..game import Game
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


def owes_decision(g: Game, seat: int) -> bool:
    """A player decides when he can afford a civilization card or a city advance, or is over
    the hand limit (SITE-ADV-01/07, D18)."""
    p = g.s.players[seat]
    if not p.nation or p.inert:
        return False
    with g.holding(p.nation):
        return plain.owes_decision(g, seat) or bool(affordable_cards(g, p)) or bool(purchase.buyable(g, p))


def affordable_cards(g: Game, p) -> list[str]:
    """The civilization cards ``p`` can afford now, his research points' credit on any one of
    them counted (GI-CARULE-03)."""
    most = cc.max_payment(g, p) + credit(available(g, p.nation))
    return [c for c, v in cc.costs(g, p).items() if v <= most]


def apply_order(g: Game, seat: int, o: GIBuy, why: str = "") -> None:
    """Check the whole order first, then buy: the advance lines, then the civilization cards
    with the plain purchase (31.1-31.71), then the obsolete advances removed (GIR-44).
    A refusal leaves the state untouched."""
    p = g.s.players[seat]
    nation = p.nation
    cards, pay, treasury, discard = list(o.cards), list(o.pay_cards), o.treasury, list(o.discard)
    with g.holding(nation):
        cc.check_cards(g, p, cards)
        blocked = cc.take(purchase.spendable(g, p), pay) is None and cc.take(p.hand, pay) is not None
        if blocked and "grain" in pay and purchase.granary_grain(p):
            raise IllegalOrder("GI-CITYADV-02", "a Grain card supporting a Granary city this turn "
                               "may not pay for anything")
        spent, rebate = purchase.card_research(g, p, cards, dict(o.research))
        owed, value, mined = cc.check_payment(g, p, cards, pay, treasury, rebate)
        hand = cc.take(p.hand, pay)
        assert hand is not None
        lines = purchase.check_lines(g, p, list(o.advances), hand=hand, treasury=p.treasury - treasury,
                                     used_kinds=set(pay), owned=cards,
                                     mining=cc.mining_available(p) and not mined, research_used=spent)
        for ln in lines:
            hand = cc.take(hand, ln.pay_cards)
        cc.check_discard(g, hand, discard)
        # -- carry out (each step re-checks what it needs; all of it was checked above)
        purchase.buy_lines(g, p, lines)
        if spent:
            p.flags[SPENT] = int(p.flags.get(SPENT, 0)) + spent
            g.emit(f"{g.name(nation)} spends {spent} research points on "
                   + ", ".join(f"{cc._name(g, c)} ({n}: {credit(n)} credit)" for c, n in sorted(o.research.items()))
                   + ".", "research_spent", nation=nation, research=dict(sorted(o.research.items())),
                   credit=rebate)
        plain.apply_purchase(g, seat, cards, pay, treasury, discard, why, rebate)
        purchase.remove_obsolete(g, nation)


@register(variant=KEY)
class GIAdvancesPhase(AdvancesPhase):
    """The advances phase with city advances (GI-TURN-12)."""

    def start(self, g: Game) -> None:
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

    def pending(self, g: Game) -> list[Decision]:
        """The plain decision (31), its player's cards valued as his, with the city advances he
        can afford and where (``options.advances``) and his research points (D18)."""
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
                         "research": available(g, p.nation)}))
        return out

    def handle(self, g: Game, o: Order) -> None:
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
        apply_order(g, o.player, o)

    def timeout(self, g: Game, seat: int) -> None:
        """SITE-ADV-08 (SZ-19) as plain: civilization cards only, never an advance (D18)."""
        self._check_turn(g, seat)
        p = g.s.players[seat]
        with g.holding(p.nation):
            d = cc.default_purchase(g, p)
            plain.apply_purchase(g, seat, d["cards"], d["pay_cards"], d["treasury"], d["discard"],
                                 "Deadline passed:")
            purchase.remove_obsolete(g, p.nation)

    def sample(self, g: Game, seat: int, rng) -> Order:
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

    def finish(self, g: Game) -> None:
        restack(g)
