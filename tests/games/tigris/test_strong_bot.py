"""The stronger bot (bots/strong.py, SITE-BOT-06): catastrophes and swaps when they pay,
building, monument and wonder offers by their value; in built positions, each against
the greedy bot's choice in the same position. Its strength against the greedy bot is
measured by ``tresham tigris-match`` (tools/match.py), not asserted here."""
import pytest

from tresham.games.tigris.bots import greedy_bot, strong_bot
from tresham.games.tigris.legal import legal_orders
from tresham.games.tigris.rules.turn import decider
from tresham.games.tigris.tools.match import play_match
from tresham.games.tigris.state import TEState

from .helpers import J, act, game, hand, leader, sq, tile, tiles


# ---- catastrophes ---------------------------------------------------------------------
def catastrophe_position(second_temple: bool) -> TEState:
    """Bull's king on G5 beside the red-black monument on E5 (its kingdom: 1 black a turn for
    bull, TE-BASE-71), supported by the temple on H5 alone, or also by G4's."""
    s = game()
    for q in ("E5", "F5", "E6", "F6"):
        tile(s, q, "red", face_down=True)
    s.monuments["red-black"] = sq("E5")
    tile(s, "H5", "red")
    if second_temple:
        tile(s, "G4", "red")
    leader(s, "G5", 1, "black")
    hand(s, 0, blue=2, green=2, black=2)
    hand(s, 1, red=3, blue=3)
    return s


@pytest.mark.site("SITE-BOT-06")
@pytest.mark.variant("TE-BASE-43", "TE-BASE-44", "TE-BASE-71")
def test_a_catastrophe_that_breaks_the_kings_only_temple_is_played():
    s = catastrophe_position(second_temple=False)
    o = strong_bot(s, 0, "x")
    assert o == {"type": "catastrophe", "player": 0, "to": J("H5")}
    t, _ = act(s, o)
    assert sq("G5") not in t.leaders and t.catastrophes_left == [1, 2]
    assert sq("H5") in t.catastrophes and sq("H5") not in t.tiles
    # the greedy bot never plays one (issue 26)
    assert greedy_bot(s, 0, "x")["type"] != "catastrophe"


@pytest.mark.site("SITE-BOT-06")
@pytest.mark.variant("TE-BASE-44")
def test_a_catastrophe_that_leaves_the_king_a_temple_is_not_played():
    s = catastrophe_position(second_temple=True)
    assert {"type": "catastrophe", "player": 0, "to": J("H5")} in legal_orders(s, 0)
    o = strong_bot(s, 0, "x")
    assert o["type"] not in ("catastrophe", "swap")
    t, _ = act(s, o)
    assert t.catastrophes_left == [2, 2] and t.leaders[sq("G5")] == (1, "black")


# ---- swaps ----------------------------------------------------------------------------
def swap_position(**counts: int) -> TEState:
    """Archer's priest, farmer and trader around the temple on E5 (a settlement on E6), its
    king in supply with no square to go to (every other temple's free neighbours hold a
    settlement), no catastrophe left; its hand ``counts``."""
    s = game()
    tile(s, "E5", "red")
    leader(s, "D5", 0, "red")
    leader(s, "E4", 0, "blue")
    leader(s, "F5", 0, "green")
    tiles(s, "black", "E6", "A2", "B1", "A10", "B11", "P10", "O11")
    s.catastrophes_left[0] = 0
    hand(s, 0, **counts)
    hand(s, 1, red=3, blue=3)
    return s


@pytest.mark.site("SITE-BOT-06")
@pytest.mark.variant("TE-BASE-45")
def test_a_hand_of_settlements_without_a_king_is_swapped():
    s = swap_position(black=6)
    assert not any(o["type"] == "leader" and o["colour"] == "black" for o in legal_orders(s, 0))
    o = strong_bot(s, 0, "x")
    assert o == {"type": "swap", "player": 0, "tiles": {"black": 6}}
    t, _ = act(s, o)
    assert sum(t.hands[0].values()) == 6 and t.removed["black"] == 6
    assert greedy_bot(s, 0, "x")["type"] != "swap"


@pytest.mark.site("SITE-BOT-06")
@pytest.mark.variant("TE-BASE-38")
def test_a_hand_that_scores_is_played_not_swapped():
    s = swap_position(red=2, blue=2, black=2)
    o = strong_bot(s, 0, "x")
    assert o["type"] == "tile" and o["colour"] in ("red", "blue")
    t, _ = act(s, o)
    assert sum(t.points[0].values()) == 1


