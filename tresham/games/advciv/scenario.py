"""Scenarios: a position written by hand, orders applied to it, and what should result.

The format is documented in ``docs/scenarios.md`` and kept stable: players use it to report
rule disputes, and the tests run every file under ``docs/scenarios/``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..base import Event, IllegalOrder
from .engine import _advance, apply, new_game
from .game import Game
from .phase import PHASES
from .state import GameState

ALLOWED_KEYS = {"title", "rule", "rules", "site", "description", "options", "seed", "nations", "turn",
                "players", "board", "ships", "stacks", "phase", "step", "orders", "expect", "notes"}


class ScenarioError(ValueError):
    """The scenario file itself is malformed."""


@dataclass
class ScenarioResult:
    state: GameState
    events: list[Event] = field(default_factory=list)
    refused: list[dict] = field(default_factory=list)  # orders refused, with the message
    mismatches: list[str] = field(default_factory=list)  # failed expectations


def seat_of(state: GameState, who: Any) -> int:
    """A seat number from a nation id or a seat number."""
    if isinstance(who, int):
        return who
    for p in state.players:
        if p.nation == who:
            return p.seat
    raise ScenarioError(f"no player plays {who!r}")


def build(doc: dict) -> tuple[GameState, list[Event]]:
    """The position a scenario describes, with its phase started (events of the start)."""
    unknown = set(doc) - ALLOWED_KEYS
    if unknown:
        raise ScenarioError(f"unknown scenario keys: {sorted(unknown)}")
    nations = doc.get("nations")
    if not nations:
        raise ScenarioError("a scenario lists its nations (seat 0 first)")
    options = dict(doc.get("options", {}))
    options.setdefault("players", len(nations))
    if options["players"] != len(nations):
        raise ScenarioError("options.players must equal the number of nations")
    state = new_game(options, doc.get("seed", 0))
    g = Game(state)
    for seat, nation in enumerate(nations):
        if nation not in g.d.map.nations:
            raise ScenarioError(f"unknown nation {nation!r}")
        state.players[seat].nation = nation
    state.unused_nations = [n for n in g.d.map.ast_order if n not in nations]
    state.turn = doc.get("turn", 1)
    state.board.tokens.clear()
    for area, spec in doc.get("board", {}).items():
        if area not in g.areas:
            raise ScenarioError(f"area {area!r} is not in play on this board")
        for owner, n in spec.get("tokens", {}).items():
            if n:
                state.board.tokens.setdefault(area, {})[owner] = n
        if spec.get("city"):
            state.board.cities[area] = spec["city"]
    for nation, areas in doc.get("ships", {}).items():
        state.board.ships[nation] = list(areas)
    if "stacks" in doc:
        state.stacks = [list(doc["stacks"].get(str(i), [])) for i in range(1, 10)]
    players = doc.get("players", {})
    for p in state.players:
        spec = players.get(p.nation, {})
        unknown_p = set(spec) - {"stock", "treasury", "hand", "civ_cards", "ast", "census", "inert",
                                 "new_cities", "flags"}
        if unknown_p:
            raise ScenarioError(f"unknown player keys for {p.nation}: {sorted(unknown_p)}")
        p.treasury = spec.get("treasury", 0)
        on_board = g.tokens_on_board(p.nation)
        p.stock = spec.get("stock", state.options.tokens - on_board - p.treasury)
        p.hand = list(spec.get("hand", []))
        if "stacks" not in doc:
            for card in p.hand:
                stack = state.stacks[g.d.card_value(card) - 1]
                if card in stack:
                    stack.remove(card)
        cards = spec.get("civ_cards", [])
        p.civ_cards = dict(cards) if isinstance(cards, dict) else {c: 0 for c in cards}
        p.ast = spec.get("ast", 0)
        p.census = spec.get("census", on_board)
        p.inert = spec.get("inert", False)
        p.new_cities = list(spec.get("new_cities", []))
        p.flags = dict(spec.get("flags", {}))
    phase = doc.get("phase", "tax")
    if phase not in PHASES:
        raise ScenarioError(f"unknown phase {phase!r}; phases: {sorted(PHASES)}")
    state.phase = phase
    state.step = dict(doc.get("step", {}))
    g = Game(state)
    PHASES[phase].start(g)
    _advance(g)
    g.sync()
    return state, g.events


def run(doc: dict) -> ScenarioResult:
    """Build the position, apply the orders in turn, check the expectations."""
    state, events = build(doc)
    result = ScenarioResult(state, list(events))
    for raw in doc.get("orders", []):
        o = dict(raw)
        o["player"] = seat_of(result.state, o.get("player"))
        try:
            result.state, ev = apply(result.state, o)  # a refused order changes nothing
            result.events.extend(ev)
        except IllegalOrder as e:
            result.refused.append({"order": raw, "error": str(e)})
    result.mismatches = check(result.state, doc.get("expect", {}), result)
    return result


def check(state: GameState, expect: dict, result: ScenarioResult) -> list[str]:
    """Compare the final state with the scenario's expectations; gives what differs."""
    out: list[str] = []
    g = Game(state)
    for area, spec in expect.get("board", {}).items():
        for owner, n in spec.get("tokens", {}).items():
            got = g.tokens(area, owner)
            if got != n:
                out.append(f"{area}: expected {n} {owner} tokens, found {got}")
        if "city" in spec:
            got_city = state.board.cities.get(area)
            if got_city != spec["city"]:
                out.append(f"{area}: expected city {spec['city']!r}, found {got_city!r}")
    for nation, spec in expect.get("players", {}).items():
        p = state.player(nation)
        for key, want in spec.items():
            if key == "cities":
                got = len(g.cities_of(nation))
            elif key == "tokens_on_board":
                got = g.tokens_on_board(nation)
            elif key == "hand_size":
                got = len(p.hand)
            elif key == "civ_cards":
                got = sorted(p.civ_cards)
                want = sorted(want)
            elif key == "hand":
                got = sorted(p.hand)
                want = sorted(want)
            elif key == "score":
                got = g.score(nation)
            else:
                got = getattr(p, key)
            if got != want:
                out.append(f"{nation}.{key}: expected {want!r}, found {got!r}")
    if "phase" in expect and state.phase != expect["phase"]:
        out.append(f"phase: expected {expect['phase']!r}, found {state.phase!r}")
    if "refused" in expect and len(result.refused) != expect["refused"]:
        out.append(f"expected {expect['refused']} refused orders, found {len(result.refused)}: "
                   f"{[r['error'] for r in result.refused]}")
    for text in expect.get("events_contain", []):
        if not any(text in e.text for e in result.events):
            out.append(f"no event mentions {text!r}")
    return out


def load_file(path: str | Path) -> dict:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def summary(state: GameState) -> dict:
    """A readable summary of a state (for the CLI)."""
    g = Game(state)
    board = {}
    for area in sorted(set(state.board.tokens) | set(state.board.cities)):
        entry: dict[str, Any] = {}
        if state.board.tokens.get(area):
            entry["tokens"] = dict(state.board.tokens[area])
        if area in state.board.cities:
            entry["city"] = state.board.cities[area]
        board[area] = entry
    players = {}
    for p in g.active():
        players[p.nation] = {"seat": p.seat, "stock": p.stock, "treasury": p.treasury,
                             "cities": len(g.cities_of(p.nation)), "hand": sorted(p.hand),
                             "civ_cards": sorted(p.civ_cards), "ast": p.ast,
                             "ships": list(g.ships_of(p.nation))}
    return {"turn": state.turn, "phase": state.phase, "board": board, "players": players}
