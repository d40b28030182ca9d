"""Full-game simulation with bots, invariants checked after every order, and replay checks.

Used by ``tresham simulate``, ``tresham bench`` and the tests. A game "stalls" when it makes
no progress (no phase, turn or step change) for many orders, or runs past its order budget.
"""
from __future__ import annotations

import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from ....rng import Rng, seed_state
from .. import engine
from ..bots.heuristic import heuristic_bot
from ..bots.random_bot import random_bot
from ..bots.trader import trader_bot
from ..data import BARBARIANS, CITIES_PER_NATION, PIRATES, SHIPS_PER_NATION
from ..orders import is_site_order
from ..rules.trade import timers as trade_timers
from ..state import GameState
from ..variant import game_for, variant_of


def card_counts(state: GameState) -> Counter:
    """Every trade card wherever it is: stacks, hands, set aside (29.7, 31.8), the cards
    an inert nation keeps (15.62), and those a variant keeps elsewhere (``Variant.cards_elsewhere``)."""
    cards: Counter = Counter()
    for st in state.stacks:
        cards.update(st)
    for p in state.players:
        cards.update(p.hand)
    cards.update(state.set_aside)
    for held in state.retained_cards.values():
        cards.update(held)
    cards.update(variant_of(state).cards_elsewhere(state))
    return cards


def all_trade_cards(options=None) -> Counter:
    """The trade cards of a game: 114 commodities and 12 calamities (8.1, 9.1), and the
    variants' calamities its options add (``options`` None: the core game's 126); a variant
    says its own (``Variant.expected_cards``)."""
    return variant_of(options).expected_cards(options)


def check_invariants(state: GameState, after_surplus: bool = False) -> list[str]:
    """Every piece and card accounted for; nothing negative (issue 4 invariants).

    ``after_surplus``: also check population limits and that no token stands in a city area
    (true right after the surplus phase, 26.1)."""
    out: list[str] = []
    g = game_for(state)
    total_tokens = state.options.tokens
    for p in state.players:
        if not p.nation:
            continue
        n = p.nation
        if p.stock < 0 or p.treasury < 0:
            out.append(f"{n}: negative stock ({p.stock}) or treasury ({p.treasury})")
        on_board = g.tokens_on_board(n) + g.variant.tokens_elsewhere(state, n)
        if on_board + p.stock + p.treasury != total_tokens:
            out.append(f"{n}: {on_board} on board + {p.stock} stock + {p.treasury} treasury "
                       f"!= {total_tokens} tokens")
        cities = len(g.cities_of(n))
        if cities > CITIES_PER_NATION:
            out.append(f"{n}: {cities} cities on the board (max {CITIES_PER_NATION})")
        ships = len(g.ships_of(n))
        if ships > SHIPS_PER_NATION:
            out.append(f"{n}: {ships} ships on the board (max {SHIPS_PER_NATION})")
    for area, owners in state.board.tokens.items():
        for owner, k in owners.items():
            if k <= 0:
                out.append(f"{area}: {owner} has {k} tokens")
            if owner not in (BARBARIANS,) and owner not in {p.nation for p in state.players}:
                out.append(f"{area}: tokens of unknown owner {owner}")
    for area, owner in state.board.cities.items():
        if owner != PIRATES and owner not in {p.nation for p in state.players}:
            out.append(f"{area}: city of unknown owner {owner}")
    cards = card_counts(state)
    expected = all_trade_cards(state.options)
    if cards != expected:
        diff = {k: cards.get(k, 0) - expected.get(k, 0) for k in set(cards) | set(expected)
                if cards.get(k, 0) != expected.get(k, 0)}
        out.append(f"trade cards not conserved (found - expected): {diff}")
    if after_surplus:
        for area, owners in state.board.tokens.items():
            for owner, k in owners.items():
                if owner == BARBARIANS:
                    continue
                if area in state.board.cities:
                    out.append(f"{area}: {k} {owner} tokens in a city area after surplus removal")
                elif k > g.limit(area, owner):
                    out.append(f"{area}: {k} {owner} tokens above the limit {g.limit(area, owner)}")
    out.extend(g.variant.invariants(state))
    return out


