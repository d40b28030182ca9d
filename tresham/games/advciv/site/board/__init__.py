"""The board drawn from real geography (the map of the board configuration in play).

    board_svg(options) -> str      # the base map of a game's options, SVG (cached)
    board_key(options) -> str      # what the drawing depends on, as a hash (ETag, cache name)
    board_pieces(view) -> dict     # the pieces a seat's view shows, SVG layer + plain data

Coastlines: Natural Earth 1:50m land from the npm package world-atlas (pinned, installed at
set-up: :mod:`.coast`); area positions: ``data/geo.json``; regions: :mod:`.geometry`;
drawing: :mod:`.svg`; pieces: :mod:`.pieces`; which board the options draw: :mod:`.config`.
Needs shapely.
"""
from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from ...data import DATA_DIR
from . import coast
from .coast import CoastlinesMissing
from .config import config_of
from .pieces import pieces
from .svg import render

__all__ = ["board_svg", "board_key", "board_pieces", "CoastlinesMissing", "config_of"]

HERE = Path(__file__).resolve().parent


@cache
def _sources_digest() -> str:
    h = hashlib.sha256()
    for p in sorted(HERE.glob("*.py")):
        h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    for name in ("geo.json", "map.json"):
        h.update(name.encode() + b"\0" + (DATA_DIR / name).read_bytes() + b"\0")
    return h.hexdigest()


@cache
def _key(config: str, wem: bool) -> str:
    h = hashlib.sha256(f"{config}\0{int(wem)}\0{coast.digest()}\0{_sources_digest()}".encode())
    return h.hexdigest()[:32]


def board_key(options: dict) -> str:
    """A hash of everything the base map of these options depends on: the configuration, the
    coastline data, geo.json, map.json and this package's code."""
    return _key(*config_of(options))


@cache
def _svg(config: str, wem: bool) -> str:
    return render(config, wem)


def board_svg(options: dict) -> str:
    """The base map for a game's options (computed once per configuration and process)."""
    return _svg(*config_of(options))


def board_pieces(view: dict) -> dict:
    return pieces(view)
