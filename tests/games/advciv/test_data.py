"""tresham/games/advciv/data.py: the static game data (map, trade cards, civilization cards,
A.S.T.) checked against the rulebook's components (sections 1-14, A.1-A.6 of the spec), the
shared map check script (tests/check_map_data.py) and the ``tresham cards`` command."""
import json
import subprocess
import sys

import pytest

from tresham.games.advciv.data import load

from tests.helpers import ROOT


CARDS = {  # card: (groups, cost) as printed in 32.21 ... 32.95
    "pottery": (("crafts",), 45), "cloth_making": (("crafts",), 45),
    "metalworking": (("crafts",), 80), "agriculture": (("crafts",), 110),
    "roadbuilding": (("crafts",), 140), "mining": (("crafts",), 180),
    "engineering": (("crafts", "sciences"), 140), "astronomy": (("sciences",), 80),
    "coinage": (("sciences",), 110), "medicine": (("sciences",), 140),
    "mathematics": (("sciences", "arts"), 230), "drama_and_poetry": (("arts",), 60),
    "music": (("arts",), 60), "architecture": (("arts",), 120),
    "literacy": (("arts", "civics"), 110), "law": (("civics",), 170),
    "democracy": (("civics",), 200), "military": (("civics",), 180),
    "philosophy": (("civics",), 240), "mysticism": (("religion", "arts"), 50),
    "deism": (("religion",), 80), "enlightenment": (("religion",), 150),
    "monotheism": (("religion",), 220), "theology": (("religion",), 250),
}


CRAFTS = ["pottery", "cloth_making", "metalworking", "agriculture", "roadbuilding", "mining",
          "engineering"]
SCIENCES = ["engineering", "astronomy", "coinage", "medicine", "mathematics"]
ARTS = ["mathematics", "drama_and_poetry", "music", "architecture", "literacy", "mysticism"]
RELIGION = ["mysticism", "deism", "enlightenment", "monotheism", "theology"]


def others(group, card, value):
    return {c: value for c in group if c != card}


def craft_credits(card):
    return {**others(CRAFTS, card, 10), "democracy": 10, "monotheism": 10}


EXPECTED_CREDITS = {
    "pottery": craft_credits("pottery"),  # 32.212
    "cloth_making": craft_credits("cloth_making"),  # 32.222
    "metalworking": {**craft_credits("metalworking"), "military": 20},  # 32.232
    "agriculture": craft_credits("agriculture"),  # 32.242
    "roadbuilding": craft_credits("roadbuilding"),  # 32.254
    "mining": craft_credits("mining"),  # 32.264
    "engineering": {**craft_credits("engineering"), **others(SCIENCES, "engineering", 20),
                    "philosophy": 20, "theology": 20},  # 32.314
    "astronomy": {**others(SCIENCES, "astronomy", 20), "philosophy": 20, "theology": 20},  # 32.412
    "coinage": {**others(SCIENCES, "coinage", 20), "philosophy": 20, "theology": 20},  # 32.422
    "medicine": {**others(SCIENCES, "medicine", 20), "philosophy": 20, "theology": 20},  # 32.432
    "mathematics": {**others(SCIENCES, "mathematics", 20), **others(ARTS, "mathematics", 5),
                    "law": 5, "enlightenment": 10, "philosophy": 25, "theology": 25},  # 32.541
    "drama_and_poetry": {"mathematics": 5, "music": 5, "architecture": 5, "law": 5,
                         "mysticism": 5, "democracy": 10, "enlightenment": 10,
                         "literacy": 20},  # 32.612
    "music": {"drama_and_poetry": 5, "architecture": 5, "literacy": 5, "law": 5, "mysticism": 5,
              "democracy": 10, "enlightenment": 10, "mathematics": 20, "philosophy": 20},  # 32.622
    "architecture": {**others(ARTS, "architecture", 5), "democracy": 10, "enlightenment": 10,
                     "law": 15},  # 32.632
    "literacy": {**others(ARTS, "literacy", 5), "enlightenment": 10, "law": 25, "democracy": 25,
                 "philosophy": 25},  # 32.711
    "law": {},  # 32.812: no credits listed
    "democracy": {}, "military": {}, "philosophy": {}, "monotheism": {}, "theology": {},
    "mysticism": {**others(ARTS, "mysticism", 5), **others(RELIGION, "mysticism", 15)},  # 32.912
    "deism": {"enlightenment": 15, "monotheism": 15, "theology": 15},  # 32.922
    "enlightenment": {"monotheism": 15, "theology": 15},  # 32.933
}


