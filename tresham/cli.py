"""The ``tresham`` command line: the site's own commands, and each registered game's (its tools'
``COMMANDS``, its ``scenario`` runner, its ``BENCHES``; ``Offers.tools``), mounted from the
registry with no branch for any game.

Every bad input ends with one line ``Error: ...`` on standard error and exit status 2; a
Python traceback from the command line is a bug. A scenario whose expectations are not met
exits 1 (the scenario ran; the rules did not do what it says).
"""
from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable
from types import ModuleType

import click

from .games import registry

#: Exit status for bad input (click's own status for usage errors).
BAD_INPUT = 2


class BadInput(click.UsageError):
    """Bad input to a command: reported in one line, exit status 2."""


@click.group()
def cli() -> None:
    """Tresham: a play-by-web server for board games (the games of its registry)."""


def main(argv: list[str] | None = None) -> None:
    """Entry point: runs the command; bad input gives one line ``Error: ...`` and exit 2."""
    try:
        code = cli.main(args=argv, prog_name="tresham", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("Error: aborted", err=True)
        sys.exit(1)
    except click.ClickException as e:
        click.echo(f"Error: {e.format_message()}", err=True)
        sys.exit(BAD_INPUT if isinstance(e, click.UsageError) else e.exit_code)
    sys.exit(code if isinstance(code, int) else 0)


PLAYERS = click.IntRange(2, 8)


# ---- the site --------------------------------------------------------------------------
def _use_site(database_url: str | None) -> None:
    """Configure Django with the site's settings (``database_url`` sets TRESHAM_DATABASE_URL)
    and check that the database answers; a bad URL or an unreachable database is bad input."""
    import os

    if database_url:
        os.environ["TRESHAM_DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tresham.platform.settings")
    import django
    from django.core.exceptions import ImproperlyConfigured

    try:
        django.setup()
    except (ValueError, ImproperlyConfigured) as e:  # dj-database-url: an unknown scheme
        raise BadInput(f"bad database URL (TRESHAM_DATABASE_URL): {e}") from None
    from django.db import DatabaseError, connection

    try:
        connection.ensure_connection()
    except DatabaseError as e:
        raise BadInput(f"cannot open the database ({_where(connection)}): {' '.join(str(e).split())}") from None


def _where(connection) -> str:
    """The database in words, without its password."""
    s = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"SQLite {s['NAME']}"
    return f"PostgreSQL {s.get('NAME')} on {s.get('HOST') or 'localhost'}"


def _listen(host: str, port: int):
    """A listening socket on host:port, bound now so that a bad address or a port in use is
    reported before anything starts."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as e:
        raise BadInput(f"cannot listen on {host}:{port}: {e.strerror}") from None
    family, kind, proto, _, addr = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a restart reuses TIME_WAIT
        sock.bind(addr)
        sock.listen(2048)
    except OSError as e:
        sock.close()
        raise BadInput(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    sock.set_inheritable(True)
    return sock


def _migrated() -> bool:
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    return not executor.migration_plan(executor.loader.graph.leaf_nodes())


#: seconds a server keeps an idle HTTP connection open (uvicorn's default is 5): a player's
#: page or client that waits a while for the others reuses its connection, and seldom races
#: the server closing it (a request arriving as the server closes is reset, not answered)
KEEP_ALIVE_S = 30


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option("--db", "database_url", default=None, metavar="URL",
              help="database URL (sets TRESHAM_DATABASE_URL; default: SQLite under TRESHAM_DATA_DIR, ./var)")
@click.option("--no-worker", is_flag=True, help="do not run the worker (bots, deadlines) in this process: "
                                                "leave it to `tresham worker`")
@click.option("--access-log/--no-access-log", default=True, show_default=True, help="log every request")
@click.option("--processes", default=1, show_default=True, type=click.IntRange(1, 64),
              help="server processes sharing the port (Python runs one request at a time per process: "
                   "one per core uses them all)")
def serve(host: str, port: int, database_url: str | None, no_worker: bool, access_log: bool,
          processes: int) -> None:
    """Run the site: apply the database migrations, collect the static files (hashed names),
    load what the first pages need (platform/warmup.py), serve the ASGI
    application with uvicorn (in ``--processes`` processes) and run the worker in this
    process (unless --no-worker)."""
    import os
    import warnings

    # its processes serve every request from one thread (asgi.SiteHandler): keep its connection
    os.environ.setdefault("TRESHAM_CONN_MAX_AGE", "600")
    _use_site(database_url)
    sock = _listen(host, port)
    import uvicorn
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", interactive=False, verbosity=0)
    from .platform.statics import collect

    collect()  # only when a static file changed since the last start
    from .platform.asgi import application, warmed_up  # warmed up: URLs, games, templates
    from .platform.clock.worker import WorkerThread

    # WhiteNoise hands Django's ASGI handler a file iterator; Django warns on every static file
    warnings.filterwarnings("ignore", message="StreamingHttpResponse must consume synchronous iterators")

    where = _where(connection)
    connection.close()  # the main thread's connection is not needed any more
    worker = None if no_worker else WorkerThread()
    if worker is not None:
        worker.start()
    app = application if processes == 1 else "tresham.platform.asgi:application"
    # proxy_headers off: uvicorn would believe X-Forwarded-For from 127.0.0.1; the site reads it
    # itself, from the proxies named in TRESHAM_TRUSTED_PROXIES only (platform/addresses.py)
    config = uvicorn.Config(app, lifespan="off", access_log=access_log, log_level="info",
                            timeout_graceful_shutdown=10, workers=processes,
                            timeout_keep_alive=KEEP_ALIVE_S, proxy_headers=False)
    click.echo(f"Tresham on http://{host}:{port}/ ({where}; {processes} server process"
               f"{'es' if processes > 1 else ''}; warmed up in {sum(warmed_up.values()):.1f} s; worker "
               f"{'in this process' if worker else 'not started: run tresham worker'}; Ctrl-C stops)")
    try:
        if processes == 1:
            uvicorn.Server(config).run(sockets=[sock])
        else:  # uvicorn's own supervisor: children share the socket, restarted if one dies
            from uvicorn.supervisors import Multiprocess

            Multiprocess(config, sockets=[sock]).run()
    finally:
        if worker is not None:
            worker.stop()
            worker.join(timeout=10)
        sock.close()


@cli.command()
@click.option("--db", "database_url", default=None, metavar="URL", help="database URL (sets TRESHAM_DATABASE_URL)")
@click.option("--interval", default=1.0, show_default=True, type=click.FloatRange(0.05, 3600),
              help="seconds between looks when nothing is due")
def worker(database_url: str | None, interval: float) -> None:
    """Run the worker alone: bots' turns and deadlines (several may run at once; on
    PostgreSQL they skip each other's games)."""
    _use_site(database_url)
    if not _migrated():
        raise BadInput("the database is not up to date: run `tresham manage migrate` (or `tresham serve`) first")
    from .platform.clock.worker import run_forever

    click.echo(f"Tresham worker (every {interval:g} s when idle; Ctrl-C stops)")
    run_forever(interval)


@cli.command("mail-in")
@click.option("--db", "database_url", default=None, metavar="URL", help="database URL (sets TRESHAM_DATABASE_URL)")
@click.option("--host", default=None, help="address to listen on (default: TRESHAM_MAILIN_HOST, 127.0.0.1)")
@click.option("--port", default=None, type=click.IntRange(1, 65535),
              help="port to listen on (default: TRESHAM_MAILIN_PORT, 2525)")
@click.option("--stdin", "from_stdin", is_flag=True, help="read one mail from standard input (a mail server's "
                                                          "delivery hook) instead of listening")
@click.option("--to", "recipient", default=None, metavar="ADDRESS",
              help="with --stdin: the address it was delivered to (default: its Delivered-To / To headers)")
@click.option("--sender", "mail_from", default=None, metavar="ADDRESS",
              help="with --stdin: the envelope sender (default: its Return-Path / From headers)")
def mail_in(database_url: str | None, host: str | None, port: int | None, from_stdin: bool,
            recipient: str | None, mail_from: str | None) -> None:
    """Take replies to the site's mails, whose commands give orders (SITE-MAILIN): an SMTP
    server, or one mail on standard input."""
    _use_site(database_url)
    if not _migrated():
        raise BadInput("the database is not up to date: run `tresham manage migrate` (or `tresham serve`) first")
    from django.conf import settings

    if not settings.TRESHAM_MAILIN_DOMAIN:
        raise BadInput("set TRESHAM_MAILIN_DOMAIN, the domain of the reply addresses (docs/operating.md)")
    if from_stdin:
        from .platform.mail import inbound

        raw = sys.stdin.buffer.read(settings.TRESHAM_MAILIN_MAX_BYTES + 1)
        try:
            answer = inbound.receive(raw, [recipient] if recipient else None, mail_from)
        except inbound.TooLarge as e:
            raise BadInput(str(e)) from None
        for line in answer.lines:
            click.echo(line)
        return
    if recipient or mail_from:
        raise BadInput("--to and --sender go with --stdin")
    import signal
    import threading

    from .platform.mail import smtp_in

    server = smtp_in.server(host, port)
    try:
        server.start()
    except (OSError, RuntimeError) as e:
        raise BadInput(f"cannot listen on {server.hostname}:{server.port}: {e}") from None
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    click.echo(f"Tresham mail-in: SMTP on {server.hostname}:{server.port} for reply+...@"
               f"{settings.TRESHAM_MAILIN_DOMAIN} (Ctrl-C stops)", err=False)
    sys.stdout.flush()
    try:
        stop.wait()
    finally:
        server.stop()


@cli.group()
def ratings() -> None:
    """The rankings: rebuild every rating from the finished games' records, simulate games."""


@ratings.command("rebuild")
@click.option("--db", "database_url", default=None, metavar="URL", help="database URL (sets TRESHAM_DATABASE_URL)")
@click.option("--check", is_flag=True, help="only compare with the ratings kept; change nothing")
def ratings_rebuild(database_url: str | None, check: bool) -> None:
    """Recompute every rating from the finished games' records, in the order they were rated;
    says whether the result equals the ratings kept (the incremental updates)."""
    import time

    _use_site(database_url)
    if not _migrated():
        raise BadInput("the database is not up to date: run `tresham manage migrate` (or `tresham serve`) first")
    from .platform.ratings.services import rebuild

    start = time.perf_counter()
    out = rebuild(write=not check)
    took = time.perf_counter() - start
    same = "the same as the ratings kept" if not out.differences else f"{len(out.differences)} differ from those kept"
    click.echo(f"{out.games} games rated again in {took:.2f} s: {out.ratings} ratings, {same}"
               + ("" if check or not out.differences else " (replaced)"))
    for d in out.differences[:20]:
        click.echo(f"  {d}")
    if check and out.differences:
        sys.exit(1)


@ratings.command("simulate")
@click.option("--db", "database_url", default=None, metavar="URL", help="database URL (sets TRESHAM_DATABASE_URL)")
@click.option("--games", default=1000, show_default=True, type=click.IntRange(1, 1_000_000))
@click.option("--people", default=200, show_default=True, type=click.IntRange(8, 100_000))
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0, 2**63 - 1))
def ratings_simulate(database_url: str | None, games: int, people: int, seed: int) -> None:
    """Add simulated finished games among simulated people (accounts sim-NNNN, no password),
    each rated as a real game is when it ends. For measuring and checking the rankings: not
    for a site people use."""
    _use_site(database_url)
    if not _migrated():
        raise BadInput("the database is not up to date: run `tresham manage migrate` (or `tresham serve`) first")
    from .platform.ratings.simulate import simulate

    out = simulate(games=games, people=people, seed=seed)
    click.echo(f"{out.games} simulated games among {out.people} people rated in {out.seconds:.2f} s")


