"""A scenario's words for the state: what stands on a square, and a short picture of the whole
state (the command line's output, the expectations' messages).
"""
from __future__ import annotations

from ...board import Square, name
from ...rules.monuments import block
from ...state import COLOURS, DYNASTIES, TEState


def leader_words(owner: int, colour: str) -> str:
    return f"{DYNASTIES[owner]}'s {colour} leader"


def square_now(s: TEState, q: Square) -> dict:
    mon = next((m for m, tl in s.monuments.items() if tl is not None and q in block(tl)), None)
    ld = s.leaders.get(q)
    bld = next((b for b, at in sorted(s.buildings.items()) if at == q), None)
    won = bool(s.wonder and list(q) in (s.wonder.get("squares") or []))
    return {"tile": s.tiles.get(q), "face_down": q in s.face_down, "treasure": q in s.treasures,
            "catastrophe": q in s.catastrophes, "leader": ld, "monument": mon, "building": bld,
            "wonder": won, "occupied": not s.empty(q)}


def describe(now: dict) -> str:
    if now["leader"]:
        return leader_words(*now["leader"])
    if now["catastrophe"]:
        return "a catastrophe"
    if now["wonder"]:
        return "the wonder" + (" with a treasure" if now["treasure"] else "")
    if now["tile"]:
        return (f"a {now['tile']} tile" + (" face down" if now["face_down"] else "")
                + (" with a treasure" if now["treasure"] else "")
                + (f" with the {now['building']}" if now["building"] else ""))
    return "nothing"



def summary(s: TEState) -> dict:
    """A short JSON picture of the state (the command line's output)."""
    return {
        "turn": s.turn, "active": DYNASTIES[s.active], "actions_left": s.actions_left,
        "phase": s.phase, "finished": s.finished,
        "squares": {name(q): describe(square_now(s, q))
                    for q in sorted(set(s.tiles) | set(s.leaders) | s.catastrophes
                                    | {tuple(x) for x in ((s.wonder or {}).get("squares") or [])},
                                    key=lambda q: (q[1], q[0]))},
        "players": {DYNASTIES[p]: {"points": s.points[p], "hand": s.hands[p],
                                   "treasures": s.collected[p],
                                   "leaders_in_supply": [c for c in COLOURS if s.leader_square(p, c) is None]}
                    for p in range(s.players)},
        "monuments": {m: name(tl) for m, tl in s.monuments.items() if tl is not None},
    }
