"""The levels of Advanced Civilization's bot the creator chooses per bot seat (SITE-BOT-05):
``Offers.bots`` of the game, the first the default. A new level is one more entry of
:data:`LEVELS` (its ``play(state, seat, seed)`` gives the seat's order, or None to wait).

A bot that falls back on the phase's default gives it as its own choice (the ``bot_default``
order, SITE-BOT-03), never as a missed deadline.
"""
from __future__ import annotations

from typing import Callable

from ....rng import Rng, seed_state
from ...contract import BotLevel
from .. import engine
from ..orders import Order
from ..state import GameState
from .heuristic import heuristic_bot
from .random_bot import random_bot
from .trader import trader_bot


def _as_own(state: GameState, seat: int, order: dict | Order | None) -> dict | None:
    """The bot's order as JSON, the phase's default (the timeout order) as the bot's own."""
    if order is None:
        return None
    order = order.to_json() if isinstance(order, Order) else order
    if order.get("type") == "timeout":
        return engine.bot_default(state, seat)
    return order


def _seeded(bot: Callable[[GameState, int, Rng], dict | Order | None]) -> Callable[[GameState, int, str], dict | None]:
    def play(state: GameState, seat: int, seed: str) -> dict | None:
        return _as_own(state, seat, bot(state, seat, Rng(seed_state(seed))))
    return play


#: The levels, the default first.
LEVELS: tuple[BotLevel, ...] = (
    BotLevel("trader", "Trader", "the heuristic player who also trades: it stays in the trade market, answers "
             "every offer made to it by its own valuation and makes offers to people and bots alike "
             "(SITE-BOT-01)", _seeded(trader_bot)),
    BotLevel("heuristic", "Heuristic", "plays each phase as a sensible player would: moves, ships and buys "
             "civilization cards by plain rules of thumb; in the market it makes one offer and leaves", _seeded(heuristic_bot)),
    BotLevel("random", "Random", "a random legal order for every decision: a weak opponent, for learning the "
             "rules", _seeded(random_bot)),
)
