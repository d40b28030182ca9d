"""Fixtures of the lobby's tests: games made through the lobby's own services, friends made
through the accounts app's request-and-accept."""
from __future__ import annotations

import pytest

from tresham.platform.lobby import services, timelimits

DAY = timelimits.DAY
HOUR = timelimits.HOUR


@pytest.fixture
def new_game(db):
    """new_game(creator, players=3, time_limit=24 h, take_seat=True, **options) -> Game."""
    def make(creator, players: int = 3, *, time_limit: int | None = 24 * HOUR, take_seat: bool = True,
             name: str | None = None, friends=(), bot_seats=(), **options):
        return services.create(creator, name=name or f"Game by {creator.username}",
                               options={"players": players, **options}, time_limit=time_limit,
                               friends=list(friends), bot_seats=list(bot_seats), take_seat_0=take_seat)

    return make


@pytest.fixture
def befriend(db):
    """befriend(a, b): a asks, b accepts -- mutual friends."""
    from tresham.platform.accounts import friends

    def make(a, b) -> None:
        friends.send_request(a, b)
        friends.accept(b, a)

    return make


@pytest.fixture
def share_games(new_game):
    """share_games(a, b, n): n unfinished 3-player games both a and b sit in (a created them)."""
    def make(a, b, n: int = 3, **kw) -> list:
        games = []
        for i in range(n):
            g = new_game(a, 3, name=f"Shared {a.username}-{b.username} {i}", **kw)
            services.join(g.pk, b)
            games.append(g)
        return games

    return make
