"""The advanced board (TE-ADVB-01..05)."""
import pytest

from tresham.games.tigris import engine
from tresham.games.tigris.board import load
from tresham.games.tigris.invariants import violations
from tresham.games.tigris.state import COLOURS

from .helpers import game


@pytest.mark.variant("TE-ADVB-01", "TE-ADVB-04")
def test_advanced_side_data():
    b = load("advanced")
    assert b.side == "advanced" and (b.width, b.height) == (16, 11)
    assert len(b.rivers) == 39
    assert sorted(b.shedu) == sorted([(4, 0), (9, 0), (14, 1), (1, 2), (6, 3), (11, 3), (3, 5), (15, 5),
                                      (0, 7), (7, 7), (12, 7), (4, 9), (9, 10), (14, 10)])
    assert b.special == frozenset({(1, 2), (15, 5), (0, 7), (4, 9), (9, 10), (14, 10)})
    assert not (set(b.shedu) & b.rivers)
    # one connected river run
    start = next(iter(b.rivers))
    seen, todo = {start}, [start]
    while todo:
        for n in b.neighbours(todo.pop()):
            if n in b.rivers and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(b.rivers)


@pytest.mark.variant("TE-ADVB-02", "TE-ADVB-05")
def test_advanced_setup_14_temples_and_treasures():
    s = engine.new_game({"players": 4, "board": "advanced"}, 3)
    assert len(s.tiles) == 14 and set(s.tiles.values()) == {"red"} and len(s.treasures) == 14
    bag_before = {c: s.bag.count(c) + sum(h[c] for h in s.hands) for c in COLOURS}
    assert bag_before == {"red": 43, "blue": 36, "green": 30, "black": 30}
    assert sum(bag_before.values()) == 139
    assert violations(s) == []
    assert engine.view(s, 0)["board"] == "advanced"


@pytest.mark.variant("TE-ADVB-05")
def test_advanced_end_threshold_still_two():
    s = game(board="advanced", clear=True)
    s.treasures = {(4, 0), (9, 0), (14, 1)}
    for q in s.treasures:
        s.tiles[q] = "red"
    t, _ = engine.apply(s, {"type": "pass", "player": 0})
    assert not t.finished
    t.treasures.discard((4, 0))
    t, _ = engine.apply(t, {"type": "pass", "player": 1})
    assert t.finished and "only 2 treasures" in t.end_reason
