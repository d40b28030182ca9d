"""Live pages (``play/live.py``, ``play/views_live.py``, ``static/tresham/live.js``): a game's
event stream ``GET /games/<id>/live`` tells every listener "game G is at revision R" within a
second of the commit, whichever process commits (the server itself, another ``tresham serve``,
a ``tresham worker``, this test process), on SQLite (the poller) and on PostgreSQL
(LISTEN/NOTIFY); it carries nothing but revision numbers.

The server tests run a real ``tresham serve`` (uvicorn) in a subprocess on the test database
and read the stream with httpx; they are marked ``slow``. Latencies (commit to message) are
printed as ``LIVE-LATENCY ...`` lines (``-s`` shows them)."""
from __future__ import annotations

import contextlib
import json
import queue
import random
import re
import secrets
import statistics
import subprocess
import sys
import threading
import time
from contextlib import contextmanager

import httpx
import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction

from tresham.platform.bench import ServerProcess
from tresham.platform.clock.worker import run_due
from tresham.platform.lobby import services as lobby
from tresham.platform.play import live, services
from tresham.platform.play.models import Game, LogEntry
from tresham.platform.play.views_live import message

from ..serving import register_and_login, site_env
from .conftest import in_trade_with_hands
from tests.helpers import bot_order

#: Every line a stream may contain: comments, and the three fields of a revision message.
LINE = re.compile(rb'(|: ping|id: \d+|event: revision|data: \{"game": \d+, "revision": \d+\})')
BOUND = 1.0  # the bound: within a second


# ---- helpers -------------------------------------------------------------------------------
class Listener:
    """One event-stream client in a thread: its status, every byte it read, and its
    messages (arrival time, game, revision) in a queue."""

    def __init__(self, base_url: str, game_id: int, *, cookies=None, since: int | None = None,
                 headers: dict | None = None, query: str | None = None) -> None:
        self.http = httpx.Client(base_url=base_url, cookies=cookies, timeout=httpx.Timeout(10, read=30))
        q = query if query is not None else ("" if since is None else f"?since={since}")
        self.path = f"/games/{game_id}/live{q}"
        self.headers = headers or {}
        self.status: int | None = None
        self.response_headers: httpx.Headers | None = None
        self.body = b""
        self.raw = bytearray()
        self.messages: queue.Queue = queue.Queue()
        self.ended_cleanly = False
        self.error: BaseException | None = None
        self._opened, self._done, self._stop = threading.Event(), threading.Event(), threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        assert self._opened.wait(15), "the stream did not answer"

    def _run(self) -> None:
        try:
            with self.http.stream("GET", self.path, headers=self.headers) as r:
                self.status, self.response_headers = r.status_code, r.headers
                if r.status_code != 200:
                    self.body = r.read()
                    self._opened.set()
                    return
                self._opened.set()
                buf = b""
                for chunk in r.iter_raw():
                    now = time.monotonic()
                    self.raw += chunk
                    buf += chunk
                    while b"\n\n" in buf:
                        block, buf = buf.split(b"\n\n", 1)
                        data = [ln[6:] for ln in block.split(b"\n") if ln.startswith(b"data: ")]
                        if data:
                            self.messages.put((now, time.time(), json.loads(data[0])))
                    if self._stop.is_set():
                        return
                self.ended_cleanly = True
        except BaseException as e:  # noqa: BLE001  (reported by the test)
            self.error = e
        finally:
            self._opened.set()
            self._done.set()

    def next(self, timeout: float = 5.0) -> tuple[float, float, dict]:
        """(monotonic arrival, wall-clock arrival, {"game", "revision"}) of the next message."""
        return self.messages.get(timeout=timeout)

    def until(self, revision: int, timeout: float = 5.0) -> tuple[float, float, dict]:
        """The message that brings the listener to ``revision`` (or beyond)."""
        end = time.monotonic() + timeout
        while True:
            got = self.next(max(0.01, end - time.monotonic()))
            if got[2]["revision"] >= revision:
                return got

    def quiet(self, seconds: float) -> list[dict]:
        """The messages that arrive within ``seconds``."""
        out, end = [], time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            try:
                out.append(self.next(left)[2])
            except queue.Empty:
                break
        return out

    def close(self) -> None:
        self._stop.set()  # the reader stops at the next ping (1 s in these tests) and hangs up
        self._done.wait(10)
        self.http.close()

    def ended(self, timeout: float) -> bool:
        return self._done.wait(timeout)


