"""The ``tresham`` command line.

Every bad input ends with one line ``Error: ...`` on standard error and exit status 2; a
Python traceback from the command line is a bug. A scenario whose expectations are not met
exits 1 (the scenario ran; the rules did not do what it says).
"""
from __future__ import annotations

import json
import sys

import click

#: Exit status for bad input (click's own status for usage errors).
BAD_INPUT = 2


class BadInput(click.UsageError):
    """Bad input to a command: reported in one line, exit status 2."""


@click.group()
def cli() -> None:
    """Tresham: a play-by-web server for Advanced Civilization."""


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
    """Run the site: apply the database migrations, collect the static files, serve the ASGI
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
    call_command("collectstatic", interactive=False, verbosity=0)
    from .platform.asgi import application
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
               f"{'es' if processes > 1 else ''}; worker "
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


def _tigris_file(file: str) -> bool:
    """A Tigris & Euphrates scenario: a JSON object with "game": "tigris"."""
    try:
        with open(file, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError):
        return False
    return isinstance(doc, dict) and doc.get("game") == "tigris"


def _tigris_scenario(file: str, as_json: bool) -> None:
    """`tresham scenario` for a Tigris & Euphrates file (docs/scenarios.md, its own section)."""
    from .games.tigris.tools import scenario as sc

    try:
        doc = sc.load_file(file)
        res = sc.run(doc)
    except sc.ScenarioError as e:
        raise BadInput(f"bad scenario {file}: {e}") from None
    out = {"game": "tigris", "title": doc.title, "state": sc.summary(res.state),
           "events": [e.to_json() for e in res.events], "refused": res.refused,
           "expectations": "met" if not res.mismatches else res.mismatches}
    if as_json:
        click.echo(json.dumps(out, indent=1))
    else:
        click.echo(f"== {doc.title}")
        for e in res.events:
            click.echo(f"  - {e.text}")
        for r in res.refused:
            click.echo(f"  ! refused (step {r['step']}): {r['error']}")
        st = out["state"]
        click.echo(f"Turn {st['turn']}, {st['active']} active, {st['phase']}"
                   + (", game over" if st["finished"] else ""))
        for who, p in st["players"].items():
            click.echo(f"  {who}: points {p['points']}, hand {p['hand']}, treasures {p['treasures']}")
        for sq, what in st["squares"].items():
            click.echo(f"  {sq}: {what}")
        click.echo("Expectations: " + ("met" if not res.mismatches else "; ".join(res.mismatches)))
    if res.mismatches:
        sys.exit(1)


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="print the result as JSON")
def scenario(file: str, as_json: bool) -> None:
    """Load a scenario FILE (docs/scenarios.md), apply its orders, print the result."""
    if _tigris_file(file):
        return _tigris_scenario(file, as_json)
    from .games.advciv.tools import scenario as sc

    try:
        doc = sc.load_file(file)
        res = sc.run(doc)
    except sc.ScenarioError as e:
        raise BadInput(f"bad scenario {file}: {e}") from None
    out = {
        "title": doc.title if isinstance(doc.title, str) else file,
        "state": sc.summary(res.state),
        "events": [e.to_json() for e in res.events],
        "refused": res.refused,
        "expectations": "met" if not res.mismatches else res.mismatches,
    }
    if as_json:
        click.echo(json.dumps(out, indent=1))
    else:
        click.echo(f"== {out['title']}")
        for e in res.events:
            click.echo(f"  - {e.text}")
        for r in res.refused:
            click.echo(f"  ! refused: {r['error']}")
        st = out["state"]
        click.echo(f"Turn {st['turn']}, phase {st['phase']}")
        for nation, p in st["players"].items():
            click.echo(f"  {nation}: stock {p['stock']}, treasury {p['treasury']}, cities {p['cities']}, "
                       f"A.S.T. {p['ast']}, cards {', '.join(p['civ_cards']) or '-'}")
        for area, e in st["board"].items():
            click.echo(f"  {area}: {e}")
        click.echo("Expectations: " + ("met" if not res.mismatches else "; ".join(res.mismatches)))
    if res.mismatches:
        sys.exit(1)


@cli.command()
@click.option("--players", default=4, type=click.IntRange(0, 8),
              help="2-8; 0 = cycle through 2..8")
@click.option("--games", default=1, type=click.IntRange(1, 100_000))
@click.option("--seed", default=0, type=click.IntRange(0, 2**63 - 1))
@click.option("--bots", default="random", type=click.Choice(["random", "heuristic", "mixed"]))
@click.option("--turns", default=None, type=click.IntRange(1, 1000),
              help="end each game after T turns (34.1B); without it a game runs to the A.S.T. finish, "
                   "and one still going after 100,000 orders is reported as unfinished")
@click.option("--option", "options", multiple=True, metavar="NAME[=JSON]",
              help="a game option, e.g. --option ep_major --option hand_limit=10 (a bare name is true)")
@click.option("--json", "as_json", is_flag=True)
def simulate(players, games, seed, bots, turns, options, as_json) -> None:
    """Play full games with bots, checking invariants after every order."""
    from tqdm import tqdm

    from .games import registry
    from .games.contract import IllegalOrder
    from .games.advciv.tools.sim import play_game, seat_bots, summarize

    opts: dict = {}
    for text in options:
        name, eq, value = text.partition("=")
        try:
            opts[name] = json.loads(value) if eq else True
        except ValueError:
            raise BadInput(f"--option {text}: the value after = is not JSON (e.g. 10, true, \"name\")") from None
    try:
        registry.get("advciv").parse_options({"players": 2, **opts})
    except IllegalOrder as e:
        raise BadInput(f"--option: {e.message}") from None

    if players == 1:
        raise BadInput("Invalid value for '--players': Advanced Civilization is for 2 to 8 players "
                       "(0 cycles through 2..8)")
    records = []
    for i in tqdm(range(games), desc="games", file=sys.stderr, disable=games < 2):
        n = players if players else 2 + (i % 7)
        records.append(play_game(n, seed + i, bots=seat_bots(bots, n, seed + i), turns=turns, options=opts))
    summary = summarize(records)
    if as_json:
        click.echo(json.dumps(summary))
    else:
        for k, v in summary.items():
            click.echo(f"{k}: {v}")
    if summary["invariant_violations"] or summary["stalled"]:
        sys.exit(1)


@cli.command()
@click.argument("what", default="engine", type=click.Choice(["engine", "server", "tigris"]))
@click.option("--players", default=None, type=PLAYERS, help="players per game (engine: 7, server: 4)")
@click.option("--games", default=None, type=click.IntRange(1, 10_000), help="games (engine: 5, server: 8 at once)")
@click.option("--turns", default=60, type=click.IntRange(1, 1000), show_default=True,
              help="engine: turn cap of each playout (34.1B)")
@click.option("--database-url", default=None, metavar="URL",
              help="server: a throwaway database to use (default: SQLite in a temporary directory)")
@click.option("--processes", default=1, show_default=True, type=click.IntRange(1, 64),
              help="server: `tresham serve --processes N`")
@click.option("--think-ms", default=0.0, show_default=True, type=click.FloatRange(0, 60_000),
              help="server: each player's mean pause before an order (0: at once, the server's capacity)")
@click.option("--json", "as_json", is_flag=True)
def bench(what, players, games, turns, database_url, processes, think_ms, as_json) -> None:
    """Benchmark the engine with bot playouts (WHAT: engine), or the site: bots play games at
    once over HTTP against a real `tresham serve` (WHAT: server), or the Tigris & Euphrates
    engine: random-bot games per second and apply's time per order (WHAT: tigris; --games
    per run, 5 runs, --players 2 to 4, cycling 2..4 when not given)."""
    if what == "tigris":
        if database_url or think_ms or processes != 1:
            raise BadInput("--database-url, --processes and --think-ms are for `bench server`")
        if players is not None and not 2 <= players <= 4:
            raise BadInput(f"Invalid value for '--players': Tigris & Euphrates is for 2 to 4 "
                           f"players, not {players}")
        from .games.tigris.tools.bench import bench_tigris

        result = bench_tigris(players=players, games=games or 10)
    elif what == "engine":
        if database_url:
            raise BadInput("--database-url is for `bench server`")
        if think_ms:
            raise BadInput("--think-ms is for `bench server`")
        from .games.advciv.tools.bench import bench_engine

        result = bench_engine(players=players or 7, games=games or 5, turns=turns)
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
                                  processes=processes, think_ms=think_ms)
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


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="print as JSON")
def cards(as_json: bool) -> None:
    """Print the civilization cards: groups, cost, prerequisite, credits to other cards."""
    from .games.advciv.data import load

    d = load()
    rows = [{"id": c.id, "name": c.name, "groups": list(c.groups), "cost": c.cost,
             "prerequisite": c.prerequisite, "credits": dict(c.credits)} for c in d.civ_cards.values()]
    if as_json:
        click.echo(json.dumps(rows, indent=1))
        return
    for r in rows:
        credits = ", ".join(f"{d.civ_cards[k].name} {v}" for k, v in r["credits"].items()) or "none"
        pre = d.civ_cards[r["prerequisite"]].name if r["prerequisite"] else "-"
        click.echo(f"{r['name']:<17} {'/'.join(r['groups']):<17} {r['cost']:>4}  prereq {pre:<13} credits: {credits}")


if __name__ == "__main__":
    main()
