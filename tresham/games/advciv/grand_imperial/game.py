"""The working object of Grand Imperial games (``Variant.game_class``).

:class:`GIGame` overrides the plain board primitives for ships so that any rule calling them
(the plain ones included) keeps the ship records of ``variant_state["ships"]`` in step with
``board.ships`` (``fleet``; GI-SHIP-01, GIR-16)."""
from __future__ import annotations

from ..game import Game
from . import fleet


class GIGame(Game):
    """A Grand Imperial game being worked on."""

    __slots__ = ()

    def add_ship(self, nation: str, area: str) -> None:
        """A new ship is a Trireme with the lowest free id (GI-SHIP-01)."""
        fleet.add(self, nation, area)

    def remove_ship(self, nation: str, area: str) -> None:
        """The lowest-numbered of ``nation``'s ships in ``area`` goes to stock, its cargo lost
        (GIR-16)."""
        recs = fleet.in_area(self.s, nation, area)
        if not recs:
            raise ValueError(f"{nation} has no ship in {area}")
        fleet.remove(self, nation, recs[0]["id"])

    def move_ship(self, nation: str, src: str, dst: str) -> None:
        """The lowest-numbered of ``nation``'s ships in ``src`` moves to ``dst``."""
        recs = fleet.in_area(self.s, nation, src)
        if not recs:
            raise ValueError(f"{nation} has no ship in {src}")
        fleet.move(self, nation, recs[0]["id"], dst)
