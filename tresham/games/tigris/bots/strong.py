"""The stronger bot of Tigris & Euphrates (SITE-BOT-06), on one seat's information state.

It is the greedy bot (``greedy.py``: tiles and leaders scored by their immediate weighted VP,
commits, war order, treasures, the wonder's VP) with what the greedy bot never weighs:

* **leader moves** (TE-BASE-30) score the greedy bot's score less what the leader is worth
  where it stands (``_stay``), so that it does not shuffle leaders between equal squares;
* **catastrophes** (TE-BASE-41..44): each catastrophe square that can change something (a
  temple beside a leader, an empty square between two kingdoms, a square of an open
  monument block, a tile of a kingdom holding a monument, a building or the wonder) is
  tried on a copy of the information state; it pays when the position's worth
  (``worth.py``) rises by more than ``CAT_RESERVE``, the worth of keeping the tile, and it is
  played when that gain minus the reserve beats every tile and leader action;
* **swaps** (TE-BASE-45): a colour is of use when a tile action of it scores ``GOOD_TILE``
  or more now or the seat has a leader of it on the board; the tiles of the other colours
  (but 2 temples, kept for revolts while it has a leader on the board) are discarded when
  there are at least ``SWAP_MIN`` of them, the bag can refill them without ending the game
  (TE-BASE-76), and the expected gain, ``SWAP_GAIN`` per discarded tile times the share of
  unseen tiles of a colour of use, times the bag's fullness (``SWAP_BAG`` tiles or more: 1),
  less ``SWAP_COST``, beats every other action;
* **building, monument and wonder offers** (TE-BLD-03, TE-BASE-62, TE-WON-02): each offer is
  carried out on a copy and valued by the worth it adds over declining (the income to its
  leaders over ``worth.HORIZON`` turns, the opponents' income denied, the support and
  leaders it costs); the best offer is taken when it adds more than nothing, else declined;
  equal values go to the first offer in the rules' order (reading order of squares, then
  monuments by name).

Deterministic given the view and ``rng_seed`` (the seed only breaks the greedy part's ties).
"""
from __future__ import annotations

import random
from dataclasses import replace

from ..board import Square
from ..engine import view
from ..legal import legal_orders
from ..rules import buildings as bld
from ..rules import catastrophe as cat
from ..rules import monuments as mon
from ..rules import wonder as won
from ..rules.turn import decider
from ..state import COLOURS, TEState
from .greedy import _Eval, _leader_score, _tile_score, greedy_order
from .info import info_state
from .worth import Know, completing, worth

#: what keeping a catastrophe tile is worth: a catastrophe pays when it gains more
CAT_RESERVE = 2.0
#: a tile action scoring this much or more makes its colour worth holding
GOOD_TILE = 0.9
SWAP_MIN = 2
SWAP_GAIN = 0.5
SWAP_COST = 0.3
#: with fewer tiles than this in the bag, a swap's gain shrinks (fewer turns left to use them)
SWAP_BAG = 40
#: how many of the best quiet tile actions are looked at one step further (``_look``)
LOOK = 8
#: the score of passing (as the greedy bot's)
PASS = -0.5


def strong_order(v: dict, rng_seed: str) -> dict:
    """The stronger bot's order for the viewing seat (module docstring)."""
    s = info_state(v)
    me = v["seat"]
    orders = legal_orders(s, me)
    if not orders:
        raise ValueError(f"seat {me} owes no decision now")
    p = s.phase
    if p == "action":
        e = _Eval(s, v)
        return _action(e, _know(e, v), orders, random.Random(rng_seed))
    if p in ("monument", "building", "wonder"):
        e = _Eval(s, v)
        return best_offer(s, _know(e, v), orders)
    return greedy_order(v, rng_seed)  # commit, war order, treasure, the wonder's VP


def strong_bot(state: TEState, seat: int, rng_seed: str) -> dict:
    """The stronger bot on ``seat``'s view of ``state`` (the platform's ``timeout`` order when
    the seat owes nothing, as ``greedy_bot``)."""
    if state.finished or decider(state) != seat:
        return {"type": "timeout", "player": seat}
    return strong_order(view(state, seat), rng_seed)


