"""Fixtures of the accounts tests."""
from __future__ import annotations

import pytest

from tresham.platform.play.models import Game, Seat


@pytest.fixture
def game_with(db):
    """game_with(*users) -> an open two-or-more seat game with ``users`` seated."""
    def make(*users, name: str = "Table of friends") -> Game:
        g = Game.objects.create(kind="advciv", name=name, options={"players": max(2, len(users))},
                                players=max(2, len(users)), seed="s", seed_sha256=Game.hash_seed("s"))
        for i in range(g.players):
            u = users[i] if i < len(users) else None
            Seat.objects.create(game=g, index=i, user=u, status="playing" if u else "open")
        return g

    return make
