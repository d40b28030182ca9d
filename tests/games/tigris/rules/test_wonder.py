"""The wonder (TE-WON-01..07; rulings TER-WON-*), option ``wonder``."""
import pytest

from tresham.games.contract import IllegalOrder
from tresham.games.tigris import board, engine
from tresham.games.tigris.invariants import violations
from tresham.games.tigris.legal import legal_orders
from tresham.games.tigris.rules import wonder
from tresham.games.tigris.rules.turn import decider, default_order
from tresham.games.tigris.rules.war import supporters
from tresham.games.tigris.state import TEState
from tresham.games.tigris.site.rules import TigrisEuphrates

from .. import randplay
from ..helpers import J, act, acts, game, hand, leader, sq, text, tile, tiles

CROSS_E5 = ("E4", "D5", "F5", "E6")   # the arms of the cross around E5


def T(seat, colour, where):
    return {"type": "tile", "player": seat, "colour": colour, "to": J(where)}


def W(seat, at=None):
    return {"type": "wonder", "player": seat, "at": J(at) if at else None}


def P(seat, colour):
    return {"type": "wonder_point", "player": seat, "colour": colour}


def wgame(**kw):
    return game(wonder=True, **kw)


def sound(s):
    """The invariants' complaints, but the treasure count (a built position clears the Shedu)."""
    return [x for x in violations(s) if not x.startswith("treasures:")]


def put_wonder(s, centre, colour="black"):
    """The wonder already erected around ``centre`` (its five tiles out of the game)."""
    five = wonder.cross(sq(centre))
    s.wonder = {"at": J(centre), "squares": [list(q) for q in five], "colour": colour, "by": 0}
    for _ in five:
        s.bag.remove(colour)
        s.removed[colour] += 1


# ---- TE-WON-01..03: the cross and erecting ------------------------------------------------

@pytest.mark.variant("TE-WON-01", "TE-WON-02", "TE-WON-03")
def test_cross_of_five_erects_the_wonder():
    s = wgame()
    tiles(s, "black", *CROSS_E5)
    hand(s, 0, black=1)
    t, _ = act(s, T(0, "black", "E5"))
    assert t.phase == "wonder" and t.ctx["wonder"] == {"colour": "black", "centres": [J("E5")]}
    removed = t.removed["black"]
    t, ev = act(t, W(0, "E5"))
    five = [sq(x) for x in ("E4", "D5", "E5", "F5", "E6")]
    assert not any(q in t.tiles for q in five) and t.removed["black"] == removed + 5
    assert t.wonder == {"at": J("E5"), "squares": [list(q) for q in five], "colour": "black", "by": 0}
    assert all(sum(p.values()) == 0 for p in t.points)   # erecting scores nothing (TE-WON-05)
    assert "erects the wonder on the cross of five settlements around E5" in text(ev)
    assert t.phase == "action" and t.actions_left == 1
    v = engine.view(t, None)
    assert v["wonder"] == {"at": J("E5")}
    cells = {tuple(q["at"]): q for q in v["squares"]}
    assert all(cells[q]["wonder"] and cells[q]["tile"] is None for q in five)
    rows = {r[0]: r for r in TigrisEuphrates().board_table(v).rows}
    assert [rows[n][1] for n in ("E4", "D5", "E5", "F5", "E6")] == ["the wonder"] * 5
    assert sound(t) == []


@pytest.mark.variant("TE-WON-02")
def test_the_placed_tile_may_be_an_arm():
    s = wgame()
    tiles(s, "red", "D5", "E5", "F5", "E6")
    hand(s, 0, red=1)
    t, _ = act(s, T(0, "red", "E4"))     # the top arm completes it
    assert t.ctx["wonder"]["centres"] == [J("E5")]


@pytest.mark.variant("TE-WON-02")
def test_two_crosses_through_the_tile_the_player_picks():
    s = wgame()
    tiles(s, "black", "E4", "D5", "E5", "E6", "G4", "G5", "H5", "G6")
    hand(s, 0, black=1)
    t, _ = act(s, T(0, "black", "F5"))   # F5 is an arm of both E5's and G5's crosses
    assert t.ctx["wonder"]["centres"] == [J("E5"), J("G5")]
    t, _ = act(t, W(0, "G5"))
    assert t.wonder["at"] == J("G5")
    assert all(sq(x) in t.tiles for x in ("E4", "D5", "E5", "E6"))   # the other cross stays
    assert sq("F5") not in t.tiles


