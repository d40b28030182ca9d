"""Calamity effects (30.21 Volcano/Earthquake, 30.22 Treachery, 30.31 Famine, 30.32
Superstition, 30.71 Civil Disorder, 30.81 Iconoclasm and Heresy, 30.91 Piracy) and the card
effects that modify them (32.x)."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.game import Game
from tresham.games.advciv.rules.calamities.civil_disorder import disorder_count
from tresham.games.advciv.rules.calamities.iconoclasm import iconoclasm_count
from tresham.games.base import IllegalOrder

from tests.helpers import play, position, texts, refused

SIX = ["egypt", "babylon", "assyria", "asia", "crete", "thrace"]
EGYPT, BABYLON, ASSYRIA, ASIA, CRETE, THRACE = range(6)


def cal(board=None, players=None, **kw):
    """Six nations, the calamity phase started. Thrace holds five Gold so the next phase
    (civ card purchases) waits on it and the board stays as the calamities left it."""
    players = {k: dict(v) for k, v in (players or {}).items()}
    players.setdefault("thrace", {}).setdefault("hand", ["gold"] * 5)
    return position(nations=SIX, phase="calamities", board=board or {}, players=players, **kw)


def owed(state):
    return [d for d in engine.pending(state) if d.required]


def cities(board_areas, owner, tokens=None):
    out = {a: {"city": owner} for a in board_areas}
    if tokens:
        for a, n in tokens.items():
            out.setdefault(a, {})["tokens"] = {owner: n}
    return out


# ---- Volcanic Eruption / Earthquake (30.21) -------------------------------------------------

@pytest.mark.rule("30.211", "29.65")
def test_volcano_eliminates_every_unit_but_barbarians_and_pirates():
    board = {"neapolis": {"city": "egypt"},
             "campania": {"tokens": {"babylon": 2, "barbarians": 3}},
             "rome": {"city": "babylon"},
             "upper_egypt": {"tokens": {"egypt": 6}}, "mesopotamia": {"tokens": {"babylon": 6}},
             "milazzo": {"city": "pirates"}}
    s, ev = cal(board, {"egypt": {"hand": ["volcano"]}})
    g = Game(s)
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
    assert "syracuse" not in s.board.cities and Game(s).tokens("milazzo", "babylon") == 0


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
    assert len(Game(s3).cities_of("egypt")) == 1


@pytest.mark.rule("30.212")
def test_earthquake_destroys_victims_city_and_reduces_the_most_damaging_neighbour():
    # Tanis has no volcano; Gaza (limit 1: reduction is worth 4) beats Alexandria (limit 4: 1)
    board = {"tanis": {"city": "egypt"}, "gaza": {"city": "babylon"}, "alexandria": {"city": "assyria"},
             "upper_egypt": {"tokens": {"egypt": 6}}, "mesopotamia": {"tokens": {"babylon": 6}},
             "armenia": {"tokens": {"assyria": 6}}}
    s, ev = cal(board, {"egypt": {"hand": ["volcano"]}})
    g = Game(s)
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
    assert "rhodes" not in s.board.cities and Game(s).tokens("rhodes", "babylon") == 2


@pytest.mark.rule("30.213", "32.312")
def test_engineering_reduces_the_earthquake_and_protects_secondaries():
    board = {"tanis": {"city": "egypt"}, "gaza": {"city": "babylon"}, "alexandria": {"city": "assyria"},
             "upper_egypt": {"tokens": {"egypt": 6}}, "mesopotamia": {"tokens": {"babylon": 6}},
             "armenia": {"tokens": {"assyria": 6}}}
    s, _ = cal(board, {"egypt": {"hand": ["volcano"], "civ_cards": ["engineering"]},
                       "babylon": {"civ_cards": ["engineering"]}})
    g = Game(s)
    assert "tanis" not in s.board.cities and g.tokens("tanis", "egypt") == 3  # reduced, not destroyed
    assert s.board.cities["gaza"] == "babylon"  # Engineering holder cannot be the secondary
    assert "alexandria" not in s.board.cities and g.tokens("alexandria", "assyria") == 4


@pytest.mark.rule("30.213")
def test_engineering_does_not_help_against_volcanoes():
    board = {"thera": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 6}}}
    s, _ = cal(board, {"egypt": {"hand": ["volcano"], "civ_cards": ["engineering"]}})
    assert "thera" not in s.board.cities and Game(s).tokens("thera", "egypt") == 0


@pytest.mark.rule("30.212")
def test_earthquake_without_neighbour_only_hits_the_victim_and_ties_are_his_choice():
    board = {"tanis": {"city": "egypt"}, "thebes": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 6}}}
    s, _ = cal(board, {"egypt": {"hand": ["volcano"]}})
    d = owed(s)[0]
    assert d.kind == "calamity_site" and sorted(x[0] for x in d.options["sites"]) == ["tanis", "thebes"]
    s2, _ = play(s, {"type": "choose_site", "player": EGYPT, "site": "thebes", "target": ""})
    assert Game(s2).cities_of("egypt") == ["tanis"]


# ---- Treachery (30.22) -----------------------------------------------------------------------

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
    assert "thebes" not in s.board.cities and Game(s).tokens("thebes", "egypt") == 0
    assert len(Game(s).cities_of("babylon")) == 9
    assert "destroyed" in texts(ev)


@pytest.mark.rule("30.222")
def test_untraded_treachery_reduces_a_city_chosen_by_the_victim():
    board = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 6}}}
    s, _ = cal(board, {"egypt": {"hand": ["treachery"]}})
    assert owed(s)[0].player == EGYPT
    s2, _ = play(s, {"type": "choose_cities", "player": EGYPT, "cities": ["thebes"]})
    assert Game(s2).cities_of("egypt") == ["memphis"] and Game(s2).tokens("thebes", "egypt") == 3
    assert Game(s2).cities_of("babylon") == []


# ---- Famine (30.31) --------------------------------------------------------------------------

def famine_board():
    return {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"},
            "upper_egypt": {"tokens": {"egypt": 12}}, "babylonia": {"tokens": {"babylon": 10}},
            "armenia": {"tokens": {"assyria": 10}}, "galatia": {"tokens": {"asia": 10}},
            "rhodes": {"tokens": {"crete": 3}}}


@pytest.mark.rule("30.311", "29.64", "29.62", "29.63")
def test_famine_ten_for_the_victim_twenty_assigned_at_most_eight_each():
    s, _ = cal(famine_board(), {"egypt": {"hand": ["famine"]}})
    d = owed(s)
    assert [x.kind for x in d] == ["famine_assign"]
    assert d[0].options["caps"] == {"babylon": 8, "assyria": 8, "asia": 8, "crete": 3}
    refused(s, {"type": "famine_assign", "player": EGYPT, "victims": {"babylon": 9, "assyria": 8, "asia": 3}},
            "30.311")
    refused(s, {"type": "famine_assign", "player": EGYPT, "victims": {"crete": 4, "assyria": 8, "asia": 8}},
            "30.311")
    refused(s, {"type": "famine_assign", "player": EGYPT, "victims": {"babylon": 8, "assyria": 8, "asia": 3}},
            "29.64")
    s, _ = play(s, {"type": "famine_assign", "player": EGYPT,
                    "victims": {"babylon": 8, "assyria": 8, "crete": 3, "asia": 1}})
    g = Game(s)
    # single-area losses are taken at once; Egypt still chooses his 10
    assert (g.tokens("babylonia", "babylon"), g.tokens("armenia", "assyria"),
            g.tokens("galatia", "asia"), g.tokens("rhodes", "crete")) == (2, 2, 9, 0)
    assert [x.player for x in owed(s)] == [EGYPT]
    # 29.63: 10 exactly; a reduced Thebes counts 5 - 3 = 2 (29.62)
    refused(s, {"type": "choose_losses", "player": EGYPT, "tokens": {"upper_egypt": 5}, "reduce": ["thebes"]},
            "29.63")
    s, _ = play(s, {"type": "choose_losses", "player": EGYPT, "tokens": {"upper_egypt": 3},
                    "reduce": ["thebes"], "destroy": ["memphis"]})
    g = Game(s)
    assert g.cities_of("egypt") == [] and g.tokens("thebes", "egypt") == 3 and g.tokens("upper_egypt", "egypt") == 9


@pytest.mark.rule("30.312", "32.211")
def test_pottery_and_grain_reduce_famine_and_the_grain_is_shown():
    players = {"egypt": {"hand": ["famine", "grain", "grain"], "civ_cards": ["pottery"]},
               "babylon": {"hand": ["grain", "grain", "grain"], "civ_cards": ["pottery"]}}
    s, ev = cal(famine_board(), players)
    s, ev2 = play(s, {"type": "famine_assign", "player": EGYPT,
                      "victims": {"babylon": 8, "assyria": 8, "asia": 4}})
    # 30.312: Pottery holders *may* show Grain: each decides (two of Babylon's three suffice)
    grain = {d.player: d.options["max_grain"] for d in owed(s)}
    assert grain == {EGYPT: 2, BABYLON: 2}
    refused(s, {"type": "famine_grain", "player": BABYLON, "grain": 3}, "30.312")
    s, ev3 = play(s, {"type": "famine_grain", "player": BABYLON, "grain": 2},
                  {"type": "famine_grain", "player": EGYPT, "grain": 2})
    ev2 = ev2 + ev3
    g = Game(s)
    # Egypt: 10 - 2 x 4 = 2; Babylon: 8 - 2 x 4 = 0
    assert g.of("egypt").flags["famine_grain"] == 2 and g.of("babylon").flags["famine_grain"] == 2
    assert g.tokens("babylonia", "babylon") == 10
    assert sorted(g.of("egypt").hand) == ["grain", "grain"]  # shown, not discarded
    d = owed(s)
    assert [x.player for x in d] == [EGYPT] and d[0].options["points"] == 2
    assert "shows 2 Grain" in texts(ev + ev2)


@pytest.mark.rule("30.311")
@pytest.mark.site("SITE-CAL-05")
def test_famine_assignment_default_hits_the_leaders():
    players = {"egypt": {"hand": ["famine"]}, "crete": {"treasury": 30}, "asia": {"treasury": 20},
               "assyria": {"treasury": 10}}
    board = famine_board()
    board["rhodes"] = {"tokens": {"crete": 9}}
    s, _ = cal(board, players)
    s, ev = play(s, {"type": "timeout", "player": EGYPT})
    g = Game(s)
    assert g.tokens("rhodes", "crete") == 1 and g.tokens("galatia", "asia") == 2
    assert g.tokens("armenia", "assyria") == 6 and g.tokens("babylonia", "babylon") == 10
    s, _ = play(s, {"type": "timeout", "player": EGYPT})  # random units for Egypt's own 10
    assert Game(s).unit_points_on_board("egypt") == 22 - 10  # exactly 10 (29.63)


# ---- Superstition (30.32) --------------------------------------------------------------------

FOUR = ["thebes", "memphis", "tanis", "buhen"]


@pytest.mark.rule("30.321")
def test_superstition_three_cities_chosen_by_the_victim():
    board = cities(FOUR, "egypt", {"upper_egypt": 10})
    s, _ = cal(board, {"egypt": {"hand": ["superstition"]}})
    d = owed(s)[0]
    assert d.options["count"] == 3
    refused(s, {"type": "choose_cities", "player": EGYPT, "cities": ["thebes", "memphis"]}, "30.32")
    s2, ev = play(s, {"type": "choose_cities", "player": EGYPT, "cities": ["thebes", "memphis", "tanis"]})
    g = Game(s2)
    assert g.cities_of("egypt") == ["buhen"]
    assert [g.tokens(a, "egypt") for a in ("thebes", "memphis", "tanis")] == [3, 3, 3]


@pytest.mark.rule("30.322", "32.911", "32.921", "32.931")
@pytest.mark.parametrize("cards,reduced", [([], 3), (["mysticism"], 2), (["deism"], 1),
                                           (["mysticism", "deism"], 1), (["enlightenment"], 0),
                                           (["mysticism", "deism", "enlightenment"], 0)])
def test_superstition_only_the_highest_religion_card_counts(cards, reduced):
    board = cities(FOUR, "egypt", {"upper_egypt": 10})
    s, _ = cal(board, {"egypt": {"hand": ["superstition"], "civ_cards": cards}})
    if reduced:
        assert owed(s)[0].options["count"] == reduced
        s, _ = play(s, {"type": "timeout", "player": EGYPT})
    assert len(Game(s).cities_of("egypt")) == 4 - reduced


# ---- Civil Disorder (30.71) ------------------------------------------------------------------

SEVEN = ["thebes", "memphis", "tanis", "buhen", "alexandria", "gaza", "jerusalem"]


@pytest.mark.rule("30.711", "30.712", "30.713", "30.714", "30.715", "32.811", "32.833", "32.252")
@pytest.mark.parametrize("n,cards,reduced", [
    (7, [], 4), (7, ["law"], 3), (7, ["music", "drama_and_poetry", "law", "democracy"], 0),
    (7, ["military"], 5), (7, ["military", "roadbuilding"], 6), (7, ["music", "military"], 4),
    (2, ["military"], 1),  # Z-38: max(0, 2 - 3) + 1
    (3, ["roadbuilding", "law"], 0), (9, ["military", "roadbuilding"], 8), (3, [], 0)])
def test_civil_disorder_count(n, cards, reduced):
    areas = (SEVEN + ["ptolemais", "nubia"])[:n]
    s, _ = cal(cities(areas, "egypt", {"upper_egypt": 20}), {"egypt": {"civ_cards": cards}})
    assert disorder_count(Game(s), "egypt") == reduced


@pytest.mark.rule("30.711")
def test_civil_disorder_victim_chooses_the_cities():
    s, _ = cal(cities(SEVEN[:5], "egypt", {"upper_egypt": 12}), {"egypt": {"hand": ["civil_disorder"]}})
    assert owed(s)[0].options["count"] == 2
    s, _ = play(s, {"type": "choose_cities", "player": EGYPT, "cities": ["tanis", "alexandria"]})
    assert Game(s).cities_of("egypt") == ["buhen", "memphis", "thebes"]


# ---- Iconoclasm and Heresy (30.81) ------------------------------------------------------------

@pytest.mark.rule("30.811", "30.812", "30.813", "30.814", "30.815", "30.816", "30.817",
                  "32.811", "32.841", "32.951", "32.943", "32.252")
@pytest.mark.parametrize("cards,reduced", [
    ([], 4), (["law"], 3), (["philosophy"], 3), (["theology"], 1), (["monotheism"], 5),
    (["roadbuilding"], 5), (["law", "philosophy", "theology"], 0), (["theology", "monotheism", "roadbuilding"], 3),
    (["law", "philosophy", "theology", "monotheism"], 0)])
def test_iconoclasm_count(cards, reduced):
    s, _ = cal(cities(SEVEN[:6], "egypt", {"upper_egypt": 20}), {"egypt": {"civ_cards": cards}})
    assert iconoclasm_count(Game(s), "egypt") == reduced


def icon_board():
    b = cities(SEVEN[:5], "egypt", {"upper_egypt": 12})
    b.update(cities(["ur", "susa"], "babylon", {"mesopotamia": 6}))
    b.update(cities(["nineveh", "aleppo"], "assyria", {"armenia": 6}))
    b.update(cities(["ionia", "kanesh"], "asia", {"galatia": 6}))
    b.update(cities(["knossos", "phaestos"], "crete", {"rhodes": 6}))
    return b


@pytest.mark.rule("30.811", "30.818", "30.819", "29.61", "29.4", "32.841", "32.951")
def test_iconoclasm_secondary_cities_exclude_trader_theology_and_limit_philosophy():
    players = {"asia": {"hand": ["iconoclasm"], "flags": {"calamity_from": {"iconoclasm": "crete"}}},
               "babylon": {"civ_cards": ["theology"]}, "assyria": {"civ_cards": ["philosophy"]}}
    s, _ = cal(icon_board(), players)
    # Asia has two cities, both reduced without asking; then the secondary choice
    assert Game(s).cities_of("asia") == []
    d = owed(s)[0]
    assert d.player == ASIA and d.options["count"] == 2
    assert d.options["cities"] == ["aleppo", "alexandria", "buhen", "memphis", "nineveh", "tanis", "thebes"]
    refused(s, {"type": "choose_cities", "player": ASIA, "cities": ["knossos", "thebes"]}, "30.818")
    refused(s, {"type": "choose_cities", "player": ASIA, "cities": ["ur", "thebes"]}, "30.818")
    refused(s, {"type": "choose_cities", "player": ASIA, "cities": ["nineveh", "aleppo"]}, "30.819")
    s, _ = play(s, {"type": "choose_cities", "player": ASIA, "cities": ["nineveh", "thebes"]})
    g = Game(s)
    assert g.cities_of("assyria") == ["aleppo"] and "thebes" not in g.cities_of("egypt")
    assert g.cities_of("crete") == ["knossos", "phaestos"]


@pytest.mark.rule("30.818", "29.4")
@pytest.mark.site("SITE-CAL-05")
def test_iconoclasm_default_secondaries_are_the_leaders():
    players = {"asia": {"hand": ["iconoclasm"]}, "crete": {"treasury": 300}, "babylon": {"treasury": 40}}
    s, _ = cal(icon_board(), players)
    before = Game(s)
    cities_before = {p.nation: len(before.cities_of(p.nation)) for p in before.active()}
    s, _ = play(s, {"type": "timeout", "player": ASIA})
    g = Game(s)
    # untraded: "the winning players" (ruling CA-21): Crete (300 treasury) leads on public
    # points, Egypt (5 cities) comes second among the others: one city each, Babylon spared
    assert [n for n in before.leaders() if n != "asia"][:2] == ["crete", "egypt"]
    assert len(g.cities_of("crete")) == cities_before["crete"] - 1
    assert len(g.cities_of("egypt")) == cities_before["egypt"] - 1
    assert len(g.cities_of("babylon")) == cities_before["babylon"]


# ---- Piracy (30.91) --------------------------------------------------------------------------

def piracy_board():
    b = cities(["tanis", "gaza", "jerusalem", "thebes"], "egypt", {"upper_egypt": 10})
    b.update(cities(["ur"], "babylon", {"mesopotamia": 4}))
    b.update(cities(["tyre", "nineveh"], "assyria", {"armenia": 6}))
    b.update(cities(["antioch"], "asia", {"galatia": 4}))
    b.update(cities(["knossos"], "crete", {"rhodes": 4}))
    return b


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
    g = Game(s)
    assert s.board.cities["tyre"] == "pirates" and s.board.cities["knossos"] == "pirates"
    assert g.cities_of("egypt") == ["jerusalem", "thebes"] and g.cities_of("assyria") == ["nineveh"]
    # 30.913: pirate cities need no support and stay after the support check (29.8)
    assert s.phase == "advances" and sum(1 for o in s.board.cities.values() if o == "pirates") == 4


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


@pytest.mark.rule("30.911")
def test_untraded_piracy_chooser_is_the_player_with_most_units_in_stock():
    players = {"egypt": {"hand": ["piracy"]}, "thrace": {"hand": ["gold"] * 5}}
    s, _ = cal(piracy_board(), players)
    # Thrace has nothing on the board: 55 tokens + 9 cities in stock (Z-25)
    assert owed(s)[0].player == THRACE
    s, _ = play(s, {"type": "timeout", "player": THRACE})
    assert sum(1 for a in ("tanis", "gaza", "jerusalem") if s.board.cities[a] == "pirates") == 2


@pytest.mark.rule("30.2", "30.21", "30.22", "30.3", "30.31", "30.32", "30.7", "30.71", "30.8", "30.81",
                  "30.9", "30.91")
def test_calamity_levels_tradability_and_rules_of_this_group():
    from tresham.games.advciv.data import load
    from tresham.games.advciv.rules.calamities.base import EFFECTS
    d = load()
    want = {"volcano": (2, False, "30.21"), "treachery": (2, True, "30.22"), "famine": (3, False, "30.31"),
            "superstition": (3, True, "30.32"), "civil_disorder": (7, True, "30.71"),
            "iconoclasm": (8, True, "30.81"), "piracy": (9, True, "30.91")}
    for cid, (stack, tradable, rule) in want.items():
        c = d.calamities[cid]
        assert (c.stack, c.tradable, c.rule) == (stack, tradable, rule)
        assert EFFECTS[cid].rule == rule


@pytest.mark.rule("30.819", "30.912")
def test_bot_samples_cover_every_legal_secondary_choice_and_nothing_else():
    from tresham.games.advciv.phase import PHASES
    from tresham.rng import Rng
    players = {"asia": {"hand": ["iconoclasm"], "flags": {"calamity_from": {"iconoclasm": "crete"}}},
               "babylon": {"civ_cards": ["theology"]}, "assyria": {"civ_cards": ["philosophy"]}}
    s, _ = cal(icon_board(), players)
    seen = set()
    for k in range(300):
        o = PHASES["calamities"].sample(Game(s), ASIA, Rng(k))
        assert not (set(o.cities) >= {"nineveh", "aleppo"})
        seen.add(tuple(o.cities))
    # 7 cities, pairs without both of Assyria's: 21 - 1 = 20
    assert len(seen) == 20
    s, _ = cal(piracy_board(), {"egypt": {"hand": ["piracy"], "flags": {"calamity_from": {"piracy": "babylon"}}}})
    s, _ = play(s, {"type": "choose_cities", "player": BABYLON, "cities": ["gaza", "tanis"]})
    seen = {tuple(PHASES["calamities"].sample(Game(s), EGYPT, Rng(k)).cities) for k in range(100)}
    assert seen == {("antioch", "knossos"), ("antioch", "tyre"), ("knossos", "tyre")}


@pytest.mark.rule("30.311")
def test_famine_bot_allocation_is_uniform_and_legal():
    from collections import Counter

    from tresham.games.advciv.rules.calamities.famine import uniform_allocation
    from tresham.rng import Rng
    rng = Rng(3)
    seen = Counter()
    for _ in range(3000):
        a = uniform_allocation({"a": 2, "b": 2, "c": 1}, 3, rng)
        assert sum(a.values()) == 3 and a.get("a", 0) <= 2 and a.get("b", 0) <= 2 and a.get("c", 0) <= 1
        seen[tuple(sorted(a.items()))] += 1
    # (2,1,0) (2,0,1) (1,2,0) (0,2,1) (1,1,1): five allocations, each about 600 times
    assert len(seen) == 5 and min(seen.values()) > 450


@pytest.mark.rule("30.312", "32.211")
def test_grain_shown_against_famine_cannot_buy_cards_this_turn():
    board = famine_board()
    board["rhodes"] = {"tokens": {"crete": 9}}
    rich = {"hand": ["grain", "grain"], "civ_cards": ["pottery"], "treasury": 30}
    # without Famine: 30 treasury + Grain 16 pays for Cloth Making (45 - 10 Pottery credit)
    s0, _ = cal(board, {"egypt": dict(rich)})
    assert EGYPT in [d.player for d in owed(s0)]
    s, _ = cal(board, {"egypt": dict(rich, hand=["famine", "grain", "grain"])})
    s, _ = play(s, {"type": "famine_assign", "player": EGYPT, "victims": {"babylon": 8, "assyria": 8, "asia": 4}},
                {"type": "timeout", "player": EGYPT})  # default: show both Grain (10 - 8 = 2)
    s, _ = play(s, {"type": "timeout", "player": EGYPT})  # then lose the 2 points at random
    assert s.phase == "advances" and sorted(s.player("egypt").hand) == ["grain", "grain"]
    assert EGYPT not in [d.player for d in owed(s)]
    with pytest.raises(IllegalOrder):
        engine.apply(s, {"type": "buy", "player": EGYPT, "cards": ["cloth_making"],
                         "pay_cards": ["grain", "grain"], "treasury": 30})



@pytest.mark.rule("30.312", "32.211")
def test_pottery_holder_may_keep_his_grain():
    """30.312 says a Pottery holder *may* reduce his Famine loss: showing no Grain keeps it free
    for buying cards, and the full loss is owed."""
    players = {"egypt": {"hand": ["famine"]},
               "babylon": {"hand": ["grain", "grain", "salt"], "civ_cards": ["pottery"]}}
    s, _ = cal(famine_board(), players)
    s, _ = play(s, {"type": "famine_assign", "player": EGYPT, "victims": {"babylon": 8, "assyria": 8, "asia": 4}},
                {"type": "famine_grain", "player": BABYLON, "grain": 0})
    g = Game(s)
    assert "famine_grain" not in g.of("babylon").flags
    assert g.tokens("babylonia", "babylon") == 10 - 8  # the full loss (only tokens: no choice)
    assert sorted(g.of("babylon").hand) == ["grain", "grain", "salt"]
