"""Internal conflict, the revolt (TE-BASE-46..50).

The placer attacks, the owner of the same-colour leader already in the kingdom defends
(TE-BASE-46); base strength = face-up temples next to each leader (TE-BASE-47); both commit
red tiles only (TE-BASE-48); ties go to the defender (TE-BASE-49); the loser's leader goes
home, the winner scores 1 red, committed tiles leave the game (TE-BASE-50).
"""
from __future__ import annotations

from ...contract import Event
from ..board import Square, name
from ..regions import kingdom_of
from ..state import TEState
from .common import emit, leader_words, score, who


def temple_strength(s: TEState, sq: Square) -> int:
    """Face-up red temples next to ``sq`` (TE-BASE-47)."""
    return sum(1 for n in s.nb(sq) if s.face_up(n, "red"))


def revolt_for(s: TEState, placed: Square) -> dict | None:
    """The revolt the leader just put on ``placed`` starts, or None (TE-BASE-33)."""
    owner, colour = s.leaders[placed]
    for sq in kingdom_of(s, placed):
        if sq != placed and sq in s.leaders:
            o, c = s.leaders[sq]
            if c == colour and o != owner:
                return {"kind": "revolt", "colour": "red", "leader": colour,
                        "attacker": owner, "defender": o,
                        "attacker_square": list(placed), "defender_square": list(sq),
                        "attacker_strength": temple_strength(s, placed),
                        "defender_strength": temple_strength(s, sq),
                        "attacker_committed": None, "defender_committed": None}
    return None


def resolve(s: TEState, ev: list[Event]) -> None:
    """Settle the revolt in ``s.conflict`` once both sides committed (TE-BASE-49/50)."""
    c = s.conflict
    a = c["attacker_strength"] + c["attacker_committed"]
    d = c["defender_strength"] + c["defender_committed"]
    win, lose = ("attacker", "defender") if a > d else ("defender", "attacker")
    lsq = tuple(c[f"{lose}_square"])
    lowner, lcolour = s.leaders.pop(lsq)
    score(s, c[win], "red", 1)
    emit(ev, f"revolt: {who(c['attacker'])} {a} against {who(c['defender'])} {d}; "
             f"{leader_words(lowner, lcolour)} on {name(lsq)} loses and returns to {who(lowner)}; "
             f"{who(c[win])} scores 1 red", "revolt", winner=c[win], loser=c[lose])
    s.conflict = None
