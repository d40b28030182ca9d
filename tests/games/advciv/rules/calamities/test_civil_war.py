"""tresham/games/advciv/rules/calamities/civil_war.py: Civil War (30.41)."""
import itertools

import pytest

from tresham.games.advciv.context import Context
from tresham.games.advciv.rules.calamities import civil_war, losses as L
from tresham.games.advciv.rules.calamities.base import EFFECTS
from tresham.rng import Rng

from tests.helpers import (begin_effect as begin, effect_order as do, effect_owed as owed,
                           effect_position as quiet, effect_refused as refused,
                           effect_texts as texts)


EGYPT_WIDE = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"},
              "alexandria": {"city": "egypt"}, "fayum": {"tokens": {"egypt": 5}},
              "upper_egypt": {"tokens": {"egypt": 4}}, "buhen": {"tokens": {"egypt": 3}},
              "tanis": {"tokens": {"egypt": 3}}, "western_desert": {"tokens": {"egypt": 2}},
              "ptolemais": {"tokens": {"egypt": 2}}, "nubia": {"tokens": {"egypt": 1}},
              "siwa": {"tokens": {"egypt": 1}}, "sinai": {"tokens": {"egypt": 1}},
              "eastern_desert": {"tokens": {"egypt": 1}}, "jalo": {"tokens": {"egypt": 1}}}
# Babylon has 55 tokens and 9 cities in stock (100 points): the beneficiary
RICH_BABYLON = {n: {"treasury": 10} for n in ("assyria", "asia", "crete", "thrace")}


def civil_war_position(board=None, egypt=None, players=None):
    ps = {k: dict(v) for k, v in RICH_BABYLON.items()}
    ps["egypt"] = egypt or {}
    ps.update(players or {})
    return quiet(board or EGYPT_WIDE, players=ps)


def select(seat, tokens, cities=()):
    return civil_war.SelectUnits(seat, dict(tokens), list(cities))


FIRST_BY_EGYPT = ({"fayum": 5}, ["memphis", "thebes"])
FIRST_BY_BABYLON = ({"upper_egypt": 4, "buhen": 3, "tanis": 3, "western_desert": 2,
                     "ptolemais": 2, "nubia": 1}, ["alexandria"])


def cw(egypt=None, board=None):
    ps = {k: dict(v) for k, v in RICH_BABYLON.items()}
    ps["egypt"] = egypt or {}
    return quiet(board or EGYPT_WIDE, players=ps)


# ---- 30.411 The beneficiary ---------------------------------------------------------------------
@pytest.mark.rule("30.4", "30.41", "30.411", "30.412", "30.4121", "30.4123", "30.413", "30.415", "19.32")
def test_civil_war_factions_and_victim_keeps_first():
    s = civil_war_position()
    g, ctx = begin(s, "civil_war", "egypt")
    assert ctx["beneficiary"] == "babylon"
    assert owed(g, ctx) == [(0, "civil_war_units")]
    refused(g, ctx, select(0, {"fayum": 4}, ["thebes", "memphis"]), "30.4121")  # 14
    refused(g, ctx, select(0, {"fayum": 5}, ["thebes", "knossos"]), "30.4121")
    refused(g, ctx, select(1, {"fayum": 5}, ["thebes", "memphis"]), "30.412")  # not his turn
    do(g, ctx, select(0, *FIRST_BY_EGYPT))
    assert owed(g, ctx) == [(1, "civil_war_units")]
    assert EFFECTS["civil_war"].pending(g, ctx)[0].options["points"] == 20
    refused(g, ctx, select(1, {"fayum": 1, "upper_egypt": 4, "buhen": 3, "tanis": 3,
                               "western_desert": 2, "ptolemais": 2}, ["alexandria"]), "30.4123")
    do(g, ctx, select(1, *FIRST_BY_BABYLON))
    assert ctx["second"] == {"tokens": {"eastern_desert": 1, "jalo": 1, "siwa": 1, "sinai": 1},
                             "cities": []}
    assert owed(g, ctx) == [(0, "calamity_choice")]
    egypt_stock, babylon_stock = s.player("egypt").stock, s.player("babylon").stock
    do(g, ctx, L.CalamityChoice(0, "first"))
    # Babylon annexes the 4 single tokens of the second faction
    for a in ("eastern_desert", "jalo", "siwa", "sinai"):
        assert g.tokens(a, "babylon") == 1 and g.tokens(a, "egypt") == 0
    assert s.player("babylon").stock == babylon_stock - 4
    assert s.player("egypt").stock == egypt_stock + 4
    assert g.cities_of("egypt") == ["alexandria", "memphis", "thebes"]
    assert EFFECTS["civil_war"].done(g, ctx)


