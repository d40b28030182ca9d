"""Acquisition of trade cards (27, SITE-ACQ-01..03).

First every player with at least 18 tokens in treasury decides, all at the same time, how
many stack-9 cards (Gold / Ivory / Piracy) he buys at 18 treasury each (27.51, SITE-ACQ-01;
the default when his deadline passes is none, SITE-ACQ-03). Then the computer draws for
everyone (SITE-ACQ-02): fewest cities first, ties in A.S.T. order (27.1); a player with N
cities on the board draws the top card of each of stacks 1..N, N at most 9 (27.2); an empty
stack simply gives nothing (27.21); a purchase is drawn right after the buyer's own draw
(27.51). Drawn cards are secret (27.3, 27.4): their names go only to the drawer.

Order: ``{"type": "buy_cards", "player": SEAT, "count": N}`` (N = 0 buys nothing).
"""
from __future__ import annotations

from collections.abc import Callable

from dataclasses import dataclass

from ...contract import Decision, IllegalOrder
from ..context import Context
from ..orders import Order, order
from ..schema import Count
from ..phase import Phase, register, require_phase_player
from ..state import Player
from ..view import PHASE_SECRETS, PHASE_VIEWS

#: 27.51: treasury tokens per stack-9 card bought.
GOLD_PRICE = 18
#: 27.2: there are nine trade stacks; a player never draws from more.
STACKS = 9


def card_name(g: Context, card: str) -> str:
    """The printed name of a trade card."""
    c = g.d.commodities.get(card)
    if c is not None:
        return c.name
    return g.d.calamities[card].name


