"""Scenarios: a position written by hand, orders applied to it, and what should result.

The format is documented in ``docs/scenarios.md`` and kept stable: players use it to report
rule disputes, and the tests run every file under ``docs/scenarios/``.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..base import Event, IllegalOrder
from .data import BARBARIANS, CITIES_PER_NATION, PIRATES, SHIPS_PER_NATION
from .engine import _advance, apply, check_options, new_game
from .orders import is_platform_order
from .phase import PHASES
from .schema import AreaId, CivCardId, Count, Many, Mapping, NationId, OwnerId, TradeCardId, explain
from .state import GameState, Options
from .variant import game_for, variant_of

PHASE_NAMES = tuple(PHASES)  # every phase, "pick" and the end of the game ("over") included

class ScenarioError(ValueError):
    """The scenario file itself is malformed, or describes an impossible position."""


# ---- the document ----------------------------------------------------------------------
_STRICT = ConfigDict(extra="forbid", strict=True)
Words = Annotated[str, Field(max_length=5000)] | Many(Annotated[str, Field(max_length=5000)])


class PlayerSpec(BaseModel):
    """One nation's pieces and cards (``players`` of a scenario)."""

    model_config = _STRICT
    stock: Count | None = None  # None: the tokens neither on the board nor in treasury
    treasury: Count = 0
    hand: Many(TradeCardId) = []
    civ_cards: Many(CivCardId) | Mapping(CivCardId, Count) = []
    ast: Count = 0
    census: Count | None = None  # None: the tokens on the board
    inert: bool = False
    new_cities: Many(AreaId) = []
    flags: dict[str, Any] = {}


class AreaSpec(BaseModel):
    """What stands in one area (``board`` of a scenario)."""

    model_config = _STRICT
    tokens: Mapping(OwnerId, Count) = {}
    city: OwnerId | None = None


class Expect(BaseModel):
    """What should result (``expect`` of a scenario)."""

    model_config = _STRICT
    board: Mapping(AreaId, dict[str, Any]) = {}
    players: Mapping(NationId, dict[str, Any]) = {}
    phase: str | None = None
    refused: Count | None = None
    events_contain: Many(str) = []


class Scenario(BaseModel):
    """A scenario file (docs/scenarios.md), checked field by field before anything is built."""

    model_config = _STRICT
    title: Words | None = None
    rule: Words | None = None
    rules: Words | None = None
    site: Words | None = None
    description: Words | None = None
    notes: Words | None = None
    options: dict[str, Any] = {}
    seed: Annotated[int, Field(ge=0, le=2**63)] | Annotated[str, Field(max_length=200)] = 0
    nations: Annotated[list[NationId], Field(min_length=2, max_length=8)]
    turn: Annotated[int, Field(ge=0, le=1000)] = 1
    players: Mapping(NationId, PlayerSpec) = {}
    board: Mapping(AreaId, AreaSpec) = {}
    ships: Mapping(NationId, Many(AreaId)) = {}
    #: by the variant's stack names (``Variant.stack_names``: "1".."9" in the plain game)
    stacks: Mapping(Annotated[str, Field(max_length=40)], Many(Annotated[str, Field(max_length=40)])) | None = None
    phase: Literal[PHASE_NAMES] = "tax"  # type: ignore[valid-type]
    step: dict[str, Any] = {}
    #: the variant's own state (``GameState.variant_state``), checked by its invariants
    variant_state: dict[str, Any] = {}
    orders: Many(dict[str, Any]) = []
    expect: Expect = Expect()


def parse(doc: Any) -> Scenario:
    """The typed scenario, or ScenarioError naming the key that is wrong."""
    if not isinstance(doc, dict):
        raise ScenarioError("a scenario is a JSON object (docs/scenarios.md), "
                            f"not {type(doc).__name__ if doc is not None else 'null'}")
    try:
        return Scenario.model_validate(doc)
    except ValidationError as e:
        raise ScenarioError(explain(e, noun="key", model=Scenario)) from None


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


def build(doc: dict | Scenario) -> tuple[GameState, list[Event]]:
    """The position a scenario describes, with its phase started (events of the start).
    Raises ScenarioError if the document is malformed or the position impossible."""
    sc = doc if isinstance(doc, Scenario) else parse(doc)
    nations = sc.nations
    options = dict(sc.options)
    options.setdefault("players", len(nations))
    try:
        opts = Options.from_json(options)
    except IllegalOrder as e:
        raise ScenarioError(f"options: {e}") from None
    if opts.players != len(nations):
        raise ScenarioError(f"options.players is {opts.players} but {len(nations)} nations are listed")
    if opts.position is not None:
        raise ScenarioError("options.position: a scenario is a position itself; it cannot start from another")
    return _build(sc, opts, sc.seed)