@pytest.mark.rule("30.411")
def test_civil_war_victim_with_most_units_in_stock_no_effect():
    # Z-37: Egypt (stock 55 - 24 = 31 + 6 cities = 61) against everyone at 60 or less
    others = {n: {"treasury": 40} for n in ("babylon", "assyria", "asia", "crete", "thrace")}
    s = quiet(EGYPT_WIDE, players=others)
    g, ctx = begin(s, "civil_war", "egypt")
    assert ctx["beneficiary"] is None and EFFECTS["civil_war"].done(g, ctx)
    assert len(g.cities_of("egypt")) == 3 and g.tokens_on_board("egypt") == 24
    # a tie is broken by A.S.T. order (Thrace before Egypt): then Thrace benefits
    others["thrace"] = {"treasury": 39}  # 16 + 45 = 61 = Egypt's 61
    s2 = quiet(EGYPT_WIDE, players=others)
    g2, ctx2 = begin(s2, "civil_war", "egypt")
    assert ctx2["beneficiary"] == "thrace"


@pytest.mark.rule("30.411", "15.61")
def test_civil_war_inert_nation_is_never_the_beneficiary():
    ps = {k: dict(v) for k, v in RICH_BABYLON.items()}
    ps["babylon"] = {"inert": True}
    ps["assyria"] = {"treasury": 5}  # 50 + 45 = 95 in stock, the most after Babylon
    s = quiet(EGYPT_WIDE, players=ps)
    g, ctx = begin(s, "civil_war", "egypt")
    assert ctx["beneficiary"] == "assyria"


# ---- 30.4121, 30.4122 The victim's pick and the cards that enlarge it ---------------------------
@pytest.mark.rule("30.4121", "30.4122", "30.4124", "32.611", "32.621", "32.822", "32.841")
def test_civil_war_quota_for_every_card_combination():
    cards = ["music", "drama_and_poetry", "democracy"]
    for k in range(len(cards) + 1):
        for combo in itertools.combinations(cards, k):
            s = quiet({}, players={"egypt": {"civ_cards": list(combo)}})
            g = Context(s)
            want = 15 + 5 * ("music" in combo) + 5 * ("drama_and_poetry" in combo) \
                + 10 * ("democracy" in combo)
            assert civil_war.victim_quota(g, "egypt") == want
    assert civil_war.victim_quota(Context(quiet({}, players={"egypt": {"civ_cards": cards}})),
                                  "egypt") == 35


@pytest.mark.rule("30.4122", "32.611", "32.621", "32.822")
def test_civil_war_music_drama_democracy_enlarge_victims_pick():
    s = civil_war_position(egypt={"civ_cards": ["music", "drama_and_poetry", "democracy"]})
    g = Context(s)
    assert civil_war.victim_quota(g, "egypt") == 35
    s.player("egypt").civ_cards = {"music": 0}
    assert civil_war.victim_quota(g, "egypt") == 20
    s.player("egypt").civ_cards = {"drama_and_poetry": 0, "democracy": 0}
    assert civil_war.victim_quota(g, "egypt") == 30
    g, ctx = begin(s, "civil_war", "egypt")
    assert EFFECTS["civil_war"].pending(g, ctx)[0].options["points"] == 30
    # 30 by Egypt + 20 by Babylon > 39: Babylon's pick takes the 9 left, no second faction
    do(g, ctx, select(0, {"fayum": 5, "upper_egypt": 4, "buhen": 3, "tanis": 3},
                      ["alexandria", "memphis", "thebes"]))
    assert EFFECTS["civil_war"].done(g, ctx)
    assert len(g.cities_of("egypt")) == 3 and g.tokens_on_board("egypt") == 24
    assert "no second faction" in texts(g)


