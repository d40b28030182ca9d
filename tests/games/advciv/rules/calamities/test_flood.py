"""tresham/games/advciv/rules/calamities/flood.py: Flood (30.51), with the site's "vulnerable
units" wording, and Engineering (32.312)."""
import pytest

from tresham.games.advciv.context import Context
from tresham.games.advciv.rules.calamities import flood, losses as L
from tresham.games.advciv.rules.calamities.base import EFFECTS

from tests.helpers import (begin_effect as begin, effect_order as do, effect_owed as owed,
                           effect_position as quiet, effect_refused as refused,
                           effect_texts as texts)


NILE = {"memphis": {"city": "egypt"}, "fayum": {"tokens": {"egypt": 4}},
        "alexandria": {"tokens": {"egypt": 2}}, "thebes": {"city": "egypt"},
        "buhen": {"tokens": {"egypt": 3}}}


# ---- 30.511, 30.512 The flood plain: the victim and the others ----------------------------------
@pytest.mark.rule("30.5", "30.51", "30.511", "30.512", "4.42", "4.43")
@pytest.mark.site("SITE-CAL-04")
def test_flood_primary_all_vulnerable_and_few_others_lose_everything():
    board = dict(NILE)
    board["tanis"] = {"tokens": {"babylon": 3}}
    board["upper_egypt"] = {"tokens": {"assyria": 2}}
    board["sinai"] = {"tokens": {"asia": 1}}  # not on the flood plain
    s = quiet(board)
    g, ctx = begin(s, "flood", "egypt")
    # Egypt: Memphis (white site, 5) + 6 tokens = 11 <= 17: all lost; Thebes/Buhen are off the plain
    assert "memphis" not in s.board.cities and g.tokens("memphis", "egypt") == 0
    assert g.tokens("fayum", "egypt") == 0 and g.tokens("alexandria", "egypt") == 0
    assert s.board.cities["thebes"] == "egypt" and g.tokens("buhen", "egypt") == 3
    # others have 5 <= 10 points on the plain: all of them go, automatically
    assert g.tokens("tanis", "babylon") == 0 and g.tokens("upper_egypt", "assyria") == 0
    assert g.tokens("sinai", "asia") == 1
    assert EFFECTS["flood"].done(g, ctx)
    assert "Egypt's city in Memphis is destroyed by Flood" in texts(g)


@pytest.mark.rule("30.511", "30.512", "30.515", "32.312")
def test_flood_17_points_and_primary_divides_10():
    s = quiet({"memphis": {"city": "egypt"}, "fayum": {"tokens": {"egypt": 5}},
               "alexandria": {"tokens": {"egypt": 4}}, "upper_egypt": {"tokens": {"egypt": 4}},
               "tanis": {"city": "babylon"}, "babylon": {"tokens": {"babylon": 2}},
               "eastern_desert": {"tokens": {"assyria": 1}}},
              players={"babylon": {"civ_cards": ["engineering"]}})
    # tanis city (white site): Babylon 5 points there; put Assyria on the plain too
    s.board.tokens.setdefault("fayum", {})["assyria"] = 3
    s.board.tokens.setdefault("alexandria", {})["asia"] = 3
    s.player("assyria").stock -= 3
    s.player("asia").stock -= 3
    g, ctx = begin(s, "flood", "egypt")
    # Egypt has 5 + 13 = 18 vulnerable points: loses exactly 17, his choice
    assert owed(g, ctx) == [(0, "assign_losses"), (0, "choose_losses")]
    assert ctx["losses"]["egypt"]["points"] == 17
    d = [d for d in EFFECTS["flood"].pending(g, ctx) if d.kind == "assign_losses"][0]
    assert d.options == {"total": 10, "caps": {"asia": 3, "assyria": 3, "babylon": 5}}
    refused(g, ctx, L.ChooseLosses(0, {"fayum": 5, "alexandria": 4, "upper_egypt": 4}), "29.63")
    refused(g, ctx, L.AssignLosses(0, {"babylon": 6, "assyria": 4}), "30.512")
    do(g, ctx, L.ChooseLosses(0, {"fayum": 5, "alexandria": 4, "upper_egypt": 3}, [], ["memphis"]))
    assert g.tokens("upper_egypt", "egypt") == 1 and "memphis" not in s.board.cities
    do(g, ctx, L.AssignLosses(0, {"babylon": 5, "assyria": 3, "asia": 2}))
    # Assyria 3 of 3: forced; Asia 2 of 3 in one area: forced; Babylon (Engineering) max 5 -> 5
    assert g.tokens("fayum", "assyria") == 0 and g.tokens("alexandria", "asia") == 1
    assert owed(g, ctx) == []  # Babylon's 5 = the whole Tanis city (only unit): forced
    assert "tanis" not in s.board.cities
    assert g.tokens("eastern_desert", "assyria") == 1
    assert flood.cap(g, "babylon", 10) == 7 and flood.cap(g, "assyria", 10) == 10  # 30.515
    assert EFFECTS["flood"].done(g, ctx)