def _build(sc: Scenario, opts: Options, seed: int | str) -> tuple[GameState, list[Event]]:
    """The position of ``sc`` in a game of ``opts`` (without ``position``) and ``seed``: the
    seed's trade stacks (unless ``stacks`` gives them) with the hands' cards taken out."""
    nations = sc.nations
    if len(set(nations)) != len(nations):
        raise ScenarioError(f"nations: a nation is listed twice ({', '.join(nations)})")
    try:
        state = new_game(opts, seed)
    except IllegalOrder as e:
        raise ScenarioError(f"options: {e}") from None
    g = game_for(state)
    for seat, nation in enumerate(nations):
        state.players[seat].nation = nation
    for key, names in (("players", sc.players), ("ships", sc.ships)):
        stray = sorted(set(names) - set(nations))
        if stray:
            raise ScenarioError(f"{key}: {', '.join(stray)} {'is' if len(stray) == 1 else 'are'} not "
                                "among the nations playing")
    state.unused_nations = [n for n in g.d.map.ast_order if n not in nations]
    state.turn = sc.turn
    state.board.tokens.clear()
    owners = set(nations) | {BARBARIANS, PIRATES}
    for area, spec in sc.board.items():
        if area not in g.areas:
            raise ScenarioError(f"area {area!r} is not in play on this board")
        for owner, n in spec.tokens.items():
            if owner not in owners or owner == PIRATES:
                raise ScenarioError(f"board.{area}: tokens of {owner!r}, who is not playing"
                                    if owner != PIRATES else
                                    f"board.{area}: pirates have cities, not tokens (30.9)")
            if n:
                state.board.tokens.setdefault(area, {})[owner] = n
        if spec.city is not None:
            if spec.city not in owners or spec.city == BARBARIANS:
                raise ScenarioError(f"board.{area}: a city of {spec.city!r}, who has no cities in this game")
            state.board.cities[area] = spec.city
    for nation, areas in sc.ships.items():
        for area in areas:
            if area not in g.areas:
                raise ScenarioError(f"ships.{nation}: area {area!r} is not in play on this board")
        state.board.ships[nation] = list(areas)
    variant = variant_of(state)
    if sc.stacks is not None:
        names = variant.stack_names()
        stray = sorted(set(sc.stacks) - set(names))
        if stray:
            raise ScenarioError(f"stacks: {', '.join(repr(k) for k in stray)}: the stacks of this game "
                                f"are {', '.join(repr(k) for k in names)}")
        for name, cards in sc.stacks.items():
            unknown = sorted({c for c in cards if c not in g.d.commodities and c not in g.d.calamities})
            if unknown:
                raise ScenarioError(f"stacks.{name}: {', '.join(repr(c) for c in unknown)} "
                                    f"{'is not a trade card' if len(unknown) == 1 else 'are not trade cards'}")
        state.stacks = [list(sc.stacks.get(name, [])) for name in names]
    for p in state.players:
        spec = sc.players.get(p.nation) or PlayerSpec()  # type: ignore[arg-type]
        p.treasury = spec.treasury
        on_board = g.tokens_on_board(p.nation)
        p.stock = spec.stock if spec.stock is not None else state.options.tokens - on_board - p.treasury
        p.hand = list(spec.hand)
        if sc.stacks is None:
            for card in p.hand:
                variant.take_from_stacks(g, card)
        cards = spec.civ_cards
        p.civ_cards = dict(cards) if isinstance(cards, dict) else {c: 0 for c in cards}
        p.ast = spec.ast
        p.census = spec.census if spec.census is not None else on_board
        p.inert = spec.inert
        p.new_cities = list(spec.new_cities)
        p.flags = dict(spec.flags)
    if sc.variant_state:
        state.variant_state = json.loads(json.dumps(sc.variant_state))
    variant.position_built(g)
    check_position(state)
    state.phase = sc.phase
    state.step = dict(sc.step)
    g = game_for(state)
    variant_of(state).phase(sc.phase).start(g)
    _advance(g)
    g.sync()
    return state, g.events


#: Keys of a scenario that are not part of a position (the game option ``position``): the
#: game's own options and seed are used, and no orders or expectations are run.
NOT_POSITION = ("options", "seed", "orders", "expect")


