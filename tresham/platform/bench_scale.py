"""The scale test (``tresham bench scale``): a site with many games in its PostgreSQL database,
most of them waiting on deadlines and a few hundred being played, served by 2 server
processes and 2 workers with 1,000 event streams open on each server process; not run in CI.

What is in the database (``--games`` in all; the game is the site's first,
``registry.default_name``, played by its own bot through the contract, as in ``bench.py``):

- a few *template* games, made through the site's own services: four waiting ones (created,
  joined by four people, then a history of 5 to 150 orders of the bot's given through
  ``services.submit``) and one new game per bot plan (``PLANS``; created, joined, the
  defaults of its opening given);
- every other game a *copy* of a template, made by SQL ``INSERT ... SELECT`` inside the
  database (the game row, its seats, tenures, log, events, snapshots, pick order and due
  rows), so 10,000 games take a minute, not an hour: ``--played`` copies of the new games,
  each seat held by an account of its own, which the load generator plays over HTTP during
  the measurement; the rest copies of the waiting ones, their seats held by a pool of
  accounts (each in about ``GAMES_PER_ACCOUNT`` games). Every game has a 3-day time limit:
  all but the played ones wait on their players' deadlines.

Then ``ANALYZE``, and the processes: 2 ``tresham serve --no-worker`` (one process each, on
ports of their own, so each one's streams and memory are known) and 2 ``tresham worker``.

What is measured, and how:

- **orders/s, POST p50/p99**: each played game's seats, each a logged-in HTTP client of one of
  the two servers (games alternate), GET their view and POST the order their bot chose on a
  replica (``bench.plan_game``), pausing ``--think-ms`` on average (exponential) before each,
  for ``--seconds``. The bot's deadline defaults go through ``services.submit`` in a clock
  process, as in ``bench server``. ``orders_per_s`` counts both; the percentiles are the
  POSTs'. At the end each played game's stored state must equal its replica's after as many
  orders (same digest).
- **deadline lag**: when the measurement starts, ``--deadlines-per-s`` of the copies per
  second (spread evenly over the measurement, in a random order) get one player's deadline
  moved to fall due then (the due row's ``due_at``, its ``started_at`` moved with it, so the
  clock computes the same deadline again). The workers apply the default as they would any
  deadline. Lag = the ``at`` of the log entry of that seat's timeout order minus the
  ``due_at`` set. It includes the worker's idle wait (``tresham worker``'s 1 s interval), as
  on a real site. A deadline not applied within ``GRACE_S`` of the end is an error.
- **memory**: each process's resident set (``VmRSS`` of ``/proc/PID/status``) at the end,
  and its peak (``VmHWM``). **Per open stream**: each server's RSS once every stream is open
  minus its RSS just before (after a warm-up, with no other load in between), over the
  streams opened on it.
- **CPU**: each process's CPU time over the measurement (``/proc/PID/stat``: servers, workers,
  this process, the stream holder, the throwaway cluster's processes), and per unit of work
  (the servers' per HTTP order, the workers' per deadline, PostgreSQL's per order); the
  servers' idle CPU over ``IDLE_S`` without streams and with them. On a shared machine these
  move less than the times; the load average is reported with them.
- **streams**: ``--streams`` per server process, held open by a process of their own (plain
  asyncio sockets: a stream costs the load generator nothing), as visitors (no session:
  the per-address cap is raised for 127.0.0.1), half on played games and half on waiting
  ones; it counts the ``revision`` events they receive (PostgreSQL's NOTIFY carries each
  change to both servers). A stream that fails to open or closes early is an error.

Without ``--database-url`` the test starts a throwaway PostgreSQL cluster of its own in a
temporary directory (``initdb``/``pg_ctl`` of the newest ``/usr/lib/postgresql/*/bin``, a
unix socket only, fsync off as in ``scripts/test``: its figures are the server's, not the
disk's) and deletes it at the end. As root, PostgreSQL runs as the ``postgres`` user.

On a 2-core machine the servers, workers, database, load generator and stream holder share
the cores: absolute figures are a floor; what the test shows is how each figure grows from
1,000 to 10,000 games (``docs/platform.md``, "Scale").
"""
from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import hashlib
import multiprocessing
import os
import random
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import quote, urlsplit

from django.db import close_old_connections, connection

from ..games import registry
from .bench import (GameRun, Plan, ServerProcess, _clock_order, _clock_setup, _Inflight, _p, _setup_django,
                    http_client, plan_game, send_order, session_cookies)

#: the game's time limit (seconds): nothing falls due during the test but what it moves
TIME_LIMIT = 3 * 24 * 3600
#: the templates' history lengths (orders): the copies' logs are as long
TEMPLATE_ORDERS = (5, 20, 60, 150)
#: seconds after the measurement within which every deadline moved into it must be applied
GRACE_S = 20.0
#: distinct bot plans the played games cycle through (same seed and orders: same states)
PLANS = 8
#: games a pooled account holds a seat in, about (the copies' seats)
GAMES_PER_ACCOUNT = 10