@pytest.mark.rule("30.512", "15.61")
def test_flood_inert_nation_is_never_a_secondary_victim():
    board = dict(NILE)
    board["tanis"] = {"tokens": {"babylon": 3}}
    board["upper_egypt"] = {"tokens": {"assyria": 2}}
    s = quiet(board, players={"babylon": {"inert": True}})
    g, ctx = begin(s, "flood", "egypt")
    # Assyria (2 points, <= 10) loses all automatically; the inert Babylon is untouched
    assert g.tokens("upper_egypt", "assyria") == 0
    assert g.tokens("tanis", "babylon") == 3
    assert "babylon" not in (ctx["assigned"] or {})
    assert EFFECTS["flood"].done(g, ctx)


@pytest.mark.rule("30.512", "15.61")
def test_flood_inert_units_do_not_count_toward_the_ten():
    board = dict(NILE)
    board["tanis"] = {"tokens": {"babylon": 4}}
    board["upper_egypt"] = {"tokens": {"assyria": 4}}
    board["memphis"] = {"city": "egypt", "tokens": {}}
    s = quiet(board, players={"babylon": {"inert": True}})
    s.board.tokens.setdefault("alexandria", {})["asia"] = 5
    s.player("asia").stock -= 5
    g, ctx = begin(s, "flood", "egypt")
    # Assyria 4 + Asia 5 = 9 <= 10 among the eligible: both lose everything, no assignment
    assert g.tokens("upper_egypt", "assyria") == 0 and g.tokens("alexandria", "asia") == 0
    assert g.tokens("tanis", "babylon") == 4
    assert (0, "assign_losses") not in owed(g, ctx)


@pytest.mark.rule("30.512", "29.64")
def test_flood_single_secondary_victim_needs_no_assignment():
    board = dict(NILE)
    board["tanis"] = {"tokens": {"babylon": 4}}
    board["upper_egypt"] = {"tokens": {"babylon": 4}}
    s = quiet(board)
    s.board.tokens.setdefault("alexandria", {})["babylon"] = 4
    s.player("babylon").stock -= 4
    g, ctx = begin(s, "flood", "egypt")
    # only Babylon (12 points) is on the plain: he gets the whole 10, nothing to divide
    assert ctx["assigned"] == {"babylon": 10}
    assert (0, "assign_losses") not in owed(g, ctx)
    assert owed(g, ctx) == [(1, "choose_losses")]
    assert ctx["losses"]["babylon"]["points"] == 10


