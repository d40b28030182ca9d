"""The bots of Civilization: The Card Game, over the engine:

- ``play.py``: :func:`random_bot` (a legal order drawn uniformly, ``legal.random_order``) and
  :func:`heuristic_bot` (techs first, then wonders, buildings and population; attacks the
  leading neighbour with its attacking units; defends with the defaults);
- ``levels.py``: the levels a creator chooses per bot seat (``Offers.bots``), the heuristic first.

Both read only what the seat may see: its own hand and the public table (the plots, markets,
combat); never another hand or a deck's order.
"""
from .play import heuristic_bot, random_bot

__all__ = ["heuristic_bot", "random_bot"]
