"""Acquisition of trade cards (27). STUB: not implemented yet; the phase passes without effect."""
from __future__ import annotations

from ..game import Game
from ..phase import Phase, register


@register
class AcquisitionPhase(Phase):
    name = "acquisition"
    rule = "27"

    def complete(self, g: Game) -> bool:
        return True
