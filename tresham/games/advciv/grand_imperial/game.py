"""``GIGame``: the board primitives and rule hooks of Grand Imperial games (``Game`` overridden
where the variant changes a plain hook; ``docs/variants/grand-imperial.md`` section 1.3).

Ships (slice 3, ``fleet.py``): the plain board primitives for ships keep the ship records of
``variant_state["ships"]`` in step with ``board.ships`` when any rule calls them, the plain
ones included (GI-SHIP-01, GIR-16).

Leadership cards (slice 8, ``leaders.py``): leaders are not commodity cards (the hand limit
leaves them out, GIR-33), a card given in a trade may carry a leader's effect
(``on_cards_received``), a pact forbids some moves (``check_entry``), and assimilated
civilization cards score nothing (``civ_points``).

The luxury dice (slice 2, GI-LUX-07, GI-LUX-08): a city's die goes when the city leaves the
board (reduced, destroyed, removed: ``remove_city``); it stays with the area when the city
only changes owner (``replace_city``; GIR-28: tax revolt, Treachery, Civil War).

Calamities (slice 9): a Slave Revolt's blocked tokens are out of the next tax base
(``tax_base``, GI-CAL-06).
"""
from __future__ import annotations

from functools import cache

from ..game import Game
from . import data as gi
from . import fleet


@cache
def _leader_ids() -> frozenset[str]:
    return frozenset(gi.leaders())


class GIGame(Game):
    """A Grand Imperial game's working object."""

    # ---- ships (GI-SHIP-01, GIR-16) ----------------------------------------------------------
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

    # ---- Leadership cards (GI-LEADER-03, -07, -08; GI-TRADE-09) ----------------------------
    def commodity_cards(self, hand) -> list[str]:
        """Commodity cards, ballast included, and not the Leadership cards, which do not count
        toward the hand limit (GI-TRADE-09, GIR-33; ruling GILD-9)."""
        leaders = _leader_ids()
        return [c for c in hand if c in self.d.commodities and c not in leaders]

    def on_cards_received(self, taker: str, giver: str, cards: list[str], how: str) -> None:
        """Leaders traded (GI-LEADER-03, -08) and the Proselytizer's conflict (GI-LEADER-07)."""
        from .leaders import on_received

        on_received(self, taker, giver, cards, how)

    def check_entry(self, nation: str, area: str) -> None:
        """The Great Compromiser's pact (GI-LEADER-08)."""
        if self.s.variant_state.get("pacts"):
            from .leaders import check_entry

            check_entry(self, nation, area)

    # ---- calamities (GI-CAL-06) -------------------------------------------------------------
    def tax_base(self, nation: str) -> int:
        """The stock less the tokens a Slave Revolt keeps out of this taxation phase
        (``variant_state["tax_blocked"]``, GI-CAL-06; ruling GIC-6)."""
        from .calamities.slave_revolt import blocked_tax_base

        return blocked_tax_base(self, nation)

    def civ_points(self, nation: str) -> int:
        """Civilization cards' face values, less those owned by assimilation only, which score
        nothing (GI-LEADER-03)."""
        from .leaders import assimilated

        skip = assimilated(self.s, nation)
        return sum(self.d.civ_cards[c].cost for c in self.of(nation).civ_cards if c not in skip)

    # ---- luxury dice (GI-LUX-07, GI-LUX-08) -------------------------------------------------
    def remove_city(self, area: str) -> str:
        """The plain removal; the city's luxury die goes with it (GI-LUX-07)."""
        owner = super().remove_city(area)
        dice = self.s.variant_state.get("luxury")
        if dice and area in dice:
            del dice[area]
            if not dice:
                self.s.variant_state.pop("luxury")
        return owner

    def replace_city(self, area: str, new_owner: str, why: str = "") -> None:
        """The plain replacement; the die belongs to the area and stays (GIR-28)."""
        kept = self.s.variant_state.get("luxury", {}).get(area)
        super().replace_city(area, new_owner, why)
        if kept is not None:
            self.s.variant_state.setdefault("luxury", {})[area] = kept