@dataclass
class GameRecord:
    seed: int
    players: int
    finished: bool = False
    stalled: bool = False
    unfinished: bool = False  # still going when the order budget ran out (not a stall)
    turns: int = 0
    orders: list[dict] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    refused_samples: list[str] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)
    places: list[int] = field(default_factory=list)  # by seat, once finished (35.1)
    bots: list[str] = field(default_factory=list)  # the bot of each seat, by name
    replay_ok: bool | None = None
    seconds: float = 0.0


#: A bot: the order for a seat's decision, or None when it has nothing to do until another
#: seat acts (the trading bot waiting for an answer, ``bots/trader.py``).
Bot = Callable[[GameState, int, Rng], "dict | None"]


def play_game(players: int, seed: int, bots: dict[int, Bot] | None = None, turns: int | None = None,
              check: bool = True, replay: bool = True, max_orders: int = 100_000,
              options: dict | None = None) -> GameRecord:
    """Play one game to its end (or the turn cap) with the given bots per seat."""
    t0 = time.perf_counter()
    opts = {"players": players, **(options or {})}
    if turns is not None:
        opts["turn_limit"] = turns
    state = engine.new_game(dict(opts), seed)
    rng = Rng(seed_state(f"bots-{seed}"))
    rec = GameRecord(seed=seed, players=players)
    bots = bots or {}
    last_progress, since_progress = None, 0
    waiting: set[int] = set()  # seats whose bot has nothing to do until the state changes
    pend: list | None = None  # the decisions owed, kept while no order changes the state
    while not state.finished:
        if pend is None or not waiting:
            pend = engine.pending(state)
        required = [d for d in pend if d.required]
        if not required:
            rec.stalled = True
            rec.violations.append(f"no decision owed in phase {state.phase} but the game is not over")
            break
        asked = [d for d in pend if (d.required or d.answer_due) and d.player not in waiting]
        if not asked:  # every bot waits on the others: the market's clock runs out
            order = _timer_order(state)
            if order is None:
                rec.stalled = True
                rec.violations.append(f"every bot waits in phase {state.phase} and no timer ends it")
                break
            engine.apply_in_place(state, order, by_site=True)
            rec.orders.append(order)
            waiting.clear()
            continue
        dec = asked[rng.below(len(asked))]
        bot = bots.get(dec.player, random_bot)
        order = bot(state, dec.player, rng)
        if order is None:  # it waits for an answer (a trading bot in the market)
            waiting.add(dec.player)
            continue
        waiting.clear()
        prev_phase = state.phase
        between: list[str] = []

        def observe(st: GameState, finished_phase: str) -> None:
            """Population limits hold right after surplus removal (26.1)."""
            if check and finished_phase == "surplus":
                between.extend(f"after surplus removal: {v}" for v in check_invariants(st, after_surplus=True))

        try:
            engine.apply_in_place(state, order, observe, by_site=is_site_order(order, state.options.variant))
        except Exception as e:  # a sampled order was refused: a bug in sample(); use the default
            rec.refused_samples.append(f"{state.phase}: {order.get('type')}: {e}")
            order = engine.default(state, dec.player)
            try:
                engine.apply_in_place(state, order, observe, by_site=is_site_order(order, state.options.variant))
            except Exception as e2:
                rec.violations.append(f"default order refused in {state.phase}: {e2}")
                rec.stalled = True
                break
        rec.orders.append(order)
        if check:
            v = between + check_invariants(state)
            if v:
                rec.violations.extend(f"order {len(rec.orders)} ({prev_phase}): {x}" for x in v)
                break
        key = (state.turn, state.phase, state.order_count)
        progress = (state.turn, state.phase)
        if progress != last_progress:
            last_progress, since_progress = progress, 0
        else:
            since_progress += 1
            if since_progress > 5000:
                rec.stalled = True
                rec.violations.append(f"no progress in {progress} after 5000 orders")
                break
        if len(rec.orders) >= max_orders:
            rec.unfinished = True  # the rules' end (34.1A) never came: cap the turns (34.1B)
            break
        del key
    rec.finished = state.finished
    rec.turns = state.turn
    rec.winners = [state.players[s].nation for s in state.winners]
    rec.bots = [getattr(bots.get(s, random_bot), "__name__", "bot") for s in range(players)]
    if state.finished:
        g = game_for(state)
        scores = [g.score(p.nation) if p.nation else 0 for p in state.players]
        rec.places = [1 + sum(1 for v in scores if v > mine) for mine in scores]
    if replay and not rec.stalled and not rec.unfinished and not rec.violations:
        again = engine.replay(opts, seed, rec.orders)
        rec.replay_ok = again.digest() == state.digest()
        if not rec.replay_ok:
            rec.violations.append("replaying the order log did not rebuild the final state")
    rec.seconds = time.perf_counter() - t0
    return rec


