"""A hostile review of the base rules (docs/rulings/tigris.md, "Review"): positions a
demanding player would try, each asserting its numbers."""
import json
import random
from itertools import product

import pytest

from tresham.games.base import IllegalOrder
from tresham.games.tigris import engine
from tresham.games.tigris.legal import legal_orders
from tresham.games.tigris.rules.turn import decider
from tresham.games.tigris.state import COLOURS, MONUMENTS

from .helpers import J, act, acts, game, hand, leader, sq, text, tile, tiles

G = engine.TigrisEuphrates()


def T(seat, colour, where):
    return {"type": "tile", "player": seat, "colour": colour, "to": J(where)}


def L(seat, colour, where):
    return {"type": "leader", "player": seat, "colour": colour, "to": J(where)}


def K(seat, n):
    return {"type": "commit", "player": seat, "tiles": n}


# ---- leaders -----------------------------------------------------------------------------

@pytest.mark.variant("TE-BASE-72", "TE-BASE-73", "TE-Z-01")
def test_trader_uniting_two_treasures_collects_after_the_leader_action():
    s = game()
    tile(s, "B8", "red", treasure=True)   # (1,7): a special border
    tile(s, "B10", "red", treasure=True)
    t, ev = act(s, L(0, "green", "B9"))   # joins two leaderless regions into one kingdom
    assert t.phase == "action" and t.actions_left == 1
    assert t.collected == [1, 0] and sq("B8") not in t.treasures and sq("B10") in t.treasures
    assert "archer takes the treasure on B8" in text(ev)


@pytest.mark.variant("TE-BASE-30", "TE-BASE-32")
def test_moving_the_only_leader_out_of_a_kingdom_next_to_another_is_allowed():
    s = game()
    tiles(s, "red", "C5", "E5")
    leader(s, "C6", 0, "red")     # kingdom A: C5, C6
    leader(s, "E6", 1, "black")   # kingdom B: E5, E6
    # lifted, C6 leaves C5 leaderless: D5 joins a leaderless region and one kingdom
    t, _ = act(s, L(0, "red", "D5"))
    assert t.leader_square(0, "red") == sq("D5") and t.conflict is None and t.actions_left == 1
    # from supply, with archer's priest still on C6, bull's priest there joins two kingdoms
    s.active = 1
    with pytest.raises(IllegalOrder) as e:
        act(s, L(1, "red", "D5"))
    assert e.value.rule == "TE-BASE-32"


@pytest.mark.variant("TE-BASE-47", "TE-BASE-48")
def test_king_revolt_counts_temples_and_commits_only_temples():
    s = game()
    tiles(s, "red", "D5", "F5", "F4")
    tile(s, "E5", "black")
    leader(s, "F6", 1, "black")   # bull's king: F5 -> 1 temple
    hand(s, 0, black=5, red=2)
    hand(s, 1, black=4, red=1)
    t, _ = act(s, L(0, "black", "E4"))   # archer's king: next to F4 and (face-up) nothing else
    c = t.conflict
    assert (c["kind"], c["colour"], c["attacker"], c["defender"]) == ("revolt", "red", 0, 1)
    assert (c["attacker_strength"], c["defender_strength"]) == (1, 1)
    assert legal_orders(t, 0) == [K(0, n) for n in range(3)]   # his 2 temples, never his 5 settlements
    t, _ = act(t, K(0, 2))
    assert legal_orders(t, 1) == [K(1, 0), K(1, 1)]
    t, _ = act(t, K(1, 1))   # 3 against 2
    assert t.leader_square(1, "black") is None and t.points[0]["red"] == 1
    assert t.hands[0] == {"red": 0, "blue": 0, "green": 0, "black": 5}


# ---- wars --------------------------------------------------------------------------------

def black_war(players=2):
    s = game(players)
    tiles(s, "red", "C5", "G5")
    tiles(s, "black", "D5", "D6", "F5")
    leader(s, "C6", 0, "black")   # archer: D5, D6 -> 2
    leader(s, "G6", 1, "black")   # bull: F5 -> 1
    return s


@pytest.mark.variant("TE-BASE-54", "TE-Z-06")
def test_attacker_is_first_clockwise_from_the_active_player_not_the_lowest_seat():
    s = black_war(players=4)
    s.leaders[sq("C6")] = (0, "black")
    s.leaders[sq("G6")] = (3, "black")
    s.active = 1
    hand(s, 1, green=1)
    t, _ = act(s, T(1, "green", "E5"))
    # clockwise from seat 1: 2, 3, 0 -> seat 3 (urn) attacks, seat 0 defends
    assert (t.conflict["attacker"], t.conflict["defender"]) == (3, 0)
    assert (t.conflict["attacker_strength"], t.conflict["defender_strength"]) == (1, 2)
    assert decider(t) == 3


@pytest.mark.variant("TE-BASE-52", "TE-BASE-55", "TE-BASE-65")
def test_leaderless_region_at_the_marker_and_face_down_tiles_support_neither_side():
    s = black_war()
    tile(s, "E4", "black")                     # touches only the marker: a side of neither
    for q in ("A5", "B5", "A6", "B6"):          # a black monument in archer's kingdom
        tile(s, q, "black", face_down=True)
    s.monuments["red-black"] = sq("A5")
    hand(s, 0, green=1)
    t, _ = act(s, T(0, "green", "E5"))
    assert (t.conflict["attacker_strength"], t.conflict["defender_strength"]) == (2, 1)
    t, _ = acts(t, K(0, 0), K(1, 0))   # archer wins 2 against 1
    assert sq("F5") not in t.tiles and t.tiles[sq("E4")] == "black"
    assert t.points[0]["black"] == 2   # F5 + the king


