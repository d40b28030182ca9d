"""tresham/games/advciv/variant.py: the variant plumbing (issue 13, slice 0 of
docs/variants/grand-imperial.md). No rule of any variant is played here; the tests show that

- the plain game plays exactly as it did before the plumbing existed: 27 bot games
  fingerprinted at commit 592a628 (``variant_games.py``: every state's digest, every event,
  the decisions owed and every view), and what the game shows the platform (schemas,
  reference, option fields, the registries' names);
- a variant that changes nothing plays exactly as the plain game: a clone with only a name
  of its own, and a deep clone that brings its own ``Context`` class, its own class for every
  phase and every order (identical subclasses), so that every lookup goes through the
  variant's tables; same digests, events, decisions and views, step by step;
- an unknown variant is refused when the options are read, in words;
- a variant's own phase and order are played in its games only, and its state is kept.

Test variants are registered for one test and removed after it.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cache

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.context import Context
from tresham.games.advciv.orders import (ORDER_TYPES, SITE_TYPES, VARIANT_ORDER_TYPES,
                                         VARIANT_SITE_TYPES, Order, Timeout, from_json,
                                         is_site_order, json_schema, order, order_types,
                                         site_order)
from tresham.games.advciv.phase import PHASES, TURN, VARIANT_PHASES, Phase, register
from tresham.games.advciv.rules import support, taxation
from tresham.games.advciv.schema import Text
from tresham.games.advciv.site.rules import AdvancedCivilization
from tresham.games.advciv.state import GameState, Options
from tresham.games.advciv.variant import (BUILT_IN, VARIANTS, Standard, Variant, find_variant,
                                          game_for, variant_of)
from tresham.games.advciv.view import information_state
from tresham.games.contract import Decision, IllegalOrder
from tresham.games.advciv.tools.sim import play_game, seat_bots

from tests.games.advciv.variant_games import (FIXTURE, GAMES, INTERFACE, fingerprints, interface, play,
                                        summary)
from tests.helpers import at_surplus, four_nations, texts

PLAIN_PRINTS = json.loads(FIXTURE.read_text())
PRODUCT_VARIANTS = dict(VARIANTS)


@pytest.fixture(autouse=True)
def plain_product(monkeypatch):
    """These tests prove the plumbing against the plain game as it was before variants
    existed: they run on a product that registers the plain game alone (the product itself
    also registers Grand Imperial: ``test_registering_grand_imperial_adds_only_its_offer``)."""
    from tresham.games.advciv import variant as V

    for k in [k for k in VARIANTS if k != "standard"]:
        monkeypatch.delitem(VARIANTS, k)
    monkeypatch.setattr(V, "BUILT_IN", frozenset({"standard"}))


def test_registering_grand_imperial_adds_only_its_offer(monkeypatch):
    """The product's registry (the plain game and Grand Imperial): what the plain game shows
    the platform differs from the plain-only product's only in the options' schema (the
    option ``variant`` names both) and the lobby's option fields (a choice of rules and the
    variant's sub-options); the orders' schemas, the reference, the options of a new game and
    the registries are the same."""
    from tresham.games.advciv import variant as V

    monkeypatch.setattr(V, "BUILT_IN", frozenset(PRODUCT_VARIANTS))
    for k, v in PRODUCT_VARIANTS.items():
        monkeypatch.setitem(VARIANTS, k, v)
    assert set(PRODUCT_VARIANTS) == {"standard", "grand_imperial"}
    plain, now = json.loads(INTERFACE.read_text()), interface()
    assert {k for k in plain if plain[k] != now[k]} == {"options_schema", "option_fields"}
    schema = AdvancedCivilization().options_schema()
    assert schema["properties"]["variant"]["enum"] == ["grand_imperial", "standard"]


# ---- the plain game is the Standard variant ---------------------------------------------------
def test_the_plain_game_is_the_standard_variant():
    std = find_variant("standard")
    assert isinstance(std, Standard) and std.key == "standard" and "standard" in BUILT_IN
    assert std.turn is TURN and std.phases() is PHASES and std.context_class is Context
    assert std.order_types() is ORDER_TYPES and std.order_types(by_site=True) is SITE_TYPES
    state = engine.new_game({"players": 3}, seed=1)
    for x in (state, state.options, {}, {"variant": "standard"}, None):
        assert variant_of(x) is std
    assert type(game_for(state)) is Context
    assert state.variant_state == {}


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_plain_game_plays_as_before_the_plumbing(key):
    """Every step of 27 bot games (2-7 players; random, heuristic and mixed bots) has the
    digest, events, decisions and views it had at 592a628, before variant.py existed."""
    players, seed, bots, turns = GAMES[key]
    opts, log = play(players, seed, bots, turns)
    assert summary(fingerprints(opts, seed, log), len(log)) == PLAIN_PRINTS[key]


def test_what_the_plain_game_shows_the_platform_is_unchanged():
    """The options' and orders' JSON Schemas (the option ``variant`` still a constant
    "standard"), the reference, the option fields and the plain registries are as they were."""
    assert interface() == json.loads(INTERFACE.read_text())


def test_a_plain_state_has_no_variant_state_in_its_json():
    state = engine.new_game({"players": 4}, seed=3)
    d = state.to_json()
    assert "variant_state" not in d and "variant_state" not in state.dumps()
    assert d["options"]["variant"] == "standard"
    assert GameState.loads(state.dumps()).variant_state == {}
    assert GameState.loads(state.dumps()).dumps() == state.dumps()


def test_a_variant_state_is_kept_in_the_json_copied_and_digested():
    state = engine.new_game({"players": 4}, seed=3)
    plain = state.digest()
    state.variant_state = {"out": {"salt": {"nile_basin": 2}}, "ships": [{"id": 1}]}
    assert state.digest() != plain
    again = GameState.loads(state.dumps())
    assert again.variant_state == state.variant_state and again.digest() == state.digest()
    copy = state.copy()
    assert copy.digest() == state.digest()
    copy.variant_state["out"]["salt"]["nile_basin"] = 3
    copy.variant_state["ships"].append({"id": 2})
    assert state.variant_state == {"out": {"salt": {"nile_basin": 2}}, "ships": [{"id": 1}]}


# ---- an unknown variant is refused where the options are read ---------------------------------
@pytest.mark.parametrize("name", ["grand_imperial", "Standard", "", "standard "])
def test_an_unknown_variant_is_refused_by_name(name):
    for read in (Options.from_json, AdvancedCivilization().parse_options, engine.new_game):
        with pytest.raises(IllegalOrder) as e:
            read({"players": 3, "variant": name})
        assert e.value.rule == "16.1"
        assert e.value.message == (f"game options: variant: unknown variant {name!r}; "
                                   "the variants are: 'standard'")


def test_a_variant_that_is_not_a_name_is_refused():
    for bad, words in ((3, "must be text (got 3)"), (None, "must be text (got None)"),
                       ("x" * 41, "must be at most 40 characters")):
        with pytest.raises(IllegalOrder) as e:
            Options.from_json({"variant": bad})
        assert e.value.rule == "16.1" and words in e.value.message, e.value.message


def test_options_built_in_code_with_an_unknown_variant_are_refused():
    with pytest.raises(IllegalOrder, match="unknown variant 'nope'; the variants are: 'standard'"):
        engine.new_game(Options(players=3, variant="nope"))
    with pytest.raises(IllegalOrder, match="unknown variant 'nope'"):
        variant_of({"variant": "nope"})


# ---- a clone with only a name of its own -----------------------------------------------------
class StandardClone(Variant):
    """The plain game under another name: every hook is the base's."""

    key = "standard_clone"
    title = "Advanced Civilization (a clone)"


