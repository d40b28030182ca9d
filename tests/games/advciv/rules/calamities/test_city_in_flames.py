"""tresham/games/advciv/rules/calamities/city_in_flames.py: City in Flames (Expansion Project 28.43)."""
import pytest

from tresham.games.advciv.context import Context

from tests.helpers import EGYPT, cal, cities, owed, play, refused, texts

from .ep_minors import O, sampled

BOARD = cities(["thebes", "memphis", "tanis"], "egypt", {"upper_egypt": 10})


@pytest.mark.variant("CPCAL-28.432")
def test_the_victim_eliminates_one_city_of_his_choice():
    s, _ = cal(BOARD, {"egypt": {"hand": ["city_in_flames"], "treasury": 4}}, options=O)
    d = owed(s)[0]
    assert d.player == EGYPT and d.kind == "calamity_choice"
    assert d.options["choices"] == ["memphis", "tanis", "thebes"]  # 4 treasury: no paying
    refused(s, {"type": "calamity_choice", "player": EGYPT, "choice": "ur"}, "28.432")
    s, ev = play(s, {"type": "calamity_choice", "player": EGYPT, "choice": "tanis"})
    g = Context(s)
    assert g.cities_of("egypt") == ["memphis", "thebes"]
    assert g.tokens("tanis", "egypt") == 0  # eliminated, not reduced
    assert g.of("egypt").treasury == 4
    assert "destroyed by City in Flames" in texts(ev)


@pytest.mark.variant("CPCAL-28.433")
def test_the_victim_may_pay_ten_treasury_instead():
    s, _ = cal(BOARD, {"egypt": {"hand": ["city_in_flames"], "treasury": 13}}, options=O)
    d = owed(s)[0]
    assert d.options["choices"] == ["pay", "memphis", "tanis", "thebes"] and d.options["price"] == 10
    stock = Context(s).of("egypt").stock
    s, _ = play(s, {"type": "calamity_choice", "player": EGYPT, "choice": "pay"})
    g = Context(s)
    assert g.of("egypt").treasury == 3 and g.of("egypt").stock == stock + 10
    assert g.cities_of("egypt") == ["memphis", "tanis", "thebes"]


@pytest.mark.variant("CPCAL-28.433")
@pytest.mark.parametrize("treasury", [0, 9])
def test_with_fewer_than_ten_treasury_he_must_lose_the_city(treasury):
    s, _ = cal(BOARD, {"egypt": {"hand": ["city_in_flames"], "treasury": treasury}}, options=O)
    refused(s, {"type": "calamity_choice", "player": EGYPT, "choice": "pay"}, "28.433")
    s, _ = play(s, {"type": "timeout", "player": EGYPT})  # default: a random city
    g = Context(s)
    assert len(g.cities_of("egypt")) == 2 and g.of("egypt").treasury == treasury


@pytest.mark.variant("CPCAL-28.433")
def test_exactly_ten_treasury_may_pay_and_the_default_pays():
    s, _ = cal(BOARD, {"egypt": {"hand": ["city_in_flames"], "treasury": 10}}, options=O)
    assert "pay" in owed(s)[0].options["choices"]
    s, _ = play(s, {"type": "timeout", "player": EGYPT})  # ruling EPM-3: the treasury pays
    g = Context(s)
    assert g.of("egypt").treasury == 0 and len(g.cities_of("egypt")) == 3


@pytest.mark.variant("CPCAL-28.432", "CPCAL-28.433")
def test_a_single_city_and_no_ten_treasury_is_lost_at_once():
    board = cities(["thebes"], "egypt", {"upper_egypt": 10})
    s, _ = cal(board, {"egypt": {"hand": ["city_in_flames"], "treasury": 5}}, options=O)
    assert not any(d.kind == "calamity_choice" for d in owed(s))
    assert Context(s).cities_of("egypt") == []


@pytest.mark.variant("CPCAL-28.432")
def test_no_city_no_effect():
    board = {"upper_egypt": {"tokens": {"egypt": 10}}}
    s, ev = cal(board, {"egypt": {"hand": ["city_in_flames"], "treasury": 20}}, options=O)
    assert not owed(s) or owed(s)[0].kind != "calamity_choice"
    assert Context(s).of("egypt").treasury == 20
    assert "has no city" in texts(ev)


@pytest.mark.variant("CPCAL-00c")
def test_masonry_and_engineering_change_nothing():
    s, _ = cal(BOARD, {"egypt": {"hand": ["city_in_flames"], "treasury": 0,
                                 "civ_cards": ["engineering"]}}, options=O)
    s, _ = play(s, {"type": "calamity_choice", "player": EGYPT, "choice": "thebes"})
    g = Context(s)
    assert "thebes" not in g.cities_of("egypt") and g.tokens("thebes", "egypt") == 0  # eliminated, not reduced


@pytest.mark.variant("CPCAL-28.432", "CPCAL-28.433")
@pytest.mark.parametrize("seed", range(6))
def test_the_bots_random_choice_is_legal(seed):
    s, _ = cal(BOARD, {"egypt": {"hand": ["city_in_flames"], "treasury": 12}}, options=O)
    g = Context(sampled(s, EGYPT, seed))
    paid = g.of("egypt").treasury == 2
    assert len(g.cities_of("egypt")) == (3 if paid else 2)
