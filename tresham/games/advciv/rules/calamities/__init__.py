"""Resolution of calamities (29). STUB: the phase passes; see base.py for the effect interface."""
from __future__ import annotations

from ...game import Game
from ...phase import Phase, register
from . import base  # noqa: F401


@register
class CalamitiesPhase(Phase):
    name = "calamities"
    rule = "29"

    def complete(self, g: Game) -> bool:
        return True
