"""Population expansion (20). STUB: not implemented yet; the phase passes without effect."""
from __future__ import annotations

from ..game import Game
from ..phase import Phase, register


@register
class PopulationPhase(Phase):
    name = "population"
    rule = "20"

    def complete(self, g: Game) -> bool:
        return True
