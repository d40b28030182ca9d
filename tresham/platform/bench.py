"""The site's benchmark: bots play several games at once over loopback HTTP against a real
``tresham serve`` process (``tresham bench server``), and the helpers that start such a
process and give it logged-in clients (the platform's tests use them too). The game is the
site's first (``registry.default_name``), played by its own bot.

How a game is played: its orders are decided first by the game's own bot
(``Offers.bots``, the default level) on a replica of the game (the same options and seed, and the same orders,
give the same states), so the load generator spends no CPU while it measures. Then each
game's seats, each with its own logged-in HTTP client, fetch their view
(``GET /api/games/{id}``) and post their order (``POST /api/games/{id}/orders``, with the
revision they saw and a client key), all games at once. Orders the bot gives as the
platform's (a seat's deadline default) are applied the way the clock applies them: through
``services.submit``, not over HTTP, by a clock process of their own (as the server's worker
would: a transaction that holds the database's write lock is never slowed down by the load
generator's threads, with which it would share an interpreter lock). At the end the stored state of every
game must equal the replica's (same digest).

Players pause before each order for ``think_ms`` on average (exponentially distributed,
seeded per game, so a run's pauses are the same every time): 0, the default, has every
seat answer at once, which measures the server at saturation (its capacity: a closed loop
of as many requests in flight as games, so a request's time is mostly the queue in front
of it); a pause measures the time a request takes at the load that pause gives, reported
as ``orders_per_s``.

Figures: ``p50_ms`` is the median time of an order's POST; ``p99_ms_early`` the 99th
percentile over the first 100 orders of each game, ``p99_ms_late`` over the orders after
the 1,000th (a game cut shorter by ``--orders``: over its last third, the early window no more
than its first third). All games are cut to the same number of orders (the shortest game's, at least
``MIN_ORDERS``, or ``--orders``), so that as many games run at once in the late window as in the early one
(``inflight_early`` / ``inflight_late``: the mean number of requests in flight then).

Two kinds of import wait inside the functions that need them: httpx (the HTTP client, a
dependency of the tests and the benchmark, not of the site), and the site's own models and
services, which need Django set up first: this module is imported by ``tresham bench server``
and by the tests before that, and its clock processes set Django up themselves.
"""
from __future__ import annotations

import contextlib
import hashlib
import multiprocessing
import os
import random
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import quote

import django
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.core.management import call_command
from django.db import close_old_connections, connection

from ..games import registry

#: A game of the benchmark is at least this many orders long (the late window starts at 1,000).
MIN_ORDERS = 1200
EARLY, LATE = 100, 1000


# ---- a real server in a subprocess -----------------------------------------------------------
def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """``tresham serve`` in a subprocess on a free port of 127.0.0.1.

    ``env``: extra environment (TRESHAM_DATA_DIR, TRESHAM_DATABASE_URL, TRESHAM_SECRET_KEY...).
    Use as a context manager; :attr:`url` is its address once started."""

    def __init__(self, env: dict[str, str], *, worker: bool = True, access_log: bool = False,
                 timeout: float = 90.0, processes: int = 1) -> None:
        self.env = {**os.environ, **env}
        self.worker = worker
        self.processes = processes
        self.access_log = access_log
        self.timeout = timeout
        self.proc: subprocess.Popen | None = None
        self.url = ""
        self._log = tempfile.TemporaryFile(mode="w+")
        self._final = ""

    def start(self) -> "ServerProcess":
        import httpx  # the tests' and the benchmark's, not the site's (the module's docstring)

        for _attempt in range(3):  # another process may take the free port before the server does
            port = free_port()
            cmd = [sys.executable, "-m", "tresham.cli", "serve", "--port", str(port),
                   "--access-log" if self.access_log else "--no-access-log", "--processes", str(self.processes)]
            if not self.worker:
                cmd.append("--no-worker")
            self._log.seek(0)
            self._log.truncate()
            self.proc = subprocess.Popen(cmd, env=self.env, stdout=self._log, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL)
            self.url = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + self.timeout
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    break
                try:
                    if httpx.get(f"{self.url}/api/openapi.json", timeout=5).status_code == 200:
                        return self
                except httpx.HTTPError:
                    pass
                time.sleep(0.1)
            if self.proc.poll() is None:
                self.stop()
                raise RuntimeError(f"tresham serve did not answer in {self.timeout:.0f} s:\n{self.output()}")
            if "Address already in use" not in self.output():
                break
        raise RuntimeError(f"tresham serve exited with status {self.proc.returncode}:\n{self.output()}")

    def output(self) -> str:
        """What the server printed so far (all of it, once stopped)."""
        if self._log.closed:
            return self._final
        self._log.flush()
        self._log.seek(0)
        return self._log.read()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)

    def __enter__(self) -> "ServerProcess":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
        self._final = self.output()
        self._log.close()


