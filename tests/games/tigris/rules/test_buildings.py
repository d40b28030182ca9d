"""Civilization buildings (TE-BLD-01..13; rulings TER-BLD-*), option ``buildings``."""
import pytest

from tresham.games.contract import IllegalOrder
from tresham.games.tigris import engine
from tresham.games.tigris.invariants import violations
from tresham.games.tigris.legal import legal_orders
from tresham.games.tigris.rules import buildings
from tresham.games.tigris.rules.turn import default_order
from tresham.games.tigris.state import TEState

from .. import randplay
from ..helpers import J, act, acts, game, hand, leader, sq, text, tile, tiles


def T(seat, colour, where):
    return {"type": "tile", "player": seat, "colour": colour, "to": J(where)}


def B(seat, building=None, at=None):
    return {"type": "building", "player": seat, "building": building, "at": J(at) if at else None}


def K(seat, n):
    return {"type": "commit", "player": seat, "tiles": n}


def bgame(**kw):
    return game(buildings=True, **kw)


def sound(s):
    """The invariants' complaints, but the treasure count (a built position clears the Shedu)."""
    return [x for x in violations(s) if not x.startswith("treasures:")]


# ---- setup ----------------------------------------------------------------------------

@pytest.mark.variant("TE-BLD-01", "TE-BLD-02")
def test_four_buildings_beside_the_board_with_their_colours():
    s = engine.new_game({"players": 3, "buildings": True}, 5)
    assert s.buildings == {"library": None, "granary": None, "market_hall": None, "palace": None}
    assert buildings.BUILDINGS == {"library": "red", "granary": "blue", "market_hall": "green",
                                   "palace": "black"}
    v = engine.view(s, 0)
    assert v["buildings"] == [{"id": "library", "colour": "red", "at": None},
                              {"id": "granary", "colour": "blue", "at": None},
                              {"id": "market_hall", "colour": "green", "at": None},
                              {"id": "palace", "colour": "black", "at": None}]
    # without the option: none, and the view's list is empty
    t = engine.new_game({"players": 3}, 5)
    assert t.buildings == {} and engine.view(t, 0)["buildings"] == []


# ---- TE-BLD-12: the seed's worked example -----------------------------------------------

@pytest.mark.variant("TE-BLD-12", "TE-BLD-03", "TE-BLD-02")
def test_example_three_farms_in_a_row_granary():
    s = bgame()
    tiles(s, "blue", "G9", "H9")
    hand(s, 0, blue=1)
    t, _ = act(s, T(0, "blue", "I9"))
    assert t.phase == "building"
    assert t.ctx["building"] == {"building": "granary", "colour": "blue", "from": None,
                                 "squares": [J("G9"), J("H9"), J("I9")], "lines": [3]}
    t, ev = act(t, B(0, "granary", "H9"))
    assert t.buildings["granary"] == sq("H9") and t.phase == "action" and t.actions_left == 1
    assert "Archer places the granary on H9" in text(ev)


@pytest.mark.variant("TE-BLD-12", "TE-BLD-03")
def test_example_three_temples_in_a_column_library():
    s = bgame()
    tiles(s, "red", "E5", "E6")
    hand(s, 0, red=1)
    t, _ = act(s, T(0, "red", "E7"))
    assert t.phase == "building" and t.ctx["building"]["building"] == "library"
    assert t.ctx["building"]["squares"] == [J("E5"), J("E6"), J("E7")]
    t, _ = act(t, B(0, "library", "E5"))
    assert t.buildings["library"] == sq("E5")


@pytest.mark.variant("TE-BLD-12", "TE-BLD-03")
def test_example_three_markets_not_in_a_line_no_market_hall():
    s = bgame()
    tiles(s, "green", "H2", "I2")
    hand(s, 0, green=1)
    t, _ = act(s, T(0, "green", "H3"))   # an L: H2 I2 / H3
    assert t.phase == "action" and t.actions_left == 1
    assert t.buildings["market_hall"] is None
    assert buildings.lines(t, sq("H3"), "green") == [[sq("H3")], [sq("H2"), sq("H3")]]


@pytest.mark.variant("TE-BLD-12", "TE-BLD-03")
def test_example_completing_a_settlement_column_palace():
    s = bgame()
    tiles(s, "black", "K5", "K7")
    hand(s, 0, black=1)
    t, _ = act(s, T(0, "black", "K6"))   # the middle of the column
    assert t.phase == "building" and t.ctx["building"]["building"] == "palace"
    assert t.ctx["building"]["squares"] == [J("K5"), J("K6"), J("K7")]
    t, _ = act(t, B(0, "palace", "K7"))
    assert t.buildings["palace"] == sq("K7")


