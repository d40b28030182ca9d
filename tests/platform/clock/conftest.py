"""Fixtures of the clock's tests: real games seated with real accounts, advanced by the
game's own bot orders through the one order path, the clock driven by an explicit `now`."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any, Callable

import pytest
from django.utils import timezone

from tresham.platform.clock.models import Due
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services
from tresham.platform.play.models import Game, Seat
from tests.helpers import bot_order

HOUR = 3600


@dataclass
class Seated:
    game: Game
    users: list  # by seat; None for a bot seat

    @property
    def rules(self):
        return services.rules_of(self.game)

    def state(self) -> Any:
        self.game.refresh_from_db()
        return self.rules.loads(self.game.state)

    def due(self, action=None) -> list[Due]:
        qs = Due.objects.filter(game=self.game)
        return list(qs.filter(action=action) if action else qs)

    def owed(self) -> list[int]:
        return sorted({d.player for d in self.rules.pending(self.state()) if d.required})

    def act(self, seat: int, i: int = 0) -> None:
        """The seat's holder gives the bot's order for him (a person playing)."""
        state = self.state()
        order = bot_order(self.rules, state, seat, f"test:{self.game.revision}:{i}")
        services.submit(self.game.pk, order, seat=seat, account=self.users[seat],
                        by_site=self.rules.is_site_order(order), reason="" if not
                        self.rules.is_site_order(order) else "test default")

    def play_until(self, done: Callable[[Any], bool], *, skip: set[int] = frozenset(), limit: int = 4000) -> None:
        """Everyone but ``skip`` plays until ``done(state)``."""
        from tresham.platform.clock.worker import run_due

        for i in range(limit):
            state = self.state()
            if done(state):
                return
            assert self.game.status == Game.Status.ACTIVE, "the game ended first"
            if run_due(limit=1):
                continue
            owed = [p for p in self.owed() if p not in skip and self.users[p] is not None]
            assert owed, f"nobody but {skip} owes anything in {self.rules.stage(state)}"
            self.act(owed[0], i)
        raise AssertionError("the wanted state was not reached")


@pytest.fixture
def seated(make_user):
    """seated(players, time_limit=24h, bots=(), **options) -> Seated, the game started."""
    def make(players: int = 3, time_limit: int | None = 24 * HOUR, bots: tuple[int, ...] = (), **options) -> Seated:
        game = services.create_game("advciv", {"players": players, **options}, name="Clock test",
                                    time_limit=time_limit)
        users = []
        for i in range(players):
            if i in bots:
                lobby.add_bot(game.pk, i)
                users.append(None)
            else:
                u = make_user()
                lobby.join(game.pk, u, index=i)
                users.append(u)
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE
        return Seated(game, users)

    return make


def later(**kw) -> dt.datetime:
    return timezone.now() + dt.timedelta(**kw)
