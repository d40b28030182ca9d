"""tresham/games/advciv/rules/calamities/barbarians.py: Barbarian Hordes (30.52)."""
import pytest

from tresham.games.advciv.context import Context
from tresham.games.advciv.rules.calamities import barbarians, losses as L
from tresham.games.advciv.rules.calamities.base import EFFECTS

from tests.helpers import (SIX, begin_effect as begin, effect_order as do, effect_owed as owed,
                           effect_position as quiet, effect_refused as refused,
                           effect_texts as texts, told)


BARB_BOARD = {"thebes": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 4}},
              "buhen": {"tokens": {"egypt": 3}}, "nubia": {"tokens": {"egypt": 1}},
              "ptolemais": {"tokens": {"babylon": 2}}}


# ---- 30.521, 30.5211, 30.5212 Where the barbarians appear ---------------------------------------
@pytest.mark.rule("30.52", "30.521", "30.5211", "30.5212", "30.523", "30.5231", "30.5232",
                  "30.5234", "30.526", "24.53")
def test_barbarians_greedy_path_through_egypt():
    s = quiet(BARB_BOARD, players={"egypt": {"hand": ["salt", "ochre"]}})
    g, ctx = begin(s, "barbarian_hordes", "egypt", trader="crete")
    # placement: Thebes' city (5 points) beats Upper Egypt (4), Buhen (3), Nubia (1)
    # Thebes: the city falls, its 6 tokens fight 15 barbarians under limit 3 -> 10 left
    assert "thebes" not in s.board.cities and g.tokens("thebes", "egypt") == 0
    assert g.tokens("thebes", "barbarians") == 3
    # the 7 above the limit go to Buhen (3 Egyptian tokens: most damage); 5 survive, the 2
    # above the limit go on to Upper Egypt (1 Egyptian token lost; co-existence at 4)
    assert g.tokens("buhen", "barbarians") == 3 and g.tokens("buhen", "egypt") == 0
    assert g.tokens("upper_egypt", "barbarians") == 1 and g.tokens("upper_egypt", "egypt") == 3
    assert g.tokens("nubia", "egypt") == 1 and g.tokens("ptolemais", "babylon") == 2
    assert EFFECTS["barbarian_hordes"].done(g, ctx)
    # 30.526: no trade card drawn, nothing pillaged
    assert sorted(s.player("egypt").hand) == ["ochre", "salt"]
    assert all(s.player(n).treasury == 0 for n in SIX)
    assert "15 barbarian tokens appear in Thebes" in texts(g)
    # 30.5235: they stay on the board (7 in all), within the limits
    assert sum(m.get("barbarians", 0) for m in s.board.tokens.values()) == 7


@pytest.mark.rule("30.5211", "30.5251")
def test_barbarians_empty_start_area_tie_trader_chooses():
    s = quiet({"fayum": {"tokens": {"egypt": 4}}, "thebes": {"tokens": {"babylon": 2}}})
    g, ctx = begin(s, "barbarian_hordes", "egypt", trader="crete")
    # no Egyptian unit in a start area: an empty start area, the trader (Crete) chooses
    assert owed(g, ctx) == [(4, "calamity_choice")]
    assert EFFECTS["barbarian_hordes"].pending(g, ctx)[0].options["choices"] == [
        "buhen", "jalo", "nubia", "siwa", "upper_egypt"]  # Thebes holds Babylonians
    refused(g, ctx, L.CalamityChoice(0, "siwa"), "30.5251")  # the victim does not choose
    refused(g, ctx, L.CalamityChoice(4, "thebes"), "30.5251")
    do(g, ctx, L.CalamityChoice(4, "siwa"))
    # Siwa (limit 1): 14 move on to Fayum, the only area where Egypt can be hurt
    assert g.tokens("siwa", "barbarians") == 1
    assert g.tokens("fayum", "egypt") == 0 and g.tokens("fayum", "barbarians") == 5
    # 10 - 5: the surplus beyond Fayum's limit moves on; nothing left to damage: disperses
    assert sum(m.get("barbarians", 0) for m in s.board.tokens.values()) <= 1 + 5 + 5
    assert EFFECTS["barbarian_hordes"].done(g, ctx)


