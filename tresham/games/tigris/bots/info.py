"""The information state of one seat (the bots' only input), from its ``view``.

A bot is given the seat's own ``view`` (``engine.view(state, seat)``: the board, its own hand,
the public counts) and never the state itself: :func:`info_state` rebuilds from that view
a :class:`TEState` the rules' functions can read (``legal.legal_orders``, ``regions``),
with the hidden parts put in a fixed, canonical form (other hands empty, the bag a sorted
list of the right size, a fixed random generator). Two states that differ only in other
hands or in the bag's order give the same view, hence the same choice.
"""
from __future__ import annotations

import random

from ..state import COLOURS, MONUMENTS, TILE_COUNTS, TEState

#: the random generator's state every information state carries (it is never drawn from)
_INFO_RNG = random.Random("tigris-information-state").getstate()


# ---- the information state ---------------------------------------------------------------
def info_state(v: dict) -> TEState:
    """A :class:`TEState` built from the view ``v`` of one seat (``v["seat"]``) alone.

    Known exactly: the board (tiles face up or down, treasures, catastrophes, leaders,
    monuments, buildings, the wonder, the unification marker), the counts by seat, the
    seat's own hand and points, the turn, the decision and its options, the conflict.
    Canonical, since unknown: the other hands (empty; their sizes are in ``v["players"]``),
    the bag (``v["bag"]`` tiles, the unseen colours in sorted order), hidden points (0), the
    tiles out of the game (0), the random generator (a fixed state)."""
    seat = v["seat"]
    opts = dict(v["options"])
    n = int(opts["players"])
    s = TEState(options=opts, rng=[], bag=[], hands=[{c: 0 for c in COLOURS} for _ in range(n)])
    s.rng = [_INFO_RNG[0], list(_INFO_RNG[1]), _INFO_RNG[2]]
    if v.get("hand") is not None and seat is not None:
        s.hands[seat] = {c: int(v["hand"].get(c, 0)) for c in COLOURS}
    wonder_sqs = []
    tiles, leaders = s.tiles, s.leaders
    for q in v["squares"]:
        a = q["at"]
        at = (a[0], a[1])
        if q["tile"]:
            tiles[at] = q["tile"]
            if q["face_down"]:
                s.face_down.add(at)
        if q["treasure"]:  # on a tile, or on a square of the wonder (TE-WON)
            s.treasures.add(at)
        ld = q["leader"]
        if ld:
            leaders[at] = (ld["owner"], ld["colour"])
        if q["catastrophe"]:
            s.catastrophes.add(at)
        if q["unification"]:
            s.unification = at
        if q.get("wonder"):
            wonder_sqs.append(list(at))
    s.monuments = {m["id"]: (tuple(m["at"]) if m["at"] is not None else None) for m in v["monuments"]}
    for m in MONUMENTS:
        s.monuments.setdefault(m, None)
    s.buildings = {b["id"]: (tuple(b["at"]) if b["at"] is not None else None) for b in v.get("buildings") or []}
    if v.get("wonder") is not None:
        s.wonder = {**v["wonder"], "squares": wonder_sqs}
    s.catastrophes_left = [p["catastrophes"] for p in v["players"]]
    s.collected = [p["treasures"] for p in v["players"]]
    s.points = [dict(p["points"]) if p["points"] is not None else {c: 0 for c in COLOURS}
                for p in v["players"]]
    left = unseen(s, seat)
    bag = [c for c in COLOURS for _ in range(left[c])]
    s.bag = (bag + ["red"] * v["bag"])[:v["bag"]]
    s.active, s.turn, s.actions_left = v["active"], v["turn"], v["actions_left"]
    s.finished = bool(v["finished"])
    s.phase = v.get("phase") or ("over" if s.finished else "action")
    if v.get("conflict") is not None:
        s.conflict = dict(v["conflict"])
    s.ctx = _ctx(s, v)
    return s


def _ctx(s: TEState, v: dict) -> dict | None:
    """The decision's scratch data, as far as the rules' legal orders read it, from the
    seat's own pending decision."""
    p = s.phase
    if p in ("action", "over"):
        return None
    mine = [d for d in v.get("pending") or [] if d.get("player") == v["seat"]]
    opts = dict(mine[0].get("options") or {}) if mine else {}
    at = {"at": list(v["played_at"])} if v.get("played_at") is not None else {}
    if p == "commit":
        return {"kind": s.conflict["kind"] if s.conflict else "", "stage": "conflicts", **at}
    if p == "war_order":
        return {"kind": "tile", "stage": "conflicts", "war_colours": list(opts.get("colours", [])), **at}
    if p == "treasure":
        return {"stage": "treasure", "treasure": {"player": v["seat"], "squares": opts.get("squares", [])}, **at}
    return {"kind": "tile", "stage": p, p: opts, **at}  # a building, monument or wonder: after a tile


def unseen(s: TEState, seat: int | None) -> dict[str, int]:
    """Tiles of each colour neither on the board nor in the seat's hand: an upper bound on
    what the bag and the other hands hold."""
    out = dict(TILE_COUNTS)
    for c in s.tiles.values():
        out[c] -= 1
    if seat is not None:
        for c in COLOURS:
            out[c] -= s.hands[seat][c]
    return {c: max(0, k) for c, k in out.items()}