@cli.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True,
                               "help_option_names": []})
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def manage(args: tuple[str, ...]) -> None:
    """Run one of Django's management commands on the site (createsuperuser, migrate,
    changepassword, ...): `tresham manage help` lists them."""
    _use_site(None)
    from django.core.management import execute_from_command_line, get_commands

    if args and not args[0].startswith("-") and args[0] != "help" and args[0] not in get_commands():
        raise BadInput(f"no manage command {args[0]!r}: `tresham manage help` lists them")
    execute_from_command_line(["tresham manage", *args])


# ---- the games' own commands (each game's tools: Offers.tools) ----------------------------
def tools_of(name: str) -> ModuleType:
    """The command-line tools of the game registered as ``name`` (its ``Offers.tools``: a module
    with ``COMMANDS``, ``scenario(file, as_json)`` and ``BENCHES``)."""
    return importlib.import_module(registry.get(name).offers.tools)


def games_with_tools() -> list[str]:
    """The registered games that have command-line tools, the site's first game first."""
    first = registry.default_name()
    return [n for n in [first] + [n for n in registry.names() if n != first] if registry.get(n).offers.tools]


def _scenario_game(file: str) -> str:
    """The game a scenario file is of: the game its ``"game"`` names, when that game has tools;
    else the site's first game (whose runner says what is wrong with the file, if anything)."""
    try:
        with open(file, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError):
        doc = None
    named = doc.get("game") if isinstance(doc, dict) else None
    return named if isinstance(named, str) and named in games_with_tools() else registry.default_name()


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="print the result as JSON")
def scenario(file: str, as_json: bool) -> None:
    """Load a scenario FILE (docs/scenarios.md), apply its orders, print the result (by the
    runner of the game the file names, the site's first game when it names none)."""
    code = tools_of(_scenario_game(file)).scenario(file, as_json)
    if code:
        sys.exit(code)


