"""Wars (TE-BASE-51..61, TE-Z-06, TE-Z-14, TE-Z-15)."""
import pytest

from tresham.games.contract import IllegalOrder
from tresham.games.tigris.rules.turn import decider

from ..helpers import J, act, acts, game, hand, leader, sq, text, tile, tiles


def T(seat, colour, where):
    return {"type": "tile", "player": seat, "colour": colour, "to": J(where)}


def K(seat, n):
    return {"type": "commit", "player": seat, "tiles": n}


def black_war(players=2):
    s = game(players)
    tiles(s, "red", "C5", "G5")
    tiles(s, "black", "D5", "D6", "F5")
    leader(s, "C6", 0, "black")   # archer: D5, D6 -> 2
    leader(s, "G6", 1, "black")   # bull: F5 -> 1
    hand(s, 0, green=1, black=2)
    hand(s, 1, black=3)
    return s


@pytest.mark.variant("TE-BASE-51", "TE-BASE-37", "TE-BASE-54", "TE-BASE-55")
def test_uniting_tile_starts_the_war():
    t, ev = act(black_war(), T(0, "green", "E5"))
    c = t.conflict
    assert t.unification == sq("E5") and c["kind"] == "war" and c["colour"] == "black"
    assert (c["attacker"], c["defender"]) == (0, 1)
    assert (c["attacker_strength"], c["defender_strength"]) == (2, 1)
    assert t.points[0]["green"] == 0 and t.points[1]["green"] == 0  # the uniting tile scores nothing


@pytest.mark.variant("TE-BASE-52")
def test_marker_tile_supports_neither_side():
    s = black_war()
    t, _ = act(s, T(0, "black", "E5"))
    assert (t.conflict["attacker_strength"], t.conflict["defender_strength"]) == (2, 1)


@pytest.mark.variant("TE-BASE-56", "TE-BASE-57", "TE-BASE-58", "TE-BASE-59", "TE-BASE-61")
def test_defender_wins_loser_supporters_removed():
    t, ev = acts(black_war(), T(0, "green", "E5"), K(0, 0), K(1, 2))  # 2 against 3
    assert t.leader_square(0, "black") is None and t.leader_square(1, "black") == sq("G6")
    assert sq("D5") not in t.tiles and sq("D6") not in t.tiles and t.tiles[sq("F5")] == "black"
    assert t.points[1]["black"] == 3  # 2 tiles + 1 leader
    assert t.removed["black"] == 2 + 2  # the supporters and the committed tiles
    assert t.hands[1]["black"] == 1
    assert t.unification is None and t.tiles[sq("E5")] == "green" and t.points[0]["green"] == 0
    assert "black war: Archer 2 against Bull 3" in text(ev)


@pytest.mark.variant("TE-BASE-57")
def test_war_tie_to_defender_and_attacker_win():
    t, _ = acts(black_war(), T(0, "green", "E5"), K(0, 0), K(1, 1))  # 2 against 2
    assert t.leader_square(0, "black") is None and t.points[1]["black"] == 3
    t, _ = acts(black_war(), T(0, "green", "E5"), K(0, 1), K(1, 1))  # 3 against 2
    assert t.leader_square(1, "black") is None and sq("F5") not in t.tiles
    assert t.points[0]["black"] == 2  # 1 tile + 1 leader


@pytest.mark.variant("TE-BASE-56")
def test_commit_only_war_colour_count_and_blue_from_hand():
    s = game()
    tiles(s, "blue", "A4", "B4", "D4")
    tiles(s, "red", "A5", "D5")
    leader(s, "B5", 0, "blue")
    leader(s, "E5", 1, "blue")
    hand(s, 0, blue=1, red=4)
    hand(s, 1, blue=3)
    t, _ = act(s, T(0, "blue", "C4"))
    assert t.conflict["colour"] == "blue"
    with pytest.raises(IllegalOrder) as e:
        act(t, K(0, 1))  # archer used his only farm on C4
    assert e.value.rule == "TE-BASE-56"
    t, _ = acts(t, K(0, 0), K(1, 3))  # 2 against 1 + 3
    assert sq("A4") not in t.tiles and sq("B4") not in t.tiles
    assert t.points[1]["blue"] == 3 and t.hands[1]["blue"] == 0