def database_url(settings_dict: dict[str, Any]) -> str:
    """The URL of a Django database (``connection.settings_dict``): how to point a server
    process at the database this process uses (e.g. a test database)."""
    engine = settings_dict["ENGINE"]
    if engine.endswith(("sqlite3", "platform.sqlite")):
        return f"sqlite:///{Path(settings_dict['NAME']).resolve()}"
    if engine.endswith("postgresql"):
        user = quote(settings_dict.get("USER") or "", safe="")
        pw = settings_dict.get("PASSWORD") or ""
        auth = f"{user}:{quote(pw, safe='')}@" if pw else (f"{user}@" if user else "")
        host = quote(settings_dict.get("HOST") or "", safe="")
        port = f":{settings_dict['PORT']}" if settings_dict.get("PORT") else ""
        return f"postgresql://{auth}{host}{port}/{quote(settings_dict['NAME'], safe='')}"
    raise ValueError(f"no URL for database engine {engine}")


def session_cookies(user) -> dict[str, str]:
    """Cookies of a fresh logged-in session of ``user`` (as Django's test client's
    ``force_login`` makes one), and a CSRF cookie whose value the client sends back in the
    X-CSRFToken header. The server must share this process's SECRET_KEY and database."""
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = user._meta.pk.value_to_string(user)
    store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[-1]
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.save()
    return {settings.SESSION_COOKIE_NAME: store.session_key, settings.CSRF_COOKIE_NAME: new_csrf_token()}


def new_csrf_token() -> str:
    """A CSRF secret in Django's format (32 letters and digits): as cookie and header it passes
    Django's check, as a browser's would."""
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return "".join(secrets.choice(alphabet) for _ in range(32))


def http_client(base_url: str, cookies: dict[str, str], timeout: float = 60.0):
    """An httpx client of the site with these cookies, sending the CSRF token with each
    request (Django checks it on POST)."""
    import httpx  # the tests' and the benchmark's, not the site's (the module's docstring)

    token = cookies.get(settings.CSRF_COOKIE_NAME, "")
    return httpx.Client(base_url=base_url, cookies=cookies, timeout=timeout,
                        headers={"X-CSRFToken": token} if token else {})


# ---- the benchmark ------------------------------------------------------------------------------
@dataclass
class Plan:
    """One game's orders as its bot gives them: (seat, order, by_site) in sequence."""

    seed: str
    steps: list[tuple[int, dict, bool]]
    digest: str = ""  # the replica's state after the steps


def plan_game(rules, players: int, seed: str, limit: int) -> Plan:
    """Play a game on the engine alone with the game's bot at its default level (``Offers.bots``;
    a game without one, or a bot that would wait, plays its defaults), for at most ``limit``
    orders."""
    level = rules.offers.bot_level()
    state = rules.new_game(rules.parse_options({"players": players}), seed)
    steps: list[tuple[int, dict, bool]] = []
    while not rules.finished(state) and len(steps) < limit:
        d = next(d for d in rules.pending(state) if d.required)
        order = level.play(state, d.player, f"{seed}:bench:{len(steps)}") if level is not None else None
        if order is None:
            order = rules.default(state, d.player)
        by_site = rules.is_site_order(order)
        state, _ = rules.apply(state, order, by_site=by_site)
        steps.append((d.player, order, by_site))
    return Plan(seed, steps, rules.digest(state))


@dataclass
class Sample:
    seq: int
    ms: float
    inflight: int
    statements: int | None = None  # the SQL statements the server sent for it (X-Statements)


@dataclass
class GameRun:
    game_id: int
    plan: Plan
    posts: list[Sample] = field(default_factory=list)
    gets: list[float] = field(default_factory=list)
    clock: int = 0
    retries: int = 0
    errors: list[str] = field(default_factory=list)


class _Inflight:
    def __init__(self) -> None:
        self.n = 0
        self.lock = threading.Lock()

    @contextlib.contextmanager
    def one(self) -> Iterator[int]:
        with self.lock:
            self.n += 1
            now = self.n
        try:
            yield now
        finally:
            with self.lock:
                self.n -= 1


def _clock_setup(env: dict[str, str]) -> None:
    """A clock process: the server's database and settings."""
    os.environ.update(env)
    django.setup()


def _clock_order(game_id: int, order: dict, seat: int) -> None:
    """Apply a deadline default as the clock does (in a clock process)."""
    from .play import services  # once Django is set up (the module's docstring)

    services.submit(game_id, order, seat=seat, by_site=True, reason="timeout")


