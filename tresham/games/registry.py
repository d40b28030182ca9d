"""The games the site offers, found by name.

The platform never imports a particular game: it asks :func:`get` for the rules registered
under a game's name. Games are listed as ``name -> "module:Class"`` and loaded on first use,
from three places, each over the one before: :data:`GAMES` (the built-in games), the entry
points of the group ``tresham.games`` of the installed packages (a game in a package of its
own: ``[project.entry-points."tresham.games"] chess = "tresham_chess.engine:Chess"``), and
the setting ``TRESHAM_GAMES``. A game is added in any of them without touching the platform.
"""
from __future__ import annotations

import importlib
from functools import cache

from .contract import GameRules

#: Built-in games: name -> "module:attribute" of a class implementing GameRules.
GAMES: dict[str, str] = {
    "advciv": "tresham.games.advciv.site.rules:AdvancedCivilization",
    "tigris": "tresham.games.tigris.site.rules:TigrisEuphrates",
    "civcards": "tresham.games.civcards.site.rules:CivCards",
}


class UnknownGame(KeyError):
    """No game is registered under that name."""


#: The entry-point group a package names its games in (``name = "module:Class"``).
ENTRY_POINTS = "tresham.games"


@cache
def installed() -> dict[str, str]:
    """The games the installed packages declare as entry points of :data:`ENTRY_POINTS`
    (read once per process)."""
    from importlib.metadata import entry_points

    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINTS)}


def _table() -> dict[str, str]:
    try:
        from django.conf import settings

        extra = getattr(settings, "TRESHAM_GAMES", None) if settings.configured else None
    except ImportError:  # the engine alone, without the site
        extra = None
    return {**GAMES, **installed(), **(extra or {})}


@cache
def _load(path: str) -> GameRules:
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)()


def get(name: str) -> GameRules:
    """The rules of the game registered as ``name``."""
    path = _table().get(name)
    if path is None:
        raise UnknownGame(name)
    return _load(path)


def names() -> list[str]:
    """The names of every game the site offers."""
    return sorted(_table())


def apps(extra: dict[str, str] | None = None) -> list[str]:
    """The Django apps of the registered games' own pages (``Offers.app``), each once, in the
    order of :func:`names`: the site installs them and includes their addresses. ``extra``:
    the setting ``TRESHAM_GAMES`` where the settings are not read yet (the settings module)."""
    table = {**_table(), **(extra or {})}
    out: list[str] = []
    for name in sorted(table):
        app = _load(table[name]).offers.app
        if app and app not in out:
            out.append(app)
    return out


def default_name() -> str:
    """The game a page or an API call means when it names none (the new-game form, the help
    pages, the rankings): the first built-in game of :data:`GAMES`, else the first name."""
    table = _table()
    return next((n for n in GAMES if n in table), None) or sorted(table)[0]