def close_all(streams: list[Listener]) -> None:
    for st in streams:
        st._stop.set()
    for st in streams:
        st.close()


def assert_only_revisions(raw: bytes | bytearray, game_id: int) -> None:
    """The stream's bytes are comments and revision messages of this game, nothing else."""
    for line in bytes(raw).split(b"\n"):
        assert LINE.fullmatch(line), f"unexpected line in the event stream: {line[:200]!r}"
    for d in re.findall(rb"data: (.*)", bytes(raw)):
        assert set(json.loads(d)) == {"game", "revision"} and json.loads(d)["game"] == game_id


SERVER_ENV = {"TRESHAM_LIVE_PING_SECONDS": "1"}


@contextmanager
def server(tmp_path, name: str = "a", *, worker: bool = False, **env: str):
    """``tresham serve`` on the test database (no worker of its own unless asked)."""
    with ServerProcess({**site_env(tmp_path / f"var-{name}"), **SERVER_ENV, **env}, worker=worker) as s:
        yield s


def user(username: str):
    return get_user_model().objects.get(username=username)


def two_player_game(base_url: str):
    """A two-seat game (no time limit, no bot) of two people logged in through the API:
    gives the game and the clients of seats 0 and 1."""
    a, name_a = register_and_login(base_url)
    b, name_b = register_and_login(base_url)
    game = services.create_game("advciv", {"players": 2}, name="Live", seed="live-test")
    lobby.join(game.pk, user(name_a), index=0)
    lobby.join(game.pk, user(name_b), index=1)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game, {0: a, 1: b}, {0: user(name_a), 1: user(name_b)}


def owed_order(game: Game, seats=None) -> tuple[int, dict]:
    """The first seat that owes a decision (among ``seats``) and the game's bot's order for it."""
    game.refresh_from_db()
    rules = services.rules_of(game)
    state = rules.loads(game.state)
    owed = [d.player for d in rules.pending(state) if d.required and (seats is None or d.player in seats)]
    assert owed, "nobody owes a decision"
    return owed[0], bot_order(rules, state, owed[0], f"live:{game.revision}")


def player_order(game: Game, accounts: dict, seats=None) -> tuple[int, dict]:
    """A player's order owed now (the platform's own orders, e.g. a phase's timeout, are
    given by this process on the way)."""
    while True:
        seat, order = owed_order(game, seats)
        if not services.rules_of(game).is_site_order(order):
            return seat, order
        services.submit(game.pk, order, seat=seat, account=accounts.get(seat), by_site=True, reason="test")


def submit_here(game: Game, accounts: dict) -> int:
    """One order committed by this process (not the server's): gives the new revision."""
    seat, order = owed_order(game)
    rules = services.rules_of(game)
    out = services.submit(game.pk, order, seat=seat, account=accounts.get(seat),
                          by_site=rules.is_site_order(order), reason="test")
    return out.revision


def report(label: str, seconds: list[float]) -> None:
    ms = sorted(round(s * 1000, 1) for s in seconds)
    print(f"\nLIVE-LATENCY {label} [{connection.vendor}] n={len(ms)} median={statistics.median(ms)} ms "
          f"max={ms[-1]} ms all={ms}")