def _benches() -> dict[str, Callable[[int | None, int | None, int], dict]]:
    """Every game's benchmarks (``BENCHES`` of its tools) by name, the site's first game's first."""
    out: dict[str, Callable[[int | None, int | None, int], dict]] = {}
    for name in games_with_tools():
        out.update(tools_of(name).BENCHES)
    return out


#: ``tresham bench <WHAT>``: the games' benchmarks, and the site's (``server``, ``scale``, ``mails``)
#: after the first game's.
GAME_BENCHES = _benches()
_FIRST_BENCHES = [n for n in GAME_BENCHES if n in tools_of(games_with_tools()[0]).BENCHES] if GAME_BENCHES else []
BENCH_NAMES = [*_FIRST_BENCHES, "server", "scale", "mails", *(n for n in GAME_BENCHES if n not in _FIRST_BENCHES)]


@cli.command()
@click.argument("what", default=BENCH_NAMES[0], type=click.Choice(BENCH_NAMES))
@click.option("--players", default=None, type=PLAYERS, help="players per game (engine: 7, server: 4)")
@click.option("--games", default=None, type=click.IntRange(1, 10_000),
              help="games (engine: 5, server: 8 at once, scale: 1000 in the database)")
@click.option("--turns", default=None, type=click.IntRange(1, 1000),
              help="engine: turn cap of each playout (34.1B; 60); mails: turns played (10)")
