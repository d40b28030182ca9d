"""What an order does before it is sent (SITE-TABLE-05, issue 24 "A preview before every
order"), for Tigris & Euphrates: ``preview(view, order)`` from the seat's own view alone (the
bots' information state, ``bots.info_state``: other hands and the bag's order canonical), the
order applied to a copy of it: the points it scores the seat by colour, the conflict it
starts (a revolt or a war, both strengths so far), the decision that follows. It changes
nothing and tells nothing the view does not.

``{"ok", "rule", "reason", "points": {colour: n}, "conflict": {kind, colour, attacker,
defender, attacker_strength, defender_strength} | None, "next": the decision that follows
("commit", "war_order", "monument", "treasure", "building", "wonder", "action", ...) and
whose it is ("next_seat"), "lines": [sentences]}``."""
from __future__ import annotations

from typing import Any

from ...contract import IllegalOrder
from ..bots import info_state
from ..engine import apply
from ..rules.common import who
from ..rules.turn import decider
from ..state import COLOURS

#: what the decision that follows is, in words
NEXT = {"commit": "the commitment of tiles", "war_order": "the choice of the next war",
        "monument": "a monument may be built", "treasure": "a treasure to take",
        "building": "a building may be placed", "wonder": "the wonder may be erected",
        "wonder_point": "the wonder's point", "action": "an action"}


def preview(view: dict, order: dict) -> dict[str, Any]:
    """What ``order`` of the view's seat does (module docstring)."""
    seat = view.get("seat")
    out: dict[str, Any] = {"ok": True, "rule": "", "reason": "", "points": {}, "conflict": None,
                           "next": None, "next_seat": None, "lines": []}
    if seat is None:
        return {**out, "ok": False, "reason": "a spectator gives no orders"}
    known = info_state(view)
    try:
        after, _ = apply(known, {**order, "player": seat})
    except IllegalOrder as e:
        return {**out, "ok": False, "rule": e.rule, "reason": e.message, "lines": [f"Refused: {e.message}"]}
    gained = {c: after.points[seat][c] - known.points[seat][c] for c in COLOURS
              if after.points[seat][c] != known.points[seat][c]}
    out["points"] = gained
    if gained:
        out["lines"].append("You score " + ", ".join(f"{n} {c}" for c, n in gained.items()) + ".")
    c = after.conflict
    if c is not None and known.conflict is None:
        out["conflict"] = {k: c[k] for k in ("kind", "colour", "attacker", "defender", "attacker_strength",
                                             "defender_strength")}
        what = "revolt" if c["kind"] == "revolt" else f"{c['colour']} war"
        out["lines"].append(f"A {what} follows: {who(c['attacker'])} ({c['attacker_strength']}) attacks "
                            f"{who(c['defender'])} ({c['defender_strength']}), before the tiles committed.")
    if not after.finished:
        out["next"], out["next_seat"] = after.phase, decider(after)
        if after.phase != "action" or decider(after) != seat:
            out["lines"].append(f"Next: {NEXT.get(after.phase, after.phase)}, by {who(decider(after))}.")
    return out
