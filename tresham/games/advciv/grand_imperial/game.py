"""The working object of Grand Imperial games: the plain board primitives, which also look
after the variant's own pieces (design 1.3, EP-5).

Slice 2: the luxury dice (GI-LUX-07, GI-LUX-08). A city's die goes when the city leaves the
board (reduced, destroyed, removed); it stays with the area when the city only changes owner
(GIR-28: tax revolt, Treachery, Civil War).
"""
from __future__ import annotations

from ..game import Game


class GIGame(Game):
    """``Game`` with the Grand Imperial pieces kept in ``variant_state``."""

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