# ---- The map data passes the shared check script ------------------------------------------------
def test_map_data_checks_pass():
    """The shared data folder's own check script, run on the project's copy."""
    out = subprocess.run([sys.executable, str(ROOT / "tests" / "check_map_data.py"),
                          str(ROOT / "tresham/games/advciv/data/map.json")], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "OK: all invariants hold" in out.stdout


# ---- 3.2, 4.1, 4.7, 4.8 Map panels and the divider ----------------------------------------------
@pytest.mark.rule("3.2", "4.1", "4.7", "4.8")
def test_map_panels_and_divider():
    d = load().map
    panels = {a.panel for a in d.areas.values()}
    assert {1, 2, 3, 4, "WEM"} <= panels  # four panels + the Western Extension Map
    cfg = d.configs["four_east"]
    land = [a for a in cfg.areas if d.areas[a].is_land]
    assert land and all(d.areas[a].panel != 1 for a in land)  # the divider cuts panel 1 off


# ---- 4.2 Areas: land, water, open sea -----------------------------------------------------------
@pytest.mark.rule("4.2", "4.21", "4.22", "4.23")
def test_areas_land_water_open_sea():
    d = load().map
    seas = [a for a in d.areas.values() if a.is_open_sea]
    assert len(seas) == 10 and all(a.limit == 0 and not a.land_adj for a in seas)
    crete = [a for a in d.areas.values() if a.island == "crete"]
    assert sorted(a.id for a in crete) == ["knossos", "phaestos"]  # one island, two areas
    assert d.areas["byzantium"].is_land and d.areas["byzantium"].has_water  # land and water


# ---- 4.24 Coastal areas -------------------------------------------------------------------------
@pytest.mark.rule("4.24")
def test_coastal_areas():
    d = load().map
    coastal = [a for a in d.areas.values() if a.is_land and a.coastal]
    assert len(coastal) == 107
    assert d.areas["athens"].coastal and not d.areas["assyria"].coastal


# ---- 4.3 Boundaries -----------------------------------------------------------------------------
@pytest.mark.rule("4.3", "4.31", "4.32", "4.33")
def test_boundaries():
    d = load().map
    assert sum(len(a.land_adj) for a in d.areas.values()) // 2 == 282
    assert sum(len(a.water_adj) for a in d.areas.values()) // 2 == 245
    # a mixed boundary is both a land and a water boundary (the Bosporus is a strait)
    both = [(a.id, b) for a in d.areas.values() for b in a.land_adj if b in a.water_adj]
    assert both


# ---- 4.4 Volcanoes, flood plains and city sites -------------------------------------------------
@pytest.mark.rule("4.4", "4.41", "4.42", "4.43")
def test_volcanoes_flood_plains_city_sites():
    d = load().map
    assert sorted(len(v) for v in d.volcanoes.values()) == [1, 2, 2]
    assert d.volcanoes["volcano_aegean"] == ("thera",)
    assert len([a for a in d.areas.values() if a.flood_plain]) == 19
    sites = [a.city_site for a in d.areas.values() if a.city_site]
    assert sites.count("white") == 9 and sites.count("black") == 52
    assert all(d.areas[a].flood_plain for a in d.areas if d.areas[a].city_site == "white")


# ---- 4.5 Population limits ----------------------------------------------------------------------
@pytest.mark.rule("4.5")
def test_population_limits():
    d = load().map
    limits = [a.limit for a in d.areas.values() if a.is_land]
    assert min(limits) == 1 and max(limits) == 5
    main = sum(a.limit for a in d.areas.values() if a.is_land and a.panel != "WEM")
    assert main == 250


# ---- 6.1, 32.1 The civilization cards and their credits; 2.8 the Democracy example --------------
@pytest.mark.rule("6.1", "31.55", "32.1", "32.212", "32.541", "32.912")
def test_civ_card_table():
    d = load()
    assert len(d.civ_cards) == 24
    assert sum(c.cost for c in d.civ_cards.values()) == 3190
    assert d.civ_cards["engineering"].groups == ("crafts", "sciences")
    assert d.civ_cards["mysticism"].credits["music"] == 5
    assert d.civ_cards["mathematics"].credits["philosophy"] == 25
    assert "law" not in d.civ_cards["mysticism"].credits  # Z-30
    received = {c: 0 for c in d.civ_cards}
    for c in d.civ_cards.values():
        for t, v in c.credits.items():
            received[t] += v
    assert received["democracy"] == 125 and received["philosophy"] == 150 and received["law"] == 55


@pytest.mark.rule("2.8")
def test_democracy_example_credits():
    d = load()
    credit = sum(d.civ_cards[c].credits.get("democracy", 0) for c in ("drama_and_poetry", "architecture", "literacy"))
    assert credit == 45


@pytest.mark.rule("32.1", "32.2", "32.21", "32.22", "32.23", "32.24", "32.25", "32.26", "32.3",
                  "32.31", "32.4", "32.41", "32.42", "32.43", "32.5", "32.54", "32.6", "32.61",
                  "32.62", "32.63", "32.7", "32.71", "32.8", "32.81", "32.82", "32.83", "32.84",
                  "32.9", "32.91", "32.92", "32.93", "32.94", "32.95", "31.1", "31.55")
def test_card_groups_and_printed_costs():
    d = load()
    assert {c: (d.civ_cards[c].groups, d.civ_cards[c].cost) for c in d.civ_cards} == CARDS
    dual = sorted(c for c in d.civ_cards if len(d.civ_cards[c].groups) == 2)
    assert dual == ["engineering", "literacy", "mathematics", "mysticism"]  # 31.55


@pytest.mark.rule("32.212", "32.222", "32.232", "32.242", "32.254", "32.264", "32.314", "32.412",
                  "32.422", "32.432", "32.541", "32.612", "32.622", "32.632", "32.711", "32.812",
                  "32.912", "32.922", "32.933", "31.51", "31.52", "14.1", "31.55")
def test_credit_table_matches_section_32():
    d = load()
    for card, want in EXPECTED_CREDITS.items():
        assert d.civ_cards[card].credits == want, card


# ---- 7.1, 8.1, 9.1 Trade cards: commodities and calamities --------------------------------------
@pytest.mark.rule("7.1")
def test_trade_cards_are_commodities_or_calamities():
    d = load()
    core = [c for c in d.calamities.values() if not c.option]  # the variants' are added by options
    assert len(d.commodities) == 18 and len(core) == 12
    assert d.is_calamity("piracy") and not d.is_calamity("gold")
    assert d.card_value("gold") == 9 and d.card_value("piracy") == 9


@pytest.mark.rule("8.1", "9.1", "28.52")
def test_trade_card_tables():
    d = load()
    assert sum(c.count for c in d.commodities.values()) == 114
    assert d.trade_card_total == 126
    assert d.commodities["cloth"].value == 5 and d.commodities["cloth"].count == 7
    assert d.commodities["grain"].max_set_value == 256
    core = [c for c in d.calamities.values() if not c.option]
    assert [c.id for c in core if not c.tradable] == ["volcano", "famine", "civil_war", "flood"]
    assert d.calamities["piracy"].stack == 9


# ---- 10.2 The A.S.T. tracks ---------------------------------------------------------------------
@pytest.mark.rule("10.2", "10.21")
def test_ast_data():
    d = load()
    assert d.ast.finish == 15
    for nation, track in d.ast.tracks.items():
        assert track.threshold(15, 15) is not None
        assert track.epoch_at(0) == "stone" and track.epoch_at(15) == "late_iron"


# ---- The cards command --------------------------------------------------------------------------
def test_cards_cli_json():
    out = subprocess.run([str(ROOT / ".venv/bin/tresham"), "cards", "--json"], capture_output=True, text=True)
    rows = json.loads(out.stdout)
    assert {r["name"] for r in rows} >= {"Pottery", "Theology"}
    assert next(r for r in rows if r["id"] == "roadbuilding")["prerequisite"] == "engineering"
