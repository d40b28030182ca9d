"""Prepared positions: a position written by hand (the scenario format, ``docs/scenarios.md``)
built into a game's state, with its phase started.

The engine builds one at ``new_game`` when the game option ``position`` gives it
(:func:`start_position`: a prepared position is never rated, SITE-SAFE-11), and the lobby
names it in words (:func:`position_words`). A scenario file is such a position with orders
and expectations: the scenario runner (``tools/scenario.py``) builds it here
(:func:`build`), then applies the orders and checks what results.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator

from ..contract import Event, IllegalOrder
from .data import BARBARIANS, CITIES_PER_NATION, PIRATES, SHIPS_PER_NATION
from .machine import advance, check_options, fresh_game
from .phase import PHASES
from .schema import AreaId, CivCardId, Count, Many, Mapping, NationId, OwnerId, TradeCardId, explain
from .state import GameState, Options
from .variant import VARIANTS, Variant, find_variant, game_for, variant_of

PHASE_NAMES = tuple(PHASES)  # every phase, "pick" and the end of the game ("over") included

class ScenarioError(ValueError):
    """The scenario file itself is malformed, or describes an impossible position."""


# ---- the document ----------------------------------------------------------------------
_STRICT = ConfigDict(extra="forbid", strict=True)
Words = Annotated[str, Field(max_length=5000)] | Many(Annotated[str, Field(max_length=5000)])


def _variant(info: ValidationInfo) -> Variant | None:
    """The variant a scenario is read for (the validation context ``variant``, set by
    :func:`parse` from ``options.variant``), None for the plain game."""
    return (info.context or {}).get("variant")


class PlayerSpec(BaseModel):
    """One nation's pieces and cards (``players`` of a scenario). In a variant's game the hand
    may hold the variant's own trade cards too (Grand Imperial: ballast, Leadership cards)."""

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

    @field_validator("hand", mode="wrap")
    @classmethod
    def _variant_cards(cls, v: Any, handler: Any, info: ValidationInfo) -> Any:
        """The plain trade cards, or (in a variant's game) the cards of the variant's data."""
        try:
            return handler(v)
        except ValidationError:
            variant = _variant(info)
            if variant is None or not isinstance(v, list) or not all(isinstance(c, str) for c in v):
                raise
            d = variant.data()
            if all(c in d.commodities or c in d.calamities for c in v):
                return list(v)
            raise

    @field_validator("civ_cards", mode="wrap")
    @classmethod
    def _variant_civ_cards(cls, v: Any, handler: Any, info: ValidationInfo) -> Any:
        """The plain civilization cards, or (in a variant's game) those of the variant's data
        too (Grand Imperial: Galleons, Navy), as a list or as ``{id: turn bought}``."""
        try:
            return handler(v)
        except ValidationError:
            variant = _variant(info)
            ids = list(v) if isinstance(v, (list, dict)) else None
            if variant is None or ids is None or not all(isinstance(c, str) for c in ids):
                raise
            if isinstance(v, dict) and not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 1000
                                               for n in v.values()):
                raise
            if isinstance(v, list) and len(set(v)) != len(v):
                raise
            if all(c in variant.data().civ_cards for c in ids):
                return dict(v) if isinstance(v, dict) else list(v)
            raise


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
    #: a subset of the variant's state: each key given must match, recursively in objects
    variant_state: dict[str, Any] | None = None
    #: cards in each trade stack, by the game's stack names (``Variant.stack_names``)
    stack_counts: Mapping(Annotated[str, Field(max_length=40)], Count) = {}


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
    #: the variant's own state (``GameState.variant_state``), checked by the variant's model
    #: (``Variant.variant_state_model``); the plain game has none
    variant_state: dict[str, Any] | None = None
    orders: Many(dict[str, Any]) = []
    expect: Expect = Expect()

    @field_validator("phase", mode="wrap")
    @classmethod
    def _variant_phase(cls, v: Any, handler: Any, info: ValidationInfo) -> Any:
        """A plain phase, or (in a variant's game) a phase of the variant's own turn."""
        variant = _variant(info)
        if variant is not None and isinstance(v, str) and v not in PHASES and v in variant.phases():
            return v
        return handler(v)