# ---- the hub, in this process ---------------------------------------------------------------
def test_a_revision_is_fanned_out_once_and_listeners_only_hear_their_game():
    hub = live.Hub()
    hub._start_threads = lambda: None  # no poller: this test publishes by hand
    heard: list = []
    cancel = hub.subscribe(1, lambda g, r: heard.append((g, r)))
    hub.subscribe(2, lambda g, r: heard.append(("other", g, r)))
    for rev in (3, 3, 2, 4):  # on commit, NOTIFY and the poller may all report one revision
        hub.publish(1, rev)
    assert heard == [(1, 3), (1, 4)]
    cancel()
    hub.publish(1, 5)
    assert heard == [(1, 3), (1, 4)] and 1 not in hub.games()


def test_the_caps_refuse_with_503_for_the_process_and_429_for_one_person(monkeypatch):
    monkeypatch.setenv("TRESHAM_LIVE_MAX_STREAMS", "3")
    monkeypatch.setenv("TRESHAM_LIVE_MAX_PER_USER", "2")
    monkeypatch.setenv("TRESHAM_LIVE_MAX_PER_ADDRESS", "1")
    hub = live.Hub()
    a1, a2 = hub.admit("user:1", visitor=False), hub.admit("user:1", visitor=False)
    with pytest.raises(live.Full) as e:
        hub.admit("user:1", visitor=False)
    assert e.value.status == 429
    v = hub.admit("addr:192.0.2.1", visitor=True)
    with pytest.raises(live.Full) as e:
        hub.admit("user:2", visitor=False)
    assert e.value.status == 503
    a1.release()
    a1.release()  # idempotent: the end of the stream and its close may both release
    assert hub.counts() == {"streams": 2, "user:1": 1, "addr:192.0.2.1": 1}
    with pytest.raises(live.Full) as e:
        hub.admit("addr:192.0.2.1", visitor=True)
    assert e.value.status == 429
    hub.admit("user:2", visitor=False)
    a2.release(), v.release()
    hub.shutdown()
    with pytest.raises(live.Full) as e:
        hub.admit("user:3", visitor=False)
    assert e.value.status == 503


def test_a_message_is_the_revision_and_nothing_else():
    assert message(12, 5) == b'id: 5\nevent: revision\ndata: {"game": 12, "revision": 5}\n\n'
    assert_only_revisions(message(12, 5) + b": ping\n\n", 12)


@pytest.mark.django_db(transaction=True)
def test_changed_tells_this_process_at_commit_and_nobody_on_rollback():
    heard: list = []
    cancel = live.hub.subscribe(987654, lambda g, r: heard.append(r))
    try:
        with pytest.raises(RuntimeError):
            with transaction.atomic():
                live.changed(987654, 1)
                raise RuntimeError("rolled back")
        assert heard == []
        with transaction.atomic():
            live.changed(987654, 2)
            assert heard == []  # not before the commit
        assert heard == [2]
    finally:
        cancel()