@pytest.mark.variant("TE-WON-02")
def test_refusal_decline_and_timeout():
    s = wgame()
    tiles(s, "black", *CROSS_E5)
    hand(s, 0, black=1)
    t, _ = act(s, T(0, "black", "E5"))
    before = t.dumps()
    with pytest.raises(IllegalOrder) as e:
        act(t, W(0, "F5"))
    assert e.value.rule == "TE-WON-02" and "centres are E5" in str(e.value)
    with pytest.raises(IllegalOrder):
        act(t, W(1, "E5"))
    assert t.dumps() == before
    u, ev = act(t, W(0))
    assert u.wonder == {"at": None, "squares": []} and len([q for q in u.tiles if q in
                                                             {sq(x) for x in CROSS_E5}]) == 4
    assert "erects no wonder" in text(ev)
    assert default_order(t) == W(0) and W(0) in legal_orders(t, 0) and W(0, "E5") in legal_orders(t, 0)
    assert len(legal_orders(t, 0)) == 2 and legal_orders(t, 1) == []
    assert TEState.loads(t.dumps()).ctx["wonder"] == t.ctx["wonder"]
    w, _ = act(t, {"type": "timeout", "player": 0}, by_site=True)
    assert w.wonder["at"] is None and w.actions_left == 1
    assert engine.pending(t)[0].default == "decline"


@pytest.mark.variant("TE-WON-02", "TE-WON-07")
def test_no_cross_no_decision_and_not_without_the_option():
    s = wgame()
    tiles(s, "black", "E4", "D5", "F5")   # a T, not a cross
    hand(s, 0, black=1)
    t, _ = act(s, T(0, "black", "E5"))
    assert t.phase == "action" and t.actions_left == 1
    s = game()
    tiles(s, "black", *CROSS_E5)
    hand(s, 0, black=1)
    t, _ = act(s, T(0, "black", "E5"))
    assert t.phase == "action" and t.wonder is None and len(t.tiles) == 3 + 5


# ---- TE-WON-03/07: indestructible --------------------------------------------------------

@pytest.mark.variant("TE-WON-03", "TE-WON-07")
def test_nothing_goes_on_the_wonder():
    s = wgame()
    put_wonder(s, "E5")
    tile(s, "C5", "red")
    hand(s, 0, black=1)
    before = s.dumps()
    with pytest.raises(IllegalOrder) as e:
        act(s, {"type": "catastrophe", "player": 0, "to": J("E5")})
    assert e.value.rule == "TE-WON-07" and "wonder" in str(e.value)
    with pytest.raises(IllegalOrder) as e:
        act(s, T(0, "black", "D5"))
    assert e.value.rule == "TE-BASE-35"
    with pytest.raises(IllegalOrder):
        act(s, {"type": "leader", "player": 0, "colour": "black", "to": J("D5")})
    assert s.dumps() == before
    legal = legal_orders(s, 0)
    wsq = [list(q) for q in wonder.cross(sq("E5"))]
    assert not [o for o in legal if o.get("to") in wsq]
    assert s.catastrophes_left[0] == 2


@pytest.mark.variant("TE-WON-03", "TE-WON-04")
def test_war_never_removes_it_and_it_supports_no_one():
    s = wgame()
    put_wonder(s, "E5")                   # five black squares, now the wonder
    tiles(s, "red", "B5", "H4")
    tiles(s, "black", "C6", "I5")
    leader(s, "C5", 0, "black")           # archer: C6 (the wonder does not count) -> 1
    leader(s, "H5", 1, "black")           # bull: I5 -> 1
    hand(s, 0, green=1)
    t, _ = act(s, T(0, "green", "G5"))   # G5 joins the wonder's kingdom (F5) to the Bull's (H5)
    assert t.conflict["colour"] == "black"
    assert (t.conflict["attacker_strength"], t.conflict["defender_strength"]) == (1, 1)
    t, ev = acts(t, {"type": "commit", "player": 0, "tiles": 0}, {"type": "commit", "player": 1, "tiles": 0})
    assert t.leader_square(0, "black") is None and sq("C6") not in t.tiles   # the tie: archer loses
    assert t.points[1]["black"] == 2                                          # C6 + the king
    assert wonder.squares(t) == set(wonder.cross(sq("E5")))                   # the wonder stands
    assert sound(t) == []