def parse(doc: Any, variant: str | None = None) -> Scenario:
    """The typed scenario, or ScenarioError naming the key that is wrong. The game's variant
    (``variant``, else ``options.variant``) must be registered for its phases and cards to be
    known (``variant.VARIANTS``: Grand Imperial is registered by the tests, not the product)."""
    if not isinstance(doc, dict):
        raise ScenarioError("a scenario is a JSON object (docs/scenarios.md), "
                            f"not {type(doc).__name__ if doc is not None else 'null'}")
    opts = doc.get("options")
    name = variant if variant is not None else opts.get("variant") if isinstance(opts, dict) else None
    context = {}
    if isinstance(name, str) and name in VARIANTS:
        context["variant"] = find_variant(name)
    try:
        return Scenario.model_validate(doc, context=context)
    except ValidationError as e:
        raise ScenarioError(explain(e, noun="key", model=Scenario)) from None


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
        state = fresh_game(opts, seed)
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
    if sc.variant_state is not None:
        set_variant_state(state, variant, sc.variant_state)
        if sc.stacks is None:  # cards the variant's state holds (aboard ships) leave the stacks too
            for card in sorted(variant.cards_elsewhere(state).elements()):
                variant.take_from_stacks(g, card)
    for p in state.players:
        spec = sc.players.get(p.nation) or PlayerSpec()  # type: ignore[arg-type]
        p.treasury = spec.treasury
        on_board = g.tokens_on_board(p.nation)
        aboard = variant.tokens_elsewhere(state, p.nation)  # a variant's tokens in no area (ships)
        p.stock = (spec.stock if spec.stock is not None
                   else state.options.tokens - on_board - aboard - p.treasury)
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
    variant.position_built(g)
    check_position(state)
    state.phase = sc.phase
    state.step = dict(sc.step)
    g = game_for(state)
    variant_of(state).phase(sc.phase).start(g)
    advance(g)
    g.sync()
    return state, g.events


def set_variant_state(state: GameState, variant: Variant, doc: dict[str, Any]) -> None:
    """The scenario's ``variant_state`` checked by the variant's model
    (``Variant.variant_state_model``) and put over the new game's: each key given replaces
    the new game's value of that key. ScenarioError naming the wrong key."""
    model = variant.variant_state_model()
    if model is None:
        raise ScenarioError(f"variant_state: this game ({variant.title}) keeps no variant state")
    try:
        model.model_validate(doc)
    except ValidationError as e:
        raise ScenarioError("variant_state: " + explain(e, noun="key", model=model)) from None
    state.variant_state = {**state.variant_state, **json.loads(json.dumps(doc))}


#: Keys of a scenario that are not part of a position (the game option ``position``): the
#: game's own options and seed are used, and no orders or expectations are run.
NOT_POSITION = ("options", "seed", "orders", "expect")


def position_scenario(position: Any, players: int, turn_limit: int | None = None,
                      variant: str | None = None) -> Scenario:
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
        sc = parse(position, variant)
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
    """The game option ``position`` built (``engine.new_game``): the prepared position in a game of
    the other options, the game's seed its random seed (the trade stacks are the seed's
    shuffle unless the position gives them). IllegalOrder if the position is malformed or
    impossible. The state's own options have ``position`` None."""
    sc = position_scenario(opts.position, opts.players, opts.turn_limit, opts.variant)
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
        aboard = g.variant.tokens_elsewhere(state, n)
        where = f" + {aboard} elsewhere (aboard ships)" if aboard else ""
        if p.stock < 0 or on_board + aboard + p.stock + p.treasury != tokens:
            raise ScenarioError(
                f"{n}: {on_board} tokens on the board{where} + {p.stock} in stock + {p.treasury} in treasury "
                f"= {on_board + aboard + p.stock + p.treasury}, but a nation has {tokens} tokens in this game (5.1)")
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
    held.update(g.variant.cards_elsewhere(state))  # a variant's cards aboard ships
    d = g.d
    expected = variant_of(state).expected_cards(state.options)
    for card, k in sorted(held.items()):
        option = d.calamities[card].option if card in d.calamities else ""
        if option and card not in expected:  # a variant's calamity, its option off (CPCAL-00a)
            raise ScenarioError(f"{card} is not in this game: its option {option} is off")
        have = expected[card] if card in expected else d.commodities[card].count if card in d.commodities else 1
        if k > have:
            where = [p.nation for p in state.players if card in p.hand]
            raise ScenarioError(f"{k} {card} cards in play (hands: {', '.join(where) or 'none'}; the "
                                f"rest in the stacks), but the game has {have} (27.1)")
