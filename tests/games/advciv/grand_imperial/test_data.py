"""tresham/games/advciv/grand_imperial/data.py: the Grand Imperial v1.1 tables
(data/grand_imperial.json) against the seed's numbers (seed 001_199a5eef780342bd.txt,
variants.md section 2) and against the map and cards of the plain game. Rulings GID-n:
docs/rulings/grand-imperial-data.md."""
import copy
import json
from collections import Counter

import pytest

from tresham.games.advciv.data import DATA_DIR, DataError, load
from tresham.games.advciv.grand_imperial import data as gi

D = load()
LAND = {a.id for a in D.map.areas.values() if a.is_land}
SEAS = {a.id for a in D.map.areas.values() if a.is_open_sea}


@pytest.fixture
def patched_doc(monkeypatch):
    """A deep copy of the data file to break; every cache is cleared before and after, so
    neither the broken copy nor the real file leaks into other tests."""
    caches = [v for v in vars(gi).values() if hasattr(v, "cache_clear")]
    for c in caches:
        c.cache_clear()
    doc = copy.deepcopy(gi._doc())
    gi._doc.cache_clear()
    monkeypatch.setattr(gi, "_doc", lambda: doc)
    yield doc
    monkeypatch.undo()
    for c in caches:
        c.cache_clear()


# --- Regions (GI-REGION) ------------------------------------------------------------------

#: Each region as the seed spells it: its areas (typos included) and its regional stack.
SEED_REGIONS = {
    "armenia": (1, ["Kuban", "Mikop", "Nalchik", "Caucasus", "Cappadocia", "Armenia", "Lesser Armenia",
                    "Media", "Nineveh", "Elam", "Parthia"],
                {"ochre": 2, "timber": 2, "cloth": 1, "gems": 2}),
    "mesopotamia": (2, ["Assyria", "Carrhae", "Mesopotamia", "Babylonia", "Susa", "Babylon", "Ur", "Mari",
                        "Sumeria", "Charax", "Chaldea", "Arabia"],
                    {"ochre": 1, "oil": 2, "spices": 3, "gems": 1, "gold": 1}),
    "levant": (3, ["Antioch", "Aleppo", "Phoenicia", "Syria", "Sidon", "Damascus", "Tyre", "Jericho",
                   "Jerusalem", "Gaza", "Petra", "Sinai", "Midian"],
               {"iron": 1, "salt": 1, "timber": 2, "spices": 1, "dye": 3, "gold": 2}),
    "nile_basin": (4, ["Cyrene", "Cyrenaica", "Western Desert", "Jalo", "Siwa", "Alexandria", "Tanis",
                       "Memphis", "Eastern Desert", "fayum", "Ptolemais", "Upper Eygpt", "Buhen", "Thebes",
                       "Nubia"],
                   {"papyrus": 7, "salt": 1, "oil": 1, "cloth": 2, "spices": 2, "ivory": 1, "gold": 1}),
    "north_africa": (5, ["West Mauretania", "East Mauretania", "New Africa", "Cirta", "Numidia", "Carthage",
                         "Thapsus", "Tunisia", "Sabrata", "Tripoli", "Libya", "Sahara", "Tripilotania"],
                     {"timber": 1, "salt": 5, "dye": 1, "ivory": 3}),
    "iberia": (6, ["Lusitania", "Tarraconensis", "Pyrenees", "Baetica", "Hispania", "Iberus", "New Carthage",
                   "Corduba", "Balaeres", "Ebusus"],
               {"iron": 3, "grain": 2, "wine": 1, "cloth": 1, "bronze": 2, "silver": 2, "gold": 1}),
    "france": (7, ["Britannia", "Londinium", "Lugdunensis", "Belgica", "Upper Germany", "Rhine", "Aquitania",
                   "Gaul", "Rhaetia", "Cisalpina", "Narbo", "Massillia"],
               {"hides": 1, "ochre": 1, "iron": 1, "wine": 2, "cloth": 1, "bronze": 1, "gold": 1}),
    "italy": (8, ["Eturia", "Rubicon", "Rome", "Samnium", "Tarentum", "Neapolis", "Campania", "Corsica",
                  "Sardina", "Caralis", "Palermo", "Milazzo", "Syracuse"],
              {"iron": 2, "oil": 3, "grain": 2, "bronze": 1, "silver": 1, "gold": 1}),
    "upper_danube": (9, ["Lower Germany", "Germany", "Pannonia", "Dalmatia", "Illyicum", "Appollonia"],
                     {"ochre": 1, "hides": 3, "timber": 2, "resin": 3}),
    "lower_danube": (10, ["Sudeten", "Scythia", "Crimea", "Dacia", "Danube", "Tyras", "Moesia", "Paeonia",
                          "Thrace", "Byzantium"],
                     {"ochre": 1, "hides": 2, "grain": 3, "resin": 2}),
    "aegea": (11, ["Macedonia", "Thessalonica", "Lemnos", "Lesbos", "Epirus", "Thessaly", "Chalcis", "Delphi",
                   "Eretria", "Thera", "Rhodes", "Athens", "Corinth", "Argos", "Sparta", "Phaestos", "Knossus"],
              {"hides": 1, "ochre": 1, "iron": 2, "grain": 1, "oil": 1, "cloth": 1, "wine": 3, "silver": 1,
               "gems": 1, "gold": 1}),
    "anatolia": (12, ["Troy", "Bithynia", "Sardes", "Ionia", "Miletus", "Lycia", "Galatia", "Gordium", "Phrygia",
                      "Ankara", "Kanesh", "Cilicia", "Van", "Cyprus", "Salamis"],
                 {"iron": 4, "timber": 1, "salt": 2, "cloth": 1, "silver": 1, "bronze": 2, "gems": 1}),
}
#: The seed's spellings that are no map name or alias, and the area each means (GID-7).
EXPECTED_FIXES = {"Chaldea": "chaldaea", "Upper Eygpt": "upper_egypt", "Tripilotania": "tripolitania",
                  "Eturia": "etruria", "Sardina": "sardinia", "Illyicum": "illyricum", "Knossus": "knossos"}