# ---- a real server ---------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_an_order_through_the_api_reaches_players_and_onlookers_within_a_second(tmp_path):
    with server(tmp_path) as s:
        game, clients, accounts = two_player_game(s.url)
        streams = {seat: Listener(s.url, game.pk, cookies=c.http.cookies, since=game.revision)
                   for seat, c in clients.items()}
        streams["onlooker"] = Listener(s.url, game.pk, since=game.revision)
        for st in streams.values():
            assert st.status == 200
            h = st.response_headers
            assert h["content-type"].startswith("text/event-stream")
            assert h["cache-control"] == "no-store" and h["x-accel-buffering"] == "no"
        latencies = []
        for _ in range(7):
            seat, order = player_order(game, accounts)
            game.refresh_from_db()
            t0 = time.monotonic()
            r = clients[seat].post(f"/api/games/{game.pk}/orders",
                                   {"order": order, "client_key": secrets.token_hex(8), "revision": game.revision})
            assert r.status_code == 201, r.text
            rev = r.json()["revision"]
            for name, st in streams.items():
                arrived, _, msg = st.until(rev, timeout=BOUND + 1)
                assert msg == {"game": game.pk, "revision": rev}, name
                latencies.append(arrived - t0)
        report("api order (POST sent -> message, same process)", latencies)
        assert statistics.median(latencies) < BOUND and max(latencies) < BOUND
        for st in streams.values():
            st.close()
            assert st.error is None, st.error
            assert_only_revisions(st.raw, game.pk)


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_an_order_committed_by_another_process_arrives_within_a_second(tmp_path):
    """This test process commits through ``services.submit`` on the server's database; and a
    second ``tresham serve`` takes orders over HTTP while the listener is on the first."""
    with server(tmp_path, "a") as a, server(tmp_path, "b") as b:
        game, clients, accounts = two_player_game(a.url)
        st = Listener(a.url, game.pk, since=game.revision)
        here = []
        for _ in range(9):
            time.sleep(random.uniform(0, 0.3))  # not in step with the poller's ticks
            t0 = time.monotonic()
            rev = submit_here(game, accounts)
            t1 = time.monotonic()
            arrived, _, msg = st.until(rev, timeout=BOUND + 1)
            assert msg["revision"] == rev
            here.append(max(0.0, arrived - t1))
            assert arrived - t0 < BOUND
        report("services.submit in the test process -> message", here)
        assert statistics.median(here) < BOUND

        other = []
        for _ in range(5):  # the same people, through the other server (their cookies work there too)
            seat, order = player_order(game, accounts)
            game.refresh_from_db()
            http = httpx.Client(base_url=b.url, cookies=clients[seat].http.cookies,
                                headers={"X-CSRFToken": clients[seat].http.headers["X-CSRFToken"]})
            time.sleep(random.uniform(0, 0.3))
            t0 = time.monotonic()
            r = http.post(f"/api/games/{game.pk}/orders", json={"order": order, "revision": game.revision})
            http.close()
            assert r.status_code == 201, r.text
            arrived, _, msg = st.until(r.json()["revision"], timeout=BOUND + 1)
            other.append(arrived - t0)
        report("api order to another tresham serve -> message", other)
        assert statistics.median(other) < BOUND and max(other) < BOUND + 0.5
        st.close()
        assert_only_revisions(st.raw, game.pk)


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_bot_move_by_a_tresham_worker_process_arrives_within_a_second(tmp_path):
    with server(tmp_path) as s:
        c, name = register_and_login(s.url)
        game = services.create_game("advciv", {"players": 2}, name="Bot", seed="live-bot")
        lobby.join(game.pk, user(name), index=0)
        lobby.add_bot(game.pk, index=1)
        game.refresh_from_db()
        st = Listener(s.url, game.pk, since=game.revision)
        worker = subprocess.Popen([sys.executable, "-m", "tresham.cli", "worker"], env=s.env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        try:
            lags = []
            end = time.monotonic() + 60
            while len(lags) < 5 and time.monotonic() < end:
                game.refresh_from_db()
                rules = services.rules_of(game)
                state = rules.loads(game.state)
                if any(d.required and d.player == 0 for d in rules.pending(state)):
                    # his order, so that the bot owes the next decision (the revision he saw:
                    # 409 if the worker moved meanwhile, and he looks again)
                    order = bot_order(rules, state, 0, f"live:{game.revision}")
                    if rules.is_site_order(order):
                        with contextlib.suppress(services.Stale):
                            services.submit(game.pk, order, seat=0, account=user(name), by_site=True,
                                            revision=game.revision, reason="test")
                    else:
                        r = c.post(f"/api/games/{game.pk}/orders", {"order": order, "revision": game.revision})
                        assert r.status_code in (201, 409), r.text
                    continue
                try:
                    _, wall, msg = st.next(timeout=5)
                except queue.Empty:
                    continue
                by_bot = LogEntry.objects.filter(game=game, seq=msg["revision"], seat=1).first()
                if by_bot is not None:  # committed by the worker process, just before entry.at + commit
                    lags.append(wall - by_bot.at.timestamp())
            assert len(lags) >= 3, "the worker process moved the bot fewer than 3 times"
            report("bot move by tresham worker -> message (from the log entry's time)", lags)
            assert statistics.median(lags) < BOUND
        finally:
            worker.terminate()
            worker.wait(10)
        st.close()
        assert_only_revisions(st.raw, game.pk)


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_refused_order_sends_nothing(tmp_path):
    with server(tmp_path) as s:
        game, clients, accounts = two_player_game(s.url)
        seat, order = player_order(game, accounts)
        game.refresh_from_db()
        st = Listener(s.url, game.pk, since=game.revision)
        illegal = clients[seat].post(f"/api/games/{game.pk}/orders", {"order": {"type": "no-such-order"}})
        stale = clients[seat].post(f"/api/games/{game.pk}/orders", {"order": order, "revision": game.revision + 5})
        other = clients[1 - seat].post(f"/api/games/{game.pk}/orders", {"order": {**order, "player": seat}})
        assert (illegal.status_code, stale.status_code, other.status_code) in {(400, 409, 403), (422, 409, 403)}
        assert st.quiet(1.5) == []
        r = clients[seat].post(f"/api/games/{game.pk}/orders", {"order": order, "revision": game.revision})
        assert r.status_code == 201
        assert st.until(r.json()["revision"], timeout=BOUND)[2]["revision"] == game.revision + 1
        st.close()
        assert_only_revisions(st.raw, game.pk)


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_no_hand_ever_appears_in_the_stream(tmp_path, table):
    """The three-seat table of the page tests, played by this process (its worker moves the
    bot) until both people hold trade cards, with a player, an onlooker and the other player
    listening: the bytes are revision messages only, and no card of any hand is in them."""
    with server(tmp_path) as s:
        streams = [Listener(s.url, table.game.pk, since=table.game.revision) for _ in range(2)]
        table.play_until(in_trade_with_hands(table))
        table.game.refresh_from_db()
        for st in streams:
            st.until(table.game.revision, timeout=BOUND + 1)
        for _ in range(3):
            run_due(limit=1) or submit_here(table.game, {0: table.alice, 1: table.bob})
        table.game.refresh_from_db()
        state = table.state()
        cards = {str(c) for p in state.players for c in p.hand}
        assert cards
        for st in streams:
            st.until(table.game.revision, timeout=BOUND + 1)
            st.close()
            assert_only_revisions(st.raw, table.game.pk)
            for card in cards:
                assert card.encode() not in st.raw and card.lower().encode() not in st.raw.lower()


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_since_and_last_event_id_send_the_current_revision_at_once_only_if_newer(tmp_path):
    with server(tmp_path) as s:
        game, _, accounts = two_player_game(s.url)
        for _ in range(3):
            submit_here(game, accounts)
        game.refresh_from_db()
        r = game.revision
        checks = [({"since": r - 2}, True), ({"since": r}, False), ({"since": r + 10}, False), ({}, True),
                  ({"last": r - 1}, True), ({"last": r}, False), ({"since": r - 1, "last": r}, False)]
        for spec, at_once in checks:
            q = f"?since={spec['since']}" if "since" in spec else ""
            headers = {"Last-Event-ID": str(spec["last"])} if "last" in spec else {}
            st = Listener(s.url, game.pk, query=q, headers=headers)
            got = st.quiet(0.8)
            assert got == ([{"game": game.pk, "revision": r}] if at_once else []), spec
            st.close()
        bad = httpx.get(f"{s.url}/games/{game.pk}/live?since=x", timeout=10)
        assert bad.status_code == 400 and bad.json()["error"] == "bad_request"
        missing = httpx.get(f"{s.url}/games/99999999/live", timeout=10)
        assert missing.status_code == 404 and missing.json()["error"] == "no_such_game"
        post = httpx.post(f"{s.url}/games/{game.pk}/live", timeout=10)
        assert post.status_code in (403, 405)  # CSRF refuses a POST first


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_caps_give_429_and_503_and_a_closed_stream_frees_its_place(tmp_path):
    with server(tmp_path, TRESHAM_LIVE_MAX_STREAMS="4", TRESHAM_LIVE_MAX_PER_USER="2",
                TRESHAM_LIVE_MAX_PER_ADDRESS="2") as s:
        game, clients, _ = two_player_game(s.url)
        a = [Listener(s.url, game.pk, cookies=clients[0].http.cookies) for _ in range(2)]
        assert [x.status for x in a] == [200, 200]
        third = Listener(s.url, game.pk, cookies=clients[0].http.cookies)
        assert third.status == 429 and json.loads(third.body)["error"] == "too_many_streams"
        assert third.response_headers["retry-after"] == "30"
        third.close()
        b = [Listener(s.url, game.pk, cookies=clients[1].http.cookies) for _ in range(2)]
        assert [x.status for x in b] == [200, 200]
        full = Listener(s.url, game.pk)  # an onlooker: the process is full
        assert full.status == 503 and "error" in json.loads(full.body)
        full.close()
        a[0].close()
        deadline = time.monotonic() + 5
        while True:  # the server notices the hang-up and frees the place
            again = Listener(s.url, game.pk, cookies=clients[0].http.cookies)
            if again.status == 200 or time.monotonic() > deadline:
                break
            again.close()
            time.sleep(0.2)
        assert again.status == 200
        for x in (a[1], again, *b):
            x.close()
        assert "Traceback" not in s.output()


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_streams_end_cleanly_when_the_server_stops(tmp_path):
    with server(tmp_path, TRESHAM_LIVE_PING_SECONDS="30") as s:
        game, _, _ = two_player_game(s.url)
        streams = [Listener(s.url, game.pk, since=game.revision) for _ in range(3)]
        t0 = time.monotonic()
        s.stop()
        assert all(st.ended(5) for st in streams)
        stopped = time.monotonic() - t0
        assert all(st.ended_cleanly and st.error is None for st in streams)
        assert stopped < 5, "uvicorn waited for the streams"  # its graceful timeout is 10 s
        assert "graceful shutdown exceeded" not in s.output()


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_streams_hold_no_database_connection(tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("counts PostgreSQL's connections")

    def server_connections() -> int:
        with connection.cursor() as c:
            c.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                      "AND pid <> pg_backend_pid()")
            return c.fetchone()[0]

    with server(tmp_path) as s:
        game, clients, accounts = two_player_game(s.url)
        first = Listener(s.url, game.pk, since=game.revision)  # starts the poller and the listener
        time.sleep(1)
        before = server_connections()
        streams = [Listener(s.url, game.pk, cookies=clients[i % 2].http.cookies, since=game.revision)
                   for i in range(4)] + [Listener(s.url, game.pk, since=game.revision) for _ in range(4)]
        time.sleep(1)
        assert server_connections() <= before + 1
        rev = submit_here(game, accounts)
        for st in [first, *streams]:
            st.until(rev, timeout=BOUND)
        close_all([first, *streams])


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_dropped_listen_connection_is_covered_by_the_poller_and_comes_back(tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("LISTEN/NOTIFY is PostgreSQL's")

    def listeners(terminate: bool = False) -> int:
        with connection.cursor() as c:
            c.execute(f"SELECT {'pg_terminate_backend(pid)' if terminate else 'pid'} FROM pg_stat_activity "
                      "WHERE application_name = 'tresham-live' AND datname = current_database()")
            return len(c.fetchall())

    with server(tmp_path) as s:
        game, _, accounts = two_player_game(s.url)
        st = Listener(s.url, game.pk, since=game.revision)
        st.until(submit_here(game, accounts), timeout=BOUND)
        assert listeners() == 1
        assert listeners(terminate=True) == 1
        lags = []
        for i in range(5):  # the first at once: committed while nobody LISTENs
            time.sleep(random.uniform(0, 0.3) if i else 0)
            rev = submit_here(game, accounts)
            t1 = time.monotonic()
            lags.append(max(0.0, st.until(rev, timeout=BOUND)[0] - t1))
        report("with the LISTEN connection killed (poller, then LISTEN again)", lags)
        deadline = time.monotonic() + 10
        while listeners() == 0 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert listeners() == 1, "the listener did not reconnect"
        st.close()
