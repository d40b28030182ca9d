"""Early departure (15.6).

A departing player's nation becomes inert (15.61): its units stay on the map, but it neither
moves nor grows, pays no tax and its cities need no support; it is never a secondary calamity
victim. It keeps its civ cards (15.63). Of its trade cards it keeps, chosen at random, one per
city it has on the board (15.62, kept in ``state.retained_cards`` for whoever later eliminates
one of its cities); the rest go back to the bottom of their stacks.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...contract import IllegalOrder
from ..context import Context
from ..orders import Order, site_order
from .setup import put_at_bottom


@site_order("depart", rule="15.6")
@dataclass(slots=True)
class Depart(Order):
    """Platform order: the seat's nation leaves the game early (15.6), e.g. when the site
    has found nobody to take over its seat. Taken in any phase."""


def return_to_stacks(g: Context, rest: list[str]) -> None:
    """15.62, as in restacking (31.81, 31.82): per stack, commodities and tradable calamities
    go under it shuffled (so no one learns the hand's order), then non-tradable calamities at
    the very bottom (15.2)."""
    fixed = sorted(c for c in rest if c in g.d.calamities and not g.d.calamities[c].tradable)
    mixed = [c for c in rest if c not in fixed]
    g.rng.shuffle(mixed)
    for card in mixed:
        g.s.stacks[g.d.card_value(card) - 1].append(card)
    for card in fixed:
        put_at_bottom(g, g.s.stacks[g.d.card_value(card) - 1], card)


def depart(g: Context, nation: str) -> list[str]:
    """Make ``nation`` inert (15.61) and settle its trade cards (15.62); gives the cards kept."""
    p = g.of(nation)
    if p.inert:
        raise IllegalOrder("15.6", f"{g.name(nation)} has already left the game")
    p.inert = True
    cities = len(g.cities_of(nation))
    hand = list(p.hand)
    kept = g.rng.sample(hand, min(cities, len(hand)))
    rest = list(hand)
    for c in kept:
        rest.remove(c)
    g.variant.return_departed(g, rest)
    p.hand = []
    g.s.retained_cards[nation] = sorted(kept)
    g.emit(f"{g.name(nation)} leaves the game: its units stay on the map, inert; it keeps "
           f"{len(kept)} trade cards (one per city) and returns {len(rest)} to the bottom of the stacks.",
           "departure", nation=nation, kept=len(kept), returned=len(rest))
    return kept