@pytest.fixture
def clone(monkeypatch):
    monkeypatch.setitem(VARIANTS, StandardClone.key, StandardClone())
    return find_variant(StandardClone.key)


def test_a_registered_variant_is_accepted_and_found(clone):
    state = engine.new_game({"players": 3, "variant": "standard_clone"}, seed=2)
    assert state.options.variant == "standard_clone" and variant_of(state) is clone
    assert AdvancedCivilization().parse_options({"players": 3, "variant": "standard_clone"})[
        "variant"] == "standard_clone"
    with pytest.raises(IllegalOrder, match="the variants are: 'standard', 'standard_clone'"):
        Options.from_json({"variant": "grand_imperial"})
    # the options' schema advertises the product's variants only
    assert AdvancedCivilization().options_schema()["properties"]["variant"]["const"] == "standard"


def test_the_clone_is_gone_after_its_test():
    assert "standard_clone" not in VARIANTS
    with pytest.raises(IllegalOrder):
        Options.from_json({"variant": "standard_clone"})


CLONE_GAMES = ["random-2p-s15", "random-5p-s60", "heuristic-3p-s22", "heuristic-6p-s43", "mixed-7p-s91"]


@pytest.mark.parametrize("key", CLONE_GAMES)
def test_the_clone_plays_as_the_plain_game(clone, key):
    players, seed, bots, turns = GAMES[key]
    opts, log = play(players, seed, bots, turns, options={"variant": clone.key})
    assert summary(fingerprints(opts, seed, log, plain_name="standard"), len(log)) == PLAIN_PRINTS[key]


