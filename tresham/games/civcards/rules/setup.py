"""Starting a game (CCG-SET-01..07, CCG-CARD-05, CCG-CONF-01).

After the two plots dealt to each seat (``state.new_state``, CCG-SET-02):

1. draft 1: as many plots as players laid face up; from the player left of the dealer,
   clockwise, each takes one (CCG-SET-03);
2. draft 2: another such row; the dealer first, counter-clockwise (CCG-SET-04); the last
   picker of a row takes the one plot left without being asked;
3. the market: 3 plots and 3 technologies face up (CCG-SET-05);
4. each player, clockwise from the one left of the dealer, puts his free population on one of
   his four starting plots (CCG-CARD-05; four plots, CCG-CONF-01);
5. the opening hands: 6, 7, 8, 9 play cards clockwise from the player left of the dealer,
   then each discards 2, in the same order (CCG-SET-06);
6. the first turn is the player left of the dealer's (CCG-SET-07).
"""
from __future__ import annotations

from ...contract import Event, IllegalOrder
from ..seating import clockwise, counter_clockwise
from ..state import CCState, who
from .common import distinct, draw, emit, names, plural

MARKET = 3
OPENING = (6, 7, 8, 9)
OPENING_DISCARD = 2


def lay_draft(s: CCState, which: int, ev: list[Event]) -> None:
    """Lay out the row of draft ``which`` (1 or 2) and the picking order."""
    n = s.players
    s.draft = [s.plot_deck.pop() for _ in range(min(n, len(s.plot_deck)))]
    s.queue = clockwise(n, s.first()) if which == 1 else counter_clockwise(n, s.dealer)
    s.phase = f"draft{which}"
    emit(ev, f"draft {which}: {names(s, s.draft)} laid out; {who(s.queue[0])} picks first", "draft")


def pick(s: CCState, p: int, plot: str, ev: list[Event]) -> None:
    if plot not in s.draft:
        raise IllegalOrder("CCG-SET-03", f"{plot!r} is not in the draft's row")
    s.draft.remove(plot)
    s.seats[p]["plots"].append({"id": plot, "pop": 0, "cards": []})
    s.queue.pop(0)
    emit(ev, f"{who(p)} takes {s.cards.name(plot)}", "draft", plot=plot)


def open_market(s: CCState, ev: list[Event]) -> None:
    """3 plots and 3 technologies face up (CCG-SET-05)."""
    s.plot_market = [s.plot_deck.pop() for _ in range(min(MARKET, len(s.plot_deck)))]
    s.tech_market = [s.tech_deck.pop() for _ in range(min(MARKET, len(s.tech_deck)))]
    emit(ev, f"the market opens: plots {names(s, s.plot_market)}; technologies {names(s, s.tech_market)}",
         "market")


def free_population(s: CCState, p: int, plot: str, ev: list[Event]) -> None:
    """CCG-CARD-05: one free population on any of the seat's starting plots."""
    pl = s.plot(p, plot)
    if pl is None:
        raise IllegalOrder("CCG-CARD-05", f"{plot!r} is not one of your plots")
    pl["pop"] += 1
    s.queue.pop(0)
    emit(ev, f"{who(p)} puts the free population on {s.cards.name(plot)}", "population", plot=plot)


def deal_opening(s: CCState, ev: list[Event]) -> None:
    """CCG-SET-06: 6, 7, 8, 9 cards clockwise from the player left of the dealer."""
    order = clockwise(s.players, s.first())
    for p, k in zip(order, OPENING):
        draw(s, p, k, ev)
    s.queue = order
    s.need = OPENING_DISCARD
    s.phase = "opening_discard"


def discard(s: CCState, p: int, cards: list[str], ev: list[Event], rule: str) -> None:
    """``p`` discards exactly the cards the decision asks for (CCG-SET-06, CCG-TURN-04)."""
    distinct(cards, rule)
    hand = s.seats[p]["hand"]
    need = min(s.need, len(hand))
    if len(cards) != need:
        raise IllegalOrder(rule, f"discard {plural(need, 'card')}, not {len(cards)}")
    for c in cards:
        if c not in hand:
            raise IllegalOrder(rule, f"{c!r} is not in your hand")
    for c in cards:
        hand.remove(c)
    s.discard += cards
    emit(ev, f"{who(p)} discards {plural(len(cards), 'card')}", "discard")
    emit(ev, f"you discard {names(s, cards)}", "discard", to=[p], cards=list(cards))
