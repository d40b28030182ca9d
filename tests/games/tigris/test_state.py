"""Components, board geometry and setup (TE-BASE-01..21, TE-Z-05/07/08), the state's JSON."""
import json

import pytest

from tresham.games.contract import IllegalOrder
from tresham.games.tigris import engine
from tresham.games.tigris.board import load, name
from tresham.games.tigris.rules.common import score
from tresham.games.tigris.state import (COLOURS, DYNASTIES, LEADER_NAMES, MONUMENTS, TILE_COUNTS,
                                        TILE_NAMES, TEState)

from .helpers import game, sq


@pytest.mark.variant("TE-BASE-01")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_two_to_four_players_same_rules(n):
    s = engine.new_game({"players": n}, 3)
    assert len(s.hands) == n and s.catastrophes_left == [2] * n
    assert sum(sum(h.values()) for h in s.hands) == 6 * n
    assert len(s.bag) == 143 - 6 * n


@pytest.mark.variant("TE-BASE-01")
@pytest.mark.parametrize("n", [1, 5, "2", 2.0, True])
def test_player_count_refused(n):
    with pytest.raises(IllegalOrder) as e:
        engine.new_game({"players": n}, 1)
    assert e.value.rule == "TE-BASE-01"


@pytest.mark.variant("TE-BASE-02", "TE-BASE-17")
def test_153_tiles_by_colour_and_setup():
    s = engine.new_game({"players": 4}, 9)
    assert TILE_COUNTS == {"red": 57, "blue": 36, "green": 30, "black": 30}
    assert sum(TILE_COUNTS.values()) == 153
    for c in COLOURS:
        on_board = sum(1 for v in s.tiles.values() if v == c)
        in_hands = sum(h[c] for h in s.hands)
        assert s.bag.count(c) + in_hands + on_board == TILE_COUNTS[c]
    # TE-BASE-17: 10 temples with treasures; 143 in the bag before the draw (47 red)
    assert len(s.tiles) == 10 and set(s.tiles.values()) == {"red"} and len(s.treasures) == 10
    bag_before = {c: s.bag.count(c) + sum(h[c] for h in s.hands) for c in COLOURS}
    assert bag_before == {"red": 47, "blue": 36, "green": 30, "black": 30}


@pytest.mark.variant("TE-BASE-03")
def test_colour_words():
    assert TILE_NAMES == {"red": "temple", "blue": "farm", "green": "market", "black": "settlement"}
    assert LEADER_NAMES == {"red": "priest", "blue": "farmer", "green": "trader", "black": "king"}


@pytest.mark.variant("TE-BASE-04", "TE-BASE-18")
def test_two_catastrophes_each_outside_the_hand():
    s = engine.new_game({"players": 3}, 2)
    assert s.catastrophes_left == [2, 2, 2]
    assert all(sum(h.values()) == 6 for h in s.hands)  # catastrophes are not among the 6
    v = engine.view(s, 1)
    assert [p["catastrophes"] for p in v["players"]] == [2, 2, 2]
    assert all(p["leaders_off"] == ["red", "blue", "green", "black"] for p in v["players"])


@pytest.mark.variant("TE-BASE-05")
def test_dynasties_by_seat_four_leaders_each():
    s = engine.new_game({"players": 4}, 2)
    assert DYNASTIES == ("archer", "bull", "lion", "urn")
    v = engine.view(s, None)
    assert [p["dynasty"] for p in v["players"]] == ["archer", "bull", "lion", "urn"]
    assert sum(len(p["leaders_off"]) for p in v["players"]) == 16
    assert s.leaders == {}


@pytest.mark.variant("TE-BASE-06", "TE-BASE-20", "TE-BASE-68")
def test_six_monuments_beside_the_board():
    s = engine.new_game({"players": 2}, 2)
    assert len(MONUMENTS) == 6
    pairs = {tuple(m.split("-")) for m in MONUMENTS}
    assert pairs == {("red", "blue"), ("red", "green"), ("red", "black"), ("blue", "green"),
                     ("blue", "black"), ("green", "black")}
    assert s.monuments == {m: None for m in MONUMENTS}
    assert s.unification is None


@pytest.mark.variant("TE-BASE-07", "TE-BASE-15")
def test_ten_treasures_on_the_shedu_squares():
    s = engine.new_game({"players": 2}, 2)
    assert sorted(s.treasures) == sorted([(1, 1), (10, 0), (5, 2), (15, 1), (13, 4), (8, 6), (1, 7),
                                          (14, 8), (5, 9), (10, 10)])
    assert not (s.treasures & load("base").rivers)