@click.option("--database-url", default=None, metavar="URL",
              help="server: a throwaway database to use (default: SQLite in a temporary directory); scale: a "
                   "throwaway PostgreSQL database (default: a PostgreSQL cluster of its own, deleted after)")
@click.option("--processes", default=1, show_default=True, type=click.IntRange(1, 64),
              help="server: `tresham serve --processes N`")
@click.option("--think-ms", default=None, type=click.FloatRange(0, 60_000),
              help="server: each player's mean pause before an order (0, the default: at once, the server's "
                   "capacity); scale: 40000")
@click.option("--orders", type=click.IntRange(1, 1_000_000), default=None,
              help="server: each game cut to at most this many orders (default: the shortest bot game's, "
                   "at least 1,200)")
@click.option("--played", default=None, type=click.IntRange(1, 1000),
              help="scale: games played over HTTP during the measurement (200)")
@click.option("--streams", default=None, type=click.IntRange(0, 20_000),
              help="scale: event streams open on each of the 2 server processes (1000)")
@click.option("--seconds", default=None, type=click.FloatRange(2, 3600), help="scale: the measurement's length (90)")
@click.option("--deadlines-per-s", default=None, type=click.FloatRange(0, 1000),
              help="scale: deadlines falling due per second during the measurement (1)")
