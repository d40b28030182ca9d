"""Civilization: The Card Game's command-line tools (the game's ``Offers.tools``). ``tresham``
mounts what this module declares, with no branch of its own for the game:

- :data:`COMMANDS`: ``tresham civcards-balance`` (heuristic-bot games: the first seat's win
  rate with its 95% interval per table, the cards never bought; ``balance.py``) and
  ``tresham civcards-deck list|install FILE`` (the installed decks; an administrator installs
  another deck file of the schema, checked first: ``deck_install.py``);
- :func:`scenario`: the game has no scenario files (a clear refusal);
- :data:`BENCHES`: none.

Bad input raises ``click.UsageError``: one line ``Error: ...``, exit status 2."""
from __future__ import annotations

import json
import sys
from collections.abc import Callable

import click

from .. import deck as deckmod
from .. import deck_install
from . import balance as bal


def scenario(file: str, as_json: bool) -> int:
    raise click.UsageError(f"bad scenario {file}: Civilization: The Card Game has no scenario files")


@click.command("civcards-balance")
@click.option("--players", "tables", multiple=True, type=click.Choice(list(bal.TABLES)),
              help="a table to measure: 2, 3 or 4 players, team (4 players, partners opposite) or "
                   "team-adjacent (partners side by side); repeat it for several (default: all)")
@click.option("--games", default=200, show_default=True, type=click.IntRange(1, 100_000),
              help="games per table")
@click.option("--seed", default=1, show_default=True, type=click.IntRange(0, 2**63 - 1),
              help="game g of table T is played from the seed SEED:T:g")
@click.option("--deck", default="tresham", show_default=True, help="an installed deck")
@click.option("--json", "as_json", is_flag=True)
def balance(tables: tuple[str, ...], games: int, seed: int, deck: str, as_json: bool) -> None:
    """Self-play balance of a deck: heuristic-bot games at every seat; per table the first
    seat's win rate with its 95% interval against the fair rate, and the cards no game bought
    or used (issue 29; measured, not in CI)."""
    if deck not in deckmod.installed():
        raise click.UsageError(f"Invalid value for '--deck': no deck {deck!r} is installed; the decks are "
                               f"{', '.join(deckmod.installed())}")

    def progress(table: str, g: int) -> None:
        if not as_json and sys.stderr.isatty() and (g % 100 == 0 or g == games):
            click.echo(f"\r{table}: {g}/{games} games", err=True, nl=g == games)

    out = bal.run(list(tables) or list(bal.TABLES), games, seed, deck, progress)
    if as_json:
        click.echo(json.dumps(out))
        return
    for t, r in out["tables"].items():
        click.echo(f"{t:>13}: first seat won {r['first_seat_wins']} of {r['games']} = {100 * r['rate']:.1f}% "
                   f"(95%: {100 * r['ci95'][0]:.1f}-{100 * r['ci95'][1]:.1f}%), fair {100 * r['fair']:.1f}%, "
                   f"gap {r['gap_points']:+.1f} points; {r['mean_turns']} turns a game; {r['seconds']} s")
    click.echo("never bought: " + (", ".join(out["never_bought"]) or "none"))
    click.echo("never used: " + (", ".join(out["never_used"]) or "none"))


@click.group("civcards-deck")
def deck_group() -> None:
    """Civilization: The Card Game's decks: list the installed ones, install another."""


@deck_group.command("list")
@click.option("--json", "as_json", is_flag=True)
def deck_list(as_json: bool) -> None:
    """The installed decks: the shipped ones and the site's own."""
    rows = []
    for name, path in sorted(deckmod.deck_files().items()):
        try:
            d = deckmod.load(name).deck
            rows.append({"name": name, "title": d.title, "designed_by": d.designed_by, "file": str(path)})
        except deckmod.DeckError as e:
            rows.append({"name": name, "error": str(e), "file": str(path)})
    if as_json:
        click.echo(json.dumps(rows))
        return
    for r in rows:
        click.echo(f"{r['name']}: {r.get('title') or 'BROKEN: ' + r['error']} ({r['file']})")


@deck_group.command("install")
@click.argument("file", type=click.Path(dir_okay=False))
def deck_install_command(file: str) -> None:
    """Install the deck FILE (JSON of the deck schema, docs/civcards.md) among the site's decks,
    after checking it; a game's creator then chooses it in the options. A refused file changes
    nothing."""
    try:
        path = deck_install.install(file)
    except deckmod.DeckError as e:
        raise click.UsageError(f"deck refused: {e}") from None
    d = deckmod.load(path.stem).deck
    click.echo(f"installed the deck {d.name!r} ({d.title}) as {path}; the installed decks are "
               f"{', '.join(deckmod.installed())}")


#: The commands ``tresham`` mounts as its own (besides ``scenario`` and ``bench``).
COMMANDS: list[click.Command] = [balance, deck_group]
#: ``tresham bench <name>``: none for this game.
BENCHES: dict[str, Callable[[int | None, int | None, int], dict]] = {}
