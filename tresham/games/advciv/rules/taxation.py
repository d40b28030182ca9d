"""Taxation (19). STUB: not implemented yet; the phase passes without effect."""
from __future__ import annotations

from ..game import Game
from ..phase import Phase, register


@register
class TaxPhase(Phase):
    name = "tax"
    rule = "19"

    def complete(self, g: Game) -> bool:
        return True
