"""Grand Imperial trade card acquisition, slice 1 (GI-TURN-09, GI-TRADE-01, -03, -06, -09,
GI-EVENT-02, -03).

The stacks are divided by region, not by value: for every city he has in a region a player
draws one card from that region's stack (GI-TRADE-01), then event cards by his number of
cities and the size of the game (GI-EVENT-02, GI-TRADE-03). A calamity drawn from the event
stack whose value is higher than his number of cities is discarded, and no other event card
is drawn in its place (GI-EVENT-03). Players draw in the AdvCiv order, fewest cities first
(27.1, GI-TRADE-06); an empty stack gives nothing (27.21, GI-TRADE-09).

Not yet (later slices of ``docs/variants/grand-imperial.md``): dispositions (every city counts
as Content until the luxury phase exists, GIS-4), city advances (CrossRoads, Port,
MarketPlace, Palace, Courthouse), buying from a region and its auction (GI-TRADE-04, -05),
ships' harvest, the Merchant Prince. The phase has no decision, so it passes at once.
"""
from __future__ import annotations

from collections import Counter

from ..game import Game
from ..phase import Phase, register
from ..rules.acquisition import draw_order
from ..state import Player
from . import data as gi
from .stacks import event_stack, region_stack
from .variant import BALLAST, EVENTS, KEY


def card_name(g: Game, card: str) -> str:
    """The name of any Grand Imperial trade card: commodity, calamity, ballast, leader."""
    if card in g.d.commodities:
        return g.d.commodities[card].name
    if card in g.d.calamities:
        return g.d.calamities[card].name
    if card == BALLAST:
        return "Ballast"
    return gi.leaders()[card].name


def region_name(region: str) -> str:
    return "the event stack" if region == EVENTS else gi.regions()[region].name


def draw_rights(g: Game, nation: str) -> list[tuple[str, str]]:
    """(city area, region) for each card the nation's cities draw (GI-TRADE-01): one per
    city, from the region of its area, in the seed's region order, then by area. Every city
    counts as Content until the luxury phase is built (GIS-4)."""
    order = {rid: i for i, rid in enumerate(gi.regions())}
    rights = []
    for area in g.cities_of(nation):
        rid = gi.region_of(area)
        if rid is None:  # not reachable: every land area is in a region (GI-REGION-14)
            continue
        rights.append((area, rid))
    return sorted(rights, key=lambda t: (order[t[1]], t[0]))


def events_due(g: Game, nation: str) -> int:
    """Event cards a nation draws this turn (GI-EVENT-02): by its cities on the board and the
    game's size, the players it began with (small: 4 or fewer; GIS-3)."""
    return gi.event_draws(g.s.options.players, len(g.cities_of(nation)))


def draw_from(g: Game, p: Player, region: str) -> str | None:
    """The top card of ``region``'s stack (or the event stack) into ``p``'s hand, told to him
    only (27.3); an empty stack gives nothing (27.21, GI-TRADE-09)."""
    stack = event_stack(g) if region == EVENTS else region_stack(g, region)
    if not stack:
        where = "The event stack" if region == EVENTS else f"{region_name(region)}'s stack"
        g.emit(f"{where} is empty: {g.name(p.nation)} draws no card from it.", "draw_empty",
               nation=p.nation, stack=region)
        return None
    card = stack.pop(0)
    p.hand.append(card)
    g.emit(f"You draw {card_name(g, card)} from {region_name(region)}.", "draw_private",
           to=[p.seat], card=card, stack=region)
    return card


def draw_for(g: Game, p: Player) -> None:
    """One player's acquisition: his regional cards (GI-TRADE-01), then his event cards
    (GI-TRADE-03), a calamity above his number of cities discarded unreplaced (GI-EVENT-03)."""
    nation = p.nation
    cities = len(g.cities_of(nation))
    got: Counter = Counter()
    for _area, rid in draw_rights(g, nation):
        if draw_from(g, p, rid) is not None:
            got[rid] += 1
    events = 0
    for _ in range(events_due(g, nation)):
        card = draw_from(g, p, EVENTS)
        if card is None:
            continue
        if card in g.d.calamities and gi.calamity_discarded(card, cities):
            p.hand.remove(card)
            g.s.set_aside.append(card)
            cal = g.d.calamities[card]
            g.emit(f"{g.name(nation)} draws {cal.name} (value {cal.stack}), worth more than "
                   f"{g.name(nation)}'s {cities} cit{'ies' if cities != 1 else 'y'}: it is discarded "
                   f"and no other event card is drawn (GI-EVENT-03).", "event_discarded",
                   nation=nation, card=card, cities=cities)
            continue
        events += 1
    regional = sum(got.values())
    where = ", ".join(f"{n} from {region_name(rid)}" for rid, n in got.items())
    g.emit(f"{g.name(nation)} draws {regional} regional card{'s' if regional != 1 else ''}"
           f"{f' ({where})' if where else ''} and {events} event card{'s' if events != 1 else ''} "
           f"({cities} cit{'ies' if cities != 1 else 'y'}).", "draw", nation=nation,
           cards=regional + events, regions=dict(got), events=events, cities=cities)


@register(variant=KEY)
class GIAcquisitionPhase(Phase):
    """Replaces the plain acquisition (27) in Grand Imperial games: no stack-9 purchase
    (27.51 has no place in the regional stacks), nothing to decide in slice 1."""

    name = "acquisition"
    rule = "GI-TRADE-01"
    accepts = ()

    def finish(self, g: Game) -> None:
        """The computer draws for everyone in the 27.1 order (GI-TRADE-06)."""
        for p in draw_order(g):
            draw_for(g, p)
