"""Step 4 of a turn, draw and discard (CCG-TURN-04, CCG-EXT-02, CCG-EXT-05).

The active player draws 4 play cards (5 with the Highest Culture card), then the extra cards
of his Astronomy and Pottery (``extra_draw`` effects) right before the discard, then discards
2 (3 with the Highest Culture card). With fewer cards in hand than asked, all go.
"""
from __future__ import annotations

from ...contract import Event
from ..effects import extra_draws
from ..state import CCState, who
from .common import draw, emit, plural

DRAW, DISCARD = 4, 2
CULTURE_DRAW, CULTURE_DISCARD = 5, 3


def start(s: CCState, ev: list[Event]) -> None:
    p = s.active
    culture = s.culture == p
    draw(s, p, CULTURE_DRAW if culture else DRAW, ev)
    extra = extra_draws(s, p)
    if extra:  # CCG-EXT-05: right before the discard
        emit(ev, f"{who(p)} draws {plural(extra, 'extra card')} (technologies and buildings)", "draw")
        draw(s, p, extra, ev)
    s.need = CULTURE_DISCARD if culture else DISCARD
    s.phase = "discard"