@pytest.mark.rule("30.512", "15.61", "30.611")
def test_assignment_refusals_cite_the_right_rule():
    board = dict(NILE)
    board["tanis"] = {"tokens": {"babylon": 6}}
    board["upper_egypt"] = {"tokens": {"assyria": 6}}
    board["sinai"] = {"tokens": {"asia": 3}}  # off the plain
    s = quiet(board, players={"thrace": {"inert": True}})
    g, ctx = begin(s, "flood", "egypt")
    e = refused(g, ctx, L.AssignLosses(0, {"asia": 4, "babylon": 6}), "30.512")
    assert "Asia cannot be given flood losses" in e.message and "choose among" in e.message
    e = refused(g, ctx, L.AssignLosses(0, {"thrace": 4, "babylon": 6}), "15.61")
    assert "inert" in e.message
    do(g, ctx, L.AssignLosses(0, {"assyria": 4, "babylon": 6}))
    s2 = quiet({}, players={"crete": {"inert": True}})
    g2, ctx2 = begin(s2, "epidemic", "egypt", trader="thrace")
    refused(g2, ctx2, L.AssignLosses(0, {"crete": 5, "babylon": 10, "assyria": 10}), "15.61")
    refused(g2, ctx2, L.AssignLosses(0, {"thrace": 5, "babylon": 10, "assyria": 10}), "29.61")


# ---- 30.513 Several flood plains ----------------------------------------------------------------
@pytest.mark.rule("30.513")
def test_flood_strikes_plain_with_most_points_tie_victim_chooses():
    s = quiet({"fayum": {"tokens": {"babylon": 4}}, "sumeria": {"tokens": {"babylon": 3}},
               "mesopotamia": {"tokens": {"babylon": 2}}, "susa": {"city": "babylon"}})
    g, ctx = begin(s, "flood", "babylon")
    # Tigris-Euphrates: 5 tokens (Susa's city is on a black site: safe) > Nile 4
    assert ctx["plain"] == "tigris_euphrates"
    assert g.tokens("sumeria", "babylon") == 0 and g.tokens("mesopotamia", "babylon") == 0
    assert g.tokens("fayum", "babylon") == 4 and s.board.cities["susa"] == "babylon"
    s2 = quiet({"fayum": {"tokens": {"babylon": 4}}, "sumeria": {"tokens": {"babylon": 4}}})
    g2, ctx2 = begin(s2, "flood", "babylon")
    assert owed(g2, ctx2) == [(1, "calamity_choice")]
    refused(g2, ctx2, L.CalamityChoice(1, "danube"), "30.513")
    do(g2, ctx2, L.CalamityChoice(1, "nile"))
    assert g2.tokens("fayum", "babylon") == 0 and g2.tokens("sumeria", "babylon") == 4


# ---- 30.514 No flood plain: a coastal city ------------------------------------------------------
@pytest.mark.rule("30.514", "30.511")
@pytest.mark.site("SITE-CAL-04")
def test_flood_black_site_city_safe_so_coastal_city_lost():
    # Z-14: Babylon's only flood-plain presence is the safe city of Susa (black site)
    s = quiet({"susa": {"city": "babylon"}, "media": {"tokens": {"babylon": 2}}})
    g, ctx = begin(s, "flood", "babylon")
    assert "susa" not in s.board.cities  # coastal city eliminated (the only one)
    assert g.tokens("susa", "babylon") == 0
    assert EFFECTS["flood"].done(g, ctx)