#: Spellings the map knows as aliases (map.json ``aliases``).
ALIAS_SPELLINGS = {"Balaeres": "baleares", "Massillia": "massilia"}
#: Card totals of the seed's stacks: 7/8/10/15/10/12/8/10/9/8/13/12.
SEED_CARDS = {"armenia": 7, "mesopotamia": 8, "levant": 10, "nile_basin": 15, "north_africa": 10,
              "iberia": 12, "france": 8, "italy": 10, "upper_danube": 9, "lower_danube": 8, "aegea": 13,
              "anatolia": 12}


@pytest.mark.parametrize("rid", [
    pytest.param("armenia", marks=pytest.mark.variant("GI-REGION-01")),
    pytest.param("mesopotamia", marks=pytest.mark.variant("GI-REGION-02")),
    pytest.param("levant", marks=pytest.mark.variant("GI-REGION-03")),
    pytest.param("nile_basin", marks=pytest.mark.variant("GI-REGION-04")),
    pytest.param("north_africa", marks=pytest.mark.variant("GI-REGION-05")),
    pytest.param("iberia", marks=pytest.mark.variant("GI-REGION-06")),
    pytest.param("france", marks=pytest.mark.variant("GI-REGION-07")),
    pytest.param("italy", marks=pytest.mark.variant("GI-REGION-08")),
    pytest.param("upper_danube", marks=pytest.mark.variant("GI-REGION-09")),
    pytest.param("lower_danube", marks=pytest.mark.variant("GI-REGION-10")),
    pytest.param("aegea", marks=pytest.mark.variant("GI-REGION-11")),
    pytest.param("anatolia", marks=pytest.mark.variant("GI-REGION-12")),
])
def test_region_areas_stack_and_count_are_the_seeds(rid):
    """Each region: the seed's areas as map ids in the seed's order, its stack commodity ->
    copies, and its card count."""
    number, names, stack = SEED_REGIONS[rid]
    r = gi.regions()[rid]
    assert r.number == number
    assert r.listed == tuple(gi.resolve_area_name(n) for n in names)
    assert len(r.listed) == len(names)
    assert dict(r.stack) == stack
    assert r.cards == SEED_CARDS[rid] == sum(stack.values())
    assert list(gi.regions()) == list(SEED_REGIONS)


@pytest.mark.variant("GI-REGION-01", "GI-REGION-12", "GI-REQ-02")
def test_sinope_is_armenian_with_the_trade_city_variant_and_anatolian_without():
    """GID-3: Sinope is in exactly one region either way; Tresham has no trade-city variant, so
    the default (no option) is Anatolia."""
    assert gi.region_of("sinope") == "anatolia"
    assert gi.region_of("sinope", trade_city=True) == "armenia"
    assert gi.conditional_areas() == {"sinope": ("armenia", "anatolia")}
    assert len(gi.regions()["armenia"].areas) == 11 and len(gi.regions()["anatolia"].areas) == 16
    assert len(gi.regions(True)["armenia"].areas) == 12 and len(gi.regions(True)["anatolia"].areas) == 15
    assert "sinope" not in gi.regions()["armenia"].areas
    assert "sinope" not in gi.regions(True)["anatolia"].areas


@pytest.mark.variant("GI-REGION-14")
def test_every_seed_spelling_names_exactly_one_map_area():
    """All 148 names (Sinope once) resolve, each to a different area; nine are spelling fixes
    (seven typos, and two spellings the map has as aliases); "fayum" only differs in case."""
    names = [n for _, ns, _ in SEED_REGIONS.values() for n in ns] + ["Sinope"]
    resolved = [gi.resolve_area_name(n) for n in names]
    assert len(names) == 148 and len(set(resolved)) == 148
    assert set(resolved) <= LAND
    assert dict(gi.spelling_corrections()) == {**EXPECTED_FIXES, **ALIAS_SPELLINGS}
    by_name = {a.name: a.id for a in D.map.areas.values()}
    differing = {n: r for n, r in zip(names, resolved) if by_name.get(n) != r}
    assert differing == {**EXPECTED_FIXES, **ALIAS_SPELLINGS, "fayum": "fayum"}
    raw = json.loads((DATA_DIR / "map.json").read_text(encoding="utf-8"))["areas"]
    known = {n.casefold() for a in raw for n in [a["name"], *a["aliases"]]}
    assert not {t.casefold() for t in EXPECTED_FIXES} & known  # only the correction resolves these
    assert {t.casefold() for t in ALIAS_SPELLINGS} <= known
    with pytest.raises(DataError, match="names no map area"):
        gi.resolve_area_name("Atlantis")


