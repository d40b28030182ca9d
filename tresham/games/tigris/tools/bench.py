"""Tigris & Euphrates benchmark (``tresham bench tigris``): whole games of the random legal
bot, no checks (engine and bot time only), in several runs.

Reported: random games per second (the median of the runs), the median time of one
``engine.apply`` (the pure apply the platform calls: a copy of the state plus the rules)
over every order of every run, and the greedy bot's median decision time over one game a
run. Players cycle 2, 3, 4 unless given."""
from __future__ import annotations

import resource
import statistics
import time
from collections import Counter

from ..bots import greedy_bot
from .playout import play

RUNS = 5


def bench_tigris(players: int | None = None, games: int = 10, runs: int = RUNS, seed: int = 1,
                 options: dict | None = None) -> dict:
    """``runs`` runs of ``games`` random-bot games each (module docstring)."""
    gps, apply_s, orders, ends, decisions = [], [], [], Counter(), []

    def timed_greedy(state, seat, rng_seed):
        t0 = time.perf_counter()
        out = greedy_bot(state, seat, rng_seed)
        decisions.append(time.perf_counter() - t0)
        return out

    for r in range(runs):
        t0 = time.perf_counter()
        for g in range(games):
            n = players or 2 + g % 3
            rec = play({"players": n, **(options or {})}, seed + r * games + g, check=False,
                       replay=False, timed=True)
            apply_s += rec.apply_seconds
            orders.append(len(rec.orders))
            ends[rec.end or "unfinished"] += 1
        gps.append(games / (time.perf_counter() - t0))
        n = players or 2 + r % 3
        play({"players": n, **(options or {})}, seed + 10_000 + r, {s: timed_greedy for s in range(n)},
             check=False, replay=False)
    ms = sorted(x * 1000 for x in apply_s)
    return {
        "game": "tigris",
        "players": players or "2-4",
        "options": options or {},
        "runs": runs,
        "games_per_run": games,
        "random_games_per_second_median": round(statistics.median(gps), 2),
        "random_games_per_second_runs": [round(x, 2) for x in gps],
        "orders_per_game_median": statistics.median(orders),
        "apply_ms_per_order_median": round(statistics.median(ms), 4),
        "apply_ms_per_order_p90": round(ms[int(0.9 * (len(ms) - 1))], 4),
        "greedy_decision_ms_median": round(statistics.median(decisions) * 1000, 3),
        "ends": dict(sorted(ends.items())),
        "peak_memory_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
