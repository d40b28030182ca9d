"""tresham/games/advciv/rules/calamities/cyclone.py: Cyclone (Expansion Project 28.61, seed 002)."""
import pytest

from tresham.games.advciv.context import Context
from tresham.games.advciv.rules.calamities.base import EFFECTS
from tresham.rng import Rng

from tests.helpers import (ASSYRIA, EGYPT, begin_effect as begin, cal, cities, effect_order as do,
                           effect_position, owed, play, refused, texts)

EP = {"ep_major": True}
LATER = {"ep_major": True, "ep_later_modifiers": True}  # the later text's substitutions (SITE-SAFE-12)
ALL_BUT_ENGINEERING = ["pottery", "cloth_making", "metalworking", "agriculture", "roadbuilding",
                       "mining", "astronomy", "coinage", "medicine", "mathematics",
                       "drama_and_poetry", "music", "architecture", "literacy", "law", "democracy",
                       "military", "philosophy", "mysticism", "deism", "enlightenment",
                       "monotheism", "theology"]


def cyclone(board, players=None, ships=None, options=EP):
    players = {k: dict(v) for k, v in (players or {}).items()}
    players.setdefault("egypt", {}).setdefault("hand", ["cyclone"])
    return cal(board, players, options=options, ships=ships or {})


def east_med():
    """Egypt: four cities on the Eastern Mediterranean, one inland; Assyria three there."""
    b = cities(["alexandria", "tanis", "jerusalem", "gaza", "thebes"], "egypt", {"upper_egypt": 4})
    b.update(cities(["tyre", "sidon", "salamis"], "assyria", {"armenia": 3}))
    return b


# ---- 28.611 the open sea hitting most of the primary victim's cities ---------------------------
@pytest.mark.variant("CPCAL-28.611")
def test_cyclone_strikes_the_open_sea_hitting_most_of_the_victims_cities():
    b = east_med()
    b.update(cities(["carthage"], "egypt"))  # central + western Mediterranean: 1 each
    s, ev = cyclone(b)
    assert "The cyclone strikes in the Eastern Mediterranean" in texts(ev)
    assert s.board.cities["carthage"] == "egypt"  # not hit
    d = [d for d in owed(s) if d.player == EGYPT][0]
    assert d.kind == "calamity_cities" and d.options["count"] == 3
    assert d.options["cities"] == ["alexandria", "gaza", "jerusalem", "tanis"]  # not Thebes


@pytest.mark.variant("CPCAL-28.611")
def test_cyclone_tie_between_open_seas_is_broken_by_the_victim():
    b = cities(["carthage"], "egypt", {"upper_egypt": 2})
    b.update(cities(["palermo"], "assyria"))  # central and western Mediterranean both
    b.update(cities(["rome"], "thrace", {"armenia": 4}))  # western only
    s, _ = cyclone(b)
    d = owed(s)[0]
    assert (d.player, d.kind) == (EGYPT, "calamity_choice")
    assert d.options["choices"] == ["central_mediterranean", "western_mediterranean"]
    refused(s, {"type": "calamity_choice", "player": EGYPT, "choice": "aegean_sea"}, "28.611")
    refused(s, {"type": "calamity_choice", "player": ASSYRIA, "choice": "western_mediterranean"}, "29.6")
    s2, ev = play(s, {"type": "calamity_choice", "player": EGYPT, "choice": "central_mediterranean"})
    assert "carthage" not in s2.board.cities and "palermo" not in s2.board.cities
    assert s2.board.cities["rome"] == "thrace"  # only the western sea touches Rome
    assert "The cyclone strikes in the Central Mediterranean" in texts(ev)


@pytest.mark.variant("CPCAL-28.611")
def test_cyclone_tie_default_is_random_among_the_tied_seas():
    b = cities(["carthage"], "egypt", {"upper_egypt": 2})
    s, _ = cyclone(b)
    s2, ev = play(s, {"type": "timeout", "player": EGYPT})
    assert "carthage" not in s2.board.cities and "chosen at random" in texts(ev)


# ---- 28.612 no vulnerable city ---------------------------------------------------------------
@pytest.mark.variant("CPCAL-28.612")
def test_cyclone_without_exposed_cities_of_the_victim_has_no_effect():
    b = cities(["thebes", "memphis"], "egypt", {"upper_egypt": 4})
    b.update(cities(["tyre", "sidon"], "assyria", {"armenia": 4}))
    s, ev = cyclone(b, ships={"assyria": ["tyre"]})
    assert "no effect (28.612)" in texts(ev)
    assert Context(s).cities_of("assyria") == ["sidon", "tyre"] and s.board.ships == {"assyria": ["tyre"]}
    assert not [d for d in owed(s) if d.player in (EGYPT, ASSYRIA)]


