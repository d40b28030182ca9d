"""Census (21). STUB: not implemented yet; the phase passes without effect."""
from __future__ import annotations

from ..game import Game
from ..phase import Phase, register


@register
class CensusPhase(Phase):
    name = "census"
    rule = "21"

    def complete(self, g: Game) -> bool:
        return True
