"""Whole games of Tigris & Euphrates played by bots, for the long tests and the benchmark.

:func:`play` plays one game from ``options`` and ``seed`` with a bot per seat (the random
legal bot by default), through the pure ``engine.apply``, and checks as it goes (unless
``check`` is off): ``invariants.violations`` after every order, the exact JSON round trip
(``loads(dumps(s))`` keeps the digest) and an untouched input state every
``sample_every`` orders, and, at the end, the log's replay from options, seed and orders
to the same digest. A game that reaches ``max_orders`` orders without ending has stalled.
Each decision's bot seed is ``"{seed}:bot:{k}:{seat}"`` (``k`` the order's index), like the
platform's.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

from .. import engine, invariants
from ..bots import random_bot
from ..rules.end import places, score_vector
from ..rules.turn import decider
from ..state import TEState

Bot = Callable[[TEState, int, str], dict]


@dataclass
class Record:
    """One game's outcome and what the checks found."""

    options: dict
    seed: int | str
    orders: list[dict] = field(default_factory=list)
    finished: bool = False
    #: "treasures" (TE-BASE-75), "bag" (TE-BASE-76) or "" when it did not end
    end: str = ""
    end_reason: str = ""
    stalled: bool = False
    turns: int = 0
    treasures_left: int = 0
    bag_left: int = 0
    #: (order index, the violations after it)
    violations: list[tuple[int, list[str]]] = field(default_factory=list)
    #: orders after which the JSON round trip changed the digest, or apply changed its input
    roundtrip_failures: list[int] = field(default_factory=list)
    roundtrips: int = 0
    replay_ok: bool | None = None
    places: list[int] = field(default_factory=list)
    scores: list[tuple[int, ...]] = field(default_factory=list)
    #: seconds inside ``engine.apply`` for each order (``timed``)
    apply_seconds: list[float] = field(default_factory=list)


def end_kind(s: TEState) -> str:
    """How a finished game ended: "treasures" (2 or fewer left, TE-BASE-75) or "bag" (a draw
    the bag could not complete, TE-BASE-76)."""
    if not s.finished:
        return ""
    return "bag" if "TE-BASE-76" in s.end_reason else "treasures"


def play(options: dict, seed: int | str, bots: dict[int, Bot] | None = None, *,
         max_orders: int = 2000, check: bool = True, sample_every: int = 25,
         replay: bool = True, timed: bool = False) -> Record:
    """Play one game (module docstring); ``bots`` by seat, the random bot for the others."""
    s = engine.new_game(options, seed)
    rec = Record(options=dict(s.options), seed=seed)
    bots = bots or {}
    orders = rec.orders
    while not s.finished:
        if len(orders) >= max_orders:
            rec.stalled = True
            break
        seat = decider(s)
        o = bots.get(seat, random_bot)(s, seat, f"{seed}:bot:{len(orders)}:{seat}")
        sample = check and sample_every and (len(orders) + 1) % sample_every == 0
        before = s.digest() if sample else ""
        if timed:
            t0 = time.perf_counter()
            new, _ = engine.apply(s, o)
            rec.apply_seconds.append(time.perf_counter() - t0)
        else:
            new, _ = engine.apply(s, o)
        orders.append(o)
        if check:
            v = invariants.violations(new)
            if v:
                rec.violations.append((len(orders) - 1, v))
            if sample:
                rec.roundtrips += 1
                if s.digest() != before or TEState.loads(new.dumps()).digest() != new.digest():
                    rec.roundtrip_failures.append(len(orders) - 1)
        s = new
    rec.finished = s.finished
    rec.end = end_kind(s)
    rec.end_reason = s.end_reason
    rec.turns = s.turn
    rec.treasures_left = len(s.treasures)
    rec.bag_left = len(s.bag)
    if s.finished:
        rec.places = places(s)
        rec.scores = [score_vector(s, p) for p in range(s.players)]
    if replay:
        rec.replay_ok = engine.replay(options, seed, orders).digest() == s.digest()
    return rec
