"""tresham/games/advciv/rules/calamities/regression.py: Regression (Expansion Project 28.91)."""
import pytest

from tresham.games.advciv.context import Context

from tests.helpers import cal, cities, texts

EP = {"ep_major": True}


def regress(ast, towns=("thebes", "memphis"), civ=()):
    board = cities(list(towns), "egypt", {"upper_egypt": 4})
    return cal(board, {"egypt": {"hand": ["regression"], "ast": ast, "civ_cards": list(civ)}}, options=EP)


# ---- 28.911 Back one space at once [INFERRED: 1]; forward again in the A.S.T. phase -----------
@pytest.mark.variant("CPCAL-28.911")
def test_regression_moves_the_marker_back_one_space_at_once():
    s, ev = regress(4)
    assert Context(s).of("egypt").ast == 3
    assert "moves back 1 space to space 3" in texts(ev)


@pytest.mark.variant("CPCAL-28.911")
def test_regression_on_the_start_space_stays_there():
    s, ev = regress(0)
    assert Context(s).of("egypt").ast == 0 and "cannot move back" in texts(ev)


@pytest.mark.variant("CPCAL-28.911")
def test_regression_the_marker_moves_forward_normally_in_the_ast_phase():
    """Space 1 -> 0 by Regression; the A.S.T. alteration phase then moves it to 1 again
    (the Stone Age has no requirement)."""
    s, _ = regress(1)
    assert Context(s).of("egypt").ast == 0
    from tests.helpers import owed, play
    turn = s.turn
    while s.turn == turn and owed(s):
        s, _ = play(s, {"type": "timeout", "player": owed(s)[0].player})
    assert s.turn == turn + 1
    assert Context(s).of("egypt").ast == 1


# ---- 28.912 Fundamentalism +1, 28.913 Library -1: not Advanced Civilization cards ------------
@pytest.mark.variant("CPCAL-28.912", "CPCAL-28.913")
def test_regression_fundamentalism_and_library_are_not_in_advanced_civilization():
    """Ruling (docs/rulings/expansion-calamities-cards.md): neither card exists in the game,
    so no holder can be; the modifiers are kept for a card set that has them."""
    from tresham.games.advciv.data import load
    d = load()
    assert "fundamentalism" not in d.civ_cards and "library" not in d.civ_cards
    from tresham.games.advciv.rules.calamities.base import EFFECTS
    s, _ = regress(4)
    g = Context(s)
    ctx = {"calamity": "regression", "victim": "egypt", "trader": None}
    assert EFFECTS["regression"].spaces(g, ctx) == 1
    g.of("egypt").civ_cards["fundamentalism"] = 1
    assert EFFECTS["regression"].spaces(g, ctx) == 2  # 28.912
    g.of("egypt").civ_cards["library"] = 1
    assert EFFECTS["regression"].spaces(g, ctx) == 1  # 28.913
    del g.of("egypt").civ_cards["fundamentalism"]
    assert EFFECTS["regression"].spaces(g, ctx) == 0


# ---- 28.914 No cities: no effect ---------------------------------------------------------------
@pytest.mark.variant("CPCAL-28.914")
def test_regression_without_cities_has_no_effect():
    s, ev = regress(5, towns=())
    assert Context(s).of("egypt").ast == 5
    assert "has no city; it has no effect (28.914)" in texts(ev)
