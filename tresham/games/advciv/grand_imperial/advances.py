"""Grand Imperial's advances phase, slice 1: the plain purchase of civilization cards (31),
then the returned cards restacked under their regions and the event stack (GI-TRADE-09,
``stacks.restack``) instead of under the stacks of their value (31.81)."""
from __future__ import annotations

from ..game import Game
from ..phase import register
from ..rules.advances import AdvancesPhase
from .stacks import restack
from .variant import KEY


@register(variant=KEY)
class GIAdvancesPhase(AdvancesPhase):
    def finish(self, g: Game) -> None:
        restack(g)
