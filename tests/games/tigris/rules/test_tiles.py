"""Placing a civilization tile (TE-BASE-35..40)."""
import pytest

from tresham.games.contract import IllegalOrder

from ..helpers import J, act, game, hand, leader, sq, text, tile, tiles


def T(seat, colour, where):
    return {"type": "tile", "player": seat, "colour": colour, "to": J(where)}


@pytest.mark.variant("TE-BASE-35")
def test_anywhere_farms_on_rivers_only():
    s = game()
    hand(s, 0, red=1, blue=1, green=1)
    t, _ = act(s, T(0, "red", "H6"))  # touches nothing
    assert t.tiles[sq("H6")] == "red" and t.hands[0]["red"] == 0
    t, _ = act(s, T(0, "blue", "D4"))
    assert t.tiles[sq("D4")] == "blue"
    with pytest.raises(IllegalOrder) as e:
        act(s, T(0, "blue", "F3"))
    assert e.value.rule == "TE-BASE-35" and e.value.message == "a farm goes only on a river square; F3 is land"
    with pytest.raises(IllegalOrder, match="market goes only on land; D4 is a river square"):
        act(s, T(0, "green", "D4"))
    with pytest.raises(IllegalOrder, match="no settlement in hand"):
        act(s, T(0, "black", "H6"))


@pytest.mark.variant("TE-BASE-35")
def test_not_on_occupied_square():
    s = game()
    tile(s, "H6", "red")
    hand(s, 0, red=1)
    before = s.digest()
    with pytest.raises(IllegalOrder, match="H6 holds"):
        act(s, T(0, "red", "H6"))
    assert s.digest() == before


@pytest.mark.variant("TE-BASE-36")
def test_not_joining_three_kingdoms():
    s = game()
    tiles(s, "red", "F4", "E5", "G5")
    leader(s, "F3", 0, "black")
    leader(s, "D5", 1, "black")
    leader(s, "H5", 1, "green")
    hand(s, 0, green=1)
    with pytest.raises(IllegalOrder) as e:
        act(s, T(0, "green", "F5"))
    assert e.value.rule == "TE-BASE-36" and "3 kingdoms" in e.value.message


@pytest.mark.variant("TE-BASE-37", "TE-BASE-61")
def test_joining_two_kingdoms_without_war_scores_nothing():
    s = game()
    tiles(s, "red", "E5", "G5")
    leader(s, "E6", 0, "black")
    leader(s, "G6", 1, "green")
    hand(s, 0, red=1)
    t, ev = act(s, T(0, "red", "F5"))
    assert t.points[0] == {"red": 0, "blue": 0, "green": 0, "black": 0}
    assert t.points[1]["red"] == 0 and t.unification is None and t.phase == "action"
    assert "unites two kingdoms" in text(ev) and "marker leaves F5" in text(ev)


@pytest.mark.variant("TE-BASE-38")
def test_same_colour_leader_scores():
    s = game()
    tile(s, "E5", "red")
    leader(s, "E6", 1, "green")
    leader(s, "D5", 0, "black")
    hand(s, 0, green=1)
    t, ev = act(s, T(0, "green", "F5"))
    assert t.points[1]["green"] == 1 and t.points[0]["green"] == 0
    assert "the trader of Bull scores 1 green" in text(ev)


@pytest.mark.variant("TE-BASE-38")
def test_king_scores_when_no_matching_leader():
    s = game()
    tile(s, "E5", "red")
    leader(s, "E6", 1, "black")
    leader(s, "D5", 0, "green")
    hand(s, 0, blue=1)
    t, ev = act(s, T(0, "blue", "D4"))
    assert t.points[1]["blue"] == 1 and t.points[0]["blue"] == 0


@pytest.mark.variant("TE-BASE-38")
def test_nobody_scores_without_matching_leader_or_king():
    s = game()
    tile(s, "E5", "red")
    leader(s, "E6", 1, "red")
    hand(s, 0, green=1)
    t, _ = act(s, T(0, "green", "F5"))
    assert t.points[0]["green"] == 0 and t.points[1]["green"] == 0


@pytest.mark.variant("TE-BASE-39")
def test_no_kingdom_no_points():
    s = game()
    tile(s, "E5", "red")
    hand(s, 0, red=1)
    t, _ = act(s, T(0, "red", "F5"))
    assert all(sum(p.values()) == 0 for p in t.points)


@pytest.mark.variant("TE-BASE-40")
def test_monument_check_follows_the_tile():
    s = game()
    tiles(s, "black", "E5", "F5", "E6")
    hand(s, 0, black=1)
    t, _ = act(s, T(0, "black", "F6"))
    assert t.phase == "monument" and t.ctx["monument"]["blocks"] == [J("E5")]
