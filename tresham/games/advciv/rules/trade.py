"""Trade (28). STUB: not implemented yet; the phase passes without effect."""
from __future__ import annotations

from ..game import Game
from ..phase import Phase, register


@register
class TradePhase(Phase):
    name = "trade"
    rule = "28"

    def complete(self, g: Game) -> bool:
        return True
