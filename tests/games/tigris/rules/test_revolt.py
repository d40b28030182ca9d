"""Revolts (TE-BASE-46..50)."""
import pytest

from tresham.games.contract import IllegalOrder
from tresham.games.tigris.rules.turn import decider

from ..helpers import J, act, acts, game, hand, leader, sq, text, tiles


def L(seat, colour, where):
    return {"type": "leader", "player": seat, "colour": colour, "to": J(where)}


def K(seat, n):
    return {"type": "commit", "player": seat, "tiles": n}


def position():
    s = game()
    tiles(s, "red", "E5", "F5", "G6")
    leader(s, "E6", 1, "red")   # bull's priest: E5 -> 1 temple
    hand(s, 0, red=3, black=3)
    hand(s, 1, red=2, green=2)
    return s


@pytest.mark.variant("TE-BASE-46", "TE-BASE-47")
def test_roles_and_base_strength():
    t, ev = act(position(), L(0, "red", "F6"))  # F6: F5 and G6 -> 2 temples
    c = t.conflict
    assert (c["attacker"], c["defender"]) == (0, 1)
    assert (c["attacker_strength"], c["defender_strength"]) == (2, 1)
    assert t.phase == "commit"
    assert decider(t) == 0


@pytest.mark.variant("TE-BASE-47")
def test_shared_temple_counts_for_both():
    s = game()
    tiles(s, "red", "F5")
    leader(s, "E5", 1, "red")
    t, _ = act(s, L(0, "red", "G5"))
    assert (t.conflict["attacker_strength"], t.conflict["defender_strength"]) == (1, 1)


@pytest.mark.variant("TE-BASE-48")
def test_only_red_tiles_attacker_then_defender():
    s = game()
    tiles(s, "red", "E5", "F5")
    leader(s, "E6", 1, "blue")
    hand(s, 0, red=1, blue=4)
    t, _ = act(s, L(0, "blue", "F6"))  # a farmers' revolt still counts red tiles
    assert t.conflict["colour"] == "red"
    before = t.digest()
    with pytest.raises(IllegalOrder) as e:
        act(t, K(0, 2))
    assert e.value.rule == "TE-BASE-48" and "0 to 1 red" in e.value.message and t.digest() == before
    with pytest.raises(IllegalOrder, match="waits on"):
        act(t, K(1, 0))  # the defender waits for the attacker
    t, _ = act(t, K(0, 1))
    assert t.hands[0]["red"] == 0 and t.hands[0]["blue"] == 4
    assert decider(t) == 1 and t.conflict["attacker_committed"] == 1


@pytest.mark.variant("TE-BASE-49", "TE-BASE-50")
def test_tie_goes_to_defender():
    t, ev = acts(position(), L(0, "red", "F6"), K(0, 1), K(1, 2))  # 3 against 3
    assert t.leader_square(1, "red") == sq("E6") and t.leader_square(0, "red") is None
    assert t.points[1]["red"] == 1 and t.points[0]["red"] == 0
    assert t.removed["red"] == 3 and t.hands[0]["red"] == 2 and t.hands[1]["red"] == 0
    assert len([q for q in t.tiles if t.tiles[q] == "red"]) == 3 + 3  # no board tile removed (+ spares)
    assert "loses and returns to Archer" in text(ev)


@pytest.mark.variant("TE-BASE-49", "TE-BASE-50")
def test_attacker_wins_with_more():
    t, ev = acts(position(), L(0, "red", "F6"), K(0, 0), K(1, 1))  # 2 against 2: defender
    assert t.leader_square(0, "red") is None
    t, ev = acts(position(), L(0, "red", "F6"), K(0, 1), K(1, 1))  # 3 against 2
    assert t.leader_square(1, "red") is None and t.leader_square(0, "red") == sq("F6")
    assert t.points[0]["red"] == 1 and t.removed["red"] == 2
    assert t.phase == "action" and t.actions_left == 1 and t.conflict is None
