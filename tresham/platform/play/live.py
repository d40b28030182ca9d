"""Live pages: "game G is at revision R" reaches every event-stream listener of G, in every
process, within a second of the commit.

The message carries no game data (a page then refetches its own view through the ordinary,
access-checked page), so it cannot leak anything: the revision is shown on the game page to
anyone who may open it.

How a change gets here, per process (one :class:`Hub`, ``hub``):

- **In the order's transaction** :func:`changed` (called by ``services.submit``) registers an
  ``on_commit`` publish to this process's listeners and, on PostgreSQL, sends
  ``pg_notify('tresham_live', 'G:R')`` in the same transaction: PostgreSQL delivers a
  notification exactly when its transaction commits, never if it rolls back, so a refused or
  rolled-back order tells nobody anything.
- **PostgreSQL**: one thread per process holds one dedicated psycopg connection that
  ``LISTEN``\\ s on ``tresham_live`` while anyone in the process listens (closed after
  ``IDLE_CLOSE`` seconds without listeners) and fans the notifications out. The listener
  reconnects with a backoff when the connection drops; while it is down the poller below
  runs at its fast rate, and each (re)connection is followed by one poll, so nothing
  committed while nobody was listening is missed.
- **SQLite, and as the fallback everywhere**: one poller thread per process reads
  ``SELECT id, revision FROM play_game WHERE id IN (the listened games)`` every
  ``POLL_SECONDS`` (250 ms) while anyone listens (SQLite has no notifications between
  processes; WAL readers never wait for the writer, so this costs the writers nothing). On
  PostgreSQL with a healthy ``LISTEN`` it only polls every ``SAFETY_SECONDS`` as a safety net.

Why not a broker (Redis, a channel layer): the database already orders the commits and every
process already talks to it; NOTIFY costs one round trip inside a transaction that is open
anyway, and the poller one indexed query per process per tick, however many people listen.

The hub dedupes (a revision is fanned out once however many of the paths report it) and
coalesces (a listener that is behind gets only the newest revision). It also admits streams:
at most ``MAX_STREAMS`` per process, ``MAX_PER_USER`` per account and ``MAX_PER_ADDRESS`` per
visitor's address (:class:`Full` beyond). At the server's shutdown (SIGTERM/SIGINT, chained
to uvicorn's own handlers by :meth:`Hub.install_shutdown_hook`) every stream ends at once, so
uvicorn's graceful shutdown does not wait for them; browsers reconnect to the next server with
``Last-Event-ID``.

**Topics.** Besides a game's revision (its listeners' key is the game's id), the hub carries
*topics*, keys of the form ``"<prefix>:..."`` with a number that only grows, for the apps above
play that have changes of their own to announce without a new revision: the table talk's
``"talk:<game>:<seat>"``, the newest message of that seat's conversations (docs/talk.md). A
topic is announced like a revision (:func:`changed_topic` in the writing transaction: on
PostgreSQL ``pg_notify('tresham_live', '<topic>=<n>')``; on commit here), polled by the
function its app registers for its prefix (:func:`register_topic_poller`), and carried by a
game's event stream only to the listeners its app names (:func:`register_stream_topics`): a
number, never the change itself.

Settings (``TRESHAM_LIVE_*`` in the environment, or the same names in Django's settings):
``MAX_STREAMS`` (1000), ``MAX_PER_USER`` (8), ``MAX_PER_ADDRESS`` (32), ``PING_SECONDS`` (15),
``POLL_SECONDS`` (0.25), ``MAX_SECONDS`` (3600: a stream's longest life, after which the
browser reconnects and its access is checked again).
"""
from __future__ import annotations

import asyncio
import logging
import os
import signal
import threading
import time
from collections import Counter
from typing import Callable

from django.conf import settings
from django.db import connection, connections, transaction

from .models import Game

log = logging.getLogger(__name__)

#: The PostgreSQL notification channel; payload "G:R".
CHANNEL = "tresham_live"
#: On PostgreSQL with a healthy LISTEN, the poller still checks this often (a safety net).
SAFETY_SECONDS = 5.0
#: The listener's connection is closed after this many seconds without listeners.
IDLE_CLOSE = 30.0


def _conf(name: str, default: float) -> float:
    value = getattr(settings, f"TRESHAM_LIVE_{name}", None)
    if value is None:
        value = os.environ.get(f"TRESHAM_LIVE_{name}") or default
    return type(default)(value)


