"""The end of a turn and of the game, final scoring (TE-BASE-28, TE-BASE-75..81, TE-Z-02/03/04/20)."""
from itertools import product

import pytest

from tresham.games.tigris.rules.end import final_totals, places, score_vector
from tresham.games.tigris.state import COLOURS
from tresham.games.tigris.site.rules import TigrisEuphrates

from ..helpers import J, act, acts, game, hand, leader, sq, tile


def L(seat, colour, where):
    return {"type": "leader", "player": seat, "colour": colour, "to": J(where)}


def three_left():
    """Three treasures on the board: E5 and G5 in one region, P11 far away."""
    s = game()
    s.treasures = {sq("P11")}
    s.tiles.pop(sq("A1")), s.tiles.pop(sq("A11"))
    tile(s, "E5", "red", treasure=True)
    tile(s, "G5", "red", treasure=True)
    tile(s, "F5", "black")
    return s


@pytest.mark.variant("TE-BASE-75", "TE-Z-02", "TE-Z-20")
def test_two_treasures_left_ends_after_the_turn():
    t, _ = acts(three_left(), L(0, "green", "E6"), {"type": "treasure", "player": 0, "at": J("E5")})
    assert len(t.treasures) == 2 and not t.finished and t.actions_left == 1
    t, ev = act(t, {"type": "tile", "player": 0, "colour": "red", "to": J("K5")} if t.hands[0]["red"]
                else {"type": "pass", "player": 0})
    assert t.finished and "only 2 treasures" in t.end_reason
    assert TigrisEuphrates().result(t) is not None


@pytest.mark.variant("TE-BASE-75", "TE-Z-02")
def test_three_treasures_left_goes_on():
    s = three_left()
    t, _ = act(s, {"type": "pass", "player": 0})
    assert not t.finished and t.active == 1


@pytest.mark.variant("TE-Z-02", "TE-BASE-28")
def test_monument_points_scored_before_the_end():
    s = three_left()
    for w in ("E6", "F6", "E7", "F7"):
        tile(s, w, "black", face_down=True)
    s.monuments["red-black"] = sq("E6")
    leader(s, "G6", 0, "green")  # trader collects and is in the monument's kingdom... not a colour of it
    leader(s, "D5", 0, "red")
    t, _ = act(s, {"type": "withdraw", "player": 0, "colour": "green"})
    t, _ = act(t, L(0, "green", "G6"))
    t, _ = act(t, {"type": "treasure", "player": 0, "at": J("E5")})
    assert t.finished and t.points[0]["red"] == 1  # the red-black monument's point came first


@pytest.mark.variant("TE-BASE-28", "TE-Z-03")
def test_refill_everyone_from_the_active_player_on():
    s = game(3)
    s.active = 1
    hand(s, 0, red=4)
    hand(s, 1, red=6)
    hand(s, 2, red=5)
    s.bag += ["black", "blue", "green"]  # drawn from the end: green first
    t, _ = act(s, {"type": "swap", "player": 1, "tiles": {"red": 1}})
    assert t.hands[1]["green"] == 1
    t, ev = act(t, {"type": "pass", "player": 1})
    assert [e.to for e in ev if e.kind == "draw"] == [[2], [0]]
    assert next(e.text for e in ev if e.to == [2]) == "you draw 1 farm"
    # seat 1 was full; then seat 2 draws 1 (blue), then seat 0 draws 2 (black, then from the bag)
    assert t.hands[2]["blue"] == 1 and t.hands[0]["black"] >= 1
    assert [sum(h.values()) for h in t.hands] == [6, 6, 6] and t.active == 2


@pytest.mark.variant("TE-BASE-76", "TE-Z-04")
def test_refill_short_ends_the_game():
    s = game()
    hand(s, 0, red=3)
    hand(s, 1, red=6)
    for c in s.bag[2:]:
        s.removed[c] += 1
    s.bag = s.bag[:2]
    t, ev = act(s, {"type": "pass", "player": 0})
    assert t.finished and "refill" in t.end_reason and len(t.bag) == 0


@pytest.mark.variant("TE-BASE-78", "TE-BASE-79", "TE-BASE-81")
def test_treasures_to_the_weakest_colour():
    s = game()
    s.points[0] = {"red": 5, "blue": 3, "green": 4, "black": 3}
    s.collected[0] = 2
    assert final_totals(s, 0) == {"red": 5, "blue": 4, "green": 4, "black": 4}
    assert score_vector(s, 0) == (4, 4, 4, 5)


@pytest.mark.variant("TE-BASE-81")
def test_greedy_is_the_best_assignment():
    s = game()
    cases = [({"red": 0, "blue": 2, "green": 5, "black": 1}, 4), ({"red": 7, "blue": 7, "green": 1, "black": 9}, 3),
             ({"red": 2, "blue": 2, "green": 2, "black": 2}, 5)]
    for pts, k in cases:
        s.points[0] = dict(pts)
        s.collected[0] = k
        best = max(tuple(sorted(pts[c] + sum(1 for x in a if x == c) for c in COLOURS))
                   for a in product(COLOURS, repeat=k))
        assert score_vector(s, 0) == best


@pytest.mark.variant("TE-BASE-79", "TE-BASE-80")
def test_places_and_tie_breaks():
    s = game(4)
    s.points[0] = {"red": 3, "blue": 5, "green": 5, "black": 5}
    s.points[1] = {"red": 3, "blue": 4, "green": 9, "black": 9}
    s.points[2] = {"red": 5, "blue": 5, "green": 3, "black": 5}   # same vector as seat 0
    s.points[3] = {"red": 2, "blue": 20, "green": 20, "black": 20}
    assert places(s) == [1, 3, 1, 4]
    s.finished = True
    g = TigrisEuphrates()
    assert g.result(s) == [1, 3, 1, 4]
    assert [r.seat for r in g.summary(s)] == [0, 2, 1, 3] and g.summary(s)[0].points == 3
