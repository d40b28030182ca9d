"""Today's bots of Tigris & Euphrates (the random legal bot and the greedy bot), deciding on
information states only (``info.py``).

* :func:`random_order`: uniform over ``legal.legal_orders`` for the seat, seeded by the
  ``rng_seed`` string.
* :func:`greedy_order`: scores each candidate action by its immediate VP weighted towards
  the seat's weakest colours (TE-BASE-38/79), treasure gains (TE-BASE-72), the monuments it
  opens for its own leaders (TE-BASE-62/71), the revolts and wars it can win with the tiles
  it holds (TE-BASE-47/55/57), and a leader's prospects; commits what wins when it can,
  else nothing (TE-BASE-48/56). It never plays a catastrophe or a swap and takes the first
  building or wonder offer (the stronger bot, ``strong.py``, builds on it).
"""
from __future__ import annotations

import math
import random

from ..board import Square
from ..engine import view
from ..legal import kingdom_borders, legal_orders, pick_action
from ..regions import Regions, regions
from ..rules.turn import decider
from ..rules.war import supporters, war_sides
from ..state import COLOURS, TEState, monument_colours
from .info import info_state
from .info import unseen as _unseen


# ---- the random legal bot ----------------------------------------------------------------
def random_order(v: dict, rng_seed: str) -> dict:
    """A legal order for the viewing seat, uniform over ``legal.legal_orders``."""
    s = info_state(v)
    seat = v["seat"]
    if s.phase == "action" and not s.finished and decider(s) == seat:
        return pick_action(s, seat, random.Random(rng_seed))  # the same draw, fewer dicts
    orders = legal_orders(s, seat)
    if not orders:
        raise ValueError(f"seat {seat} owes no decision now")
    return random.Random(rng_seed).choice(orders)


# ---- the greedy bot ----------------------------------------------------------------------
class _Eval:
    """What the greedy bot knows of a position, computed once per decision."""

    def __init__(self, s: TEState, v: dict) -> None:
        self.s = s
        self.v = v
        self.me = v["seat"]
        self.regs: Regions = regions(s)
        #: the kingdoms each square borders (TE-BASE-36)
        self.near = kingdom_borders(s, self.regs)
        pts = s.points[self.me]
        lo, hi = min(pts.values()), max(pts.values())
        #: the worth of 1 VP of each colour: 2 for the weakest, down to 1 for the strongest
        self.w = {c: 1.0 + (hi - pts[c]) / (hi - lo) if hi > lo else 1.5 for c in COLOURS}
        self.treasure_worth = 2.0
        self.unseen = _unseen(s, self.me)
        self.unseen_total = max(1, sum(self.unseen.values()))
        self.hand = s.hands[self.me]
        # each region's face-up tiles by colour, treasures and leaders (owner, colour)
        self.faceup: list[dict[str, int]] = []
        self.treasures: list[int] = []
        self.lead: list[list[tuple[Square, int, str]]] = []
        for i, mem in enumerate(self.regs.members):
            cnt = {c: 0 for c in COLOURS}
            for q in mem:
                c = s.tiles.get(q)
                if c is not None and q not in s.face_down:
                    cnt[c] += 1
            self.faceup.append(cnt)
            self.treasures.append(sum(1 for q in mem if q in s.treasures))
            self.lead.append(self.regs.leaders(s, i))

    def their_tiles(self, seat: int, colour: str) -> int:
        """A cautious guess at the tiles of ``colour`` another seat holds: its expected
        share of the unseen tiles plus one, at most its hand and the unseen ones."""
        size = self.v["players"][seat]["hand_size"]
        exp = size * self.unseen[colour] / self.unseen_total
        return min(size, self.unseen[colour], math.ceil(exp) + 1)

    def temples(self, sq: Square) -> int:
        return sum(1 for n in self.s.nb(sq) if self.s.face_up(n, "red"))


def greedy_order(v: dict, rng_seed: str) -> dict:
    """The greedy bot's order for the viewing seat (module docstring)."""
    s = info_state(v)
    me = v["seat"]
    orders = legal_orders(s, me)
    if not orders:
        raise ValueError(f"seat {me} owes no decision now")
    rng = random.Random(rng_seed)
    p = s.phase
    if p == "action":
        return _best_action(_Eval(s, v), orders, rng)
    if p == "commit":
        return _commit(_Eval(s, v), orders)
    if p == "monument":
        return _monument(_Eval(s, v), orders)
    if p == "war_order":
        return _war_order(_Eval(s, v), orders)
    if p == "wonder_point":
        pts = s.points[me]
        return min(orders, key=lambda o: (pts.get(o.get("colour"), 0), COLOURS.index(o["colour"])
                                          if o.get("colour") in COLOURS else 9))
    # treasure (all alike to the bot), building, wonder: take the first that does something
    doing = [o for o in orders if any(o.get(k) is not None for k in ("at", "building", "monument"))]
    return (doing or orders)[0]


