"""Tigris & Euphrates' command-line tools (issue 23; the game's ``Offers.tools``). ``tresham``
mounts what this module declares, with no branch of its own for the game:

- :func:`scenario`: ``tresham scenario FILE`` for a file of this game (``"game": "tigris"``,
  ``scenario/``, docs/scenarios.md);
- :data:`BENCHES`: ``tresham bench tigris`` (random-bot games per second and apply's time per
  order, ``bench.py``);
- :data:`COMMANDS`: ``tresham tigris-match`` (the stronger bot against the greedy one over
  many two-player games, ``match.py``; SITE-BOT-06).

Bad input raises ``click.UsageError``: one line ``Error: ...``, exit status 2."""
from __future__ import annotations

import json
from collections.abc import Callable

import click

from . import scenario as sc
from .bench import bench_tigris
from .match import play_match


def scenario(file: str, as_json: bool) -> int:
    """Run the scenario ``file`` (docs/scenarios.md, its own section) and print the result
    (``as_json``: as JSON); the exit status: 1 when its expectations are not met, else 0."""
    try:
        doc = sc.load_file(file)
        res = sc.run(doc)
    except sc.ScenarioError as e:
        raise click.UsageError(f"bad scenario {file}: {e}") from None
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
    return 1 if res.mismatches else 0


def bench(players: int | None, games: int | None, turns: int) -> dict:
    """``tresham bench tigris``: ``games`` random-bot games per run (10 unless given), 5 runs,
    ``players`` 2 to 4 (cycling 2..4 when not given); ``turns`` is not used."""
    if players is not None and not 2 <= players <= 4:
        raise click.UsageError(f"Invalid value for '--players': Tigris & Euphrates is for 2 to 4 "
                               f"players, not {players}")
    return bench_tigris(players=players, games=games or 10)


@click.command("tigris-match")
@click.option("--games", default=200, type=click.IntRange(1, 100_000), show_default=True)
@click.option("--seed", default=1, type=click.IntRange(0, 2**63 - 1), show_default=True,
              help="game g is played from seed SEED + g")
@click.option("--option", "options", multiple=True, type=click.Choice(["advanced", "buildings", "wonder"]),
              help="play on the advanced board, with the buildings, with the wonder")
@click.option("--list", "show", is_flag=True, help="one line per game")
@click.option("--json", "as_json", is_flag=True)
def match(games: int, seed: int, options: tuple[str, ...], show: bool, as_json: bool) -> None:
    """Tigris & Euphrates: the stronger bot against the greedy bot over two-player games,
    each starting half of them; win share, score margin, draws, times (SITE-BOT-06)."""
    opts: dict = {"board": "advanced"} if "advanced" in options else {}
    opts.update({k: True for k in options if k != "advanced"})

    def line(g) -> None:
        if show and not as_json:
            click.echo(f"seed {g.seed}: new bot seat {g.new_seat}{' (starts)' if g.new_started else ''}, "
                       f"{g.result}, {g.new_score} against {g.old_score}, {g.seconds:.2f}s")

    _, out = play_match(games, seed, options=opts, progress=line)
    out["options"] = opts
    if as_json:
        click.echo(json.dumps(out))
    else:
        for k, v in out.items():
            click.echo(f"{k}: {v}")


#: The commands ``tresham`` mounts as its own (besides ``scenario`` and ``bench``).
COMMANDS: list[click.Command] = [match]
#: ``tresham bench <name>``: name -> the benchmark, called with (players, games, turns).
BENCHES: dict[str, Callable[[int | None, int | None, int], dict]] = {"tigris": bench}
