"""Review of set-up, taxation, population, census, ships, A.S.T. and end of game
(15, 16, 19-22, 33-35; SITE-PICK/TAX/POP/CENSUS/SHIP/AST/END): bugs found and edge cases."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.game import Game
from tresham.games.advciv.rules.departure import depart

from tests.helpers import play, position, refused, texts

NATIONS = ["egypt", "babylon", "assyria", "asia"]  # seats 0-3; A.S.T. order asia, assyria, babylon, egypt
OPTS = {"players": 4}


def pos(board, players, phase="tax", ships=None, **kw):
    """A 4-player position; nations not given a stock have none. One Asian token in Lycia
    keeps the movement phase waiting."""
    players = {n: {"stock": 0, **players.get(n, {})} for n in NATIONS}
    board = {"lycia": {"tokens": {"asia": 1}}, **board}
    return position(nations=NATIONS, options=OPTS, board=board, players=players, phase=phase,
                    ships=ships or {}, **kw)


TWO_EGYPT_CITIES = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}}


# ---------------------------------------------------------------- taxation (19)
# ---------------------------------------------------------------- early departure (15.6)
# ---------------------------------------------------------------- set-up (15, 16)
# ---------------------------------------------------------------- ships (22)
# ---------------------------------------------------------------- population (20)
# ---------------------------------------------------------------- A.S.T. (33)
def ast_pos(egypt, board):
    b = {"lycia": {"tokens": {"asia": 1}}, "ur": {"tokens": {"babylon": 1}},
         "nineveh": {"tokens": {"assyria": 1}}, **board}
    return position(nations=NATIONS, options=OPTS, board=b, players={"egypt": egypt}, phase="ast")


TOP_CARDS = ["theology", "philosophy", "mathematics", "monotheism", "democracy", "mining", "military", "law",
             "enlightenment", "medicine"]


@pytest.mark.rule("33.4")
@pytest.mark.site("SITE-AST-01")
def test_no_cities_moves_back_even_in_the_late_iron_age():
    state, ev = ast_pos({"ast": 13, "civ_cards": TOP_CARDS}, {"buhen": {"tokens": {"egypt": 5}}})
    assert state.player("egypt").ast == 12
    assert "Egypt has no cities and moves back to A.S.T. space 12." in texts(ev)


@pytest.mark.rule("33.25")
def test_late_iron_age_space_entered_with_exactly_its_value():
    cities = {a: {"city": "egypt"} for a in ["thebes", "memphis", "tanis", "alexandria", "gaza"]}
    base = ["theology", "philosophy", "mathematics", "monotheism", "democracy"]  # 1140
    state, _ = ast_pos({"ast": 12, "civ_cards": base + ["coinage", "mysticism"]}, cities)
    assert Game(state).civ_points("egypt") == 1300 and state.player("egypt").ast == 13  # 1300 needed
    state, ev = ast_pos({"ast": 12, "civ_cards": base + ["literacy", "pottery"]}, cities)
    assert Game(state).civ_points("egypt") == 1295 and state.player("egypt").ast == 12
    assert "does not meet the requirements of A.S.T. space 13" in texts(ev)


@pytest.mark.rule("34.1", "35.1", "35.2")
@pytest.mark.site("SITE-END-01")
def test_no_orders_after_the_game_is_over():
    cities = {a: {"city": "egypt"} for a in ["thebes", "memphis", "tanis", "alexandria", "gaza"]}
    state, _ = ast_pos({"ast": 14, "civ_cards": TOP_CARDS}, cities)
    assert state.finished and state.phase == "over"
    refused(state, {"type": "timeout", "player": 0}, "34.1")


# ---------------------------------------------------------------- clear refusals
