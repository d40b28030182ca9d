"""tresham/games/advciv/rules/calamities/city_riots.py: City Riots (Expansion Project 28.53)."""
import pytest

from tresham.games.advciv.context import Context

from tests.helpers import EGYPT, cal, cities, owed, play, refused, texts

from .ep_minors import O, sampled

BOARD = cities(["thebes", "memphis", "tanis"], "egypt", {"upper_egypt": 10})


@pytest.mark.variant("CPCAL-28.531", "CPCAL-28.532")
def test_one_city_of_his_choice_reduced_and_five_treasury_returned():
    s, _ = cal(BOARD, {"egypt": {"hand": ["city_riots"], "treasury": 8}}, options=O)
    d = owed(s)[0]
    assert d.kind == "calamity_cities" and d.options["count"] == 1
    assert d.options["cities"] == ["memphis", "tanis", "thebes"]
    refused(s, {"type": "choose_cities", "player": EGYPT, "cities": ["memphis", "tanis"]}, "28.53")
    stock = Context(s).of("egypt").stock
    s, ev = play(s, {"type": "choose_cities", "player": EGYPT, "cities": ["memphis"]})
    g = Context(s)
    assert g.cities_of("egypt") == ["tanis", "thebes"]
    assert g.tokens("memphis", "egypt") == 3  # reduced (26.41), not eliminated
    assert g.of("egypt").treasury == 3  # 8 - 5
    assert g.of("egypt").stock == stock + 5 - 3
    assert "returns 5 treasury tokens to stock" in texts(ev)


@pytest.mark.variant("CPCAL-28.533")
@pytest.mark.parametrize("treasury", [0, 4])
def test_with_fewer_than_five_treasury_all_is_returned(treasury):
    s, _ = cal(BOARD, {"egypt": {"hand": ["city_riots"], "treasury": treasury}}, options=O)
    s, _ = play(s, {"type": "timeout", "player": EGYPT})  # a random city
    g = Context(s)
    assert len(g.cities_of("egypt")) == 2 and g.of("egypt").treasury == 0


@pytest.mark.variant("CPCAL-28.532")
def test_no_city_the_treasury_still_goes():
    board = {"upper_egypt": {"tokens": {"egypt": 10}}}
    s, _ = cal(board, {"egypt": {"hand": ["city_riots"], "treasury": 7}}, options=O)
    assert Context(s).of("egypt").treasury == 2


@pytest.mark.variant("CPCAL-28.531", "CPCAL-00c")
def test_a_single_city_is_reduced_at_once_and_law_changes_nothing():
    board = cities(["thebes"], "egypt", {"upper_egypt": 10})
    s, _ = cal(board, {"egypt": {"hand": ["city_riots"], "treasury": 9, "civ_cards": ["law"]}}, options=O)
    g = Context(s)
    assert g.cities_of("egypt") == [] and g.tokens("thebes", "egypt") == 3
    assert g.of("egypt").treasury == 4


@pytest.mark.variant("CPCAL-28.531")
@pytest.mark.parametrize("seed", range(4))
def test_the_bots_random_city_is_legal(seed):
    s, _ = cal(BOARD, {"egypt": {"hand": ["city_riots"], "treasury": 8}}, options=O)
    g = Context(sampled(s, EGYPT, seed))
    assert len(g.cities_of("egypt")) == 2 and g.of("egypt").treasury == 3
