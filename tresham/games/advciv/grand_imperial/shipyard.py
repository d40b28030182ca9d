"""The Shipyard city advance (GI-CITYADV-26, GIR-46; Galleons, 150, coastal cities only).

Seed: "The player gains the maximum number of ships it can have, all of the new ones starting
in the region with the shipyard. Plus, anytime a ship is destroyed, it automatically is
replaced, free of charge, by a new ship which starts in a city with a shipyard."

- On purchase (``purchase.fill_ships``, called by ``purchase.buy_lines`` for an advance whose
  data says ``fills_ships``): its owner's fleet is filled up to 4 ships (22.4) free of charge,
  every new ship a Trireme with nothing aboard in the Shipyard's area (ruling GIM-6:
  restoring a flipped Shipyard at half price is no purchase and fills nothing).
- :func:`replace`: a ship "destroyed", that is sunk in naval conflict or lost to a calamity
  (``fleet.remove`` with the reason ``fleet.SUNK`` or ``fleet.CALAMITY``; GIR-46), comes back
  at once, free of charge, as a Trireme with nothing aboard in his Shipyard city whose advance
  works (face up, the city his and not in Revolt, GI-CARULE-06; an advance whose data says
  ``replaces_lost_ships``), the lowest area id if he has several. A ship not maintained in
  the ships phase is not replaced (GIR-46; ruling GIM-7).
"""
from __future__ import annotations

from functools import cache

from ..context import Context
from . import data as gi
from . import fleet


@cache
def _replacing() -> frozenset[str]:
    """The city advances that replace lost ships (the data's ``replaces_lost_ships``: Shipyard)."""
    return frozenset(a for a, x in gi.city_advances().items() if x.replaces_lost_ships)


def shipyard_city(g: Context, nation: str) -> str | None:
    """``nation``'s Shipyard city that replaces his ships: a working Shipyard (GI-CARULE-06),
    the lowest area id of several (GI-CITYADV-26), or None."""
    if not g.s.variant_state.get("sites"):
        return None
    from . import sites

    areas = sorted(area for area, a in sites.working(g, nation) if a in _replacing())
    return areas[0] if areas else None


def replace(g: Context, nation: str) -> int | None:
    """A ship of ``nation``'s destroyed (sunk or lost to a calamity, GIR-46) is replaced in his
    Shipyard city, free of charge, if he has one working and a ship in stock. Gives the new
    ship's id or None."""
    area = shipyard_city(g, nation)
    if area is None or g.ships_in_stock(nation) <= 0:
        return None
    sid = fleet.add(g, nation, area)["id"]
    g.emit(f"{g.possessive(nation)} Shipyard in {g.area_name(area)} replaces the ship lost: ship {sid}, "
           "a Trireme, free of charge (GI-CITYADV-26).", "shipyard_replace", nation=nation, area=area, ship=sid)
    return sid
