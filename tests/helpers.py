"""Shared test helpers. Tests build positions with the scenario format (docs/scenarios.md)."""
from __future__ import annotations

from tresham.games.advciv import engine
from tresham.games.advciv import scenario as sc
from tresham.games.advciv.game import Game


def position(**doc):
    """Build a position from scenario keys; gives (state, events of the phase start)."""
    return sc.build(doc)


def play(state, *orders):
    """Apply orders (pure API) one after the other; gives (state, all events)."""
    events = []
    for o in orders:
        state, ev = engine.apply(state, o)
        events.extend(ev)
    return state, events


def game(state) -> Game:
    return Game(state)


def texts(events) -> str:
    return "\n".join(e.text for e in events)