@pytest.mark.variant("GI-REGION-14")
@pytest.mark.parametrize("trade_city", [False, True])
def test_every_land_area_of_the_western_extension_map_is_in_exactly_one_region(trade_city):
    """The full map (4 panels + WEM, 149 land areas) is partitioned; open seas are in none."""
    rs = gi.regions(trade_city).values()
    counts = Counter(a for r in rs for a in r.areas)
    assert set(counts) == LAND and set(counts.values()) == {1}
    assert len(LAND) == 149
    wem = {a.id for a in D.map.areas.values() if a.panel == "WEM" and a.is_land}
    assert len(wem) == 26 and wem <= set(counts)
    for sea in SEAS:
        assert gi.region_of(sea, trade_city) is None


@pytest.mark.variant("GI-REGION-14")
def test_the_only_area_the_seed_leaves_out_is_ithaca_which_joins_aegea():
    """GID-2: Ithaca's water neighbours are Epirus and Delphi (Aegea), Appollonia (Upper
    Danube), Tarentum (Italy); it is a Greek island, nearest Epirus."""
    listed = {gi.resolve_area_name(n) for _, ns, _ in SEED_REGIONS.values() for n in ns} | {"sinope"}
    assert LAND - listed == {"ithaca"}
    assert dict(gi.areas_added()) == {"ithaca": "aegea"}
    assert gi.regions()["aegea"].added == ("ithaca",)
    assert gi.region_of("ithaca") == "aegea"
    assert len(gi.regions()["aegea"].areas) == 18
    assert {gi.region_of(a) for a in D.map.areas["ithaca"].water_adj} == {"aegea", "upper_danube", "italy", None}


@pytest.mark.variant("GI-REGION-13", "GI-REQ-01")
def test_stacks_use_every_advciv_commodity_once_plus_5_iron_and_3_gold():
    """Checked against trade_cards.json: no mismatch; 114 + 8 = 122 cards."""
    totals = Counter()
    for r in gi.regions().values():
        totals.update(r.stack)
    extra = {c: totals[c] - D.commodities[c].count for c in D.commodities}
    assert {c: n for c, n in extra.items() if n} == {"iron": 5, "gold": 3}
    assert dict(gi.extra_cards()) == {"iron": 5, "gold": 3}
    assert totals["iron"] == 13 and totals["gold"] == 8
    assert sum(totals.values()) == 122 == sum(c.count for c in D.commodities.values()) + 8
    assert set(totals) == set(D.commodities)


@pytest.mark.variant("GI-REGION-15")
def test_every_regional_card_instance_carries_its_region():
    cards = gi.regional_cards()
    assert len(cards) == 122
    assert Counter(r for r, _ in cards) == SEED_CARDS
    assert Counter(c for r, c in cards if r == "nile_basin") == {"papyrus": 7, "salt": 1, "oil": 1, "cloth": 2,
                                                                  "spices": 2, "ivory": 1, "gold": 1}


@pytest.mark.variant("GI-REGION-14")
def test_a_region_that_loses_an_area_is_refused(patched_doc):
    patched_doc["areas_added"] = {}
    patched_doc["regions"][10].pop("added")
    with pytest.raises(DataError, match=r"in no region \['ithaca'\]"):
        gi.regions()


@pytest.mark.variant("GI-REGION-14")
def test_an_area_in_two_regions_is_refused(patched_doc):
    patched_doc["regions"][0]["areas"].append("troy")
    with pytest.raises(DataError, match="troy is in both"):
        gi.regions()


@pytest.mark.variant("GI-REGION-13")
def test_a_stack_that_miscounts_a_commodity_is_refused(patched_doc):
    patched_doc["regions"][1]["stack"]["gold"] = 2
    patched_doc["regions"][1]["cards"] = 9
    with pytest.raises(DataError, match="9 gold"):
        gi.regions()


# --- Ships (GI-SHIP, GI-SEA) --------------------------------------------------------------


@pytest.mark.data_for("GI-SHIP-01")
def test_three_ship_types_each_built_for_two():
    s = gi.ships()
    assert list(s) == ["trireme", "galleon", "warship"]
    assert {k: v.build_cost for k, v in s.items()} == {"trireme": 2, "galleon": 2, "warship": 2}
    assert s["trireme"].seed_name == "trieme"


@pytest.mark.data_for("GI-SHIP-02")
def test_maintenance_trireme_1_galleon_and_warship_2():
    assert {k: v.maintenance for k, v in gi.ships().items()} == {"trireme": 1, "galleon": 2, "warship": 2}


@pytest.mark.data_for("GI-SHIP-03", "GI-CIV-02", "GI-CIV-03")
def test_galleons_need_the_galleons_card_and_warships_navy():
    assert {k: v.requires for k, v in gi.ships().items()} == {"trireme": None, "galleon": "galleons",
                                                             "warship": "navy"}
    assert gi.civ_cards()["galleons"].allows == "galleon" and gi.civ_cards()["navy"].allows == "warship"


@pytest.mark.data_for("GI-SHIP-04")
def test_moves_3_2_3_and_4_3_4_with_cloth_making_so_a_galleon_moves_3():
    s = gi.ships()
    assert {k: v.move(False) for k, v in s.items()} == {"trireme": 3, "galleon": 2, "warship": 3}
    assert {k: v.move(True) for k, v in s.items()} == {"trireme": 4, "galleon": 3, "warship": 4}
    # Galleons requires Cloth Making, so a player with Galleons always has it: 3.
    assert gi.civ_cards()["galleons"].prerequisite == "cloth_making"
    assert s["galleon"].move(cloth_making=True) == 3


