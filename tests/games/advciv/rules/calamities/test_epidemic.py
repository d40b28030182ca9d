"""tresham/games/advciv/rules/calamities/epidemic.py: Epidemic (30.61), Medicine (32.431) and
Roadbuilding (32.252)."""
import pytest

from tresham.games.advciv.context import Context
from tresham.games.advciv.rules.calamities import epidemic, losses as L
from tresham.games.advciv.rules.calamities.base import EFFECTS
from tresham.rng import Rng

from tests.helpers import (begin_effect as begin, effect_order as do, effect_owed as owed,
                           effect_position as quiet, effect_refused as refused,
                           effect_texts as texts)


# ---- 30.611 Sixteen for the victim, twenty-five assigned ----------------------------------------
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


# ---- 30.612 Each area keeps a token -------------------------------------------------------------
@pytest.mark.rule("30.612", "29.63")
def test_epidemic_city_counts_four_and_exact_total():
    # Egypt: a city and 2 single-token areas, owes 16 (Medicine -8 => 8): city 4 + nothing
    # from single tokens (each area keeps one): 4 is all he can lose
    s = quiet({"thebes": {"city": "egypt"}, "sinai": {"tokens": {"egypt": 1}},
               "nubia": {"tokens": {"egypt": 1}}},
              players={"egypt": {"civ_cards": ["medicine"]}})
    g = Context(s)
    loss = L.make_loss(g, "egypt", epidemic.primary_loss(g, "egypt"), mode=L.EPIDEMIC)
    assert loss["points"] == 8
    assert L.required(g, loss) == 4
    L.apply(g, loss, **L.forced_choice(g, loss))
    assert "thebes" not in s.board.cities and g.tokens("thebes", "egypt") == 1
    assert g.tokens("sinai", "egypt") == 1 and g.tokens("nubia", "egypt") == 1


# ---- 30.613-30.615 Medicine and Roadbuilding ----------------------------------------------------
@pytest.mark.rule("30.613", "30.614", "30.615", "32.431", "32.252")
def test_epidemic_card_modifiers():
    s = quiet({"thebes": {"tokens": {"egypt": 3}}},
              players={"egypt": {"civ_cards": ["medicine", "roadbuilding"]},
                       "babylon": {"civ_cards": ["medicine"]},
                       "assyria": {"civ_cards": ["roadbuilding"]}})
    g = Context(s)
    assert epidemic.primary_loss(g, "egypt") == 16 - 8 + 5 == 13
    assert epidemic.primary_loss(g, "asia") == 16
    assert epidemic.secondary_loss(g, "babylon", 10) == 5
    assert epidemic.secondary_loss(g, "babylon", 4) == 0  # floor 0 (Z-26)
    assert epidemic.secondary_loss(g, "assyria", 10) == 15  # +5 above the cap of 10 (Z-26)
    assert epidemic.secondary_loss(g, "egypt", 10) == 10
    assert epidemic.secondary_loss(g, "assyria", 0) == 0  # not chosen, not affected


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
