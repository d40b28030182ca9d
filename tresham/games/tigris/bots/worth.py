"""What a position is worth to one seat, for the stronger bot (``strong.py``, SITE-BOT-06).

:func:`worth` is the seat's standing minus the mean of the others', in weighted VP, from
what the seat may know only (:class:`Know`: its hand and weights, the others' hand sizes,
the unseen tiles). The stronger bot compares the worth of a position before and after an
order it cannot score by its immediate VP alone (a catastrophe, a monument, a building, the
wonder); the difference is what the order pays.

Each seat's standing, summed over (the constants below are the bot's rulings, docs/tigris.md):

* each leader on the board: ``LEADER`` plus ``SUPPORT`` per face-up tile of its colour in its
  kingdom (at most 6: its strength in a war, TE-BASE-55) plus ``TEMPLE`` per temple beside
  it (at most 3: its strength in a revolt, TE-BASE-47);
* each monument: ``HORIZON`` turns of 1 VP of a colour for each leader of that colour in its
  kingdom (TE-BASE-71); the wonder: ``HORIZON`` VP for the king in its kingdom (TE-WON-06);
* each building: ``BUILDING`` for the leader of its colour in its kingdom, half that for the
  king when no leader of the colour is there (its tiles score 2, TE-BLD-07);
* the best open monument block (three face-up tiles of a colour and a free fourth square,
  a free monument of the colour, TE-BASE-62): ``PROSPECT_MINE`` (the seat's own) or
  ``PROSPECT_THEIRS`` (another's, who moves next) of the monument's income to the leaders
  beside it;
* the worst war a tile on an empty square would start against the seat's leader (two
  kingdoms, a leader of the same colour in each, TE-BASE-51/55), when the other side's
  supporters and guessed tiles beat the seat's supporters and tiles: minus ``THREAT_MINE``
  (the seat, whose opponent moves next) or ``THREAT_THEIRS`` of the leader and its
  supporters.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..board import Square
from ..legal import kingdom_borders
from ..regions import Regions, regions
from ..state import BUILDINGS, COLOURS, TEState, monument_colours

LEADER = 2.0
SUPPORT = 0.15
TEMPLE = 0.2
HORIZON = 3.0
BUILDING = 1.5
PROSPECT_MINE = 0.3
PROSPECT_THEIRS = 0.6
THREAT_MINE = 0.6
THREAT_THEIRS = 0.3


@dataclass(frozen=True)
class Know:
    """What the seat ``me`` knows beyond the board: its hand, its colour weights (1 VP of its
    weakest colour worth most, ``greedy._Eval.w``), each seat's hand size and the tiles of
    each colour it has not seen."""

    me: int
    hand: dict[str, int]
    w: dict[str, float]
    hand_sizes: tuple[int, ...]
    unseen: dict[str, int]

    def weight(self, seat: int, colour: str) -> float:
        """1 VP of ``colour`` to ``seat``: its own weights for the seat, 1.5 (the mean) for
        the others, whose points it cannot see."""
        return self.w[colour] if seat == self.me else 1.5

    def tiles(self, seat: int, colour: str) -> int:
        """The tiles of ``colour`` ``seat`` holds: its own hand exactly; for another a cautious
        guess, its share of the unseen tiles plus one, at most its hand and the unseen ones
        (as the greedy bot guesses)."""
        if seat == self.me:
            return self.hand[colour]
        size = self.hand_sizes[seat]
        total = max(1, sum(self.unseen.values()))
        return min(size, self.unseen[colour], math.ceil(size * self.unseen[colour] / total) + 1)


def _faceup(s: TEState, mem: list[Square]) -> dict[str, int]:
    out = {c: 0 for c in COLOURS}
    down, tiles = s.face_down, s.tiles
    for q in mem:
        c = tiles.get(q)
        if c is not None and q not in down:
            out[c] += 1
    return out


def standings(s: TEState, k: Know, regs: Regions | None = None) -> list[float]:
    """Each seat's standing (module docstring)."""
    regs = regs or regions(s)
    n = s.players
    per = [0.0] * n
    up = [_faceup(s, mem) for mem in regs.members]
    lead = [regs.leaders(s, i) for i in range(len(regs.members))]
    for sq, (ow, c) in s.leaders.items():
        i = regs.of.get(sq)
        sup = min(6, up[i][c]) if i is not None else 0
        temples = min(3, sum(1 for m in s.nb(sq) if s.face_up(m, "red")))
        per[ow] += LEADER + SUPPORT * sup + TEMPLE * temples
    for m, at in s.monuments.items():
        i = regs.of.get(at) if at is not None else None
        if i is None:
            continue
        cols = monument_colours(m)
        for _, ow, c in lead[i]:
            if c in cols:
                per[ow] += HORIZON * k.weight(ow, c)
    w = s.wonder
    if w and w.get("at") is not None:
        i = regs.of.get((w["at"][0], w["at"][1]))
        if i is not None:
            for _, ow, c in lead[i]:
                if c == "black":
                    per[ow] += HORIZON * 1.5
    for b, at in (s.buildings or {}).items():
        i = regs.of.get(at) if at is not None else None
        if i is None:
            continue
        col = BUILDINGS[b]
        by = {c: ow for _, ow, c in lead[i]}
        if col in by:
            per[by[col]] += BUILDING
        elif "black" in by:
            per[by["black"]] += BUILDING / 2
    pros = _prospects(s, k, regs, lead)
    threats = _threats(s, k, regs, lead, up)
    for p in range(n):
        mine = p == k.me
        per[p] += (PROSPECT_MINE if mine else PROSPECT_THEIRS) * pros[p]
        per[p] -= (THREAT_MINE if mine else THREAT_THEIRS) * threats[p]
    return per


