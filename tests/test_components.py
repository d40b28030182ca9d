"""Sections 1-14: the game's description, components, map and pieces, checked on the data
and on play."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.data import load
from tresham.games.advciv.game import Game, board_areas
from tresham.games.base import IllegalOrder
from tresham.sim import play_game
from tests.helpers import play, position


def _advance_to(state, *phases, limit=200):
    """Answer every decision with its default until the game is in one of ``phases``."""
    for _ in range(limit):
        if state.phase in phases:
            return state
        seat = next(d.player for d in engine.pending(state) if d.required)
        state, _ = play(state, engine.default(state, seat))
    raise AssertionError(f"never reached {phases}; now in {state.phase}, turn {state.turn}")


@pytest.mark.rule("1.1", "16.1")
def test_two_to_eight_players():
    for n in range(2, 9):
        assert len(engine.new_game({"players": n}).players) == n
    for n in (1, 9):
        with pytest.raises(IllegalOrder, match="2 to 8"):
            engine.new_game({"players": n})


@pytest.mark.rule("1.3", "34.1", "34.2")
def test_time_limit_finishes_the_current_turn():
    """A game with a fixed limit of 3 turns is scored after turn 3 is complete."""
    rec = play_game(3, seed=2, turns=3, replay=False)
    assert rec.finished and rec.turns == 3


@pytest.mark.rule("2.1", "35.2")
def test_winner_is_most_victory_points_not_furthest_on_the_ast():
    """Thrace stands further on the A.S.T. (space 5 = 500), but Crete's cards outscore it."""
    state, _ = position(nations=["crete", "thrace"], phase="ast", turn=5,
                        options={"turn_limit": 5},
                        board={"knossos": {"city": "crete"}, "athens": {"city": "thrace"}},
                        players={"crete": {"ast": 2, "civ_cards": ["philosophy", "law", "monotheism"]},
                                 "thrace": {"ast": 5}})
    assert state.finished
    g = Game(state)
    assert g.score("crete") > g.score("thrace")
    assert state.winners == [0]


@pytest.mark.rule("2.2", "2.5", "2.6", "2.3", "2.4")
def test_description_of_play_over_two_turns():
    """2.2-2.6 in play: one start token, growth +1 then +2, taxes 2 per city from stock to
    treasury, one trade card per city."""
    state = engine.new_game({"players": 3}, seed=8)
    for _ in range(3):
        seat = next(d.player for d in engine.pending(state) if d.required)
        state, _ = play(state, engine.default(state, seat))
    g = Game(state)
    assert all(g.tokens_on_board(p.nation) == 2 for p in g.active())  # 1 placed, +1 (2.2)
    state, _ = position(nations=["crete", "thrace", "italy"], phase="tax",
                        board={"athens": {"city": "crete"}, "knossos": {"tokens": {"crete": 2}},
                               "scythia": {"tokens": {"thrace": 1}}, "etruria": {"tokens": {"italy": 1}}})
    g = Game(state)
    crete = g.of("crete")
    assert crete.treasury == 2  # 2.5: taxes, 2 per city
    assert g.tokens("knossos", "crete") == 4  # 2.2: +2 where 2 or more
    hands = []

    def after(st, phase):
        if phase == "acquisition" and not hands:
            hands.append(len(st.player("crete").hand))

    for _ in range(50):
        if hands:
            break
        seat = next(d.player for d in engine.pending(state) if d.required)
        engine.apply_in_place(state, engine.default(state, seat), after)
    assert hands == [1]  # 2.6: one trade card per city


@pytest.mark.rule("3.3")
def test_no_dice_same_seed_same_game():
    a = play_game(4, seed=9, turns=4, replay=False)
    b = play_game(4, seed=9, turns=4, replay=False)
    c = play_game(4, seed=10, turns=4, replay=False)
    assert a.orders == b.orders and a.orders != c.orders


@pytest.mark.rule("3.2", "4.1", "4.7", "4.8")
def test_map_panels_and_divider():
    d = load().map
    panels = {a.panel for a in d.areas.values()}
    assert {1, 2, 3, 4, "WEM"} <= panels  # four panels + the Western Extension Map
    cfg = d.configs["four_east"]
    land = [a for a in cfg.areas if d.areas[a].is_land]
    assert land and all(d.areas[a].panel != 1 for a in land)  # the divider cuts panel 1 off


@pytest.mark.rule("4.2", "4.21", "4.22", "4.23")
def test_areas_land_water_open_sea():
    d = load().map
    seas = [a for a in d.areas.values() if a.is_open_sea]
    assert len(seas) == 10 and all(a.limit == 0 and not a.land_adj for a in seas)
    crete = [a for a in d.areas.values() if a.island == "crete"]
    assert sorted(a.id for a in crete) == ["knossos", "phaestos"]  # one island, two areas
    assert d.areas["byzantium"].is_land and d.areas["byzantium"].has_water  # land and water


