"""tresham/games/advciv/rules/calamities/volcano.py: Volcanic Eruption or Earthquake (30.21)."""
import pytest

from tresham.games.advciv.context import Context

from tests.helpers import EGYPT, cal, owed, play, refused, texts


# ---- 30.211 Volcanic eruption -------------------------------------------------------------------
@pytest.mark.rule("30.211", "29.65")
def test_volcano_eliminates_every_unit_but_barbarians_and_pirates():
    board = {"neapolis": {"city": "egypt"},
             "campania": {"tokens": {"babylon": 2, "barbarians": 3}},
             "rome": {"city": "babylon"},
             "upper_egypt": {"tokens": {"egypt": 6}}, "mesopotamia": {"tokens": {"babylon": 6}},
             "milazzo": {"city": "pirates"}}
    s, ev = cal(board, {"egypt": {"hand": ["volcano"]}})
    g = Context(s)
    assert "neapolis" not in s.board.cities
    assert g.tokens("campania", "babylon") == 0
    assert g.tokens("campania", "barbarians") == 3  # 29.65 / Z-32
    assert s.board.cities["rome"] == "babylon"  # rome is not touched by the volcano
    assert s.board.cities["milazzo"] == "pirates"
    assert g.of("babylon").stock == 55 - 6
    assert "Egypt's city in Neapolis is destroyed by Volcanic Eruption" in texts(ev)


@pytest.mark.rule("30.211")
def test_volcano_erupts_where_it_does_most_damage():
    board = {"thera": {"city": "egypt"}, "syracuse": {"city": "egypt"},
             "milazzo": {"tokens": {"babylon": 2}},
             "upper_egypt": {"tokens": {"egypt": 6}}, "mesopotamia": {"tokens": {"babylon": 4}}}
    s, _ = cal(board, {"egypt": {"hand": ["volcano"]}})
    assert s.board.cities.get("thera") == "egypt"  # 5 points there, 7 in Sicily
    assert "syracuse" not in s.board.cities and Context(s).tokens("milazzo", "babylon") == 0


@pytest.mark.rule("30.211")
@pytest.mark.site("SITE-CAL-05")
def test_volcano_tie_is_the_victims_choice():
    board = {"thera": {"city": "egypt"}, "syracuse": {"city": "egypt"},
             "upper_egypt": {"tokens": {"egypt": 6}}}
    s, _ = cal(board, {"egypt": {"hand": ["volcano"]}})
    d = owed(s)
    assert [x.kind for x in d] == ["calamity_site"] and d[0].player == EGYPT
    refused(s, {"type": "choose_site", "player": EGYPT, "site": "volcano_italy"}, "30.211")
    s2, _ = play(s, {"type": "choose_site", "player": EGYPT, "site": "volcano_sicily"})
    assert s2.board.cities.get("thera") == "egypt" and "syracuse" not in s2.board.cities
    s3, _ = play(s, {"type": "timeout", "player": EGYPT})  # random site
    assert len(Context(s3).cities_of("egypt")) == 1


@pytest.mark.rule("15.61", "30.211")
def test_volcano_spares_inert_nations():
    board = {"neapolis": {"city": "egypt"}, "campania": {"tokens": {"babylon": 2, "asia": 1}},
             "upper_egypt": {"tokens": {"egypt": 4}}}
    s, _ = cal(board, {"egypt": {"hand": ["volcano"]}, "babylon": {"inert": True}})
    g = Context(s)
    assert "neapolis" not in s.board.cities
    assert g.tokens("campania", "babylon") == 2 and g.tokens("campania", "asia") == 0


# ---- 30.212 Earthquake --------------------------------------------------------------------------
@pytest.mark.rule("30.212")
def test_earthquake_destroys_victims_city_and_reduces_the_most_damaging_neighbour():
    # Tanis has no volcano; Gaza (limit 1: reduction is worth 4) beats Alexandria (limit 4: 1)
    board = {"tanis": {"city": "egypt"}, "gaza": {"city": "babylon"}, "alexandria": {"city": "assyria"},
             "upper_egypt": {"tokens": {"egypt": 6}}, "mesopotamia": {"tokens": {"babylon": 6}},
             "armenia": {"tokens": {"assyria": 6}}}
    s, ev = cal(board, {"egypt": {"hand": ["volcano"]}})
    g = Context(s)
    assert "tanis" not in s.board.cities and g.tokens("tanis", "egypt") == 0
    assert "gaza" not in s.board.cities and g.tokens("gaza", "babylon") == 1
    assert s.board.cities["alexandria"] == "assyria"
    assert "Babylon's city in Gaza is reduced by Earthquake" in texts(ev)


@pytest.mark.rule("30.212")
def test_earthquake_neighbour_may_be_across_water():
    board = {"knossos": {"city": "egypt"}, "rhodes": {"city": "babylon"},
             "upper_egypt": {"tokens": {"egypt": 6}}, "mesopotamia": {"tokens": {"babylon": 6}}}
    s, _ = cal(board, {"egypt": {"hand": ["volcano"]}})
    assert "knossos" not in s.board.cities
    assert "rhodes" not in s.board.cities and Context(s).tokens("rhodes", "babylon") == 2


@pytest.mark.rule("30.212")
def test_earthquake_without_neighbour_only_hits_the_victim_and_ties_are_his_choice():
    board = {"tanis": {"city": "egypt"}, "thebes": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 6}}}
    s, _ = cal(board, {"egypt": {"hand": ["volcano"]}})
    d = owed(s)[0]
    assert d.kind == "calamity_site" and sorted(x[0] for x in d.options["sites"]) == ["tanis", "thebes"]
    s2, _ = play(s, {"type": "choose_site", "player": EGYPT, "site": "thebes", "target": ""})
    assert Context(s2).cities_of("egypt") == ["tanis"]


# ---- 30.213 Engineering -------------------------------------------------------------------------
@pytest.mark.rule("30.213", "32.312")
def test_engineering_reduces_the_earthquake_and_protects_secondaries():
    board = {"tanis": {"city": "egypt"}, "gaza": {"city": "babylon"}, "alexandria": {"city": "assyria"},
             "upper_egypt": {"tokens": {"egypt": 6}}, "mesopotamia": {"tokens": {"babylon": 6}},
             "armenia": {"tokens": {"assyria": 6}}}
    s, _ = cal(board, {"egypt": {"hand": ["volcano"], "civ_cards": ["engineering"]},
                       "babylon": {"civ_cards": ["engineering"]}})
    g = Context(s)
    assert "tanis" not in s.board.cities and g.tokens("tanis", "egypt") == 3  # reduced, not destroyed
    assert s.board.cities["gaza"] == "babylon"  # Engineering holder cannot be the secondary
    assert "alexandria" not in s.board.cities and g.tokens("alexandria", "assyria") == 4


@pytest.mark.rule("30.213")
def test_engineering_does_not_help_against_volcanoes():
    board = {"thera": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 6}}}
    s, _ = cal(board, {"egypt": {"hand": ["volcano"], "civ_cards": ["engineering"]}})
    assert "thera" not in s.board.cities and Context(s).tokens("thera", "egypt") == 0