# ---- a deep clone: its own Context class, phases and orders, all identical ------------------------
DEEP = "deep_clone"
#: what the deep clone's own classes did during a game
USED: Counter = Counter()


class CloneGame(Context):
    """The plain primitives, counting the hooks' calls."""

    __slots__ = ()

    def __init__(self, state, data=None) -> None:
        super().__init__(state, data)
        USED["game"] += 1

    def support_needed(self, nation: str) -> int:
        USED["support_needed"] += 1
        return super().support_needed(nation)

    def tax_base(self, nation: str) -> int:
        USED["tax_base"] += 1
        return super().tax_base(nation)

    def on_cards_received(self, taker, giver, cards, how) -> None:
        USED[f"received:{how}"] += 1
        super().on_cards_received(taker, giver, cards, how)


class DeepClone(Variant):
    key = DEEP
    context_class = CloneGame


def _clone_phase(plain: type[Phase]) -> type[Phase]:
    def start(self, g):
        assert type(g) is CloneGame
        USED[f"start:{self.name}"] += 1
        plain.start(self, g)

    def handle(self, g, o):
        assert type(o).__name__ == "Clone" + type(o).__mro__[1].__name__, type(o)
        USED[f"order:{o.type_name}"] += 1
        plain.handle(self, g, o)

    return type("Clone" + plain.__name__, (plain,), {"start": start, "handle": handle})


def _clone_order(plain: type[Order]) -> type[Order]:
    return type("Clone" + plain.__name__, (plain,), {"__slots__": ()})


@cache
def _deep_classes() -> tuple[list, list, list]:
    """The deep clone's classes, made once (their pydantic models are then made once too)."""
    return ([_clone_phase(type(p)) for p in PHASES.values()],
            [(name, cls, _clone_order(cls)) for name, cls in ORDER_TYPES.items()],
            [(name, cls, _clone_order(cls)) for name, cls in SITE_TYPES.items()])


@pytest.fixture
def deep(monkeypatch):
    for table in (VARIANT_PHASES, VARIANT_ORDER_TYPES, VARIANT_SITE_TYPES):
        monkeypatch.setitem(table, DEEP, {})
    phases, players, site = _deep_classes()
    for cls in phases:
        register(variant=DEEP)(cls)
    for name, plain, cls in players:
        order(name, plain.rules[""], {k: v for k, v in plain.rules.items() if k}, variant=DEEP)(cls)
    for name, plain, cls in site:
        site_order(name, plain.rules[""], variant=DEEP)(cls)
    monkeypatch.setitem(VARIANTS, DEEP, DeepClone)  # a class: made and checked on first use
    yield find_variant(DEEP)
    json_schema.cache_clear()