@pytest.mark.rule("30.5251", "28.3")
@pytest.mark.site("SITE-SAFE-05")
def test_the_trader_of_barbarian_hordes_is_public_only_when_he_chooses_their_area():
    """At the table the trader is seen choosing where the barbarians go: the history names
    him when a tie asks him (Egypt's empty start areas); when the barbarians have no choice
    (their greedy path through Egypt) nobody chooses and he stays secret."""
    s = quiet({"fayum": {"tokens": {"egypt": 4}}, "thebes": {"tokens": {"babylon": 2}}})
    g, ctx = begin(s, "barbarian_hordes", "egypt", trader="crete")
    assert owed(g, ctx) == [(4, "calamity_choice")]
    public = [e for e in g.events if e.to is None and e.kind == "calamity_trader"]
    assert [e.text for e in public] == [
        "Barbarian Hordes was traded to Egypt by Crete, who chooses where the barbarians go (30.5251)."]
    s2 = quiet(BARB_BOARD, players={"egypt": {"hand": ["salt", "ochre"]}})
    g2, ctx2 = begin(s2, "barbarian_hordes", "egypt", trader="crete")
    assert EFFECTS["barbarian_hordes"].done(g2, ctx2) and "thebes" not in s2.board.cities
    assert "crete" not in told(g2.events)


@pytest.mark.rule("30.5211")
def test_barbarians_other_players_start_area_only_if_nothing_else():
    board = {a: {"tokens": {"babylon": 1}} for a in ("buhen", "jalo", "nubia", "siwa", "thebes",
                                                      "upper_egypt")}
    s = quiet(board)
    g = Context(s)
    assert barbarians.placement_options(g, "egypt") == ["buhen", "jalo", "nubia", "siwa", "thebes",
                                                        "upper_egypt"]
    board["nubia"] = {}
    s2 = quiet(board)
    assert barbarians.placement_options(Context(s2), "egypt") == ["nubia"]


@pytest.mark.rule("30.5211")
def test_barbarians_avoid_start_area_shared_with_another_player():
    # Thebes: 3 Egyptian + 1 Babylonian token (Egypt would lose 3); Upper Egypt: 2 Egyptian
    # tokens alone. Another player's area only if no other area is available: Upper Egypt.
    s = quiet({"thebes": {"tokens": {"egypt": 3, "babylon": 1}},
               "upper_egypt": {"tokens": {"egypt": 2}}})
    g = Context(s)
    assert barbarians.placement_options(g, "egypt") == ["upper_egypt"]


@pytest.mark.rule("30.5211")
def test_barbarians_shared_start_area_only_when_nothing_else():
    # every start area holds Babylonians; Egypt's units are in Thebes only: most damage there
    board = {a: {"tokens": {"babylon": 1}} for a in ("buhen", "jalo", "nubia", "siwa",
                                                      "upper_egypt")}
    board["thebes"] = {"tokens": {"egypt": 2, "babylon": 1}}
    s = quiet(board)
    assert barbarians.placement_options(Context(s), "egypt") == ["thebes"]
    # Egypt only shares Thebes, but Nubia is empty: the empty start area comes first
    board["nubia"] = {}
    s2 = quiet(board)
    assert barbarians.placement_options(Context(s2), "egypt") == ["nubia"]


@pytest.mark.rule("30.5211", "30.5212", "24.31")
def test_barbarians_greatest_damage_counts_cities_five():
    s = quiet({"thebes": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 4}}})
    g = Context(s)
    assert barbarians.damage(g, "egypt", "thebes", 15, None) == 5
    assert barbarians.damage(g, "egypt", "upper_egypt", 15, None) == 4
    assert barbarians.placement_options(g, "egypt") == ["thebes"]


# ---- 30.523 Continued movement ------------------------------------------------------------------
@pytest.mark.rule("30.5233")
def test_barbarians_cross_water_but_not_open_sea():
    s = quiet({})
    g = Context(s)
    n = barbarians.neighbours(g, "knossos")
    assert "phaestos" in n and "rhodes" in n and "thera" in n  # land and water boundaries
    assert "aegean_sea" not in n and "eastern_mediterranean" not in n


