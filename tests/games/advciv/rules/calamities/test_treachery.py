"""tresham/games/advciv/rules/calamities/treachery.py: Treachery (30.22)."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.context import Context

from tests.helpers import ASIA, BABYLON, EGYPT, cal, cities, owed, play, refused, texts, told


# ---- 30.221 Traded: the trader takes a city -----------------------------------------------------
@pytest.mark.rule("30.221", "29.61")
def test_treachery_trader_takes_a_city_of_his_choice():
    board = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"},
             "upper_egypt": {"tokens": {"egypt": 6}}, "mesopotamia": {"tokens": {"babylon": 6}}}
    s, _ = cal(board, {"egypt": {"hand": ["treachery"], "flags": {"calamity_from": {"treachery": "babylon"}}}})
    d = owed(s)[0]
    assert d.player == BABYLON and d.options["cities"] == ["memphis", "thebes"]
    e = refused(s, {"type": "choose_cities", "player": EGYPT, "cities": ["thebes"]}, "29.6")
    assert "no calamity decision" in e.message
    refused(s, {"type": "choose_cities", "player": BABYLON, "cities": ["upper_egypt"]}, "30.221")
    s2, ev = play(s, {"type": "choose_cities", "player": BABYLON, "cities": ["memphis"]})
    assert s2.board.cities["memphis"] == "babylon" and s2.board.cities["thebes"] == "egypt"
    assert "Egypt's city in Memphis becomes Babylon's" in texts(ev)


@pytest.mark.rule("30.221")
def test_treachery_city_eliminated_when_trader_has_no_city_left():
    nine = ["babylon", "ur", "susa", "charax", "sumeria", "chaldaea", "babylonia", "elam", "nineveh"]
    board = cities(nine, "babylon")
    board["mesopotamia"] = {"tokens": {"babylon": 18}}
    board.update({"thebes": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 6}}})
    s, ev = cal(board, {"egypt": {"hand": ["treachery"], "flags": {"calamity_from": {"treachery": "babylon"}}}})
    # one city: no choice to make; Babylon has all 9 cities on the board
    assert "thebes" not in s.board.cities and Context(s).tokens("thebes", "egypt") == 0
    assert len(Context(s).cities_of("babylon")) == 9
    assert "destroyed" in texts(ev)


@pytest.mark.rule("30.221")
def test_traded_treachery_with_a_single_city_is_taken_at_once():
    board = {"thebes": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 6}},
             "mesopotamia": {"tokens": {"babylon": 6}}}
    s, ev = cal(board, {"egypt": {"hand": ["treachery"], "flags": {"calamity_from": {"treachery": "babylon"}}}})
    assert s.board.cities["thebes"] == "babylon" and Context(s).cities_in_stock("babylon") == 8
    assert not [d for d in owed(s) if d.kind == "calamity_cities"]


@pytest.mark.rule("30.221")
def test_treachery_prompt_says_the_city_is_eliminated_when_the_trader_has_no_city():
    nine = ["babylon", "ur", "susa", "charax", "sumeria", "chaldaea", "babylonia", "elam", "nineveh"]
    board = cities(nine, "babylon")
    board["mesopotamia"] = {"tokens": {"babylon": 18}}
    board.update({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 6}}})
    s, _ = cal(board, {"egypt": {"hand": ["treachery"], "flags": {"calamity_from": {"treachery": "babylon"}}}})
    d = owed(s)[0]
    assert d.player == BABYLON and "eliminate" in d.prompt
    s, _ = play(s, {"type": "choose_cities", "player": BABYLON, "cities": ["memphis"]})
    assert Context(s).cities_of("egypt") == ["thebes"] and "memphis" not in s.board.cities


# ---- 30.221, SITE-SAFE-05 The trader is seen taking the city -----------------------------------
@pytest.mark.rule("30.221", "28.3")
@pytest.mark.site("SITE-SAFE-05")
def test_a_traded_treachery_shows_its_trader_to_everyone_as_he_takes_the_city():
    """At the table everyone sees Babylon choose Egypt's city and put his own there, so the
    history and every view name him as the trader, from the moment he is asked to choose."""
    board = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"},
             "upper_egypt": {"tokens": {"egypt": 6}}, "mesopotamia": {"tokens": {"babylon": 6}}}
    s, ev = cal(board, {"egypt": {"hand": ["treachery"], "flags": {"calamity_from": {"treachery": "babylon"}}}})
    assert owed(s)[0].player == BABYLON
    public = [e for e in ev if e.to is None and e.kind == "calamity_trader"]
    assert [(e.text, e.data) for e in public] == [
        ("Treachery was traded to Egypt by Babylon, who takes one of his cities (30.221).",
         {"calamity": "treachery", "victim": "egypt", "trader": "babylon"})]
    for seat in (None, ASIA, EGYPT, BABYLON):
        assert engine.view(s, seat)["phase_view"]["active"]["trader"] == "babylon"


@pytest.mark.rule("30.221", "28.3")
@pytest.mark.site("SITE-SAFE-05")
def test_a_traded_treachery_that_takes_nothing_keeps_its_trader_secret():
    """Egypt has no city: nothing changes hands and nobody chooses, so nothing at the table
    shows who traded the card; only Egypt and Babylon are told."""
    board = {"upper_egypt": {"tokens": {"egypt": 6}}, "mesopotamia": {"tokens": {"babylon": 6}}}
    s, ev = cal(board, {"egypt": {"hand": ["treachery"], "flags": {"calamity_from": {"treachery": "babylon"}}}})
    assert "Treachery: Egypt has no city to lose." in texts(ev)
    # Babylon is named later in the turn's public history (a phase's line of the nations with
    # nothing to decide), never as the trader
    assert "by babylon" not in told(ev, ASIA) and "by babylon" not in told(ev)
    assert "trader" not in told(ev, ASIA) and "trader" not in told(ev)
    assert "treachery was traded to egypt by babylon" in told(ev, EGYPT)
    assert "treachery was traded to egypt by babylon" in told(ev, BABYLON)


# ---- 30.222 Untraded: a city is reduced ---------------------------------------------------------
@pytest.mark.rule("30.222")
def test_untraded_treachery_reduces_a_city_chosen_by_the_victim():
    board = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 6}}}
    s, _ = cal(board, {"egypt": {"hand": ["treachery"]}})
    assert owed(s)[0].player == EGYPT
    s2, _ = play(s, {"type": "choose_cities", "player": EGYPT, "cities": ["thebes"]})
    assert Context(s2).cities_of("egypt") == ["memphis"] and Context(s2).tokens("thebes", "egypt") == 3
    assert Context(s2).cities_of("babylon") == []


@pytest.mark.rule("30.222")
def test_untraded_treachery_refusal_cites_30_222_and_the_victims_own_cities():
    board = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "ur": {"city": "babylon"},
             "upper_egypt": {"tokens": {"egypt": 6}}}
    s, _ = cal(board, {"egypt": {"hand": ["treachery"]}})
    d = owed(s)[0]
    assert d.player == EGYPT and "reduce" in d.prompt
    e = refused(s, {"type": "choose_cities", "player": EGYPT, "cities": ["ur"]}, "30.222")
    assert "memphis, thebes" in e.message
