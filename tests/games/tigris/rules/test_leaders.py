"""Position a leader (TE-BASE-25/26, TE-BASE-29..34)."""
import pytest

from tresham.games.contract import IllegalOrder
from tresham.games.tigris import engine
from tresham.games.tigris.regions import kingdom_of

from ..helpers import J, act, acts, game, hand, leader, sq, text, tile, tiles


def L(seat, colour, where):
    return {"type": "leader", "player": seat, "colour": colour, "to": J(where)}


@pytest.mark.variant("TE-BASE-29")
def test_place_next_to_temple_on_empty_land():
    s = game()
    tile(s, "F5", "red")
    t, ev = act(s, L(0, "black", "F6"))
    assert t.leaders == {sq("F6"): (0, "black")} and t.actions_left == 1
    assert "Archer places the king of Archer on F6" in text(ev)


@pytest.mark.variant("TE-BASE-29")
@pytest.mark.parametrize("where,needle", [("H5", "has none beside it"), ("F5", "is taken"),
                                          ("D4", "river square")])
def test_place_refused(where, needle):
    s = game()
    tile(s, "F5", "red")
    tile(s, "E5", "red")
    before = s.digest()
    with pytest.raises(IllegalOrder) as e:
        act(s, L(0, "black", where))
    assert e.value.rule == "TE-BASE-29" and needle in e.value.message
    assert s.digest() == before


@pytest.mark.variant("TE-BASE-29", "TE-BASE-65")
def test_face_down_temple_does_not_hold_a_leader():
    s = game()
    tile(s, "F5", "red", face_down=True)
    with pytest.raises(IllegalOrder, match="has none beside it"):
        act(s, L(0, "black", "F6"))


@pytest.mark.variant("TE-BASE-30")
def test_move_is_one_action():
    s = game()
    tiles(s, "red", "F5", "K5")
    leader(s, "F6", 0, "black")
    t, ev = act(s, L(0, "black", "K6"))
    assert t.leaders == {sq("K6"): (0, "black")} and t.actions_left == 1
    assert "moves the king of Archer from F6 to K6" in text(ev)
    with pytest.raises(IllegalOrder) as e:
        act(t, L(0, "black", "K6"))
    assert e.value.rule == "TE-BASE-30"


@pytest.mark.variant("TE-BASE-31")
def test_withdraw():
    s = game()
    tile(s, "F5", "red")
    leader(s, "F6", 0, "green")
    t, ev = act(s, {"type": "withdraw", "player": 0, "colour": "green"})
    assert t.leaders == {} and t.actions_left == 1
    assert engine.view(t, 1)["players"][0]["leaders_off"] == ["red", "blue", "green", "black"]
    with pytest.raises(IllegalOrder) as e:
        act(t, {"type": "withdraw", "player": 0, "colour": "green"})
    assert e.value.rule == "TE-BASE-31"


@pytest.mark.variant("TE-BASE-32")
def test_leader_may_not_join_two_kingdoms():
    s = game()
    tiles(s, "red", "E5", "G5")
    leader(s, "E6", 0, "black")
    leader(s, "G6", 1, "black")
    with pytest.raises(IllegalOrder) as e:
        act(s, L(0, "red", "F5"))
    assert e.value.rule == "TE-BASE-32"


@pytest.mark.variant("TE-BASE-32")
def test_leader_may_join_leaderless_regions():
    s = game()
    tiles(s, "red", "E5", "G5")
    tile(s, "F4", "green")
    leader(s, "G6", 1, "black")
    t, _ = act(s, L(0, "red", "F5"))  # joins a kingdom with two leaderless regions
    assert len(kingdom_of(t, sq("F5"))) == 5


@pytest.mark.variant("TE-BASE-33")
def test_same_colour_leader_starts_revolt_never_a_war():
    s = game()
    tiles(s, "red", "E5", "F5")
    leader(s, "E6", 1, "red")
    hand(s, 0, red=1)
    t, ev = act(s, L(0, "red", "F6"))
    assert t.phase == "commit" and t.conflict["kind"] == "revolt"
    assert t.conflict["attacker"] == 0 and t.conflict["defender"] == 1
    assert t.unification is None


@pytest.mark.variant("TE-BASE-34", "TE-BASE-44")
def test_leader_without_temple_goes_home():
    s = game()
    tile(s, "F5", "red")
    tile(s, "G6", "red")
    leader(s, "F6", 0, "black")
    leader(s, "G5", 1, "green")
    t, ev = act(s, {"type": "catastrophe", "player": 0, "to": J("F5")})
    # F6 still has G6; G5 keeps G6 too -- now hit G6
    assert set(t.leaders) == {sq("F6"), sq("G5")}
    t, ev = act(t, {"type": "catastrophe", "player": 0, "to": J("G6")})
    assert t.leaders == {}
    assert "king of Archer on F6 has no temple" in text(ev)
    assert "trader of Bull on G5 has no temple" in text(ev)


@pytest.mark.variant("TE-BASE-25", "TE-BASE-26")
def test_two_actions_same_twice_then_next_player():
    s = game()
    tiles(s, "red", "F5", "K5")
    hand(s, 0, red=2)
    hand(s, 1, red=6)
    t, _ = acts(s, {"type": "tile", "player": 0, "colour": "red", "to": J("B5")},
                {"type": "tile", "player": 0, "colour": "red", "to": J("B6")})
    assert t.active == 1 and t.turn == 2 and t.actions_left == 2
    assert t.tiles[sq("B5")] == t.tiles[sq("B6")] == "red"
    assert sum(t.hands[0].values()) == 6  # refilled from 0 at the turn's end (TE-BASE-28)


@pytest.mark.variant("TE-BASE-25")
def test_pass_gives_up_the_rest():
    s = game()
    tile(s, "F5", "red")
    t, _ = act(s, L(0, "black", "F6"))
    t, ev = act(t, {"type": "pass", "player": 0})
    assert t.active == 1 and t.actions_left == 2 and "1 action left unused" in text(ev)


@pytest.mark.variant("TE-BASE-30")
def test_leader_lost_in_revolt_placed_again_with_second_action():
    s = game()
    tiles(s, "red", "E5", "F5", "K5")
    leader(s, "E6", 1, "red")
    t, _ = acts(s, L(0, "red", "F6"), {"type": "commit", "player": 0, "tiles": 0},
                {"type": "commit", "player": 1, "tiles": 0})
    assert t.leader_square(0, "red") is None and t.actions_left == 1 and t.active == 0
    t, _ = act(t, L(0, "red", "K6"))
    assert t.leader_square(0, "red") == sq("K6") and t.active == 1


@pytest.mark.variant("TE-BASE-30", "TE-BASE-32")
def test_a_move_is_judged_with_the_leader_lifted():
    s = game()
    tiles(s, "red", "D5", "D6", "F5", "F6")
    leader(s, "E5", 0, "black")   # links the two halves
    leader(s, "C5", 1, "blue")
    leader(s, "G5", 1, "green")
    before = s.digest()
    with pytest.raises(IllegalOrder) as e:
        act(s, L(0, "black", "E6"))  # once lifted, E6 would join the two halves, each a kingdom
    assert e.value.rule == "TE-BASE-32" and s.digest() == before
    s.leaders[sq("E5")] = (0, "red")  # the same with bull's trader not there: a legal move
    del s.leaders[sq("G5")]
    t, _ = act(s, L(0, "red", "E6"))
    assert t.leader_square(0, "red") == sq("E6")