# ---- TE-WON-04: links, but no colour ---------------------------------------------------------

@pytest.mark.variant("TE-WON-04")
def test_the_wonder_links_leaders_and_tiles():
    s = wgame()
    put_wonder(s, "E5")
    tile(s, "B5", "red")
    leader(s, "C5", 1, "black")           # bull's king, beside D5 (the wonder)
    hand(s, 0, green=1)
    t, ev = act(s, T(0, "green", "G5"))   # beside F5: the same kingdom, through the wonder
    assert t.points[1]["green"] == 1 and "the king of Bull scores 1 green" in text(ev)


@pytest.mark.variant("TE-WON-04")
def test_no_supporter_and_no_temple():
    s = wgame()
    put_wonder(s, "E5", "red")
    tile(s, "B5", "red")
    tiles(s, "black", "G5")
    leader(s, "C5", 1, "black")
    assert supporters(s, sq("C5"), "black") == [sq("G5")]
    before = s.dumps()
    with pytest.raises(IllegalOrder) as e:     # beside a red wonder square, no temple
        act(s, {"type": "leader", "player": 0, "colour": "red", "to": J("F4")})
    assert e.value.rule == "TE-BASE-29" and s.dumps() == before


@pytest.mark.variant("TE-WON-04")
def test_a_red_wonder_is_no_temple_in_a_revolt():
    s = wgame()
    put_wonder(s, "E5", "red")
    tiles(s, "red", "C6", "G4")
    leader(s, "D6", 1, "red")             # bull's priest: C6, and D5 E6 of the wonder -> 1
    hand(s, 0, red=1)
    t, _ = act(s, {"type": "leader", "player": 0, "colour": "red", "to": J("G5")})  # G4, F5 -> 1
    assert t.conflict["kind"] == "revolt" and t.conflict["defender"] == 1
    assert (t.conflict["attacker_strength"], t.conflict["defender_strength"]) == (1, 1)


# ---- TE-WON-05: the monument rules -----------------------------------------------------------

def red_cross_with_treasure():
    s = wgame()
    tile(s, "E5", "red", treasure=True)
    tiles(s, "red", "E4", "D5", "F5")
    tile(s, "B5", "red", treasure=True)
    leader(s, "C5", 0, "black")           # king: B5 and D5 beside him
    leader(s, "F4", 1, "green")           # bull's trader: only E4 and F5 beside him
    tiles(s, "red", "G4")                 # ...and G4: he keeps a temple
    hand(s, 0, red=1)
    return s


@pytest.mark.variant("TE-WON-05", "TE-WON-07")
def test_treasure_stays_on_the_wonder_and_can_be_collected():
    s = red_cross_with_treasure()
    del s.tiles[sq("G4")]
    s.bag.append("red")
    t, _ = acts(s, T(0, "red", "E6"), W(0, "E5"))
    assert sq("E5") in t.treasures and sq("E5") not in t.tiles
    assert t.leader_square(1, "green") is None          # no temple left beside F4: withdrawn
    assert t.leader_square(0, "black") == sq("C5")      # B5 still beside the king
    cell = next(q for q in engine.view(t, 0)["squares"] if q["at"] == J("E5"))
    assert cell["treasure"] and cell["wonder"]
    assert sound(t) == []
    # a trader in the wonder's kingdom: two treasures (B5, E5), one is taken
    tile(t, "G5", "red")
    assert t.active == 0 and t.actions_left == 1
    t, _ = act(t, {"type": "leader", "player": 0, "colour": "green", "to": J("G6")})
    assert t.phase == "treasure" and t.ctx["treasure"]["squares"] == [J("B5"), J("E5")]
    t, _ = act(t, {"type": "treasure", "player": 0, "at": J("E5")})
    assert t.collected[0] == 1 and t.treasures >= {sq("B5")} and sq("E5") not in t.treasures


