"""External conflict, the war (TE-BASE-51..61).

A tile that joins two kingdoms carries the unification marker and belongs to neither side
(TE-BASE-52); each colour with a leader on both sides is a war (TE-BASE-51), fought in the
order the active player picks (TE-BASE-53). The attacker is the active player if involved,
else the first involved owner clockwise from him (TE-BASE-54, TE-Z-06). Supporters are the
face-up tiles of the colour in each leader's own kingdom (TE-BASE-55); strength = supporters
+ committed (TE-BASE-57, ties to the defender). The loser's leader and supporters go,
except, in a red war, temples with a treasure or next to a non-red leader (TE-BASE-58,
TE-Z-14) -- and tiles carrying a building (TE-BLD-09); the winner scores 1 of the colour per
tile removed plus 1 for the leader (TE-BASE-59). Leaders left without a temple go home at
once (TE-Z-15), and the next colour is fought only if still on both sides (TE-BASE-60).
"""
from __future__ import annotations

from ...contract import Event
from ..board import Square, name
from ..regions import kingdom_of, regions_around
from ..state import COLOURS, TEState
from .common import emit, leader_words, score, tile_words, who, withdraw_unsupported


def war_sides(s: TEState) -> dict[str, list[tuple[Square, int]]]:
    """For each colour at war around the unification marker, its two leaders (square, owner)."""
    u = s.unification
    if u is None:
        return {}
    regs = regions_around(s, u, {u})
    seen: dict[str, list[tuple[int, Square, int]]] = {}
    for i in regs.kingdoms_around(s, u):
        for sq, owner, colour in regs.leaders(s, i):
            seen.setdefault(colour, []).append((i, sq, owner))
    out = {}
    for c in COLOURS:
        xs = seen.get(c, [])
        if len({i for i, _, _ in xs}) >= 2:
            out[c] = [(sq, o) for _, sq, o in xs[:2]]
    return out


def war_colours(s: TEState) -> list[str]:
    """The colours at war now, in the order red, blue, green, black (TE-BASE-51/60)."""
    return list(war_sides(s))


def supporters(s: TEState, leader_sq: Square, colour: str) -> list[Square]:
    """Face-up tiles of ``colour`` in the leader's own kingdom, the marker excluded (TE-BASE-55)."""
    blocked = {s.unification} if s.unification else set()
    return [q for q in kingdom_of(s, leader_sq, blocked) if s.face_up(q, colour)]


def start(s: TEState, colour: str) -> dict:
    """The war of ``colour``: attacker and defender (TE-BASE-54) and their supporters."""
    (sq1, o1), (sq2, o2) = war_sides(s)[colour]
    n = s.players
    if (o1 - s.active) % n > (o2 - s.active) % n:
        (sq1, o1), (sq2, o2) = (sq2, o2), (sq1, o1)
    return {"kind": "war", "colour": colour, "leader": colour, "attacker": o1, "defender": o2,
            "attacker_square": list(sq1), "defender_square": list(sq2),
            "attacker_strength": len(supporters(s, sq1, colour)),
            "defender_strength": len(supporters(s, sq2, colour)),
            "attacker_committed": None, "defender_committed": None}


def protected(s: TEState, sq: Square, colour: str) -> bool:
    """A loser's supporter that stays: in a red war a temple with a treasure or next to a
    leader that is not red (TE-BASE-58, TE-Z-14); any tile carrying a building (TE-BLD-09)."""
    if sq in set(v for v in s.buildings.values() if v is not None):
        return True
    if colour != "red":
        return False
    if sq in s.treasures:
        return True
    return any(n in s.leaders and s.leaders[n][1] != "red" for n in s.nb(sq))


def resolve(s: TEState, ev: list[Event]) -> None:
    """Settle the war in ``s.conflict`` once both sides committed (TE-BASE-57..60)."""
    c = s.conflict
    colour = c["colour"]
    a = c["attacker_strength"] + c["attacker_committed"]
    d = c["defender_strength"] + c["defender_committed"]
    win, lose = ("attacker", "defender") if a > d else ("defender", "attacker")
    lsq = tuple(c[f"{lose}_square"])
    gone = [q for q in supporters(s, lsq, colour) if not protected(s, q, colour)]
    for q in gone:
        del s.tiles[q]
        s.removed[colour] += 1
    lowner, lcolour = s.leaders.pop(lsq)
    score(s, c[win], colour, len(gone) + 1)
    emit(ev, f"{colour} war: {who(c['attacker'])} {a} against {who(c['defender'])} {d}; "
             f"{leader_words(lowner, lcolour)} on {name(lsq)} loses, {tile_words(colour, len(gone))} "
             f"removed{(' (' + ', '.join(name(q) for q in gone) + ')') if gone else ''}; "
             f"{who(c[win])} scores {len(gone) + 1} {colour}", "war",
             winner=c[win], loser=c[lose], removed=[list(q) for q in gone])
    s.conflict = None
    withdraw_unsupported(s, ev)