@pytest.mark.data_for("GI-SHIP-05")
def test_capacity_trireme_5_galleon_7_warship_5():
    assert {k: v.capacity for k, v in gi.ships().items()} == {"trireme": 5, "galleon": 7, "warship": 5}
    assert gi.naval().capacity_counts == "tokens and trade cards together"


@pytest.mark.data_for("GI-SHIP-06", "GI-SHIP-07")
def test_tokens_stay_aboard_and_only_triremes_and_galleons_harvest_one_card():
    assert gi.naval().tokens_stay_aboard is True
    assert gi.naval().harvest_cards_per_ship == 1
    assert {k: v.harvests for k, v in gi.ships().items()} == {"trireme": True, "galleon": True, "warship": False}


@pytest.mark.data_for("GI-SEA-02", "GI-SEA-05")
def test_warship_removes_last_and_sinks_free_others_pay_one_token():
    s = gi.ships()
    assert [k for k, v in s.items() if v.removes_last] == ["warship"]
    assert [k for k, v in s.items() if v.sinks_free] == ["warship"]
    assert gi.naval().sink_cost_tokens == 1


# --- Luxury (GI-LUX) ----------------------------------------------------------------------


@pytest.mark.data_for("GI-LUX-02")
def test_luxury_commodities_resin_gems_gold_ivory():
    lx = gi.luxury()
    assert lx.commodities == ("resin", "gems", "gold", "ivory")
    assert len(lx.sources) == 3 and "treasury" in lx.sources


@pytest.mark.data_for("GI-LUX-03")
def test_dispositions_by_points_0_1_2_3_5_and_4_is_satisfied():
    assert {d.id: d.points for d in gi.luxury().dispositions} == {"revolt": 0, "unhappy": 1, "content": 2,
                                                                   "satisfied": 3, "happy": 5}
    assert [gi.disposition_for(p) for p in range(7)] == ["revolt", "unhappy", "content", "satisfied",
                                                         "satisfied", "happy", "happy"]


@pytest.mark.data_for("GI-LUX-03", "GI-CITYADV-07")
def test_a_quarry_city_needs_0_3_4_5_7():
    """The seed's own brackets for Quarry (+2 a level, revolt stays at 0)."""
    shift = gi.city_advances()["quarry"].luxury_shift
    assert shift == 2
    assert list(gi.luxury_thresholds(shift).values()) == [0, 3, 4, 5, 7]
    assert gi.disposition_for(2, shift) == "revolt" and gi.disposition_for(7, shift) == "happy"


@pytest.mark.data_for("GI-LUX-03", "GI-CITYADV-14")
def test_brackets_never_below_zero_gid_8():
    """Palace -2 with Music Hall -1 and Theater -1: every bracket but Happy (5-4=1) is free."""
    a = gi.city_advances()
    shift = a["palace"].luxury_shift + a["music_hall"].luxury_shift + a["theater"].luxury_shift
    assert shift == -4
    assert dict(gi.luxury_thresholds(shift)) == {"revolt": 0, "unhappy": 0, "content": 0, "satisfied": 0, "happy": 1}
    assert gi.disposition_for(0, shift) == "satisfied"


@pytest.mark.data_for("GI-LUX-04", "GI-CARULE-06")
def test_a_revolting_city_draws_nothing_and_its_advances_are_idle():
    r = gi.dispositions()["revolt"]
    assert (r.draws_cards, r.advances_active) == (False, False)
    assert all(d.draws_cards and d.advances_active for k, d in gi.dispositions().items() if k != "revolt")


@pytest.mark.data_for("GI-LUX-05", "GI-LUX-06", "GI-TRADE-01")
def test_unhappy_draws_one_fewer_happy_one_more_and_pays_one_more_tax():
    d = gi.dispositions()
    assert {k: v.card_change for k, v in d.items()} == {"revolt": 0, "unhappy": -1, "content": 0,
                                                        "satisfied": 0, "happy": 1}
    assert {k: v.extra_tax for k, v in d.items() if v.extra_tax} == {"happy": 1}
    assert d["happy"].political == "immune" and d["satisfied"].political == "less exposed"
    assert d["unhappy"].political == "more exposed"
    assert gi.trade().cards_per_city == 1


@pytest.mark.data_for("GI-LUX-07")
def test_the_marker_die_shows_the_points_and_6_for_revolt():
    assert {k: v.die for k, v in gi.dispositions().items()} == {"revolt": 6, "unhappy": 1, "content": 2,
                                                                "satisfied": 3, "happy": 5}


# --- Trade (GI-TRADE) ---------------------------------------------------------------------


@pytest.mark.data_for("GI-TRADE-04")
def test_a_bought_card_costs_twice_its_face_value():
    t = gi.trade()
    assert t.purchase_price_factor == 2
    assert t.purchase_price("gold") == 18 and t.purchase_price("ochre") == 2


@pytest.mark.data_for("GI-TRADE-02", "GI-CITYADV-09", "GI-CITYADV-14", "GI-CITYADV-16")
def test_marketplace_and_palace_add_a_card_beyond_two_only_with_a_courthouse():
    a = gi.city_advances()
    assert {k: v.extra_cards for k, v in a.items() if v.extra_cards} == {"marketplace": 1, "palace": 1}
    assert gi.trade().cards_without_courthouse == 2
    assert [k for k, v in a.items() if v.lifts_card_limit] == ["courthouse"]
    assert {k: v.draws_from for k, v in a.items() if v.draws_from} == {
        "crossroads": "adjacent regions", "port": "regions one ship move away"}