# ---- TE-BLD-03: optional, the placed tile's colour, the line's squares ---------------------

@pytest.mark.variant("TE-BLD-03")
def test_decline_and_timeout_leave_it_beside_the_board():
    s = bgame()
    tiles(s, "blue", "G9", "H9")
    hand(s, 0, blue=1)
    t, _ = act(s, T(0, "blue", "I9"))
    u, ev = act(t, B(0))
    assert u.buildings["granary"] is None and u.phase == "action" and u.actions_left == 1
    w, ev = act(t, {"type": "timeout", "player": 0}, by_site=True)
    assert w.buildings["granary"] is None and w.actions_left == 1 and "time ran out" in text(ev)
    assert engine.pending(t)[0].kind == "building" and engine.pending(t)[0].default == "decline"


@pytest.mark.variant("TE-BLD-03")
def test_refusals_state_unchanged():
    s = bgame()
    tiles(s, "blue", "G9", "H9")
    hand(s, 0, blue=1)
    t, _ = act(s, T(0, "blue", "I9"))
    before = t.dumps()
    for order, why in [(B(0, "library", "H9"), "only the building of the placed tile's colour"),
                       (B(0, "granary", "J9"), "not on J9"),
                       (B(0, "granary"), "say on which tile"),
                       ({"type": "building", "player": 0, "building": None, "at": J("H9")}, "to decline")]:
        with pytest.raises(IllegalOrder) as e:
            act(t, order)
        assert e.value.rule == "TE-BLD-03" and why in str(e.value)
    with pytest.raises(IllegalOrder):
        act(t, B(1, "granary", "H9"))  # not his decision
    with pytest.raises(IllegalOrder):
        act(t, {"type": "building", "player": 0, "building": "granary", "at": J("H9"), "x": 1})
    assert t.dumps() == before


@pytest.mark.variant("TE-BLD-03", "TE-BLD-13")
def test_only_the_placed_tiles_colour_triggers():
    s = bgame()
    tiles(s, "blue", "G9", "H9", "I9")   # a line of three farms already there
    hand(s, 0, red=1, blue=1)
    t, _ = act(s, T(0, "red", "H10"))     # a temple beside it
    assert t.phase == "action" and t.actions_left == 1 and t.buildings["granary"] is None
    t, _ = act(t, T(0, "blue", "J9"))     # a farm lengthening it: now it counts
    assert t.phase == "building" and t.ctx["building"]["lines"] == [4]


@pytest.mark.variant("TE-BLD-03", "TE-BLD-13")
def test_a_line_of_two_and_a_leader_action_open_nothing():
    s = bgame()
    tiles(s, "black", "C10")
    tiles(s, "red", "E10")
    tiles(s, "black", "E11", "F11", "G11")   # an old line: no trigger without a tile action
    hand(s, 0, black=1)
    t, _ = act(s, T(0, "black", "D10"))
    assert t.phase == "action" and t.actions_left == 1   # C10 D10: two
    t, _ = act(t, {"type": "leader", "player": 0, "colour": "black", "to": J("F10")})
    assert t.phase == "action" and t.actions_left == 2 and t.buildings["palace"] is None


@pytest.mark.variant("TE-BLD-03", "TE-BLD-05")
def test_both_lines_through_the_placed_tile_are_offered():
    s = bgame()
    tiles(s, "black", "H5", "I5", "J6", "J7")
    hand(s, 0, black=1)
    t, _ = act(s, T(0, "black", "J5"))   # row H5 I5 J5 and column J5 J6 J7
    o = t.ctx["building"]
    assert o["lines"] == [3, 3]
    assert o["squares"] == [J("H5"), J("I5"), J("J5"), J("J6"), J("J7")]
    t, _ = act(t, B(0, "palace", "J7"))
    assert t.buildings["palace"] == sq("J7")


# ---- TE-BLD-04/05: moving ---------------------------------------------------------------