def position_scenario(position: Any, players: int, turn_limit: int | None = None) -> Scenario:
    """The typed start position of the game option ``position``; IllegalOrder saying what is
    wrong (the player count must be the game's)."""
    if not isinstance(position, dict):
        raise IllegalOrder("16.1", "start position: a position is a JSON object with the keys of "
                           "a scenario (docs/scenarios.md)")
    stray = [k for k in NOT_POSITION if k in position]
    if stray:
        raise IllegalOrder("16.1", f"start position: {', '.join(stray)} {'is' if len(stray) == 1 else 'are'} "
                           "not part of a position (the game's own options and seed are used; no "
                           "orders or expectations are run)")
    try:
        sc = parse(position)
    except ScenarioError as e:
        raise IllegalOrder("16.1", f"start position: {e}") from None
    if len(sc.nations) != players:
        raise IllegalOrder("16.1", f"start position: {len(sc.nations)} nations are listed, but the game "
                           f"is for {players} players")
    if sc.phase in ("pick", "over"):
        raise IllegalOrder("16.1", f"start position: a prepared position cannot start in the "
                           f"{sc.phase!r} phase (nations are already chosen, the game is not over)")
    if turn_limit is not None and sc.turn > turn_limit:
        raise IllegalOrder("34.1", f"start position: turn {sc.turn} is after the turn limit of {turn_limit}")
    return sc


def start_position(opts: Options, seed: int | str) -> GameState:
    """The game option ``position`` built (engine.new_game): the prepared position in a game of
    the other options, the game's seed its random seed (the trade stacks are the seed's
    shuffle unless the position gives them). IllegalOrder if the position is malformed or
    impossible. The state's own options have ``position`` None."""
    sc = position_scenario(opts.position, opts.players, opts.turn_limit)
    base = replace(opts, position=None)
    check_options(base)  # the other options first: their own message if wrong
    try:
        state, _events = _build(sc, base, seed)
    except ScenarioError as e:
        raise IllegalOrder("16.1", f"start position: {e}") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        # a ``step`` the phase cannot start from (the document itself is well typed)
        raise IllegalOrder("16.1", f"start position: the {sc.phase!r} phase cannot start from this "
                           f"position ({type(e).__name__}: {str(e)[:100]}); check its step") from None
    return state


def position_words(position: dict) -> str:
    """The option ``position`` in words, for the game's option list (hands are not shown)."""
    turn = position.get("turn", 1)
    phase = position.get("phase", "tax")
    return f"Start position: prepared, turn {turn}, {PHASE_WORDS.get(phase, phase)}"


#: Phases in words (the rulebook's names).
PHASE_WORDS = {"pick": "nation picking", "tax": "taxation", "population": "population expansion",
               "census": "census", "ships": "ship construction", "movement": "movement",
               "conflict": "conflict", "cities": "city construction", "surplus": "removal of surplus population",
               "acquisition": "acquisition of trade cards", "trade": "trade", "calamities": "calamities",
               "advances": "acquisition of civilization cards", "ast": "A.S.T. alteration",
               "over": "end of the game"}


def check_position(state: GameState) -> None:
    """Refuse a position that cannot occur, as the data files are checked on load: per nation
    tokens on the board + stock + treasury = the game's tokens (5.1, 11), at most 9 cities
    (5.2) and 4 ships (22.2); every trade card in one place only, no more copies of a card
    than the game has (27.1); civilization cards held at most once each (31.2)."""
    g = game_for(state)
    tokens = state.options.tokens
    for p in state.players:
        n = p.nation
        on_board = g.tokens_on_board(n)
        if p.stock < 0 or on_board + p.stock + p.treasury != tokens:
            raise ScenarioError(
                f"{n}: {on_board} tokens on the board + {p.stock} in stock + {p.treasury} in treasury "
                f"= {on_board + p.stock + p.treasury}, but a nation has {tokens} tokens in this game (5.1)")
        cities = len(g.cities_of(n))
        if cities > CITIES_PER_NATION:
            raise ScenarioError(f"{n}: {cities} cities on the board; a nation has {CITIES_PER_NATION} (5.2)")
        ships = len(state.board.ships.get(n, []))
        if ships > SHIPS_PER_NATION:
            raise ScenarioError(f"{n}: {ships} ships; a nation has at most {SHIPS_PER_NATION} (22.2)")
        for area in p.new_cities:
            if state.board.cities.get(area) != n:
                raise ScenarioError(f"{n}: new_cities lists {area!r}, where {n} has no city")
    wrong = variant_of(state).invariants(state)
    if wrong:
        raise ScenarioError(f"the position breaks the variant's rules: {'; '.join(wrong)}")
    held = Counter(c for p in state.players for c in p.hand)
    held.update(c for st in state.stacks for c in st)
    held.update(state.set_aside)
    d = g.d
    expected = variant_of(state).expected_cards(state.options)
    for card, k in sorted(held.items()):
        have = expected[card] if card in expected else d.commodities[card].count if card in d.commodities else 1
        if k > have:
            where = [p.nation for p in state.players if card in p.hand]
            raise ScenarioError(f"{k} {card} cards in play (hands: {', '.join(where) or 'none'}; the "
                                f"rest in the stacks), but the game has {have} (27.1)")


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
            site = is_platform_order(o, result.state.options.variant)
            result.state, ev = apply(result.state, o, platform=site)
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