class Full(Exception):
    """A stream refused: too many in this process (503) or of this person (429)."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


class Slot:
    """An admitted stream's place in the caps; :meth:`release` (idempotent) frees it."""

    def __init__(self, hub: "Hub", key: str) -> None:
        self._hub, self.key, self._held = hub, key, True

    def release(self) -> None:
        self._hub._release(self)


class Subscription:
    """An event-stream's subscription to one game (or a topic, ``game_id`` then the topic's
    key), on the event loop that serves it: the newest revision offered (``latest``) and an
    event set when it grows or the hub closes (``event``: one the stream's subscriptions
    share, else its own)."""

    def __init__(self, hub: "Hub", game_id: int | str, loop: asyncio.AbstractEventLoop,
                 event: asyncio.Event | None = None) -> None:
        self.game_id, self.loop = game_id, loop
        self.latest = -1
        self.event = event if event is not None else asyncio.Event()
        self._cancel = hub.subscribe(game_id, self._from_any_thread)
        self._hub = hub
        with hub._lock:
            hub._streams.add(self)

    def _from_any_thread(self, game_id: int | str, revision: int) -> None:
        self.loop.call_soon_threadsafe(self._offer, revision)

    def _offer(self, revision: int) -> None:  # on the loop
        if revision > self.latest:
            self.latest = revision
            self.event.set()

    def wake(self) -> None:
        try:
            self.loop.call_soon_threadsafe(self.event.set)
        except RuntimeError:  # the loop is closed: nobody waits any more
            pass

    def cancel(self) -> None:
        self._cancel()
        with self._hub._lock:
            self._hub._streams.discard(self)


