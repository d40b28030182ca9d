"""The printed boards (TE-BASE-11..16, TE-ADVB-04): the 16 x 11 grid, its rivers, its Shedu
squares (a temple and a treasure at the start) and the special-border ones among them.

Squares are ``(column, row)``, 0-based from the top-left (TE-BASE-12); JSON carries them as
``[c, r]``. The data is ``data/board.json`` (copied from the shared data, checked by
``tests/games/tigris/test_board_data.py``); nothing here is a rule.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

Square = tuple[int, int]

#: the board's sides, by option value: "base" (gold border), "advanced" (blue border)
SIDES = ("base", "advanced")
#: each side's key for its Shedu squares in ``board.json``
_SHEDU_KEY = {"base": "temples_with_treasure", "advanced": "shedu_temples"}
DATA = Path(__file__).with_name("data") / "board.json"


@dataclass(frozen=True, slots=True)
class Board:
    """One side of the board. ``shedu`` in reading order (row, then column)."""

    side: str
    width: int
    height: int
    rivers: frozenset[Square]
    shedu: tuple[Square, ...]
    special: frozenset[Square]

    def squares(self) -> list[Square]:
        """Every square in reading order."""
        return [(c, r) for r in range(self.height) for c in range(self.width)]

    def on_board(self, sq: Square) -> bool:
        c, r = sq
        return 0 <= c < self.width and 0 <= r < self.height

    def is_river(self, sq: Square) -> bool:
        return sq in self.rivers

    def neighbours(self, sq: Square) -> list[Square]:
        """The squares sharing an edge with ``sq`` (TE-BASE-13: never a corner)."""
        c, r = sq
        out = [(c, r - 1), (c - 1, r), (c + 1, r), (c, r + 1)]
        return [s for s in out if self.on_board(s)]


def name(sq: Square) -> str:
    """A square as people read it: column letter A..P and row number 1..11 ("B2" for (1, 1))."""
    return f"{chr(ord('A') + sq[0])}{sq[1] + 1}"


@cache
def load(side: str = "base") -> Board:
    """The board of ``side`` ("base" or "advanced")."""
    if side not in SIDES:
        raise ValueError(f"no board side {side!r}; the sides are {', '.join(SIDES)}")
    doc = json.loads(DATA.read_text(encoding="utf-8"))
    d = doc[side]
    sq = lambda xs: [tuple(x) for x in xs]  # noqa: E731
    return Board(side=side, width=doc["width"], height=doc["height"],
                 rivers=frozenset(sq(d["rivers"])),
                 shedu=tuple(sorted(sq(d[_SHEDU_KEY[side]]), key=lambda s: (s[1], s[0]))),
                 special=frozenset(sq(d["special_treasures"])))
