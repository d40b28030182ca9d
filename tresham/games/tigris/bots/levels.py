"""The levels of Tigris & Euphrates' bot the creator chooses per bot seat (SITE-BOT-05):
``Offers.bots`` of the game, the first the default. A new level is one more entry of
:data:`LEVELS` (``play(state, seat, seed)``: the seat's order, or None to wait).

A bot asked when its seat owes nothing gives the seat's default as its own choice (the
``bot_default`` order, SITE-BOT-03), which the rules then refuse as they refused the timeout.
"""
from __future__ import annotations

from ...contract import BotLevel
from .greedy import greedy_bot, random_bot
from .strong import strong_bot
from ..state import TEState


def bot_default(state: TEState, seat: int) -> dict:
    """The seat's default as its bot's own choice (``Offers.bot_default``, SITE-BOT-03)."""
    return {"type": "bot_default", "player": seat}


def _own(bot):
    def play(state: TEState, seat: int, seed: str) -> dict | None:
        order = bot(state, seat, seed)
        return bot_default(state, seat) if order.get("type") == "timeout" else order
    return play


#: The levels, the default first.
LEVELS: tuple[BotLevel, ...] = (
    BotLevel("strong", "Strong", "weighs each tile, catastrophe, swap, monument and wonder by what it adds to its "
             "position, from its own view (SITE-BOT-06)", _own(strong_bot)),
    BotLevel("greedy", "Greedy", "takes the action worth most now, towards its weakest colours, and commits "
             "what wins a conflict", _own(greedy_bot)),
    BotLevel("random", "Random", "a random legal order for every decision: a weak opponent, for learning the "
             "rules", _own(random_bot)),
)