@pytest.mark.variant("TE-BLD-04")
def test_move_to_a_strictly_longer_line():
    s = bgame()
    tiles(s, "blue", "G9", "H9", "I9", "A4", "B4", "C4")
    s.buildings["granary"] = sq("H9")
    hand(s, 0, blue=1)
    t, _ = act(s, T(0, "blue", "D4"))   # A4..D4: 4 > 3
    o = t.ctx["building"]
    assert o["from"] == J("H9") and o["squares"] == [J("A4"), J("B4"), J("C4"), J("D4")]
    with pytest.raises(IllegalOrder) as e:
        act(t, B(0, "granary", "G9"))
    assert e.value.rule == "TE-BLD-04"
    t, ev = act(t, B(0, "granary", "B4"))
    assert t.buildings["granary"] == sq("B4") and "moves the granary from H9 to B4" in text(ev)


@pytest.mark.variant("TE-BLD-04")
def test_no_move_to_a_line_as_long():
    s = bgame()
    tiles(s, "blue", "G9", "H9", "I9", "A4", "B4")
    s.buildings["granary"] = sq("H9")
    hand(s, 0, blue=1)
    t, _ = act(s, T(0, "blue", "C4"))   # A4..C4: 3, not longer than 3
    assert t.phase == "action" and t.buildings["granary"] == sq("H9")
    assert buildings.standing_length(t, "granary") == 3


@pytest.mark.variant("TE-BLD-04", "TE-BLD-13")
def test_lengthening_the_buildings_own_line_moves_nothing():
    s = bgame()
    tiles(s, "blue", "G9", "H9", "I9")
    s.buildings["granary"] = sq("G9")
    hand(s, 0, blue=1)
    t, _ = act(s, T(0, "blue", "J9"))   # its own line grows to 4: not longer than itself
    assert t.phase == "action" and t.buildings["granary"] == sq("G9")
    assert buildings.standing_length(t, "granary") == 4


@pytest.mark.variant("TE-BLD-04")
def test_a_shortened_line_is_beaten_by_any_new_line():
    s = bgame()
    tiles(s, "black", "K6", "B10", "C10")   # the palace's line was cut down to K6 alone
    s.buildings["palace"] = sq("K6")
    hand(s, 0, black=1)
    t, _ = act(s, T(0, "black", "D10"))
    assert buildings.standing_length(s, "palace") == 1
    assert t.phase == "building" and t.ctx["building"]["from"] == J("K6")


@pytest.mark.variant("TE-BLD-05")
def test_building_on_two_lines_new_line_longer_than_each():
    s = bgame()
    tiles(s, "black", "K5", "K6", "K7", "I6", "J6", "L6")   # K6: column 3, row I6..L6 4
    s.buildings["palace"] = sq("K6")
    tiles(s, "black", "B10", "C10", "D10")
    hand(s, 0, black=2)
    assert buildings.standing_length(s, "palace") == 4
    t, _ = act(s, T(0, "black", "E10"))    # B10..E10: 4, longer than 3 but not than 4
    assert t.phase == "action" and t.buildings["palace"] == sq("K6")
    t, _ = act(t, T(0, "black", "A10"))    # A10..E10: 5
    assert t.phase == "building" and t.ctx["building"]["lines"] == [5]
    assert len(t.ctx["building"]["squares"]) == 5


# ---- TE-BLD-06/08: after the conflicts, before the monument ----------------------------------

def war_line():
    """A black war on E5; E4 and E6 make a column with it (E6 is the Archer's supporter)."""
    s = bgame()
    tiles(s, "red", "C5", "G5")
    tiles(s, "black", "D5", "D6", "F5", "E4", "E6")
    leader(s, "C6", 0, "black")   # archer: D5, D6, E6 -> 3
    leader(s, "G6", 1, "black")   # bull: F5 -> 1
    hand(s, 0, black=1)
    hand(s, 1, black=3)
    return s


@pytest.mark.variant("TE-BLD-08", "TE-BLD-06")
def test_war_first_then_the_building():
    t, _ = act(war_line(), T(0, "black", "E5"))
    assert t.phase == "commit"          # D5 E5 F5 and E4 E5 E6 exist, but the war comes first
    t, _ = acts(t, K(0, 0), K(1, 0))    # 3 against 1: the bull's F5 goes
    assert sq("F5") not in t.tiles and t.phase == "building"
    assert t.ctx["building"]["squares"] == [J("E4"), J("E5"), J("E6")]  # the row D5 E5 is 2 now
    assert t.ctx["building"]["lines"] == [3]


@pytest.mark.variant("TE-BLD-08")
def test_war_that_breaks_the_line_leaves_no_building():
    t, _ = acts(war_line(), T(0, "black", "E5"), K(0, 0), K(1, 3))   # 3 against 4
    assert sq("D5") not in t.tiles and sq("E6") not in t.tiles and sq("F5") in t.tiles
    assert t.phase == "action" and t.buildings["palace"] is None   # E4 E5 and E5 F5: two each


