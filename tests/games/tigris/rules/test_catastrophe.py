"""Catastrophes (TE-BASE-41..44, TE-Z-13)."""
import pytest

from tresham.games.contract import IllegalOrder
from tresham.games.tigris.regions import regions

from ..helpers import J, act, game, hand, leader, sq, text, tile, tiles


def C(seat, where):
    return {"type": "catastrophe", "player": seat, "to": J(where)}


@pytest.mark.variant("TE-BASE-41")
def test_two_then_none():
    s = game()
    t, _ = act(s, C(0, "H6"))
    assert t.catastrophes_left == [1, 2] and t.actions_left == 1
    t, _ = act(t, C(0, "H7"))
    assert t.catastrophes_left == [0, 2] and t.active == 1
    t, _ = act(t, {"type": "pass", "player": 1})
    with pytest.raises(IllegalOrder) as e:
        act(t, C(0, "H8"))
    assert e.value.rule == "TE-BASE-41"


@pytest.mark.variant("TE-BASE-42", "TE-Z-13")
def test_targets():
    s = game()
    tile(s, "F5", "red", treasure=True)
    tile(s, "G5", "green", face_down=True)
    tile(s, "H5", "black")
    leader(s, "F6", 0, "black")
    s.catastrophes.add(sq("J5"))
    for where, needle in [("F5", "treasure"), ("G5", "monument"), ("F6", "leader"), ("J5", "already")]:
        before = s.digest()
        with pytest.raises(IllegalOrder) as e:
            act(s, C(0, where))
        assert e.value.rule == "TE-BASE-42" and needle in e.value.message
        assert s.digest() == before
    t, _ = act(s, C(0, "D4"))  # an empty river square (TE-Z-13)
    assert sq("D4") in t.catastrophes
    t, _ = act(s, C(0, "H5"))  # a tile in no kingdom
    assert sq("H5") in t.catastrophes and sq("H5") not in t.tiles


@pytest.mark.variant("TE-BASE-43")
def test_tile_removed_and_square_dead():
    s = game()
    tiles(s, "red", "E5", "F5", "G5")
    hand(s, 0, red=2)
    t, ev = act(s, C(0, "F5"))
    assert t.removed["red"] == 1 and sq("F5") not in t.tiles
    assert "destroying the temple there" in text(ev)
    assert len(regions(t).members) == 2 + 3  # the link is broken
    with pytest.raises(IllegalOrder) as e:
        act(t, {"type": "tile", "player": 0, "colour": "red", "to": J("F5")})
    assert e.value.rule == "TE-BASE-43"
    with pytest.raises(IllegalOrder):
        act(t, {"type": "leader", "player": 0, "colour": "red", "to": J("F5")})


@pytest.mark.variant("TE-BASE-44")
def test_no_conflict_no_points():
    s = game()
    tiles(s, "red", "E5", "F5", "G5")
    leader(s, "E6", 0, "black")
    leader(s, "G6", 1, "black")
    t, ev = act(s, C(0, "H6"))
    assert t.conflict is None and t.phase == "action"
    assert all(sum(p.values()) == 0 for p in t.points)
