"""Monuments (TE-BASE-62..71).

After a tile's conflicts, every 2x2 block of face-up tiles of one colour that includes the
tile just placed may take an unused monument of that colour (TE-BASE-62/63, TE-Z-11/12),
then or never (TE-BASE-64). Building flips the four tiles face down (they still link,
TE-BASE-65; a treasure on one stays, TE-BASE-66), sends home leaders left without a temple
(TE-BASE-67), and scores nothing (TE-BASE-70). Six at most (TE-BASE-68). At the end of his
turn the active player scores 1 of colour X per leader of his of colour X in each
monument's kingdom, X one of its colours (TE-BASE-69/71).
"""
from __future__ import annotations

from ...contract import Event, IllegalOrder
from ..board import Square, name
from ..regions import kingdom_of
from ..state import TEState, monument_colours
from . import buildings
from .common import emit, leader_words, who, withdraw_unsupported


def block(tl: Square) -> list[Square]:
    c, r = tl
    return [(c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)]


def options(s: TEState, placed: Square) -> dict | None:
    """The blocks (top-left squares, reading order) and unused monuments open after the tile
    on ``placed``; None when no monument can be built."""
    colour = s.tiles.get(placed)
    if colour is None or placed in s.face_down:
        return None
    mons = [m for m, at in s.monuments.items() if at is None and colour in monument_colours(m)]
    if not mons:
        return None
    c, r = placed
    blocks = []
    for tl in [(c - 1, r - 1), (c, r - 1), (c - 1, r), (c, r)]:
        if all(s.board.on_board(q) and s.face_up(q, colour) for q in block(tl)):
            blocks.append(tl)
    if not blocks:
        return None
    blocks.sort(key=lambda q: (q[1], q[0]))
    return {"colour": colour, "blocks": [list(b) for b in blocks], "monuments": sorted(mons)}


def build(s: TEState, seat: int, monument: str, at: Square, opts: dict, ev: list[Event]) -> None:
    """Build ``monument`` on the block at ``at`` (checked against ``opts``)."""
    if monument not in opts["monuments"]:
        raise IllegalOrder("TE-BASE-63", f"the {monument} monument is not open here; the open ones "
                                         f"are {', '.join(opts['monuments'])}")
    if list(at) not in opts["blocks"]:
        raise IllegalOrder("TE-BASE-63", f"no block of four {opts['colour']} tiles has its top-left "
                                         f"square on {name(at)}")
    for q in block(at):
        s.face_down.add(q)
    buildings.release(s, block(at), ev)  # TE-BLD-11: back beside the board
    s.monuments[monument] = at
    emit(ev, f"{who(seat)} builds the {monument} monument on {name(at)}", "monument", at=list(at))
    withdraw_unsupported(s, ev)


def score_turn_end(s: TEState, ev: list[Event]) -> None:
    """TE-BASE-71: the active player's monument VP at the end of his turn."""
    seat = s.active
    for m, at in sorted(s.monuments.items()):
        if at is None:
            continue
        cols = monument_colours(m)
        for q in kingdom_of(s, at):
            if q in s.leaders:
                o, c = s.leaders[q]
                if o == seat and c in cols:
                    s.points[seat][c] += 1
                    emit(ev, f"the {m} monument gives {leader_words(o, c)} 1 {c}", "score")