@pytest.mark.variant("TE-BASE-08", "TE-Z-08")
def test_points_are_unlimited_counters():
    s = game()
    s.points[0]["red"] = 95
    score(s, 0, "red", 3)
    assert s.points[0]["red"] == 98  # beyond the 95 a physical supply holds


@pytest.mark.variant("TE-BASE-09", "TE-Z-07")
def test_one_unification_marker_state():
    s = game()
    assert s.unification is None
    d = s.to_json()
    assert d["unification"] is None  # a single square or null, never a list of markers


@pytest.mark.variant("TE-BASE-10")
def test_buildings_and_wonder_only_with_their_options():
    v = engine.view(engine.new_game({"players": 2}, 1), 0)
    assert v["buildings"] == [] and v["wonder"] is None
    assert v["bag"] == 143 - 12


@pytest.mark.variant("TE-BASE-11", "TE-BASE-12", "TE-BASE-13")
def test_board_grid_names_and_edges():
    b = load("base")
    assert (b.width, b.height) == (16, 11) and len(b.squares()) == 176
    assert name((0, 0)) == "A1" and name((15, 10)) == "P11" and name((1, 1)) == "B2"
    assert sq("P11") == (15, 10)
    assert sorted(b.neighbours((5, 5))) == sorted([(5, 4), (4, 5), (6, 5), (5, 6)])
    assert (6, 6) not in b.neighbours((5, 5))  # never a corner
    assert len(b.neighbours((0, 0))) == 2


@pytest.mark.variant("TE-BASE-14")
def test_base_rivers():
    b = load("base")
    assert len(b.rivers) == 41
    assert (0, 5) not in b.rivers  # TE-Z-18


@pytest.mark.variant("TE-BASE-16")
def test_base_special_borders():
    assert load("base").special == frozenset({(1, 1), (15, 1), (1, 7), (14, 8)})


@pytest.mark.variant("TE-BASE-19", "TE-BASE-18")
def test_six_tiles_hidden_each():
    s = engine.new_game({"players": 3}, 5)
    v = engine.view(s, 0)
    assert v["hand"] == s.hands[0] and sum(v["hand"].values()) == 6
    assert [p["hand_size"] for p in v["players"]] == [6, 6, 6]


@pytest.mark.variant("TE-BASE-21", "TE-Z-05")
def test_start_player_random_from_seed_then_seat_order():
    starts = {engine.new_game({"players": 4}, seed).start_player for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    s = engine.new_game({"players": 3}, 11)
    assert engine.new_game({"players": 3}, 11).start_player == s.start_player
    first = s.active
    s, _ = engine.apply(s, {"type": "pass", "player": first})
    assert s.active == (first + 1) % 3 and s.turn == 2


def test_json_round_trip_exact():
    s = engine.new_game({"players": 3, "board": "advanced"}, "abc")
    text = s.dumps()
    t = TEState.loads(text)
    assert t.dumps() == text and t.digest() == s.digest()
    assert json.loads(text)["rng"][0] == 3
    assert t.rng_obj().random() == s.rng_obj().random()


@pytest.mark.variant("TE-Z-19", "TE-BASE-01")
def test_no_two_player_or_tournament_changes():
    s2 = engine.new_game({"players": 2}, 4)
    assert s2.actions_left == 2 and s2.catastrophes_left == [2, 2]
    s2, _ = engine.apply(s2, {"type": "pass", "player": s2.active})
    assert s2.actions_left == 2  # the second player's first turn has two actions too
    with pytest.raises(IllegalOrder, match="unknown option 'tournament'"):
        engine.new_game({"players": 2, "tournament": True}, 4)


@pytest.mark.variant("TE-BASE-10")
def test_additions_pieces_beside_the_board_with_their_options():
    s = engine.new_game({"players": 2, "buildings": True, "wonder": True}, 1)
    v = engine.view(s, 0)
    assert v["buildings"] == [{"id": "library", "colour": "red", "at": None},
                              {"id": "granary", "colour": "blue", "at": None},
                              {"id": "market_hall", "colour": "green", "at": None},
                              {"id": "palace", "colour": "black", "at": None}]
    assert v["wonder"] == {"at": None}
    assert TEState.loads(s.dumps()).dumps() == s.dumps()