@pytest.mark.data_for("GI-TRADE-08")
def test_auctions_go_in_reverse_ast_order():
    assert gi.trade().auction_order == "reverse A.S.T."


# --- Event stack (GI-EVENT) ---------------------------------------------------------------


@pytest.mark.data_for("GI-EVENT-01")
def test_event_stack_12_calamities_20_ballast_and_9_leaders_by_default():
    ev = gi.event_stack()
    assert sorted(ev.calamities) == sorted(c.id for c in D.calamities.values() if not c.option)
    assert len(ev.calamities) == 12 and ev.ballast == 20
    assert ev.leaders == tuple(gi.leaders()) and len(ev.leaders) == 9
    assert ev.size == 41


@pytest.mark.data_for("GI-EVENT-01", "GI-LEADER-10")
def test_with_six_leaders_the_stack_holds_the_authors_own_six():
    ev = gi.event_stack(6)
    assert ev.size == 38
    assert ev.leaders == ("charismatic_leader", "theocratic_leader", "assimilative_leader",
                          "civilized_leader", "warlike_leader", "merchant_prince")
    assert {gi.leaders()[x].origin for x in ev.leaders} == {"author"}
    with pytest.raises(DataError):
        gi.event_stack(5)
    with pytest.raises(DataError):
        gi.event_stack(10)


@pytest.mark.data_for("GI-EVENT-02", "GI-TRADE-03")
@pytest.mark.parametrize("players,cities,cards", [
    (4, 0, 0), (4, 1, 1), (4, 4, 1), (4, 5, 2), (4, 9, 2), (4, 10, 3), (4, 14, 3), (2, 5, 2),
    (5, 0, 0), (5, 1, 1), (5, 3, 1), (5, 4, 2), (5, 6, 2), (5, 7, 3), (8, 9, 3), (8, 3, 1),
])
def test_event_cards_by_game_size_and_cities(players, cities, cards):
    assert gi.event_draws(players, cities) == cards


@pytest.mark.data_for("GI-EVENT-03")
def test_a_calamity_above_the_drawers_cities_is_discarded():
    assert gi.calamity_discarded("piracy", 8) is True
    assert gi.calamity_discarded("piracy", 9) is False
    assert gi.calamity_discarded("volcano", 1) is True
    assert gi.calamity_discarded("volcano", 2) is False
    assert gi.calamity_discarded("civil_disorder", 6) is True


@pytest.mark.data_for("GI-EVENT-04", "GI-TRADE-07")
def test_ballast_is_worthless_and_tradable():
    ev = gi.event_stack()
    assert (ev.ballast_value, ev.ballast_tradable) == (0, True)


# --- Leaders (GI-LEADER) ------------------------------------------------------------------


@pytest.mark.data_for("GI-LEADER-10")
def test_nine_leaders_in_the_seeds_order_and_origin():
    L = gi.leaders()
    assert list(L) == ["charismatic_leader", "theocratic_leader", "assimilative_leader", "civilized_leader",
                       "warlike_leader", "merchant_prince", "great_proselytizer", "great_compromiser",
                       "grand_diplomat"]
    assert [x.origin for x in L.values()].count("author") == 6
    assert L["great_proselytizer"].origin == L["great_compromiser"].origin == "the Count's playtest group"


@pytest.mark.data_for("GI-LEADER-01")
def test_charismatic_leader_phase_1_all_cities_satisfied_happy_still_5():
    x = gi.leaders()["charismatic_leader"]
    assert (x.use, x.timing, x.disposition_floor, x.happy_points) == ("play", "phase_1", "satisfied", 5)


@pytest.mark.data_for("GI-LEADER-02")
def test_theocratic_leader_theology_then_monotheism_then_two_conversions():
    x = gi.leaders()["theocratic_leader"]
    assert (x.grants, x.then_grants, x.conversions_if_both, x.counts_for_ast) == (
        "theology", "monotheism", 2, False)


@pytest.mark.data_for("GI-LEADER-03")
def test_assimilative_leader_works_when_traded_copies_one_card_worth_no_points():
    x = gi.leaders()["assimilative_leader"]
    assert (x.use, x.civ_cards_copied, x.copied_card_victory_points) == ("trade", 1, 0)
    assert gi.ast().assimilated_card_victory_points == 0


@pytest.mark.data_for("GI-LEADER-04")
def test_civilized_leader_is_a_50_point_credit_cashed_when_buying():
    x = gi.leaders()["civilized_leader"]
    assert (x.use, x.timing, x.credit) == ("cash", "civ_cards", 50)


@pytest.mark.data_for("GI-LEADER-05")
def test_warlike_leader_military_or_one_free_barracks():
    x = gi.leaders()["warlike_leader"]
    assert (x.grants, x.barracks_if_held) == ("military", 1)


@pytest.mark.data_for("GI-LEADER-06")
def test_merchant_prince_one_card_of_any_region():
    x = gi.leaders()["merchant_prince"]
    assert (x.use, x.regional_cards) == ("cash", 1)


@pytest.mark.data_for("GI-LEADER-07")
def test_proselytizer_is_monotheism_cancelled_by_theocratic_leader():
    x = gi.leaders()["great_proselytizer"]
    assert (x.grants, x.cancels_with, x.seed_name) == ("monotheism", "theocratic_leader",
                                                       "The Great Prosetylizer")


