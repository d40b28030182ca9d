"""The random-legal bot: for any decision the engine can ask, a uniformly random legal order.

It asks the current phase for a random legal order (``Phase.sample``); every phase's default
(the timeout order) is the fallback, so the bot can always answer.
"""
from __future__ import annotations

from ..state import GameState
from ..variant import variant_of
from ..view import information_state
from ....rng import Rng


def random_bot(state: GameState, seat: int, rng: Rng) -> dict:
    """A random legal order for ``seat``'s current decision, chosen on what ``seat`` knows."""
    variant = variant_of(state)
    g = variant.game(information_state(state, seat))
    return variant.phase(state.phase).sample(g, seat, rng).to_json()
