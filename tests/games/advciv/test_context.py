"""tresham/games/advciv/context.py: the working context the rules act on (pieces, stock and
treasury, boards in play, city reduction)."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.context import Context
from tresham.games.contract import IllegalOrder

from tests.helpers import position


# ---- 5.1-5.6 Pieces, units and unit points ------------------------------------------------------
@pytest.mark.rule("5.1", "5.2", "5.3", "5.4", "5.5", "5.6")
def test_pieces_units_and_unit_points():
    state, _ = position(nations=["crete", "thrace"], phase="movement",
                        board={"athens": {"city": "crete"}, "knossos": {"tokens": {"crete": 3}},
                               "scythia": {"tokens": {"thrace": 1}}},
                        ships={"crete": ["knossos"]})
    g = Context(state)
    assert g.cities_in_stock("crete") == 8 and g.ships_in_stock("crete") == 3
    assert g.of("crete").stock == 55 - 3
    # units are tokens and cities, never ships; a city is 5 unit points, a token 1
    assert g.unit_points_on_board("crete") == 5 + 3
    assert g.units_in_stock("crete") == 52 + 5 * 8


# ---- 11.1, 11.2 Stock and treasury --------------------------------------------------------------
@pytest.mark.rule("11.1", "11.2")
def test_stock_and_treasury():
    """Removed pieces go back to stock; treasury is kept apart and goes back to stock when
    spent."""
    state, _ = position(nations=["crete", "thrace"], phase="movement",
                        board={"knossos": {"tokens": {"crete": 3}}, "scythia": {"tokens": {"thrace": 1}}},
                        players={"crete": {"treasury": 5}})
    g = Context(state)
    p = g.of("crete")
    assert (p.stock, p.treasury) == (47, 5)
    g.remove_tokens("crete", "knossos", 2)
    assert p.stock == 49 and g.tokens("knossos", "crete") == 1
    g.spend_treasury("crete", 4)
    assert (p.stock, p.treasury) == (53, 1)


# ---- 16.1, 16.11 Partial boards: areas off the map do not exist ---------------------------------
@pytest.mark.rule("16.1", "16.11")
def test_partial_boards_cut_areas_and_adjacency():
    """16.1/16.11: with fewer players only part of the map is used; areas off it do not exist
    and no move or adjacency leads to them. Four players: the three eastern panels."""
    from tresham.games.advciv.context import board_areas

    full = board_areas("full_7p")
    east = board_areas("four_east")
    assert len(full) == 132 and "athens" in full  # 4 panels, no Western Extension Map
    assert sum(a.is_land for a in full.values()) == 123
    assert "athens" not in east and "memphis" in east and len(east) == 74
    for a in east.values():
        assert a.land_adj <= east.keys() and a.water_adj <= east.keys()
    s = engine.new_game({"players": 4}, seed=1)
    first = s.step["order"][0]
    with pytest.raises(IllegalOrder, match="16.12"):
        engine.apply(s, {"type": "pick", "player": first, "nation": "crete", "area": "knossos"})


# ---- 26.41, 32.241 Reducing a city (Context.reduce_city) -------------------------------------------
@pytest.mark.rule("26.41", "32.241")
def test_reduced_city_agriculture_bonus_only_when_alone():
    """A reduced city leaves tokens up to the limit, +1 with Agriculture, but not where another
    nation's tokens stand (32.241). Athens has limit 3 (map data)."""
    from tests.helpers import position
    from tresham.games.advciv.context import Context

    state, _ = position(nations=["crete", "thrace"], phase="movement",
                        board={"athens": {"city": "crete"}, "knossos": {"tokens": {"crete": 1}},
                               "corinth": {"city": "crete", "tokens": {"thrace": 1}},
                               "scythia": {"tokens": {"thrace": 1}}},
                        players={"crete": {"civ_cards": ["agriculture"]}})
    g = Context(state)
    limit_athens, limit_corinth = g.areas["athens"].limit, g.areas["corinth"].limit
    assert g.reduce_city("athens") == limit_athens + 1
    assert g.reduce_city("corinth") == limit_corinth
