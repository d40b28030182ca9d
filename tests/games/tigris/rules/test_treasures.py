"""Treasures (TE-BASE-72..74, TE-ADVB-03, TE-Z-01, TE-Z-10)."""
import pytest

from tresham.games.contract import IllegalOrder
from tresham.games.tigris import engine

from ..helpers import J, act, acts, game, sq, text, tile, tiles


def L(seat, colour, where):
    return {"type": "leader", "player": seat, "colour": colour, "to": J(where)}


def two_treasures():
    s = game()
    tile(s, "E5", "red", treasure=True)
    tile(s, "G5", "red", treasure=True)
    tile(s, "F5", "black")
    return s


@pytest.mark.variant("TE-BASE-72", "TE-Z-01")
def test_trader_owner_takes_until_one_left_after_the_action():
    t, ev = act(two_treasures(), L(0, "green", "E6"))
    assert t.phase == "treasure" and t.ctx["treasure"] == {"player": 0, "squares": [J("E5"), J("G5")]}
    with pytest.raises(IllegalOrder) as e:
        act(t, {"type": "treasure", "player": 0, "at": J("F5")})
    assert e.value.rule == "TE-BASE-72"
    t, ev = act(t, {"type": "treasure", "player": 0, "at": J("G5")})
    assert t.collected == [1, 0] and t.treasures == {sq("E5"), sq("A1"), sq("A11"), sq("P11")}
    assert t.actions_left == 1 and t.active == 0  # after the action, not at the turn's end
    assert "Archer takes the treasure on G5" in text(ev)


@pytest.mark.variant("TE-BASE-72")
def test_no_trader_no_collection():
    t, _ = act(two_treasures(), L(0, "black", "E6"))
    assert t.phase == "action" and t.collected == [0, 0]


@pytest.mark.variant("TE-BASE-73", "TE-Z-10")
def test_special_border_first_on_the_base_board():
    s = game()
    tile(s, "B2", "red", treasure=True)   # (1,1): a special border
    tile(s, "C2", "red", treasure=True)
    tile(s, "D2", "red", treasure=True)
    t, ev = act(s, L(1 - 1, "green", "C3"))
    # two to take, one special: the special is forced, then a choice between C2 and D2
    assert t.collected == [1, 0] and sq("B2") not in t.treasures
    assert t.phase == "treasure" and t.ctx["treasure"]["squares"] == [J("C2"), J("D2")]
    t, _ = act(t, {"type": "treasure", "player": 0, "at": J("D2")})
    assert t.collected == [2, 0] and sq("C2") in t.treasures


@pytest.mark.variant("TE-BASE-73", "TE-ADVB-03")
def test_special_border_first_on_the_advanced_board():
    s = game(board="advanced")
    tile(s, "B3", "red", treasure=True)   # (1,2): special on the advanced side
    tile(s, "B4", "red", treasure=True)
    t, _ = act(s, L(0, "green", "A4"))
    assert t.collected == [1, 0] and sq("B3") not in t.treasures and sq("B4") in t.treasures
    assert t.phase == "action"


@pytest.mark.variant("TE-BASE-73")
def test_specials_forced_when_all_must_go():
    s = game()
    tile(s, "B8", "red", treasure=True)   # (1,7) special
    tile(s, "B2", "red", treasure=True)   # (1,1) special
    tiles(s, "red", *[f"B{r}" for r in range(3, 8)])
    tile(s, "C5", "red", treasure=True)
    t, _ = act(s, L(0, "green", "A5"))
    assert t.phase == "action" and t.collected == [2, 0]
    assert sq("B2") not in t.treasures and sq("B8") not in t.treasures and sq("C5") in t.treasures


@pytest.mark.variant("TE-BASE-73")
def test_choice_among_several_specials():
    s = game()
    for w in ("B2", "B8", "O9"):  # three of the four special borders
        tile(s, w, "red", treasure=True)
    tiles(s, "red", *[f"B{r}" for r in range(3, 8)], *[f"{chr(c)}8" for c in range(ord("C"), ord("P"))])
    t, _ = act(s, L(0, "green", "A5"))
    assert t.phase == "treasure" and t.ctx["treasure"]["squares"] == [J("B2"), J("B8"), J("O9")]
    t, _ = act(t, {"type": "timeout", "player": 0}, by_site=True)  # default: first in reading order
    assert sq("B2") not in t.treasures and t.collected == [1, 0]
    assert t.phase == "treasure" and t.ctx["treasure"]["squares"] == [J("B8"), J("O9")]
    with pytest.raises(IllegalOrder) as e:
        act(t, {"type": "treasure", "player": 0, "at": J("C8")})
    assert e.value.rule == "TE-BASE-73"
    t, _ = act(t, {"type": "treasure", "player": 0, "at": J("O9")})
    assert t.treasures & {sq("B8"), sq("O9")} == {sq("B8")} and t.collected == [2, 0]


@pytest.mark.variant("TE-BASE-74", "TE-BASE-77")
def test_collected_treasures_counted_behind_the_screen():
    t, _ = acts(two_treasures(), L(0, "green", "E6"), {"type": "treasure", "player": 0, "at": J("E5")})
    v = engine.view(t, 1)
    assert v["players"][0]["treasures"] == 1 and v["players"][0]["points"] is None
    assert engine.view(t, 0)["players"][0]["points"] == {"red": 0, "blue": 0, "green": 0, "black": 0}
