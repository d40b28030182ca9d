"""Monuments (TE-BASE-62..71, TE-Z-11, TE-Z-12)."""
import pytest

from tresham.games.contract import IllegalOrder
from tresham.games.tigris.rules.war import supporters

from ..helpers import J, act, acts, game, hand, leader, sq, text, tile, tiles


def T(seat, colour, where):
    return {"type": "tile", "player": seat, "colour": colour, "to": J(where)}


def M(seat, monument, at=None):
    return {"type": "monument", "player": seat, "monument": monument, "at": J(at) if at else None}


def block3(colour="black"):
    s = game()
    tiles(s, colour, "E5", "F5", "E6")
    hand(s, 0, **{colour: 2})
    return s


@pytest.mark.variant("TE-BASE-62", "TE-BASE-63", "TE-BASE-70")
def test_block_offers_monuments_of_its_colour():
    t, _ = act(block3(), T(0, "black", "F6"))
    assert t.phase == "monument"
    assert t.ctx["monument"] == {"colour": "black", "blocks": [J("E5")],
                                 "monuments": ["blue-black", "green-black", "red-black"]}
    with pytest.raises(IllegalOrder) as e:
        act(t, M(0, "red-blue", "E5"))
    assert e.value.rule == "TE-BASE-63"
    t, ev = act(t, M(0, "red-black", "E5"))
    assert t.monuments["red-black"] == sq("E5")
    assert {sq(x) for x in ("E5", "F5", "E6", "F6")} <= t.face_down
    assert all(sum(p.values()) == 0 for p in t.points)  # no VP for building
    assert "builds the red-black monument on E5" in text(ev) and t.actions_left == 1


@pytest.mark.variant("TE-BASE-62")
def test_blue_block_on_the_river():
    s = game()
    tiles(s, "blue", "O4", "O5", "P5")
    hand(s, 0, blue=1)
    t, _ = act(s, T(0, "blue", "P4"))
    assert t.phase == "monument" and t.ctx["monument"]["blocks"] == [J("O4")]
    assert t.ctx["monument"]["monuments"] == ["blue-black", "blue-green", "red-blue"]


@pytest.mark.variant("TE-BASE-63", "TE-BASE-68")
def test_no_monument_left_no_build():
    s = block3()
    for m in ("red-black", "blue-black", "green-black"):
        s.monuments[m] = (0, 5)  # used (their squares do not matter here)
    t, _ = act(s, T(0, "black", "F6"))
    assert t.phase == "action" and t.actions_left == 1


@pytest.mark.variant("TE-BASE-63", "TE-Z-12")
def test_several_blocks_player_picks():
    s = game()
    tiles(s, "red", "E5", "F5", "G5", "E6", "G6")
    hand(s, 0, red=1)
    t, _ = act(s, T(0, "red", "F6"))
    assert t.ctx["monument"]["blocks"] == [J("E5"), J("F5")]
    with pytest.raises(IllegalOrder, match="several blocks"):
        act(t, M(0, "red-green"))
    with pytest.raises(IllegalOrder, match="top-left"):
        act(t, M(0, "red-green", "G5"))
    t, _ = act(t, M(0, "red-green", "F5"))
    assert t.monuments["red-green"] == sq("F5") and sq("E5") not in t.face_down


@pytest.mark.variant("TE-BASE-64", "TE-Z-11")
def test_declined_block_never_again():
    t, ev = acts(block3(), T(0, "black", "F6"), M(0, None))
    assert t.phase == "action" and "builds no monument" in text(ev)
    t, _ = act(t, T(0, "black", "G5"))  # a tile next to the block, in no 2x2 block
    assert t.phase == "action" and t.monuments["red-black"] is None


@pytest.mark.variant("TE-BASE-65")
def test_face_down_tiles_link_but_do_not_support():
    s = game()
    for w in ("E5", "F5", "E6", "F6"):
        tile(s, w, "black", face_down=True)
    tile(s, "G5", "black")
    tile(s, "D5", "red")
    leader(s, "D6", 0, "black")
    assert supporters(s, sq("D6"), "black") == [sq("G5")]  # linked through the monument
    with pytest.raises(IllegalOrder):
        act(s, {"type": "catastrophe", "player": 0, "to": J("E5")})


@pytest.mark.variant("TE-BASE-66", "TE-BASE-67")
def test_treasure_stays_and_leaders_lose_temple():
    s = game()
    tile(s, "E5", "red", treasure=True)
    tiles(s, "red", "F5", "E6")
    leader(s, "E4", 1, "black")  # only E5 beside it
    hand(s, 0, red=1)
    t, _ = act(s, T(0, "red", "F6"))
    t, ev = act(t, M(0, "red-blue", "E5"))
    assert sq("E5") in t.treasures and sq("E5") in t.face_down
    assert t.leader_square(1, "black") is None and "has no temple beside it" in text(ev)


@pytest.mark.variant("TE-BASE-69", "TE-BASE-71")
def test_active_player_scores_monument_at_turn_end():
    s = block3()
    tile(s, "D5", "red")
    leader(s, "D6", 0, "black")
    leader(s, "C5", 0, "red")
    tile(s, "H5", "red")
    leader(s, "H6", 1, "red")  # bull's priest stands elsewhere
    t, _ = acts(s, T(0, "black", "F6"), M(0, "red-black", "E5"))
    assert t.points[0] == {"red": 0, "blue": 0, "green": 0, "black": 1}  # the tile, for the king
    t, ev = act(t, {"type": "pass", "player": 0})
    assert t.points[0]["red"] == 1 and t.points[0]["black"] == 2  # at most 2 per monument
    assert t.points[1] == {"red": 0, "blue": 0, "green": 0, "black": 0}
    assert "the red-black monument gives the king of Archer 1 black" in text(ev)
    # next turn: bull is active; archer's leaders do not score in bull's turn
    t2, _ = act(t, {"type": "pass", "player": 1})
    assert t2.points[0]["red"] == 1 and t2.points[0]["black"] == 2


@pytest.mark.variant("TE-BASE-71")
def test_other_colour_leaders_do_not_score():
    s = block3()
    tile(s, "D5", "red")
    leader(s, "D6", 0, "green")
    t, _ = acts(s, T(0, "black", "F6"), M(0, "red-black", "E5"), {"type": "pass", "player": 0})
    assert t.points[0] == {"red": 0, "blue": 0, "green": 0, "black": 0}