def _commit(e: _Eval, orders: list[dict]) -> dict:
    """Commit the fewest tiles that win (TE-BASE-49/57: ties to the defender), when the
    hand allows; else the fewest allowed (nothing in the base game)."""
    c = e.s.conflict
    side = "attacker" if c["attacker_committed"] is None else "defender"
    counts = sorted(o["tiles"] for o in orders)
    mine = c[f"{side}_strength"]
    if side == "defender":
        need = c["attacker_strength"] + c["attacker_committed"] - mine  # a tie holds
    else:
        need = c["defender_strength"] + e.their_tiles(c["defender"], c["colour"]) - mine + 1
    need = max(0, need)
    ok = [n for n in counts if n >= need]
    n = ok[0] if ok else counts[0]
    return next(o for o in orders if o["tiles"] == n)


def _monument(e: _Eval, orders: list[dict]) -> dict:
    """Build the monument whose colours the seat's leaders in that kingdom hold, the weakest
    colour first (TE-BASE-71); decline when none scores for it."""
    best, best_score = orders[0], 0.0
    for o in orders:
        if o.get("monument") is None:
            continue
        at = tuple(o["at"])
        i = e.regs.of.get(at)
        mine = {c for _, ow, c in e.regs.leaders(e.s, i) if ow == e.me} if i is not None else set()
        sc = sum(e.w[c] for c in monument_colours(o["monument"]) if c in mine)
        if sc > best_score:
            best, best_score = o, sc
    return best


def _war_order(e: _Eval, orders: list[dict]) -> dict:
    """The war the seat is likeliest to win first (its supporters against the other side's)."""
    sides = war_sides(e.s)

    def edge(o: dict) -> float:
        col = o["colour"]
        (sq1, o1), (sq2, o2) = sides[col]
        a, b = len(supporters(e.s, sq1, col)), len(supporters(e.s, sq2, col))
        if o1 == e.me:
            return a + e.hand[col] - b
        if o2 == e.me:
            return b + e.hand[col] - a
        return -99.0

    return max(orders, key=lambda o: (edge(o), -COLOURS.index(o["colour"])))


def _best_action(e: _Eval, orders: list[dict], rng: random.Random) -> dict:
    """The action with the best score; equal scores drawn at random (seeded)."""
    scored: list[tuple[float, dict]] = []
    for o in orders:
        t = o["type"]
        if t == "tile":
            sc = _tile_score(e, o["colour"], (o["to"][0], o["to"][1]))
        elif t == "leader":
            sc = _leader_score(e, o["colour"], (o["to"][0], o["to"][1]))
        elif t == "pass":
            sc = -0.5
        else:  # withdraw, catastrophe, swap: not worth an action to this bot
            continue
        scored.append((sc, o))
    if not scored:
        return orders[0]
    top = max(sc for sc, _ in scored)
    best = [o for sc, o in scored if sc >= top - 1e-9]
    return best[rng.randrange(len(best))]


def _tile_score(e: _Eval, colour: str, q: Square) -> float:
    s, regs, me = e.s, e.regs, e.me
    ks = sorted(e.near.get(q, ()))
    if len(ks) == 2:
        return _war_score(e, colour, q, ks)
    sc = 0.0
    if len(ks) == 1:
        lead = e.lead[ks[0]]
        same = [ow for _, ow, c in lead if c == colour]
        king = [ow for _, ow, c in lead if c == "black"]
        got = (same or king or [None])[0]
        if got == me:
            sc += e.w[colour]  # TE-BASE-38
        elif got is not None:
            sc -= 0.3
        elif any(ow == me for _, ow, _c in lead):
            sc += 0.1  # it strengthens a kingdom of ours
    # the regions it links: treasures for our trader (TE-BASE-72)
    around = regs.around(s, q)
    if around:
        lead = [x for i in around for x in e.lead[i]]
        traders = [ow for _, ow, c in lead if c == "green"]
        tr = sum(e.treasures[i] for i in around)
        if traders and traders[0] == me and tr >= 2:
            sc += (tr - 1) * e.treasure_worth
        # a monument our leaders there would score from (TE-BASE-62/71)
        mine = {c for _, ow, c in lead if ow == me}
        if mine and _opens_monument(s, colour, q):
            free = [m for m, at in s.monuments.items() if at is None and colour in monument_colours(m)]
            sc += max((sum(e.w[c] for c in monument_colours(m) if c in mine) for m in free), default=0.0)
    return sc