@click.option("--json", "as_json", is_flag=True)
def bench(what, players, games, turns, database_url, processes, think_ms, orders, played, streams, seconds,
          deadlines_per_s, as_json) -> None:
    """Benchmark a game (WHAT: one of the games' own benchmarks, as their tools name them; the
    site's first game's by default: its engine's bot playouts), or the site: bots play games at
    once over HTTP against a real `tresham serve` (WHAT: server), or the mails a player gets per
    game turn in a 3-player game of the site's first game, two seats people and one a bot,
    played through the site three ways: at the table, away between his turns, always away
    (WHAT: mails; --turns, 10 when not given), or the site at scale on PostgreSQL: --games in the
    database (1000), most waiting on deadlines, --played of them played over HTTP, 2 server
    processes and 2 workers, --streams event streams open per server process, deadlines falling
    due all along (WHAT: scale; not for CI: a few minutes)."""
    scale_only = [played, streams, seconds, deadlines_per_s]
    if what == "scale":
        if orders is not None:
            raise BadInput("--orders is for `bench server`")
        result = _bench_scale(games, players, database_url, processes, think_ms, played, streams, seconds,
                              deadlines_per_s)
    elif any(x is not None for x in scale_only):
        raise BadInput("--played, --streams, --seconds and --deadlines-per-s are for `bench scale`")
    elif what == "mails":
        if database_url or think_ms or processes != 1 or players or games or orders:
            raise BadInput("`bench mails` takes --turns only")
        from .platform.mail.measure import measure

        result = measure(turns=turns or 10)
        if not as_json:
            for run in result.pop("runs"):
                click.echo(f"{run['way']}: {run['per_player_per_turn']} mails per player per turn "
                           f"({run['mails']} mails: {run['by_kind']}; {run['not_sent']} not sent)")
    elif what != "server":
        if database_url or think_ms or processes != 1 or orders:
            raise BadInput("--database-url, --processes, --think-ms and --orders are for `bench server`")
        result = GAME_BENCHES[what](players, games, turns if turns is not None else 60)
    else:
        from .platform.bench import bench_server

        if games is not None and games > 64:
            raise BadInput("Invalid value for '--games': the server benchmark plays at most 64 games at once")
        from django.db import DatabaseError

        if database_url:
            import dj_database_url

            try:
                dj_database_url.parse(database_url)
            except ValueError as e:
                raise BadInput(f"bad --database-url: {e}") from None
        try:
            result = bench_server(games=games or 8, players=players or 4, database_url=database_url,
                                  processes=processes, think_ms=think_ms or 0.0, orders=orders)
        except DatabaseError as e:
            raise BadInput(f"cannot use the database: {' '.join(str(e).split())}") from None
        except RuntimeError as e:
            raise click.ClickException(f"the server benchmark could not run: {e}") from None
    if as_json:
        click.echo(json.dumps(result))
    else:
        for k, v in result.items():
            click.echo(f"{k}: {v}")
    if result.get("errors"):
        sys.exit(1)


def _bench_scale(games, players, database_url, processes, think_ms, played, streams, seconds,
                 deadlines_per_s) -> dict:
    """``tresham bench scale``: the scale test (``platform/bench_scale.py``); its figures."""
    if processes != 1:
        raise BadInput("`bench scale` runs 2 server processes of one process each: --processes is for `bench server`")
    if database_url:
        import dj_database_url

        try:
            engine = dj_database_url.parse(database_url)["ENGINE"]
        except ValueError as e:
            raise BadInput(f"bad --database-url: {e}") from None
        if not engine.endswith("postgresql"):
            raise BadInput("`bench scale` runs on PostgreSQL: --database-url must be a postgresql:// URL")
    from django.db import DatabaseError

    from .platform.bench_scale import bench_scale

    try:
        return bench_scale(games=games or 1000, played=played or 200, players=players or 4,
                           streams=1000 if streams is None else streams, seconds=seconds or 90.0,
                           think_ms=40000.0 if think_ms is None else think_ms,
                           deadlines_per_s=1.0 if deadlines_per_s is None else deadlines_per_s,
                           database_url=database_url)
    except ValueError as e:
        raise BadInput(str(e)) from None
    except DatabaseError as e:
        raise BadInput(f"cannot use the database: {' '.join(str(e).split())}") from None
    except RuntimeError as e:
        raise click.ClickException(f"the scale test could not run: {e}") from None


def _mount_game_commands() -> None:
    """Each game's own commands (its tools' ``COMMANDS``: ``tresham simulate``, ``tresham cards``
    ...) as commands of ``tresham``."""
    for name in games_with_tools():
        for command in tools_of(name).COMMANDS:
            cli.add_command(command)


_mount_game_commands()


if __name__ == "__main__":
    main()