@pytest.mark.rule("4.24")
def test_coastal_areas():
    d = load().map
    coastal = [a for a in d.areas.values() if a.is_land and a.coastal]
    assert len(coastal) == 107
    assert d.areas["athens"].coastal and not d.areas["assyria"].coastal


@pytest.mark.rule("4.3", "4.31", "4.32", "4.33")
def test_boundaries():
    d = load().map
    assert sum(len(a.land_adj) for a in d.areas.values()) // 2 == 282
    assert sum(len(a.water_adj) for a in d.areas.values()) // 2 == 245
    # a mixed boundary is both a land and a water boundary (the Bosporus is a strait)
    both = [(a.id, b) for a in d.areas.values() for b in a.land_adj if b in a.water_adj]
    assert both


@pytest.mark.rule("4.4", "4.41", "4.42", "4.43")
def test_volcanoes_flood_plains_city_sites():
    d = load().map
    assert sorted(len(v) for v in d.volcanoes.values()) == [1, 2, 2]
    assert d.volcanoes["volcano_aegean"] == ("thera",)
    assert len([a for a in d.areas.values() if a.flood_plain]) == 19
    sites = [a.city_site for a in d.areas.values() if a.city_site]
    assert sites.count("white") == 9 and sites.count("black") == 52
    assert all(d.areas[a].flood_plain for a in d.areas if d.areas[a].city_site == "white")


@pytest.mark.rule("4.5")
def test_population_limits():
    d = load().map
    limits = [a.limit for a in d.areas.values() if a.is_land]
    assert min(limits) == 1 and max(limits) == 5
    main = sum(a.limit for a in d.areas.values() if a.is_land and a.panel != "WEM")
    assert main == 250


@pytest.mark.rule("4.61")
def test_western_extension_changes_start_areas():
    s = engine.new_game({"players": 7, "wem": True}, seed=1)
    first = s.step["order"][0]
    with pytest.raises(IllegalOrder, match="4.6"):
        engine.apply(s, {"type": "pick", "player": first, "nation": "italy", "area": "etruria"})
    s2, _ = engine.apply(s, {"type": "pick", "player": first, "nation": "italy", "area": "baetica"})
    assert s2.board.tokens["baetica"] == {"italy": 1}
    assert "baetica" not in board_areas("full_7p", False)


@pytest.mark.rule("5.1", "5.2", "5.3", "5.4", "5.5", "5.6")
def test_pieces_units_and_unit_points():
    state, _ = position(nations=["crete", "thrace"], phase="movement",
                        board={"athens": {"city": "crete"}, "knossos": {"tokens": {"crete": 3}},
                               "scythia": {"tokens": {"thrace": 1}}},
                        ships={"crete": ["knossos"]})
    g = Game(state)
    assert g.cities_in_stock("crete") == 8 and g.ships_in_stock("crete") == 3
    assert g.of("crete").stock == 55 - 3
    # units are tokens and cities, never ships; a city is 5 unit points, a token 1
    assert g.unit_points_on_board("crete") == 5 + 3
    assert g.units_in_stock("crete") == 52 + 5 * 8


@pytest.mark.rule("7.1")
def test_trade_cards_are_commodities_or_calamities():
    d = load()
    assert len(d.commodities) == 18 and len(d.calamities) == 12
    assert d.is_calamity("piracy") and not d.is_calamity("gold")
    assert d.card_value("gold") == 9 and d.card_value("piracy") == 9


@pytest.mark.rule("10.1", "10.3")
def test_ast_card_nine_stacks_one_per_value():
    s = engine.new_game({"players": 6}, seed=3)
    d = load()
    assert len(s.stacks) == 9
    for value, stack in enumerate(s.stacks, start=1):
        assert all(d.card_value(c) == value for c in stack)


@pytest.mark.rule("11.1", "11.2")
def test_stock_and_treasury():
    """Removed pieces go back to stock; treasury is kept apart and goes back to stock when
    spent."""
    state, _ = position(nations=["crete", "thrace"], phase="movement",
                        board={"knossos": {"tokens": {"crete": 3}}, "scythia": {"tokens": {"thrace": 1}}},
                        players={"crete": {"treasury": 5}})
    g = Game(state)
    p = g.of("crete")
    assert (p.stock, p.treasury) == (47, 5)
    g.remove_tokens("crete", "knossos", 2)
    assert p.stock == 49 and g.tokens("knossos", "crete") == 1
    g.spend_treasury("crete", 4)
    assert (p.stock, p.treasury) == (53, 1)


@pytest.mark.rule("12.1")
def test_pick_order_decides_only_who_chooses_first():
    s = engine.new_game({"players": 4}, seed=12)
    order = s.step["order"]
    assert sorted(order) == [0, 1, 2, 3]
    s = _advance_to(s, "tax", "population", "ships", "movement")
    assert s.phase != "pick" and all(p.nation for p in s.players)