class Hub:
    """One per process: listeners by game, the newest revision fanned out of each, the caps,
    and the threads (poller, PostgreSQL listener) that bring other processes' commits."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listeners: dict[int | str, list[Callable[[int | str, int], None]]] = {}
        self._known: dict[int | str, int] = {}
        self._streams: set[Subscription] = set()
        self._count = 0
        self._per_key: Counter[str] = Counter()
        self._wake = threading.Event()  # the poller: a game was added, or the listener (re)connected
        self._wake_listener = threading.Event()  # the listener: a game was added
        self._threads: list[threading.Thread] = []
        self.listening = False  # the PostgreSQL LISTEN connection is up
        self.closing = False
        self._hooks: list = []

    # ---- listeners ---------------------------------------------------------------------
    def subscribe(self, game_id: int | str, fn: Callable[[int | str, int], None]) -> Callable[[], None]:
        """Call ``fn(game_id, revision)`` (from any thread) after each change of the game (or
        of the topic ``game_id``); gives an unsubscribe. Starts this process's poller/listener at the first one."""
        with self._lock:
            new = game_id not in self._listeners
            self._listeners.setdefault(game_id, []).append(fn)
        if new:
            self._start_threads()
            self._wake.set()  # poll the new game at once
            self._wake_listener.set()

        def cancel() -> None:
            with self._lock:
                fns = self._listeners.get(game_id)
                if fns and fn in fns:
                    fns.remove(fn)
                    if not fns:
                        del self._listeners[game_id]
                        self._known.pop(game_id, None)

        return cancel

    def games(self) -> list[int | str]:
        """The keys listened to: games' ids and topics."""
        with self._lock:
            return list(self._listeners)

    def publish(self, game_id: int | str, revision: int) -> None:
        """Game ``game_id`` is at ``revision``: tell its listeners, once per revision (the
        on-commit call, the notification and the poller may all report it)."""
        with self._lock:
            fns = self._listeners.get(game_id)
            if not fns or revision <= self._known.get(game_id, -1):
                return
            self._known[game_id] = revision
            fns = list(fns)
        for fn in fns:
            try:
                fn(game_id, revision)
            except Exception:  # a listener's failure never reaches the order's caller
                log.debug("live listener failed", exc_info=True)

    # ---- admission ---------------------------------------------------------------------
    def admit(self, key: str, *, visitor: bool) -> Slot:
        """A place for one more stream of ``key`` ("user:7", "addr:192.0.2.1"), or Full."""
        if self.closing:
            raise Full(503, "shutting_down", "the server is shutting down: reconnect in a moment")
        cap = _conf("MAX_PER_ADDRESS", 32) if visitor else _conf("MAX_PER_USER", 8)
        with self._lock:
            if self._count >= _conf("MAX_STREAMS", 1000):
                raise Full(503, "too_many_streams", "this server has as many live pages open as it "
                           "serves: the page works without them (reload it to see changes)")
            if self._per_key[key] >= cap:
                raise Full(429, "too_many_streams", f"you have {cap} live pages open already: close "
                           "one, or reload this page to see changes")
            self._count += 1
            self._per_key[key] += 1
        return Slot(self, key)

    def _release(self, slot: Slot) -> None:
        with self._lock:
            if not slot._held:
                return
            slot._held = False
            self._count -= 1
            self._per_key[slot.key] -= 1
            if self._per_key[slot.key] <= 0:
                del self._per_key[slot.key]

    def counts(self) -> dict[str, int]:
        """Streams admitted now, in all and by key (for tests and the admin's curiosity)."""
        with self._lock:
            return {"streams": self._count, **self._per_key}

    # ---- shutdown ----------------------------------------------------------------------
    def shutdown(self) -> None:
        """End every stream now and admit no more (the server is stopping)."""
        self.closing = True
        with self._lock:
            streams = list(self._streams)
        for s in streams:
            s.wake()

    def install_shutdown_hook(self) -> None:
        """Chain :meth:`shutdown` before the current SIGTERM/SIGINT handlers (uvicorn's, which
        it installs with ``signal.signal`` while it serves and restores afterwards). Only from
        the main thread (where uvicorn's event loop runs), and only over a Python handler."""
        if threading.current_thread() is not threading.main_thread():
            return
        for sig in (signal.SIGTERM, signal.SIGINT):
            prev = signal.getsignal(sig)
            if not callable(prev) or prev in self._hooks:
                continue

            def handler(signum, frame, prev=prev):
                self.shutdown()
                prev(signum, frame)

            self._hooks.append(handler)
            signal.signal(sig, handler)

    # ---- the threads -------------------------------------------------------------------
    def _start_threads(self) -> None:
        with self._lock:
            if self._threads:
                return
            self._threads = [threading.Thread(target=self._poll_loop, name="tresham-live-poll", daemon=True)]
            if connections["default"].vendor == "postgresql":
                self._threads.append(threading.Thread(target=self._listen_loop, name="tresham-live-listen",
                                                      daemon=True))
            threads = list(self._threads)
        for t in threads:
            t.start()

    def _poll_loop(self) -> None:
        while True:
            games = self.games()
            if not games:
                connection.close()
                self._wake.wait(IDLE_CLOSE)
                self._wake.clear()
                continue
            try:
                ids = [g for g in games if isinstance(g, int)]
                if ids:
                    for pk, rev in Game.objects.filter(pk__in=ids).values_list("pk", "revision"):
                        self.publish(pk, rev)
                for topic, n in poll_topics([g for g in games if isinstance(g, str)]).items():
                    self.publish(topic, n)
            except Exception:
                log.warning("live: polling the games' revisions failed", exc_info=True)
                connection.close()
                time.sleep(1.0)
            self._wake.wait(SAFETY_SECONDS if self.listening else _conf("POLL_SECONDS", 0.25))
            self._wake.clear()

    def _listen_loop(self) -> None:
        # Imported here: this thread runs only on PostgreSQL, and a site on SQLite never loads
        # psycopg's libpq.
        import psycopg

        conn = None
        backoff = 0.5
        idle_since: float | None = None
        last_check = time.monotonic()
        while True:
            try:
                if not self.games():
                    idle_since = idle_since or time.monotonic()
                    if conn is not None and time.monotonic() - idle_since > IDLE_CLOSE:
                        self.listening = False
                        conn.close()
                        conn = None
                    if conn is None:
                        self._wake_listener.wait(IDLE_CLOSE)
                        self._wake_listener.clear()
                        continue
                else:
                    idle_since = None
                if conn is None:
                    conn = psycopg.connect(**_pg_params(), autocommit=True)
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening, backoff = True, 0.5
                    self._wake.set()  # one poll: what was committed while we were not listening
                for n in conn.notifies(timeout=1.0):
                    topic, eq, count = n.payload.rpartition("=")
                    game, _, rev = n.payload.partition(":")
                    try:
                        if eq:
                            self.publish(topic, int(count))
                        else:
                            self.publish(int(game), int(rev))
                    except ValueError:
                        log.warning("live: a notification that is not G:R: %r", n.payload)
                if time.monotonic() - last_check > 30:  # a silently dead connection raises here
                    conn.execute("SELECT 1")
                    last_check = time.monotonic()
            except Exception:
                log.warning("live: the LISTEN connection failed; polling until it is back", exc_info=True)
                self.listening = False
                self._wake.set()
                if conn is not None:
                    try:
                        conn.close()
                    except Exception:
                        pass
                    conn = None
                time.sleep(backoff)
                backoff = min(backoff * 2, 10.0)


