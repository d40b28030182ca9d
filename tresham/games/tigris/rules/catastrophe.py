"""The catastrophe tile (TE-BASE-41..44).

Two per player, never replaced (TE-BASE-41); on any empty square or civilization tile, but
not on a treasure, a monument (face-down tile), a leader or another catastrophe (TE-BASE-42,
TE-Z-13), nor on a tile carrying a building (TE-BLD-10) or the wonder (TE-WON-07). The tile
under it leaves the game and the square is dead (TE-BASE-43); leaders left without a temple
go home; no conflict, no VP (TE-BASE-44).
"""
from __future__ import annotations

from ...contract import Event, IllegalOrder
from ..board import Square, name
from ..state import TILE_NAMES, TEState
from .common import emit, on_board, who, withdraw_unsupported


def check(s: TEState, seat: int, to: Square) -> None:
    if s.catastrophes_left[seat] < 1:
        raise IllegalOrder("TE-BASE-41", f"{who(seat)} has no catastrophe tile left")
    on_board(s, to, "TE-BASE-42")
    if to in s.catastrophes:
        raise IllegalOrder("TE-BASE-42", f"{name(to)} already holds a catastrophe")
    if to in s.leaders:
        raise IllegalOrder("TE-BASE-42", f"a catastrophe may not go on a leader; {name(to)} holds one")
    if to in s.treasures:
        raise IllegalOrder("TE-BASE-42", f"a catastrophe may not go on a treasure; {name(to)} carries one")
    if to in s.face_down:
        raise IllegalOrder("TE-BASE-42", f"a catastrophe may not go on a monument; {name(to)} is one")
    if to in s.buildings.values():  # None never equals a square
        raise IllegalOrder("TE-BLD-10", f"a catastrophe may not go on a building; {name(to)} carries one")
    w = s.wonder
    if w and w.get("squares") and list(to) in w["squares"]:
        raise IllegalOrder("TE-WON-07", f"a catastrophe may not go on the wonder; {name(to)} is part of it")


def place(s: TEState, seat: int, to: Square, ev: list[Event]) -> None:
    check(s, seat, to)
    s.catastrophes_left[seat] -= 1
    text = f"{who(seat)} places a catastrophe on {name(to)}"
    if to in s.tiles:
        colour = s.tiles.pop(to)
        s.removed[colour] += 1
        text += f", destroying the {TILE_NAMES[colour]} there"
    s.catastrophes.add(to)
    emit(ev, text, "catastrophe", at=list(to))
    withdraw_unsupported(s, ev)
