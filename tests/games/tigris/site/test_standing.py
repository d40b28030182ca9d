"""Standing orders (``standing.py``): each kind answers its decision at the deadline with an
order the rules accept as the platform's (``apply(..., by_site=True)``), decided on what the
seat may see; a malformed spec is refused naming its field; a spec says nothing for a
decision the seat does not owe."""
from __future__ import annotations

import pytest

from tresham.games.contract import IllegalOrder
from tresham.games.tigris.rules.commit import allowed_counts
from tresham.games.tigris.site.rules import TigrisEuphrates

from ..helpers import J, act, game, hand, leader, sq, tile, tiles

RULES = TigrisEuphrates()


def answer(s, seat, kind, spec):
    """The standing order's order, applied as the platform applies it at the deadline."""
    o = RULES.standing_order(s, seat, kind, spec)
    assert o is not None and o["player"] == seat and o["type"] == kind
    t, _ = RULES.apply(s, o, by_site=True)
    return o, t


def revolt():
    """Archer's priest (1 temple: F5) attacks Bull's (2 temples: E5, D6); archer holds 4 red,
    bull 1 red and 1 black (2 tiles: the size everyone sees)."""
    s = game()
    tiles(s, "red", "E5", "D6", "F5")
    leader(s, "E6", 1, "red")
    hand(s, 0, red=4, black=1)
    hand(s, 1, red=1, black=1)
    t, _ = act(s, {"type": "leader", "player": 0, "colour": "red", "to": J("G5")})
    assert (t.conflict["attacker_strength"], t.conflict["defender_strength"]) == (1, 2)
    return t


@pytest.mark.variant("TE-BASE-48", "TE-BASE-49")
def test_commit_as_attacker():
    t = revolt()
    cases = [({"mode": "none"}, 0), ({"mode": "all"}, 4), ({"mode": "all", "at_most": 3}, 3),
             # lead: pass the defender's 2 on the board: 1 + 2 = 3 > 2
             ({"mode": "lead"}, 2),
             # win: whatever bull adds from his 2 tiles: 1 + 4 = 5 > 2 + 2
             ({"mode": "win"}, 4), ({}, 4),
             # not possible within 3 tiles: nothing rather than a losing commitment
             ({"mode": "win", "at_most": 3}, 0)]
    for spec, n in cases:
        o, after = answer(t, 0, "commit", spec)
        assert o["tiles"] == n, spec
        assert after.conflict["attacker_committed"] == n and after.hands[0]["red"] == 4 - n


@pytest.mark.variant("TE-BASE-48", "TE-BASE-49")
def test_commit_as_defender():
    t, _ = act(revolt(), {"type": "commit", "player": 0, "tiles": 2})  # archer 3
    o, after = answer(t, 1, "commit", {"mode": "win"})  # 2 + 1 = 3: the tie is bull's
    assert o["tiles"] == 1 and after.conflict is None
    assert after.leader_square(1, "red") == sq("E6") and after.leader_square(0, "red") is None
    assert after.points[1]["red"] == 1
    o, _ = answer(t, 1, "commit", {"mode": "lead"})
    assert o["tiles"] == 1
    t, _ = act(revolt(), {"type": "commit", "player": 0, "tiles": 4})  # archer 5: out of reach
    for spec, n in (({"mode": "win"}, 0), ({"mode": "all"}, 1), ({"mode": "none"}, 0)):
        o, after = answer(t, 1, "commit", spec)
        assert o["tiles"] == n and after.hands[1]["red"] == 1 - n


@pytest.mark.variant("TE-ENG-02", "TE-ENG-03")
def test_commit_keeps_to_the_allowed_counts():
    """Whatever the rules allow (``allowed_counts``; the English variant narrows it), the
    standing order gives one of those counts."""
    s = game(english=True)
    tiles(s, "red", "E5", "D6", "F5")
    leader(s, "E6", 1, "red")
    hand(s, 0, red=4, black=1)
    hand(s, 1, red=1, black=1)
    t, _ = act(s, {"type": "leader", "player": 0, "colour": "red", "to": J("G5")})
    for mode in ("none", "all", "win", "lead"):
        o, _ = answer(t, 0, "commit", {"mode": mode})
        assert o["tiles"] in allowed_counts(t, "attacker"), mode


def two_wars():
    s = game()
    tiles(s, "red", "B5", "G5")
    tiles(s, "black", "C5", "D5", "F5")
    leader(s, "A5", 0, "black")
    leader(s, "B6", 0, "red")
    leader(s, "G6", 1, "black")
    leader(s, "H5", 1, "red")
    hand(s, 0, green=1)
    hand(s, 1, black=2, red=2)
    t, _ = act(s, {"type": "tile", "player": 0, "colour": "green", "to": J("E5")})
    assert t.phase == "war_order" and t.ctx["war_colours"] == ["red", "black"]
    return t