# ---- 28.613 three for the primary, two for the others, ships to stock -------------------------
@pytest.mark.variant("CPCAL-28.613")
def test_cyclone_primary_reduces_three_others_two_and_ships_return_to_stock():
    b = east_med()
    b["knossos"] = {"city": "crete"}  # one exposed city: reduced at once
    ships = {"egypt": ["alexandria", "upper_egypt"], "assyria": ["tyre", "sidon"], "crete": ["knossos"]}
    s, ev = cyclone(b, ships=ships)
    assert s.board.ships == {"egypt": ["upper_egypt"]}  # upper Egypt is not on the sea
    assert "knossos" not in s.board.cities
    got = {d.player: d.options["count"] for d in owed(s) if d.kind == "calamity_cities"}
    assert got == {EGYPT: 3, ASSYRIA: 2}
    refused(s, {"type": "choose_cities", "player": EGYPT, "cities": ["alexandria", "tanis"]}, "28.613")
    refused(s, {"type": "choose_cities", "player": EGYPT, "cities": ["alexandria", "tanis", "thebes"]}, "28.613")
    s, _ = play(s, {"type": "choose_cities", "player": EGYPT, "cities": ["alexandria", "tanis", "gaza"]})
    s, ev2 = play(s, {"type": "choose_cities", "player": ASSYRIA, "cities": ["tyre", "salamis"]})
    g = Context(s)
    assert g.cities_of("egypt") == ["jerusalem", "thebes"] and g.cities_of("assyria") == ["sidon"]
    assert "Egypt's city in Tanis is reduced by the Cyclone" in texts(ev2) or \
        g.tokens("tanis", "egypt") == 3
    assert s.phase == "advances"


@pytest.mark.variant("CPCAL-28.613")
def test_cyclone_player_with_fewer_exposed_cities_than_owed_reduces_them_all():
    b = cities(["alexandria", "tanis"], "egypt", {"upper_egypt": 4})
    s, ev = cyclone(b)
    assert Context(s).cities_of("egypt") == [] and not [d for d in owed(s) if d.kind == "calamity_cities"]
    assert Context(s).tokens("alexandria", "egypt") == 4


@pytest.mark.variant("CPCAL-28.611", "CPCAL-28.613")
@pytest.mark.site("SITE-CAL-05")
def test_cyclone_timeouts_and_samples_finish():
    for seed in range(6):
        b = east_med()
        b.update(cities(["carthage"], "thrace"))
        s = effect_position(b)
        s.rng = seed
        g, ctx = begin(s, "cyclone", "egypt")
        rng = Rng(seed)
        for i in range(10):
            ds = [d for d in EFFECTS["cyclone"].pending(g, ctx) if d.required]
            if not ds:
                break
            if i % 2:
                EFFECTS["cyclone"].timeout(g, ctx, ds[0].player)
            else:
                do(g, ctx, EFFECTS["cyclone"].sample(g, ctx, ds[0].player, rng))
        assert EFFECTS["cyclone"].done(g, ctx)
        assert len(g.cities_of("egypt")) == 2 and len(g.cities_of("assyria")) == 1
        assert g.cities_of("thrace") == ["carthage"]


# ---- 28.614 Masonry, 28.616 Trade Empire: no Advanced Civilization card (EPC-1, EPC-3) ----------
@pytest.mark.variant("CPCAL-28.614", "CPCAL-28.616")
def test_cyclone_no_advciv_card_but_engineering_changes_the_count():
    b = east_med()
    s, _ = cyclone(b, {"egypt": {"civ_cards": ALL_BUT_ENGINEERING},
                       "assyria": {"civ_cards": ["architecture", "mining", "roadbuilding"]}})
    got = {d.player: d.options["count"] for d in owed(s) if d.kind == "calamity_cities"}
    assert got == {EGYPT: 3, ASSYRIA: 2}


# ---- 28.615 Calendar: no Advanced Civilization card, so by default no modifier (seed 002) -------
@pytest.mark.variant("CPCAL-28.615")
@pytest.mark.site("SITE-SAFE-12")
def test_cyclone_by_default_engineering_spares_no_city_and_no_ship():
    """Seed 002 names Calendar, which Advanced Civilization lacks: Engineering holders reduce 3
    and 2 cities like everyone and lose every ship on the hit coasts."""
    b = east_med()
    ships = {"egypt": ["alexandria", "tanis", "gaza"], "assyria": ["tyre", "sidon"]}
    s, ev = cyclone(b, {"egypt": {"civ_cards": ["engineering"]}, "assyria": {"civ_cards": ["engineering"]}},
                    ships=ships)
    assert s.board.ships == {}
    assert "Egypt loses 3 ships to the cyclone" in texts(ev) and "Assyria loses 2 ships" in texts(ev)
    got = {d.player: d.options["count"] for d in owed(s) if d.kind == "calamity_cities"}
    assert got == {EGYPT: 3, ASSYRIA: 2}
    assert "Engineering" not in texts(ev) and "keeps" not in texts(ev)


# ---- 28.615 Calendar -> Engineering (EPC-2, option): two fewer cities, two ships kept ------------
@pytest.mark.variant("CPCAL-28.615")
@pytest.mark.site("SITE-SAFE-12")
def test_cyclone_engineering_reduces_two_fewer_and_keeps_two_ships():
    b = east_med()
    ships = {"egypt": ["alexandria", "tanis", "gaza"], "assyria": ["tyre", "sidon"]}
    s, ev = cyclone(b, {"egypt": {"civ_cards": ["engineering"]}, "assyria": {"civ_cards": ["engineering"]}},
                    ships=ships, options=LATER)
    assert sorted(s.board.ships["egypt"]) == ["alexandria", "tanis"]
    assert sorted(s.board.ships["assyria"]) == ["sidon", "tyre"]
    got = {d.player: d.options["count"] for d in owed(s) if d.kind == "calamity_cities"}
    assert got == {EGYPT: 1}  # 3 - 2; Assyria 2 - 2 = none
    assert Context(s).cities_of("assyria") == ["salamis", "sidon", "tyre"]
    assert "Engineering" in texts(ev)