def _retrying(run: GameRun, send, *args, **kwargs):
    """A request, sent once more if the connection failed under it (a keep-alive connection
    the server closed as the request went out): as a client should, since a GET changes
    nothing and a POST carries its client key (the server answers a retry with the first
    result). Each retry is counted in the figures."""
    import httpx  # the tests' and the benchmark's, not the site's (the module's docstring)

    try:
        return send(*args, **kwargs)
    except httpx.TransportError:
        run.retries += 1
        return send(*args, **kwargs)


def _play(run: GameRun, clients: list, inflight: _Inflight, think_ms: float, clock: ProcessPoolExecutor) -> None:
    """Play one game's plan over HTTP (players' orders) and through the ``clock`` process (the
    deadline defaults); each player pauses ``think_ms`` on average before an order."""
    pauses = random.Random(f"{run.plan.seed}:think")
    try:
        for n, (seat, order, by_site) in enumerate(run.plan.steps, start=1):
            if by_site:
                clock.submit(_clock_order, run.game_id, order, seat).result()
                run.clock += 1
                continue
            if think_ms > 0:
                time.sleep(pauses.expovariate(1000.0 / think_ms))
            if not send_order(run, clients[seat], n, order, inflight, "b"):
                return
    except Exception as e:  # a failed request or order is an error of the run, not a crash
        run.errors.append(f"game {run.game_id}: {type(e).__name__}: {e}")
    finally:
        close_old_connections()


def send_order(run, client, n: int, order: dict, inflight: _Inflight, tag: str) -> bool:
    """A player's order ``n`` over HTTP as a client sends it: GET the game (its revision), then
    POST the order with that revision and a client key; the times (and the statements the
    server reports) go to ``run``. False, with the error noted, when either is refused."""
    t0 = time.perf_counter()
    r = _retrying(run, client.get, f"/api/games/{run.game_id}")
    run.gets.append((time.perf_counter() - t0) * 1000)
    if r.status_code != 200:
        run.errors.append(f"GET game {run.game_id} before order {n}: {r.status_code} {r.text[:200]}")
        return False
    body = {"order": order, "revision": r.json()["revision"], "client_key": f"{tag}{run.game_id}-{n}"}
    with inflight.one() as now:
        t0 = time.perf_counter()
        r = _retrying(run, client.post, f"/api/games/{run.game_id}/orders", json=body)
        ms = (time.perf_counter() - t0) * 1000
    if r.status_code != 201:
        run.errors.append(f"order {n} of game {run.game_id}: {r.status_code} {r.text[:200]}")
        return False
    sent = r.headers.get("X-Statements")
    run.posts.append(Sample(n, ms, now, int(sent) if sent is not None else None))
    return True


