"""Acquisition of civilization cards (31). STUB: not implemented yet; the phase passes without effect."""
from __future__ import annotations

from ..game import Game
from ..phase import Phase, register


@register
class AdvancesPhase(Phase):
    name = "advances"
    rule = "31"

    def complete(self, g: Game) -> bool:
        return True
