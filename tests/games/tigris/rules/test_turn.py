"""An action is settled completely, conflicts, then monument, then treasures (TE-BASE-27)."""
import pytest

from tresham.games.tigris.rules.turn import decider

from ..helpers import J, act, acts, game, hand, leader, sq, tile, tiles


@pytest.mark.variant("TE-BASE-27", "TE-BASE-40", "TE-BASE-61", "TE-Z-01")
def test_war_then_monument_then_treasure():
    s = game()
    tiles(s, "red", "C5")
    tile(s, "G5", "red", treasure=True)
    tile(s, "E6", "red", treasure=True)
    tiles(s, "black", "D5", "E4", "F4", "F5")
    leader(s, "C6", 0, "black")
    leader(s, "G6", 1, "black")
    leader(s, "H5", 1, "green")
    hand(s, 0, black=1)
    t, _ = act(s, {"type": "tile", "player": 0, "colour": "black", "to": J("E5")})
    assert t.phase == "commit" and (t.conflict["attacker_strength"], t.conflict["defender_strength"]) == (1, 3)
    t, _ = acts(t, {"type": "commit", "player": 0, "tiles": 0}, {"type": "commit", "player": 1, "tiles": 0})
    assert t.points[1]["black"] == 2 and sq("D5") not in t.tiles
    assert t.phase == "monument" and decider(t) == 0 and t.ctx["monument"]["blocks"] == [J("E4")]
    assert t.collected == [0, 0]  # treasures wait for the monument
    t, ev = act(t, {"type": "monument", "player": 0, "monument": "green-black", "at": J("E4")})
    assert t.phase == "treasure" and decider(t) == 1
    assert t.ctx["treasure"]["squares"] == [J("G5"), J("E6")]
    t, ev = act(t, {"type": "treasure", "player": 1, "at": J("E6")})
    assert t.collected == [0, 1] and t.phase == "action" and t.active == 0 and t.actions_left == 1