@pytest.mark.rule("30.514", "30.515", "32.312")
@pytest.mark.site("SITE-CAL-05")
def test_flood_coastal_city_choice_and_engineering_reduction():
    board = {"thebes": {"city": "egypt"}, "nubia": {"city": "egypt"}, "sinai": {"city": "egypt"},
             "buhen": {"tokens": {"egypt": 3}}}
    s = quiet(board)
    g, ctx = begin(s, "flood", "egypt")
    assert owed(g, ctx) == [(0, "calamity_choice")]
    d = EFFECTS["flood"].pending(g, ctx)[0]
    assert d.options["choices"] == ["nubia", "sinai"]  # Thebes is inland
    refused(g, ctx, L.CalamityChoice(0, "thebes"), "30.514")
    do(g, ctx, L.CalamityChoice(0, "sinai"))
    assert "sinai" not in s.board.cities and g.tokens("sinai", "egypt") == 0
    assert s.board.cities["nubia"] == "egypt"
    # with Engineering the city is reduced instead; a timeout chooses at random
    s2 = quiet(board, players={"egypt": {"civ_cards": ["engineering"]}})
    g2, ctx2 = begin(s2, "flood", "egypt")
    EFFECTS["flood"].timeout(g2, ctx2, 0)
    gone = [a for a in ("nubia", "sinai") if a not in s2.board.cities]
    assert len(gone) == 1 and g2.tokens(gone[0], "egypt") == 1  # limit 1
    assert EFFECTS["flood"].done(g2, ctx2)


@pytest.mark.rule("30.514")
def test_flood_no_plain_no_coast_no_effect():
    s = quiet({"thebes": {"city": "egypt"}, "buhen": {"tokens": {"egypt": 3}}})
    before = s.board.tokens, dict(s.board.cities)
    g, ctx = begin(s, "flood", "egypt")
    assert s.board.cities["thebes"] == "egypt" and g.tokens("buhen", "egypt") == 3
    assert EFFECTS["flood"].done(g, ctx)
    assert "no effect" in texts(g)


# ---- 30.515 Engineering -------------------------------------------------------------------------
@pytest.mark.rule("30.515", "32.312")
def test_flood_engineering_caps_loss_at_seven():
    s = quiet(dict(NILE, upper_egypt={"tokens": {"egypt": 4}}),
              players={"egypt": {"civ_cards": ["engineering"]}})
    g, ctx = begin(s, "flood", "egypt")
    assert ctx["losses"]["egypt"]["points"] == 7
    refused(g, ctx, L.ChooseLosses(0, {"fayum": 4, "upper_egypt": 4}), "29.63")
    do(g, ctx, L.ChooseLosses(0, {"fayum": 2}, [], ["memphis"]))
    assert g.tokens("fayum", "egypt") == 2 and "memphis" not in s.board.cities


@pytest.mark.rule("30.515", "32.312", "29.63")
def test_engineering_flood_loss_never_exceeds_seven():
    """30.515: "loses a MAXIMUM of seven unit points". Egypt's only units on the Nile are two
    white-site cities: reducing Alexandria (limit 4) costs 1 point, reducing Fayum (limit 5)
    costs 0, destroying either costs 5. Seven cannot be lost exactly; the engine used to take
    the smallest excess (both destroyed, 10) right after saying "up to 7". Now: 6 (ruling F-6)."""
    s = quiet({"alexandria": {"city": "egypt"}, "fayum": {"city": "egypt"}},
              players={"egypt": {"civ_cards": ["engineering"]}})
    g, ctx = begin(s, "flood", "egypt")
    loss = ctx["losses"]["egypt"]
    assert (loss["points"], loss["max"], L.required(g, loss)) == (7, 7, 6)
    assert "loses up to 7 unit points" in texts(g)
    e = refused(g, ctx, L.ChooseLosses(0, {}, [], ["alexandria", "fayum"]), "29.63")
    assert "at most 7" in e.message and "you must lose 6" in e.message and "this choice loses 10" in e.message
    refused(g, ctx, L.ChooseLosses(0, {}, [], ["fayum"]), "29.63")  # 5: less than the most possible
    do(g, ctx, L.ChooseLosses(0, {}, ["alexandria"], ["fayum"]))
    assert "fayum" not in s.board.cities and "alexandria" not in s.board.cities
    assert g.tokens("alexandria", "egypt") == 4 and g.tokens("fayum", "egypt") == 0
    assert "Egypt has lost 6 unit points to Flood." in texts(g)


