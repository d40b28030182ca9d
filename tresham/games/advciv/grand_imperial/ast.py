"""Grand Imperial's A.S.T. phase, the end of the turn: first the decay of the sites whose
city is gone (GI-CARULE-04: ``sites.decay``: a ``"flip"`` site loses its flipped advances
and flips one more, a ``"lose"`` site loses one), then the plain A.S.T. (33)."""
from __future__ import annotations

from ..game import Game
from ..phase import register
from ..rules.ast import AstPhase
from . import sites
from .variant import KEY


@register(variant=KEY)
class GIAstPhase(AstPhase):
    def start(self, g: Game) -> None:
        sites.decay(g)
        super().start(g)
