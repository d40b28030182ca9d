"""The invariants catch broken states (so the random games' checks can fail)."""
from tresham.games.tigris import engine
from tresham.games.tigris.invariants import violations


def fresh():
    return engine.new_game({"players": 3}, 7)


def test_fresh_games_are_sound():
    for board in ("base", "advanced"):
        assert violations(engine.new_game({"players": 4, "board": board}, 1)) == []


def test_each_breach_is_reported():
    s = fresh()
    s.bag.pop()
    assert any("tiles accounted for" in v for v in violations(s))
    s = fresh()
    s.leaders[(4, 4)] = (0, "red")
    s.leaders[(6, 4)] = (0, "red")
    assert any("twice" in v for v in violations(s))
    s = fresh()
    s.catastrophes_left[1] = 1
    assert any("catastrophes" in v for v in violations(s))
    s = fresh()
    s.monuments["red-blue"] = (3, 3)
    assert any("monument" in v for v in violations(s))
    s = fresh()
    s.treasures.pop()
    assert any("treasures" in v for v in violations(s))
    s = fresh()
    s.leaders[(4, 2)] = (0, "black")   # E3 is a river square (F3's temple beside it)
    assert any("river" in v for v in violations(s))
    s = fresh()
    s.tiles[(5, 3)] = "red"
    s.bag.remove("red")
    s.leaders[(4, 3)] = (0, "black")
    s.leaders[(6, 3)] = (1, "black")   # two kings in one kingdom, no conflict pending
    assert any("two black leaders" in v for v in violations(s))
    s = fresh()
    s.hands[0]["red"] += 1
    s.bag.remove("red")
    assert any("seat 0 holds more than 6" in v for v in violations(s))