def test_the_deep_clone_uses_its_own_classes(deep):
    assert isinstance(VARIANTS[DEEP], DeepClone)  # the class was made into the variant
    assert set(deep.phases()) == set(PHASES) and all(
        type(deep.phase(n)).__name__ == "Clone" + type(PHASES[n]).__name__ for n in PHASES)
    assert set(deep.order_types()) == set(ORDER_TYPES)
    assert type(from_json({"type": "done", "player": 0}, variant=DEEP)).__name__ == "CloneDone"
    assert type(from_json({"type": "timeout", "player": 0}, by_site=True, variant=DEEP)).__name__ == "CloneTimeout"
    assert is_site_order({"type": "timeout", "player": 0}, DEEP)
    # the plain tables are untouched
    assert type(from_json({"type": "done", "player": 0})).__name__ == "Done"
    assert interface() == json.loads(INTERFACE.read_text())


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_deep_clone_plays_as_the_plain_game(deep, key):
    """Same digests, events, decisions and views at every step, every phase and order of
    the game handled by the clone's classes, every hook called through its Context class."""
    players, seed, bots, turns = GAMES[key]
    opts, log = play(players, seed, bots, turns, options={"variant": DEEP})
    USED.clear()
    kinds: Counter = Counter()
    prints = fingerprints(opts, seed, log, plain_name="standard", kinds=kinds)
    assert summary(prints, len(log)) == PLAIN_PRINTS[key]
    assert USED["game"] > len(log)
    assert {f"start:{p}" for p in TURN} <= set(USED)  # every phase of the turn, every turn
    assert USED["start:tax"] == USED["start:ast"] >= 1
    assert sum(n for k, n in USED.items() if k.startswith("order:")) > 0
    assert USED["received:trade"] == kinds["trade_private"]  # one call per side of a trade
    assert USED["received:capture"] == kinds["conflict_card_private"]
    if kinds["tax"]:
        assert USED["tax_base"] > 0
    if kinds["city_built"]:
        assert USED["support_needed"] > 0


# ---- the board hooks change the rules that use them -------------------------------------------
class PoorGame(Context):
    __slots__ = ()

    def tax_base(self, nation: str) -> int:
        return max(0, self.of(nation).stock - 8)

    def support_needed(self, nation: str) -> int:
        return 0


class Poor(Variant):
    key = "poor"
    context_class = PoorGame


@pytest.fixture
def poor(monkeypatch):
    monkeypatch.setitem(VARIANTS, Poor.key, Poor())
    return find_variant(Poor.key)


def test_tax_is_paid_from_the_variants_tax_base(poor):
    board = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}}
    plain, ev = four_nations(board, {"egypt": {"stock": 10, "treasury": 1}}, options={"tokens": 11})
    assert "Egypt pays 4 tokens in tax" in texts(ev)
    state, ev = four_nations(board, {"egypt": {"stock": 10, "treasury": 1}},
                             options={"tokens": 11, "variant": "poor"})
    assert "Egypt pays 2 tokens in tax (2 per city for 1 city)." in texts(ev)
    assert "Egypt cannot pay for 1 of its cities: they will revolt." in texts(ev)
    assert (state.player("egypt").stock, state.player("egypt").treasury) == (8, 3)
    g = game_for(state)
    assert type(g) is PoorGame and taxation.outcome(g, "egypt", 2) == (0, 2)  # nothing left to tax


def test_cities_need_the_support_the_variant_says(poor):
    board = {"nineveh": {"city": "assyria"}, "assyria": {"tokens": {"assyria": 1}}}
    plain, _ = at_surplus(board, players={"assyria": {"stock": 10}}, options={"tokens": 11})
    assert "nineveh" not in plain.board.cities  # 26.31: reduced, two tokens lacking
    state, _ = at_surplus(board, players={"assyria": {"stock": 10}}, options={"tokens": 11, "variant": "poor"})
    assert state.board.cities["nineveh"] == "assyria"
    assert support.required_tokens(game_for(state), "assyria") == 0


RECEIVED: list[tuple] = []


class WatchGame(Context):
    __slots__ = ()

    def on_cards_received(self, taker, giver, cards, how) -> None:
        RECEIVED.append((taker, giver, list(cards), how, sorted(self.of(taker).hand)))


class Watch(Variant):
    key = "watch"
    context_class = WatchGame


