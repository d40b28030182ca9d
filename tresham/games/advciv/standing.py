"""Standing orders: what a player wants done when his deadline passes, instead of the
site's default (see ``standing_order``). Filled in per kind of decision."""
from __future__ import annotations

from typing import Any

from .state import GameState

#: decision kind -> what a standing order for it can say
KINDS: dict[str, str] = {}


def standing_order(state: GameState, seat: int, kind: str, spec: Any) -> dict | None:
    """The order ``spec`` gives for ``seat``'s ``kind`` decision now, or None."""
    return None