@pytest.mark.rule("30.4121", "29.63")
def test_civil_war_selection_smallest_excess_with_cities_only():
    # Egypt has only 4 cities (20 points): 15 exactly with three cities; the beneficiary's
    # 20 cannot be made from one city: he takes the last (5 < 20: everything) -> no war
    s = cw(board={"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"},
                  "alexandria": {"city": "egypt"}, "tanis": {"city": "egypt"}})
    g, ctx = begin(s, "civil_war", "egypt")
    assert EFFECTS["civil_war"].pending(g, ctx)[0].options["points"] == 15
    refused(g, ctx, civil_war.SelectUnits(0, {}, ["thebes", "memphis"]), "30.4121")
    do(g, ctx, civil_war.SelectUnits(0, {}, ["thebes", "memphis", "tanis"]))
    assert EFFECTS["civil_war"].done(g, ctx)  # the beneficiary's pick was forced


@pytest.mark.rule("30.4121", "29.63")
def test_civil_war_selection_exceeds_by_the_least():
    # 3 cities + 2 tokens: 15 = 3 cities; with 4 cities + 2 tokens 17 points, quota 16? use
    # Music (20): 4 cities = 20 exactly
    s = cw(egypt={"civ_cards": ["music"]},
           board={"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"},
                  "alexandria": {"city": "egypt"}, "tanis": {"city": "egypt"},
                  "fayum": {"tokens": {"egypt": 3}}, "sinai": {"tokens": {"egypt": 3}}})
    g = Context(s)
    avail = civil_war.all_units(g, "egypt")
    assert civil_war.selection_size(avail, 20) == 20
    assert civil_war.selection_size({"tokens": {"fayum": 2}, "cities": ["a", "b"]}, 8) == 10
    assert civil_war.selection_size({"tokens": {"fayum": 1}, "cities": ["a", "b"]}, 7) == 10
    assert civil_war.selection_size({"tokens": {"fayum": 2}, "cities": ["a", "b"]}, 13) == 12  # all


# ---- 30.4123, 30.413 The beneficiary's pick; the second faction ---------------------------------
@pytest.mark.rule("30.4122", "30.4123", "30.413")
def test_civil_war_all_three_cards_victim_picks_35_beneficiary_takes_the_rest():
    # Egypt has 39 points: he picks 35, Babylon must take the remaining 4 (20 > 4): no
    # second faction, no civil war (30.413)
    s = cw(egypt={"civ_cards": ["music", "drama_and_poetry", "democracy"]})
    g, ctx = begin(s, "civil_war", "egypt")
    d = EFFECTS["civil_war"].pending(g, ctx)[0]
    assert d.options["points"] == 35
    do(g, ctx, civil_war.SelectUnits(0, {"fayum": 5, "upper_egypt": 4, "buhen": 3, "tanis": 3,
                                         "western_desert": 2, "ptolemais": 2, "nubia": 1},
                                     ["thebes", "memphis", "alexandria"]))
    assert EFFECTS["civil_war"].done(g, ctx)
    assert "no second faction" in texts(g)
    assert g.unit_points_on_board("egypt") == 39 and g.unit_points_on_board("babylon") == 0


# ---- 30.4124 Philosophy -------------------------------------------------------------------------
@pytest.mark.rule("30.4124", "32.841")
def test_civil_war_philosophy_beneficiary_picks_fifteen():
    s = civil_war_position(egypt={"civ_cards": ["philosophy", "democracy"]})
    g, ctx = begin(s, "civil_war", "egypt")
    assert owed(g, ctx) == [(1, "civil_war_units")]
    assert EFFECTS["civil_war"].pending(g, ctx)[0].options["points"] == 15
    refused(g, ctx, select(1, {"fayum": 5}, ["thebes", "memphis", "alexandria"]), "30.4124")
    do(g, ctx, select(1, {"fayum": 5}, ["thebes", "memphis"]))
    assert owed(g, ctx) == [(0, "calamity_choice")]
    assert civil_war.unit_points(ctx["second"]) == 39 - 15
    do(g, ctx, L.CalamityChoice(0, "second"))
    assert g.cities_of("babylon") == ["memphis", "thebes"] and g.tokens("fayum", "babylon") == 5
    assert g.cities_of("egypt") == ["alexandria"]


