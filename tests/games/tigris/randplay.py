"""Seeded random legal play for the additions' tests: orders picked from
``legal.legal_orders`` (tile actions favoured, so that lines, blocks and crosses appear),
now and then a ``timeout``; after each order the invariants hold, the input state is
untouched and the JSON round trip is exact; the log replays to the same digest."""
from __future__ import annotations

import random
from collections import Counter

from tresham.games.tigris import engine
from tresham.games.tigris.invariants import violations
from tresham.games.tigris.legal import legal_orders
from tresham.games.tigris.rules.turn import decider
from tresham.games.tigris.state import TEState


def play(start: TEState, seed: int, orders: int = 300, tile_bias: float = 0.7,
         timeout_rate: float = 0.05, built: bool = False) -> tuple[TEState, list[dict], Counter]:
    """Play up to ``orders`` orders from ``start``; the end state, the log, the decisions met.
    ``built``: ``start`` is a position built by ``helpers.game`` (its Shedu treasures
    cleared), so the treasure count is not checked."""
    rnd = random.Random(seed)
    s = start
    log: list[dict] = []
    seen: Counter = Counter()
    for _ in range(orders):
        if s.finished:
            break
        seat = decider(s)
        legal = legal_orders(s, seat)
        assert legal, f"no legal order in {s.phase}"
        seen[s.phase] += 1
        if rnd.random() < timeout_rate:
            o = {"type": "timeout", "player": seat}
        else:
            tiles = [x for x in legal if x["type"] == "tile"]
            o = rnd.choice(tiles) if s.phase == "action" and tiles and rnd.random() < tile_bias \
                else rnd.choice(legal)
        before = s.digest()
        t, _ = engine.apply(s, o, by_site=True)
        assert s.digest() == before
        bad = [x for x in violations(t) if not (built and x.startswith("treasures:"))]
        assert bad == [], (o, bad)
        assert TEState.loads(t.dumps()).dumps() == t.dumps()
        log.append(o)
        s = t
    return s, log, seen


def replayed(start: TEState, log: list[dict]) -> TEState:
    s = start.copy()
    for o in log:
        engine.apply_in_place(s, o, by_site=True)
    return s
