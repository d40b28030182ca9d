"""Removal of surplus population (26.1-26.2, 32.241) and city support (26.3-26.6, SITE-SURPLUS)."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.game import Game
from tresham.games.advciv.phase import PHASES
from tresham.games.advciv.rules import support
from tresham.games.base import IllegalOrder
from tresham.rng import Rng

from tests.helpers import play, position, texts, refused

# four_east board; seats in A.S.T. order: asia 0, assyria 1, babylon 2, egypt 3
NATIONS = ["asia", "assyria", "babylon", "egypt"]
ASIA, ASSYRIA, BABYLON, EGYPT = range(4)

# Egypt keeps the phase open: two cities built this turn, no token to support them, so it
# owes a choice of which to reduce (the other players' results can be read meanwhile).
HOLD_BOARD = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}}
HOLD_PLAYER = {"egypt": {"new_cities": ["memphis", "thebes"]}}


def at_surplus(board, players=None, hold=True, **kw):
    b = dict(board)
    p = dict(players or {})
    if hold:
        b.update(HOLD_BOARD)
        p.update(HOLD_PLAYER)
    return position(nations=NATIONS, phase="surplus", board=b, players=p, **kw)


def owed(state):
    return {d.player: d for d in engine.pending(state)}


def reduce(seat, *areas):
    return {"type": "reduce_cities", "player": seat, "areas": list(areas)}


def tokens(state, area, owner):
    return state.board.tokens.get(area, {}).get(owner, 0)


# ---- 26.1-26.2 -----------------------------------------------------------------------------

@pytest.mark.rule("26.1")
@pytest.mark.site("SITE-SURPLUS-01")
def test_surplus_removed_automatically():
    board = {"ur": {"city": "babylon", "tokens": {"babylon": 2, "assyria": 1}},
             "babylonia": {"tokens": {"babylon": 6}}, "susa": {"tokens": {"babylon": 2}}}
    state, ev = at_surplus(board, players={"babylon": {"stock": 20}, "assyria": {"stock": 30}})
    assert state.phase == "surplus"
    assert tokens(state, "ur", "babylon") == 0 and tokens(state, "ur", "assyria") == 0
    assert tokens(state, "babylonia", "babylon") == 4  # limit 4
    assert tokens(state, "susa", "babylon") == 2  # under the limit of 3: untouched
    assert state.players[BABYLON].stock == 24 and state.players[ASSYRIA].stock == 31
    assert "Babylon removes 4 surplus tokens to stock (Babylonia 2, Ur 2)." in texts(ev)
    assert "Assyria removes 1 surplus token to stock (Ur 1)." in texts(ev)
    assert sorted(owed(state)) == [EGYPT]  # nothing asked of Babylon or Assyria


@pytest.mark.rule("26.11", "32.241")
@pytest.mark.site("SITE-SURPLUS-01")
def test_agriculture_adds_one_only_where_alone():
    board = {"babylonia": {"tokens": {"babylon": 7}}, "mesopotamia": {"tokens": {"babylon": 4, "assyria": 1}},
             "sumeria": {"tokens": {"babylon": 2}}}
    state, _ = at_surplus(board, players={"babylon": {"civ_cards": ["agriculture"]}})
    assert tokens(state, "babylonia", "babylon") == 5  # limit 4 + 1
    # with Assyria's token present Agriculture gives nothing (hand-made position: after a
    # conflict such an area would already be within the limit)
    assert tokens(state, "mesopotamia", "babylon") == 3
    assert tokens(state, "mesopotamia", "assyria") == 1
    g = Game(state)
    assert g.limit("sumeria", "babylon") == 4 and g.limit("sumeria", "assyria") == 3
    # without the card: the printed limit
    state, _ = at_surplus({"babylonia": {"tokens": {"babylon": 7}}})
    assert tokens(state, "babylonia", "babylon") == 4


@pytest.mark.rule("26.2")
def test_ships_do_not_count_toward_limits():
    board = {"chaldaea": {"tokens": {"babylon": 3}}}
    state, _ = at_surplus(board, ships={"babylon": ["chaldaea", "chaldaea", "chaldaea"]})
    assert tokens(state, "chaldaea", "babylon") == 2  # limit 2: one token removed
    assert state.board.ships["babylon"] == ["chaldaea", "chaldaea", "chaldaea"]


# ---- 26.3-26.41 ----------------------------------------------------------------------------

@pytest.mark.rule("26.3", "26.31", "26.4", "26.41")
def test_single_city_unsupported_is_reduced_automatically():
    board = {"nineveh": {"city": "assyria"}, "assyria": {"tokens": {"assyria": 1}}}
    state, ev = at_surplus(board, players={"assyria": {"stock": 10}})
    assert "nineveh" not in state.board.cities
    assert tokens(state, "nineveh", "assyria") == 3  # limit 3
    assert state.players[ASSYRIA].stock == 7
    assert ("Assyria's city in Nineveh is reduced by lack of support after surplus population "
            "removal (3 tokens remain).") in texts(ev)
    assert ASSYRIA not in owed(state)


@pytest.mark.rule("26.31", "26.41")
def test_two_tokens_per_city_and_reduction_tokens_support_at_once():
    # 3 cities need 6; 5 on the board; reducing Ur puts 3 tokens there: 8 for 2 cities
    board = {"ur": {"city": "babylon"}, "susa": {"city": "babylon"}, "charax": {"city": "babylon"},
             "babylonia": {"tokens": {"babylon": 4}}, "sumeria": {"tokens": {"babylon": 1}}}
    state, _ = at_surplus(board)
    d = owed(state)[BABYLON]
    assert d.required and d.options["support"] == 5 and d.options["needed"] == 6
    assert d.options["cities"] == ["charax", "susa", "ur"] and d.options["new_cities"] == []
    state, ev = play(state, reduce(BABYLON, "ur", "susa"))  # stops once supported
    g = Game(state)
    assert g.cities_of("babylon") == ["charax", "susa"] and tokens(state, "ur", "babylon") == 3
    assert BABYLON not in owed(state)
    # enough cities already supported: a second order is refused
    refused(state, reduce(BABYLON, "susa"), "26.31")


@pytest.mark.rule("26.31")
def test_reduction_list_must_reach_support():
    board = {"ur": {"city": "babylon"}, "susa": {"city": "babylon"}, "charax": {"city": "babylon"},
             "mari": {"city": "babylon"}}
    state, _ = at_surplus(board)
    # 4 cities, 0 tokens: Ur (+3) leaves 3 for 3 cities (need 6) -> not enough
    e = refused(state, reduce(BABYLON, "ur"), "26.31")
    assert "reduce more cities" in e.message
    refused(state, reduce(BABYLON, "thebes", "ur"), "26.31")  # Egypt's city
    refused(state, reduce(BABYLON, "ur", "ur", "susa"), "26.31")
    refused(state, reduce(ASIA, "ur"), "26.31")  # Asia owes nothing
    state, _ = play(state, reduce(BABYLON, "ur", "susa"))  # 6 tokens for 2 cities
    assert Game(state).cities_of("babylon") == ["charax", "mari"]
    assert tokens(state, "ur", "babylon") == 3 and tokens(state, "susa", "babylon") == 3


@pytest.mark.rule("26.32")
def test_single_new_city_is_reduced_first_automatically():
    board = {"ur": {"city": "babylon"}, "susa": {"city": "babylon"}, "babylonia": {"tokens": {"babylon": 1}}}
    state, _ = at_surplus(board, players={"babylon": {"new_cities": ["susa"]}})
    assert Game(state).cities_of("babylon") == ["ur"]
    assert tokens(state, "susa", "babylon") == 3
    assert BABYLON not in owed(state)


@pytest.mark.rule("26.32")
def test_new_cities_must_be_reduced_before_older_ones():
    board = {"ur": {"city": "babylon"}, "susa": {"city": "babylon"}, "charax": {"city": "babylon"},
             "babylonia": {"tokens": {"babylon": 1}}}
    state, _ = at_surplus(board, players={"babylon": {"new_cities": ["susa", "ur"]}})
    d = owed(state)[BABYLON]
    assert d.options["new_cities"] == ["susa", "ur"]
    e = refused(state, reduce(BABYLON, "charax"), "26.32")
    assert "Susa" in e.message and "Ur" in e.message
    state, _ = play(state, reduce(BABYLON, "ur"))  # +3: 4 tokens for 2 cities
    assert Game(state).cities_of("babylon") == ["charax", "susa"]
    assert state.players[BABYLON].new_cities == ["susa"]


@pytest.mark.rule("26.41", "32.241")
def test_agriculture_adds_a_token_to_a_reduced_city():
    board = {"nineveh": {"city": "assyria"}}
    state, _ = at_surplus(board, players={"assyria": {"civ_cards": ["agriculture"], "stock": 20}})
    assert tokens(state, "nineveh", "assyria") == 4  # limit 3 + 1
    assert state.players[ASSYRIA].stock == 16


@pytest.mark.rule("26.41")
def test_short_stock_then_unsupported_cities_are_eliminated():
    board = {"ur": {"city": "babylon"}, "susa": {"city": "babylon"}, "charax": {"city": "babylon"}}
    state, _ = at_surplus(board, players={"babylon": {"stock": 2}})
    state, ev = play(state, reduce(BABYLON, "ur", "susa", "charax"))
    # Ur: only 2 tokens in stock go in; 2 tokens for 2 cities -> Susa cannot be reduced
    # (stock empty) and is eliminated; 2 tokens support the last city, Charax
    assert tokens(state, "ur", "babylon") == 2 and state.players[BABYLON].stock == 0
    assert "susa" not in state.board.cities and tokens(state, "susa", "babylon") == 0
    assert Game(state).cities_of("babylon") == ["charax"]
    assert "Babylon's city in Susa is destroyed by lack of support" in texts(ev)
    assert Game(state).cities_in_stock("babylon") == 8


# ---- 26.5, 26.6: the shared check ---------------------------------------------------------

@pytest.mark.rule("26.5")
def test_support_not_checked_during_city_construction():
    state, _ = position(nations=NATIONS, phase="cities",
                        board={"ur": {"tokens": {"babylon": 6}}, "susa": {"tokens": {"babylon": 6}},
                               "thebes": {"tokens": {"egypt": 6}}, "upper_egypt": {"tokens": {"egypt": 4}}})
    state, _ = play(state, {"type": "build_cities", "player": BABYLON, "areas": ["susa", "ur"]})
    assert state.phase == "cities"  # Egypt still to build
    assert Game(state).cities_of("babylon") == ["susa", "ur"]  # unsupported, not yet checked


def _game_at_rest(board, players=None):
    """A position where no phase acts (the check is then driven by hand)."""
    state, _ = position(nations=NATIONS, phase="over", board=board, players=players or {})
    return Game(state)


@pytest.mark.rule("26.5", "30.421", "30.422")
def test_slave_revolt_check_only_victim_and_unsupporting_tokens():
    board = {"ur": {"city": "babylon"}, "susa": {"city": "babylon"},
             "babylonia": {"tokens": {"babylon": 4}}, "sumeria": {"tokens": {"babylon": 3}},
             "nineveh": {"city": "assyria"}}
    g = _game_at_rest(board, players={"babylon": {"new_cities": ["susa"]}})
    st = support.start_support_check(g, "Slave Revolt", nations=["babylon"],
                                     unsupporting={"babylon": 15})
    # 7 tokens on board, fewer than 15: all 7 cannot support; Susa (new) reduced first gives
    # 3 tokens that do support: 3 for 1 city. Assyria (not checked) keeps its city.
    assert st["unsupporting"] == {"babylon": 7}
    assert g.cities_of("babylon") == ["ur"] and g.tokens("susa", "babylon") == 3
    assert g.cities_of("assyria") == ["nineveh"]
    assert support.done(g, st) and support.pending(g, st) == []
    assert "reduced by lack of support after Slave Revolt" in texts(g.events)


@pytest.mark.rule("26.6", "26.32")
def test_calamity_check_uses_the_same_procedure_with_decisions():
    board = {"ur": {"city": "babylon"}, "susa": {"city": "babylon"}, "charax": {"city": "babylon"}}
    g = _game_at_rest(board)
    st = support.start_support_check(g, "calamities")
    assert not support.done(g, st)
    [d] = support.pending(g, st)
    assert d.player == BABYLON and d.kind == "reduce_cities" and d.options["needed"] == 6
    with pytest.raises(IllegalOrder):
        support.handle(g, st, support.ReduceCities(BABYLON, ["ur"]))  # 3 for 2 cities: short
    assert g.cities_of("babylon") == ["charax", "susa", "ur"]
    support.handle(g, st, support.ReduceCities(BABYLON, ["charax", "ur"]))
    assert support.done(g, st) and g.cities_of("babylon") == ["susa"]
    assert g.tokens("charax", "babylon") == 3 and g.tokens("ur", "babylon") == 3
    assert "Babylon's city in Charax is reduced by lack of support after calamities" in texts(g.events)


@pytest.mark.site("SITE-SURPLUS-02")
@pytest.mark.rule("26.32")
def test_timeout_reduces_random_new_cities_first():
    board = {"susa": {"city": "babylon"}, "ur": {"city": "babylon"}, "charax": {"city": "babylon"},
             "mari": {"city": "babylon"}, "aleppo": {"city": "babylon"}}
    players = {"babylon": {"new_cities": ["charax", "susa", "ur"]}}
    results = set()
    for seed in range(8):
        state, _ = at_surplus(board, players=players, seed=seed)
        assert owed(state)[BABYLON].default.startswith("random cities")
        state, ev = play(state, {"type": "timeout", "player": BABYLON})
        left = Game(state).cities_of("babylon")
        # 0 tokens, 5 cities: two reductions (+3 each) give 6 tokens for 3 cities
        assert len(left) == 3 and {"mari", "aleppo"} <= set(left)
        results.add(tuple(left))
        again, _ = play(at_surplus(board, players=players, seed=seed)[0],
                        {"type": "timeout", "player": BABYLON})
        assert again.digest() == state.digest()  # deterministic for a seed
    assert len(results) >= 2  # random among the new ones


@pytest.mark.rule("26.31", "26.32")
def test_sampled_orders_are_legal_and_restore_support():
    board = {"susa": {"city": "babylon"}, "ur": {"city": "babylon"}, "charax": {"city": "babylon"},
             "mari": {"city": "babylon"}, "babylonia": {"tokens": {"babylon": 4}}}
    state, _ = at_surplus(board, players={"babylon": {"new_cities": ["susa", "ur"]}})
    assert BABYLON in owed(state)  # 4 tokens for 4 cities: one of the two new cities goes
    rng = Rng(3)
    kept = set()
    for _ in range(20):
        o = PHASES["surplus"].sample(Game(state), BABYLON, rng)
        s2, _ = engine.apply(state, o)
        g = Game(s2)
        assert 2 * len(g.cities_of("babylon")) <= g.tokens_on_board("babylon")
        assert {"charax", "mari"} <= set(g.cities_of("babylon"))  # new ones went first
        assert len(g.cities_of("babylon")) == 3
        kept.add(tuple(g.cities_of("babylon")))
    assert len(kept) == 2  # either new city may go


@pytest.mark.rule("26.31", "15.61")
def test_inert_nation_cities_need_no_support():
    board = {"ur": {"city": "babylon"}, "susa": {"city": "babylon"}, "charax": {"city": "babylon"}}
    state, _ = at_surplus(board, players={"babylon": {"inert": True}})
    assert BABYLON not in owed(state)
    assert Game(state).cities_of("babylon") == ["charax", "susa", "ur"]  # 0 tokens, 3 cities kept


@pytest.mark.rule("26.31", "26.41")
def test_no_decision_when_every_city_must_be_reduced_anyway():
    # two cities on limit-1 areas, no tokens: reducing one gives 1 token for 1 city, so
    # both go whatever the order -> done automatically
    board = {"sidon": {"city": "babylon"}, "jericho": {"city": "babylon"}}
    state, ev = at_surplus(board, players={"babylon": {"stock": 10}})
    assert BABYLON not in owed(state)
    assert Game(state).cities_of("babylon") == []
    assert tokens(state, "sidon", "babylon") == 1 and tokens(state, "jericho", "babylon") == 1
    # with a third city on a limit-3 area sparing one is possible: Babylon chooses
    board["ur"] = {"city": "babylon"}
    state, _ = at_surplus(board, players={"babylon": {"stock": 10}})
    assert owed(state)[BABYLON].options["cities"] == ["jericho", "sidon", "ur"]


@pytest.mark.rule("26.1", "26.11", "26.31", "26.32", "26.41")
def test_random_positions_end_within_limits_and_supported():
    """Random boards: after the phase (defaults for every decision) no token stands in a
    city area, no area is above its limit, every city is supported, every token is accounted
    for, and no older city is lost while a city built this turn still stands."""
    rng = Rng(11)
    land = sorted(a for a, x in Game(position(nations=NATIONS, phase="over")[0]).areas.items()
                  if x.is_land)
    for _ in range(25):
        board: dict = {}
        for area in rng.sample(land, 30):
            owner = rng.choice(NATIONS)
            if rng.below(3) == 0:
                board[area] = {"city": owner}
            else:
                board[area] = {"tokens": {owner: 1 + rng.below(7)}}
            if rng.below(4) == 0:
                board[area].setdefault("tokens", {})[rng.choice(NATIONS)] = 1 + rng.below(2)
        players = {n: {"civ_cards": ["agriculture"] if rng.below(2) else [],
                       "new_cities": [a for a, b in board.items() if b.get("city") == n and rng.below(2)],
                       "stock": rng.below(20)} for n in NATIONS}
        state, _ = position(nations=NATIONS, phase="over", board=board, players=players)
        g = Game(state)
        before = {p.nation: g.tokens_on_board(p.nation) + p.stock + p.treasury for p in state.players}
        cities_before = {n: set(g.cities_of(n)) for n in NATIONS}
        g.s.phase = "surplus"
        phase = PHASES["surplus"]
        phase.start(g)
        for d in phase.pending(g):
            phase.timeout(g, d.player)
        assert phase.pending(g) == []
        for area, owners in state.board.tokens.items():
            assert area not in state.board.cities
            for owner, n in owners.items():
                assert n <= g.limit(area, owner)
        for p in state.players:
            assert 2 * len(g.cities_of(p.nation)) <= g.tokens_on_board(p.nation)
            assert g.tokens_on_board(p.nation) + p.stock + p.treasury == before[p.nation]
            kept = set(g.cities_of(p.nation))
            assert kept <= cities_before[p.nation]
            lost_old = (cities_before[p.nation] - kept) - set(players[p.nation]["new_cities"])
            if lost_old:  # 26.32: an old city goes only once every new city has gone
                assert not set(players[p.nation]["new_cities"]) & kept
