"""The board drawn from real geography (the map of the board configuration in play).

    board_svg(options) -> str      # the base map of a game's options, SVG (cached)
    board_key(options) -> str      # what the drawing depends on, as a hash (ETag, cache name)
    board_pieces(view) -> dict     # the pieces a seat's view shows, SVG layer + plain data

Coastlines: Natural Earth 1:50m land from the npm package world-atlas (pinned, installed at
set-up: :mod:`.coast`); area positions: ``data/geo.json``; regions: :mod:`.geometry`;
drawing: :mod:`.svg`; pieces: :mod:`.pieces`. Needs shapely.
"""
from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from ..data import DATA_DIR
from .coast import CoastlinesMissing

__all__ = ["board_svg", "board_key", "board_pieces", "CoastlinesMissing", "config_of"]

HERE = Path(__file__).resolve().parent


def config_of(options: dict) -> tuple[str, bool]:
    """(board configuration, WEM) of a game's options (normal form, or partial)."""
    from ..context import DEFAULT_BOARD

    from ..data import load

    board = options.get("board") or DEFAULT_BOARD[int(options.get("players") or 8)]
    cfg = load().map.configs[board]
    # the WEM option changes nothing on a board without its areas (16.7, 16.8)
    wem = bool(options.get("wem")) and any(load().map.areas[a].panel == "WEM" for a in cfg.areas)
    return board, wem


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
    from . import coast

    h = hashlib.sha256(f"{config}\0{int(wem)}\0{coast.digest()}\0{_sources_digest()}".encode())
    return h.hexdigest()[:32]


def board_key(options: dict) -> str:
    """A hash of everything the base map of these options depends on: the configuration, the
    coastline data, geo.json, map.json and this package's code."""
    return _key(*config_of(options))


@cache
def _svg(config: str, wem: bool) -> str:
    from .svg import render

    return render(config, wem)


def board_svg(options: dict) -> str:
    """The base map for a game's options (computed once per configuration and process)."""
    return _svg(*config_of(options))


def board_pieces(view: dict) -> dict:
    from .pieces import pieces

    return pieces(view)