def worth(s: TEState, k: Know, regs: Regions | None = None) -> float:
    """The seat's standing minus the mean of the others' (module docstring)."""
    per = standings(s, k, regs)
    others = [x for p, x in enumerate(per) if p != k.me]
    return per[k.me] - (sum(others) / len(others) if others else 0.0)


def completing(s: TEState, q: Square, colour: str) -> bool:
    """A ``colour`` tile on the empty ``q`` would complete a 2x2 block of face-up ``colour``
    tiles (TE-BASE-62)."""
    c, r = q
    for tc, tr in ((c - 1, r - 1), (c, r - 1), (c - 1, r), (c, r)):
        blk = ((tc, tr), (tc + 1, tr), (tc, tr + 1), (tc + 1, tr + 1))
        if all(b == q or s.face_up(b, colour) for b in blk):
            return True
    return False


def _prospects(s: TEState, k: Know, regs: Regions, lead: list) -> list[float]:
    """Each seat's best open monument block: the income of the best free monument of the
    block's colour to its leaders in the regions beside the free square."""
    out = [0.0] * s.players
    free = [m for m, at in s.monuments.items() if at is None]
    if not free:
        return out
    rivers = s.board.rivers
    seen: set[tuple[Square, str]] = set()
    for q, col in s.tiles.items():
        if q in s.face_down:
            continue
        for x in s.nb(q):
            if (x, col) in seen or not s.empty(x) or (x in rivers) != (col == "blue"):
                continue
            seen.add((x, col))
            if sum(1 for m in s.nb(x) if s.face_up(m, col)) < 2 or not completing(s, x, col):
                continue
            near = {regs.of[m] for m in s.nb(x) if m in regs.of}
            leaders = [(ow, c) for i in near for _, ow, c in lead[i]]
            for p in range(s.players):
                cols = {c for ow, c in leaders if ow == p}
                best = max((sum(k.weight(p, c) for c in monument_colours(m) if c in cols)
                            for m in free if col in monument_colours(m)), default=0.0)
                out[p] = max(out[p], HORIZON * best)
    return out


def _threats(s: TEState, k: Know, regs: Regions, lead: list, up: list) -> list[float]:
    """Each seat's worst war a tile on an empty square could start and the seat lose: its
    leader (``LEADER``) and its supporters (TE-BASE-58/59)."""
    out = [0.0] * s.players
    near = kingdom_borders(s, regs)
    done: set[tuple[int, int]] = set()
    for x, ks in near.items():
        if len(ks) != 2 or not s.empty(x):
            continue
        a, b = sorted(ks)
        if (a, b) in done:
            continue
        done.add((a, b))
        la = {c: ow for _, ow, c in lead[a]}
        lb = {c: ow for _, ow, c in lead[b]}
        for c in COLOURS:
            if c not in la or c not in lb or la[c] == lb[c]:
                continue
            for (mine, ow), (theirs, tw) in (((a, la[c]), (b, lb[c])), ((b, lb[c]), (a, la[c]))):
                my = up[mine][c] + k.tiles(ow, c)
                their = up[theirs][c] + k.tiles(tw, c)
                if their > my:
                    out[ow] = max(out[ow], LEADER + up[mine][c] * k.weight(ow, c))
    return out
