"""The bots of Tigris & Euphrates, deciding on information states only (``info.py``: a
seat's view rebuilt as a :class:`TEState`, the hidden parts canonical).

- ``greedy.py``: :func:`random_bot` (uniform over the legal orders) and :func:`greedy_bot`
  (today's one-step greedy bot);
- ``strong.py``: :func:`strong_bot`, the stronger bot (SITE-BOT-06): the greedy bot's tile and
  leader scores, plus catastrophes and swaps when they pay and building, monument and wonder
  offers by their value (``worth.py``: what a position is worth to a seat);
- ``levels.py``: the levels the creator chooses per bot seat (``Offers.bots``, SITE-BOT-05), the
  stronger bot first.

The measurement of the stronger bot against the greedy one is ``tools/match.py``
(``tresham tigris-match``).

Each bot comes in two forms: ``*_order(view, rng_seed)`` on a seat's view, and
``*_bot(state, seat, rng_seed)`` on the state (the platform's form; it reads only the seat's
view of the state).
"""
from .greedy import greedy_bot, greedy_order, random_bot, random_order
from .info import info_state
from .strong import strong_bot, strong_order

__all__ = ["greedy_bot", "greedy_order", "info_state", "random_bot", "random_order",
           "strong_bot", "strong_order"]
