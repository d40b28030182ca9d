"""Review of calamities B (losses 29.62-29.65, Civil War 30.41, Slave Revolt 30.42, Flood 30.51,
Barbarian Hordes 30.52, Epidemic 30.61): bugs found in review and edge cases not covered
elsewhere. Positions are built with the scenario format and the effects driven directly."""
import itertools

import pytest

from tresham.games.advciv.game import Game
from tresham.games.advciv.rules.calamities import losses as L
from tresham.games.advciv.rules.calamities import (  # noqa: F401  (registers the effects)
    barbarians, civil_war, epidemic, flood, slave_revolt)
from tresham.games.advciv.rules.calamities.base import EFFECTS
from tresham.games.base import IllegalOrder

from tests.helpers import position

from tests.test_calamities_b import NILE, SIX, begin, do, owed, quiet, refused, texts  # noqa: F401,E402



# ======================================================================================
# Flood 30.51
# ======================================================================================
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
    g = Game(s)
    if not g.areas["cyrene"].coastal or any("cyrene" in a for a in flood.plains(g).values()):
        pytest.skip("map data: Cyrene is expected coastal and off the flood plains")
    g, ctx = begin(s, "flood", "egypt")
    assert "cyrene" not in s.board.cities
    assert g.tokens("cyrene", "egypt") >= 1  # reduced, not destroyed
    assert s.board.cities["thebes"] == "egypt"


# ======================================================================================
# Barbarian Hordes 30.52
# ======================================================================================
@pytest.mark.rule("30.5211")
def test_barbarians_avoid_start_area_shared_with_another_player():
    # Thebes: 3 Egyptian + 1 Babylonian token (Egypt would lose 3); Upper Egypt: 2 Egyptian
    # tokens alone. Another player's area only if no other area is available: Upper Egypt.
    s = quiet({"thebes": {"tokens": {"egypt": 3, "babylon": 1}},
               "upper_egypt": {"tokens": {"egypt": 2}}})
    g = Game(s)
    assert barbarians.placement_options(g, "egypt") == ["upper_egypt"]


@pytest.mark.rule("30.5211")
def test_barbarians_shared_start_area_only_when_nothing_else():
    # every start area holds Babylonians; Egypt's units are in Thebes only: most damage there
    board = {a: {"tokens": {"babylon": 1}} for a in ("buhen", "jalo", "nubia", "siwa",
                                                      "upper_egypt")}
    board["thebes"] = {"tokens": {"egypt": 2, "babylon": 1}}
    s = quiet(board)
    assert barbarians.placement_options(Game(s), "egypt") == ["thebes"]
    # Egypt only shares Thebes, but Nubia is empty: the empty start area comes first
    board["nubia"] = {}
    s2 = quiet(board)
    assert barbarians.placement_options(Game(s2), "egypt") == ["nubia"]


@pytest.mark.rule("30.5211", "30.5212", "24.31")
def test_barbarians_greatest_damage_counts_cities_five():
    s = quiet({"thebes": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 4}}})
    g = Game(s)
    assert barbarians.damage(g, "egypt", "thebes", 15, None) == 5
    assert barbarians.damage(g, "egypt", "upper_egypt", 15, None) == 4
    assert barbarians.placement_options(g, "egypt") == ["thebes"]


# ======================================================================================
# Civil War 30.41
# ======================================================================================
@pytest.mark.rule("30.4121", "30.4122", "30.4124", "32.611", "32.621", "32.822", "32.841")
def test_civil_war_quota_for_every_card_combination():
    cards = ["music", "drama_and_poetry", "democracy"]
    for k in range(len(cards) + 1):
        for combo in itertools.combinations(cards, k):
            s = quiet({}, players={"egypt": {"civ_cards": list(combo)}})
            g = Game(s)
            want = 15 + 5 * ("music" in combo) + 5 * ("drama_and_poetry" in combo) \
                + 10 * ("democracy" in combo)
            assert civil_war.victim_quota(g, "egypt") == want
    assert civil_war.victim_quota(Game(quiet({}, players={"egypt": {"civ_cards": cards}})),
                                  "egypt") == 35


from tests.test_calamities_b import EGYPT_WIDE, RICH_BABYLON  # noqa: E402


def cw(egypt=None, board=None):
    ps = {k: dict(v) for k, v in RICH_BABYLON.items()}
    ps["egypt"] = egypt or {}
    return quiet(board or EGYPT_WIDE, players=ps)


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
    g = Game(s)
    avail = civil_war.all_units(g, "egypt")
    assert civil_war._required(avail, 20) == 20
    assert civil_war._required({"tokens": {"fayum": 2}, "cities": ["a", "b"]}, 8) == 10
    assert civil_war._required({"tokens": {"fayum": 1}, "cities": ["a", "b"]}, 7) == 10
    assert civil_war._required({"tokens": {"fayum": 2}, "cities": ["a", "b"]}, 13) == 12  # all


