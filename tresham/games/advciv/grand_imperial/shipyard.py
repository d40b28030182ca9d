"""The Shipyard city advance (GI-CITYADV-26, GIR-46; Galleons, 150, coastal cities only).

Seed: "The player gains the maximum number of ships it can have, all of the new ones starting
in the region with the shipyard. Plus, anytime a ship is destroyed, it automatically is
replaced, free of charge, by a new ship which starts in a city with a shipyard."

- :func:`bought`: when a Shipyard is built (``purchase.buy_lines``), its owner's fleet is
  filled up to 4 ships (22.4, ``SHIPS_PER_NATION``) free of charge, every new ship a Trireme
  with nothing aboard in the Shipyard's area (ruling GIM-5: restoring a flipped Shipyard at
  half price is no purchase and fills nothing).
- :func:`replace`: a ship "destroyed", that is sunk in naval conflict or lost to a calamity
  (``fleet.remove`` with the reason ``fleet.SUNK`` or ``fleet.CALAMITY``; GIR-46), comes back
  at once, free of charge, as a Trireme with nothing aboard in his Shipyard city whose advance
  works (face up, the city his and not in Revolt, GI-CARULE-06), the lowest area id if he has
  several. A ship not maintained in the ships phase is not replaced (GIR-46).
"""
from __future__ import annotations

from ..data import SHIPS_PER_NATION
from ..game import Game
from . import fleet

SHIPYARD = "shipyard"


def shipyard_city(g: Game, nation: str) -> str | None:
    """``nation``'s Shipyard city that replaces his ships: a working Shipyard (GI-CARULE-06),
    the lowest area id of several (GI-CITYADV-26), or None."""
    if not g.s.variant_state.get("sites"):
        return None
    from . import sites

    areas = sorted(area for area, a in sites.working(g, nation) if a == SHIPYARD)
    return areas[0] if areas else None


def _new_ships(g: Game, nation: str, area: str, n: int, why: str) -> list[int]:
    ids = [fleet.add(g, nation, area)["id"] for _ in range(n)]
    if ids:
        g.emit(f"{g.name(nation)}'s Shipyard in {g.area_name(area)} {why}: "
               + ", ".join(f"ship {i}" for i in ids) + " (a Trireme, free of charge; GI-CITYADV-26).",
               "shipyard_ships", nation=nation, area=area, ships=ids, why=why)
    return ids


def bought(g: Game, nation: str, area: str) -> list[int]:
    """A Shipyard built in ``area``: ``nation``'s ships up to 4, the new ones there, free
    (GI-CITYADV-26). Gives the new ships' ids."""
    have = len(g.s.board.ships.get(nation, []))
    return _new_ships(g, nation, area, SHIPS_PER_NATION - have, "launches")


def replace(g: Game, nation: str) -> int | None:
    """A ship of ``nation``'s destroyed (sunk or lost to a calamity, GIR-46) is replaced in his
    Shipyard city, free of charge, if he has one working and a ship in stock. Gives the new
    ship's id or None."""
    area = shipyard_city(g, nation)
    if area is None or g.ships_in_stock(nation) <= 0:
        return None
    ids = _new_ships(g, nation, area, 1, "replaces the ship lost")
    return ids[0]
