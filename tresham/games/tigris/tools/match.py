"""Bot against bot over many two-player games, for measuring a bot's strength (SITE-BOT-06:
the stronger bot against today's greedy one; ``tresham tigris-match``).

Game ``g`` is played from seed ``seed + g``; the start player is the seed's own draw
(TE-Z-05), and the new bot takes the starting seat in the even games and the other seat in
the odd ones, so each bot starts half the games. A game is won by the better score vector
(TE-BASE-79/80: the lowest colour, then the next), drawn when the vectors are equal. The
margin is the new bot's score (its lowest colour with the treasures, TE-BASE-78) minus the
other's. Decision times are the bots' own, per decision; game time is the whole game
(engine and both bots).
"""
from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, field
from typing import Callable

from .. import engine
from ..bots import greedy_bot, strong_bot
from .playout import Bot, play


@dataclass
class Game:
    seed: int
    new_seat: int
    new_started: bool
    result: str  # "win", "loss", "draw" for the new bot; "unfinished"
    new_score: tuple[int, ...] = ()
    old_score: tuple[int, ...] = ()
    seconds: float = 0.0
    orders: int = 0
    new_kinds: dict[str, int] = field(default_factory=dict)

    @property
    def margin(self) -> int:
        return self.new_score[0] - self.old_score[0] if self.new_score and self.old_score else 0


def _timed(bot: Bot, into: list[float]) -> Bot:
    def run(state, seat, rng_seed):
        t0 = time.perf_counter()
        out = bot(state, seat, rng_seed)
        into.append(time.perf_counter() - t0)
        return out
    return run


def play_match(games: int, seed: int = 1, new: Bot = strong_bot, old: Bot = greedy_bot,
               options: dict | None = None,
               progress: Callable[[Game], None] | None = None) -> tuple[list[Game], dict]:
    """``games`` two-player games of ``new`` against ``old`` (module docstring): the games
    and the summary (:func:`summary`)."""
    opts = {"players": 2, **(options or {})}
    out: list[Game] = []
    new_ms: list[float] = []
    old_ms: list[float] = []
    for g in range(games):
        sd = seed + g
        start = engine.new_game(opts, sd).start_player
        new_seat = start if g % 2 == 0 else 1 - start
        bots = {new_seat: _timed(new, new_ms), 1 - new_seat: _timed(old, old_ms)}
        t0 = time.perf_counter()
        rec = play(opts, sd, bots, check=False, replay=False)
        secs = time.perf_counter() - t0
        kinds: dict[str, int] = {}
        for o in rec.orders:
            if o.get("player") == new_seat:
                kinds[o["type"]] = kinds.get(o["type"], 0) + 1
        if not rec.finished:
            game = Game(sd, new_seat, new_seat == start, "unfinished", seconds=secs,
                        orders=len(rec.orders), new_kinds=kinds)
        else:
            mine, theirs = rec.scores[new_seat], rec.scores[1 - new_seat]
            res = "win" if mine > theirs else "loss" if mine < theirs else "draw"
            game = Game(sd, new_seat, new_seat == start, res, mine, theirs, secs, len(rec.orders), kinds)
        out.append(game)
        if progress:
            progress(game)
    return out, summary(out, new_ms, old_ms, seed)


def summary(gs: list[Game], new_ms: list[float] | None = None, old_ms: list[float] | None = None,
            seed: int | None = None) -> dict:
    """Win share (draws half), wins, losses, draws, its 95% interval (normal approximation),
    the mean margin and its standard error, the median game time, the bots' median decision
    times, the new bot's catastrophes and swaps, and the seeds."""
    n = len(gs)
    w = sum(g.result == "win" for g in gs)
    lo = sum(g.result == "loss" for g in gs)
    d = sum(g.result == "draw" for g in gs)
    share = (w + d / 2) / n if n else 0.0
    se = math.sqrt(share * (1 - share) / n) if n else 0.0
    margins = [g.margin for g in gs if g.result != "unfinished"]
    m_se = statistics.stdev(margins) / math.sqrt(len(margins)) if len(margins) > 1 else 0.0
    split = {}
    for started in (True, False):
        sub = [g for g in gs if g.new_started == started]
        if sub:
            split["new_started" if started else "old_started"] = round(
                (sum(g.result == "win" for g in sub) + sum(g.result == "draw" for g in sub) / 2) / len(sub), 3)
    return {
        "games": n, "seeds": f"{gs[0].seed}..{gs[-1].seed}" if gs else "", "first_seed": seed,
        "wins": w, "losses": lo, "draws": d, "unfinished": sum(g.result == "unfinished" for g in gs),
        "win_share": round(share, 3),
        "win_share_95": [round(max(0.0, share - 1.96 * se), 3), round(min(1.0, share + 1.96 * se), 3)],
        "win_share_by_start": split,
        "mean_margin": round(statistics.fmean(margins), 2) if margins else 0.0,
        "mean_margin_se": round(m_se, 2),
        "median_game_seconds": round(statistics.median(g.seconds for g in gs), 3) if gs else 0.0,
        "new_decision_ms_median": round(statistics.median(new_ms) * 1000, 2) if new_ms else None,
        "old_decision_ms_median": round(statistics.median(old_ms) * 1000, 2) if old_ms else None,
        "new_decision_ms_p90": round(sorted(new_ms)[int(0.9 * (len(new_ms) - 1))] * 1000, 2) if new_ms else None,
        "new_catastrophes_per_game": round(sum(g.new_kinds.get("catastrophe", 0) for g in gs) / n, 2) if n else 0,
        "new_swaps_per_game": round(sum(g.new_kinds.get("swap", 0) for g in gs) / n, 2) if n else 0,
    }
