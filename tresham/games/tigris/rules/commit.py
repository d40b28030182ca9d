"""What a side may commit to a revolt or war (TE-BASE-48/56), and committing it.

:func:`allowed_counts` is the one place that decides the counts a side may commit: in the
base game any number from 0 to the tiles of the conflict's colour in hand. The English
variant (TE-ENG-02/03, option ``english``) is to be added there, and only there.
"""
from __future__ import annotations

from ...base import Event, IllegalOrder
from ..state import TEState
from .common import emit, tile_words, who


def side_to_commit(s: TEState) -> str:
    """"attacker" until he has committed, then "defender" (TE-BASE-48/56)."""
    return "attacker" if s.conflict["attacker_committed"] is None else "defender"


def allowed_counts(s: TEState, side: str) -> list[int]:
    """The numbers of tiles ``side`` may commit now (TE-BASE-48: red in a revolt;
    TE-BASE-56: the war's colour). Hook: the English variant (``s.options["english"]``,
    TE-ENG-02/03) narrows this list; until its rule is written the base counts apply."""
    c = s.conflict
    have = s.hands[c[side]][c["colour"]]
    return list(range(0, have + 1))


def commit(s: TEState, seat: int, n: int, ev: list[Event]) -> bool:
    """``seat`` commits ``n`` tiles; True once both sides have (the conflict can be settled)."""
    side = side_to_commit(s)
    c = s.conflict
    allowed = allowed_counts(s, side)
    if n not in allowed:
        rule = "TE-BASE-48" if c["kind"] == "revolt" else "TE-BASE-56"
        raise IllegalOrder(rule, f"{who(seat)} may commit {allowed[0]} to {allowed[-1]} "
                                 f"{c['colour']} tiles here, not {n}")
    s.hands[seat][c["colour"]] -= n
    s.removed[c["colour"]] += n  # TE-BASE-50/59: committed tiles leave the game
    c[f"{side}_committed"] = n
    emit(ev, f"{who(seat)} commits {tile_words(c['colour'], n)} as {side}", "commit",
         side=side, tiles=n)
    return side == "defender"