@pytest.mark.variant("TE-BLD-06", "TE-BLD-11")
def test_building_before_the_monument_and_returned_by_it():
    s = bgame()
    tiles(s, "black", "E5", "F5", "E6", "G6")
    hand(s, 0, black=1)
    t, _ = act(s, T(0, "black", "F6"))   # block E5 F5 E6 F6, row E6 F6 G6
    assert t.phase == "building"
    t, _ = act(t, B(0, "palace", "F6"))
    assert t.phase == "monument" and t.buildings["palace"] == sq("F6")
    u, ev = act(t, {"type": "monument", "player": 0, "monument": "red-black", "at": J("E5")})
    assert u.buildings["palace"] is None and sq("F6") in u.face_down   # TE-BLD-11
    assert "the palace on F6 goes back beside the board" in text(ev)
    assert sound(u) == []
    # on G6, outside the block, it stays
    t2, _ = acts(s, T(0, "black", "F6"), B(0, "palace", "G6"),
                 {"type": "monument", "player": 0, "monument": "red-black", "at": J("E5")})
    assert t2.buildings["palace"] == sq("G6") and t2.monuments["red-black"] == sq("E5")


@pytest.mark.variant("TE-BLD-11")
def test_a_returned_building_can_be_won_again():
    s = bgame()
    tiles(s, "black", "E5", "F5", "E6", "G6", "B10", "C10")
    hand(s, 0, black=2)
    t, _ = acts(s, T(0, "black", "F6"), B(0, "palace", "E6"),
                {"type": "monument", "player": 0, "monument": "red-black", "at": J("E5")})
    assert t.buildings["palace"] is None
    t, _ = act(t, T(0, "black", "D10"))
    assert t.ctx["building"]["from"] is None and t.ctx["building"]["lines"] == [3]
    t, _ = act(t, B(0, "palace", "C10"))
    assert t.buildings["palace"] == sq("C10")


# ---- TE-BLD-07: the bonus -----------------------------------------------------------------

def granary_kingdom():
    """G9 H9 I9 farms with the granary on H9, a temple on H10 and the farmer of the Bull on G10."""
    s = bgame()
    tiles(s, "blue", "G9", "H9", "I9")
    tile(s, "H10", "red")
    s.buildings["granary"] = sq("H9")
    leader(s, "G10", 1, "blue")
    hand(s, 0, blue=2, red=1)
    return s


@pytest.mark.variant("TE-BLD-07")
def test_tile_into_a_kingdom_with_its_building_scores_two():
    t, ev = act(granary_kingdom(), T(0, "blue", "J9"))
    assert t.points[1]["blue"] == 2 and t.points[0]["blue"] == 0
    assert "the farmer of Bull scores 2 blue" in text(ev)
    t, _ = act(t, T(0, "blue", "K9"))
    assert t.points[1]["blue"] == 4


@pytest.mark.variant("TE-BLD-07")
def test_other_colours_and_other_kingdoms_score_one():
    s = granary_kingdom()
    leader(s, "I10", 1, "red")
    t, _ = act(s, T(0, "red", "J10"))          # a temple into the same kingdom: the library is not there
    assert t.points[1]["red"] == 1
    s = granary_kingdom()
    s.buildings["granary"] = None
    t, _ = act(s, T(0, "blue", "J9"))
    assert t.points[1]["blue"] == 1
    s = granary_kingdom()                        # the same tile without the option
    s.options = {**s.options, "buildings": False}
    s.buildings = {}
    t, _ = act(s, T(0, "blue", "J9"))
    assert t.points[1]["blue"] == 1


@pytest.mark.variant("TE-BLD-07")
def test_the_king_takes_the_bonus_when_the_leader_is_absent():
    s = granary_kingdom()
    del s.leaders[sq("G10")]
    leader(s, "G10", 1, "black")
    t, ev = act(s, T(0, "blue", "J9"))
    assert t.points[1]["blue"] == 2 and "the king of Bull scores 2 blue" in text(ev)


@pytest.mark.variant("TE-BLD-07", "TE-BLD-13")
def test_the_tile_that_wins_the_building_scores_one():
    s = bgame()
    tiles(s, "blue", "G9", "H9")
    tile(s, "H10", "red")
    leader(s, "G10", 1, "blue")
    hand(s, 0, blue=2)
    t, _ = acts(s, T(0, "blue", "I9"), B(0, "granary", "I9"))
    assert t.points[1]["blue"] == 1   # the granary came after its VP
    t, _ = act(t, T(0, "blue", "J9"))
    assert t.points[1]["blue"] == 3