def _timer_order(state: GameState) -> dict | None:
    """The order of the game's next timer (the trade embargo's end, then the market's cutoff),
    as the site's clock gives it when its time comes; None if no timer runs."""
    timers = trade_timers(game_for(state))
    return dict(timers[0].order) if timers else None


def seat_bots(kind: str, players: int, seed: int = 0) -> dict[int, Bot]:
    """Bots per seat: all ``random``, all ``heuristic``, all ``trader`` (the trading bot),
    ``trader-vs-heuristic`` (one trading bot, at seat ``seed`` mod ``players``, the others
    heuristic; the measure of SITE-BOT-01), or ``mixed`` (alternating, the first heuristic
    seat chosen by the seed)."""
    if kind == "random":
        return {s: random_bot for s in range(players)}
    if kind == "heuristic":
        return {s: heuristic_bot for s in range(players)}
    if kind == "trader":
        return {s: trader_bot for s in range(players)}
    if kind == "trader-vs-heuristic":  # one trading bot, its seat moving with the seed
        return {s: trader_bot if s == seed % players else heuristic_bot for s in range(players)}
    if kind == "mixed":
        return {s: heuristic_bot if (s + seed) % 2 == 0 else random_bot for s in range(players)}
    raise ValueError(f"unknown bot kind {kind!r}")


def summarize(records: list[GameRecord]) -> dict:
    winners: Counter[str] = Counter()
    for r in records:
        winners.update(r.winners)
    return {
        "games": len(records),
        "finished": sum(r.finished for r in records),
        "stalled": sum(r.stalled for r in records),
        "unfinished": sum(r.unfinished for r in records),
        "invariant_violations": sum(len(r.violations) for r in records),
        "refused_samples": sum(len(r.refused_samples) for r in records),
        "mean_turns": round(statistics.fmean(r.turns for r in records), 2) if records else 0,
        "orders": sum(len(r.orders) for r in records),
        "winners_by_nation": dict(sorted(winners.items())),
        "replays_ok": sum(1 for r in records if r.replay_ok),
        "examples": [v for r in records for v in (r.violations + r.refused_samples)][:10],
        "by_bot": by_bot(records),
    }


def by_bot(records: list[GameRecord]) -> dict[str, dict]:
    """Each bot's seats in the finished games: how many, the mean place (1 = first; equal
    scores share a place), the share of first places, and the share a seat would get by
    chance (1 / players, averaged over its games)."""
    seats: dict[str, list[tuple[int, int]]] = {}
    for r in records:
        if not r.places:
            continue
        for bot, place in zip(r.bots, r.places):
            seats.setdefault(bot, []).append((place, r.players))
    return {bot: {"seats": len(xs),
                  "mean_place": round(statistics.fmean(p for p, _ in xs), 3),
                  "win_share": round(sum(1 for p, _ in xs if p == 1) / len(xs), 4),
                  "chance_share": round(statistics.fmean(1 / n for _, n in xs), 4)}
            for bot, xs in sorted(seats.items())}
