"""Conflict (24). STUB: not implemented yet; the phase passes without effect."""
from __future__ import annotations

from ..game import Game
from ..phase import Phase, register


@register
class ConflictPhase(Phase):
    name = "conflict"
    rule = "24"

    def complete(self, g: Game) -> bool:
        return True
