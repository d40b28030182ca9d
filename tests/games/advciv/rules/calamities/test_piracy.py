"""tresham/games/advciv/rules/calamities/piracy.py: Piracy (30.91)."""
import pytest

from tresham.games.advciv.context import Context

from tests.helpers import (ASIA, BABYLON, CRETE, EGYPT, THRACE, cal, owed, piracy_board, play, refused,
                           told)


# ---- 30.911 The trader picks two coastal cities of the victim -----------------------------------
@pytest.mark.rule("30.911", "30.912", "30.913", "29.61")
def test_piracy_trader_picks_two_coastal_cities_then_victim_picks_two_others():
    players = {"egypt": {"hand": ["piracy"], "flags": {"calamity_from": {"piracy": "babylon"}}}}
    s, _ = cal(piracy_board(), players)
    d = owed(s)[0]
    assert d.player == BABYLON and d.options["cities"] == ["gaza", "jerusalem", "tanis"]
    refused(s, {"type": "choose_cities", "player": BABYLON, "cities": ["thebes", "gaza"]}, "30.911")
    s, _ = play(s, {"type": "choose_cities", "player": BABYLON, "cities": ["gaza", "tanis"]})
    assert s.board.cities["gaza"] == "pirates" and s.board.cities["tanis"] == "pirates"
    d = owed(s)[0]
    assert d.player == EGYPT and d.options["cities"] == ["antioch", "knossos", "tyre"]  # not Ur (trader)
    refused(s, {"type": "choose_cities", "player": EGYPT, "cities": ["ur", "tyre"]}, "30.912")
    s, ev = play(s, {"type": "choose_cities", "player": EGYPT, "cities": ["tyre", "knossos"]})
    g = Context(s)
    assert s.board.cities["tyre"] == "pirates" and s.board.cities["knossos"] == "pirates"
    assert g.cities_of("egypt") == ["jerusalem", "thebes"] and g.cities_of("assyria") == ["nineveh"]
    # 30.913: pirate cities need no support and stay after the support check (29.8)
    assert s.phase == "advances" and sum(1 for o in s.board.cities.values() if o == "pirates") == 4


@pytest.mark.rule("30.911", "28.3")
@pytest.mark.site("SITE-SAFE-05")
def test_the_trader_of_piracy_is_public_when_he_chooses_the_victims_cities():
    """At the table the trader is seen choosing which of the victim's coastal cities the
    pirates take: when he has a choice the history names him; when the victim has no more
    coastal cities than the pirates take, nobody chooses and he stays secret."""
    players = {"egypt": {"hand": ["piracy"], "flags": {"calamity_from": {"piracy": "babylon"}}}}
    s, ev = cal(piracy_board(), players)
    assert owed(s)[0].player == BABYLON
    assert ("Piracy was traded to Egypt by Babylon, who chooses which of his coastal cities the "
            "pirates take (30.911).") in [e.text for e in ev if e.to is None]
    board = piracy_board()
    del board["gaza"], board["jerusalem"]  # one coastal city (Tanis): taken without a choice
    s2, ev2 = cal(board, players)
    assert s2.board.cities["tanis"] == "pirates"
    assert owed(s2)[0].player == EGYPT  # his choice of the secondary victims' cities
    assert "babylon" not in told(ev2, ASIA) and "piracy was traded" in told(ev2, EGYPT)


@pytest.mark.rule("30.911")
def test_untraded_piracy_chooser_is_the_player_with_most_units_in_stock():
    players = {"egypt": {"hand": ["piracy"]}, "thrace": {"hand": ["gold"] * 5}}
    s, _ = cal(piracy_board(), players)
    # Thrace has nothing on the board: 55 tokens + 9 cities in stock (Z-25)
    assert owed(s)[0].player == THRACE
    s, _ = play(s, {"type": "timeout", "player": THRACE})
    assert sum(1 for a in ("tanis", "gaza", "jerusalem") if s.board.cities[a] == "pirates") == 2


# ---- 30.912 Two other players lose a coastal city each ------------------------------------------
@pytest.mark.rule("30.912")
def test_piracy_secondaries_one_city_each_even_when_victim_has_no_coastal_city():
    board = piracy_board()
    for a in ("tanis", "gaza", "jerusalem"):
        del board[a]
    board["tyre"] = {"city": "assyria"}
    board["sidon"] = {"city": "assyria"}
    s, _ = cal(board, {"egypt": {"hand": ["piracy"]}})
    d = owed(s)[0]
    assert d.player == EGYPT and d.options["count"] == 2
    refused(s, {"type": "choose_cities", "player": EGYPT, "cities": ["tyre", "sidon"]}, "30.912")
    s, _ = play(s, {"type": "choose_cities", "player": EGYPT, "cities": ["sidon", "ur"]})
    assert s.board.cities["sidon"] == "pirates" and s.board.cities["ur"] == "pirates"
    assert s.board.cities["thebes"] == "egypt"


@pytest.mark.rule("30.912", "29.61")
@pytest.mark.site("SITE-CAL-05")
def test_piracy_default_secondaries_are_the_two_leading_eligible_players_never_the_trader():
    players = {"egypt": {"hand": ["piracy"], "flags": {"calamity_from": {"piracy": "crete"}}},
               "crete": {"ast": 3}, "babylon": {"ast": 1}, "asia": {"treasury": 50}}  # 300, 100, 50 points
    s, _ = cal(piracy_board(), players)
    assert owed(s)[0].player == CRETE  # the trader picks the victim's two coastal cities
    s, _ = play(s, {"type": "timeout", "player": CRETE})
    assert sum(1 for a in ("tanis", "gaza", "jerusalem") if s.board.cities[a] == "pirates") == 2
    d = owed(s)[0]
    assert d.player == EGYPT and "knossos" not in d.options["cities"]
    s, _ = play(s, {"type": "timeout", "player": EGYPT})
    # Crete leads but traded the card (29.61): Babylon and Asia, one coastal city each
    assert s.board.cities["ur"] == "pirates" and s.board.cities["antioch"] == "pirates"
    assert s.board.cities["tyre"] == "assyria" and s.board.cities["knossos"] == "crete"