@pytest.mark.variant("TE-BASE-53")
def test_war_order_follows_the_preferred_colours():
    t = two_wars()
    o, after = answer(t, 0, "war_order", {"order": ["green", "black", "red"]})
    assert o["colour"] == "black" and after.conflict["colour"] == "black"
    assert (after.conflict["attacker_strength"], after.conflict["defender_strength"]) == (2, 1)
    o, after = answer(t, 0, "war_order", {"order": ["blue"]})  # not listed: red, blue, green, black
    assert o["colour"] == "red" and after.conflict["colour"] == "red"
    o, _ = answer(t, 0, "war_order", {})
    assert o["colour"] == "red"


def three_treasures():
    s = game()
    for w in ("E5", "F5", "G5"):
        tile(s, w, "red", treasure=True)
    leader(s, "E6", 0, "green")
    hand(s, 0, red=1)
    t, _ = act(s, {"type": "tile", "player": 0, "colour": "red", "to": J("D5")})
    assert t.phase == "treasure" and sorted(map(tuple, t.ctx["treasure"]["squares"])) == [
        sq("E5"), sq("F5"), sq("G5")]
    return t


@pytest.mark.variant("TE-BASE-72", "TE-BASE-73")
def test_treasure_takes_the_named_squares_first():
    t = three_treasures()
    o, after = answer(t, 0, "treasure", {"prefer": ["A1", "g5"]})  # A1 not eligible: G5
    assert o["at"] == J("G5") and sq("G5") not in after.treasures
    # the second of the two he takes is forced or asked again; either way 2 are his
    assert after.collected[0] in (1, 2)
    o, _ = answer(t, 0, "treasure", {})
    assert o["at"] == J("E5")
    o, _ = answer(t, 0, "treasure", {"then": "reverse"})
    assert o["at"] == J("G5")


def monument_chance():
    s = game()
    tiles(s, "red", "E5", "F5", "E6")
    hand(s, 0, red=1)
    t, _ = act(s, {"type": "tile", "player": 0, "colour": "red", "to": J("F6")})
    assert t.phase == "monument" and t.ctx["monument"]["monuments"] == ["red-black", "red-blue", "red-green"]
    return t


@pytest.mark.variant("TE-BASE-62", "TE-BASE-63", "TE-BASE-64")
def test_monument_always_in_the_preferred_order_or_never():
    t = monument_chance()
    o, after = answer(t, 0, "monument", {"prefer": ["green-black", "red-black"]})
    assert (o["monument"], o["at"]) == ("red-black", J("E5"))
    assert after.monuments["red-black"] == sq("E5") and len(after.face_down) == 4
    o, after = answer(t, 0, "monument", {})  # none preferred: red-blue first
    assert o["monument"] == "red-blue" and after.monuments["red-blue"] == sq("E5")
    o, after = answer(t, 0, "monument", {"build": "never"})
    assert o["monument"] is None and not after.face_down and all(v is None for v in after.monuments.values())


@pytest.mark.variant("TE-BASE-25")
def test_says_nothing_for_a_decision_not_owed():
    s = game()
    assert RULES.standing_order(s, 0, "commit", {"mode": "all"}) is None      # an action is owed
    t = revolt()
    assert RULES.standing_order(t, 1, "commit", {"mode": "all"}) is None      # the attacker first
    assert RULES.standing_order(t, 0, "monument", {}) is None
    assert "action" not in RULES.standing_kinds()
    assert set(RULES.standing_kinds()) == set(RULES.standing_schema())


@pytest.mark.variant("TE-BASE-48")
def test_malformed_specs_are_refused_naming_the_field():
    t = revolt()
    bad = [("commit", {"mode": "most"}, "'mode'"), ("commit", {"at_most": 7}, "'at_most'"),
           ("commit", {"at_most": "2"}, "'at_most'"), ("commit", {"tiles": 2}, "'tiles'"),
           ("war_order", {"order": ["red", "red"]}, "'order'"), ("war_order", {"order": ["purple"]}, "'order.0'"),
           ("treasure", {"prefer": ["Q1"]}, "'prefer'"), ("treasure", {"then": "random"}, "'then'"),
           ("monument", {"prefer": ["red-red"]}, "'prefer.0'"), ("monument", {"build": True}, "'build'"),
           ("commit", [], "JSON object")]
    for kind, spec, field in bad:
        for call in (lambda: RULES.parse_standing(kind, spec), lambda: RULES.standing_order(t, 0, kind, spec)):
            with pytest.raises(IllegalOrder) as e:
                call()
            assert field in e.value.message and kind in e.value.message, (kind, spec, e.value.message)
    with pytest.raises(IllegalOrder, match="no standing order answers 'action'"):
        RULES.parse_standing("action", {})
    assert RULES.parse_standing("commit", {}) == {"mode": "win", "at_most": 6}
    assert RULES.parse_standing("treasure", {"prefer": ["f5"]}) == {"prefer": ["F5"], "then": "reading"}