def test_a_card_drawn_in_a_city_attack_is_reported_to_the_hook(monkeypatch):
    """24.51: the attacker who takes a city draws a card from the victim's hand, and the
    variant's Context hears of it once the card is in his hand."""
    monkeypatch.setitem(VARIANTS, Watch.key, Watch())
    RECEIVED.clear()
    state, _ = four_nations({"ur": {"tokens": {"egypt": 7}, "city": "babylon"}},
                            {"babylon": {"hand": ["grain", "wine", "cloth"], "stock": 20},
                             "egypt": {"hand": ["ochre"]}},
                            phase="pick", options={"board": "four_east", "tokens": 20, "variant": "watch"})
    state.phase, state.step = "conflict", {}
    g = game_for(state)
    find_variant("watch").phase("conflict").start(g)
    drawn = [c for c in state.player("egypt").hand if c != "ochre"]
    assert len(drawn) == 1
    assert RECEIVED == [("egypt", "babylon", drawn, "capture", sorted(["ochre", *drawn]))]


# ---- a variant's own phase, order and state ---------------------------------------------------
TOY = "toy"


@dataclass(slots=True)
class ToyNote(Order):
    """A toy order: a seat writes a note in the toy phase."""

    text: Text = ""


class ToyPhase(Phase):
    """A phase of the toy variant only, between ships and movement: it logs its visit in the
    variant's state and an event, and each playing seat owes a note (or lets it time out)."""

    name = "toy"
    rule = "TOY-1"
    accepts = ("toy_note",)

    def start(self, g: Context) -> None:
        g.s.variant_state.setdefault("visits", []).append(g.s.turn)
        g.s.step = {"owed": [p.seat for p in g.active() if not p.inert]}
        g.emit(f"The toy phase of turn {g.s.turn}.", "toy", turn=g.s.turn)

    def pending(self, g: Context) -> list[Decision]:
        return [Decision(seat, "toy_note", "Write a note", default="no note") for seat in g.s.step["owed"]]

    def handle(self, g: Context, o: Order) -> None:
        if o.player not in g.s.step["owed"]:
            raise IllegalOrder(self.rule, "you have written your note")
        g.s.step["owed"].remove(o.player)
        g.s.variant_state["notes"] = g.s.variant_state.get("notes", 0) + 1
        g.emit(f"Seat {o.player} writes {o.text!r}.", "toy_note")

    def timeout(self, g: Context, seat: int) -> None:
        g.s.step["owed"].remove(seat)
        g.emit(f"Seat {seat} writes nothing.", "toy_note")

    def sample(self, g: Context, seat: int, rng) -> Order:
        return ToyNote(seat, "hello") if rng.below(2) else Timeout(seat)


class Toy(Variant):
    key = TOY
    turn = TURN[:4] + ("toy",) + TURN[4:]


@pytest.fixture
def toy(monkeypatch):
    for table in (VARIANT_PHASES, VARIANT_ORDER_TYPES):
        monkeypatch.setitem(table, TOY, {})
    register(variant=TOY)(ToyPhase)
    order("toy_note", rule="TOY-1", variant=TOY)(ToyNote)
    monkeypatch.setitem(VARIANTS, TOY, Toy())
    yield find_variant(TOY)
    json_schema.cache_clear()


@pytest.mark.parametrize("bots,players,seed", [("random", 3, 4), ("heuristic", 5, 9), ("mixed", 7, 1)])
def test_the_toy_phase_is_visited_every_turn_between_ships_and_movement(toy, bots, players, seed):
    rec = play_game(players, seed, seat_bots(bots, players, seed), turns=6, options={"variant": TOY})
    assert not rec.violations and not rec.refused_samples and rec.replay_ok  # replayed: same digest
    state = engine.new_game({"players": players, "variant": TOY, "turn_limit": 6}, seed)
    finished: list[tuple[int, str]] = []
    kinds: Counter = Counter()
    for o in rec.orders:
        kinds.update(e.kind for e in engine.apply_in_place(
            state, o, lambda s, ph: finished.append((s.turn, ph)), by_site=True))
    assert state.variant_state["visits"] == list(range(1, 7))
    assert kinds["toy"] == 6 and kinds["toy_note"] == 6 * players
    for turn in range(1, 6):
        assert [ph for t, ph in finished if t == turn] == list(toy.turn)
    assert "variant_state" in state.to_json() and GameState.loads(state.dumps()).digest() == state.digest()


