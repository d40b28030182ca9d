"""The random-legal bot: for any decision the engine can ask, a uniformly random legal order.

It asks the current phase for a random legal order (``Phase.sample``); every phase's default
(the timeout order) is the fallback, so the bot can always answer.
"""
from __future__ import annotations

from ..games.advciv.game import Game
from ..games.advciv.phase import PHASES
from ..games.advciv.state import GameState
from ..games.advciv.view import information_state
from ..rng import Rng


def random_bot(state: GameState, seat: int, rng: Rng) -> dict:
    """A random legal order for ``seat``'s current decision, chosen on what ``seat`` knows."""
    g = Game(information_state(state, seat))
    return PHASES[state.phase].sample(g, seat, rng).to_json()