@pytest.mark.variant("TE-BLD-07", "TE-BLD-09")
def test_conflict_points_unchanged_and_building_tile_stays():
    s = bgame()
    tiles(s, "red", "C5", "G5")
    tiles(s, "black", "D5", "D6", "F5")
    s.buildings["palace"] = sq("D6")
    leader(s, "C6", 0, "black")   # archer: D5, D6 (palace) -> 2
    leader(s, "G6", 1, "black")   # bull: F5 -> 1
    hand(s, 0, green=1)
    hand(s, 1, black=2)
    t, _ = act(s, T(0, "green", "E5"))
    assert (t.conflict["attacker_strength"], t.conflict["defender_strength"]) == (2, 1)  # it counts
    t, _ = acts(t, K(0, 0), K(1, 2))   # 2 against 3: the archer loses
    assert sq("D5") not in t.tiles and t.tiles[sq("D6")] == "black"    # the palace's tile stays
    assert t.buildings["palace"] == sq("D6")
    assert t.points[1]["black"] == 2   # 1 tile removed + 1 leader, no bonus
    assert sound(t) == []


@pytest.mark.variant("TE-BLD-09")
def test_priest_war_keeps_the_library_temple():
    s = bgame()
    tiles(s, "red", "E10", "E11", "F11", "H11")
    s.buildings["library"] = sq("E11")
    leader(s, "F10", 0, "red")    # archer's priest: E10 E11 F11 -> 3
    leader(s, "H10", 1, "red")    # bull's priest: H11 -> 1
    hand(s, 0, green=1)
    hand(s, 1, red=3)
    t, _ = act(s, T(0, "green", "G10"))
    assert t.conflict["colour"] == "red" and t.conflict["attacker_strength"] == 3
    t, _ = acts(t, K(0, 0), K(1, 3))   # 3 against 4
    assert sq("E10") not in t.tiles and sq("F11") not in t.tiles
    assert t.tiles[sq("E11")] == "red" and t.buildings["library"] == sq("E11")
    assert t.points[1]["red"] == 3   # 2 temples removed + 1 leader


@pytest.mark.variant("TE-BLD-09")
def test_library_temple_counts_in_a_revolt():
    s = bgame()
    tiles(s, "red", "E5", "E7", "H5")
    s.buildings["library"] = sq("E5")
    tiles(s, "black", "F6", "G6")
    leader(s, "E6", 1, "black")    # bull's king: E5 (library) and E7 -> 2
    hand(s, 0, red=0)
    t, _ = act(s, {"type": "leader", "player": 0, "colour": "black", "to": J("H6")})
    assert t.conflict["kind"] == "revolt"
    assert (t.conflict["attacker_strength"], t.conflict["defender_strength"]) == (1, 2)


# ---- TE-BLD-10 ------------------------------------------------------------------------------

@pytest.mark.variant("TE-BLD-10")
def test_no_catastrophe_on_a_building():
    s = bgame()
    tiles(s, "blue", "G9", "H9", "I9")
    s.buildings["granary"] = sq("H9")
    before = s.dumps()
    with pytest.raises(IllegalOrder) as e:
        act(s, {"type": "catastrophe", "player": 0, "to": J("H9")})
    assert e.value.rule == "TE-BLD-10" and "H9" in str(e.value)
    assert s.dumps() == before
    t, _ = act(s, {"type": "catastrophe", "player": 0, "to": J("I9")})
    assert sq("I9") not in t.tiles and t.catastrophes_left[0] == 1
    legal = legal_orders(s, 0)
    assert {"type": "catastrophe", "player": 0, "to": J("H9")} not in legal
    assert {"type": "catastrophe", "player": 0, "to": J("G9")} in legal


# ---- TE-BLD-13: what a line is (TER-BLD-1) ---------------------------------------------------

