"""tresham/games/advciv/rules/calamities/coastal_migration.py: Coastal Migration (Expansion
Project 28.63)."""
import pytest

from tresham.games.advciv.context import Context

from tests.helpers import EGYPT, cal, owed, play, refused, texts

from .ep_minors import O, sampled


def board():
    return {"tanis": {"city": "egypt"}, "thebes": {"city": "egypt"},
            "alexandria": {"tokens": {"egypt": 4}}, "sinai": {"tokens": {"egypt": 2}},
            "gaza": {"tokens": {"egypt": 1, "babylon": 2}}, "upper_egypt": {"tokens": {"egypt": 6}}}


@pytest.mark.variant("CPCAL-28.631", "CPCAL-28.633")
def test_five_unit_points_from_coastal_areas_of_his_choice_and_ships_destroyed():
    s, ev = cal(board(), {"egypt": {"hand": ["coastal_migration"]}}, options=O,
                ships={"egypt": ["tanis", "alexandria"]})
    g = Context(s)
    assert g.ships_of("egypt") == [] and g.ships_in_stock("egypt") == 4  # 28.633: to stock
    d = owed(s)[0]
    assert d.kind == "choose_losses" and d.options["points"] == 5
    assert d.options["tokens"] == {"alexandria": 4, "gaza": 1, "sinai": 2}  # not Upper Egypt
    assert list(d.options["cities"]) == ["tanis"]  # Thebes is inland
    refused(s, {"type": "choose_losses", "player": EGYPT, "tokens": {"upper_egypt": 5}}, "29.62")
    refused(s, {"type": "choose_losses", "player": EGYPT, "tokens": {"alexandria": 4}})
    s, _ = play(s, {"type": "choose_losses", "player": EGYPT, "tokens": {"alexandria": 4, "gaza": 1}})
    g = Context(s)
    assert g.tokens("alexandria", "egypt") == 0 and g.tokens("gaza", "egypt") == 0
    assert g.tokens("gaza", "babylon") == 2  # shared area: only his own units go
    assert g.tokens("sinai", "egypt") == 2 and g.tokens("upper_egypt", "egypt") == 6
    assert g.cities_of("egypt") == ["tanis", "thebes"]
    assert "ships are destroyed" in texts(ev)


@pytest.mark.variant("CPCAL-28.631")
def test_a_coastal_city_may_pay_the_points():
    s, _ = cal(board(), {"egypt": {"hand": ["coastal_migration"]}}, options=O)
    s, _ = play(s, {"type": "choose_losses", "player": EGYPT, "destroy": ["tanis"]})
    g = Context(s)
    assert g.cities_of("egypt") == ["thebes"] and g.tokens("alexandria", "egypt") == 4


@pytest.mark.variant("CPCAL-28.632", "CPCAL-28.633")
def test_no_coastal_units_nothing_removed_but_ships_still_destroyed():
    b = {"thebes": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 6}}}
    s, ev = cal(b, {"egypt": {"hand": ["coastal_migration"]}}, options=O, ships={"egypt": ["tanis"]})
    g = Context(s)
    assert not any(d.kind == "choose_losses" for d in owed(s))
    assert g.tokens("upper_egypt", "egypt") == 6 and g.cities_of("egypt") == ["thebes"]
    assert g.ships_of("egypt") == []
    assert "nothing is removed" in texts(ev)


@pytest.mark.variant("CPCAL-28.632")
def test_fewer_than_five_coastal_unit_points_all_removed():
    b = {"sinai": {"tokens": {"egypt": 2}}, "gaza": {"tokens": {"egypt": 1}},
         "upper_egypt": {"tokens": {"egypt": 6}}}
    s, _ = cal(b, {"egypt": {"hand": ["coastal_migration"]}}, options=O)
    g = Context(s)
    assert not any(d.kind == "choose_losses" for d in owed(s))
    assert g.tokens("sinai", "egypt") == 0 and g.tokens("gaza", "egypt") == 0
    assert g.tokens("upper_egypt", "egypt") == 6


@pytest.mark.variant("CPCAL-28.631", "CPCAL-00c")
@pytest.mark.parametrize("seed", range(4))
def test_default_and_bot_lose_five_coastal_points(seed):
    s, _ = cal(board(), {"egypt": {"hand": ["coastal_migration"]}}, options=O)
    before = Context(s).unit_points_on_board("egypt")
    s2 = sampled(s, EGYPT, seed) if seed % 2 else play(s, {"type": "timeout", "player": EGYPT})[0]
    g = Context(s2)
    assert g.tokens("upper_egypt", "egypt") == 6 and "thebes" in g.cities_of("egypt")
    assert before - g.unit_points_on_board("egypt") == 5  # 29.62: a reduced city counts 5 minus the tokens left
