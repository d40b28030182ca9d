"""tresham/games/advciv/rules/calamities/superstition.py: Superstition (30.32)."""
import pytest

from tresham.games.advciv.context import Context

from tests.helpers import EGYPT, cal, cities, owed, play, refused


FOUR = ["thebes", "memphis", "tanis", "buhen"]


# ---- 30.321 Three cities reduced ----------------------------------------------------------------
@pytest.mark.rule("30.321")
def test_superstition_three_cities_chosen_by_the_victim():
    board = cities(FOUR, "egypt", {"upper_egypt": 10})
    s, _ = cal(board, {"egypt": {"hand": ["superstition"]}})
    d = owed(s)[0]
    assert d.options["count"] == 3
    refused(s, {"type": "choose_cities", "player": EGYPT, "cities": ["thebes", "memphis"]}, "30.32")
    s2, ev = play(s, {"type": "choose_cities", "player": EGYPT, "cities": ["thebes", "memphis", "tanis"]})
    g = Context(s2)
    assert g.cities_of("egypt") == ["buhen"]
    assert [g.tokens(a, "egypt") for a in ("thebes", "memphis", "tanis")] == [3, 3, 3]


# ---- 30.322 Only the best Religion card counts --------------------------------------------------
@pytest.mark.rule("30.322", "32.911", "32.921", "32.931")
@pytest.mark.parametrize("cards,reduced", [([], 3), (["mysticism"], 2), (["deism"], 1),
                                           (["mysticism", "deism"], 1), (["enlightenment"], 0),
                                           (["mysticism", "deism", "enlightenment"], 0)])
def test_superstition_only_the_highest_religion_card_counts(cards, reduced):
    board = cities(FOUR, "egypt", {"upper_egypt": 10})
    s, _ = cal(board, {"egypt": {"hand": ["superstition"], "civ_cards": cards}})
    if reduced:
        assert owed(s)[0].options["count"] == reduced
        s, _ = play(s, {"type": "timeout", "player": EGYPT})
    assert len(Context(s).cities_of("egypt")) == 4 - reduced