@pytest.mark.data_for("GI-LEADER-08", "GI-CAL-05")
def test_compromiser_one_turn_without_conflict_and_may_hold_civil_war():
    x = gi.leaders()["great_compromiser"]
    assert (x.use, x.no_conflict_turns, x.may_hold_civil_war) == ("trade", 1, True)
    assert gi.calamity_changes()["civil_war"].compromiser_may_hold is True


@pytest.mark.data_for("GI-LEADER-09")
def test_grand_diplomat_any_time_both_hands_shown():
    x = gi.leaders()["grand_diplomat"]
    assert (x.timing, x.hands_shown) == ("any", "both")


# --- Civilization cards (GI-CIV) ----------------------------------------------------------


@pytest.mark.data_for("GI-CIV-02", "GI-CAL-06")
def test_galleons_150_civics_after_cloth_making_slave_revolt_plus_5():
    c = gi.civ_cards()["galleons"]
    assert (c.cost, c.groups, c.prerequisite, c.slave_revolt_extra, dict(c.credits)) == (
        150, ("civics",), "cloth_making", 5, {})
    assert gi.calamity_changes()["slave_revolt"].galleons_extra == 5


@pytest.mark.data_for("GI-CIV-03")
def test_navy_150_civics_no_prerequisite():
    c = gi.civ_cards()["navy"]
    assert (c.cost, c.groups, c.prerequisite, c.slave_revolt_extra, dict(c.credits)) == (
        150, ("civics",), None, 0, {})
    assert set(gi.civ_cards()).isdisjoint(D.civ_cards)


# --- City advances (GI-CITYADV, GI-CARULE) ------------------------------------------------

#: number: (id, prerequisite, cost, payment or None, coastal only) as the seed gives them.
SEED_ADVANCES = {
    1: ("militia", "metalworking", 25, ("bronze", "iron", "treasury"), False),
    2: ("granary", "pottery", 25, None, False),
    3: ("communal_loom", "cloth_making", 25, ("cloth", "treasury"), False),
    4: ("communal_well", "agriculture", 50, None, False),
    5: ("city_walls", "engineering", 75, None, False),
    6: ("crossroads", "roadbuilding", 75, None, False),
    7: ("quarry", "mining", 100, None, False),
    8: ("port", "astronomy", 75, None, True),
    9: ("marketplace", "coinage", 125, ("gold", "silver", "bronze", "treasury"), False),
    10: ("apothecary", "medicine", 125, ("spices", "oil", "papyrus", "treasury"), False),
    11: ("college", "mathematics", 150, None, False),
    12: ("music_hall", "music", 25, None, False),
    13: ("theater", "drama_and_poetry", 50, None, False),
    14: ("palace", "architecture", 200, None, False),
    15: ("library", "literacy", 200, None, False),
    16: ("courthouse", "law", 75, None, False),
    17: ("town_hall", "democracy", 125, None, False),
    18: ("university", "philosophy", 250, None, False),
    19: ("barracks", "military", 100, ("iron", "bronze", "treasury"), False),
    20: ("temple", "mysticism", 25, None, False),
    21: ("oracle", "deism", 50, None, False),
    22: ("social_mobility", "enlightenment", 400, None, False),
    23: ("monastery", "theology", 350, None, False),
    24: ("cathedral", "monotheism", 125, None, False),
    25: ("marines", "navy", 50, None, False),
    26: ("shipyard", "galleons", 150, None, True),
}


@pytest.mark.parametrize("number", [
    pytest.param(1, marks=pytest.mark.data_for("GI-CITYADV-01")),
    pytest.param(2, marks=pytest.mark.data_for("GI-CITYADV-02")),
    pytest.param(3, marks=pytest.mark.data_for("GI-CITYADV-03")),
    pytest.param(4, marks=pytest.mark.data_for("GI-CITYADV-04")),
    pytest.param(5, marks=pytest.mark.data_for("GI-CITYADV-05")),
    pytest.param(6, marks=pytest.mark.data_for("GI-CITYADV-06")),
    pytest.param(7, marks=pytest.mark.data_for("GI-CITYADV-07")),
    pytest.param(8, marks=pytest.mark.data_for("GI-CITYADV-08")),
    pytest.param(9, marks=pytest.mark.data_for("GI-CITYADV-09")),
    pytest.param(10, marks=pytest.mark.data_for("GI-CITYADV-10")),
    pytest.param(11, marks=pytest.mark.data_for("GI-CITYADV-11")),
    pytest.param(12, marks=pytest.mark.data_for("GI-CITYADV-12")),
    pytest.param(13, marks=pytest.mark.data_for("GI-CITYADV-13")),
    pytest.param(14, marks=pytest.mark.data_for("GI-CITYADV-14")),
    pytest.param(15, marks=pytest.mark.data_for("GI-CITYADV-15")),
    pytest.param(16, marks=pytest.mark.data_for("GI-CITYADV-16")),
    pytest.param(17, marks=pytest.mark.data_for("GI-CITYADV-17")),
    pytest.param(18, marks=pytest.mark.data_for("GI-CITYADV-18")),
    pytest.param(19, marks=pytest.mark.data_for("GI-CITYADV-19")),
    pytest.param(20, marks=pytest.mark.data_for("GI-CITYADV-20")),
    pytest.param(21, marks=pytest.mark.data_for("GI-CITYADV-21")),
    pytest.param(22, marks=pytest.mark.data_for("GI-CITYADV-22")),
    pytest.param(23, marks=pytest.mark.data_for("GI-CITYADV-23")),
    pytest.param(24, marks=pytest.mark.data_for("GI-CITYADV-24")),
    pytest.param(25, marks=pytest.mark.data_for("GI-CITYADV-25")),
    pytest.param(26, marks=pytest.mark.data_for("GI-CITYADV-26")),
])
def test_city_advance_prerequisite_cost_payment_and_site(number):
    aid, prereq, cost, payment, coastal = SEED_ADVANCES[number]
    a = gi.city_advances()[aid]
    assert (a.number, a.prerequisite, a.cost, a.payment, a.coastal_only) == (number, prereq, cost, payment, coastal)
    assert a.victory_points == cost  # GI-AST-04


