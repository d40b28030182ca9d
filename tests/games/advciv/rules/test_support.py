"""tresham/games/advciv/rules/support.py: city support (26.3-26.6) as checked after surplus
removal and after the calamities, and the site's reduction decisions (SITE-SURPLUS-02)."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.context import Context
from tresham.games.advciv.phase import PHASES
from tresham.games.advciv.rules import support
from tresham.games.contract import IllegalOrder
from tresham.rng import Rng

from tests.helpers import (FOUR_EAST as NATIONS, at_surplus, pending_by_seat as owed, play,
                           position, refused, texts, tokens)


ASIA, ASSYRIA, BABYLON, EGYPT = range(4)


def reduce(seat, *areas):
    return {"type": "reduce_cities", "player": seat, "areas": list(areas)}


def _game_at_rest(board, players=None):
    """A position where no phase acts (the check is then driven by hand)."""
    state, _ = position(nations=NATIONS, phase="over", board=board, players=players or {})
    return Context(state)


# ---- 26.31 Two tokens per city ------------------------------------------------------------------
@pytest.mark.rule("26.3", "26.31", "26.4", "26.41")
def test_single_city_unsupported_is_reduced_automatically():
    board = {"nineveh": {"city": "assyria"}, "assyria": {"tokens": {"assyria": 1}}}
    state, ev = at_surplus(board, players={"assyria": {"stock": 10}}, options={"tokens": 11})
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
    g = Context(state)
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
    assert Context(state).cities_of("babylon") == ["charax", "mari"]
    assert tokens(state, "ur", "babylon") == 3 and tokens(state, "susa", "babylon") == 3


@pytest.mark.rule("26.31", "26.41")
def test_no_decision_when_every_city_must_be_reduced_anyway():
    # two cities on limit-1 areas, no tokens: reducing one gives 1 token for 1 city, so
    # both go whatever the order -> done automatically
    board = {"sidon": {"city": "babylon"}, "jericho": {"city": "babylon"}}
    state, ev = at_surplus(board, players={"babylon": {"stock": 10}}, options={"tokens": 10})
    assert BABYLON not in owed(state)
    assert Context(state).cities_of("babylon") == []
    assert tokens(state, "sidon", "babylon") == 1 and tokens(state, "jericho", "babylon") == 1
    # with a third city on a limit-3 area sparing one is possible: Babylon chooses
    board["ur"] = {"city": "babylon"}
    state, _ = at_surplus(board, players={"babylon": {"stock": 10}}, options={"tokens": 10})
    assert owed(state)[BABYLON].options["cities"] == ["jericho", "sidon", "ur"]


@pytest.mark.rule("26.31", "15.61")
def test_inert_nation_cities_need_no_support():
    board = {"ur": {"city": "babylon"}, "susa": {"city": "babylon"}, "charax": {"city": "babylon"}}
    state, _ = at_surplus(board, players={"babylon": {"inert": True}})
    assert BABYLON not in owed(state)
    assert Context(state).cities_of("babylon") == ["charax", "susa", "ur"]  # 0 tokens, 3 cities kept


@pytest.mark.rule("26.31", "26.32")
def test_sampled_orders_are_legal_and_restore_support():
    board = {"susa": {"city": "babylon"}, "ur": {"city": "babylon"}, "charax": {"city": "babylon"},
             "mari": {"city": "babylon"}, "babylonia": {"tokens": {"babylon": 4}}}
    state, _ = at_surplus(board, players={"babylon": {"new_cities": ["susa", "ur"]}})
    assert BABYLON in owed(state)  # 4 tokens for 4 cities: one of the two new cities goes
    rng = Rng(3)
    kept = set()
    for _ in range(20):
        o = PHASES["surplus"].sample(Context(state), BABYLON, rng)
        s2, _ = engine.apply(state, o)
        g = Context(s2)
        assert 2 * len(g.cities_of("babylon")) <= g.tokens_on_board("babylon")
        assert {"charax", "mari"} <= set(g.cities_of("babylon"))  # new ones went first
        assert len(g.cities_of("babylon")) == 3
        kept.add(tuple(g.cities_of("babylon")))
    assert len(kept) == 2  # either new city may go


# ---- 26.32 This turn's new cities are reduced first ---------------------------------------------
@pytest.mark.rule("26.32")
def test_single_new_city_is_reduced_first_automatically():
    board = {"ur": {"city": "babylon"}, "susa": {"city": "babylon"}, "babylonia": {"tokens": {"babylon": 1}}}
    state, _ = at_surplus(board, players={"babylon": {"new_cities": ["susa"]}})
    assert Context(state).cities_of("babylon") == ["ur"]
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
    assert Context(state).cities_of("babylon") == ["charax", "susa"]
    assert state.players[BABYLON].new_cities == ["susa"]


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
        left = Context(state).cities_of("babylon")
        # 0 tokens, 5 cities: two reductions (+3 each) give 6 tokens for 3 cities
        assert len(left) == 3 and {"mari", "aleppo"} <= set(left)
        results.add(tuple(left))
        again, _ = play(at_surplus(board, players=players, seed=seed)[0],
                        {"type": "timeout", "player": BABYLON})
        assert again.digest() == state.digest()  # deterministic for a seed
    assert len(results) >= 2  # random among the new ones


# ---- 26.41 City reduction; Agriculture ----------------------------------------------------------
@pytest.mark.rule("26.41", "32.241")
def test_agriculture_adds_a_token_to_a_reduced_city():
    board = {"nineveh": {"city": "assyria"}}
    state, _ = at_surplus(board, players={"assyria": {"civ_cards": ["agriculture"], "stock": 20}},
                          options={"tokens": 20})
    assert tokens(state, "nineveh", "assyria") == 4  # limit 3 + 1
    assert state.players[ASSYRIA].stock == 16


@pytest.mark.rule("26.41", "32.241", "26.32")
def test_reduction_plan_counts_agriculture_like_the_reduction_itself():
    """The reduction list is checked with the same token count the reduction places:
    Agriculture's extra token only where no other nation's tokens stand (32.241)."""
    from tresham.games.advciv.rules import support
    state, _ = position(nations=["asia", "assyria", "babylon", "egypt"], phase="over",
                        board={"ur": {"city": "babylon", "tokens": {"assyria": 1}},
                               "susa": {"city": "babylon"}},
                        players={"babylon": {"civ_cards": ["agriculture"], "stock": 20}}, options={"tokens": 20})
    g = Context(state)
    limit_ur, limit_susa = g.areas["ur"].limit, g.areas["susa"].limit
    assert support.tokens_from_reduction(g, "babylon", "ur", 20) == limit_ur
    assert support.tokens_from_reduction(g, "babylon", "susa", 20) == limit_susa + 1
    assert g.reduce_city("ur") == limit_ur
    assert g.reduce_city("susa") == limit_susa + 1


@pytest.mark.rule("26.41")
def test_short_stock_then_unsupported_cities_are_eliminated():
    board = {"ur": {"city": "babylon"}, "susa": {"city": "babylon"}, "charax": {"city": "babylon"}}
    state, _ = at_surplus(board, players={"babylon": {"stock": 2}}, options={"tokens": 2})
    state, ev = play(state, reduce(BABYLON, "ur", "susa", "charax"))
    # Ur: only 2 tokens in stock go in; 2 tokens for 2 cities -> Susa cannot be reduced
    # (stock empty) and is eliminated; 2 tokens support the last city, Charax
    assert tokens(state, "ur", "babylon") == 2 and state.players[BABYLON].stock == 0
    assert "susa" not in state.board.cities and tokens(state, "susa", "babylon") == 0
    assert Context(state).cities_of("babylon") == ["charax"]
    assert "Babylon's city in Susa is destroyed by lack of support" in texts(ev)
    assert Context(state).cities_in_stock("babylon") == 8


# ---- 26.5 When support is checked ---------------------------------------------------------------
@pytest.mark.rule("26.5")
def test_support_not_checked_during_city_construction():
    state, _ = position(nations=NATIONS, phase="cities",
                        board={"ur": {"tokens": {"babylon": 6}}, "susa": {"tokens": {"babylon": 6}},
                               "thebes": {"tokens": {"egypt": 6}}, "upper_egypt": {"tokens": {"egypt": 4}}})
    state, _ = play(state, {"type": "build_cities", "player": BABYLON, "areas": ["susa", "ur"]})
    assert state.phase == "cities"  # Egypt still to build
    assert Context(state).cities_of("babylon") == ["susa", "ur"]  # unsupported, not yet checked


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


# ---- 26.6 Calamities use the same procedure -----------------------------------------------------
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
