"""The ``tresham`` command line."""
from __future__ import annotations

import json
import sys

import click


@click.group()
def main() -> None:
    """Tresham: a play-by-web server for Advanced Civilization."""


def _not_yet(what: str) -> None:
    click.echo(f"tresham {what}: not built yet (see the open issues).", err=True)
    sys.exit(2)


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--db", default="sqlite:///tresham.sqlite3", show_default=True, help="database URL")
def serve(host: str, port: int, db: str) -> None:
    """Start the web server (embedded default: SQLite, no other service).

    Until the play-by-web server is built this serves a read-only demonstration: a bot game
    with its public history and the per-seat JSON views."""
    from .demo import serve_demo

    serve_demo(host, port)


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="print the result as JSON")
def scenario(file: str, as_json: bool) -> None:
    """Load a scenario FILE (docs/scenarios.md), apply its orders, print the result."""
    from .games.advciv import scenario as sc

    doc = sc.load_file(file)
    try:
        res = sc.run(doc)
    except sc.ScenarioError as e:
        raise click.ClickException(f"bad scenario: {e}")
    out = {
        "title": doc.get("title", file),
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


@main.command()
@click.option("--players", default=4, type=int, help="2-8; 0 = cycle through 2..8")
@click.option("--games", default=1, type=int)
@click.option("--seed", default=0, type=int)
@click.option("--bots", default="random", type=click.Choice(["random", "heuristic", "mixed"]))
@click.option("--turns", default=None, type=int,
              help="end each game after T turns (34.1B); without it a game runs to the A.S.T. finish, "
                   "and one still going after 100,000 orders is reported as unfinished")
@click.option("--json", "as_json", is_flag=True)
def simulate(players, games, seed, bots, turns, as_json) -> None:
    """Play full games with bots, checking invariants after every order."""
    from tqdm import tqdm

    from .sim import play_game, summarize

    from .sim import seat_bots

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


@main.command()
@click.argument("what", default="engine")
@click.option("--players", default=7, type=int)
@click.option("--games", default=5, type=int)
@click.option("--json", "as_json", is_flag=True)
def bench(what, players, games, as_json) -> None:
    """Benchmark the engine with bot playouts (WHAT: engine)."""
    from .bench import bench_engine

    if what != "engine":
        raise click.BadParameter("only 'engine' can be benchmarked", param_hint="WHAT")
    result = bench_engine(players=players, games=games)
    if as_json:
        click.echo(json.dumps(result))
    else:
        for k, v in result.items():
            click.echo(f"{k}: {v}")


@main.command()
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
