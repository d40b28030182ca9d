"""Test support for the absence tests (pauses, quits, removal): the site's clock set to
concrete moments, games seated through the lobby with a fixed seed, and a driver that plays
a game on while time passes (the worker carries out what falls due)."""
from __future__ import annotations

import datetime as dt
import itertools
from typing import Any, Callable

import pytest
from django.db import transaction
from django.utils import timezone

from tresham.platform.clock.models import Due
from tresham.platform.clock.worker import run_due
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services
from tresham.platform.play.models import Game
from tests.helpers import bot_order

UTC = dt.timezone.utc
HOUR = 3600
_n = itertools.count(1)


def utc(*args: int) -> dt.datetime:
    return dt.datetime(*args, tzinfo=UTC)


class WallClock:
    """``django.utils.timezone.now`` for the test: a moment that moves only when told."""

    def __init__(self, at: dt.datetime) -> None:
        self.at = at

    def __call__(self) -> dt.datetime:
        return self.at

    def set(self, at: dt.datetime) -> dt.datetime:
        self.at = at
        return at

    def advance(self, **kw: float) -> dt.datetime:
        self.at = self.at + dt.timedelta(**kw)
        return self.at


@pytest.fixture
def wall(monkeypatch) -> WallClock:
    """The site's clock stands at Mon 3 Mar 2031 12:00 UTC until the test moves it."""
    clock = WallClock(utc(2031, 3, 3, 12, 0))
    monkeypatch.setattr(timezone, "now", clock)
    return clock


class Table:
    """A started game and its players by seat (None: a bot)."""

    def __init__(self, game: Game, users: list) -> None:
        self.game, self.users = game, users

    @property
    def rules(self):
        return services.rules_of(self.game)

    def state(self) -> Any:
        self.game.refresh_from_db()
        return self.rules.loads(self.game.state)

    def rows(self, action: str | None = None) -> list[Due]:
        qs = Due.objects.filter(game=self.game).order_by("due_at", "pk")
        return list(qs.filter(action=action) if action else qs)

    def row_of(self, seat: int) -> Due:
        (row,) = [r for r in self.rows(Due.Action.TIMEOUT) if r.seat == seat]
        return row

    def owed(self) -> list[int]:
        return sorted({d.player for d in self.rules.pending(self.state()) if d.required})

    def act(self, seat: int, key: str = "") -> None:
        """The seat's player gives the bot's order for him (a person playing)."""
        state = self.state()
        order = bot_order(self.rules, state, seat, f"test:{self.game.revision}:{seat}:{key}")
        by_site = self.rules.is_site_order(order)
        services.submit(self.game.pk, order, seat=seat, account=self.users[seat], by_site=by_site,
                        reason="test default" if by_site else "")

    def play_on(self, wall: WallClock, done: Callable[[Any], bool], *, skip: frozenset[int] | set[int] = frozenset(),
                limit: int = 5000) -> None:
        """Everyone but ``skip`` plays, the worker carries out what is due, and when nobody
        can act the clock moves to the next due row; until ``done(state)``."""
        for i in range(limit):
            state = self.state()
            if done(state):
                return
            assert self.game.status == Game.Status.ACTIVE, "the game ended first"
            if run_due(now=wall(), limit=1):
                continue
            owed = [p for p in self.owed() if p not in skip and self.users[p] is not None]
            if owed:
                self.act(owed[0], str(i))
                continue
            nxt = Due.objects.filter(game=self.game).order_by("due_at").first()
            assert nxt is not None, f"nothing is due and nobody can act in {self.rules.stage(state)}"
            wall.set(max(wall(), nxt.due_at + dt.timedelta(seconds=1)))
        raise AssertionError("the wanted state was not reached")


def seat_game(make_user, players: int = 3, *, time_limit: int | None = 24 * HOUR, seed: str = "absence-1",
              users: list | None = None, bots: tuple[int, ...] = (), creator=None, **options) -> Table:
    """A game created with a fixed seed and seated through the lobby's one seat-taking path;
    it starts when full."""
    game = services.create_game("advciv", {"players": players, **options}, name=f"Absence {next(_n)}",
                                time_limit=time_limit, seed=seed, creator=creator)
    seated = []
    for i in range(players):
        if i in bots:
            lobby.add_bot(game.pk, i)
            seated.append(None)
            continue
        u = users[i] if users is not None and i < len(users) and users[i] is not None else make_user()
        lobby.join(game.pk, u, index=i)
        seated.append(u)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return Table(game, seated)


def locked(game_id: int, fn: Callable[[Game], Any]) -> Any:
    """Run ``fn(game)`` in a transaction holding the game's lock (as the services do)."""
    with transaction.atomic():
        return fn(services.lock(game_id))
