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


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option("--db", default="sqlite:///tresham.sqlite3", show_default=True, help="database URL")
def serve(host: str, port: int, db: str) -> None:
    """Start the web server (embedded default: SQLite, no other service).

    Until the play-by-web server is built this serves a read-only demonstration: a bot game
    with its public history and the per-seat JSON views."""
    from .demo import serve_demo

    try:
        serve_demo(host, port)
    except OSError as e:
        raise BadInput(f"cannot listen on {host}:{port}: {e.strerror or e}") from None


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="print the result as JSON")
def scenario(file: str, as_json: bool) -> None:
    """Load a scenario FILE (docs/scenarios.md), apply its orders, print the result."""
    from .games.advciv import scenario as sc

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
@click.option("--json", "as_json", is_flag=True)
def simulate(players, games, seed, bots, turns, as_json) -> None:
    """Play full games with bots, checking invariants after every order."""
    from tqdm import tqdm

    from .sim import play_game, seat_bots, summarize

    if players == 1:
        raise BadInput("Invalid value for '--players': Advanced Civilization is for 2 to 8 players "
                       "(0 cycles through 2..8)")
    records = []
    for i in tqdm(range(games), desc="games", file=sys.stderr, disable=games < 2):
        n = players if players else 2 + (i % 7)
        records.append(play_game(n, seed + i, bots=seat_bots(bots, n, seed + i), turns=turns))
    summary = summarize(records)
    if as_json:
        click.echo(json.dumps(summary))
    else:
        for k, v in summary.items():
            click.echo(f"{k}: {v}")
    if summary["invariant_violations"] or summary["stalled"]:
        sys.exit(1)


@cli.command()
@click.argument("what", default="engine", type=click.Choice(["engine"]))
@click.option("--players", default=7, type=PLAYERS)
@click.option("--games", default=5, type=click.IntRange(1, 10_000))
@click.option("--turns", default=60, type=click.IntRange(1, 1000), show_default=True,
              help="turn cap of each playout (34.1B)")
@click.option("--json", "as_json", is_flag=True)
def bench(what, players, games, turns, as_json) -> None:
    """Benchmark the engine with bot playouts (WHAT: engine)."""
    from .bench import bench_engine

    result = bench_engine(players=players, games=games, turns=turns)
    if as_json:
        click.echo(json.dumps(result))
    else:
        for k, v in result.items():
            click.echo(f"{k}: {v}")


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
