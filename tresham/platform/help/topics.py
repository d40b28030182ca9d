"""The help pages' topics, in the order the index lists them."""
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
    Topic("trading", "Trading",
          "Offers, Don't Care and Unspecified, lies, the embargo and the market's cutoff; the "
          "commodities and their values."),
    Topic("calamities", "Calamities",
          "Who suffers a calamity, in which order they strike, and every calamity with its stack, "
          "whether it can be traded and what it does."),
    Topic("advances", "Civilization cards",
          "Every civilization card with its groups, cost, prerequisite, effect and the credits it gives."),
    Topic("ages", "The A.S.T. and its Ages",
          "How the succession track moves, what each Age asks for, and every nation's track."),
)
