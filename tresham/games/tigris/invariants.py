"""Checks that hold in every reachable state (for tests and long simulated games).

:func:`violations` lists, in words, what is wrong; [] for a sound state.
"""
from __future__ import annotations

from collections import Counter

from .regions import kingdom_of
from .rules import buildings, wonder
from .rules.common import has_temple
from .rules.treasures import trader_kingdoms
from .state import CATASTROPHES_EACH, COLOURS, HAND_SIZE, MONUMENTS, TILE_COUNTS, TEState


def violations(s: TEState) -> list[str]:
    out: list[str] = []
    n = s.players
    # tiles by colour: bag + hands + board (face up or down) + removed = 153 (TE-BASE-02)
    on_board = Counter(s.tiles.values())
    for c in COLOURS:
        k = s.bag.count(c) + sum(h[c] for h in s.hands) + on_board[c] + s.removed[c]
        if k != TILE_COUNTS[c]:
            out.append(f"{c}: {k} tiles accounted for, not {TILE_COUNTS[c]}")
        if any(h[c] < 0 for h in s.hands):
            out.append(f"a hand holds fewer than 0 {c} tiles")
    # leaders: each dynasty's 4 at most once on the board (TE-BASE-05)
    seen = set()
    for sq, (o, c) in s.leaders.items():
        if (o, c) in seen:
            out.append(f"seat {o}'s {c} leader is on the board twice")
        seen.add((o, c))
        if not 0 <= o < n:
            out.append(f"a leader of seat {o}, who does not play, is on {sq}")
        if sq in s.tiles or sq in s.catastrophes:
            out.append(f"the leader on {sq} shares its square")
        if s.board.is_river(sq):
            out.append(f"the leader on {sq} stands on a river")
    # terrain: farms only on rivers, the other tiles only on land (TE-BASE-35)
    for sq, c in sorted(s.tiles.items(), key=lambda x: (x[0][1], x[0][0])):
        river = s.board.is_river(sq)
        if c == "blue" and not river:
            out.append(f"a farm on land at {sq}")
        if c != "blue" and river:
            out.append(f"a {c} tile on a river at {sq}")
    # catastrophes (TE-BASE-04)
    if sum(s.catastrophes_left) + len(s.catastrophes) != CATASTROPHES_EACH * n:
        out.append("catastrophes: hands + board is not 2 per player")
    if s.catastrophes & set(s.tiles):
        out.append("a tile lies under a catastrophe")
    # monuments (TE-BASE-06/68)
    if sorted(s.monuments) != sorted(MONUMENTS):
        out.append("the monuments are not the six")
    for m, tl in s.monuments.items():
        if tl is not None:
            c, r = tl
            for q in ((c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)):
                if q not in s.face_down or q not in s.tiles:
                    out.append(f"the {m} monument's square {q} is not a face-down tile")
    # treasures (TE-BASE-07, TE-ADVB-05)
    total = len(s.board.shedu)
    if len(s.treasures) + sum(s.collected) != total:
        out.append(f"treasures: {len(s.treasures)} on the board + {sum(s.collected)} collected != {total}")
    if not s.treasures <= set(s.tiles) | wonder.squares(s):  # TE-WON-07: or on the wonder
        out.append("a treasure lies on no tile")
    out += buildings.violations(s) + wonder.violations(s)
    settled = not s.finished and s.conflict is None and s.phase not in ("commit", "war_order")
    if settled:
        # only the kingdoms matter: each filled once from its first leader (as in ``regions``,
        # by their first square in reading order)
        kingdoms: list[list] = []
        done: set = set()
        for sq in s.leaders:
            if sq not in done:
                members = kingdom_of(s, sq)
                done.update(members)
                kingdoms.append(members)
        kingdoms.sort(key=lambda m: (m[0][1], m[0][0]))
        for members in kingdoms:
            cols = Counter(s.leaders[q][1] for q in members if q in s.leaders)
            for c in COLOURS:
                if cols[c] > 1:
                    out.append(f"two {c} leaders share the kingdom of {members[0]}")
        for sq in s.leaders:
            if not has_temple(s, sq):
                out.append(f"the leader on {sq} has no face-up temple beside it")
    if s.phase == "action" and not s.finished:
        if s.unification is not None:  # TE-BASE-61: gone once the tile's wars are over
            out.append(f"the unification marker is still on {s.unification}")
        # TE-BASE-72: collected down to one after each action; the kingdoms with a trader
        # and two treasures or more, filled from their traders only
        for members in trader_kingdoms(s):
            tr = sum(1 for q in members if q in s.treasures)
            if tr > 1 and any(q in s.leaders and s.leaders[q][1] == "green" for q in members):
                out.append(f"the kingdom of {members[0]} holds a trader and {tr} treasures "
                           f"(two treasures or more)")
    if s.phase == "action" and s.actions_left == 2 and s.ctx is None and not s.finished:
        for seat in range(n):
            if sum(s.hands[seat].values()) > HAND_SIZE:
                out.append(f"seat {seat} holds more than 6 tiles at a turn's start")
    return out