@pytest.mark.rule("30.411", "15.61")
def test_civil_war_inert_nation_is_never_the_beneficiary():
    ps = {k: dict(v) for k, v in RICH_BABYLON.items()}
    ps["babylon"] = {"inert": True}
    ps["assyria"] = {"treasury": 5}  # 50 + 45 = 95 in stock, the most after Babylon
    s = quiet(EGYPT_WIDE, players=ps)
    g, ctx = begin(s, "civil_war", "egypt")
    assert ctx["beneficiary"] == "assyria"


# ======================================================================================
# Epidemic 30.61
# ======================================================================================
@pytest.mark.rule("30.611", "29.61", "15.61")
def test_epidemic_trader_and_inert_excluded_and_two_candidates_get_ten_each():
    s = quiet({"thebes": {"tokens": {"egypt": 3}}, "babylon": {"tokens": {"babylon": 5}},
               "caucasus": {"tokens": {"assyria": 5}}, "kuban": {"tokens": {"asia": 5}}},
              players={"crete": {"inert": True}})
    g, ctx = begin(s, "epidemic", "egypt", trader="thrace")
    # candidates: Babylon, Assyria, Asia (30 > 25): the victim must divide
    d = [d for d in EFFECTS["epidemic"].pending(g, ctx) if d.kind == "assign_losses"][0]
    assert d.options["caps"] == {"asia": 10, "assyria": 10, "babylon": 10}
    assert d.options["total"] == 25
    refused(g, ctx, L.AssignLosses(0, {"thrace": 5, "babylon": 10, "asia": 10}), "29.61")
    refused(g, ctx, L.AssignLosses(0, {"babylon": 11, "asia": 10, "assyria": 4}), "30.611")
    refused(g, ctx, L.AssignLosses(0, {"babylon": 10, "asia": 10, "assyria": 4}), "30.611")
    s2 = quiet({}, players={"crete": {"inert": True}, "asia": {"inert": True}})
    g2, ctx2 = begin(s2, "epidemic", "egypt", trader="thrace")
    assert ctx2["assigned"] == {"assyria": 10, "babylon": 10}  # 20 <= 25: forced


@pytest.mark.rule("30.612", "29.63")
def test_epidemic_city_counts_four_and_exact_total():
    # Egypt: a city and 2 single-token areas, owes 16 (Medicine -8 => 8): city 4 + nothing
    # from single tokens (each area keeps one): 4 is all he can lose
    s = quiet({"thebes": {"city": "egypt"}, "sinai": {"tokens": {"egypt": 1}},
               "nubia": {"tokens": {"egypt": 1}}},
              players={"egypt": {"civ_cards": ["medicine"]}})
    g = Game(s)
    loss = L.make_loss(g, "egypt", epidemic.primary_loss(g, "egypt"), mode=L.EPIDEMIC)
    assert loss["points"] == 8
    assert L.required(g, loss) == 4
    L.apply(g, loss, **L.forced_choice(g, loss))
    assert "thebes" not in s.board.cities and g.tokens("thebes", "egypt") == 1
    assert g.tokens("sinai", "egypt") == 1 and g.tokens("nubia", "egypt") == 1


# ======================================================================================
# Losses 29.62-29.65
# ======================================================================================
@pytest.mark.rule("29.62", "29.63")
def test_reduced_city_counts_five_minus_tokens_left_and_reaches_exact():
    # Famine-like 3 points: only a city in an area of limit 2 (reduce leaves 2 -> 3 points)
    s = quiet({"thebes": {"city": "egypt"}})
    g = Game(s)
    lim = g.areas["thebes"].limit
    loss = L.make_loss(g, "egypt", 5 - lim)
    assert L.required(g, loss) == 5 - lim
    with pytest.raises(IllegalOrder) as e:
        L.check(g, loss, {}, [], ["thebes"])
    assert e.value.rule == "29.63"
    assert L.apply(g, loss, {}, ["thebes"], []) == 5 - lim
    assert g.tokens("thebes", "egypt") == lim


@pytest.mark.rule("30.422", "30.423", "32.262", "32.931")
def test_slave_revolt_unsupporting_counts():
    for cards, want in (((), 15), (("mining",), 20), (("enlightenment",), 10),
                        (("mining", "enlightenment"), 15)):
        s = quiet({"thebes": {"tokens": {"egypt": 30}}},  # scenario: just a token count
                  players={"egypt": {"civ_cards": list(cards)}})
        g = Game(s)
        assert slave_revolt.unsupporting(g, "egypt") == min(want, g.tokens_on_board("egypt"))
    s = quiet({"thebes": {"tokens": {"egypt": 3}}, "sinai": {"tokens": {"egypt": 1}}},
              players={"egypt": {"civ_cards": ["mining"]}})
    assert slave_revolt.unsupporting(Game(s), "egypt") == 4


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