def _know(e: _Eval, v: dict) -> Know:
    return Know(me=e.me, hand=dict(e.hand), w=dict(e.w),
                hand_sizes=tuple(int(p["hand_size"]) for p in v["players"]), unseen=dict(e.unseen))


# ---- the action ------------------------------------------------------------------------
def _action(e: _Eval, k: Know, orders: list[dict], rng: random.Random) -> dict:
    """The best of: the greedy bot's tile, leader and pass scores (ties drawn by ``rng``);
    a catastrophe or a swap when its score beats them strictly."""
    scored: list[tuple[float, dict]] = []
    best_tile = {c: -9.0 for c in COLOURS}
    cats: list[dict] = []
    swaps = False
    for o in orders:
        t = o["type"]
        if t == "tile":
            c = o["colour"]
            sc = _tile_score(e, c, (o["to"][0], o["to"][1]))
            best_tile[c] = max(best_tile[c], sc)
        elif t == "leader":
            sc = _leader_score(e, o["colour"], (o["to"][0], o["to"][1])) - _stay(e, o["colour"])
        elif t == "pass":
            sc = PASS
        else:
            if t == "catastrophe":
                cats.append(o)
            swaps = swaps or t == "swap"
            continue
        scored.append((sc, o))
    scored = _look(e, k, scored)
    top = max(sc for sc, _ in scored)
    extra = [x for x in (catastrophe_choice(e, k, cats), swap_choice(e, best_tile) if swaps else None)
             if x is not None]
    if extra:
        sc, o = max(extra, key=lambda x: x[0])
        if sc > top + 1e-9:
            return o
    best = [o for sc, o in scored if sc >= top - 1e-9]
    return best[rng.randrange(len(best))]


def _look(e: _Eval, k: Know, scored: list[tuple[float, dict]]) -> list[tuple[float, dict]]:
    """The ``LOOK`` best tile actions that start no conflict, each re-scored by its greedy
    score plus the worth it adds (``worth.py``: the monument blocks it opens to the others
    or to the seat, the wars it exposes leaders to, the support it adds), the tile put on a
    copy of the information state."""
    s = e.s
    quiet = [(sc, i) for i, (sc, o) in enumerate(scored)
             if o["type"] == "tile" and len(e.near.get((o["to"][0], o["to"][1]), ())) < 2]
    quiet.sort(key=lambda x: -x[0])
    if not quiet:
        return scored
    before = worth(s, k, e.regs)
    out = list(scored)
    for sc, i in quiet[:LOOK]:
        o = scored[i][1]
        t = replace(s, tiles=dict(s.tiles))
        t.tiles[(o["to"][0], o["to"][1])] = o["colour"]
        out[i] = (sc + worth(t, k) - before, o)
    return out


def _stay(e: _Eval, colour: str) -> float:
    """What the seat's leader of ``colour`` is worth where it stands (the greedy bot's score of
    a placement there): a move must beat it, so that leaders do not wander between equal
    squares (0 for a leader in supply)."""
    cur = e.s.leader_square(e.me, colour)
    if cur is None:
        return 0.0
    i = e.regs.of.get(cur)
    return 0.8 * e.w[colour] + 0.1 * (e.faceup[i][colour] if i is not None else 0)


def catastrophe_squares(e: _Eval) -> set[Square]:
    """The squares where a catastrophe can change the worth (module docstring)."""
    s = e.s
    out: set[Square] = set()
    for q in s.leaders:
        out.update(n for n in s.nb(q) if s.face_up(n, "red"))
    for x, ks in e.near.items():
        if len(ks) >= 2 and s.empty(x):
            out.add(x)
    if any(at is None for at in s.monuments.values()):
        for q, col in s.tiles.items():
            if q in s.face_down:
                continue
            for x in s.nb(q):
                if s.empty(x) and completing(s, x, col):
                    out.add(x)
                    out.update(n for n in s.nb(x) if s.face_up(n, col))
                    out.update(m for n in s.nb(x) for m in s.nb(n) if s.face_up(m, col))
    held = {q for q in s.monuments.values() if q is not None}
    held |= {q for q in (s.buildings or {}).values() if q is not None}
    if s.wonder and s.wonder.get("at") is not None:
        held.add((s.wonder["at"][0], s.wonder["at"][1]))
    for q in held:
        i = e.regs.of.get(q)
        if i is not None and e.regs.king[i]:
            out.update(m for m in e.regs.members[i] if m in s.tiles and m not in s.face_down)
    return out


