"""The heuristic bot's Grand Imperial planners (design 5.3), one per decision kind it plays
for itself (``Variant.planners``); every other decision takes the plain heuristic or the
default. A planner decides on the seat's ``information_state`` only.

- Luxury (D11): first every city Content with free flips, in area-id order (the default);
  then, while flips remain, cities made Happy (+1 card, +1 tax, immune to political
  calamities), the cheapest first and those whose extra card is not lost to the cap of 2
  before the others; a city the flips leave below Content (it would draw no card) is brought
  to Content from treasury, 1 token a point, while the treasury has it. Luxury cards are kept
  for sets.
"""
from __future__ import annotations

from ..game import Game
from . import data as gi
from . import dispositions as dp
from .luxury_phase import default_points


def _card_lost_to_cap(g: Game, area: str) -> bool:
    """Whether a Happy city's extra card would be lost for want of a Courthouse
    (GI-CITYADV-16): its Content draws already reach the cap."""
    advances = [gi.city_advances()[a] for a in dp.site_advances(g, area)]
    if any(a.lifts_card_limit for a in advances):
        return False
    content = gi.trade().cards_per_city + sum(a.extra_cards for a in advances)
    return content >= gi.trade().cards_without_courthouse


def plan_luxury(g: Game, seat: int, rng=None) -> dict | None:
    """The luxury order of ``seat`` (see the module docstring); None if he owes none."""
    p = g.s.players[seat]
    if not p.nation or not g.cities_of(p.nation):
        return None
    points = default_points(g, p.nation)
    left = dp.free_flips(g, p.nation) - sum(points.values())
    upgrades = []
    for area, given in points.items():
        need = dp.points_for(g, area, dp.HAPPY) - given
        if need > 0:
            upgrades.append((_card_lost_to_cap(g, area), need, area))
    for _lost, need, area in sorted(upgrades):
        if need <= left:
            points[area] += need
            left -= need
    treasury = 0
    for area in g.cities_of(p.nation):
        need = dp.points_for(g, area, dp.CONTENT) - points[area]
        if 0 < need <= p.treasury - treasury:
            points[area] += need
            treasury += need
    return {"type": "luxury", "player": seat, "points": {a: n for a, n in points.items() if n},
            "treasury": treasury, "cards": []}


#: decision kind (the phase's name) -> planner (``Variant.planners``)
PLANNERS = {"luxury": plan_luxury}
