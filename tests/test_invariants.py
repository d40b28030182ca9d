"""The invariant checker catches what it must (planted violations)."""
from tresham.games.advciv import engine
from tresham.sim import check_invariants
from tests.helpers import position


def _quiet():
    state, _ = position(nations=["crete", "thrace"], phase="advances",
                        board={"knossos": {"tokens": {"crete": 3}, "city": None},
                               "athens": {"city": "crete"}},
                        players={"crete": {"treasury": 4, "hand": ["salt", "salt", "grain"]}})
    return state


def test_clean_state_has_no_violation():
    assert check_invariants(_quiet()) == []
    assert check_invariants(engine.new_game({"players": 8}, seed=2)) == []


def test_missing_token_detected():
    s = _quiet()
    s.players[0].stock -= 1
    assert any("tokens" in v for v in check_invariants(s))


def test_tenth_city_detected():
    s = _quiet()
    areas = [a for a in ("thebes", "memphis", "sparta", "corinth", "argos", "delphi", "thessaly",
                         "macedonia", "epirus", "troy")]
    for a in areas:
        s.board.cities[a] = "crete"
    assert any("cities on the board" in v for v in check_invariants(s))


def test_lost_card_detected():
    s = _quiet()
    s.players[0].hand.pop()
    assert any("not conserved" in v for v in check_invariants(s))


def test_population_limit_after_surplus_detected():
    s = _quiet()
    had = s.board.tokens["knossos"]["crete"]
    s.board.tokens["knossos"]["crete"] = 5
    s.players[0].stock -= 5 - had
    assert check_invariants(s) == []
    assert any("above the limit" in v for v in check_invariants(s, after_surplus=True))