def test_the_toy_order_is_taken_in_the_toy_game_only(toy):
    state = engine.new_game({"players": 3, "variant": TOY}, seed=4)
    while state.phase != "toy":
        seat = next(d.player for d in engine.pending(state) if d.required)
        note = {"type": "toy_note", "player": seat, "text": "early"}
        if state.phase != "pick":
            with pytest.raises(IllegalOrder, match=f"a 'toy_note' order is not taken in the {state.phase} phase"):
                engine.apply(state, note)
        state, _ = engine.apply(state, engine.default(state, seat), by_site=True)
    seat = engine.pending(state)[0].player
    assert [d["kind"] for d in engine.view(state, seat)["decisions"]] == ["toy_note"]
    state, ev = engine.apply(state, {"type": "toy_note", "player": seat, "text": "hi"})
    assert texts(ev) == f"Seat {seat} writes 'hi'."
    with pytest.raises(IllegalOrder) as e:
        engine.apply(state, {"type": "toy_note", "player": seat, "text": 5})
    assert e.value.rule == "TOY-1" and "text: must be text (got 5)" in e.value.message
    assert information_state(state, seat).variant_state == state.variant_state == {"visits": [1], "notes": 1}
    # the plain game knows no such order, and its tables and schema do not show it
    plain = engine.new_game({"players": 3}, seed=4)
    with pytest.raises(IllegalOrder, match="unknown order type 'toy_note'"):
        engine.apply(plain, {"type": "toy_note", "player": 0, "text": "hi"})
    assert "toy_note" not in ORDER_TYPES and "toy" not in PHASES
    assert "toy_note" not in json.dumps(json_schema())
    assert "toy_note" in json.dumps(json_schema(variant=TOY))


# ---- registering: what is refused --------------------------------------------------------------
def test_a_variant_replaces_a_plain_order_only_with_a_subclass_given_by_the_same_side(monkeypatch):
    monkeypatch.setitem(VARIANT_ORDER_TYPES, "bad", {})
    monkeypatch.setitem(VARIANT_SITE_TYPES, "bad", {})
    with pytest.raises(ValueError, match="only with a subclass of Done"):
        order("done", variant="bad")(ToyNote)
    with pytest.raises(ValueError, match="only with a subclass of Timeout"):
        order("timeout", variant="bad")(_clone_order(Timeout))  # a player may not give it
    order("toy_note", variant="bad")(_clone_order(ToyNote))
    with pytest.raises(ValueError, match="registered twice for the variant 'bad'"):
        order("toy_note", variant="bad")(_clone_order(ToyNote))
    with pytest.raises(ValueError, match="registered twice"):
        order("done")(_clone_order(ToyNote))  # the plain names stay unique
    assert "toy_note" not in ORDER_TYPES


def test_a_phase_is_registered_once_per_variant(monkeypatch):
    monkeypatch.setitem(VARIANT_PHASES, "bad", {})
    register(variant="bad")(ToyPhase)
    with pytest.raises(ValueError, match="phase 'toy' registered twice for the variant 'bad'"):
        register(variant="bad")(ToyPhase)
    assert "toy" not in PHASES


def test_a_variant_whose_turn_names_an_unknown_phase_or_another_key_is_refused(monkeypatch):
    class Broken(Variant):
        key = "broken"
        turn = ("tax", "nowhere")

    monkeypatch.setitem(VARIANTS, "broken", Broken)
    with pytest.raises(TypeError, match="not registered \\(nowhere\\)"):
        find_variant("broken")
    monkeypatch.setitem(VARIANTS, "misnamed", StandardClone)
    with pytest.raises(TypeError, match="is not a Variant with the key 'misnamed'"):
        find_variant("misnamed")


class Lazy(Variant):
    key = "lazy"


def test_a_variant_given_by_its_module_path_is_imported_on_first_use(monkeypatch):
    monkeypatch.setitem(VARIANTS, "lazy", "tests.games.advciv.test_variant:Lazy")
    v = find_variant("lazy")
    assert type(v) is Lazy and VARIANTS["lazy"] is v and find_variant("lazy") is v
    assert variant_of({"variant": "lazy"}) is v
    assert order_types("lazy") is ORDER_TYPES  # nothing of its own: the plain table
