"""tresham/games/advciv/rules/calamities/minor_uprising.py: Minor Uprising (Expansion Project 28.83)."""
import pytest

from tresham.games import registry
from tresham.games.advciv.context import Context

from tests.helpers import EGYPT, cal, cities, owed, play, refused

from .ep_minors import O, sampled

BOARD = cities(["thebes", "memphis", "tanis"], "egypt", {"upper_egypt": 10, "sinai": 2})


def start(treasury, board=BOARD, **p):
    return cal(board, {"egypt": {"hand": ["minor_uprising"], "treasury": treasury, **p}}, options=O)[0]


@pytest.mark.variant("CPCAL-28.831", "CPCAL-28.832")
def test_one_unit_point_per_city_partly_paid_at_two_treasury_each():
    s = start(5)
    d = owed(s)[0]
    assert d.kind == "uprising_pay" and d.options == {"points": 3, "max": 2, "rate": 2}
    refused(s, {"type": "uprising_pay", "player": EGYPT, "treasury": 3}, "28.832")  # 2 per point
    refused(s, {"type": "uprising_pay", "player": EGYPT, "treasury": 6}, "28.832")  # holds 5
    refused(s, {"type": "choose_losses", "player": EGYPT, "tokens": {"sinai": 2}}, "28.832")
    s, _ = play(s, {"type": "uprising_pay", "player": EGYPT, "treasury": 4})
    assert Context(s).of("egypt").treasury == 1
    d = owed(s)[0]
    assert d.kind == "choose_losses" and d.options["points"] == 1  # 3 - 4/2
    refused(s, {"type": "choose_losses", "player": EGYPT, "tokens": {"sinai": 2}})  # exactly 1 (29.63)
    s, _ = play(s, {"type": "choose_losses", "player": EGYPT, "tokens": {"sinai": 1}})
    g = Context(s)
    assert g.tokens("sinai", "egypt") == 1 and g.tokens("upper_egypt", "egypt") == 10
    assert len(g.cities_of("egypt")) == 3


@pytest.mark.variant("CPCAL-28.832")
def test_wholly_paid_no_unit_lost():
    s = start(7)
    stock = Context(s).of("egypt").stock
    s, _ = play(s, {"type": "uprising_pay", "player": EGYPT, "treasury": 6})
    g = Context(s)
    assert not any(d.kind == "choose_losses" for d in owed(s))
    assert g.of("egypt").treasury == 1 and g.of("egypt").stock == stock + 6
    assert g.tokens("sinai", "egypt") == 2 and len(g.cities_of("egypt")) == 3


@pytest.mark.variant("CPCAL-28.832")
def test_never_more_paid_than_owed():
    s = start(20)
    assert owed(s)[0].options["max"] == 3
    refused(s, {"type": "uprising_pay", "player": EGYPT, "treasury": 8}, "28.832")


@pytest.mark.variant("CPCAL-28.831")
@pytest.mark.parametrize("treasury", [0, 1])
def test_without_two_treasury_the_units_are_lost_where_he_chooses(treasury):
    s = start(treasury)
    d = owed(s)[0]
    assert d.kind == "choose_losses" and d.options["points"] == 3
    assert d.options["tokens"] == {"sinai": 2, "upper_egypt": 10} and len(d.options["cities"]) == 3
    s, _ = play(s, {"type": "choose_losses", "player": EGYPT, "tokens": {"sinai": 2, "upper_egypt": 1}})
    g = Context(s)
    assert g.tokens("sinai", "egypt") == 0 and g.tokens("upper_egypt", "egypt") == 9
    assert g.of("egypt").treasury == treasury


@pytest.mark.variant("CPCAL-28.831")
def test_a_city_may_be_lost_instead_of_tokens():
    s = start(0)
    refused(s, {"type": "choose_losses", "player": EGYPT, "reduce": ["tanis"]}, "29.63")  # 5 - 3 = 2: short
    s, _ = play(s, {"type": "choose_losses", "player": EGYPT, "reduce": ["tanis"], "tokens": {"sinai": 1}})
    g = Context(s)
    assert g.cities_of("egypt") == ["memphis", "thebes"] and g.tokens("tanis", "egypt") == 3
    assert g.tokens("sinai", "egypt") == 1


@pytest.mark.variant("CPCAL-28.831", "CPCAL-00c")
def test_no_city_no_effect_and_the_default_pays_nothing():
    s = start(9, board={"upper_egypt": {"tokens": {"egypt": 10}}})
    assert not owed(s) or owed(s)[0].kind not in ("uprising_pay", "choose_losses")
    assert Context(s).of("egypt").treasury == 9
    s = start(9, civ_cards=["military"])
    s, _ = play(s, {"type": "timeout", "player": EGYPT})  # ruling EPM-9: nothing paid
    assert Context(s).of("egypt").treasury == 9 and owed(s)[0].options["points"] == 3
    s, _ = play(s, {"type": "timeout", "player": EGYPT})  # random units
    assert Context(s).unit_points_on_board("egypt") == 15 + 12 - 3


@pytest.mark.variant("CPCAL-28.832")
def test_the_page_form_pays_two_treasury_per_point():
    R = registry.get("advciv")
    s = start(5)
    (f,) = R.order_forms(s, EGYPT)
    assert f.id == "uprising_pay" and f.fields[0].max == 2
    o = R.form_order(s, EGYPT, f.id, {"points": 2})
    assert o == {"type": "uprising_pay", "player": EGYPT, "treasury": 4}
    s, _ = R.apply(s, o)
    assert Context(s).of("egypt").treasury == 1


@pytest.mark.variant("CPCAL-28.831", "CPCAL-28.832")
@pytest.mark.parametrize("seed", range(6))
def test_the_bots_choices_are_legal(seed):
    s = start(5)
    before = Context(s).unit_points_on_board("egypt")
    s = sampled(s, EGYPT, seed)
    paid = (5 - Context(s).of("egypt").treasury) // 2
    if owed(s) and owed(s)[0].kind == "choose_losses":
        s = sampled(s, EGYPT, seed + 100)
    assert before - Context(s).unit_points_on_board("egypt") == 3 - paid