@pytest.mark.rule("30.4124", "30.414", "32.841", "32.832")
def test_civil_war_philosophy_with_military_fifteen_then_five_from_each():
    s = cw(egypt={"civ_cards": ["philosophy", "military", "music", "democracy"]})
    g, ctx = begin(s, "civil_war", "egypt")
    assert owed(g, ctx) == [(1, "civil_war_units")]
    assert EFFECTS["civil_war"].pending(g, ctx)[0].options["points"] == 15
    do(g, ctx, civil_war.SelectUnits(1, {"upper_egypt": 4, "buhen": 3, "tanis": 3}, ["thebes"]))
    assert civil_war.unit_points(ctx["first"]) == 15 and civil_war.unit_points(ctx["second"]) == 24
    assert owed(g, ctx) == [(0, "choose_losses")]
    assert ctx["loss"]["points"] == 5
    before = g.unit_points_on_board("egypt")
    while ctx["stage"] == "military":
        EFFECTS["civil_war"].timeout(g, ctx, 0)
    assert g.unit_points_on_board("egypt") == before - 10
    assert civil_war.unit_points(ctx["first"]) + civil_war.unit_points(ctx["second"]) == 39 - 10
    assert owed(g, ctx) == [(0, "calamity_choice")]


# ---- 30.414 Military ----------------------------------------------------------------------------
@pytest.mark.rule("30.414", "32.832")
def test_civil_war_military_five_from_each_faction_adjacent_first():
    s = civil_war_position(egypt={"civ_cards": ["military"]})
    g, ctx = begin(s, "civil_war", "egypt")
    do(g, ctx, select(0, *FIRST_BY_EGYPT))
    do(g, ctx, select(1, *FIRST_BY_BABYLON))
    # first faction: Memphis, Thebes, Alexandria, Fayum 5, Upper Egypt 4, ... ; second:
    # Siwa, Jalo, Sinai, Eastern Desert (1 each). Military: the victim removes 5 from each.
    assert owed(g, ctx) == [(0, "choose_losses")]
    loss = ctx["loss"]
    # first faction units adjacent to the second faction's areas only
    near = set(loss["tokens"]) | set(loss["cities"])
    assert "thebes" not in near and "nubia" not in near and "buhen" not in near
    assert {"fayum", "upper_egypt", "tanis", "western_desert", "memphis", "ptolemais"} <= near
    refused(g, ctx, L.ChooseLosses(0, {"buhen": 3, "nubia": 1, "fayum": 1}), "29.62")
    do(g, ctx, L.ChooseLosses(0, {"fayum": 5}))
    # the second faction has only 4 points: all of it goes, automatically
    for a in ("siwa", "jalo", "sinai", "eastern_desert"):
        assert g.tokens(a, "egypt") == 0
    assert ctx["second"]["tokens"] == {} and ctx["first"]["tokens"].get("fayum") is None
    assert owed(g, ctx) == [(0, "calamity_choice")]
    do(g, ctx, L.CalamityChoice(0, "second"))  # an empty faction: Babylon annexes all the rest
    assert g.cities_of("babylon") == ["alexandria", "memphis", "thebes"]
    assert g.tokens_on_board("egypt") == 0 and g.tokens_on_board("babylon") == 15


# ---- 30.415 The victim keeps a faction; the beneficiary annexes the other -----------------------
@pytest.mark.rule("30.415", "26.32")
def test_civil_war_beneficiary_annexes_cities_as_new():
    s = civil_war_position(egypt={"treasury": 3})
    g, ctx = begin(s, "civil_war", "egypt")
    do(g, ctx, select(0, *FIRST_BY_EGYPT))
    do(g, ctx, select(1, *FIRST_BY_BABYLON))
    do(g, ctx, L.CalamityChoice(0, "second"))
    assert g.cities_of("babylon") == ["alexandria", "memphis", "thebes"]
    assert sorted(s.player("babylon").new_cities) == ["alexandria", "memphis", "thebes"]
    assert g.tokens("fayum", "babylon") == 5 and g.tokens("upper_egypt", "babylon") == 4
    assert g.tokens_on_board("babylon") == 20 and s.player("babylon").stock == 35
    # Egypt keeps the second faction, his stock, treasury and cards
    assert g.tokens_on_board("egypt") == 4 and g.cities_of("egypt") == []
    assert s.player("egypt").treasury == 3 and s.player("egypt").stock == 55 - 3 - 4
    assert "Egypt's city in Thebes becomes Babylon's (Civil War)" in texts(g)


