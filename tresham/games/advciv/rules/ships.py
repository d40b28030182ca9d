"""Ship construction and maintenance (22). STUB: not implemented yet; the phase passes without effect."""
from __future__ import annotations

from ..game import Game
from ..phase import Phase, register


@register
class ShipsPhase(Phase):
    name = "ships"
    rule = "22"

    def complete(self, g: Game) -> bool:
        return True