@pytest.mark.data_for("GI-CITYADV-01", "GI-CITYADV-02", "GI-CITYADV-03", "GI-CITYADV-04", "GI-CITYADV-05")
def test_militia_granary_loom_well_walls_numbers():
    a = gi.city_advances()
    assert a["militia"].conflict_extra_tokens == 1
    assert a["granary"].support_grain_cards == 1
    assert dict(a["communal_loom"].set_bonus) == {"cloth": 1} and a["communal_loom"].cloth_city_set_bonus == 2
    assert a["communal_well"].support_tokens == 1
    assert a["city_walls"].immune == ("barbarian_hordes",)


@pytest.mark.data_for("GI-CITYADV-07")
def test_quarry_adds_one_to_the_sets_mining_enlarges_gid_10():
    bonus = gi.city_advances()["quarry"].set_bonus
    assert set(bonus) == {c.id for c in D.commodities.values() if c.mining}
    assert set(bonus.values()) == {1}


@pytest.mark.data_for("GI-CITYADV-12", "GI-CITYADV-13", "GI-CITYADV-14", "GI-CITYADV-20", "GI-CITYADV-21", "GI-CITYADV-22", "GI-LUX-03")
def test_luxury_shifts_of_the_advances():
    a = gi.city_advances()
    assert {k: v.luxury_shift for k, v in a.items() if v.luxury_shift} == {
        "quarry": 2, "music_hall": -1, "theater": -1, "palace": -2, "temple": -1, "oracle": -1}
    assert {k: v.luxury_shift_all_cities for k, v in a.items() if v.luxury_shift_all_cities} == {
        "social_mobility": -1}


@pytest.mark.data_for("GI-CITYADV-17", "GI-CITYADV-24")
def test_town_hall_and_cathedral_at_least_satisfied_happy_for_3():
    a = gi.city_advances()
    for k in ("town_hall", "cathedral"):
        assert (a[k].disposition_floor, a[k].happy_points) == ("satisfied", 3)


@pytest.mark.data_for("GI-CITYADV-14")
def test_palace_is_the_capital_captor_takes_3_cards_and_9_tokens():
    p = gi.city_advances()["palace"]
    assert (p.capital, p.captured_cards, p.captured_tokens) == (True, 3, 9)


@pytest.mark.data_for("GI-CITYADV-20", "GI-CITYADV-21")
def test_temple_obsolete_with_deism_or_monotheism_oracle_with_monotheism():
    a = gi.city_advances()
    assert a["temple"].obsolete_with == ("deism", "monotheism")
    assert a["oracle"].obsolete_with == ("monotheism",)


@pytest.mark.data_for("GI-CITYADV-19", "GI-CITYADV-25", "GI-CITYADV-26", "GI-CAL-12")
def test_barracks_marines_shipyard():
    a = gi.city_advances()
    assert a["barracks"].removes_last is True
    assert a["marines"].immune == ("piracy",)
    assert (a["shipyard"].fills_ships, a["shipyard"].replaces_lost_ships) == (True, True)


@pytest.mark.data_for("GI-CARULE-03")
def test_research_six_producers_once_each_credit_10_25_50_100_150_300():
    r = gi.research()
    assert r.producers == ("apothecary", "college", "library", "university", "monastery", "social_mobility")
    assert [r.credit_for(n) for n in range(0, 7)] == [0, 10, 25, 50, 100, 150, 300]
    assert r.points(["library", "library", "college", "palace"]) == 2
    assert r.points(list(gi.city_advances())) == 6


@pytest.mark.data_for("GI-CARULE-02", "GI-CARULE-04", "GI-CARULE-05")
def test_reduced_cities_flip_one_then_lose_one_a_turn_half_price_raze_for_3():
    cr = gi.city_advance_rules()
    assert cr.duplicates_in_a_city_count is False
    assert (cr.flipped_when_reduced, cr.lost_per_turn_until_rebuilt) == (1, 1)
    assert cr.rebuild_cost(gi.city_advances()["palace"]) == 100
    assert cr.rebuild_cost(gi.city_advances()["university"]) == 125
    assert cr.raze_tokens_per_advance == 3


@pytest.mark.data_for("GI-CARULE-03")
def test_an_advance_with_an_unknown_prerequisite_is_refused(patched_doc):
    patched_doc["city_advances"][0]["prerequisite"] = "bronze_working"
    with pytest.raises(DataError, match="militia names an unknown civ card"):
        gi.city_advances()


# --- Calamities (GI-CAL) ------------------------------------------------------------------


def loss(cal, case=None):
    lost = gi.calamity_changes()[cal].advances_lost[case or cal]
    return (lost.now, lost.kind, lost.per_turn)


@pytest.mark.data_for("GI-CAL-01")
def test_volcano_takes_every_advance_earthquake_flips_one_then_one_a_turn():
    assert loss("volcano", "volcano") == ("all", "removed", 0)
    assert loss("volcano", "earthquake") == (1, "flipped", 1)