@pytest.mark.rule("30.415")
def test_civil_war_beneficiary_runs_out_next_most_stock_takes_over():
    # Babylon: 5 tokens + 9 cities in stock = 50; Thrace 3 + 45 = 48 (then A.S.T. order)
    ps = {"babylon": {"treasury": 50}, "egypt": {"treasury": 30}}
    ps.update({n: {"treasury": 52} for n in ("assyria", "asia", "crete", "thrace")})
    s = quiet(EGYPT_WIDE, players=ps)
    g, ctx = begin(s, "civil_war", "egypt")
    assert ctx["beneficiary"] == "babylon"
    do(g, ctx, select(0, *FIRST_BY_EGYPT))
    do(g, ctx, select(1, *FIRST_BY_BABYLON))
    do(g, ctx, L.CalamityChoice(0, "second"))
    # the first faction's 20 tokens: Babylon 5, then Thrace 3, Crete 3, Asia 3, Assyria 3 -> 17
    assert g.tokens_on_board("babylon") == 5 and s.player("babylon").stock == 0
    assert g.tokens_on_board("thrace") == 3 and g.tokens_on_board("assyria") == 3
    assert g.cities_of("babylon") == ["alexandria", "memphis", "thebes"]
    assert g.tokens_on_board("egypt") == 4  # his kept faction only
    assert "nobody has tokens left" in texts(g)


@pytest.mark.rule("30.415", "30.411")
def test_civil_war_beneficiary_without_cities_next_player_takes_the_cities():
    # Babylon: 9 cities on the board, 55 tokens in stock (55) -> the beneficiary; the others
    # have 5 tokens + 9 cities (50); Egypt 11 + 30 = 41
    board = dict(EGYPT_WIDE)
    for a in ("babylon", "babylonia", "charax", "chaldaea", "elam", "carrhae", "aleppo",
              "damascus", "antioch"):
        board[a] = {"city": "babylon"}
    ps = {n: {"treasury": 50} for n in ("assyria", "asia", "crete", "thrace")}
    ps["egypt"] = {"treasury": 20}
    s = quiet(board, players=ps)
    g, ctx = begin(s, "civil_war", "egypt")
    assert ctx["beneficiary"] == "babylon" and g.cities_in_stock("babylon") == 0
    nxt = g.most_units_in_stock(exclude=("egypt", "babylon"))
    do(g, ctx, civil_war.SelectUnits(0, {"fayum": 5}, ["memphis", "thebes"]))
    do(g, ctx, civil_war.SelectUnits(1, {"upper_egypt": 4, "buhen": 3, "tanis": 3,
                                         "western_desert": 2, "ptolemais": 2, "nubia": 1},
                                     ["alexandria"]))
    do(g, ctx, L.CalamityChoice(0, "second"))
    # the three cities go to the next player by units in stock; the 20 tokens to Babylon
    assert sorted(g.cities_of(nxt)) == ["alexandria", "memphis", "thebes"]
    assert g.tokens("fayum", "babylon") == 5 and g.tokens_on_board("babylon") == 20
    assert g.tokens_on_board("egypt") == 4 and g.cities_of("egypt") == []


@pytest.mark.rule("30.412", "30.415")
@pytest.mark.site("SITE-CAL-05")
def test_civil_war_timeouts_and_samples_finish():
    for seed in range(8):
        s = civil_war_position(egypt={"civ_cards": ["military"]})
        s.rng = seed
        g, ctx = begin(s, "civil_war", "egypt")
        rng = Rng(seed)
        for i in range(10):
            ds = EFFECTS["civil_war"].pending(g, ctx)
            if not ds:
                break
            if i % 2:
                EFFECTS["civil_war"].timeout(g, ctx, ds[0].player)
            else:
                do(g, ctx, EFFECTS["civil_war"].sample(g, ctx, ds[0].player, rng))
        assert EFFECTS["civil_war"].done(g, ctx)
        # 39 points: 15 + 20 in the first faction, 4 in the second. Military took 5 from the
        # first and all 4 of the second; Babylon (never short of stock here) has the other
        total = g.unit_points_on_board("egypt") + g.unit_points_on_board("babylon")
        assert total == 39 - 5 - 4