def catastrophe_choice(e: _Eval, k: Know, orders: list[dict]) -> tuple[float, dict] | None:
    """The catastrophe that gains the most worth, scored by its gain less ``CAT_RESERVE``;
    None when none gains more than the reserve. Ties: the first in reading order."""
    if not orders:
        return None
    s, me = e.s, e.me
    where = catastrophe_squares(e)
    before = worth(s, k, e.regs)
    best: tuple[float, dict] | None = None
    for o in orders:
        q = (o["to"][0], o["to"][1])
        if q not in where:
            continue
        t = replace(s, tiles=dict(s.tiles), catastrophes=set(s.catastrophes),
                    leaders=dict(s.leaders), catastrophes_left=list(s.catastrophes_left),
                    removed=dict(s.removed))
        cat.place(t, me, q, [])
        gain = worth(t, k) - before
        if gain > CAT_RESERVE + 1e-9 and (best is None or gain - CAT_RESERVE > best[0] + 1e-9):
            best = (gain - CAT_RESERVE, o)
    return best


def swap_choice(e: _Eval, best_tile: dict[str, float]) -> tuple[float, dict] | None:
    """The swap of the tiles of no use beyond the reserve, with its expected gain (module
    docstring); None when it does not pay."""
    s, me, hand = e.s, e.me, e.hand
    mine = {c for ow, c in s.leaders.values() if ow == me}
    useful = {c for c in COLOURS if best_tile[c] >= GOOD_TILE or c in mine}
    discard: dict[str, int] = {}
    for c in COLOURS:
        if c in useful:
            continue
        reserve = 2 if c == "red" and mine else 0
        n = hand[c] - min(hand[c], reserve)
        if n > 0:
            discard[c] = n
    n = sum(discard.values())
    if n < SWAP_MIN or len(s.bag) < n:
        return None
    total = max(1, sum(e.unseen.values()))
    good = sum(e.unseen[c] for c in useful) / total
    sc = SWAP_GAIN * n * good * min(1.0, len(s.bag) / SWAP_BAG) - SWAP_COST
    if sc <= 0:
        return None
    return sc, {"type": "swap", "player": me, "tiles": discard}


# ---- building, monument and wonder offers ----------------------------------------------
def offer_gain(s: TEState, k: Know, o: dict, before: float | None = None) -> float:
    """The worth a building, monument or wonder order adds over declining (carried out on a
    copy of the information state, by the rules' own functions)."""
    before = worth(s, k) if before is None else before
    t = replace(s, tiles=dict(s.tiles), face_down=set(s.face_down), leaders=dict(s.leaders),
                monuments=dict(s.monuments), buildings=dict(s.buildings or {}),
                removed=dict(s.removed),
                wonder=({**s.wonder, "squares": list(s.wonder.get("squares") or [])}
                        if s.wonder is not None else None))
    kind = o["type"]
    if kind == "monument":
        mon.build(t, k.me, o["monument"], (o["at"][0], o["at"][1]), s.ctx["monument"], [])
    elif kind == "building":
        bld.choose(t, k.me, o["building"], (o["at"][0], o["at"][1]), s.ctx["building"], [])
    else:
        won.erect(t, k.me, (o["at"][0], o["at"][1]), s.ctx["wonder"], [])
    return worth(t, k) - before


def best_offer(s: TEState, k: Know, orders: list[dict]) -> dict:
    """The offer adding the most worth when it adds more than nothing, else the decline
    (the first order, the one with no square); ties to the first in the rules' order."""
    decline = next(o for o in orders if o.get("at") is None)
    before = worth(s, k)
    best, gain = decline, 0.0
    for o in orders:
        if o.get("at") is None:
            continue
        g = offer_gain(s, k, o, before)
        if g > gain + 1e-9:
            best, gain = o, g
    return best
