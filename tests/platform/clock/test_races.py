"""Deadlines are applied exactly once: by two worker processes racing over the same due rows,
and after a worker killed (SIGKILL) between claiming a row and committing -- and the mails
each one calls for are in the outbox exactly once, none lost with the killed worker."""
from __future__ import annotations

import datetime as dt
import os
import signal
import subprocess
import sys
import time

import pytest
from django.db import connection
from django.utils import timezone

from tests.platform.serving import site_env
from tresham.platform.clock.models import Due, MissedOrder
from tresham.platform.lobby import services as lobby
from tresham.platform.mail import attention
from tresham.platform.mail.models import Outbox
from tresham.platform.play import services
from tresham.platform.play.models import Game, LogEntry

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def _games(make_user, n: int) -> list[int]:
    """``n`` two-player games on a one-hour clock, each with one deadline (the first pick),
    all made overdue."""
    ids = []
    for i in range(n):
        g = services.create_game("advciv", {"players": 2}, name=f"Race {i}", time_limit=3600)
        lobby.join(g.pk, make_user())
        lobby.join(g.pk, make_user())
        ids.append(g.pk)
    Due.objects.filter(game_id__in=ids, action=Due.Action.TIMEOUT).update(due_at=timezone.now() - dt.timedelta(hours=2))
    assert Due.objects.filter(game_id__in=ids, due_at__lte=timezone.now()).count() == n
    return ids


def _worker(tmp_path, name: str, **env) -> subprocess.Popen:
    e = {**os.environ, **site_env(tmp_path / name), **env}
    return subprocess.Popen([sys.executable, "-m", "tresham.cli", "worker", "--interval", "0.1"], env=e,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def _wait(cond, timeout: float = 240) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return
        time.sleep(0.2)
    raise AssertionError("timed out")


def _exactly_once(ids: list[int]) -> None:
    for gid in ids:
        timeouts = LogEntry.objects.filter(game_id=gid, reason="timeout").count()
        seqs = list(LogEntry.objects.filter(game_id=gid).order_by("seq").values_list("seq", flat=True))
        assert timeouts == 1 and seqs == list(range(1, len(seqs) + 1)), (gid, timeouts, seqs)
        game = Game.objects.get(pk=gid)
        rules = services.rules_of(game)
        assert rules.digest(services.rebuild(game, from_snapshot=False)) == rules.digest(rules.loads(game.state))
    assert MissedOrder.objects.filter(game_id__in=ids).count() == len(ids)
    _mails_once(ids)


def _mails_once(ids: list[int]) -> None:
    """Each game's timeout (the first pick, in round 1: its player is removed at once) wrote,
    in its own transaction, one "your turn" to the next picker and one removal mail to each
    of the two players; nothing else, nothing twice. The turn mail is noted by the order and
    written by the mail's pass, which two passes (two workers) write once."""
    attention.open_notices()
    attention.open_notices()
    for gid in ids:
        game = Game.objects.get(pk=gid)
        rules = services.rules_of(game)
        state = rules.loads(game.state)
        owing = {d.player for d in rules.pending(state) if d.required}
        mails = list(Outbox.objects.filter(game_id=gid).exclude(kind__in=["joined", "filled"])
                     .exclude(key__startswith=f"turn:{gid}:0:")  # the first picker's, when the game began
                     .order_by("kind", "user_id").values_list("kind", "key", "user_id"))
        turns = [m for m in mails if m[0] == "turn"]
        removed = [m for m in mails if m[0] == "removed"]
        assert len(turns) == 1 and turns[0][1].startswith(f"turn:{gid}:1:"), mails
        assert game.seats.get(index=owing.pop()).user_id == turns[0][2]
        assert len(removed) == 2 and len({m[2] for m in removed}) == 2, mails
        assert len(mails) == 3, mails


def _overdue(ids) -> int:
    return Due.objects.filter(game_id__in=ids, due_at__lte=timezone.now() - dt.timedelta(minutes=30)).count()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the race of worker processes is PostgreSQL's "
                    "(on SQLite one writer at a time is the database's own rule)")
def test_two_worker_processes_race_over_200_due_deadlines(make_user, tmp_path):
    ids = _games(make_user, 200)
    workers = [_worker(tmp_path, f"w{i}") for i in range(2)]
    try:
        _wait(lambda: _overdue(ids) == 0)
    finally:
        for w in workers:
            w.terminate()
        for w in workers:
            w.wait(timeout=30)
    _exactly_once(ids)


def test_a_worker_killed_before_it_commits_loses_and_doubles_nothing(make_user, tmp_path):
    ids = _games(make_user, 3)
    marker = tmp_path / "claimed"
    hung = _worker(tmp_path, "hung", TRESHAM_FAULT=f"before_commit:{marker}")
    try:
        _wait(marker.exists, timeout=120)
        gid = int(marker.read_text().split()[0])
        assert LogEntry.objects.filter(game_id=gid).count() == 0  # applied, not committed
    finally:
        hung.send_signal(signal.SIGKILL)
        hung.wait(timeout=30)
    again = _worker(tmp_path, "again")
    try:
        _wait(lambda: _overdue(ids) == 0)
    finally:
        again.terminate()
        again.wait(timeout=30)
    _exactly_once(ids)
