"""tresham/games/advciv/rules/calamities/tempest.py: Tempest (Expansion Project 28.34)."""
import pytest

from tresham.games.advciv.context import Context

from tests.helpers import cal, cities, texts

EP = {"ep_minor": True}


def storm(treasury, ships, civ=()):
    board = cities(["thebes"], "egypt", {"upper_egypt": 4})
    board["mesopotamia"] = {"tokens": {"babylon": 3}}
    return cal(board, {"egypt": {"hand": ["tempest"], "treasury": treasury, "civ_cards": list(civ)}},
               ships={"egypt": ships}, options=EP)


@pytest.mark.variant("CPCAL-28.341", "CPCAL-28.342")
def test_tempest_all_ships_to_stock_and_five_treasury():
    s, ev = storm(8, ["alexandria", "tanis", "tanis"])
    g = Context(s)
    assert g.ships_of("egypt") == [] and g.ships_in_stock("egypt") == 4
    assert g.of("egypt").treasury == 3
    t = texts(ev)
    assert "returns 3 ships to stock" in t and "returns 5 treasury tokens to stock" in t


@pytest.mark.variant("CPCAL-28.341")
def test_tempest_only_the_victims_ships():
    board = cities(["thebes"], "egypt", {"upper_egypt": 4})
    board["knossos"] = {"tokens": {"crete": 2}}
    s, _ = cal(board, {"egypt": {"hand": ["tempest"], "treasury": 5}}, ships={"egypt": ["alexandria"], "crete": ["knossos"]},
               options=EP)
    g = Context(s)
    assert g.ships_of("egypt") == [] and g.ships_of("crete") == ["knossos"]


@pytest.mark.variant("CPCAL-28.343")
@pytest.mark.parametrize("have", [0, 2, 4, 5])
def test_tempest_fewer_than_five_treasury_returns_all(have):
    s, ev = storm(have, [])
    assert Context(s).of("egypt").treasury == 0
    assert f"returns {have} treasury tokens" in texts(ev) and "returns 0 ships" in texts(ev)


@pytest.mark.variant("CPCAL-00c")
def test_tempest_no_advance_modifies_it():
    """The Expansion Project's later modifiers (Astronavigation, Cartography, Masonry,
    Engineering) are not applied; Advanced Civilization's Engineering and Astronomy change nothing."""
    s, _ = storm(9, ["alexandria", "tanis"], civ=["engineering", "astronomy", "cloth_making"])
    g = Context(s)
    assert g.ships_of("egypt") == [] and g.of("egypt").treasury == 4
