"""Swapping tiles (TE-BASE-45, TE-BASE-76)."""
import pytest

from tresham.games.contract import IllegalOrder

from ..helpers import act, game, hand


@pytest.mark.variant("TE-BASE-45")
def test_discard_and_draw_as_many():
    s = game()
    hand(s, 0, red=3, blue=2, black=1)
    bag = len(s.bag)
    t, ev = act(s, {"type": "swap", "player": 0, "tiles": {"red": 2, "black": 1}})
    assert sum(t.hands[0].values()) == 6 and len(t.bag) == bag - 3
    assert t.removed["red"] == 2 and t.removed["black"] == 1
    assert t.actions_left == 1
    assert ev[0].text == "Archer discards 3 tiles and draws 3" and ev[0].to is None
    assert ev[1].to == [0] and ev[1].text.startswith("you discard 2 temples, 1 settlement and draw ")


@pytest.mark.variant("TE-BASE-45")
@pytest.mark.parametrize("tiles,needle", [({}, "1 to 6 tiles, not 0"), ({"red": 0}, "not 0"),
                                          ({"green": 1}, "has 0 green")])
def test_swap_refused(tiles, needle):
    s = game()
    hand(s, 0, red=3, blue=3)
    before = s.digest()
    with pytest.raises(IllegalOrder) as e:
        act(s, {"type": "swap", "player": 0, "tiles": tiles})
    assert e.value.rule == "TE-BASE-45" and needle in e.value.message
    assert s.digest() == before


@pytest.mark.variant("TE-BASE-76", "TE-Z-04")
def test_bag_short_on_swap_ends_game():
    s = game()
    hand(s, 0, red=3, blue=3)
    s.removed["green"] += s.bag.count("green")
    kept = s.bag[:2]
    for c in s.bag[2:]:
        s.removed[c] += 1
    s.removed["green"] -= s.bag.count("green")
    s.bag = kept
    t, ev = act(s, {"type": "swap", "player": 0, "tiles": {"red": 3}})
    assert t.finished and "swap" in t.end_reason and sum(t.hands[0].values()) == 5
    assert t.phase == "over"
