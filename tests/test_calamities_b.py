"""Calamities B (30.41 Civil War, 30.42 Slave Revolt, 30.51 Flood, 30.52 Barbarian Hordes,
30.61 Epidemic), driven through the CalamityEffect interface and end to end."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.game import Game
from tresham.games.advciv.rules.calamities import losses as L
from tresham.games.advciv.rules.calamities.base import EFFECTS
from tresham.games.advciv.rules.calamities import epidemic, flood  # noqa: F401  (registers)
from tresham.games.base import IllegalOrder
from tresham.rng import Rng

from tests.helpers import position

SIX = ["egypt", "babylon", "assyria", "asia", "crete", "thrace"]  # seats 0-5


def quiet(board, players=None, nations=SIX):
    """A six-player position in a phase that changes nothing by itself (picking waits on
    the first seat; the effects are driven directly)."""
    state, _ = position(nations=list(nations), board=board, players=players or {}, phase="pick")
    return state


def begin(state, calamity, victim, trader=None):
    """Start a calamity effect on ``state``; gives (game, ctx)."""
    g = Game(state)
    ctx = {"calamity": calamity, "victim": victim, "trader": trader}
    EFFECTS[calamity].begin(g, ctx)
    return g, ctx


def do(g, ctx, o):
    EFFECTS[ctx["calamity"]].handle(g, ctx, o)


def refused(g, ctx, o, rule):
    """The order is refused citing ``rule`` and the state is unchanged."""
    before = g.s.digest()
    with pytest.raises(IllegalOrder) as e:
        do(g, ctx, o)
    assert e.value.rule == rule, e.value
    assert g.s.digest() == before
    return e.value


def owed(g, ctx):
    return sorted((d.player, d.kind) for d in EFFECTS[ctx["calamity"]].pending(g, ctx) if d.required)


def texts(g):
    return "\n".join(e.text for e in g.events)


# ======================================================================================
# Epidemic 30.61
# ======================================================================================
@pytest.mark.rule("30.613", "30.614", "30.615", "32.431", "32.252")
def test_epidemic_card_modifiers():
    s = quiet({"thebes": {"tokens": {"egypt": 3}}},
              players={"egypt": {"civ_cards": ["medicine", "roadbuilding"]},
                       "babylon": {"civ_cards": ["medicine"]},
                       "assyria": {"civ_cards": ["roadbuilding"]}})
    g = Game(s)
    assert epidemic.primary_loss(g, "egypt") == 16 - 8 + 5 == 13
    assert epidemic.primary_loss(g, "asia") == 16
    assert epidemic.secondary_loss(g, "babylon", 10) == 5
    assert epidemic.secondary_loss(g, "babylon", 4) == 0  # floor 0 (Z-26)
    assert epidemic.secondary_loss(g, "assyria", 10) == 15  # +5 above the cap of 10 (Z-26)
    assert epidemic.secondary_loss(g, "egypt", 10) == 10
    assert epidemic.secondary_loss(g, "assyria", 0) == 0  # not chosen, not affected


@pytest.mark.rule("30.6", "30.61", "30.611", "30.612", "29.61", "29.64")
def test_epidemic_flow_primary_and_secondary():
    s = quiet({"buhen": {"tokens": {"egypt": 3}}, "upper_egypt": {"tokens": {"egypt": 4}},
               "fayum": {"tokens": {"egypt": 5}}, "thebes": {"city": "egypt"},
               "susa": {"tokens": {"babylon": 3}}, "media": {"tokens": {"babylon": 2}},
               "assyria": {"tokens": {"assyria": 4}}, "kuban": {"tokens": {"asia": 1}},
               "mikop": {"tokens": {"asia": 2}}, "knossos": {"tokens": {"crete": 3}},
               "scythia": {"tokens": {"thrace": 3}}},
              players={"assyria": {"civ_cards": ["roadbuilding"]}})
    g, ctx = begin(s, "epidemic", "egypt", trader="crete")
    # Egypt can lose at most 2+3+4 tokens and 4 for the city (13 < 16): all of it, at once
    assert g.tokens("buhen", "egypt") == 1 and g.tokens("upper_egypt", "egypt") == 1
    assert g.tokens("fayum", "egypt") == 1 and g.tokens("thebes", "egypt") == 1
    assert "thebes" not in s.board.cities
    assert owed(g, ctx) == [(0, "assign_losses")]
    d = [d for d in EFFECTS["epidemic"].pending(g, ctx) if d.kind == "assign_losses"][0]
    assert d.options["caps"] == {"babylon": 10, "assyria": 10, "asia": 10, "thrace": 10}
    # the trader cannot be chosen (29.61); more than 10 from one player is refused
    refused(g, ctx, L.AssignLosses(0, {"crete": 10, "babylon": 10, "asia": 5}), "29.61")
    refused(g, ctx, L.AssignLosses(0, {"babylon": 15, "asia": 10}), "30.611")
    refused(g, ctx, L.AssignLosses(0, {"babylon": 10, "asia": 10}), "30.611")  # 20 != 25
    refused(g, ctx, L.AssignLosses(1, {"babylon": 10, "asia": 10, "thrace": 5}), "30.611")
    do(g, ctx, L.AssignLosses(0, {"babylon": 10, "assyria": 5, "asia": 10}))
    # Babylon: 2 from Susa, 1 from Media at most (one token stays in each area): forced
    assert g.tokens("susa", "babylon") == 1 and g.tokens("media", "babylon") == 1
    # Asia: 1 from Mikop at most: forced; Kuban's single token stays
    assert g.tokens("mikop", "asia") == 1 and g.tokens("kuban", "asia") == 1
    # Assyria: 5 assigned + 5 Roadbuilding = 10, only 3 can go: forced
    assert g.tokens("assyria", "assyria") == 1
    assert g.tokens("knossos", "crete") == 3 and g.tokens("scythia", "thrace") == 3
    assert EFFECTS["epidemic"].done(g, ctx)
    assert "Assyria is assigned 5 unit points and loses 10" in texts(g)


@pytest.mark.rule("30.611", "30.613", "29.4")
def test_epidemic_choices_are_asked_and_exact():
    s = quiet({"buhen": {"tokens": {"egypt": 3}}, "upper_egypt": {"tokens": {"egypt": 4}},
               "fayum": {"tokens": {"egypt": 5}}, "thebes": {"city": "egypt"},
               "memphis": {"city": "egypt"}, "alexandria": {"tokens": {"egypt": 4}},
               "susa": {"tokens": {"babylon": 3}}, "babylonia": {"tokens": {"babylon": 4}},
               "ur": {"city": "babylon"}},
              players={"egypt": {"civ_cards": ["medicine"]}, "babylon": {"civ_cards": ["medicine"]}})
    g, ctx = begin(s, "epidemic", "egypt")
    assert owed(g, ctx) == [(0, "assign_losses"), (0, "choose_losses")]
    loss = ctx["losses"]["egypt"]
    assert loss["points"] == 8  # Medicine: 16 - 8
    refused(g, ctx, L.ChooseLosses(0, {"fayum": 5, "buhen": 3}), "30.612")
    refused(g, ctx, L.ChooseLosses(0, {"fayum": 4, "buhen": 2}), "29.63")  # 6 != 8
    do(g, ctx, L.ChooseLosses(0, {"fayum": 4}, [], ["thebes"]))  # 4 + 4
    assert g.tokens("fayum", "egypt") == 1 and g.tokens("thebes", "egypt") == 1
    # untraded: every other player may be chosen (29.4)
    d = [d for d in EFFECTS["epidemic"].pending(g, ctx) if d.kind == "assign_losses"][0]
    assert set(d.options["caps"]) == {"babylon", "assyria", "asia", "crete", "thrace"}
    do(g, ctx, L.AssignLosses(0, {"babylon": 10, "assyria": 10, "asia": 5}))
    # Babylon: 10 - 5 (Medicine) = 5, a real choice; Assyria and Asia have no units
    assert owed(g, ctx) == [(1, "choose_losses")]
    assert ctx["losses"]["babylon"]["points"] == 5
    do(g, ctx, L.ChooseLosses(1, {"susa": 1}, [], ["ur"]))
    assert g.tokens("ur", "babylon") == 1 and g.tokens("susa", "babylon") == 2
    assert EFFECTS["epidemic"].done(g, ctx)


@pytest.mark.rule("30.611")
@pytest.mark.site("SITE-CAL-05")
def test_epidemic_timeout_hits_the_leaders_with_random_units():
    s = quiet({"fayum": {"tokens": {"egypt": 5}}, "alexandria": {"tokens": {"egypt": 4}},
               "susa": {"tokens": {"babylon": 3}}, "babylonia": {"city": "babylon"},
               "assyria": {"tokens": {"assyria": 4}}, "caucasus": {"city": "assyria"},
               "knossos": {"city": "crete"}, "phaestos": {"city": "crete"},
               "scythia": {"tokens": {"thrace": 3}}},
              players={"crete": {"treasury": 5}})
    g, ctx = begin(s, "epidemic", "egypt")
    # leaders by Total Public Points: Crete (2 cities, treasury), then Assyria and Babylon
    # (1 city each; tie broken by A.S.T. order, SZ-20)
    assert g.leaders()[:3] == ["crete", "assyria", "babylon"]
    EFFECTS["epidemic"].timeout(g, ctx, 0)
    assert ctx["assigned"] == {"crete": 10, "assyria": 10, "babylon": 5}
    assert "egypt" not in ctx["losses"]  # Egypt's own 16 (7 possible) went at once
    assert g.tokens("fayum", "egypt") == 1 and g.tokens("alexandria", "egypt") == 1
    for seat in (1, 2, 4):
        if g.player(seat).nation in ctx["losses"]:
            EFFECTS["epidemic"].timeout(g, ctx, seat)
    assert EFFECTS["epidemic"].done(g, ctx)
    assert len(g.cities_of("crete")) == 0  # 8 possible (two cities at 4), assigned 10
    assert g.tokens("knossos", "crete") == 1 and g.tokens("phaestos", "crete") == 1


def test_epidemic_sample_gives_legal_orders():
    for seed in range(15):
        s = quiet({"fayum": {"tokens": {"egypt": 5}}, "alexandria": {"tokens": {"egypt": 4}},
                   "memphis": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 4}},
                   "susa": {"tokens": {"babylon": 3}}, "babylonia": {"city": "babylon"},
                   "ur": {"tokens": {"babylon": 3}}, "assyria": {"tokens": {"assyria": 4}}})
        g, ctx = begin(s, "epidemic", "egypt")
        rng = Rng(seed)
        for _ in range(10):
            ds = [d for d in EFFECTS["epidemic"].pending(g, ctx) if d.required]
            if not ds:
                break
            do(g, ctx, EFFECTS["epidemic"].sample(g, ctx, ds[0].player, rng))
        assert EFFECTS["epidemic"].done(g, ctx)
        assert sum(ctx["assigned"].values()) == 25


# ======================================================================================
# Flood 30.51
# ======================================================================================
NILE = {"memphis": {"city": "egypt"}, "fayum": {"tokens": {"egypt": 4}},
        "alexandria": {"tokens": {"egypt": 2}}, "thebes": {"city": "egypt"},
        "buhen": {"tokens": {"egypt": 3}}}


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


@pytest.mark.rule("30.515", "32.312")
def test_flood_engineering_caps_loss_at_seven():
    s = quiet(dict(NILE, upper_egypt={"tokens": {"egypt": 4}}),
              players={"egypt": {"civ_cards": ["engineering"]}})
    g, ctx = begin(s, "flood", "egypt")
    assert ctx["losses"]["egypt"]["points"] == 7
    refused(g, ctx, L.ChooseLosses(0, {"fayum": 4, "upper_egypt": 4}), "29.63")
    do(g, ctx, L.ChooseLosses(0, {"fayum": 2}, [], ["memphis"]))
    assert g.tokens("fayum", "egypt") == 2 and "memphis" not in s.board.cities


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


# ======================================================================================
# Slave Revolt 30.42
# ======================================================================================
from tresham.games.advciv.rules.calamities import slave_revolt  # noqa: E402,F401

EGYPT_CITIES = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"},
                "alexandria": {"city": "egypt"}, "tanis": {"city": "egypt"},
                "fayum": {"tokens": {"egypt": 5}}, "upper_egypt": {"tokens": {"egypt": 4}},
                "buhen": {"tokens": {"egypt": 3}}, "siwa": {"tokens": {"egypt": 1}},
                "jalo": {"tokens": {"egypt": 1}}, "nubia": {"tokens": {"egypt": 1}},
                "sinai": {"tokens": {"egypt": 1}}, "eastern_desert": {"tokens": {"egypt": 1}},
                "western_desert": {"tokens": {"egypt": 2}}, "ptolemais": {"tokens": {"egypt": 2}}}


def reduce_cities(seat, areas):
    from tresham.games.advciv.rules.support import ReduceCities
    return ReduceCities(seat, areas)


@pytest.mark.rule("30.42", "30.421", "30.422", "26.6")
def test_slave_revolt_reduces_one_city_at_a_time_victim_chooses():
    s = quiet(EGYPT_CITIES)
    g, ctx = begin(s, "slave_revolt", "egypt")
    # 21 tokens, 15 cannot support: 6 for 4 cities (8 needed) -> one reduction suffices,
    # as its 3 new tokens support the rest (30.422)
    assert ctx["unsupporting"] == 15
    assert owed(g, ctx) == [(0, "reduce_cities")]
    refused(g, ctx, reduce_cities(1, ["thebes"]), "30.422")
    do(g, ctx, reduce_cities(0, ["thebes", "memphis"]))  # stops once supported
    assert "thebes" not in s.board.cities and g.tokens("thebes", "egypt") == 3
    assert g.cities_of("egypt") == ["alexandria", "memphis", "tanis"]
    assert EFFECTS["slave_revolt"].done(g, ctx)
    assert "Egypt's city in Thebes is reduced" in texts(g)


@pytest.mark.rule("30.423", "32.262", "32.931")
def test_slave_revolt_mining_and_enlightenment():
    s = quiet(EGYPT_CITIES, players={"egypt": {"civ_cards": ["mining"]}})
    g, ctx = begin(s, "slave_revolt", "egypt")
    assert ctx["unsupporting"] == 20  # 1 token left to support 4 cities
    do(g, ctx, reduce_cities(0, ["alexandria", "thebes", "memphis"]))
    # Alexandria +4 (5 for 3 cities: short), Thebes +3 (8 for 2 cities): done
    assert g.cities_of("egypt") == ["memphis", "tanis"]
    assert g.tokens("alexandria", "egypt") == 4 and g.tokens("thebes", "egypt") == 3
    s2 = quiet(EGYPT_CITIES, players={"egypt": {"civ_cards": ["enlightenment"]}})
    g2, ctx2 = begin(s2, "slave_revolt", "egypt")
    assert ctx2["unsupporting"] == 10 and len(g2.cities_of("egypt")) == 4  # 11 >= 8
    assert EFFECTS["slave_revolt"].done(g2, ctx2)
    s3 = quiet(EGYPT_CITIES, players={"egypt": {"civ_cards": ["enlightenment", "mining"]}})
    g3 = Game(s3)
    assert slave_revolt.unsupporting(g3, "egypt") == 15  # the effects cancel


@pytest.mark.rule("30.422")
def test_slave_revolt_fewer_than_fifteen_tokens():
    s = quiet({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"},
               "buhen": {"tokens": {"egypt": 3}}, "nubia": {"tokens": {"egypt": 1}}})
    g, ctx = begin(s, "slave_revolt", "egypt")
    assert ctx["unsupporting"] == 4  # only the 4 tokens on the board are affected
    do(g, ctx, reduce_cities(0, ["memphis"]))
    # Memphis -> 3 tokens, which support Thebes (2 needed)
    assert g.cities_of("egypt") == ["thebes"] and g.tokens("memphis", "egypt") == 3


@pytest.mark.rule("30.422", "26.32")
@pytest.mark.site("SITE-CAL-05")
def test_slave_revolt_new_cities_first_and_random_default():
    s = quiet(EGYPT_CITIES, players={"egypt": {"new_cities": ["tanis", "memphis"]}})
    g, ctx = begin(s, "slave_revolt", "egypt")
    refused(g, ctx, reduce_cities(0, ["thebes"]), "26.32")
    EFFECTS["slave_revolt"].timeout(g, ctx, 0)
    assert EFFECTS["slave_revolt"].done(g, ctx)
    assert len(g.cities_of("egypt")) == 3 and "thebes" in g.cities_of("egypt")
    assert "alexandria" in g.cities_of("egypt")


@pytest.mark.rule("30.421")
def test_slave_revolt_no_shortfall_no_effect_and_tokens_normal_after():
    s = quiet({"thebes": {"city": "egypt"}, "fayum": {"tokens": {"egypt": 5}},
               "upper_egypt": {"tokens": {"egypt": 4}}, "buhen": {"tokens": {"egypt": 3}},
               "western_desert": {"tokens": {"egypt": 2}}, "ptolemais": {"tokens": {"egypt": 2}}})
    g, ctx = begin(s, "slave_revolt", "egypt")
    # 16 tokens, 15 cannot support: 1 < 2 -> Thebes (the only city) is reduced at once
    assert g.cities_of("egypt") == [] and g.tokens("thebes", "egypt") == 3
    assert EFFECTS["slave_revolt"].done(g, ctx)
    # nothing is left on the player: the effect lives only in this calamity's scratch data
    assert s.player("egypt").flags == {}


# ======================================================================================
# Civil War 30.41
# ======================================================================================
from tresham.games.advciv.rules.calamities import civil_war  # noqa: E402,F401

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


@pytest.mark.rule("30.4122", "32.611", "32.621", "32.822")
def test_civil_war_music_drama_democracy_enlarge_victims_pick():
    s = civil_war_position(egypt={"civ_cards": ["music", "drama_and_poetry", "democracy"]})
    g = Game(s)
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


@pytest.mark.rule("30.4124", "32.841")
def test_civil_war_philosophy_beneficiary_picks_fifteen():
    s = civil_war_position(egypt={"civ_cards": ["philosophy", "democracy"]})
    g, ctx = begin(s, "civil_war", "egypt")
    assert owed(g, ctx) == [(1, "civil_war_units")]
    assert EFFECTS["civil_war"].pending(g, ctx)[0].options["points"] == 15
    refused(g, ctx, select(1, {"fayum": 5}, ["thebes", "memphis", "alexandria"]), "30.4124")
    do(g, ctx, select(1, {"fayum": 5}, ["thebes", "memphis"]))
    assert owed(g, ctx) == [(0, "calamity_choice")]
    assert civil_war._points(ctx["second"]) == 39 - 15
    do(g, ctx, L.CalamityChoice(0, "second"))
    assert g.cities_of("babylon") == ["memphis", "thebes"] and g.tokens("fayum", "babylon") == 5
    assert g.cities_of("egypt") == ["alexandria"]


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


# ======================================================================================
# Barbarian Hordes 30.52
# ======================================================================================
from tresham.games.advciv.rules.calamities import barbarians  # noqa: E402,F401

BARB_BOARD = {"thebes": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 4}},
              "buhen": {"tokens": {"egypt": 3}}, "nubia": {"tokens": {"egypt": 1}},
              "ptolemais": {"tokens": {"babylon": 2}}}


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


@pytest.mark.rule("30.5211")
def test_barbarians_other_players_start_area_only_if_nothing_else():
    board = {a: {"tokens": {"babylon": 1}} for a in ("buhen", "jalo", "nubia", "siwa", "thebes",
                                                      "upper_egypt")}
    s = quiet(board)
    g = Game(s)
    assert barbarians.placement_options(g, "egypt") == ["buhen", "jalo", "nubia", "siwa", "thebes",
                                                        "upper_egypt"]
    board["nubia"] = {}
    s2 = quiet(board)
    assert barbarians.placement_options(Game(s2), "egypt") == ["nubia"]


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


@pytest.mark.rule("30.5233")
def test_barbarians_cross_water_but_not_open_sea():
    s = quiet({})
    g = Game(s)
    n = barbarians.neighbours(g, "knossos")
    assert "phaestos" in n and "rhodes" in n and "thera" in n  # land and water boundaries
    assert "aegean_sea" not in n and "eastern_mediterranean" not in n


@pytest.mark.rule("30.524", "30.5241", "30.5242")
def test_barbarians_prefer_victim_only_areas_then_head_for_nearest():
    s = quiet({"buhen": {"tokens": {"barbarians": 10}}, "upper_egypt": {"tokens": {"egypt": 1}},
               "thebes": {"tokens": {"egypt": 2, "babylon": 1}}})
    g = Game(s)
    # Thebes would cost Egypt 2, Upper Egypt only 1, but Upper Egypt is Egypt's alone
    assert barbarians.damage(g, "egypt", "thebes", 7, "buhen") == 2
    assert barbarians.move_options(g, "egypt", "buhen", 7) == ["upper_egypt"]
    # far from Egypt: through empty and others' areas toward the nearest Egyptian units
    s2 = quiet({"nubia": {"tokens": {"barbarians": 8}}, "ptolemais": {"tokens": {"babylon": 2}},
                "eastern_desert": {"tokens": {"egypt": 1}}})
    g2 = Game(s2)
    assert barbarians.move_options(g2, "egypt", "nubia", 7) == ["ptolemais"]
    ctx = {"calamity": "barbarian_hordes", "victim": "egypt", "trader": None,
           "stage": "done", "chooser": "egypt", "at": "nubia", "options": [], "steps": 0}
    EFFECTS["barbarian_hordes"]._march(g2, ctx)
    # they fight Babylon in Ptolemais (30.5242), then go on to the Eastern Desert
    assert g2.tokens("ptolemais", "babylon") == 0
    assert g2.tokens("eastern_desert", "egypt") == 0
    assert g2.tokens("nubia", "barbarians") == 1


@pytest.mark.rule("30.5252", "30.5235", "29.65")
def test_barbarians_get_no_card_attributes_and_are_never_secondary_victims():
    s = quiet({"thebes": {"city": "egypt"}, "buhen": {"tokens": {"barbarians": 9}}},
              players={"crete": {"civ_cards": ["engineering", "metalworking"]}})
    g = Game(s)
    # 6 barbarians (chosen by Crete, who holds Engineering) cannot take a city: 7 are needed
    assert barbarians.damage(g, "egypt", "thebes", 6, "buhen") == 0
    # 7 take it: its 6 replacement tokens fight them under limit 3; one Egyptian survives
    assert barbarians.damage(g, "egypt", "thebes", 7, "buhen") == 4
    loss = L.make_loss(g, "barbarians", 10)
    assert L.token_caps(g, loss) == {} and L.required(g, loss) == 0


# ======================================================================================
# End to end through the calamity phase
# ======================================================================================
@pytest.mark.rule("30.527", "29.1")
@pytest.mark.site("SITE-CAL-01")
def test_end_to_end_epidemic_and_crete_immune_to_barbarians():
    s, ev = position(nations=SIX, phase="calamities",
                     board={"fayum": {"tokens": {"egypt": 5}}, "alexandria": {"tokens": {"egypt": 4}},
                            "memphis": {"city": "egypt"}, "susa": {"tokens": {"babylon": 3}},
                            "knossos": {"tokens": {"crete": 3}}, "phaestos": {"tokens": {"crete": 2}}},
                     players={"egypt": {"hand": ["epidemic"]}, "crete": {"hand": ["barbarian_hordes"]}})
    assert "Crete may not be the primary victim of Barbarian Hordes" in "\n".join(e.text for e in ev)
    assert s.board.cities.get("memphis") is None and s.board.tokens["fayum"]["egypt"] == 1
    with pytest.raises(IllegalOrder):
        engine.apply(s, {"type": "assign_losses", "player": 0, "assign": {"babylon": 30}})
    s2, ev2 = engine.apply(s, {"type": "assign_losses", "player": 0,
                               "assign": {"babylon": 10, "crete": 10, "thrace": 5}})
    # (later phases run on at once, so the losses are read from the events)
    out = "\n".join(e.text for e in ev2)
    assert "Babylon loses 2 tokens in Susa to Epidemic" in out  # one token stays (30.612)
    assert "Crete loses 2 tokens in Knossos to Epidemic" in out
    assert "Crete loses 1 token in Phaestos to Epidemic" in out
    assert "barbarian" not in out.lower()
    assert s2.phase != "calamities" or s2.step.get("stage") != "calamities"


# ======================================================================================
# Random play through each calamity keeps the pieces exact
# ======================================================================================
MINE = ["civil_war", "slave_revolt", "flood", "barbarian_hordes", "epidemic"]
AREAS = ["thebes", "memphis", "alexandria", "tanis", "fayum", "upper_egypt", "buhen", "nubia",
         "siwa", "sinai", "ptolemais", "eastern_desert", "western_desert", "ur", "susa",
         "babylon", "sumeria", "babylonia", "charax", "mesopotamia", "media", "parthia"]


def random_position(seed, calamity):
    from tresham.games.advciv.game import Game as G
    rng = Rng(seed * 7919 + len(calamity))
    board = {}
    for a in AREAS:
        r = rng.below(6)
        owner = ["egypt", "egypt", "babylon", "assyria", "asia", "egypt"][rng.below(6)]
        if r == 0:
            board[a] = {"city": owner}
        elif r < 4:
            board[a] = {"tokens": {owner: 1 + rng.below(4)}}
    players = {"egypt": {"hand": [calamity],
                         "civ_cards": [c for c in ("military", "philosophy", "music", "medicine",
                                                   "roadbuilding", "engineering", "mining",
                                                   "enlightenment") if rng.below(3) == 0]}}
    if calamity not in ("civil_war", "flood") and rng.below(2):
        players["egypt"]["flags"] = {"calamity_from": {calamity: "crete"}}
    players["thrace"] = {"treasury": rng.below(40)}
    state, _ = position(nations=SIX, board=board, players=players, phase="calamities")
    return state, G


@pytest.mark.rule("29.62", "30.415")
@pytest.mark.site("SITE-CAL-05")
@pytest.mark.parametrize("calamity", MINE)
def test_random_play_through_calamity_keeps_invariants(calamity):
    from tresham.games.advciv.phase import PHASES
    from tresham.sim import check_invariants

    for seed in range(12):
        state, G = random_position(seed, calamity)
        rng = Rng(seed)
        for _ in range(60):
            if state.phase != "calamities":
                break
            ds = [d for d in engine.pending(state) if d.required]
            if not ds:
                break
            d = ds[rng.below(len(ds))]
            if rng.below(3):
                o = PHASES["calamities"].sample(G(state), d.player, rng)
            else:
                o = {"type": "timeout", "player": d.player}
            engine.apply_in_place(state, o)
            assert check_invariants(state) == [], (calamity, seed)
        assert state.phase != "calamities", (calamity, seed)