#: Django's own options that are not libpq connection parameters.
_NOT_LIBPQ = {"isolation_level", "pool", "server_side_binding", "assume_role", "cursor_factory", "context",
              "prepare_threshold"}


def _pg_params() -> dict:
    """The default database's connection parameters for a plain psycopg connection."""
    s = connections["default"].settings_dict
    params = {"dbname": s.get("NAME"), "user": s.get("USER"), "password": s.get("PASSWORD"),
              "host": s.get("HOST"), "port": s.get("PORT")}
    params = {k: v for k, v in params.items() if v}
    params.update({k: v for k, v in (s.get("OPTIONS") or {}).items() if k not in _NOT_LIBPQ})
    params["application_name"] = "tresham-live"
    return params


hub = Hub()


def changed(game_id: int, revision: int) -> None:
    """Inside the transaction that brings the game to ``revision``: tell the live pages of
    every process, at commit (PostgreSQL: NOTIFY in this transaction) and of this process
    (on commit). Nothing is told if the transaction rolls back."""
    conn = transaction.get_connection()
    if conn.vendor == "postgresql":
        with conn.cursor() as c:
            c.execute("SELECT pg_notify(%s, %s)", [CHANNEL, f"{game_id}:{revision}"])
    transaction.on_commit(lambda: publish(game_id, revision))


def changed_topic(topic: str, n: int) -> None:
    """Inside the transaction that writes it: the topic ``topic`` ("talk:12:3") is at ``n``.
    Told like a revision (:func:`changed`): at commit, to every process."""
    conn = transaction.get_connection()
    if conn.vendor == "postgresql":
        with conn.cursor() as c:
            c.execute("SELECT pg_notify(%s, %s)", [CHANNEL, f"{topic}={n}"])
    transaction.on_commit(lambda: publish(topic, n))


#: Each topic prefix's poller: the topics' numbers now (registered by the apps above play).
TOPIC_POLLERS: dict[str, Callable[[list[str]], dict[str, int]]] = {}
#: What else a game's event stream carries for its listener: functions ``(game_id, user)`` ->
#: the topics he may hear of (registered by the apps above play; each answers for its own).
STREAM_TOPICS: dict[str, Callable[[int, object], list[str]]] = {}


def register_topic_poller(prefix: str, poll: Callable[[list[str]], dict[str, int]]) -> None:
    """``poll(topics)`` gives the current number of each of these topics of ``prefix`` (one
    it leaves out has none yet); a second registration of a prefix replaces the first."""
    TOPIC_POLLERS[prefix] = poll


def register_stream_topics(prefix: str, topics: Callable[[int, object], list[str]]) -> None:
    """``topics(game_id, user)``: the topics of ``prefix`` a listener of the game's stream hears
    of (none: he hears only the game's revisions)."""
    STREAM_TOPICS[prefix] = topics


def poll_topics(topics: list[str]) -> dict[str, int]:
    """The current number of each of ``topics`` whose poller knows it."""
    out: dict[str, int] = {}
    by_prefix: dict[str, list[str]] = {}
    for t in topics:
        by_prefix.setdefault(t.partition(":")[0], []).append(t)
    for prefix, some in by_prefix.items():
        poll = TOPIC_POLLERS.get(prefix)
        if poll is not None:
            out.update(poll(some))
    return out


def stream_topics(game_id: int, user) -> list[str]:
    """The topics a listener of the game's stream hears of, besides its revisions."""
    return [t for fn in list(STREAM_TOPICS.values()) for t in fn(game_id, user)]


def subscribe(game_id: int, fn: Callable[[int, int], None]) -> Callable[[], None]:
    """Call ``fn(game_id, revision)`` after each change of the game; gives an unsubscribe."""
    return hub.subscribe(game_id, fn)


def publish(game_id: int | str, revision: int) -> None:
    hub.publish(game_id, revision)
