"""tresham/games/advciv/rules/calamities/civil_disorder.py: Civil Disorder (30.71)."""
import pytest

from tresham.games.advciv.context import Context
from tresham.games.advciv.rules.calamities.civil_disorder import disorder_count

from tests.helpers import EGYPT, SEVEN, cal, cities, owed, play


# ---- 30.711-30.715 All but three cities reduced, and the cards that change it -------------------
@pytest.mark.rule("30.711", "30.712", "30.713", "30.714", "30.715", "32.811", "32.833", "32.252")
@pytest.mark.parametrize("n,cards,reduced", [
    (7, [], 4), (7, ["law"], 3), (7, ["music", "drama_and_poetry", "law", "democracy"], 0),
    (7, ["military"], 5), (7, ["military", "roadbuilding"], 6), (7, ["music", "military"], 4),
    (2, ["military"], 1),  # Z-38: max(0, 2 - 3) + 1
    (3, ["roadbuilding", "law"], 0), (9, ["military", "roadbuilding"], 8), (3, [], 0)])
def test_civil_disorder_count(n, cards, reduced):
    areas = (SEVEN + ["ptolemais", "nubia"])[:n]
    s, _ = cal(cities(areas, "egypt", {"upper_egypt": 20}), {"egypt": {"civ_cards": cards}})
    assert disorder_count(Context(s), "egypt") == reduced


@pytest.mark.rule("30.711")
def test_civil_disorder_victim_chooses_the_cities():
    s, _ = cal(cities(SEVEN[:5], "egypt", {"upper_egypt": 12}), {"egypt": {"hand": ["civil_disorder"]}})
    assert owed(s)[0].options["count"] == 2
    s, _ = play(s, {"type": "choose_cities", "player": EGYPT, "cities": ["tanis", "alexandria"]})
    assert Context(s).cities_of("egypt") == ["buhen", "memphis", "thebes"]


@pytest.mark.rule("30.713", "30.714", "30.715")
def test_civil_disorder_with_one_city_military_and_roadbuilding_reduces_that_city():
    s, _ = cal(cities(["thebes"], "egypt", {"upper_egypt": 6}),
               {"egypt": {"hand": ["civil_disorder"], "civ_cards": ["military", "roadbuilding"]}})
    g = Context(s)
    assert g.cities_of("egypt") == [] and g.tokens("thebes", "egypt") == 3  # max(0,1-3)+2 -> 1