def _p(values: list[float], q: int) -> float | None:
    """The q-th percentile (nearest rank), None when there are no values."""
    if not values:
        return None
    s = sorted(values)
    return round(s[min(len(s) - 1, max(0, -(-q * len(s) // 100) - 1))], 2)


def windows(length: int) -> tuple[int, int]:
    """(the last order of the early window, the last order before the late one) of games
    ``length`` orders long: the first 100 and the orders after the 1,000th, or for a shorter
    game its last third and at most its first third."""
    if length > LATE + 100:
        return EARLY, LATE
    third = length // 3
    return min(EARLY, third), length - third


def _median(values: list[int]) -> float | None:
    return statistics.median(values) if values else None


def _setup_django(data_dir: Path, url: str | None) -> dict[str, str]:
    """This process uses the server's database and secret key; gives the server's environment."""
    env = {"TRESHAM_DATA_DIR": str(data_dir), "DJANGO_SETTINGS_MODULE": "tresham.platform.settings"}
    if url:
        env["TRESHAM_DATABASE_URL"] = url
    else:
        os.environ.pop("TRESHAM_DATABASE_URL", None)
    os.environ.update(env)
    django.setup()
    call_command("migrate", interactive=False, verbosity=0)  # before the server starts: one migrator
    env["TRESHAM_SECRET_KEY"] = settings.SECRET_KEY
    return env


def bench_server(games: int = 8, players: int = 4, database_url: str | None = None,
                 seed: str = "bench", processes: int = 1, think_ms: float = 0.0,
                 orders: int | None = None) -> dict[str, Any]:
    """Run the server benchmark (see the module's docstring) against ``tresham serve
    --processes N``; gives its figures. ``orders``: each game cut to at most this many orders
    (a run at a stated load that fits in minutes; the late window's figures need more than
    1,000, :data:`LATE`); None: the shortest game's, at least :data:`MIN_ORDERS`."""
    kind = registry.default_name()
    rules = registry.get(kind)
    t0 = time.perf_counter()
    plans: list[Plan] = []
    tries = 0
    while len(plans) < games and tries < games * 5:  # games long enough for the late window
        s = hashlib.sha256(f"{seed}-{players}-{tries}".encode()).hexdigest()[:32]
        tries += 1
        p = plan_game(rules, players, s, limit=100_000)
        if len(p.steps) >= MIN_ORDERS:
            plans.append(p)
    if len(plans) < games:
        raise RuntimeError(f"fewer than {games} bot games of {players} players last {MIN_ORDERS} orders")
    length = min(len(p.steps) for p in plans)
    if orders is not None:
        length = min(length, orders)
    plans = [plan_game(rules, players, p.seed, limit=length) for p in plans]
    plan_s = time.perf_counter() - t0

    data_dir = Path(tempfile.mkdtemp(prefix="tresham-bench-"))
    try:
        env = _setup_django(data_dir, database_url)
        with ServerProcess({**env, "TRESHAM_COUNT_STATEMENTS": "1"}, processes=processes) as server:
            with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn"),
                                     initializer=_clock_setup, initargs=(env,)) as clock:
                clock.submit(os.getpid).result()  # started before the clock runs
                return _measure(server, kind, rules, plans, players, think_ms, clock) | {
                    "plan_s": round(plan_s, 1), "processes": processes}
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


def _measure(server: ServerProcess, kind: str, rules, plans: list[Plan], players: int, think_ms: float,
             clock: ProcessPoolExecutor) -> dict[str, Any]:
    from .lobby import services as lobby  # once Django is set up (the module's docstring)
    from .play import services
    from .play.models import Game

    User = get_user_model()
    tag = secrets.token_hex(3)
    runs: list[GameRun] = []
    clients: list[list] = []
    for i, plan in enumerate(plans):
        game = services.create_game(kind, {"players": players}, name=f"Bench {tag} {i + 1}", seed=plan.seed)
        seat_clients = []
        for s in range(players):
            user = User.objects.create_user(f"bench-{tag}-{i}-{s}", f"bench-{tag}-{i}-{s}@example.org", secrets.token_hex(12))
            lobby.join(game.pk, user, index=s)
            seat_clients.append(http_client(server.url, session_cookies(user)))
        runs.append(GameRun(game.pk, plan))
        clients.append(seat_clients)
    connection.close()
    for run, cl in zip(runs, clients):  # a served page first: the figures are a warm server's
        for c in cl:
            c.get(f"/api/games/{run.game_id}").raise_for_status()
    inflight = _Inflight()
    threads = [threading.Thread(target=_play, args=(run, cl, inflight, think_ms, clock))
               for run, cl in zip(runs, clients)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    for cl in clients:
        for c in cl:
            c.close()
    errors = [e for r in runs for e in r.errors]
    for r in runs:  # the stored game is exactly the replica's
        if not r.errors:
            stored = Game.objects.get(pk=r.game_id)
            if rules.digest(rules.loads(stored.state)) != r.plan.digest:
                errors.append(f"game {r.game_id}: the stored state differs from the bot's replica")
    posts = [s for r in runs for s in r.posts]
    early_upto, late_after = windows(len(plans[0].steps))
    early = [s for s in posts if s.seq <= early_upto]
    late = [s for s in posts if s.seq > late_after]
    accepted = sum(len(r.posts) + r.clock for r in runs)
    return {
        "games": len(runs),
        "players": players,
        "think_ms": think_ms,
        "database": connection.vendor,
        "orders_per_game": len(plans[0].steps),
        "errors": len(errors),
        "retries": sum(r.retries for r in runs),
        "error_examples": errors[:5],
        "orders": accepted,
        "http_orders": len(posts),
        "clock_orders": sum(r.clock for r in runs),
        "seconds": round(wall, 1),
        "orders_per_s": round(accepted / wall, 1) if wall else None,
        "http_orders_per_s": round(len(posts) / wall, 1) if wall else None,
        "p50_ms": _p([s.ms for s in posts], 50),
        "p99_ms": _p([s.ms for s in posts], 99),
        "p99_ms_early": _p([s.ms for s in early], 99),
        "p99_ms_late": _p([s.ms for s in late], 99),
        "p50_ms_early": _p([s.ms for s in early], 50),
        "p50_ms_late": _p([s.ms for s in late], 50),
        "early_window": [1, early_upto],
        "late_window": [late_after + 1, len(plans[0].steps)],
        "early_samples": len(early),
        "late_samples": len(late),
        "inflight_early": round(statistics.mean(s.inflight for s in early), 2) if early else None,
        "inflight_late": round(statistics.mean(s.inflight for s in late), 2) if late else None,
        "get_p50_ms": _p([x for r in runs for x in r.gets], 50),
        "queries_per_post_median": _median([s.statements for s in posts if s.statements is not None]),
        "queries_per_post_max": max((s.statements for s in posts if s.statements is not None), default=None),
        "get_p99_ms": _p([x for r in runs for x in r.gets], 99),
    }