@pytest.mark.data_for("GI-CAL-02")
def test_treachery_only_unhappy_or_revolting_cities():
    assert set(gi.calamity_changes()["treachery"].only_dispositions) == {"unhappy", "revolt"}


@pytest.mark.data_for("GI-CAL-03")
def test_famine_one_advance_a_turn_granary_grain_does_not_mitigate():
    assert loss("famine") == (0, None, 1)
    assert gi.calamity_changes()["famine"].granary_grain_mitigates is False


@pytest.mark.data_for("GI-CAL-04")
def test_superstition_happy_and_theocratic_immune():
    c = gi.calamity_changes()["superstition"]
    assert (c.immune_dispositions, c.immune_leader) == (("happy",), "theocratic_leader")
    assert loss("superstition") == loss("famine")


@pytest.mark.data_for("GI-CAL-05")
def test_civil_war_faction_order_and_immune_cities():
    c = gi.calamity_changes()["civil_war"]
    assert c.faction_order == ("revolt", "tokens", "unhappy", "content")
    assert set(c.immune_dispositions) == {"satisfied", "happy"}
    assert c.capital_kept is True


@pytest.mark.data_for("GI-CAL-06")
def test_slave_revolt_becomes_civil_war_at_3_revolts_or_over_half_unhappy():
    c = gi.calamity_changes()["slave_revolt"]
    assert dict(c.civil_war_if) == {"revolt_cities_at_least": 3, "unhappy_over_half": True}
    assert c.revolting_tokens_untaxed_next_turn is True
    assert loss("slave_revolt") == loss("famine")


@pytest.mark.data_for("GI-CAL-07")
def test_flood_destroys_two_advances_then_one_a_turn():
    assert loss("flood") == (2, "removed", 1)


@pytest.mark.data_for("GI-CAL-08", "GI-CITYADV-05")
def test_barbarians_never_attack_walled_cities():
    c = gi.calamity_changes()["barbarian_hordes"]
    assert (c.immune_advance, c.no_horde_if_edge_walled) == ("city_walls", True)


@pytest.mark.data_for("GI-CAL-09")
def test_epidemic_one_advance_then_one_a_turn():
    assert loss("epidemic") == (1, "flipped", 1)


@pytest.mark.data_for("GI-CAL-10")
@pytest.mark.parametrize("good,military,spared", [
    (0, False, "happy"), (1, False, "satisfied"), (2, False, "content"), (3, False, "unhappy"),
    (4, False, "revolt"), (5, False, "revolt"),
    (0, True, None), (1, True, "happy"), (2, True, "satisfied"), (4, True, "unhappy"),
])
def test_civil_disorder_steps_by_good_cards_military_one_stricter(good, military, spared):
    c = gi.calamity_changes()["civil_disorder"]
    assert c.good_cards == ("law", "democracy", "music", "drama_and_poetry")
    assert c.spared_from(good, military) == spared
    assert c.revolt_cities_to == "most tokens in stock"


@pytest.mark.data_for("GI-CAL-11")
def test_iconoclasm_loses_advances_as_in_conflict_gid_11():
    rules = gi.city_advance_rules()
    assert loss("iconoclasm") == (rules.flipped_when_reduced, "flipped", rules.lost_per_turn_until_rebuilt)


@pytest.mark.data_for("GI-CAL-12")
def test_piracy_takes_ship_cards_marines_immune_option_3_sea_areas():
    c = gi.calamity_changes()["piracy"]
    assert (c.takes, c.immune_ship_advance) == ("trade cards on ships", "marines")
    assert c.normal_piracy_immune_advances == ("city_walls", "marines")
    assert (c.option_pirate_range_sea_areas, c.option_card_change) == (3, -1)


@pytest.mark.data_for("GI-CAL-05")
def test_a_calamity_change_naming_an_unknown_disposition_is_refused(patched_doc):
    patched_doc["calamities"]["civil_war"]["immune_dispositions"] = ["joyful"]
    with pytest.raises(DataError, match="disposition joyful"):
        gi.calamity_changes()


# --- A.S.T. and victory (GI-AST) ----------------------------------------------------------


@pytest.mark.data_for("GI-AST-01", "GI-AST-02")
def test_ast_unchanged_by_default_playtesters_advances_as_many_as_cities():
    a = gi.ast()
    assert a.default == "unchanged"
    assert [a.city_advances_required("playtesters", e) for e in
            ("stone", "early_bronze", "late_bronze", "early_iron", "late_iron")] == [0, 2, 3, 4, 5]


@pytest.mark.data_for("GI-AST-03")
def test_author_option_as_many_as_the_colours_held_and_capital_option():
    a = gi.ast()
    assert a.city_advances_required("author", "early_iron", groups_held=4) == 4
    assert a.capital_to_win_option is True


@pytest.mark.data_for("GI-AST-04")
def test_city_advances_score_their_cost():
    a = gi.city_advances()
    assert gi.ast().city_advance_victory_points == "cost"
    assert sum(x.victory_points for x in a.values()) == 3025  # the seed's 26 prices, summed by hand


@pytest.mark.variant("GI-REQ-01")
def test_the_whole_file_loads_and_names_its_provenance():
    gi.check()
    meta = gi._doc()["meta"]
    assert "001_199a5eef780342bd" in meta["provenance"] or "001_199a5eef780342bd" in meta["source"]
    assert "Ithaca" in meta["provenance"] and "Sinope" in meta["provenance"]