def can_buy(g: Context, p: Player) -> int:
    """How many stack-9 cards ``p`` may buy now (27.51, SITE-ACQ-01): treasury // 18, and
    no more than stack 9 holds (a card that is not there cannot be bought)."""
    if p.nation is None or p.inert:
        return 0
    return min(p.treasury // GOLD_PRICE, len(g.s.stacks[STACKS - 1]))


def draw_order(g: Context) -> list[Player]:
    """27.1: fewest cities on the board first, ties in A.S.T. order. Inert nations take no
    actions and draw nothing (15.61, ruling in docs/rulings/trade.md)."""
    ps = [p for p in g.active() if not p.inert]
    return sorted(ps, key=lambda p: (len(g.cities_of(p.nation)), g.ast_rank(p.nation)))


def draw_card(g: Context, p: Player, stack: int) -> str | None:
    """Draw the top card of stack ``stack`` (1-9) into ``p``'s hand (:func:`draw_top`)."""
    return draw_top(g, p, g.s.stacks[stack - 1], stack, f"Stack {stack}", f"stack {stack}")


def draw_top(g: Context, p: Player, cards: list[str], key: int | str, named: str, source: str,
             name: Callable[[Context, str], str] = card_name) -> str | None:
    """Draw the top card of ``cards`` (a stack, ``key`` in the events) into ``p``'s hand; an
    empty stack gives nothing and no substitute (27.21). The card's name is told to the drawer
    only (27.3). ``named``: the stack as a sentence begins with it ("Stack 3"); ``source``:
    after "from" ("stack 3"); ``name``: how a card is named (a variant's cards)."""
    if not cards:
        g.emit(f"{named} is empty: {g.name(p.nation)} draws no card from it.",
               "draw_empty", nation=p.nation, stack=key)
        return None
    card = cards.pop(0)
    p.hand.append(card)
    g.emit(f"You draw {name(g, card)} from {source}.", "draw_private",
           to=[p.seat], card=card, stack=key)
    return card


def draw_for(g: Context, p: Player, bought: int) -> None:
    """One player's whole acquisition: one card from each of stacks 1..N for N cities
    (27.2), then his stack-9 purchases at 18 treasury each, tokens back to stock (27.51).
    Only cards actually drawn are paid for."""
    n = min(len(g.cities_of(p.nation)), STACKS)
    got = sum(1 for stack in range(1, n + 1) if draw_card(g, p, stack) is not None)
    g.emit(f"{g.name(p.nation)} draws {got} trade card{'s' if got != 1 else ''} "
           f"({n} cit{'ies' if n != 1 else 'y'}).", "draw", nation=p.nation, cards=got, cities=n)
    paid = 0
    for _ in range(bought):
        if not g.s.stacks[STACKS - 1]:
            # told to the buyer only: how many he meant to buy is his secret (ruling T-19)
            g.emit(f"Stack 9 is empty: {g.name(p.nation)} cannot buy more cards.", "draw_empty",
                   to=[p.seat], nation=p.nation, stack=STACKS)
            break
        g.spend_treasury(p.nation, GOLD_PRICE)
        draw_card(g, p, STACKS)
        paid += 1
    if paid:
        g.emit(f"{g.name(p.nation)} buys {paid} card{'s' if paid != 1 else ''} from stack 9 "
               f"for {paid * GOLD_PRICE} treasury.", "buy", nation=p.nation, cards=paid,
               cost=paid * GOLD_PRICE)


@order("buy_cards", rule="27.51")
@dataclass(slots=True)
class BuyCards(Order):
    """Buy ``count`` stack-9 cards at 18 treasury each (27.51, SITE-ACQ-01); 0 = none.
    May be changed until everyone has decided."""

    count: Count = 0


@register
class AcquisitionPhase(Phase):
    name = "acquisition"
    rule = "27"
    accepts = ("buy_cards",)

    def start(self, g: Context) -> None:
        """Ask only the players who can buy (SITE-ACQ-01); with nothing to buy the only
        choice, none, is taken at once."""
        g.s.step["asked"] = [p.seat for p in g.active() if can_buy(g, p) > 0]
        idle = [p.nation for p in g.active() if not p.inert and p.seat not in g.s.step["asked"]]
        if idle:  # SITE-TABLE-08: not asked, with a history line
            g.emit(f"No stack-9 card can be bought by {g.names(idle, 'or')} ({GOLD_PRICE} treasury each): "
                   f"nothing to decide for {'it' if len(idle) == 1 else 'them'}.", "buy_cards_none",
                   nations=idle)
        g.s.step["buy"] = {}

    def pending(self, g: Context) -> list[Decision]:
        st = g.s.step
        return [Decision(seat, "buy_cards",
                         f"Buy stack-9 cards (Gold/Ivory/Piracy) at {GOLD_PRICE} treasury each?",
                         default="no stack-9 cards bought",
                         options={"max": can_buy(g, g.s.players[seat]), "price": GOLD_PRICE})
                for seat in st["asked"] if str(seat) not in st["buy"]]

    def handle(self, g: Context, o: Order) -> None:
        assert isinstance(o, BuyCards)
        require_phase_player(g, o, "27.51")
        p = g.player(o.player)
        if o.player not in g.s.step["asked"]:
            raise IllegalOrder("27.51", f"buying a stack-9 card costs {GOLD_PRICE} treasury; "
                               f"you have {p.treasury}")
        if not isinstance(o.count, int) or isinstance(o.count, bool) or o.count < 0:
            raise IllegalOrder("27.51", "say how many cards to buy: 0 or more")
        most = can_buy(g, p)
        if o.count > most:
            raise IllegalOrder("27.51", f"you can buy at most {most} stack-9 card"
                               f"{'s' if most != 1 else ''} ({GOLD_PRICE} treasury each, "
                               f"{p.treasury} in treasury, {len(g.s.stacks[STACKS - 1])} in stack 9)")
        g.s.step["buy"][str(o.player)] = o.count
        g.emit(f"You will buy {o.count} stack-9 card{'s' if o.count != 1 else ''}.", "buy_decision",
               to=[o.player], count=o.count)

    def timeout(self, g: Context, seat: int) -> None:
        """SITE-ACQ-03: no stack-9 cards are bought."""
        g.s.step["buy"][str(seat)] = 0
        g.emit(f"{g.name(g.s.players[seat].nation)} did not decide in time: no stack-9 cards bought.",
               "timeout", nation=g.s.players[seat].nation)

    def sample(self, g: Context, seat: int, rng) -> Order:
        """A uniformly random legal purchase count."""
        return BuyCards(seat, rng.below(can_buy(g, g.s.players[seat]) + 1))

    def finish(self, g: Context) -> None:
        """SITE-ACQ-02: everyone has decided; the computer draws in 27.1 order."""
        buy = g.s.step.get("buy", {})
        for p in draw_order(g):
            draw_for(g, p, buy.get(str(p.seat), 0))


def acquisition_view(g: Context, seat: int | None) -> dict:
    """What a player sees while purchases are decided: his own choice and limit only."""
    if seat is None:
        return {}
    st = g.s.step
    return {"can_buy": can_buy(g, g.s.players[seat]) if seat in st.get("asked", []) else 0,
            "price": GOLD_PRICE, "decided": st.get("buy", {}).get(str(seat))}


PHASE_VIEWS["acquisition"] = acquisition_view


def acquisition_secrets(st: dict, seat: int) -> dict:
    """Purchases are decided at the same time and told only to the buyer until the draw
    (27.4): a seat's information state holds only his own decision."""
    return dict(st, buy={k: v for k, v in st.get("buy", {}).items() if k == str(seat)})


PHASE_SECRETS["acquisition"] = acquisition_secrets
