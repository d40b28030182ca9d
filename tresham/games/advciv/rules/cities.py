"""City construction (25). STUB: not implemented yet; the phase passes without effect."""
from __future__ import annotations

from ..game import Game
from ..phase import Phase, register


@register
class CitiesPhase(Phase):
    name = "cities"
    rule = "25"

    def complete(self, g: Game) -> bool:
        return True