@pytest.mark.variant("TE-WON-05")
def test_leader_with_another_temple_stays():
    t, _ = acts(red_cross_with_treasure(), T(0, "red", "E6"), W(0, "E5"))
    assert t.leader_square(1, "green") == sq("F4")      # G4 is still beside him


@pytest.mark.variant("TE-WON-05", "TE-BLD-06", "TE-BLD-11")
def test_building_first_and_returned_by_the_wonder():
    s = wgame(buildings=True)
    tiles(s, "black", *CROSS_E5)
    hand(s, 0, black=1)
    t, _ = act(s, T(0, "black", "E5"))
    assert t.phase == "building" and t.ctx["building"]["lines"] == [3, 3]
    t, _ = act(t, {"type": "building", "player": 0, "building": "palace", "at": J("E5")})
    assert t.phase == "wonder" and t.buildings["palace"] == sq("E5")
    t, ev = act(t, W(0, "E5"))
    assert t.buildings["palace"] is None and "the palace on E5 goes back beside the board" in text(ev)
    assert sound(t) == []


@pytest.mark.variant("TE-WON-05", "TE-BASE-64")
def test_monument_before_the_wonder_one_or_the_other():
    s = wgame()
    tiles(s, "black", *CROSS_E5, "F4")    # E4 F4 / E5 F5: a block with E5
    hand(s, 0, black=1)
    t, _ = act(s, T(0, "black", "E5"))
    assert t.phase == "monument" and t.ctx["monument"]["blocks"] == [J("E4")]
    m, _ = act(t, {"type": "monument", "player": 0, "monument": "red-black", "at": J("E4")})
    assert m.phase == "action" and m.wonder["at"] is None    # E5 is face down: no cross
    d, _ = act(t, {"type": "monument", "player": 0, "monument": None, "at": None})
    assert d.phase == "wonder"
    d, _ = act(d, W(0, "E5"))
    assert d.wonder["at"] == J("E5") and d.tiles[sq("F4")] == "black"


# ---- TE-WON-06: the wonder's point ---------------------------------------------------------

def king_by_the_wonder():
    s = wgame()
    put_wonder(s, "E5")
    tile(s, "B5", "red")
    leader(s, "C5", 0, "black")
    return s


@pytest.mark.variant("TE-WON-06")
def test_king_in_the_wonders_kingdom_scores_a_colour_of_his_choice():
    t, _ = act(king_by_the_wonder(), {"type": "pass", "player": 0})
    assert t.phase == "wonder_point" and decider(t) == 0 and t.active == 0
    assert engine.view(t, 0)["pending"][0]["options"] == {"colours": ["red", "blue", "green", "black"],
                                                          "weakest": "red"}
    assert legal_orders(t, 0) == [P(0, c) for c in ("red", "blue", "green", "black")]
    assert default_order(t) == P(0, "red") and legal_orders(t, 1) == []
    u = TEState.loads(t.dumps())
    assert u.dumps() == t.dumps()
    t, ev = act(u, P(0, "green"))
    assert t.points[0] == {"red": 0, "blue": 0, "green": 1, "black": 0}
    assert t.active == 1 and t.phase == "action" and "the wonder gives Archer's king 1 green" in text(ev)
    t, _ = act(t, {"type": "pass", "player": 1})         # the bull has no king there
    assert t.active == 0 and t.points[1] == {"red": 0, "blue": 0, "green": 0, "black": 0}


@pytest.mark.variant("TE-WON-06")
def test_no_king_or_king_elsewhere_no_point():
    s = king_by_the_wonder()
    del s.leaders[sq("C5")]
    tile(s, "K5", "red")
    leader(s, "K6", 0, "black")
    t, _ = act(s, {"type": "pass", "player": 0})
    assert t.active == 1 and t.points[0]["black"] == 0 and sum(t.points[0].values()) == 0
    s = king_by_the_wonder()
    del s.leaders[sq("C5")]
    leader(s, "C5", 0, "red")               # his priest, not his king
    t, _ = act(s, {"type": "pass", "player": 0})
    assert t.active == 1 and sum(t.points[0].values()) == 0


