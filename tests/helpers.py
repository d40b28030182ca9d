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




def refused(state, order, rule=None):
    """Assert ``order`` is refused (citing ``rule`` when given) and changes nothing.

    Uses the in-place path, the stricter check: a phase must validate before it changes
    anything, not merely rely on the pure API's copy."""
    import pytest

    from tresham.games.base import IllegalOrder

    before = state.digest()
    with pytest.raises(IllegalOrder) as e:
        engine.apply_in_place(state, order)
    if rule is not None:
        assert e.value.rule == rule, str(e.value)
    assert state.digest() == before
    return e.value