def _opens_monument(s: TEState, colour: str, q: Square) -> bool:
    """A ``colour`` tile on ``q`` completes a 2x2 block of face-up ``colour`` tiles."""
    tiles, down = s.tiles, s.face_down
    same = [n for n in s.nb(q) if tiles.get(n) == colour and n not in down]
    if len(same) < 2:
        return False
    c, r = q
    for tc, tr in ((c - 1, r - 1), (c, r - 1), (c - 1, r), (c, r)):
        blk = [(tc, tr), (tc + 1, tr), (tc, tr + 1), (tc + 1, tr + 1)]
        if all(b == q or (tiles.get(b) == colour and b not in down) for b in blk):
            return True
    return False


def _war_score(e: _Eval, colour: str, q: Square, ks: list[int]) -> float:
    """A uniting tile (TE-BASE-37/51): the wars it starts, won or lost with the tiles in
    hand against a cautious guess at the other side's (TE-BASE-55/57/59)."""
    s, regs, me = e.s, e.regs, e.me
    sides: dict[str, list[tuple[Square, int, int]]] = {}
    for i in ks:
        for sq, ow, c in e.lead[i]:
            sides.setdefault(c, []).append((sq, ow, i))
    sc = 0.0
    for c, xs in sides.items():
        if len({i for _, _, i in xs}) < 2:
            continue
        mine = [x for x in xs if x[1] == me]
        if not mine:
            continue
        other = [x for x in xs if x[1] != me]
        if not other:
            continue
        msq, _, mi = mine[0]
        osq, ow, oi = other[0]
        sup_me, sup_them = e.faceup[mi][c], e.faceup[oi][c]
        hand = e.hand[c] - (1 if c == colour else 0)
        if sup_me + hand > sup_them + e.their_tiles(ow, c):
            sc += (sup_them + 1) * e.w[c]
        else:
            sc -= (sup_me + 1) * e.w[c]
    return sc


def _leader_score(e: _Eval, colour: str, q: Square) -> float:
    s, regs, me = e.s, e.regs, e.me
    cur = s.leader_square(me, colour)
    sc = -0.6 if cur is not None else 0.0  # a move undoes a position
    ks = sorted(e.near.get(q, ()))
    if cur is not None and any(cur in regs.members[i] for i in ks):
        return -1.0  # shuffling within its own kingdom
    if not ks:
        return sc + 0.3 * e.w[colour]
    lead = e.lead[ks[0]]
    rival = [(sq, ow) for sq, ow, c in lead if c == colour and ow != me]
    if rival:  # a revolt (TE-BASE-33/47/48): temples around each leader plus red tiles
        rsq, rown = rival[0]
        mine = e.temples(q) + e.hand["red"]
        theirs = e.temples(rsq) + e.their_tiles(rown, "red")
        return sc + (e.w["red"] + 1.0 if mine > theirs else -1.5)
    if any(c == colour for _, _, c in lead):
        return -1.0  # our own leader of that colour is already there (cannot happen twice)
    sc += 0.8 * e.w[colour] + 0.1 * e.faceup[ks[0]][colour]
    if colour == "green":
        tr = e.treasures[ks[0]]
        if tr >= 2:
            sc += (tr - 1) * e.treasure_worth  # TE-BASE-72: the trader collects at once
    return sc


def _owes(state: TEState, seat: int) -> bool:
    return not state.finished and decider(state) == seat


def greedy_bot(state: TEState, seat: int, rng_seed: str) -> dict:
    """The engine's bot: the greedy bot on ``seat``'s view of ``state`` (the platform's
    ``timeout`` order when the seat owes nothing, which the rules then refuse)."""
    if not _owes(state, seat):
        return {"type": "timeout", "player": seat}
    return greedy_order(view(state, seat), rng_seed)


def random_bot(state: TEState, seat: int, rng_seed: str) -> dict:
    """The random legal bot on ``seat``'s view of ``state`` (as :func:`greedy_bot`)."""
    if not _owes(state, seat):
        return {"type": "timeout", "player": seat}
    return random_order(view(state, seat), rng_seed)
