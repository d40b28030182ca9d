"""Self-play balance of a deck (issue 29: measured, not in CI; ``tresham civcards-balance``):
heuristic-bot games at every seat, per table ("2", "3", "4" players, "team": 4 players,
partners opposite, "team-adjacent": partners side by side), and

- the first seat's win rate (the player left of the dealer, who drafts and plays first,
  CCG-SET-03/07; his team in the team game) with its 95% Wilson interval, against the fair
  rate (1/players, 1/2 for the team game); a first place shared with k sides counts 1/k;
- the cards never bought in any game: technologies bought, buildings and wonders built, plots
  bought from the market; and the play cards never used: units never sent in an attack nor
  used as a counter, bonus cards never spent.

Game g of a table is played from the seed ``"<seed>:<table>:<g>"``, the bots' own draws from
the game's seed and the order's number, so a run is repeatable.
"""
from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from .. import engine
from ..bots import heuristic_bot
from ..deck import Cards, load
from ..rules.end import places
from ..rules.turn import decider
from ..seating import team_of

TABLES = {"2": {"players": 2}, "3": {"players": 3}, "4": {"players": 4},
          "team": {"players": 4, "teams": "opposite"}, "team-adjacent": {"players": 4, "teams": "adjacent"}}
#: a game that has not ended after this many orders is reported, not counted
MAX_ORDERS = 5000


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of ``wins`` out of ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, mid - half), min(1.0, mid + half))


@dataclass
class Use:
    """What the games did with each card (by definition id)."""
    bought: Counter = field(default_factory=Counter)
    used: Counter = field(default_factory=Counter)

    def note(self, cards: Cards, order: dict) -> None:
        t = order.get("type")
        if t == "buy_tech":
            self.bought[cards.def_id(order["tech"])] += 1
        elif t == "build":
            self.bought[cards.def_id(order["card"])] += 1
        elif t == "buy_plot":
            self.bought[cards.def_id(order["plot"])] += 1
        elif t == "attack":
            for a in order["attacks"]:
                for u in a["units"]:
                    self.used[cards.def_id(u)] += 1
        elif t == "defend":
            for c in order["counters"]:
                self.used[cards.def_id(c["by"])] += 1
        elif t == "cash":
            self.used[cards.def_id(order["card"])] += 1


def play_one(options: dict, seed: str, use: Use) -> tuple[list[int], int, int]:
    """One heuristic-bot game: (places, the first seat, turns); ``use`` notes its orders."""
    s = engine.new_game(options, seed)
    cards = s.cards
    first = s.first()
    k = 0
    while not s.finished:
        if k >= MAX_ORDERS:
            raise RuntimeError(f"the game of seed {seed!r} has not ended after {MAX_ORDERS} orders")
        seat = decider(s)
        order = heuristic_bot(s, seat, f"{seed}.{k}")
        use.note(cards, order)
        engine.apply_in_place(s, order, by_site=True)
        k += 1
    return places(s), first, s.turn


def measure(table: str, games: int, seed: int | str, deck: str = "tresham", use: Use | None = None,
            progress: Callable[[int], None] | None = None) -> dict:
    """``games`` games of ``table`` (a key of :data:`TABLES`): the first seat's win rate and
    interval, the fair rate, the gap in points, the mean length in turns, the seconds taken."""
    options = {**TABLES[table], "deck": deck}
    use = use if use is not None else Use()
    wins, turns, shared = 0.0, 0, 0
    t0 = time.perf_counter()
    for g in range(games):
        pl, first, n = play_one(options, f"{seed}:{table}:{g}", use)
        turns += n
        s_sides = sides_of(options, pl)
        if pl[first] == 1:
            firsts = [side for side in s_sides if pl[side[0]] == 1]
            wins += 1 / len(firsts)
            shared += len(firsts) > 1
        if progress:
            progress(g + 1)
    fair = 1 / len(sides_of(options, [1] * options["players"]))
    rate = wins / games
    lo, hi = wilson(wins, games)
    return {"table": table, "games": games, "first_seat_wins": round(wins, 2), "rate": round(rate, 4),
            "ci95": [round(lo, 4), round(hi, 4)], "fair": round(fair, 4),
            "gap_points": round(100 * (rate - fair), 2), "within_5_points": abs(rate - fair) <= 0.05,
            "shared_first": shared, "mean_turns": round(turns / games, 2),
            "seconds": round(time.perf_counter() - t0, 1)}


def sides_of(options: dict, pl: list[int]) -> list[list[int]]:
    """The sides ranked: each seat, or the two teams (as ``rules.end.sides``)."""
    n = options["players"]
    if team_of(options, 0) is None:
        return [[p] for p in range(n)]
    teams: dict[int, list[int]] = {}
    for p in range(n):
        teams.setdefault(team_of(options, p), []).append(p)
    return [teams[t] for t in sorted(teams)]


def unused(deck: str, use: Use) -> dict[str, list[str]]:
    """The cards no game bought (technologies, buildings, wonders, plots) or used (units,
    bonus cards), by printed name."""
    cards = load(deck)
    out: dict[str, list[str]] = {"never_bought": [], "never_used": []}
    for kind, defs in cards.deck.lists():
        for c in defs:
            if kind in ("technology", "building", "wonder", "plot") and not use.bought[c.id]:
                out["never_bought"].append(f"{c.name} ({kind})")
            if kind in ("unit", "bonus") and not use.used[c.id]:
                out["never_used"].append(f"{c.name} ({kind})")
    return out


def run(tables: list[str], games: int, seed: int | str, deck: str = "tresham",
        progress: Callable[[str, int], None] | None = None) -> dict:
    """Every table's figures and the cards unbought or unused over all of them."""
    use = Use()
    out = {"deck": deck, "seed": seed, "games_per_table": games, "tables": {}}
    for t in tables:
        out["tables"][t] = measure(t, games, seed, deck, use,
                                   (lambda g, t=t: progress(t, g)) if progress else None)
    out.update(unused(deck, use))
    out["bought"] = dict(sorted(use.bought.items()))
    out["used"] = dict(sorted(use.used.items()))
    return out
