"""Piracy in Grand Imperial (GI-CAL-12), the plain way: a city with City Walls or with Marines
(``variant_state["marines"][owner]``) cannot become a pirate city.

The seed lets the trader choose instead to take the cards on the victim's ships (D17
``piracy_mode``); that mode needs the ship records of the ships slice and is not built here:
until then Piracy is always the plain one with these exclusions, which is also the D17
timeout when no ship holds a card to take (and GIR-53 for an untraded Piracy)."""
from __future__ import annotations

from ...game import Game
from ...rules.calamities.base import effect
from ...rules.calamities.piracy import Piracy, coastal_cities
from ..variant import KEY
from .. import data as gi
from .barbarians import walled


def guarded(g: Game, area: str) -> bool:
    """A city that cannot become a pirate city: City Walls, or Marines of its owner in it
    (GI-CAL-12, GI-CITYADV-25)."""
    owner = g.s.board.cities.get(area)
    marines = (g.s.variant_state or {}).get("marines", {}).get(owner, ())
    immune = gi.calamity_changes()["piracy"].normal_piracy_immune_advances
    return ("city_walls" in immune and walled(g, area)) or ("marines" in immune and area in marines)


@effect(variant=KEY)
class GIPiracy(Piracy):
    """GI-CAL-12 (cities mode)."""

    def coastal(self, g: Game, nation: str) -> list[str]:
        return [a for a in coastal_cities(g, nation) if not guarded(g, a)]