# ---- a throwaway PostgreSQL cluster -----------------------------------------------------------
def pg_bindir() -> Path | None:
    """The newest Debian PostgreSQL's programs (``/usr/lib/postgresql/<v>/bin``), else
    ``initdb`` on the PATH's directory; None when there is no PostgreSQL."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin"),
                   key=lambda p: [int(x) for x in p.parent.name.split(".") if x.isdigit()])
    for d in reversed(found):
        if (d / "initdb").exists() and (d / "pg_ctl").exists():
            return d
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb and shutil.which("pg_ctl") else None


def _as_postgres() -> list[str]:
    """The prefix that runs a program as the ``postgres`` user when we are root (PostgreSQL
    refuses to run as root), else nothing."""
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


@contextlib.contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A PostgreSQL cluster in a temporary directory, listening on a unix socket there only;
    gives its URL, and stops and deletes it at the end (as ``scripts/test`` does)."""
    bindir = pg_bindir()
    if bindir is None:
        raise RuntimeError("PostgreSQL is not installed (no initdb/pg_ctl): give --database-url")
    tmp = Path(tempfile.mkdtemp(prefix="tresham-scale-pg-"))
    as_pg = _as_postgres()
    if as_pg:
        shutil.chown(tmp, "postgres")
    tmp.chmod(0o700)
    data, log = tmp / "data", tmp / "server.log"
    ctl = [*as_pg, str(bindir / "pg_ctl"), "-D", str(data)]
    try:
        _run([*as_pg, str(bindir / "initdb"), "-D", str(data), "-U", "tresham", "-A", "trust", "-E", "UTF8",
              "--no-sync"], cwd=tmp)
        opts = (f"-c listen_addresses='' -k {tmp} -c fsync=off -c synchronous_commit=off "
                "-c full_page_writes=off -c max_connections=200")
        _run([*ctl, "-l", str(log), "-w", "-t", "60", "-o", opts, "start"], cwd=tmp)
        try:
            _run([str(bindir / "createdb"), "-h", str(tmp), "-U", "tresham", "tresham"], cwd=tmp)
            yield f"postgresql://tresham@{quote(str(tmp), safe='')}/tresham"
        finally:
            subprocess.run([*ctl, "-m", "immediate", "stop"], cwd=tmp, capture_output=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _run(cmd: list[str], cwd: Path) -> None:
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(f"{Path(cmd[cmd.index('--') + 1] if '--' in cmd else cmd[0]).name} failed: "
                           f"{(r.stderr or r.stdout)[-2000:]}")


# ---- the database: accounts, templates, played games, copies -----------------------------------
def _accounts(tag: str, n: int) -> list:
    """``n`` accounts (no usable password) with their profiles, made in bulk."""
    from django.contrib.auth import get_user_model

    from .accounts.models import Profile

    User = get_user_model()
    users = User.objects.bulk_create(
        [User(username=f"scale-{tag}-{i}", email=f"scale-{tag}-{i}@example.org", password="!")
         for i in range(n)], batch_size=2000)
    Profile.objects.bulk_create([Profile(user=u) for u in users], batch_size=2000)
    return users


def _new_game(kind: str, players: int, seed: str, name: str, users: list):
    """A game made as a person makes one: created with the time limit, every seat joined."""
    from .lobby import services as lobby
    from .play import services

    game = services.create_game(kind, {"players": players}, name=name, seed=seed, time_limit=TIME_LIMIT)
    for s, user in enumerate(users):
        lobby.join(game.pk, user, index=s)
    return game


def _templates(kind: str, rules, players: int, tag: str) -> list[int]:
    """The template games: new games given ``TEMPLATE_ORDERS`` of their bot's orders each
    through the order path (a seat's own order with its account, a default as the clock's)."""
    from .play import services

    ids = []
    for i, length in enumerate(TEMPLATE_ORDERS):
        seed = hashlib.sha256(f"scale-template-{i}".encode()).hexdigest()[:32]
        users = _accounts(f"{tag}-t{i}", players)
        game = _new_game(kind, players, seed, f"Scale {tag} template {i + 1}", users)
        for seat, order, by_site in plan_game(rules, players, seed, length).steps:
            services.submit(game.pk, order, seat=seat, account=None if by_site else users[seat],
                            by_site=by_site, reason="timeout" if by_site else "")
        ids.append(game.pk)
    return ids


def _copy_children(model, where: str, columns: dict[str, str], params: dict[str, Any]) -> int:
    """``INSERT INTO model SELECT`` the template games' rows of ``model`` once per copy (the
    temporary table ``scale_copy``: new_id, template_id, k), each column as the template's
    (``x.<column>``) unless ``columns`` gives its SQL; gives the rows written."""
    from django.db import models

    q = connection.ops.quote_name
    cols = [f.column for f in model._meta.concrete_fields if not isinstance(f, models.AutoField)]
    exprs = [columns.get(c, f"x.{q(c)}") for c in cols]
    sql = (f"INSERT INTO {q(model._meta.db_table)} ({', '.join(map(q, cols))}) SELECT {', '.join(exprs)} "
           f"FROM {q(model._meta.db_table)} x JOIN scale_copy m ON x.game_id = m.template_id {where}")
    with connection.cursor() as c:
        c.execute(sql, params)
        return c.rowcount


def _copy_games(templates: list[int], n: int, players: int, pool: list[int], name: str) -> dict[int, int]:
    """``n`` copies of the templates (in turn), the seats of each held by ``players``
    consecutive accounts of ``pool`` (so a game's seats are held by different people; with a
    pool of ``players × n`` accounts each holds one seat); gives each copy's template by id."""
    from django.db import transaction

    from .clock.models import Due
    from .lobby.models import PickOrder
    from .play.models import EventRecord, Game, LogEntry, Seat, Snapshot, Tenure

    if n <= 0:
        return {}
    g = Game._meta.db_table
    now = dt.datetime.now(dt.timezone.utc)
    with transaction.atomic(), connection.cursor() as c:
        c.execute("CREATE TEMPORARY TABLE scale_copy (new_id bigint PRIMARY KEY, template_id bigint, k int)"
                  " ON COMMIT DROP")
        c.execute("CREATE TEMPORARY TABLE scale_pool (n int PRIMARY KEY, user_id bigint) ON COMMIT DROP")
        c.execute("INSERT INTO scale_pool SELECT n - 1, u FROM unnest(%s::bigint[]) WITH ORDINALITY AS p(u, n)",
                  [pool])
        q = connection.ops.quote_name
        cols = [f.column for f in Game._meta.concrete_fields if not f.primary_key]
        exprs = {"name": "%(name)s || ' ' || i", "created_at": "%(now)s", "updated_at": "%(now)s",
                 "creator_id": "NULL"}
        select = ", ".join(exprs.get(col, f"t.{q(col)}") for col in cols)
        for j, template in enumerate(templates):
            count = n // len(templates) + (1 if j < n % len(templates) else 0)
            c.execute(f"INSERT INTO {q(g)} ({', '.join(map(q, cols))}) SELECT {select} FROM {q(g)} t, "
                      f"generate_series(1, %(count)s) i WHERE t.id = %(template)s RETURNING id",
                      {"now": now, "count": count, "template": template, "name": name})
            new = [r[0] for r in c.fetchall()]
            c.execute("INSERT INTO scale_copy SELECT id, %s, 0 FROM unnest(%s::bigint[]) AS u(id)", [template, new])
        c.execute("UPDATE scale_copy SET k = r.k FROM (SELECT new_id, row_number() OVER (ORDER BY new_id) - 1 AS k "
                  "FROM scale_copy) r WHERE scale_copy.new_id = r.new_id")
        holder = f"(SELECT user_id FROM scale_pool WHERE n = (m.k * {players} + x.{{seat}}) %% {len(pool)})"
        game_col = {"game_id": "m.new_id"}
        params = {"now": now}
        _copy_children(Seat, "", game_col | {"user_id": holder.format(seat=q("index")), "joined_at": "%(now)s"}, params)
        _copy_children(Tenure, "WHERE x.ended_at IS NULL",
                       game_col | {"user_id": holder.format(seat=q("seat")), "started_at": "%(now)s"}, params)
        _copy_children(LogEntry, "", game_col | {"account_id": "NULL"}, params)
        _copy_children(EventRecord, "", game_col, params)
        _copy_children(Snapshot, "", game_col, params)
        _copy_children(PickOrder, "", game_col, params)
        _copy_children(Due, "", game_col | {"started_at": "%(now)s", "due_at": "%(now)s + (x.due_at - x.started_at)"},
                       params)
        c.execute("SELECT new_id, template_id FROM scale_copy ORDER BY new_id")
        return dict(c.fetchall())


def _analyze() -> None:
    """Statistics for the planner after the bulk load (autovacuum would, later)."""
    with connection.cursor() as c:
        c.execute("ANALYZE")


@dataclass
class Deadline:
    game_id: int
    seat: int
    due_at: dt.datetime


def _move_deadlines(games: list[int], start: dt.datetime, seconds: float, per_s: float, seed: str) -> list[Deadline]:
    """One player's deadline (a ``timeout`` row) in ``per_s × seconds`` of ``games`` (a random
    choice among those with one) moved to fall due in ``[start, start + seconds)``, evenly spaced; ``started_at``
    moves with it, so the clock, computing the deadline again, finds the same time."""
    from .clock.models import Due

    timed = sorted(set(Due.objects.filter(game_id__in=games, action=Due.Action.TIMEOUT)
                       .values_list("game_id", flat=True)))
    count = min(len(timed), int(per_s * seconds))
    if count <= 0:
        return []
    chosen = random.Random(seed).sample(timed, count)
    first: dict[int, Due] = {}
    for row in Due.objects.filter(game_id__in=chosen, action=Due.Action.TIMEOUT).order_by("due_at", "pk"):
        first.setdefault(row.game_id, row)
    rows, out = [], []
    step = seconds / count
    for i, gid in enumerate(g for g in chosen if g in first):
        row = first[gid]
        at = start + dt.timedelta(seconds=i * step)
        row.started_at, row.due_at = at - (row.due_at - row.started_at), at
        rows.append(row)
        out.append(Deadline(gid, row.seat, at))
    Due.objects.bulk_update(rows, ["started_at", "due_at"], batch_size=500)
    return out


def _deadline_lags(deadlines: list[Deadline], after_seq: dict[int, int]) -> list[float | None]:
    """Each moved deadline's lag in seconds (its timeout's log entry minus its due time);
    None when it was not applied."""
    from .play.models import LogEntry

    applied: dict[tuple[int, int], dt.datetime] = {}
    entries = (LogEntry.objects.filter(game_id__in=[d.game_id for d in deadlines], reason="timeout")
               .order_by("seq").values_list("game_id", "seat", "seq", "at"))
    for gid, seat, seq, at in entries:
        if seq > after_seq.get(gid, 0):
            applied.setdefault((gid, seat), at)
    out = []
    for d in deadlines:
        at = applied.get((d.game_id, d.seat))
        out.append((at - d.due_at).total_seconds() if at is not None else None)
    return out


def _revisions(ids: list[int]) -> dict[int, int]:
    from .play.models import Game

    return dict(Game.objects.filter(pk__in=ids).values_list("pk", "revision"))


# ---- the processes ----------------------------------------------------------------------------
def rss_kb(pid: int) -> dict[str, int]:
    """A process's resident set now (``rss``) and at its peak (``hwm``), in KB (Linux)."""
    out = {"rss": 0, "hwm": 0}
    with contextlib.suppress(OSError), open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                out["rss"] = int(line.split()[1])
            elif line.startswith("VmHWM:"):
                out["hwm"] = int(line.split()[1])
    return out


class WorkerProcess:
    """``tresham worker`` in a subprocess (its output kept in a temporary file)."""

    def __init__(self, env: dict[str, str]) -> None:
        self._log = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen([sys.executable, "-m", "tresham.cli", "worker"], env={**os.environ, **env},
                                     stdout=self._log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)

    def alive(self) -> bool:
        return self.proc.poll() is None

    def output(self) -> str:
        self._log.flush()
        self._log.seek(0)
        return self._log.read()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        self._log.close()


# ---- the event streams (in a process of their own) ----------------------------------------------
def hold_streams(pipe, targets: list[tuple[str, int, str]], batch: int = 50) -> None:
    """Open an event stream for each (host, port, path) of ``targets`` and hold them: sends
    ``{"opened", "failed"}`` once all are open, then on any message closes them and sends
    ``{"events", "closed_early", "failed"}`` (events: the ``revision`` messages received)."""
    asyncio.run(_hold(pipe, targets, batch))


async def _hold(pipe, targets, batch: int) -> None:
    counts = {"events": 0, "closed_early": 0, "failed": 0, "opened": 0}
    stop = asyncio.Event()
    tasks = []
    for i in range(0, len(targets), batch):  # a burst of connections at most ``batch`` deep
        ready = [asyncio.get_running_loop().create_future() for _ in targets[i:i + batch]]
        tasks += [asyncio.create_task(_stream(t, counts, r, stop)) for t, r in zip(targets[i:i + batch], ready)]
        await asyncio.gather(*ready)
    pipe.send({"opened": counts["opened"], "failed": counts["failed"]})
    await asyncio.get_running_loop().run_in_executor(None, pipe.recv)
    stop.set()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    pipe.send({k: counts[k] for k in ("events", "closed_early", "failed")})


async def _stream(target: tuple[str, int, str], counts: dict[str, int], ready, stop: asyncio.Event) -> None:
    host, port, path = target
    writer = None
    try:
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
        status = await asyncio.wait_for(reader.readline(), 60)
        if b" 200 " not in status:
            raise ConnectionError(status.decode(errors="replace").strip())
        while (await asyncio.wait_for(reader.readline(), 60)).strip():
            pass  # the headers
        counts["opened"] += 1
        ready.set_result(True)
        while True:
            line = await reader.readline()
            if not line:
                if not stop.is_set():
                    counts["closed_early"] += 1
                return
            if line.startswith(b"event: revision"):
                counts["events"] += 1
    except asyncio.CancelledError:
        raise
    except Exception:
        counts["failed"] += 1
        if not ready.done():
            ready.set_result(False)
    finally:
        if writer is not None:
            writer.close()


class Streams:
    """The stream holder's process and its answers."""

    def __init__(self, targets: list[tuple[str, int, str]]) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.pipe, child = ctx.Pipe()
        self.proc = ctx.Process(target=hold_streams, args=(child, targets), daemon=True)
        self.proc.start()

    def opened(self, timeout: float = 300.0) -> dict[str, int]:
        if not self.pipe.poll(timeout):
            raise RuntimeError("the event streams did not open in time")
        return self.pipe.recv()

    def close(self) -> dict[str, int]:
        self.pipe.send("close")
        answer = self.pipe.recv() if self.pipe.poll(60) else {"events": 0, "closed_early": 0, "failed": -1}
        self.proc.join(timeout=10)
        if self.proc.is_alive():
            self.proc.kill()
        return answer


def _stream_targets(url: str, played: list[int], waiting: list[int], n: int) -> list[tuple[str, int, str]]:
    """``n`` streams on one server: every other one on a played game, the rest on waiting ones."""
    parts = urlsplit(url)
    out = []
    for i in range(n):
        pool = played if (i % 2 == 0 and played) or not waiting else waiting
        out.append((parts.hostname, parts.port, f"/games/{pool[(i // 2) % len(pool)]}/live"))
    return out


# ---- the players --------------------------------------------------------------------------------
@dataclass
class PlayedGame(GameRun):
    """A played game's run, and how many of its plan's steps were given (``done``)."""

    digests: list[str] = field(default_factory=list)  # the replica's digest after each step
    done: int = 0


def _plans(rules, players: int, count: int, length: int, seed: str) -> list[tuple[Plan, list[str]]]:
    """``count`` bot games of ``length`` orders at most, each with its digest after every order."""
    out = []
    for i in range(count):
        s = hashlib.sha256(f"{seed}-played-{i}".encode()).hexdigest()[:32]
        plan = plan_game(rules, players, s, length)
        state = rules.new_game(rules.parse_options({"players": players}), s)
        digests = []
        for _seat, order, by_site in plan.steps:
            state, _ = rules.apply(state, order, by_site=by_site)
            digests.append(rules.digest(state))
        out.append((plan, digests))
    return out


def _play_until(run: PlayedGame, clients: list, inflight: _Inflight, think_ms: float, clock: ProcessPoolExecutor,
                stop_at: float) -> None:
    """Play one game's plan as ``bench._play`` does, from its ``done`` orders on, until
    ``stop_at`` (time.monotonic)."""
    pauses = random.Random(f"{run.plan.seed}:{run.game_id}:think")
    try:
        for n, (seat, order, by_site) in enumerate(run.plan.steps[run.done:], start=run.done + 1):
            if time.monotonic() >= stop_at:
                return
            if by_site:
                clock.submit(_clock_order, run.game_id, order, seat).result()
                run.clock += 1
                run.done = n
                continue
            pause = pauses.expovariate(1000.0 / think_ms) if think_ms > 0 else 0.0
            if time.monotonic() + pause >= stop_at:
                return
            time.sleep(pause)
            if not send_order(run, clients[seat], n, order, inflight, "s"):
                return
            run.done = n
    except Exception as e:  # a failed request is an error of the run, not a crash
        run.errors.append(f"game {run.game_id}: {type(e).__name__}: {e}")
    finally:
        close_old_connections()


def _check_replicas(runs: list[PlayedGame], rules) -> list[str]:
    """Each played game's stored state is its replica's after as many orders."""
    from .play.models import Game

    errors = []
    states = dict(Game.objects.filter(pk__in=[r.game_id for r in runs]).values_list("pk", "state"))
    for r in runs:
        if r.errors or not r.done:
            continue
        if rules.digest(rules.loads(states[r.game_id])) != r.digests[r.done - 1]:
            errors.append(f"game {r.game_id}: the stored state differs from the bot's replica after {r.done} orders")
    return errors


# ---- the test -----------------------------------------------------------------------------------
@dataclass
class Settings:
    games: int = 1000
    played: int = 200
    players: int = 4
    streams: int = 1000
    seconds: float = 90.0
    think_ms: float = 40000.0
    deadlines_per_s: float = 1.0
    seed: str = "scale"


def bench_scale(games: int = 1000, played: int = 200, players: int = 4, streams: int = 1000,
                seconds: float = 90.0, think_ms: float = 40000.0, deadlines_per_s: float = 1.0,
                database_url: str | None = None, seed: str = "scale") -> dict[str, Any]:
    """Run the scale test (see the module's docstring) on ``database_url`` (PostgreSQL), or on
    a throwaway cluster of its own; gives its figures."""
    s = Settings(games, played, players, streams, seconds, think_ms, deadlines_per_s, seed)
    least = s.played + min(PLANS, s.played) + len(TEMPLATE_ORDERS)
    if s.games < least:
        raise ValueError(f"--games must be at least {least} with --played {s.played} (the played games, "
                         f"their {min(PLANS, s.played)} templates and the {len(TEMPLATE_ORDERS)} waiting ones)")
    with contextlib.ExitStack() as stack:
        url = database_url or stack.enter_context(throwaway_postgres())
        data_dir = Path(tempfile.mkdtemp(prefix="tresham-scale-"))
        stack.callback(shutil.rmtree, data_dir, True)
        env = _setup_django(data_dir, url)
        if connection.vendor != "postgresql":
            raise ValueError("the scale test runs on PostgreSQL: give a postgresql:// --database-url")
        kind = registry.default_name()
        rules = registry.get(kind)
        built = _build(s, kind, rules, secrets.token_hex(3))
        connection.close()
        site = _start(s, env, url, built, stack)
        return _measure(s, rules, built, site)


# ---- building the database ----------------------------------------------------------------------
@dataclass
class Built:
    runs: list[PlayedGame]
    seat_users: list[list]  # each played game's accounts, by seat
    waiting: list[int]  # every game not played: templates and their copies
    setup: dict[str, Any]


def _build(s: Settings, kind: str, rules, tag: str) -> Built:
    """The database's games (the module's docstring): the played games are copies of a
    template per bot plan (made new, its opening given), each seat held by an account of its own."""
    t0 = time.perf_counter()
    length = min(3000, int(3 * s.seconds * 1000 / max(s.think_ms, 50.0)) + 50)
    plans = _plans(rules, s.players, min(PLANS, s.played), length, s.seed)
    waiting_templates = _templates(kind, rules, s.players, tag)
    played_templates: dict[int, tuple[Plan, list[str], int]] = {}
    for i, (plan, digests) in enumerate(plans):
        game = _new_game(kind, s.players, plan.seed, f"Scale {tag} new {i + 1}", _accounts(f"{tag}-n{i}", s.players))
        played_templates[game.pk] = (plan, digests, _opening(game.pk, plan))
    made_s = time.perf_counter() - t0
    t1 = time.perf_counter()
    users = _accounts(f"{tag}-p", s.played * s.players)
    played = _copy_games(list(played_templates), s.played, s.players, [u.pk for u in users], f"Scale {tag} played")
    runs = [PlayedGame(gid, played_templates[t][0], digests=played_templates[t][1], done=played_templates[t][2])
            for gid, t in played.items()]
    copies = s.games - s.played - len(played_templates) - len(waiting_templates)
    pool = [u.pk for u in _accounts(f"{tag}-c", max(s.players * 2, copies * s.players // GAMES_PER_ACCOUNT))]
    waiting = list(_copy_games(waiting_templates, copies, s.players, pool, f"Scale {tag}"))
    copy_s = time.perf_counter() - t1
    _analyze()
    return Built(runs, _seat_users(runs, users, s.players), waiting_templates + list(played_templates) + waiting,
                 {"made_s": round(made_s, 1), "copy_s": round(copy_s, 1),
                  "build_s": round(time.perf_counter() - t0, 1), "pool_accounts": len(pool)})


def _seat_users(runs: list[PlayedGame], users: list, players: int) -> list[list]:
    """Each played game's seat holders, by seat."""
    from .play.models import Seat

    by_pk = {u.pk: u for u in users}
    held = {(g, i): u for g, i, u in Seat.objects.filter(game_id__in=[r.game_id for r in runs])
            .values_list("game_id", "index", "user_id")}
    return [[by_pk[held[r.game_id, i]] for i in range(players)] for r in runs]


def _opening(game_id: int, plan: Plan) -> int:
    """The plan's first orders while they are the platform's (the defaults of a game's
    opening), given now as the clock gives them; gives how many."""
    from .play import services

    n = 0
    for seat, order, by_site in plan.steps:
        if not by_site:
            break
        services.submit(game_id, order, seat=seat, by_site=True, reason="timeout")
        n += 1
    return n


# ---- the site's processes -----------------------------------------------------------------------
@dataclass
class Site:
    servers: list[ServerProcess]
    workers: list[WorkerProcess]
    clock: ProcessPoolExecutor
    clients: list[list]  # each played game's seats' HTTP clients
    start_s: float
    postgres: int | None  # the throwaway cluster's server process


def _start(s: Settings, env: dict[str, str], url: str, built: Built, stack: contextlib.ExitStack) -> Site:
    """2 servers (one process each, no worker), 2 workers, the clock processes of the bot's
    defaults, and each played seat's logged-in client (games alternate between the servers)."""
    t0 = time.perf_counter()
    env = {**env, "TRESHAM_LIVE_MAX_STREAMS": str(s.streams + 100),
           "TRESHAM_LIVE_MAX_PER_ADDRESS": str(s.streams + 100)}
    servers = [stack.enter_context(ServerProcess(env, worker=False)) for _ in range(2)]
    workers = [WorkerProcess(env) for _ in range(2)]
    for w in workers:
        stack.callback(w.stop)
    clock = stack.enter_context(ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn"),
                                                    initializer=_clock_setup, initargs=(env,)))
    clock.submit(os.getpid).result()
    clients = [[http_client(servers[i % 2].url, session_cookies(u)) for u in us]
               for i, us in enumerate(built.seat_users)]
    for cl in clients:
        stack.callback(lambda cl=cl: [c.close() for c in cl])
    connection.close()
    with ThreadPoolExecutor(8) as pool:  # warm: every server has served pages before it is measured
        list(pool.map(lambda x: x[1][0].get(f"/api/games/{x[0].game_id}").raise_for_status(),
                      zip(built.runs, clients)))
    return Site(servers, workers, clock, clients, time.perf_counter() - t0, postmaster_pid(url))


def _stat(pid: int) -> list[str]:
    """The fields of ``/proc/PID/stat`` after the command's name ([0] is the state), [] if gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rpartition(")")[2].split()
    except OSError:
        return []


def cpu_s(pid: int) -> float:
    """A process's CPU time so far (user + system, all its threads), in seconds (Linux)."""
    f = _stat(pid)
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK") if f else 0.0


def tree_cpu_s(pid: int) -> float:
    """The CPU time of a process, of its children alive now and of those it has reaped."""
    f = _stat(pid)
    if not f:
        return 0.0
    own = (int(f[11]) + int(f[12]) + int(f[13]) + int(f[14])) / os.sysconf("SC_CLK_TCK")
    children = [int(d.name) for d in Path("/proc").iterdir() if d.name.isdigit() and _ppid(int(d.name)) == pid]
    return own + sum(cpu_s(c) for c in children)


def _ppid(pid: int) -> int | None:
    f = _stat(pid)
    return int(f[1]) if f else None


def postmaster_pid(url: str) -> int | None:
    """The PostgreSQL server's process when it is a cluster of this machine reached through a
    socket directory holding its data (the throwaway cluster's), else None."""
    from urllib.parse import unquote

    host = unquote(urlsplit(url).hostname or "") if "@%2F" in url or "@/" in url else ""
    pidfile = Path(host) / "data" / "postmaster.pid" if host else None
    try:
        return int(pidfile.read_text().split()[0]) if pidfile else None
    except (OSError, ValueError, IndexError):
        return None


def _meters(site: Site, holder: Streams, pg: int | None) -> dict[str, list]:
    """What CPU is measured of: each server and worker, the load generator (this process, with
    its HTTP clients' threads), the stream holder, and the throwaway PostgreSQL's processes."""
    out = {"server": [lambda p=x.proc.pid: cpu_s(p) for x in site.servers],
           "worker": [lambda p=w.proc.pid: cpu_s(p) for w in site.workers],
           "load": [lambda: cpu_s(os.getpid())], "streams": [lambda: cpu_s(holder.proc.pid)]}
    if pg is not None:
        out["postgres"] = [lambda: tree_cpu_s(pg)]
    return out


def _cpu_over(meters: dict[str, list], work) -> tuple[dict[str, list[float]], Any]:
    """Run ``work()``; gives each meter's CPU seconds meanwhile, and what ``work`` gave."""
    before = {k: [m() for m in ms] for k, ms in meters.items()}
    result = work()
    return {k: [round(m() - b, 2) for m, b in zip(ms, before[k])] for k, ms in meters.items()}, result


# ---- the measurement ----------------------------------------------------------------------------
def _measure(s: Settings, rules, built: Built, site: Site) -> dict[str, Any]:
    """Open the streams (memory before and after), move deadlines into the measurement, play
    the played games for ``seconds``, wait for the deadlines; gives the report."""
    pids = {"server": [x.proc.pid for x in site.servers], "worker": [w.proc.pid for w in site.workers]}
    built.setup["load_average_before"] = [round(x, 2) for x in os.getloadavg()]
    idle = [lambda p=p: cpu_s(p) for p in pids["server"]]
    built.setup["server_idle_cpu_pct_no_streams"] = _idle_pct(idle)
    memory: dict[str, Any] = {"before": [rss_kb(p)["rss"] for p in pids["server"]]}
    played_ids = [r.game_id for r in built.runs]
    targets = [t for x in site.servers for t in _stream_targets(x.url, played_ids, built.waiting, s.streams)]
    t0 = time.perf_counter()
    holder = Streams(targets)
    opened = holder.opened()
    built.setup.update(start_s=round(site.start_s, 1), streams_open_s=round(time.perf_counter() - t0, 1))
    time.sleep(1.0)  # the servers settle (the LISTEN connection, the first poll)
    memory["with_streams"] = [rss_kb(p)["rss"] for p in pids["server"]]
    built.setup["server_idle_cpu_pct_with_streams"] = _idle_pct(idle)
    before = _revisions(built.waiting)
    start = dt.datetime.now(dt.timezone.utc) + dt.timedelta(seconds=1)  # due from 1 s in, to the end
    deadlines = _move_deadlines(built.waiting, start, max(s.seconds - 1.0, 1.0), s.deadlines_per_s, s.seed)
    connection.close()
    cpu, wall = _cpu_over(_meters(site, holder, site.postgres), lambda: _play_all(s, built, site))
    lags = _wait_for_deadlines(deadlines, before)
    streamed = holder.close()
    memory["servers_end"] = [rss_kb(p) for p in pids["server"]]
    memory["workers_end"] = [rss_kb(p) for p in pids["worker"]]
    errors = _errors(built.runs, rules, lags, site, len(targets), opened, streamed)
    return _report(s, built, wall, lags, opened, streamed, memory, cpu, errors)


#: seconds of quiet over which the servers' idle CPU is measured, before and after the streams open
IDLE_S = 5.0


def _idle_pct(meters: list) -> list[float]:
    """Each meter's CPU over ``IDLE_S`` seconds of nothing to do, in % of a core."""
    cpu, _ = _cpu_over({"x": meters}, lambda: time.sleep(IDLE_S))
    return [round(100 * x / IDLE_S, 1) for x in cpu["x"]]


def _play_all(s: Settings, built: Built, site: Site) -> float:
    """Every played game's thread, for ``seconds``; gives the wall time."""
    inflight = _Inflight()
    stop_at = time.monotonic() + s.seconds
    threads = [threading.Thread(target=_play_until, args=(run, cl, inflight, s.think_ms, site.clock, stop_at))
               for run, cl in zip(built.runs, site.clients)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - t0


def _wait_for_deadlines(deadlines: list[Deadline], before: dict[int, int]) -> list[float | None]:
    """The deadlines' lags once all are applied, or ``GRACE_S`` after the measurement."""
    until = time.monotonic() + GRACE_S
    while True:
        lags = _deadline_lags(deadlines, before)
        connection.close()
        if all(x is not None for x in lags) or time.monotonic() > until:
            return lags
        time.sleep(0.5)


def _errors(runs: list[PlayedGame], rules, lags: list[float | None], site: Site, targets: int,
            opened: dict, streamed: dict) -> list[str]:
    """What went wrong: requests refused or failed, a stored game unlike its replica, a
    deadline not applied, a worker gone, a stream that did not open or closed early."""
    errors = [e for r in runs for e in r.errors] + _check_replicas(runs, rules)
    missed = sum(1 for x in lags if x is None)
    if missed:
        errors.append(f"{missed} deadline(s) moved into the measurement not applied within {GRACE_S:.0f} s of its end")
    errors += [f"a worker stopped: {w.output()[-500:]}" for w in site.workers if not w.alive()]
    errors += [f"a server stopped: {x.output()[-500:]}" for x in site.servers if x.proc.poll() is not None]
    bad = targets - opened["opened"] + streamed["failed"] + streamed["closed_early"]
    if bad:
        errors.append(f"{bad} event stream(s) failed to open or closed early")
    return errors


def _mb(kb: int) -> float:
    return round(kb / 1024, 1)


def _report(s: Settings, built: Built, wall: float, lags: list[float | None], opened: dict, streamed: dict,
            memory: dict, cpu: dict, errors: list[str]) -> dict[str, Any]:
    runs = built.runs
    posts = [x.ms for r in runs for x in r.posts]
    gets = [x for r in runs for x in r.gets]
    clock_orders = sum(r.clock for r in runs)
    applied = [x * 1000 for x in lags if x is not None]
    per_stream = [(a - b) / s.streams for a, b in zip(memory["with_streams"], memory["before"])] if s.streams else []
    return {
        "games": s.games, "played": len(runs), "waiting": len(built.waiting), "players": s.players,
        "think_ms": s.think_ms, "seconds": round(wall, 1), "database": connection.vendor,
        "server_processes": 2, "workers": 2,
        "errors": len(errors), "error_examples": errors[:5], "retries": sum(r.retries for r in runs),
        "orders": len(posts) + clock_orders, "http_orders": len(posts), "clock_orders": clock_orders,
        "orders_per_s": round((len(posts) + clock_orders) / wall, 1) if wall else None,
        "post_p50_ms": _p(posts, 50), "post_p99_ms": _p(posts, 99),
        "get_p50_ms": _p(gets, 50), "get_p99_ms": _p(gets, 99),
        "deadlines_due": len(lags), "deadlines_applied": len(applied),
        "deadline_lag_p50_ms": _p(applied, 50), "deadline_lag_p99_ms": _p(applied, 99),
        "streams_per_server": s.streams, "streams_open": opened["opened"], "stream_events": streamed["events"],
        "rss_server_mb": [_mb(m["rss"]) for m in memory["servers_end"]],
        "rss_server_peak_mb": [_mb(m["hwm"]) for m in memory["servers_end"]],
        "rss_worker_mb": [_mb(m["rss"]) for m in memory["workers_end"]],
        "rss_worker_peak_mb": [_mb(m["hwm"]) for m in memory["workers_end"]],
        "rss_server_no_streams_mb": [_mb(x) for x in memory["before"]],
        "rss_server_with_streams_mb": [_mb(x) for x in memory["with_streams"]],
        "rss_per_stream_kb": [round(x, 1) for x in per_stream],
        **{f"cpu_{k}_s": v for k, v in cpu.items()},
        # per unit of work, all of the processes' CPU meanwhile (a GET with each order, the streams' pings,
        # the workers' idle passes): less sensitive than the times to what else runs on the machine
        "server_cpu_ms_per_http_order": round(1000 * sum(cpu["server"]) / len(posts), 1) if posts else None,
        "worker_cpu_ms_per_deadline": round(1000 * sum(cpu["worker"]) / len(applied), 1) if applied else None,
        "postgres_cpu_ms_per_order": round(1000 * sum(cpu["postgres"]) / (len(posts) + clock_orders + len(applied)), 1)
        if "postgres" in cpu and posts else None,
        "load_average": [round(x, 2) for x in os.getloadavg()],
        **built.setup,
    }
