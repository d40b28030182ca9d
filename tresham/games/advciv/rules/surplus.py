"""Removal of surplus population (26). STUB: not implemented yet; the phase passes without effect."""
from __future__ import annotations

from ..game import Game
from ..phase import Phase, register


@register
class SurplusPhase(Phase):
    name = "surplus"
    rule = "26"

    def complete(self, g: Game) -> bool:
        return True