@pytest.mark.rule("30.4124", "30.414", "32.841", "32.832")
def test_civil_war_philosophy_with_military_fifteen_then_five_from_each():
    s = cw(egypt={"civ_cards": ["philosophy", "military", "music", "democracy"]})
    g, ctx = begin(s, "civil_war", "egypt")
    assert owed(g, ctx) == [(1, "civil_war_units")]
    assert EFFECTS["civil_war"].pending(g, ctx)[0].options["points"] == 15
    do(g, ctx, civil_war.SelectUnits(1, {"upper_egypt": 4, "buhen": 3, "tanis": 3}, ["thebes"]))
    assert civil_war._points(ctx["first"]) == 15 and civil_war._points(ctx["second"]) == 24
    assert owed(g, ctx) == [(0, "choose_losses")]
    assert ctx["loss"]["points"] == 5
    before = g.unit_points_on_board("egypt")
    while ctx["stage"] == "military":
        EFFECTS["civil_war"].timeout(g, ctx, 0)
    assert g.unit_points_on_board("egypt") == before - 10
    assert civil_war._points(ctx["first"]) + civil_war._points(ctx["second"]) == 39 - 10
    assert owed(g, ctx) == [(0, "calamity_choice")]


@pytest.mark.rule("30.613", "30.615")
def test_epidemic_secondary_with_medicine_assigned_five_loses_nothing():
    s = quiet({"thebes": {"tokens": {"egypt": 3}}, "babylon": {"tokens": {"babylon": 6}},
               "caucasus": {"tokens": {"assyria": 6}}, "kuban": {"tokens": {"asia": 6}}},
              players={"babylon": {"civ_cards": ["medicine"]},
                       "crete": {"inert": True}, "thrace": {"inert": True}})
    g, ctx = begin(s, "epidemic", "egypt")
    do(g, ctx, L.AssignLosses(0, {"babylon": 5, "assyria": 10, "asia": 10}))
    assert "babylon" not in ctx["losses"] and g.tokens("babylon", "babylon") == 6
    # Assyria and Asia: 10 each, but each area keeps one token: 5 each, in one area, forced
    assert g.tokens("caucasus", "assyria") == 1 and g.tokens("kuban", "asia") == 1
    assert "Babylon is assigned 5 unit points and loses 0" in texts(g)


@pytest.mark.rule("30.5241", "24.31")
def test_barbarians_fewer_than_seven_head_for_tokens_not_a_city():
    # 5 surplus barbarians in Buhen: Thebes (an Egyptian city next door) cannot be attacked
    # by fewer than 7; they make for the nearest Egyptian tokens instead
    s = quiet({"buhen": {"tokens": {"barbarians": 8}}, "thebes": {"city": "egypt"},
               "eastern_desert": {"tokens": {"egypt": 1}}})
    g = Game(s)
    assert barbarians.damage(g, "egypt", "thebes", 5, "buhen") == 0
    # Ptolemais and Upper Egypt are both one step from the Eastern Desert: a tie
    assert barbarians.move_options(g, "egypt", "buhen", 5) == ["ptolemais", "upper_egypt"]
    # with 7 the city is within reach and is attacked at once
    assert barbarians.move_options(g, "egypt", "buhen", 7) == ["thebes"]


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


@pytest.mark.rule("30.5241", "24.31")
def test_barbarians_on_the_way_never_enter_a_victim_city_they_cannot_attack():
    # 5 surplus barbarians in Buhen, Egyptian tokens in Sinai; the shortest way leads
    # through Ptolemais, an Egyptian city 5 barbarians cannot attack (they would all be
    # removed, 24.31). 30.5241: on the way they enter empty or other nations' areas only.
    s = quiet({"buhen": {"tokens": {"barbarians": 8}}, "ptolemais": {"city": "egypt"},
               "sinai": {"tokens": {"egypt": 2}}})
    g = Game(s)
    opts = barbarians.move_options(g, "egypt", "buhen", 5)
    assert "ptolemais" not in opts and opts
    ctx = {"calamity": "barbarian_hordes", "victim": "egypt", "trader": None,
           "stage": "done", "chooser": "babylon", "at": "buhen", "options": [], "steps": 0}
    while True:
        EFFECTS["barbarian_hordes"]._march(g, ctx)
        if ctx["stage"] != "move":
            break
        EFFECTS["barbarian_hordes"]._apply(g, ctx, ctx["options"][0])
    assert s.board.cities["ptolemais"] == "egypt"
    assert sum(m.get("barbarians", 0) for m in s.board.tokens.values()) > 3
    assert "1 barbarian token moves from Upper Egypt into Eastern Desert." in texts(g)