# ---- 30.524 Conflict with other nations ---------------------------------------------------------
@pytest.mark.rule("30.524", "30.5241", "30.5242")
def test_barbarians_prefer_victim_only_areas_then_head_for_nearest():
    s = quiet({"buhen": {"tokens": {"barbarians": 10}}, "upper_egypt": {"tokens": {"egypt": 1}},
               "thebes": {"tokens": {"egypt": 2, "babylon": 1}}})
    g = Context(s)
    # Thebes would cost Egypt 2, Upper Egypt only 1, but Upper Egypt is Egypt's alone
    assert barbarians.damage(g, "egypt", "thebes", 7, "buhen") == 2
    assert barbarians.move_options(g, "egypt", "buhen", 7) == ["upper_egypt"]
    # far from Egypt: through empty and others' areas toward the nearest Egyptian units
    s2 = quiet({"nubia": {"tokens": {"barbarians": 8}}, "ptolemais": {"tokens": {"babylon": 2}},
                "eastern_desert": {"tokens": {"egypt": 1}}})
    g2 = Context(s2)
    assert barbarians.move_options(g2, "egypt", "nubia", 7) == ["ptolemais"]
    ctx = {"calamity": "barbarian_hordes", "victim": "egypt", "trader": None,
           "stage": "done", "chooser": "egypt", "at": "nubia", "options": [], "steps": 0}
    EFFECTS["barbarian_hordes"]._march(g2, ctx)
    # they fight Babylon in Ptolemais (30.5242), then go on to the Eastern Desert
    assert g2.tokens("ptolemais", "babylon") == 0
    assert g2.tokens("eastern_desert", "egypt") == 0
    assert g2.tokens("nubia", "barbarians") == 1


@pytest.mark.rule("30.5241", "24.31")
def test_barbarians_fewer_than_seven_head_for_tokens_not_a_city():
    # 5 surplus barbarians in Buhen: Thebes (an Egyptian city next door) cannot be attacked
    # by fewer than 7; they make for the nearest Egyptian tokens instead
    s = quiet({"buhen": {"tokens": {"barbarians": 8}}, "thebes": {"city": "egypt"},
               "eastern_desert": {"tokens": {"egypt": 1}}})
    g = Context(s)
    assert barbarians.damage(g, "egypt", "thebes", 5, "buhen") == 0
    # Ptolemais and Upper Egypt are both one step from the Eastern Desert: a tie
    assert barbarians.move_options(g, "egypt", "buhen", 5) == ["ptolemais", "upper_egypt"]
    # with 7 the city is within reach and is attacked at once
    assert barbarians.move_options(g, "egypt", "buhen", 7) == ["thebes"]


@pytest.mark.rule("30.5241", "24.31")
def test_barbarians_on_the_way_never_enter_a_victim_city_they_cannot_attack():
    # 5 surplus barbarians in Buhen, Egyptian tokens in Sinai; the shortest way leads
    # through Ptolemais, an Egyptian city 5 barbarians cannot attack (they would all be
    # removed, 24.31). 30.5241: on the way they enter empty or other nations' areas only.
    s = quiet({"buhen": {"tokens": {"barbarians": 8}}, "ptolemais": {"city": "egypt"},
               "sinai": {"tokens": {"egypt": 2}}})
    g = Context(s)
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


# ---- 30.525 Ties; 30.5252 no card attributes ----------------------------------------------------
@pytest.mark.rule("30.525", "30.5251")
@pytest.mark.site("SITE-CAL-05")
def test_barbarians_untraded_most_units_in_stock_chooses_and_timeout_random():
    s = quiet({"fayum": {"tokens": {"egypt": 4}}},
              players={n: {"treasury": 10} for n in ("egypt", "assyria", "asia", "crete", "thrace")})
    g, ctx = begin(s, "barbarian_hordes", "egypt")
    assert ctx["chooser"] == "babylon"  # 55 tokens + 9 cities in stock
    assert owed(g, ctx) == [(1, "calamity_choice")]
    for _ in range(20):  # every tie is broken at random on timeout
        if EFFECTS["barbarian_hordes"].done(g, ctx):
            break
        EFFECTS["barbarian_hordes"].timeout(g, ctx, 1)
    assert EFFECTS["barbarian_hordes"].done(g, ctx)
    assert g.tokens("fayum", "egypt") == 0  # wherever placed, they reached Fayum


@pytest.mark.rule("30.5252", "30.5235", "29.65")
def test_barbarians_get_no_card_attributes_and_are_never_secondary_victims():
    s = quiet({"thebes": {"city": "egypt"}, "buhen": {"tokens": {"barbarians": 9}}},
              players={"crete": {"civ_cards": ["engineering", "metalworking"]}})
    g = Context(s)
    # 6 barbarians (chosen by Crete, who holds Engineering) cannot take a city: 7 are needed
    assert barbarians.damage(g, "egypt", "thebes", 6, "buhen") == 0
    # 7 take it: its 6 replacement tokens fight them under limit 3; one Egyptian survives
    assert barbarians.damage(g, "egypt", "thebes", 7, "buhen") == 4
    loss = L.make_loss(g, "barbarians", 10)
    assert L.token_caps(g, loss) == {} and L.required(g, loss) == 0
