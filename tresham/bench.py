"""Engine benchmark: full bot playouts, medians per game and per order, peak memory."""
from __future__ import annotations

import resource
import statistics
import time

from .sim import play_game


def bench_engine(players: int = 7, games: int = 5, turns: int = 60, seed: int = 1) -> dict:
    """Random-legal playouts with a turn cap (no invariant checks or replay: engine time only)."""
    per_game, per_order, orders = [], [], []
    for i in range(games):
        t0 = time.perf_counter()
        rec = play_game(players, seed + i, turns=turns, check=False, replay=False)
        dt = time.perf_counter() - t0
        per_game.append(dt * 1000)
        orders.append(len(rec.orders))
        if rec.orders:
            per_order.append(dt * 1000 / len(rec.orders))
    return {
        "players": players,
        "games": games,
        "turn_cap": turns,
        "random_ms_per_game_median": round(statistics.median(per_game), 2),
        "heuristic_ms_per_game_median": None,
        "orders_per_game_median": statistics.median(orders),
        "ms_per_order_median": round(statistics.median(per_order), 4) if per_order else None,
        "peak_memory_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
