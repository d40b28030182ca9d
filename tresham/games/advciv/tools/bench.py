"""Engine benchmark: full bot playouts, medians per game, per order and per bot decision.

Whole-game figures include the engine and the bots' own thinking; invariant checks and the
replay check are off (engine time only)."""
from __future__ import annotations

import resource
import statistics
import time

from ..bots.heuristic import heuristic_bot
from ..bots.random_bot import random_bot
from .sim import play_game


def _timed(bot, sink: list[float]):
    def wrapped(state, seat, rng):
        t0 = time.perf_counter()
        out = bot(state, seat, rng)
        sink.append((time.perf_counter() - t0) * 1000)
        return out

    return wrapped


def _playouts(bot, players: int, games: int, turns: int, seed: int) -> dict:
    per_game, per_order, orders, decisions, turns_played, finished = [], [], [], [], [], 0
    for i in range(games):
        bots = {s: _timed(bot, decisions) for s in range(players)}
        t0 = time.perf_counter()
        rec = play_game(players, seed + i, bots=bots, turns=turns, check=False, replay=False)
        dt = (time.perf_counter() - t0) * 1000
        per_game.append(dt)
        orders.append(len(rec.orders))
        turns_played.append(rec.turns)
        finished += rec.finished
        if rec.orders:
            per_order.append(dt / len(rec.orders))
    return {
        "ms_per_game_median": round(statistics.median(per_game), 2),
        "orders_per_game_median": statistics.median(orders),
        "ms_per_order_median": round(statistics.median(per_order), 4) if per_order else None,
        "decision_ms_median": round(statistics.median(decisions), 4) if decisions else None,
        "decision_ms_p90": round(statistics.quantiles(decisions, n=10)[-1], 4) if len(decisions) > 10 else None,
        "decision_ms_max": round(max(decisions), 2) if decisions else None,
        "turns_played_median": statistics.median(turns_played),
        "finished": finished,
    }


def bench_engine(players: int = 7, games: int = 5, turns: int = 60, seed: int = 1) -> dict:
    """Random-legal and heuristic playouts with a turn cap. ``*_turns_played_median`` is the
    turns the games really lasted; ``*_games_finished`` how many of them ended (by the rules'
    end, 34.1A, or at the cap, 34.1B) rather than being cut by the order budget."""
    rnd = _playouts(random_bot, players, games, turns, seed)
    heu = _playouts(heuristic_bot, players, games, turns, seed)
    return {
        "players": players,
        "games": games,
        "turn_cap": turns,
        "random_ms_per_game_median": rnd["ms_per_game_median"],
        "random_orders_per_game_median": rnd["orders_per_game_median"],
        "random_ms_per_order_median": rnd["ms_per_order_median"],
        "heuristic_ms_per_game_median": heu["ms_per_game_median"],
        "heuristic_orders_per_game_median": heu["orders_per_game_median"],
        "heuristic_ms_per_order_median": heu["ms_per_order_median"],
        "heuristic_decision_ms_median": heu["decision_ms_median"],
        "heuristic_decision_ms_p90": heu["decision_ms_p90"],
        "heuristic_decision_ms_max": heu["decision_ms_max"],
        "random_turns_played_median": rnd["turns_played_median"],
        "heuristic_turns_played_median": heu["turns_played_median"],
        "random_games_finished": rnd["finished"],
        "heuristic_games_finished": heu["finished"],
        "peak_memory_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
