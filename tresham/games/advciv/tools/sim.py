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
from ..data import BARBARIANS, CITIES_PER_NATION, PIRATES, SHIPS_PER_NATION
from ..orders import is_site_order
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
    replay_ok: bool | None = None
    seconds: float = 0.0


Bot = Callable[[GameState, int, Rng], dict]


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
    while not state.finished:
        pend = engine.pending(state)
        required = [d for d in pend if d.required]
        if not required:
            rec.stalled = True
            rec.violations.append(f"no decision owed in phase {state.phase} but the game is not over")
            break
        dec = required[rng.below(len(required))]
        bot = bots.get(dec.player, random_bot)
        order = bot(state, dec.player, rng)
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
    if replay and not rec.stalled and not rec.unfinished and not rec.violations:
        again = engine.replay(opts, seed, rec.orders)
        rec.replay_ok = again.digest() == state.digest()
        if not rec.replay_ok:
            rec.violations.append("replaying the order log did not rebuild the final state")
    rec.seconds = time.perf_counter() - t0
    return rec


def seat_bots(kind: str, players: int, seed: int = 0) -> dict[int, Bot]:
    """Bots per seat: all ``random``, all ``heuristic``, or ``mixed`` (alternating, the
    first heuristic seat chosen by the seed)."""
    if kind == "random":
        return {s: random_bot for s in range(players)}
    if kind == "heuristic":
        return {s: heuristic_bot for s in range(players)}
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
    }
