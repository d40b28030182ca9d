"""Scenarios: a position written by hand, orders applied to it, and what should result.

The format is documented in ``docs/scenarios.md`` and kept stable: players use it to report
rule disputes, and the tests run every file under ``docs/scenarios/``. The position is built
by the engine's ``position.py``; this runner (``tresham scenario``) reads the file, applies
the orders as the site would and checks the expectations.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...contract import Event, IllegalOrder
from ..engine import apply
from ..orders import is_site_order
from ..position import Scenario, ScenarioError, build, parse
from ..state import GameState
from ..variant import game_for


@dataclass
class ScenarioResult:
    state: GameState
    events: list[Event] = field(default_factory=list)
    refused: list[dict] = field(default_factory=list)  # orders refused, with the message
    mismatches: list[str] = field(default_factory=list)  # failed expectations


def seat_of(state: GameState, who: Any) -> int:
    """A seat number from a nation id or a seat number (range checked by the engine)."""
    if isinstance(who, int) and not isinstance(who, bool):
        return who
    for p in state.players:
        if p.nation == who:
            return p.seat
    raise ScenarioError(f"an order's player must be a seat number or a nation playing, not {who!r}"[:200])


def run(doc: dict | Scenario) -> ScenarioResult:
    """Build the position, apply the orders in turn, check the expectations. Platform orders
    (``timeout``, ``market_open``, ``close_market``) are given as the site gives them."""
    sc = doc if isinstance(doc, Scenario) else parse(doc)
    state, events = build(sc)
    result = ScenarioResult(state, list(events))
    for raw in sc.orders:
        o = dict(raw)
        o["player"] = seat_of(result.state, o.get("player"))
        try:
            site = is_site_order(o, result.state.options.variant)
            result.state, ev = apply(result.state, o, by_site=site)
            result.events.extend(ev)  # a refused order changes nothing
        except IllegalOrder as e:
            result.refused.append({"order": raw, "error": str(e)})
    result.mismatches = check(result.state, sc.expect.model_dump(exclude_none=True), result)
    return result


def check(state: GameState, expect: dict, result: ScenarioResult) -> list[str]:
    """Compare the final state with the scenario's expectations; gives what differs."""
    out: list[str] = []
    g = game_for(state)
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
    if "variant_state" in expect:
        out += [f"variant_state{m}" for m in subset_mismatches(expect["variant_state"], state.variant_state)]
    if expect.get("stack_counts"):
        names = list(g.variant.stack_names())
        for name, want in expect["stack_counts"].items():
            if name not in names:
                out.append(f"stack_counts: {name!r} is not a stack of this game ({', '.join(names)})")
            elif len(state.stacks[names.index(name)]) != want:
                out.append(f"stack {name}: expected {want} cards, found {len(state.stacks[names.index(name)])}")
    if "phase" in expect and state.phase != expect["phase"]:
        out.append(f"phase: expected {expect['phase']!r}, found {state.phase!r}")
    want_refused = expect.get("refused", 0)  # without the key, any refusal fails (docs/scenarios.md)
    if len(result.refused) != want_refused:
        out.append(f"expected {want_refused} refused orders, found {len(result.refused)}: "
                   f"{[r['error'] for r in result.refused]}")
    for text in expect.get("events_contain", []):
        if not any(text in e.text for e in result.events):
            out.append(f"no event mentions {text!r}")
    return out


def subset_mismatches(want: Any, got: Any, path: str = "") -> list[str]:
    """Where ``got`` differs from ``want``, ``want`` a subset: each key of an object must be
    in ``got`` and match recursively; anything else (lists, numbers, strings) must be equal."""
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return [f"{path}: expected an object, found {got!r}"]
        out = []
        for k, w in want.items():
            if k not in got:
                out.append(f"{path}.{k}: expected {w!r}, found nothing")
            else:
                out += subset_mismatches(w, got[k], f"{path}.{k}")
        return out
    return [] if want == got else [f"{path}: expected {want!r}, found {got!r}"]


def load_file(path: str | Path) -> Scenario:
    """Read and check a scenario file; ScenarioError says what is wrong with it, in one line."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except OSError as e:
        raise ScenarioError(f"cannot read {path}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise ScenarioError(f"{path} is not UTF-8 text") from None
    except json.JSONDecodeError as e:
        raise ScenarioError(f"{path} is not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
    return parse(doc)


def summary(state: GameState) -> dict:
    """A readable summary of a state (for the CLI)."""
    g = game_for(state)
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
