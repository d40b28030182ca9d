"""The levels of the game's bot a creator chooses per bot seat (``Offers.bots``, SITE-BOT-05),
the first the default. A bot asked when its seat owes nothing gives the seat's default as
its own choice (``bot_default``, SITE-BOT-03)."""
from __future__ import annotations

from ...contract import BotLevel
from ..state import CCState
from .play import heuristic_bot, random_bot


def bot_default(state: CCState, seat: int) -> dict:
    return {"type": "bot_default", "player": seat}


def _own(bot):
    def play(state: CCState, seat: int, seed: str) -> dict | None:
        order = bot(state, seat, seed)
        return bot_default(state, seat) if order.get("type") == "timeout" else order
    return play


LEVELS: tuple[BotLevel, ...] = (
    BotLevel("heuristic", "Heuristic", "buys technologies first, then wonders, buildings and population, and "
             "attacks the leading neighbour", _own(heuristic_bot)),
    BotLevel("random", "Random", "a random legal order for every decision: a weak opponent, for learning the rules",
             _own(random_bot)),
)
