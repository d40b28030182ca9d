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


@pytest.fixture
def pick_all(db):
    """pick_all(game): every seat picks a free nation in pick order, through the one order
    path: initial placement is complete."""
    from tresham.platform.play import services as play

    def run(game) -> None:
        rules = play.rules_of(game)
        for _ in range(game.players):
            game.refresh_from_db()
            state = rules.loads(game.state)
            owed = [d for d in rules.pending(state) if d.required and d.kind == "pick"]
            if not owed:
                return
            d = owed[0]
            nation, areas = sorted(d.options["nations"].items())[0]
            seat = game.seats.get(index=d.player)
            play.submit(game.pk, {"type": "pick", "nation": nation, "area": areas[0]}, seat=d.player,
                        account=seat.user)

    return run


@pytest.fixture
def play_to_end(db):
    """play_to_end(game): the bot plays every seat (the people keep their seats) until the
    game is over -- give the game a short turn limit."""
    from tresham.platform.clock.schedule import reschedule
    from tresham.platform.clock.worker import run_due
    from tresham.platform.play import services as play
    from tresham.platform.play.models import Game, Seat

    def run(game) -> Game:
        people = list(game.seats.filter(is_bot=False).values_list("pk", flat=True))
        Seat.objects.filter(pk__in=people).update(is_bot=True)
        game.refresh_from_db()
        reschedule(game, play.rules_of(game), play.current_state(game))
        for _ in range(200):
            if not run_due(limit=1000):
                break
        Seat.objects.filter(pk__in=people).update(is_bot=False)
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED
        return game

    return run


def vacate(game, index: int) -> None:
    """What a quit or a removal will do to a running game's seat: open it again."""
    from tresham.platform.play.models import Seat

    Seat.objects.filter(game=game, index=index).update(user=None, is_bot=False, status=Seat.Status.OPEN)
