"""Races: queue runs, joins and the same-opponent limit at the same moment on several
connections never give one player two seats, one seat two players, or a pair a 4th game."""
from __future__ import annotations

import threading
from collections import Counter

import pytest
from django.contrib.auth import get_user_model
from django.db import connections

from tresham.platform.lobby import meta, queue, services
from tresham.platform.lobby import seats as lobby_seats
from tresham.platform.play import services as play
from tresham.platform.play.models import Game, Seat

from .conftest import HOUR

pytestmark = pytest.mark.django_db(transaction=True)


def users(*names):
    User = get_user_model()
    return [User.objects.create_user(n, f"{n}@example.org", "pw-long-enough") for n in names]


def bare_game(creator, players: int, time_limit: int | None = 24 * HOUR) -> Game:
    """A new game with its creator seated and the queue not yet run for it."""
    g = play.create_game("advciv", {"players": players}, name=f"race {creator.username}", creator=creator,
                         time_limit=time_limit)
    services.join(g.pk, creator, via="creator")
    return g


def slow(monkeypatch, module, name: str, seconds: float = 0.3) -> None:
    """Make ``module.name`` wait ``seconds`` after it returns, inside the caller's
    transaction: without the row locks, two racing transactions would both pass the check."""
    import time

    real = getattr(module, name)

    def waiting(*args, **kwargs):
        out = real(*args, **kwargs)
        time.sleep(seconds)
        return out

    monkeypatch.setattr(module, name, waiting)


def at_once(*calls):
    """Run each call in its own thread (its own database connection), started together;
    gives their results and the exceptions they raised."""
    barrier = threading.Barrier(len(calls))
    results, errors = [None] * len(calls), [None] * len(calls)

    def run(i, fn):
        try:
            barrier.wait()
            results[i] = fn()
        except Exception as e:  # noqa: BLE001 -- reported to the test
            errors[i] = e
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, fn)) for i, fn in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results, errors


@pytest.mark.site("SITE-QUEUE-06")
def test_two_queue_runs_at_once_put_the_queued_player_in_one_game_only(monkeypatch):
    slow(monkeypatch, lobby_seats, "lock_people")
    for round_ in range(3):
        c1, c2, q = users(f"c1-{round_}", f"c2-{round_}", f"q-{round_}")
        g1, g2 = bare_game(c1, 3), bare_game(c2, 3)
        from tresham.platform.lobby.models import QueueEntry

        QueueEntry.objects.create(user=q, min_time_limit=HOUR, max_time_limit=None)
        results, errors = at_once(lambda: queue.fill_from_queue(g1.pk), lambda: queue.fill_from_queue(g2.pk))
        assert errors == [None, None]
        assert sorted(len(r) for r in results) == [0, 1]
        assert Seat.objects.filter(user=q).count() == 1
        assert QueueEntry.objects.get(user=q).game_id in (g1.pk, g2.pk)


@pytest.mark.site("SITE-QUEUE-06")
def test_many_players_entering_the_queue_at_once_never_share_a_seat(monkeypatch):
    slow(monkeypatch, lobby_seats, "lock_people", 0.05)
    creators = users("host1", "host2")
    games = [bare_game(c, 3) for c in creators]  # 2 x 2 free seats
    players = users(*(f"p{i}" for i in range(7)))
    calls = [lambda u=u: queue.enqueue(u, min_time_limit=HOUR, max_time_limit=None) for u in players]
    calls += [lambda g=g: queue.fill_from_queue(g.pk) for g in games]
    results, errors = at_once(*calls)
    assert errors == [None] * len(calls)
    placed = [e for e in results[:7] if e.game_id is not None]
    assert len(placed) == 4
    seats = Seat.objects.filter(game__in=games, user__isnull=False)
    assert seats.count() == 6  # the two hosts and four queued players
    assert max(Counter(seats.values_list("user_id", flat=True)).values()) == 1
    for g in games:
        g.refresh_from_db()
        assert g.status == Game.Status.ACTIVE
    assert sum(queue.waiting_entry(u) is not None for u in players) == 3


@pytest.mark.site("SITE-QUEUE-08")
def test_two_people_joining_the_last_seat_at_once_one_gets_it(monkeypatch):
    slow(monkeypatch, lobby_seats, "lock_people")
    host, a, b = users("host", "a", "b")
    g = bare_game(host, 2)
    results, errors = at_once(lambda: services.join(g.pk, a), lambda: services.join(g.pk, b))
    assert sorted(type(e).__name__ for e in errors if e) == ["LobbyError"]
    assert sum(r is not None for r in results) == 1
    assert g.seats.filter(user__isnull=False).count() == 2
    g.refresh_from_db()
    assert g.status == Game.Status.ACTIVE


@pytest.mark.site("SITE-QUEUE-08")
def test_one_person_joining_twice_at_once_gets_one_seat(monkeypatch):
    slow(monkeypatch, lobby_seats, "lock_people")
    host, a = users("host", "a")
    g = bare_game(host, 4)
    results, errors = at_once(lambda: services.join(g.pk, a), lambda: services.join(g.pk, a))
    assert sum(r is not None for r in results) == 1
    assert [str(e) for e in errors if e] == ["a already has a seat in this game"]
    assert g.seats.filter(user=a).count() == 1


@pytest.mark.site("SITE-META-01", "SITE-META-02")
def test_concurrent_joins_cannot_make_a_fourth_shared_game(monkeypatch):
    slow(monkeypatch, meta, "shared_counts")
    for round_ in range(3):
        a, b = users(f"ann{round_}", f"bob{round_}")
        for _ in range(2):
            g = bare_game(a, 3)
            services.join(g.pk, b)
        of_a, of_b = bare_game(a, 3), bare_game(b, 3)
        # bob joins ann's game while ann joins bob's: either would make the third shared game
        results, errors = at_once(lambda: services.join(of_a.pk, b), lambda: services.join(of_b.pk, a))
        assert sum(r is not None for r in results) == 1
        assert [type(e) for e in errors if e] == [meta.SameOpponentLimit]
        assert meta.shared_counts(a, [b.pk]) == {b.pk: 3}
