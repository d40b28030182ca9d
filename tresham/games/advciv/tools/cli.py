"""Advanced Civilization's command-line tools (issue 23; the game's ``Offers.tools``). ``tresham``
mounts what this module declares, with no branch of its own for the game:

- :data:`COMMANDS`: ``tresham simulate`` (bot games with every invariant checked, ``sim.py``)
  and ``tresham cards`` (the civilization cards);
- :func:`scenario`: ``tresham scenario FILE`` for a file of this game (``scenario.py``,
  docs/scenarios.md);
- :data:`BENCHES`: ``tresham bench engine`` (bot playouts on the engine, ``bench.py``).

Bad input raises ``click.UsageError``: one line ``Error: ...``, exit status 2."""
from __future__ import annotations

import json
import sys
from collections.abc import Callable

import click
from tqdm import tqdm

from ...contract import IllegalOrder
from ..data import load
from ..site.options import parse_options
from . import scenario as sc
from .bench import bench_engine
from .sim import play_game, seat_bots, summarize


def scenario(file: str, as_json: bool) -> int:
    """Run the scenario ``file`` (docs/scenarios.md) and print the result (``as_json``: as JSON);
    the exit status: 1 when its expectations are not met, else 0."""
    try:
        doc = sc.load_file(file)
        res = sc.run(doc)
    except sc.ScenarioError as e:
        raise click.UsageError(f"bad scenario {file}: {e}") from None
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
    return 1 if res.mismatches else 0


@click.command()
@click.option("--players", default=4, type=click.IntRange(0, 8),
              help="2-8; 0 = cycle through 2..8")
@click.option("--games", default=1, type=click.IntRange(1, 100_000))
@click.option("--seed", default=0, type=click.IntRange(0, 2**63 - 1))
@click.option("--bots", default="random",
              type=click.Choice(["random", "heuristic", "mixed", "trader", "trader-vs-heuristic"]),
              help="the bots of the seats: trader-vs-heuristic seats one trading bot (its seat moving "
                   "with the seed) among heuristic ones")
@click.option("--turns", default=None, type=click.IntRange(1, 1000),
              help="end each game after T turns (34.1B); without it a game runs to the A.S.T. finish, "
                   "and one still going after 100,000 orders is reported as unfinished")
@click.option("--option", "options", multiple=True, metavar="NAME[=JSON]",
              help="a game option, e.g. --option ep_major --option hand_limit=10 (a bare name is true)")
@click.option("--json", "as_json", is_flag=True)
def simulate(players, games, seed, bots, turns, options, as_json) -> None:
    """Play full games with bots, checking invariants after every order."""
    opts: dict = {}
    for text in options:
        name, eq, value = text.partition("=")
        try:
            opts[name] = json.loads(value) if eq else True
        except ValueError:
            raise click.UsageError(f"--option {text}: the value after = is not JSON (e.g. 10, true, \"name\")") from None
    try:
        parse_options({"players": 2, **opts})
    except IllegalOrder as e:
        raise click.UsageError(f"--option: {e.message}") from None

    if players == 1:
        raise click.UsageError("Invalid value for '--players': Advanced Civilization is for 2 to 8 players "
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


@click.command()
@click.option("--json", "as_json", is_flag=True, help="print as JSON")
def cards(as_json: bool) -> None:
    """Print the civilization cards: groups, cost, prerequisite, credits to other cards."""
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


def bench(players: int | None, games: int | None, turns: int) -> dict:
    """``tresham bench engine``: bot playouts on the engine (``players`` per game, 7 unless
    given; ``games``, 5 unless given; each capped at ``turns``)."""
    return bench_engine(players=players or 7, games=games or 5, turns=turns)


#: The commands ``tresham`` mounts as its own.
COMMANDS: list[click.Command] = [simulate, cards]
#: ``tresham bench <name>``: name -> the benchmark, called with (players, games, turns).
BENCHES: dict[str, Callable[[int | None, int | None, int], dict]] = {"engine": bench}
