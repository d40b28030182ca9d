"""tresham/games/advciv/rules/calamities/iconoclasm.py: Iconoclasm and Heresy (30.81)."""
import pytest

from tresham.games.advciv.context import Context
from tresham.games.advciv.rules.calamities.iconoclasm import iconoclasm_count

from tests.helpers import (ASIA, BABYLON, EGYPT, SEVEN, cal, cities, owed, piracy_board, play,
                           refused)


def icon_board():
    b = cities(SEVEN[:5], "egypt", {"upper_egypt": 12})
    b.update(cities(["ur", "susa"], "babylon", {"mesopotamia": 6}))
    b.update(cities(["nineveh", "aleppo"], "assyria", {"armenia": 6}))
    b.update(cities(["ionia", "kanesh"], "asia", {"galatia": 6}))
    b.update(cities(["knossos", "phaestos"], "crete", {"rhodes": 6}))
    return b


# ---- 30.811-30.817 The victim's own cities ------------------------------------------------------
@pytest.mark.rule("30.811", "30.812", "30.813", "30.814", "30.815", "30.816", "30.817",
                  "32.811", "32.841", "32.951", "32.943", "32.252")
@pytest.mark.parametrize("cards,reduced", [
    ([], 4), (["law"], 3), (["philosophy"], 3), (["theology"], 1), (["monotheism"], 5),
    (["roadbuilding"], 5), (["law", "philosophy", "theology"], 0), (["theology", "monotheism", "roadbuilding"], 3),
    (["law", "philosophy", "theology", "monotheism"], 0)])
def test_iconoclasm_count(cards, reduced):
    s, _ = cal(cities(SEVEN[:6], "egypt", {"upper_egypt": 20}), {"egypt": {"civ_cards": cards}})
    assert iconoclasm_count(Context(s), "egypt") == reduced


@pytest.mark.rule("30.811", "30.814", "30.815", "30.816", "30.817")
def test_iconoclasm_theology_holder_with_monotheism_and_roadbuilding_reduces_three():
    s, _ = cal(cities(SEVEN[:5], "egypt", {"upper_egypt": 12}),
               {"egypt": {"hand": ["iconoclasm"], "civ_cards": ["theology", "monotheism", "roadbuilding"]}})
    d = owed(s)[0]
    assert d.player == EGYPT and d.options["count"] == 3  # 4 - 3 + 1 + 1


# ---- 30.818, 30.819 Two cities of other players; Philosophy and Theology ------------------------
@pytest.mark.rule("30.811", "30.818", "30.819", "29.61", "29.4", "32.841", "32.951")
def test_iconoclasm_secondary_cities_exclude_trader_theology_and_limit_philosophy():
    players = {"asia": {"hand": ["iconoclasm"], "flags": {"calamity_from": {"iconoclasm": "crete"}}},
               "babylon": {"civ_cards": ["theology"]}, "assyria": {"civ_cards": ["philosophy"]}}
    s, _ = cal(icon_board(), players)
    # Asia has two cities, both reduced without asking; then the secondary choice
    assert Context(s).cities_of("asia") == []
    d = owed(s)[0]
    assert d.player == ASIA and d.options["count"] == 2
    assert d.options["cities"] == ["aleppo", "alexandria", "buhen", "memphis", "nineveh", "tanis", "thebes"]
    refused(s, {"type": "choose_cities", "player": ASIA, "cities": ["knossos", "thebes"]}, "30.818")
    refused(s, {"type": "choose_cities", "player": ASIA, "cities": ["ur", "thebes"]}, "30.818")
    refused(s, {"type": "choose_cities", "player": ASIA, "cities": ["nineveh", "aleppo"]}, "30.819")
    s, _ = play(s, {"type": "choose_cities", "player": ASIA, "cities": ["nineveh", "thebes"]})
    g = Context(s)
    assert g.cities_of("assyria") == ["aleppo"] and "thebes" not in g.cities_of("egypt")
    assert g.cities_of("crete") == ["knossos", "phaestos"]


@pytest.mark.rule("30.818", "29.4")
@pytest.mark.site("SITE-CAL-05")
def test_iconoclasm_default_secondaries_are_the_leaders():
    players = {"asia": {"hand": ["iconoclasm"]}, "crete": {"ast": 3}, "babylon": {"treasury": 40}}
    s, _ = cal(icon_board(), players)
    before = Context(s)
    cities_before = {p.nation: len(before.cities_of(p.nation)) for p in before.active()}
    s, _ = play(s, {"type": "timeout", "player": ASIA})
    g = Context(s)
    # untraded: "the winning players" (ruling CA-21): Crete (3 A.S.T. spaces, 300) leads on public
    # points, Egypt (5 cities) comes second among the others: one city each, Babylon spared
    assert [n for n in before.leaders() if n != "asia"][:2] == ["crete", "egypt"]
    assert len(g.cities_of("crete")) == cities_before["crete"] - 1
    assert len(g.cities_of("egypt")) == cities_before["egypt"] - 1
    assert len(g.cities_of("babylon")) == cities_before["babylon"]


@pytest.mark.rule("30.818", "30.819", "32.841")
def test_iconoclasm_a_single_philosophy_holder_loses_one_city_of_the_victims_choice():
    players = {"asia": {"hand": ["iconoclasm"], "flags": {"calamity_from": {"iconoclasm": "crete"}}},
               "babylon": {"civ_cards": ["theology"]}, "egypt": {"civ_cards": ["theology"]},
               "assyria": {"civ_cards": ["philosophy"]}}
    s, _ = cal(icon_board(), players)
    d = owed(s)[0]
    assert d.player == ASIA and d.options["count"] == 1 and d.options["cities"] == ["aleppo", "nineveh"]
    refused(s, {"type": "choose_cities", "player": ASIA, "cities": ["aleppo", "nineveh"]}, "30.818")
    s, _ = play(s, {"type": "choose_cities", "player": ASIA, "cities": ["aleppo"]})
    g = Context(s)
    assert g.cities_of("assyria") == ["nineveh"] and len(g.cities_of("egypt")) == 5


@pytest.mark.rule("30.819", "30.912")
def test_bot_samples_cover_every_legal_secondary_choice_and_nothing_else():
    from tresham.games.advciv.phase import PHASES
    from tresham.rng import Rng
    players = {"asia": {"hand": ["iconoclasm"], "flags": {"calamity_from": {"iconoclasm": "crete"}}},
               "babylon": {"civ_cards": ["theology"]}, "assyria": {"civ_cards": ["philosophy"]}}
    s, _ = cal(icon_board(), players)
    seen = set()
    for k in range(300):
        o = PHASES["calamities"].sample(Context(s), ASIA, Rng(k))
        assert not (set(o.cities) >= {"nineveh", "aleppo"})
        seen.add(tuple(o.cities))
    # 7 cities, pairs without both of Assyria's: 21 - 1 = 20
    assert len(seen) == 20
    s, _ = cal(piracy_board(), {"egypt": {"hand": ["piracy"], "flags": {"calamity_from": {"piracy": "babylon"}}}})
    s, _ = play(s, {"type": "choose_cities", "player": BABYLON, "cities": ["gaza", "tanis"]})
    seen = {tuple(PHASES["calamities"].sample(Context(s), EGYPT, Rng(k)).cities) for k in range(100)}
    assert seen == {("antioch", "knossos"), ("antioch", "tyre"), ("knossos", "tyre")}