@pytest.mark.variant("TE-WON-06", "TE-BASE-71")
def test_default_weakest_colour_after_the_monument_points():
    s = king_by_the_wonder()
    s.points[0] = {"red": 1, "blue": 1, "green": 1, "black": 0}
    for w in ("F6", "G6", "F7", "G7"):       # the red-black monument, beside the wonder
        tile(s, w, "black", face_down=True)
    s.monuments["red-black"] = sq("F6")
    t, _ = act(s, {"type": "pass", "player": 0})
    assert t.points[0]["black"] == 1          # the monument's point came first
    assert engine.view(t, 0)["pending"][0]["options"]["weakest"] == "red"
    t, ev = act(t, {"type": "timeout", "player": 0}, by_site=True)
    assert t.points[0] == {"red": 2, "blue": 1, "green": 1, "black": 1}


@pytest.mark.variant("TE-WON-06")
def test_wonder_point_before_the_refill_and_the_end():
    s = king_by_the_wonder()
    s.treasures = {sq("A1"), sq("A11")}      # the game ends after this turn (TE-BASE-75)
    t, _ = act(s, {"type": "pass", "player": 0})
    assert t.phase == "wonder_point" and not t.finished and sum(t.hands[0].values()) == 0
    t, _ = act(t, P(0, "blue"))
    assert t.finished and t.points[0]["blue"] == 1 and sum(t.hands[0].values()) == 6


# ---- TE-WON-07: one wonder; blue crosses ----------------------------------------------------

@pytest.mark.variant("TE-WON-07")
def test_one_wonder_a_game():
    s = wgame()
    put_wonder(s, "E5")
    tiles(s, "green", "K4", "J5", "L5", "K6")
    hand(s, 0, green=1)
    t, _ = act(s, T(0, "green", "K5"))
    assert t.phase == "action" and t.wonder["at"] == J("E5") and t.tiles[sq("K5")] == "green"
    assert wonder.options(t, sq("K5")) is None


@pytest.mark.variant("TE-WON-07")
def test_blue_crosses_count_but_no_river_cross_is_printed():
    for side in ("base", "advanced"):
        b = board.load(side)
        crosses = [q for q in b.squares() if all(x in b.rivers for x in wonder.cross(q))]
        assert crosses == []
    # were there one, a blue cross would count like any other (TER-WON-2)
    s = wgame()
    tiles(s, "blue", "E4", "D5", "E5", "F5", "E6")
    assert wonder.options(s, sq("E5")) == {"colour": "blue", "centres": [J("E5")]}


@pytest.mark.variant("TE-WON-07", "TE-WON-01")
def test_invariants_check_the_wonder():
    s = wgame()
    assert s.wonder == {"at": None, "squares": []} and sound(s) == []
    put_wonder(s, "E5")
    assert sound(s) == []
    s.tiles[sq("E5")] = "red"
    s.bag.remove("red")
    assert any("holds something else" in x for x in sound(s))
    del s.tiles[sq("E5")]
    s.bag.append("red")
    s.wonder["squares"] = s.wonder["squares"][:4]
    assert any("not the cross" in x for x in sound(s))
    assert engine.new_game({"players": 2}, 1).wonder is None


@pytest.mark.variant("TE-WON-02", "TE-WON-06")
def test_random_legal_play_with_the_wonder():
    opts = {"players": 3, "wonder": True, "buildings": True}
    start = engine.new_game(opts, 5)
    end, log, seen = randplay.play(start, 5, orders=300)
    assert engine.replay(opts, 5, log).digest() == end.digest()
    # and from a position with the wonder erected and a king beside it
    s = king_by_the_wonder()
    hand(s, 0, red=2, blue=2, black=2)
    hand(s, 1, red=2, green=2, black=2)
    end, log, seen = randplay.play(s, 9, orders=300, tile_bias=0.3, built=True)
    assert seen["wonder_point"] >= 1
    assert randplay.replayed(s, log).digest() == end.digest()