@pytest.mark.variant("TE-BLD-13")
def test_face_down_monument_tiles_break_a_line():
    s = bgame()
    tile(s, "E5", "black", face_down=True)
    tile(s, "F5", "black", face_down=True)
    tiles(s, "black", "G5", "H5")
    hand(s, 0, black=2)
    t, _ = act(s, T(0, "black", "I5"))   # G5 H5 I5: three face up, E5 F5 do not count
    assert t.ctx["building"]["squares"] == [J("G5"), J("H5"), J("I5")]
    s2 = bgame()
    tile(s2, "F5", "black", face_down=True)
    tiles(s2, "black", "G5")
    hand(s2, 0, black=1)
    t2, _ = act(s2, T(0, "black", "H5"))   # F5 (face down) G5 H5: two
    assert t2.phase == "action" and t2.actions_left == 1


@pytest.mark.variant("TE-BLD-13")
def test_gaps_leaders_catastrophes_and_colours_break_a_line():
    s = bgame()
    tiles(s, "black", "J6", "J8", "L7")
    tiles(s, "green", "I7")
    s.catastrophes.add(sq("J5"))
    s.catastrophes_left[1] -= 1
    tiles(s, "black", "J4")              # beyond the catastrophe
    leader(s, "K7", 1, "red")
    tile(s, "K8", "red")
    hand(s, 0, black=1)
    t, _ = act(s, T(0, "black", "J7"))   # row: I7 green, K7 a leader; column: J6 J7 J8, J5 dead, J9 river
    assert t.ctx["building"]["squares"] == [J("J6"), J("J7"), J("J8")]
    assert buildings.lines(t, sq("J7"), "black") == [[sq("J7")], [sq("J6"), sq("J7"), sq("J8")]]


@pytest.mark.variant("TE-BLD-13")
def test_a_line_never_mixes_river_and_land():
    # a farm line ends where the river does: the river G9..M9 and the land F9 beside it
    s = bgame()
    tiles(s, "blue", "H9", "I9")
    hand(s, 0, blue=1)
    t, _ = act(s, T(0, "blue", "G9"))
    assert t.ctx["building"]["squares"] == [J("G9"), J("H9"), J("I9")]
    with pytest.raises(IllegalOrder) as e:
        act(s, T(0, "blue", "F9"))     # land: no farm, so no line of farms across it
    assert e.value.rule == "TE-BASE-35"


# ---- the decision per the contract -----------------------------------------------------------

@pytest.mark.variant("TE-BLD-03", "TE-BLD-04")
def test_decision_listed_round_tripped_viewed():
    s = bgame()
    tiles(s, "blue", "G9", "H9")
    hand(s, 0, blue=1)
    t, _ = act(s, T(0, "blue", "I9"))
    assert legal_orders(t, 0) == [B(0), B(0, "granary", "G9"), B(0, "granary", "H9"),
                                  B(0, "granary", "I9")]
    assert legal_orders(t, 1) == []
    assert default_order(t) == B(0) and default_order(t) in legal_orders(t, 0)
    u = TEState.loads(t.dumps())
    assert u.dumps() == t.dumps() and u.ctx["building"] == t.ctx["building"]
    v = engine.view(t, 0)
    assert v["pending"][0]["kind"] == "building"
    assert v["pending"][0]["options"]["squares"] == [J("G9"), J("H9"), J("I9")]
    w, _ = act(u, B(0, "granary", "I9"))
    v = engine.view(w, 1)
    assert {"id": "granary", "colour": "blue", "at": J("I9")} in v["buildings"]
    cell = next(q for q in v["squares"] if q["at"] == J("I9"))
    assert cell["building"] == "granary" and cell["tile"] == "blue"
    assert engine.view(TEState.loads(w.dumps()), 1) == v   # the same view after a round trip


@pytest.mark.variant("TE-BLD-01", "TE-BLD-09")
def test_invariants_check_the_buildings():
    s = bgame()
    tiles(s, "blue", "G9")
    tiles(s, "red", "E5")
    s.buildings["granary"] = sq("G9")
    assert sound(s) == []
    s.buildings["library"] = sq("G9")
    bad = sound(s)
    assert any("library" in x and "face-up red" in x for x in bad) and any("two buildings" in x for x in bad)
    s.buildings["library"] = None
    del s.buildings["palace"]
    assert any("not the four" in x for x in sound(s))


@pytest.mark.variant("TE-BLD-03", "TE-BLD-07", "TE-BLD-09", "TE-BLD-10")
def test_random_legal_play_with_buildings():
    opts = {"players": 3, "buildings": True}
    start = engine.new_game(opts, 7)
    end, log, seen = randplay.play(start, 7, orders=400)
    assert seen["building"] >= 1
    assert randplay.replayed(start, log).digest() == end.digest()
    assert engine.replay(opts, 7, log).digest() == end.digest()