@pytest.mark.variant("TE-BASE-58", "TE-Z-14")
def test_red_war_keeps_treasure_temples_and_those_next_to_other_leaders():
    s = game()
    tile(s, "B5", "red", treasure=True)
    tiles(s, "red", "C5", "D5", "F5", "G5")
    leader(s, "C6", 0, "red")
    leader(s, "D6", 0, "black")
    leader(s, "G6", 1, "red")
    hand(s, 0, green=1)
    hand(s, 1, red=2)
    t, ev = act(s, T(0, "green", "E5"))
    assert t.conflict["colour"] == "red" and t.conflict["attacker_strength"] == 3
    t, ev = acts(t, K(0, 0), K(1, 2))  # 3 against 4
    assert sq("C5") not in t.tiles                       # removed
    assert t.tiles[sq("B5")] == "red" and t.tiles[sq("D5")] == "red"  # treasure / next to the king
    assert t.points[1]["red"] == 2  # 1 tile + 1 leader; kept temples score nothing
    assert t.leader_square(0, "black") == sq("D6")


def two_wars():
    s = game()
    tiles(s, "red", "B5", "G5")
    tiles(s, "black", "C5", "D5", "F5")
    leader(s, "A5", 0, "black")
    leader(s, "B6", 0, "red")
    leader(s, "G6", 1, "black")
    leader(s, "H5", 1, "red")
    hand(s, 0, green=1)
    hand(s, 1, black=2, red=2)
    return s


@pytest.mark.variant("TE-BASE-53", "TE-BASE-60", "TE-Z-15")
def test_active_player_orders_wars_and_recheck_after_each():
    t, _ = act(two_wars(), T(0, "green", "E5"))
    assert t.phase == "war_order" and t.ctx["war_colours"] == ["red", "black"]
    with pytest.raises(IllegalOrder) as e:
        act(t, {"type": "war_order", "player": 0, "colour": "blue"})
    assert e.value.rule == "TE-BASE-53"
    t, _ = act(t, {"type": "war_order", "player": 0, "colour": "black"})
    assert t.conflict["colour"] == "black" and (t.conflict["attacker_strength"], t.conflict["defender_strength"]) == (2, 1)
    t, ev = acts(t, K(0, 0), K(1, 2))
    # C5 and D5 gone: archer's priest is cut off from the marker, so no red war
    assert sq("C5") not in t.tiles and t.leader_square(0, "red") == sq("B6")
    assert t.conflict is None and t.unification is None and t.phase == "action"
    assert t.points[1]["black"] == 3 and t.points[1]["red"] == 0


@pytest.mark.variant("TE-BASE-53", "TE-BASE-60")
def test_second_war_fought_when_still_on_both_sides():
    t, _ = acts(two_wars(), T(0, "green", "E5"), {"type": "war_order", "player": 0, "colour": "red"})
    assert t.conflict["colour"] == "red" and (t.conflict["attacker_strength"], t.conflict["defender_strength"]) == (1, 1)
    t, _ = acts(t, K(0, 0), K(1, 0))  # bull wins the red war; B5 is next to the king A5: stays
    assert t.tiles[sq("B5")] == "red" and t.leader_square(0, "red") is None
    assert t.conflict["colour"] == "black"  # then the black war, with no order to give
    t, _ = acts(t, K(0, 0), K(1, 0))  # 2 against 1: archer wins the black war
    assert t.points[1] == {"red": 1, "blue": 0, "green": 0, "black": 0}
    assert t.points[0]["black"] == 2 and sq("F5") not in t.tiles and t.leader_square(1, "black") is None


@pytest.mark.variant("TE-BASE-53", "TE-BASE-54", "TE-Z-06")
def test_attacker_first_clockwise_when_active_not_involved():
    s = black_war(players=3)
    s.active = 2
    hand(s, 2, green=1)
    t, _ = act(s, T(2, "green", "E5"))
    assert (t.conflict["attacker"], t.conflict["defender"]) == (0, 1)
    # seat 1 active, involved: he attacks
    s = black_war(players=3)
    s.active = 1
    hand(s, 1, green=1, black=3)
    t, _ = act(s, T(1, "green", "E5"))
    assert (t.conflict["attacker"], t.conflict["defender"]) == (1, 0)
    assert decider(t) == 1


@pytest.mark.variant("TE-BASE-53")
def test_war_order_by_active_player_not_involved():
    s = two_wars()
    s.options["players"] = 3
    s.hands.append({"red": 0, "blue": 0, "green": 1, "black": 0})
    s.points.append({"red": 0, "blue": 0, "green": 0, "black": 0})
    s.catastrophes_left.append(2)
    s.collected.append(0)
    s.active = 2
    t, _ = act(s, T(2, "green", "E5"))
    assert t.phase == "war_order" and decider(t) == 2
