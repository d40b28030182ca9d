"""An administrator installs another deck file of the deck schema (issue 29: a group that owns
the printed cards loads their data; ``tresham civcards-deck install FILE``). The file is
checked before anything is written: JSON, the schema (``deck.parse``, errors naming the file
and the card), a name no installed deck has (a deck in use never changes: games replay from
it), and a trial on the engine from a directory aside (a game of 2, 3 and 4 players dealt and
played some random orders with every card in exactly one place). Only then is it written,
whole and never over another deck, to the site's decks (``deck.site_decks()``), where the
game's options find it: a creator then chooses it among the installed decks. A refused file
changes nothing.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from ...rng import Rng, seed_state
from . import deck as deckmod
from .deck import Deck, DeckError

#: the trial's random orders per player count
TRIAL_ORDERS = 400


def read(file: str | Path) -> Deck:
    """The deck of ``file``, checked against the schema (DeckError naming the fault)."""
    path = Path(file)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise DeckError(f"cannot read {path}: {e.strerror if isinstance(e, OSError) else e}") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise DeckError(f"{path.name}: not JSON ({e})") from None
    return deckmod.parse(doc, path.name)


def trial(name: str) -> None:
    """Deal games of the installed deck ``name`` and play random orders (DeckError if the
    engine cannot play it)."""
    from . import engine
    from .invariants import violations
    from .legal import random_order
    from .rules.turn import decider

    for players in (2, 3, 4):
        try:
            s = engine.new_game({"players": players, "deck": name}, f"deck-trial-{players}")
            rng = Rng(seed_state(f"deck-trial-{players}"))
            for _ in range(TRIAL_ORDERS):
                if s.finished:
                    break
                engine.apply_in_place(s, random_order(s, decider(s), rng), by_site=True)
                bad = violations(s)
                if bad:
                    raise DeckError(f"a trial game of {players} players breaks the rules' invariants: {bad[0]}")
        except DeckError:
            raise
        except Exception as e:  # the engine refusing the deck is the file's fault: say what
            raise DeckError(f"a trial game of {players} players cannot be played with this deck: "
                            f"{type(e).__name__}: {e}") from None


def _write(d: Deck, target_dir: Path) -> Path:
    """``d`` written whole as ``target_dir/<name>.json``, never over a file there
    (DeckError if one is)."""
    target_dir.mkdir(parents=True, exist_ok=True)
    target = target_dir / f"{d.name}.json"
    fd, tmp = tempfile.mkstemp(prefix=f".{d.name}.", suffix=".tmp", dir=target_dir)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(d.model_dump(mode="json"), f, indent=1, ensure_ascii=False)
        try:
            os.link(tmp, target)  # never over a deck installed meanwhile
        except FileExistsError:
            raise DeckError(f"a deck named {d.name!r} is installed already") from None
    finally:
        Path(tmp).unlink(missing_ok=True)
    return target


def _try_aside(d: Deck) -> None:
    """The trial of ``d`` from a data directory of its own, before it is installed (the
    site's options never offer a deck the trial refuses)."""
    old = os.environ.get("TRESHAM_DATA_DIR")
    with tempfile.TemporaryDirectory(prefix="civcards-deck-") as aside:
        os.environ["TRESHAM_DATA_DIR"] = aside
        try:
            _write(d, deckmod.site_decks())
            trial(d.name)
        finally:
            if old is None:
                os.environ.pop("TRESHAM_DATA_DIR", None)
            else:
                os.environ["TRESHAM_DATA_DIR"] = old
            deckmod.load.cache_clear()


def install(file: str | Path) -> Path:
    """Install the deck file ``file`` among the site's decks; the file written (DeckError,
    nothing written, when the file is refused)."""
    d = read(file)
    if d.name in deckmod.installed():
        raise DeckError(f"a deck named {d.name!r} is installed already: an installed deck never changes "
                        f"(games are replayed from it); give this one another \"name\"")
    _try_aside(d)
    return _write(d, deckmod.site_decks())