@pytest.mark.variant("TE-BASE-72", "TE-Z-01", "TE-BASE-59")
def test_war_joining_two_treasures_then_the_winners_trader_collects():
    s = game()
    tile(s, "C5", "red", treasure=True)
    tile(s, "D5", "red")
    tile(s, "F5", "red")
    tile(s, "G5", "red", treasure=True)
    tile(s, "B6", "green")
    tile(s, "H6", "green")
    leader(s, "C6", 0, "green")
    leader(s, "G6", 1, "green")
    hand(s, 0, black=1, green=1)
    t, _ = act(s, T(0, "black", "E5"))
    assert t.conflict["colour"] == "green"
    t, _ = acts(t, K(0, 1), K(1, 0))   # 2 against 1
    assert t.leader_square(1, "green") is None and sq("H6") not in t.tiles
    assert t.points[0]["green"] == 2
    assert t.phase == "treasure" and t.ctx["treasure"] == {"player": 0, "squares": [J("C5"), J("G5")]}
    t, _ = act(t, {"type": "treasure", "player": 0, "at": J("G5")})
    assert t.collected == [1, 0] and sq("C5") in t.treasures and t.phase == "action"


def monument_war():
    s = game()
    tile(s, "C5", "red")
    tile(s, "D5", "black")
    leader(s, "C6", 0, "black")           # west: C5 D5 C6, 1 black
    tiles(s, "black", "E6", "F5", "F6")
    tile(s, "G5", "red")
    leader(s, "G6", 1, "black")           # east: E6 F5 F6 G5 G6, 3 black
    hand(s, 0, black=4)
    hand(s, 1, black=1)
    return s


@pytest.mark.variant("TE-BASE-62", "TE-Z-11", "TE-BASE-40")
def test_monument_block_broken_by_the_war_offers_nothing():
    t, _ = act(monument_war(), T(0, "black", "E5"))   # E5 F5 / E6 F6 all black
    assert (t.conflict["attacker_strength"], t.conflict["defender_strength"]) == (1, 3)
    t, _ = acts(t, K(0, 3), K(1, 0))   # 4 against 3: E6 F5 F6 removed
    assert {sq("E6"), sq("F5"), sq("F6")}.isdisjoint(t.tiles) and t.points[0]["black"] == 4
    assert t.phase == "action" and t.ctx is None and all(v is None for v in t.monuments.values())


@pytest.mark.variant("TE-BASE-62", "TE-Z-11", "TE-BASE-40")
def test_monument_block_kept_by_the_war_is_offered_after_it():
    t, _ = act(monument_war(), T(0, "black", "E5"))
    t, _ = acts(t, K(0, 0), K(1, 0))   # 1 against 3: only D5 removed
    assert sq("D5") not in t.tiles and t.points[1]["black"] == 2
    assert t.phase == "monument" and t.ctx["monument"]["blocks"] == [J("E5")]


# ---- refusals ----------------------------------------------------------------------------

@pytest.mark.variant("TE-BASE-25", "TE-BASE-26")
@pytest.mark.parametrize("raw,platform,rule", [
    (["pass"], False, "TE-BASE-26"),                                  # not an object
    ({"player": 0}, False, "TE-BASE-26"),                             # no type
    ({"type": "fly", "player": 0}, False, "TE-BASE-26"),              # no such order
    ({"type": "timeout", "player": 0}, False, "TE-BASE-25"),          # the site's order, from a seat
    ({"type": "timeout", "player": 1}, True, "TE-BASE-25"),           # seat 1 owes nothing now
    ({"type": "timeout", "player": 0, "x": 1}, True, "TE-BASE-25"),   # a malformed timeout
])
def test_every_refusal_names_a_rule(raw, platform, rule):
    s = game()
    before = s.digest()
    with pytest.raises(IllegalOrder) as e:
        G.apply(s, raw, platform=platform)
    assert e.value.rule == rule and e.value.message
    assert s.digest() == before


@pytest.mark.variant("TE-BASE-43")
def test_a_leader_on_a_catastrophe_square_is_refused_by_the_dead_square_rule():
    s = game()
    tile(s, "E5", "red")
    s.catastrophes.add(sq("E6"))
    s.catastrophes_left[1] -= 1
    before = s.digest()
    with pytest.raises(IllegalOrder) as e:
        act(s, L(0, "red", "E6"))
    assert e.value.rule == "TE-BASE-43" and "catastrophe" in e.value.message
    assert s.digest() == before


@pytest.mark.variant("TE-BASE-76")
def test_an_order_after_a_bag_ending_cites_the_bag_rule():
    s = game()
    hand(s, 0, red=1)
    s.bag = []
    t, _ = act(s, {"type": "swap", "player": 0, "tiles": {"red": 1}})
    assert t.finished and t.hands[0]["red"] == 0
    with pytest.raises(IllegalOrder) as e:
        act(t, {"type": "pass", "player": 0})
    assert e.value.rule == "TE-BASE-76"
