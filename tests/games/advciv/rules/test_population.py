"""tresham/games/advciv/rules/population.py: population expansion (20) and the site's growth
decisions (SITE-POP-*)."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.context import Context
from tresham.games.advciv.rules.population import increments
from tresham.rng import Rng

from tests.games.advciv.repeats import already_done
from tests.helpers import four_nations as pos, play, refused


# ---- 20.1 Growth: +1, +2, none where a city stands ----------------------------------------------
@pytest.mark.rule("20.1")
@pytest.mark.site("SITE-POP-01")
def test_growth_plus_one_plus_two_none_with_city_may_exceed_limit():
    state, ev = pos({"thebes": {"tokens": {"egypt": 1}}, "memphis": {"tokens": {"egypt": 3}},
                     "tanis": {"tokens": {"egypt": 2}, "city": "babylon"},
                     "jericho": {"tokens": {"egypt": 1}}},
                    {"egypt": {"stock": 20}}, phase="population", options={"tokens": 27})
    g = Context(state)
    assert g.tokens("thebes", "egypt") == 2
    assert g.tokens("memphis", "egypt") == 5  # limit 3 exceeded
    assert g.tokens("tanis", "egypt") == 2  # city in the area: no growth
    assert g.tokens("jericho", "egypt") == 2
    assert state.player("egypt").stock == 16
    assert state.phase != "population"


@pytest.mark.rule("20.1")
def test_pirate_city_stops_growth_barbarian_tokens_do_not():
    board = {"tanis": {"city": "pirates", "tokens": {"egypt": 2}},
             "alexandria": {"tokens": {"egypt": 2, "barbarians": 3}}}
    state, _ = pos(board, {"egypt": {"stock": 10}}, phase="population", options={"tokens": 14})
    g = Context(state)
    assert g.tokens("tanis", "egypt") == 2
    assert g.tokens("alexandria", "egypt") == 4 and g.tokens("alexandria", "barbarians") == 3


# ---- 20.2 Short stock: the player places all he has ---------------------------------------------
@pytest.mark.rule("20.2", "20.3")
@pytest.mark.site("SITE-POP-02", "SITE-POP-04", "SITE-TIME-02")
def test_short_stock_player_distributes_in_ast_order():
    board = {"thebes": {"tokens": {"egypt": 1}}, "memphis": {"tokens": {"egypt": 3}},
             "ur": {"tokens": {"babylon": 2}}, "babylon": {"tokens": {"babylon": 2}},
             "nineveh": {"tokens": {"assyria": 2}}}
    # A game of 12 tokens; Egypt's and Babylon's other tokens are in treasury (growth is from stock, 20.1)
    state, _ = pos(board, {"egypt": {"stock": 2, "treasury": 6}, "babylon": {"stock": 3, "treasury": 5},
                           "assyria": {"stock": 10}}, phase="population", options={"tokens": 12})
    assert Context(state).tokens("nineveh", "assyria") == 4  # automatic, Assyria is before Babylon
    d = engine.pending(state)
    req = [x for x in d if x.required]
    assert [(x.player, x.deadline_factor) for x in req] == [(1, 1.5)]  # Babylon first, 1.5x
    assert [x.player for x in d if not x.required] == [0]  # Egypt may enter early
    # Egypt enters early; it is applied on Egypt's turn
    state, _ = play(state, {"type": "grow", "player": 0, "areas": {"thebes": 1, "memphis": 1}})
    assert Context(state).tokens("thebes", "egypt") == 1
    refused(state, {"type": "grow", "player": 1, "areas": {"ur": 3}}, "20.2")  # Z-24: at most +2
    refused(state, {"type": "grow", "player": 1, "areas": {"ur": 1, "babylon": 1}}, "20.2")  # must use all
    refused(state, {"type": "grow", "player": 1, "areas": {"nineveh": 1, "ur": 2}}, "20.1")
    state, _ = play(state, {"type": "grow", "player": 1, "areas": {"ur": 2, "babylon": 1}})
    g = Context(state)
    assert (g.tokens("ur", "babylon"), g.tokens("babylon", "babylon")) == (4, 3)
    assert (g.tokens("thebes", "egypt"), g.tokens("memphis", "egypt")) == (2, 4)
    assert state.player("egypt").stock == 0 and state.player("babylon").stock == 0
    assert state.phase != "population"


@pytest.mark.site("SITE-TABLE-06", "SITE-SAFE-10")
def test_the_same_early_placement_again_is_already_done():
    board = {"thebes": {"tokens": {"egypt": 1}}, "memphis": {"tokens": {"egypt": 3}},
             "ur": {"tokens": {"babylon": 2}}, "babylon": {"tokens": {"babylon": 2}},
             "nineveh": {"tokens": {"assyria": 2}}}
    state, _ = pos(board, {"egypt": {"stock": 2, "treasury": 6}, "babylon": {"stock": 3, "treasury": 5},
                           "assyria": {"stock": 10}}, phase="population", options={"tokens": 12})
    early = {"type": "grow", "player": 0, "areas": {"thebes": 1, "memphis": 1}}
    state, _ = play(state, early)
    already_done(state, early, "this placement is already noted")
    state, ev = play(state, {"type": "grow", "player": 0, "areas": {"memphis": 2}})  # a change: taken
    assert "Your placement is noted" in ev[0].text


@pytest.mark.rule("20.2")
@pytest.mark.site("SITE-POP-02")
def test_short_stock_must_place_all_and_never_more_than_the_increment():
    board = {"memphis": {"tokens": {"egypt": 3}}, "thebes": {"tokens": {"egypt": 1}},
             "buhen": {"tokens": {"egypt": 1}}}
    state, _ = pos(board, {"egypt": {"stock": 3}}, phase="population", options={"tokens": 8})
    assert [(d.player, d.kind) for d in engine.pending(state) if d.required] == [(0, "grow")]
    refused(state, {"type": "grow", "player": 0, "areas": {"memphis": 2}}, "20.2")  # 1 left over
    refused(state, {"type": "grow", "player": 0, "areas": {"thebes": 2, "buhen": 1}}, "20.2")  # +1 at most
    state, _ = play(state, {"type": "grow", "player": 0, "areas": {"memphis": 2, "buhen": 1}})
    g = Context(state)
    assert (g.tokens("memphis", "egypt"), g.tokens("thebes", "egypt"), g.tokens("buhen", "egypt")) == (5, 1, 2)
    assert state.player("egypt").stock == 0


@pytest.mark.rule("20.2")
def test_short_stock_in_a_single_area_is_automatic():
    state, _ = pos({"memphis": {"tokens": {"egypt": 3}}}, {"egypt": {"stock": 1}}, phase="population",
                   options={"tokens": 4})
    assert Context(state).tokens("memphis", "egypt") == 4 and state.phase != "population"


@pytest.mark.rule("20.2")
@pytest.mark.site("SITE-POP-03", "SITE-TIME-04")
def test_population_timeout_places_at_random_within_increments():
    board = {"thebes": {"tokens": {"egypt": 1}}, "memphis": {"tokens": {"egypt": 2}},
             "tanis": {"tokens": {"egypt": 2}}}
    state, _ = pos(board, {"egypt": {"stock": 3}}, phase="population", options={"tokens": 8})
    s2, _ = play(state, engine.default(state, 0))
    g = Context(s2)
    added = {a: g.tokens(a, "egypt") - n for a, n in {"thebes": 1, "memphis": 2, "tanis": 2}.items()}
    assert sum(added.values()) == 3 and added["thebes"] <= 1 and max(added.values()) <= 2
    assert s2.player("egypt").stock == 0


# ---- 20.3 A.S.T. order; an order after one's turn is refused ------------------------------------
@pytest.mark.rule("20.3", "22.1")
def test_a_second_order_after_ones_turn_is_refused_with_a_clear_message():
    board = {"memphis": {"tokens": {"egypt": 3}}, "buhen": {"tokens": {"egypt": 1}},
             "ur": {"tokens": {"babylon": 3}}, "susa": {"tokens": {"babylon": 1}}}
    state, _ = pos(board, {"egypt": {"stock": 2}, "babylon": {"stock": 2}}, phase="population",
                   options={"tokens": 6})
    # A.S.T. order: Babylon first, then Egypt
    state, _ = play(state, {"type": "grow", "player": 1, "areas": {"ur": 2}})
    e = refused(state, {"type": "grow", "player": 1, "areas": {"susa": 1}}, "20.3")
    assert "already grown" in e.message

    ship_board = {"tanis": {"tokens": {"egypt": 3}}, "charax": {"tokens": {"babylon": 2}}}
    state, _ = pos(ship_board, {"egypt": {"stock": 10, "census": 3},
                                "babylon": {"stock": 10, "treasury": 1, "census": 2}},
                   phase="ships", options={"tokens": 13})
    state, _ = play(state, {"type": "ships", "player": 0, "maintain": [], "build": []})
    e = refused(state, {"type": "ships", "player": 0, "maintain": [],
                        "build": [{"area": "tanis", "pay": "tokens"}]}, "22.1")
    assert "already been carried out" in e.message


# ---- 15.61 Inert nations do not grow ------------------------------------------------------------
@pytest.mark.rule("15.61")
def test_inert_nation_does_not_grow():
    state, _ = pos({"memphis": {"tokens": {"egypt": 3}}}, {"egypt": {"stock": 10, "inert": True}},
                   phase="population", options={"tokens": 13})
    assert Context(state).tokens("memphis", "egypt") == 3


# ---- Bots' orders and the phase views -----------------------------------------------------------
def test_population_sample_is_legal():
    board = {"thebes": {"tokens": {"egypt": 1}}, "memphis": {"tokens": {"egypt": 2}},
             "tanis": {"tokens": {"egypt": 2}}}
    state, _ = pos(board, {"egypt": {"stock": 3}}, phase="population", options={"tokens": 8})
    from tresham.games.advciv.phase import PHASES

    rng = Rng(3)
    for _ in range(10):
        o = PHASES["population"].sample(Context(state), 0, rng)
        s2, _ = play(state, o.to_json())
        assert s2.player("egypt").stock == 0
    assert increments(Context(state), "egypt") == {"thebes": 1, "memphis": 2, "tanis": 2}


@pytest.mark.site("SITE-POP-02", "SITE-TAX-04")
def test_phase_views_for_growth_and_revolts():
    board = {"thebes": {"tokens": {"egypt": 1}}, "memphis": {"tokens": {"egypt": 2}}}
    state, _ = pos(board, {"egypt": {"stock": 2}}, phase="population", options={"tokens": 5})
    v = engine.view(state, 0)["phase_view"]
    assert v["increments"] == {"thebes": 1, "memphis": 2} and v["queue"][-1] == "egypt"
    state, _ = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "tanis": {"city": "egypt"}},
                   {"egypt": {"stock": 3, "treasury": 27}, "assyria": {"stock": 30}}, options={"tokens": 30})
    v = engine.view(state, None)["phase_view"]
    assert v["revolt"] == {"victim": "egypt", "beneficiary": "assyria", "left": 2} and v["rates_owed"] == []
