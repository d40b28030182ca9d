"""Swap tiles (TE-BASE-45): discard 1 to 6 tiles out of the game, then draw as many. When
the bag cannot supply the draw the game ends after this action (TE-BASE-76, TE-Z-04)."""
from __future__ import annotations

from ...contract import Event, IllegalOrder
from ..state import COLOURS, TEState, draw
from .common import emit, tile_words, who


def check(s: TEState, seat: int, tiles: dict[str, int]) -> int:
    total = sum(tiles.values())
    if not 1 <= total <= 6:
        raise IllegalOrder("TE-BASE-45", f"a swap discards 1 to 6 tiles, not {total}")
    for c, n in tiles.items():
        if n > s.hands[seat][c]:
            raise IllegalOrder("TE-BASE-45", f"{who(seat)} has {s.hands[seat][c]} {c} tiles, "
                                             f"not {n}, to discard")
    return total


def swap(s: TEState, seat: int, tiles: dict[str, int], ev: list[Event]) -> bool:
    """Discard and draw; False when the bag ran short (the game ends, TE-Z-04)."""
    total = check(s, seat, tiles)
    for c in COLOURS:
        n = tiles.get(c, 0)
        s.hands[seat][c] -= n
        s.removed[c] += n
    before = dict(s.hands[seat])
    got = draw(s, seat, total)
    emit(ev, f"{who(seat)} discards {total} tiles and draws {got}", "swap")
    drawn = {c: s.hands[seat][c] - before[c] for c in COLOURS}
    ev.append(Event(f"you discard {words(tiles)} and draw {words(drawn)}", "swap", [seat]))
    return got == total


def words(counts: dict[str, int]) -> str:
    """Tiles by colour in words ("2 temples, 1 farm"); "nothing" for none."""
    parts = [tile_words(c, counts[c]) for c in COLOURS if counts.get(c)]
    return ", ".join(parts) or "nothing"