# ---- monument and wonder offers -------------------------------------------------------
def monument_offer() -> TEState:
    """Archer's priest on G5 and bull's king on H6, both beside the temple on H5; archer's
    red on F6 closes the block E5-F6: the monuments red-black, red-blue, red-green are open
    (listed in that order)."""
    s = game()
    tiles(s, "red", "E5", "F5", "E6", "H5")
    leader(s, "G5", 0, "red")
    leader(s, "H6", 1, "black")
    hand(s, 0, red=2, blue=2)
    hand(s, 1, red=3, blue=3)
    t, _ = act(s, {"type": "tile", "player": 0, "colour": "red", "to": J("F6")})
    assert t.phase == "monument" and decider(t) == 0
    assert t.ctx["monument"]["monuments"] == ["red-black", "red-blue", "red-green"]
    return t


@pytest.mark.site("SITE-BOT-06")
@pytest.mark.variant("TE-BASE-62", "TE-BASE-71")
def test_the_monument_that_feeds_only_its_own_leader_is_built():
    """red-black would give bull's king 1 black a turn as well; red-blue gives archer's
    priest its red alone (red-green likewise: the tie goes to the first, red-blue)."""
    t = monument_offer()
    o = strong_bot(t, 0, "x")
    assert o == {"type": "monument", "player": 0, "monument": "red-blue", "at": J("E5")}
    assert greedy_bot(t, 0, "x")["monument"] == "red-black"  # the first that scores for it
    u, _ = act(t, o)
    assert u.monuments["red-blue"] == sq("E5") and u.monuments["red-black"] is None
    # archer passes, its turn ends: the monument gives the priest 1 red, bull's king nothing
    w, _ = act(u, {"type": "pass", "player": 0})
    assert w.points[0]["red"] == 2 and w.points[1]["black"] == 0


@pytest.mark.site("SITE-BOT-06")
@pytest.mark.variant("TE-BASE-62")
def test_no_monument_is_built_for_the_opponent_alone():
    s = game()
    tiles(s, "red", "E5", "F5", "E6", "H5")
    leader(s, "G5", 1, "red")
    leader(s, "H6", 1, "black")
    hand(s, 0, red=2)
    t, _ = act(s, {"type": "tile", "player": 0, "colour": "red", "to": J("F6")})
    assert t.phase == "monument"
    assert strong_bot(t, 0, "x") == {"type": "monument", "player": 0, "monument": None, "at": None}


def wonder_offer(king_seat: int) -> TEState:
    """Temples on F5, E6, F6, F7 and D6, seat ``king_seat``'s king on D7 and archer's priest
    on C6 beside D6; archer's temple on G6 completes the cross around F6 (TE-WON-02)."""
    s = game(wonder=True)
    tiles(s, "red", "F5", "E6", "F6", "F7", "D6")
    leader(s, "D7", king_seat, "black")
    leader(s, "C6", 0, "red")
    hand(s, 0, blue=2, red=2)
    hand(s, 1, red=3)
    t, _ = act(s, {"type": "tile", "player": 0, "colour": "red", "to": J("G6")})
    assert t.phase == "wonder" and t.ctx["wonder"]["centres"] == [J("F6")]
    return t


@pytest.mark.site("SITE-BOT-06")
@pytest.mark.variant("TE-WON-02", "TE-WON-06")
def test_the_wonder_is_erected_for_its_own_king_and_not_for_the_opponents():
    t = wonder_offer(0)
    o = strong_bot(t, 0, "x")
    assert o == {"type": "wonder", "player": 0, "at": J("F6")}
    u, _ = act(t, o)
    assert u.wonder["at"] == J("F6") and u.leaders[sq("D7")] == (0, "black")
    t = wonder_offer(1)
    assert strong_bot(t, 0, "x") == {"type": "wonder", "player": 0, "at": None}
    assert greedy_bot(t, 0, "x")["at"] == J("F6")  # the first that places something


# ---- the measurement tool, on a few games ---------------------------------------------
@pytest.mark.site("SITE-BOT-06")
def test_the_match_alternates_the_start_and_counts_every_game():
    games, out = play_match(4, seed=7)
    assert [g.new_started for g in games] == [True, False, True, False]
    assert [g.seed for g in games] == [7, 8, 9, 10]
    assert out["wins"] + out["losses"] + out["draws"] + out["unfinished"] == 4
    assert out["games"] == 4 and out["seeds"] == "7..10"
    for g in games:
        assert g.result in ("win", "loss", "draw")
        assert (g.result == "win") == (g.new_score > g.old_score)
        assert g.margin == g.new_score[0] - g.old_score[0]