@pytest.mark.rule("30.515", "32.312")
@pytest.mark.site("SITE-CAL-05")
def test_engineering_flood_timeout_also_stays_within_seven():
    s = quiet({"alexandria": {"city": "egypt"}, "fayum": {"city": "egypt"}},
              players={"egypt": {"civ_cards": ["engineering"]}})
    g, ctx = begin(s, "flood", "egypt")
    L.timeout(g, ctx["losses"], 0)
    assert "Egypt has lost 6 unit points to Flood." in texts(g)
    assert len([a for a in ("alexandria", "fayum") if s.board.cities.get(a) == "egypt"]) == 0


@pytest.mark.rule("30.511", "29.63")
def test_primary_flood_loss_never_exceeds_seventeen():
    """30.511: "a maximum of 17". Egypt has four white-site cities on the Nile and no token
    in stock (all 55 in treasury), so a reduced city leaves no token and costs 5 like a
    destroyed one: totals are 0, 5, 10, 15, 20. Not 20 (the smallest excess): 15."""
    s = quiet({a: {"city": "egypt"} for a in ("alexandria", "fayum", "memphis", "tanis")},
              players={"egypt": {"stock": 0, "treasury": 55}})
    g, ctx = begin(s, "flood", "egypt")
    loss = ctx["losses"]["egypt"]
    assert (loss["points"], L.required(g, loss), L.maximum(g, loss)) == (17, 15, 20)
    refused(g, ctx, L.ChooseLosses(0, {}, [], ["alexandria", "fayum", "memphis", "tanis"]), "29.63")
    do(g, ctx, L.ChooseLosses(0, {}, [], ["alexandria", "fayum", "memphis"]))
    assert [a for a in ("alexandria", "fayum", "memphis", "tanis") if s.board.cities.get(a)] == ["tanis"]
    assert "Egypt has lost 15 unit points to Flood." in texts(g)


@pytest.mark.rule("30.512", "30.515", "32.312")
def test_flood_automatic_ten_or_less_still_capped_by_engineering():
    s = quiet({"memphis": {"city": "egypt"}, "tanis": {"tokens": {"babylon": 4}},
               "upper_egypt": {"tokens": {"babylon": 4}}, "alexandria": {"tokens": {"assyria": 2}}},
              players={"babylon": {"civ_cards": ["engineering"]}})
    g, ctx = begin(s, "flood", "egypt")
    # others have 10 points: all are secondary victims automatically; Babylon (Engineering)
    # loses at most 7 of his 8, Assyria loses both tokens
    assert ctx["assigned"] == {"assyria": 2, "babylon": 8}
    assert g.tokens("alexandria", "assyria") == 0
    assert ctx["losses"]["babylon"]["points"] == 7
    do(g, ctx, L.ChooseLosses(1, {"tanis": 4, "upper_egypt": 3}))
    assert g.tokens("tanis", "babylon") + g.tokens("upper_egypt", "babylon") == 1
    assert "memphis" not in s.board.cities  # Egypt's only vulnerable unit: forced


@pytest.mark.rule("30.514", "30.515")
def test_flood_no_vulnerable_units_engineering_reduces_single_coastal_city():
    # Thebes is not coastal; Alexandria is not a flood-plain city here (Egypt has a city
    # only on the coast at Sidon-like areas) -- use a coastal city away from any plain
    s = quiet({"thebes": {"city": "egypt"}, "cyrene": {"city": "egypt"}},
              players={"egypt": {"civ_cards": ["engineering"]}})
    g = Context(s)
    if not g.areas["cyrene"].coastal or any("cyrene" in a for a in flood.plains(g).values()):
        pytest.skip("map data: Cyrene is expected coastal and off the flood plains")
    g, ctx = begin(s, "flood", "egypt")
    assert "cyrene" not in s.board.cities
    assert g.tokens("cyrene", "egypt") >= 1  # reduced, not destroyed
    assert s.board.cities["thebes"] == "egypt"
