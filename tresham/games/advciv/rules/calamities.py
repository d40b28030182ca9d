"""Resolution of calamities (29). STUB: not implemented yet; the phase passes without effect."""
from __future__ import annotations

from ..game import Game
from ..phase import Phase, register


@register
class CalamitiesPhase(Phase):
    name = "calamities"
    rule = "29"

    def complete(self, g: Game) -> bool:
        return True
