"""SITE-SAFE-10 in the engine: an order that repeats what its seat has already entered and
would change nothing is refused with ``AlreadyDone`` before anything changes."""
from __future__ import annotations

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.orders import is_site_order
from tresham.games.contract import AlreadyDone


def already_done(state, order: dict, message: str) -> None:
    """``order`` is answered AlreadyDone with ``message``, and ``state`` is left as it was
    (the in-place path: the phase refuses before it changes anything, counters included)."""
    before = state.to_json()
    with pytest.raises(AlreadyDone) as e:
        engine.apply_in_place(state, order, by_site=is_site_order(order))
    assert e.value.message == message
    assert state.to_json() == before
