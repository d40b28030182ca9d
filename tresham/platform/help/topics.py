"""The site's own help topics, in the order the index lists them; a game's own topics follow
(``Offers.help``, ``gamehelp.topics_of``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Topic:
    """One help page: its URL name in the ``help`` namespace, its title and what it tells."""

    name: str
    title: str
    summary: str


TOPICS: tuple[Topic, ...] = (
    Topic("joining", "Joining a game",
          "The game list, open games, the player queue and the limit on games with the same people."),
    Topic("creating", "Creating a game",
          "The new-game form: its options, the time limit, friends and bot seats."),
    Topic("playing", "Playing a turn",
          "The game page, orders, Reset and Done, time limits, and each phase: what you decide "
          "and what the site does when your time runs out."),
)
