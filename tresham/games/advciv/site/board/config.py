"""Which board a game's options draw: the configuration and whether the Western Extension Map
shows (16, 3.1A)."""
from __future__ import annotations

from ...context import DEFAULT_BOARD
from ...data import load


def config_of(options: dict) -> tuple[str, bool]:
    """(board configuration, WEM) of a game's options (normal form, or partial)."""
    board = options.get("board") or DEFAULT_BOARD[int(options.get("players") or 8)]
    cfg = load().map.configs[board]
    # the WEM option changes nothing on a board without its areas (16.7, 16.8)
    wem = bool(options.get("wem")) and any(load().map.areas[a].panel == "WEM" for a in cfg.areas)
    return board, wem
