"""A game's options in words (SITE-CREATE-15), for everyone: the lobby's page of the game and
the game's own page list them, in the new-game form's order, then any others (a prepared
position summed up by the game's ``Offers.option_text``, never dumped); and the options as
anyone may read them while the game is played (:func:`public_options`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...games.contract import GameRules
from .models import Game
from .services import rules_of


@dataclass
class OptionLine:
    name: str
    label: str
    value: Any
    text: str


def option_lines(game: Game) -> list[OptionLine]:
    """The game's options in words, in the creation form's order, then any others."""
    rules = rules_of(game)
    props = rules.options_schema().get("properties", {})
    out, seen = [], set()
    for f in rules.option_fields():
        parent, dot, member = f.name.partition(".")
        if dot:  # a member of an object option (a variant's sub-option)
            if not isinstance(game.options.get(parent), dict) or member not in game.options[parent]:
                continue
            v = game.options[parent][member]
            seen.add(parent)
        elif f.name not in game.options:
            continue
        else:
            v = game.options[f.name]
        text = _words(v)
        for c in f.choices or []:
            if c.value == v:
                text = c.label
        out.append(OptionLine(f.name, f.label, v, text))
        seen.add(f.name)
    words = rules.offers.option_text  # the game's own wording of a value, if any
    for name, v in game.options.items():
        if name not in seen:
            text = (words(name, v) if words else None) or _words(v)
            if words and text != _words(v) and isinstance(v, (dict, list)):
                v = text  # a document (a prepared position) is summed up, never dumped
            out.append(OptionLine(name, props.get(name, {}).get("title", name), v, text))
    return out


def public_options(rules: GameRules, options: dict) -> dict:
    """The options of a game being played as anyone may read them: an option that holds secrets
    (a prepared position's hands and stacks) in words (``Prepared.public_options``)."""
    prepared = rules.offers.prepared
    return prepared.public_options(dict(options)) if prepared is not None else dict(options)


def _words(v: Any) -> str:
    if v is True:
        return "Yes"
    if v is False:
        return "No"
    if v is None:
        return "None"
    return str(v)
