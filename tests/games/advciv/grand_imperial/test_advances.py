"""Grand Imperial slice 6, city advances I (docs/variants/grand-imperial.md sections 3.11,
3.12, 3.14, 3.6 GI-REGION-13; worked scenarios S-8, S-16, S-17): the sites of
``variant_state["sites"]`` (``grand_imperial/sites.py``), ``GIContext`` (set values, support,
points), research points, and the GI ``buy`` order's advance lines (``purchase.py``,
``advances.py``). Rulings GIA-n: docs/rulings/grand-imperial-advances.md. Numbers: the seed
(001_199a5eef780342bd.txt, "City Advances") and data/grand_imperial.json."""
from __future__ import annotations

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.grand_imperial import sites
from tresham.games.advciv.grand_imperial.research import research
from tresham.games.advciv.grand_imperial.variant import KEY, GrandImperial
from tresham.games.advciv.position import ScenarioError
from tresham.games.advciv.variant import VARIANTS, game_for
from tresham.games.advciv.tools.sim import check_invariants, play_game, seat_bots

from tests.helpers import play, position, refused, texts

GI = {"variant": KEY, "wem": True}
EAST = ["egypt", "babylon", "assyria", "asia"]
#: Assyria can afford a card and owes a decision, so the advances phase waits for him.
WAIT = {"assyria": {"treasury": 50}}
#: Assyria's and Asia's hands of three make the trade phase wait (as in test_variant.py).
HOLD = {"assyria": {"hand": ["hides", "hides", "hides"]}, "asia": {"hand": ["resin", "resin", "resin"]}}


@pytest.fixture
def grand_imperial(monkeypatch):
    """Grand Imperial registered for one test (it is not a built-in variant)."""
    monkeypatch.setitem(VARIANTS, KEY, GrandImperial())
    yield VARIANTS[KEY]


def site(owner, *active):
    return {"owner": owner, "active": list(active), "flipped": [], "decay": None}


def at(phase, cities, players, site_map=None, luxury=None, waiting=WAIT, **kw):
    """A four-player eastern position in ``phase``: ``cities`` {area: nation}, ``players``
    the nations' specs, the sites {area: [advances]} (each its city's owner's)."""
    board = {a: {"city": n} for a, n in cities.items()}
    vs = {}
    if site_map:
        vs["sites"] = {a: site(cities[a], *adv) for a, adv in site_map.items()}
    if luxury:
        vs["luxury"] = luxury
    specs = {**waiting, **players}
    return position(nations=EAST, options={**GI, "players": 4}, board=board, players=specs,
                    phase=phase, variant_state=vs, **kw)


def buy(seat=0, **fields):
    return {"type": "buy", "player": seat, **fields}


def line(advance, city, **pay):
    return {"advance": advance, "city": city, **pay}


def egypt(state):
    return state.players[0]


def babylon(state):
    return state.players[1]


#: S-8: Babylon owns Mathematics, Literacy and Coinage; cities Babylon, Ur, Susa; a College in
#: Babylon, a Library and a College in Ur: 2 research points.
S8_CITIES = {"babylon": "babylon", "ur": "babylon", "susa": "babylon"}
S8_SITES = {"babylon": ["college"], "ur": ["library", "college"]}


def s8(**more):
    return at("advances", S8_CITIES,
              {"babylon": {"civ_cards": ["mathematics", "literacy", "coinage"], "treasury": 4,
                           "hand": ["bronze"] * 4, **more}}, S8_SITES)


# ---- GI-REGION-13: cards beyond the printed count ----------------------------------------
@pytest.mark.variant("GI-REGION-13")
def test_cards_beyond_the_printed_count_are_further_sets(grand_imperial):
    """Iron (2, printed 8) and Gold (9, printed 5): 10 Iron = 8²×2 + 2²×2 = 136 (plain: 128),
    13 Iron = 128 + 5²×2 = 178, 6 Gold = 225 + 9 = 234; within the printed count as plain."""
    state, _ = at("advances", {"thebes": "egypt"}, {"egypt": {"treasury": 5}})
    g = game_for(state)
    assert [g.set_value("iron", n) for n in (8, 10, 13)] == [128, 136, 178]
    assert [g.set_value("gold", n) for n in (5, 6)] == [225, 234]
    assert g.set_value("salt", 4) == 48 and g.hand_value(["iron"] * 10 + ["salt"]) == 139
    plain = engine.new_game({"players": 4}, seed=1)
    assert game_for(plain).set_value("iron", 10) == 128


@pytest.mark.variant("GI-REGION-13", "GI-TURN-12")
def test_ten_iron_and_four_treasury_buy_engineering(grand_imperial):
    """S-16: Egypt holds 10 Iron (136) and 4 treasury. Engineering (140) with 3 treasury is
    refused, 3 short of nothing (139 < 140); with 4 it is bought (a plain game would need
    12 treasury, 10 Iron being worth 128 there)."""
    state, _ = at("advances", {"thebes": "egypt"}, {"egypt": {"hand": ["iron"] * 10, "treasury": 4}})
    e = refused(state, buy(cards=["engineering"], pay_cards=["iron"] * 10, treasury=3), "31.2")
    assert "offer 136 in trade cards and 3 treasury tokens (1 short)" in str(e)
    state, ev = play(state, buy(cards=["engineering"], pay_cards=["iron"] * 10, treasury=4))
    assert "engineering" in egypt(state).civ_cards and egypt(state).treasury == 0
    assert egypt(state).hand == [] and state.set_aside == ["iron"] * 10 and check_invariants(state) == []


# ---- GI-CITYADV-03, 07: Communal Loom and Quarry -----------------------------------------
@pytest.mark.variant("GI-CITYADV-03")
def test_a_communal_loom_adds_one_to_the_face_value_of_its_owners_cloth(grand_imperial):
    """Cloth (5): 3 Cloth = 3²×6 = 54 for the Loom's owner, 45 for anyone else; once per
    civilization (two Looms: still 54). His score counts it."""
    state, _ = at("advances", {"thebes": "egypt", "memphis": "egypt", "babylon": "babylon"},
                  {"egypt": {"hand": ["cloth"] * 3}}, {"thebes": ["communal_loom"]})
    g = game_for(state)
    with g.holding("egypt"):
        assert g.set_value("cloth", 3) == 54 and g.set_value("wine", 2) == 20
    with g.holding("babylon"):
        assert g.set_value("cloth", 3) == 45
    assert g.set_value("cloth", 3) == 45
    plain_score = 50 * 2 + 25 + 45  # cities, the Loom's own points, the cloth at the plain value
    assert g.score("egypt") == plain_score + 9
    sites.add(g, "memphis", "egypt", "communal_loom")
    with g.holding("egypt"):
        assert g.set_value("cloth", 3) == 54


@pytest.mark.variant("GI-CITYADV-07", "GI-CARULE-06")
def test_a_quarry_makes_metal_and_gem_sets_one_card_larger_within_the_printed_count(grand_imperial):
    """Gold (9, printed 5) with a Quarry: 3 Gold = 4²×9 = 144; with Mining too 5²×9 = 225,
    the printed ceiling; 5 Gold stay 225. Cloth is not a Mining commodity: 3 Cloth 45. In
    Revolt (0 luxury points) the Quarry does nothing: 3 Gold 81."""
    state, _ = at("advances", {"thebes": "egypt"}, {"egypt": {}}, {"thebes": ["quarry"]})
    g = game_for(state)
    with g.holding("egypt"):
        assert g.set_value("gold", 3) == 144 and g.set_value("gold", 5) == 225
        assert g.hand_value(["gold"] * 3, mining=True) == 225
        assert g.set_value("cloth", 3) == 45 and g.set_value("iron", 10) == 128 + 18
    state.variant_state["luxury"] = {"thebes": 0}
    g = game_for(state)
    with g.holding("egypt"):
        assert g.set_value("gold", 3) == 81


# ---- GI-CITYADV-02, 04: Communal Well and Granary ----------------------------------------
@pytest.mark.variant("GI-CITYADV-04")
def test_a_city_with_a_communal_well_needs_one_token_of_support(grand_imperial):
    """Two cities, one with a Well: 3 tokens needed (plain: 4)."""
    state, _ = at("advances", {"thebes": "egypt", "memphis": "egypt"}, {"egypt": {}},
                  {"thebes": ["communal_well"]})
    assert game_for(state).support_needed("egypt") == 3


def s17(hand, tokens=3):
    """S-17: Egypt's cities in Thebes (Communal Well), Memphis (Granary) and Tanis, ``tokens``
    on land (Sumeria, limit 3, then Nineveh), ``hand`` held; the surplus phase."""
    board = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "tanis": {"city": "egypt"},
             "sumeria": {"tokens": {"egypt": min(tokens, 3)}}}
    if tokens > 3:
        board["nineveh"] = {"tokens": {"egypt": tokens - 3}}
    return position(nations=EAST, options={**GI, "players": 4}, board=board,
                    players={**HOLD, "egypt": {"hand": hand}}, phase="surplus",
                    variant_state={"sites": {"thebes": site("egypt", "communal_well"),
                                             "memphis": site("egypt", "granary")}})


@pytest.mark.variant("GI-CITYADV-02", "GI-CITYADV-04")
def test_a_well_a_granary_and_a_grain_card_support_three_cities_with_three_tokens(grand_imperial):
    """S-17: Thebes needs 1 token (Well), Memphis none (its Granary takes the Grain card),
    Tanis 2: 3 tokens suffice (a plain game needs 6). No reduction is owed; the Grain is
    marked for the turn (``flags.granary_grain`` 1) and stays in the hand."""
    state, ev = s17(["grain"])
    assert sorted(a for a, n in state.board.cities.items() if n == "egypt") == ["memphis", "tanis", "thebes"]
    assert not [d for d in engine.pending(state) if d.kind == "reduce_cities"]
    assert egypt(state).flags["granary_grain"] == 1 and "grain" in egypt(state).hand
    assert "Egypt supports 1 Granary city with a Grain card" in texts(ev)
    assert check_invariants(state) == []


@pytest.mark.variant("GI-CITYADV-02")
def test_without_the_grain_card_egypt_must_reduce_and_a_needless_grain_is_not_marked(grand_imperial):
    """Without Grain, 3 tokens for a need of 5: Egypt owes a reduction. With 5 tokens the
    Grain saves nothing and is not marked (GIR-40: only when it saves a reduction)."""
    state, _ = s17([])
    d = [d for d in engine.pending(state) if d.kind == "reduce_cities"]
    assert [x.player for x in d] == [0] and d[0].options["needed"] == 5
    state, _ = s17(["grain"], tokens=5)
    assert "granary_grain" not in egypt(state).flags


@pytest.mark.variant("GI-CITYADV-02")
def test_the_granary_grain_pays_for_nothing_that_turn(grand_imperial):
    """GIR-40: the Grain supporting a Granary may not pay for a card or an advance; Egypt's
    other Grain may."""
    state, _ = at("advances", {"thebes": "egypt", "memphis": "egypt"},
                  {"egypt": {"hand": ["grain", "grain"], "treasury": 55, "civ_cards": ["pottery"],
                             "flags": {"granary_grain": 1}}}, {"memphis": ["granary"]})
    e = refused(state, buy(cards=["mysticism"], pay_cards=["grain", "grain"], treasury=34), "GI-CITYADV-02")
    assert "Granary" in str(e)
    refused(state, buy(advances=[line("granary", "thebes", pay_cards=["grain", "grain"], treasury=9)]),
            "GI-CITYADV-02")
    state, _ = play(state, buy(advances=[line("granary", "thebes", pay_cards=["grain"], treasury=21)]))
    assert egypt(state).hand == ["grain"] and egypt(state).treasury == 34
    assert state.variant_state["sites"]["thebes"]["active"] == ["granary"]


# ---- GI-TURN-12, GI-CARULE-01..03: buying ------------------------------------------------
@pytest.mark.variant("GI-CARULE-03", "GI-CITYADV-09", "GI-CITYADV-11", "GI-CITYADV-15", "GI-AST-04")
def test_two_research_points_give_a_credit_of_25_towards_a_marketplace(grand_imperial):
    """S-8 (with a treasury a nation can hold: 55 tokens at most): College and Library (the
    second College counts nothing) give 2 research points, a credit of 25; the MarketPlace
    (125) costs 100, paid with 4 Bronze (96) and 4 treasury. Asking 3 points is refused, and
    without the credit the payment is 25 short. Public points +121: treasury -4, the advance
    +125."""
    state, _ = s8()
    assert research(state, "babylon") == 2
    before = game_for(state).public_points("babylon")
    bronze = ["bronze"] * 4
    e = refused(state, buy(1, advances=[line("marketplace", "susa", pay_cards=bronze, treasury=4, research=3)]),
                "GI-CARULE-03")
    assert "you have 2 research points" in str(e)
    refused(state, buy(1, advances=[line("marketplace", "susa", pay_cards=bronze, treasury=3, research=2)]),
            "GI-TURN-12")
    e = refused(state, buy(1, advances=[line("marketplace", "susa", pay_cards=bronze, treasury=4)]), "GI-TURN-12")
    assert "(25 short)" in str(e)
    state, ev = play(state, buy(1, advances=[line("marketplace", "susa", pay_cards=bronze, treasury=4,
                                                  research=2)]))
    assert babylon(state).treasury == 0 and babylon(state).hand == []
    assert state.variant_state["sites"]["susa"] == site("babylon", "marketplace")
    assert game_for(state).public_points("babylon") == before + 121
    assert ("Babylon builds a MarketPlace in Susa (125: 25 credit for 2 research points, 96 in 4 "
            "trade cards, 4 treasury tokens).") in texts(ev)
    assert check_invariants(state) == []


@pytest.mark.variant("GI-CARULE-03", "GI-CITYADV-18", "GI-CITYADV-22", "GI-CITYADV-23", "GI-CITYADV-10")
def test_research_points_split_between_items_each_part_on_the_chart(grand_imperial):
    """All six producers: 6 research points. Split 4 + 2 they give 100 + 25: the Library (200)
    owes 100 (4 Gold, 144, pay it), the College (150) 125 (4 Bronze, 96, and 29 treasury; 28
    is short). As 6 on one item 300: the Library free, paid with nothing. A split adding up
    to 7 is refused; so is paying for a fully credited item."""
    cities = {"babylon": "babylon", "ur": "babylon", "susa": "babylon", "nineveh": "assyria"}
    six = {"babylon": ["apothecary", "university"], "ur": ["social_mobility", "monastery"],
           "susa": ["apothecary"]}
    spec = {"babylon": {"civ_cards": ["mathematics", "literacy"], "treasury": 29,
                        "hand": ["gold"] * 4 + ["bronze"] * 4}}
    state, _ = at("advances", cities, spec, six)
    assert research(state, "babylon") == 4
    state.variant_state["sites"]["nineveh"] = site("assyria", "college")
    state.variant_state["sites"]["susa"]["active"] += ["college", "library"]
    assert research(state, "babylon") == 6 and research(state, "assyria") == 1
    gold, bronze = ["gold"] * 4, ["bronze"] * 4
    two = [line("library", "babylon", pay_cards=gold, research=4),
           line("college", "ur", pay_cards=bronze, treasury=29, research=3)]
    refused(state, buy(1, advances=two), "GI-CARULE-03")
    refused(state, buy(1, advances=[line("library", "ur", treasury=1, research=6)]), "31.57")
    refused(state, buy(1, advances=[line("library", "babylon", pay_cards=gold, research=4),
                                    line("college", "ur", pay_cards=bronze, treasury=28, research=2)]),
            "GI-TURN-12")
    after, _ = play(state, buy(1, advances=[line("library", "babylon", pay_cards=gold, research=4),
                                            line("college", "ur", pay_cards=bronze, treasury=29, research=2)]))
    assert babylon(after).treasury == 0 and babylon(after).flags["research_spent"] == 6
    assert after.variant_state["sites"]["ur"]["active"] == ["social_mobility", "monastery", "college"]
    after, _ = play(state, buy(1, advances=[line("library", "ur", research=6)]))
    assert babylon(after).treasury == 29 and "library" in after.variant_state["sites"]["ur"]["active"]


@pytest.mark.variant("GI-CITYADV-10", "GI-CITYADV-11", "GI-CITYADV-15", "GI-CARULE-06")
def test_research_counts_each_kind_once_and_nothing_in_revolt(grand_imperial):
    """An Apothecary: 1 point. Two Colleges: still 1. College + Library: 2. The Library's city
    in Revolt (0 luxury points): 1."""
    cities = {"babylon": "babylon", "ur": "babylon", "susa": "babylon"}
    state, _ = at("advances", cities, {"babylon": {}}, {"susa": ["apothecary"]})
    assert research(state, "babylon") == 1
    state, _ = at("advances", cities, {"babylon": {}}, {"babylon": ["college"], "ur": ["college"]})
    assert research(state, "babylon") == 1
    state, _ = at("advances", cities, {"babylon": {}}, {"babylon": ["college"], "ur": ["library"]})
    assert research(state, "babylon") == 2
    state, _ = at("advances", cities, {"babylon": {}}, {"babylon": ["college"], "ur": ["library"]},
                  luxury={"ur": 0, "babylon": 2})
    assert research(state, "babylon") == 1


@pytest.mark.variant("GI-CITYADV-09", "GI-CITYADV-10", "GI-TURN-12")
def test_an_advance_is_paid_only_as_its_payment_restriction_allows(grand_imperial):
    """MarketPlace (125): Gold, Silver or Bronze sets or treasury: Spices refused; 4 Gold
    (144) pay it, and a treasury token more would overpay. Apothecary (125): Spices, Oil or
    Papyrus: Gold refused; 3 Spices (63), 2 Oil (16) and 46 treasury pay it."""
    hand = ["spices"] * 3 + ["oil"] * 2 + ["gold"] * 4
    state, _ = at("advances", {"thebes": "egypt", "memphis": "egypt"},
                  {"egypt": {"hand": hand, "treasury": 46, "civ_cards": ["coinage", "medicine"]}})
    e = refused(state, buy(advances=[line("marketplace", "thebes", pay_cards=["spices"] * 3,
                                          treasury=46)]), "GI-CITYADV-09")
    assert "MarketPlace is paid with Gold, Silver or Bronze sets or treasury only, not Spices" in str(e)
    refused(state, buy(advances=[line("apothecary", "thebes", pay_cards=["gold"] * 4)]), "GI-CITYADV-10")
    refused(state, buy(advances=[line("marketplace", "thebes", pay_cards=["gold"] * 4, treasury=1)]), "31.41")
    state, _ = play(state, buy(advances=[line("marketplace", "thebes", pay_cards=["gold"] * 4),
                                         line("apothecary", "memphis", pay_cards=["spices"] * 3 + ["oil"] * 2,
                                              treasury=46)]))
    assert egypt(state).treasury == 0 and egypt(state).hand == []
    assert sorted(state.set_aside) == sorted(hand)
    assert research(state, "egypt") == 1


@pytest.mark.variant("GI-TURN-12")
def test_prerequisites_owned_from_an_earlier_turn_and_no_civilization_credits(grand_imperial):
    """A College needs Mathematics owned before this turn (31.62): without it refused, bought
    this turn refused. Mathematics' and Literacy's credits do not lower an advance (GIR-09):
    4 Gold (144) and 5 treasury are short; with 6 it is built."""
    cities = {"thebes": "egypt"}
    gold = ["gold"] * 4  # 144
    state, _ = at("advances", cities, {"egypt": {"treasury": 6, "hand": gold}})
    e = refused(state, buy(advances=[line("college", "thebes", pay_cards=gold, treasury=6)]), "GI-CITYADV-11")
    assert "College needs Mathematics owned from an earlier turn" in str(e)
    state, _ = at("advances", cities, {"egypt": {"treasury": 6, "hand": gold, "civ_cards": {"mathematics": 1}}})
    refused(state, buy(advances=[line("college", "thebes", pay_cards=gold, treasury=6)]), "GI-CITYADV-11")
    state, _ = at("advances", cities, {"egypt": {"treasury": 6, "hand": gold,
                                                 "civ_cards": ["mathematics", "literacy"]}})
    refused(state, buy(advances=[line("college", "thebes", pay_cards=gold, treasury=5)]), "GI-TURN-12")
    state, _ = play(state, buy(advances=[line("college", "thebes", pay_cards=gold, treasury=6)]))
    assert egypt(state).treasury == 0 and sites.has(state, "thebes", "college")


@pytest.mark.variant("GI-TURN-12", "GI-CITYADV-08")
def test_a_set_pays_for_one_item_and_coastal_advances_need_a_coastal_city(grand_imperial):
    """GIR-56: Gold paying for Mysticism may not pay for a MarketPlace too (3 Gold split 2 + 1).
    A Port in Memphis (inland) is refused; in Tanis (coastal) it is built."""
    state, _ = at("advances", {"memphis": "egypt", "tanis": "egypt"},
                  {"egypt": {"hand": ["gold"] * 3, "treasury": 55, "civ_cards": ["coinage", "astronomy"]}})
    e = refused(state, buy(cards=["mysticism"], pay_cards=["gold", "gold"], treasury=14,
                           advances=[line("marketplace", "tanis", pay_cards=["gold"], treasury=41)]),
                "GI-TURN-12")
    assert "a set is never split between items" in str(e)
    refused(state, buy(advances=[line("port", "memphis", treasury=55, pay_cards=["gold"] * 3)]), "GI-CITYADV-08")
    state, _ = play(state, buy(advances=[line("port", "tanis", pay_cards=["gold"] * 3)]))
    assert sites.has(state, "tanis", "port") and egypt(state).treasury == 55 and egypt(state).hand == []


@pytest.mark.variant("GI-CARULE-01", "GI-CARULE-02", "GI-CITYADV-14")
def test_placed_on_a_city_of_the_buyer_once_per_city_and_one_palace(grand_imperial):
    """GI-CARULE-01: not on Assyria's Nineveh, nor an area without a city. GI-CARULE-02: a
    second Music Hall in Ur is refused, one in Susa accepted. GIR-42: a second Palace is
    refused, and two in one order."""
    cities = {"babylon": "babylon", "ur": "babylon", "susa": "babylon", "nineveh": "assyria"}
    state, _ = at("advances", cities, {"babylon": {"treasury": 55, "hand": ["gold"] * 5,
                                                   "civ_cards": ["music", "architecture"]}},
                  {"ur": ["music_hall"], "babylon": ["palace"]})
    refused(state, buy(1, advances=[line("music_hall", "nineveh", treasury=25)]), "GI-CARULE-01")
    refused(state, buy(1, advances=[line("music_hall", "sumeria", treasury=25)]), "GI-CARULE-01")
    e = refused(state, buy(1, advances=[line("music_hall", "ur", treasury=25)]), "GI-CARULE-02")
    assert "Ur already has a Music Hall" in str(e)
    refused(state, buy(1, advances=[line("music_hall", "susa", treasury=25)] * 2), "GI-CARULE-02")
    e = refused(state, buy(1, advances=[line("palace", "susa", treasury=200)]), "GI-CITYADV-14")
    assert "you have a Palace in Babylon" in str(e)
    state.variant_state["sites"]["babylon"]["active"] = []
    del state.variant_state["sites"]["babylon"]
    refused(state, buy(1, advances=[line("palace", "susa", pay_cards=["gold"] * 5), line("palace", "ur")]),
            "GI-CITYADV-14")
    state, _ = play(state, buy(1, advances=[line("music_hall", "susa", treasury=25)]))
    assert state.variant_state["sites"]["susa"]["active"] == ["music_hall"] and babylon(state).treasury == 30


@pytest.mark.variant("GI-CITYADV-20", "GI-CITYADV-21")
def test_temples_and_oracles_become_obsolete(grand_imperial):
    """GIR-44: buying Deism removes Egypt's Temples in the same phase, with an event; a
    Temple is not bought once Deism is owned. Monotheism removes the Oracles."""
    cities = {"thebes": "egypt", "memphis": "egypt"}
    state, _ = at("advances", cities, {"egypt": {"hand": ["gold"] * 3, "civ_cards": ["mysticism"]}},
                  {"thebes": ["temple"], "memphis": ["temple", "granary"]})
    state, ev = play(state, buy(cards=["deism"], pay_cards=["gold"] * 3))
    assert state.variant_state["sites"] == {"memphis": site("egypt", "granary")}
    assert "Egypt's Temple in Thebes is obsolete with Deism and is removed." in texts(ev)
    state, _ = at("advances", cities, {"egypt": {"treasury": 25, "hand": ["gold"] * 3,
                                                 "civ_cards": ["mysticism", "deism"]}})
    refused(state, buy(advances=[line("temple", "thebes", treasury=25)]), "GI-CITYADV-20")
    state, _ = at("advances", cities, {"egypt": {"hand": ["gold"] * 5, "treasury": 50,
                                                 "civ_cards": ["deism", "enlightenment"]}},
                  {"thebes": ["oracle"]})
    refused(state, buy(cards=["monotheism"], pay_cards=["gold"] * 5,
                       advances=[line("oracle", "memphis", treasury=50)]), "GI-CITYADV-21")
    state, ev = play(state, buy(cards=["monotheism"], pay_cards=["gold"] * 5))
    assert "sites" not in state.variant_state
    assert "Egypt's Oracle in Thebes is obsolete with Monotheism and is removed." in texts(ev)


# ---- GI-AST-04: advances score --------------------------------------------------------------
@pytest.mark.variant("GI-AST-04")
def test_every_advance_on_the_board_scores_its_printed_cost(grand_imperial):
    """A Palace adds 200 to the score and the public points; Babylon's College 150 counts for
    Babylon, not for Egypt."""
    cities = {"thebes": "egypt", "babylon": "babylon"}
    state, _ = at("advances", cities, {"egypt": {}, "babylon": {}}, {"babylon": ["college"]})
    g = game_for(state)
    base = g.score("egypt")
    assert g.public_points("babylon") == g.public_points("egypt") + 150
    sites.add(g, "thebes", "egypt", "palace")
    assert g.score("egypt") == base + 200 and g.public_points("egypt") == base + 200
    assert g.civ_points("egypt") == 0


# ---- the phase: decisions, default, bots ----------------------------------------------------
@pytest.mark.variant("GI-TURN-12")
def test_an_affordable_advance_is_a_decision_and_the_timeout_buys_none(grand_imperial):
    """Egypt (treasury 30, Music owned, nothing else affordable) owes a decision for a Music
    Hall (25); the deadline's default buys nothing (D18)."""
    state, _ = at("advances", {"thebes": "egypt"}, {"egypt": {"treasury": 30, "civ_cards": ["music"]}})
    d = [d for d in engine.pending(state) if d.player == 0]
    assert d and d[0].options["advances"] == {"music_hall": ["thebes"]} and d[0].options["buyable"] == []
    state, _ = play(state, {"type": "timeout", "player": 0})
    assert "sites" not in state.variant_state and egypt(state).treasury == 30


# ---- sites and cities ------------------------------------------------------------------------
@pytest.mark.variant("GI-CARULE-02", "GI-CITYADV-14")
def test_a_position_breaking_the_sites_invariants_is_refused(grand_imperial):
    """A site on a city not its owner's, two Palaces, a duplicate: refused positions."""
    with pytest.raises(ScenarioError, match="the site in ur is egypt's"):
        position(nations=EAST, options={**GI, "players": 4}, board={"ur": {"city": "babylon"}},
                 phase="advances", variant_state={"sites": {"ur": site("egypt", "college")}})
    two = {"ur": site("babylon", "palace"), "susa": site("babylon", "palace", "college", "college")}
    with pytest.raises(ScenarioError, match="babylon has 2 Palaces.*|.*college twice"):
        position(nations=EAST, options={**GI, "players": 4},
                 board={"ur": {"city": "babylon"}, "susa": {"city": "babylon"}},
                 phase="advances", variant_state={"sites": two})


@pytest.mark.variant("GI-CITYADV-14")
def test_a_city_that_changes_hands_keeps_its_advances_but_the_palace(grand_imperial):
    """GIR-57, GIR-42: Babylon's Ur (Palace, College) becomes Assyria's: the College goes
    with it, the Palace is lost. A city reduced loses its advances (GIA-9)."""
    cities = {"ur": "babylon", "susa": "babylon"}
    state, _ = at("advances", cities, {"babylon": {}}, {"ur": ["palace", "college"], "susa": ["granary"]})
    g = game_for(state)
    g.replace_city("ur", "assyria", "Treachery")
    assert state.variant_state["sites"]["ur"] == site("assyria", "college")
    assert sites.capital_of(g, "babylon") is None
    g.reduce_city("susa", "Famine")
    assert "susa" not in state.variant_state["sites"]
    assert "Babylon's city advances in Susa are lost (Granary)." in texts(g.events)
    assert sites.invariants(state) == []


@pytest.mark.variant("GI-TURN-12")
def test_random_bots_buy_advances_legally_and_keep_the_invariants(grand_imperial):
    """Random bots with civilization cards to start with: their samples (the plain purchase
    and sometimes an advance) are never refused, and the sites' invariants hold after every
    order (``sim.check_invariants``); the log replays."""
    rec = play_game(4, 3, bots=seat_bots("random", 4, 3), turns=14, options=dict(GI))
    assert rec.violations == [] and not rec.stalled and rec.replay_ok
    assert not [r for r in rec.refused_samples if r.startswith("advances")]


@pytest.mark.variant("GI-CARULE-03")
def test_research_points_give_their_credit_towards_a_civilization_card(grand_imperial):
    """S-8's 2 research points on Mysticism (50, 40 after Mathematics' and Literacy's credits
    of 5 each): credit 25, so 15 treasury. Points for a card not bought, 3 points, or 2 on
    the card and 1 on an advance are refused; 14 treasury is short."""
    state, _ = s8(treasury=25)
    refused(state, buy(1, cards=["mysticism"], treasury=15, research={"music": 2}), "GI-CARULE-03")
    refused(state, buy(1, cards=["mysticism"], treasury=15, research={"mysticism": 3}), "GI-CARULE-03")
    refused(state, buy(1, cards=["mysticism"], treasury=14, research={"mysticism": 2}), "31.2")
    refused(state, buy(1, cards=["mysticism"], treasury=15, research={"mysticism": 2},
                       advances=[line("marketplace", "susa", pay_cards=["bronze"] * 4, treasury=10, research=1)]),
            "GI-CARULE-03")
    state, ev = play(state, buy(1, cards=["mysticism"], treasury=15, research={"mysticism": 2}))
    assert "mysticism" in babylon(state).civ_cards and babylon(state).treasury == 10
    assert "Babylon spends 2 research points on Mysticism (2: 25 credit)." in texts(ev)
    assert "Babylon acquires Mysticism (15 after credits" in texts(ev)


@pytest.mark.variant("GI-TURN-12")
def test_the_random_bots_purchases_are_always_legal_and_some_build_advances(grand_imperial):
    """D18's random sample from S-8's position (with 6 Gold, 4 Bronze and 30 treasury) under
    60 generator seeds: every order is accepted, and some build a city advance."""
    from tresham.rng import Rng

    state, _ = s8(treasury=30, hand=["gold"] * 4 + ["bronze"] * 4)
    built = 0
    for seed in range(60):
        g = game_for(state)
        o = g.variant.phase("advances").sample(g, 1, Rng(seed))
        after, ev = play(state, o.to_json())
        assert check_invariants(after) == []
        built += bool(o.advances) and any(e.kind == "advance_bought" for e in ev)
    assert 5 <= built <= 40


@pytest.mark.variant("GI-TURN-12")
def test_the_buy_form_has_advance_rows_whose_order_is_accepted(grand_imperial):
    """D18's form (EP-12): S-8's buyer sees the MarketPlace open and the Palace closed
    (Architecture not owned), his three cities, at most his 2 research points; filling one
    advance row (MarketPlace in Susa, 4 Bronze, 4 treasury, 2 research points) gives the
    order S-8 buys with, and it is accepted."""
    from tresham.games import registry

    R = registry.get("advciv")
    state, _ = s8()
    forms = [f for f in R.order_forms(state, 1) if f.id == "buy"]
    assert len(forms) == 1
    fields = {f.name: f for f in forms[0].fields}
    adv = {c.value: c for c in fields["advance1"].choices}
    assert not adv["marketplace"].disabled and adv["palace"].disabled and "restore1" not in fields
    assert [c.value for c in fields["city1"].choices] == ["babylon", "susa", "ur"]
    assert fields["research1"].max == 2
    values = {"cards": [], "pay": {}, "treasury": 0, "advance1": "marketplace", "city1": "susa",
              "pay1": {"bronze": 4}, "treasury1": 4, "research1": 2, "advance2": None}
    order = R.form_order(state, 1, "buy", values)
    assert order["advances"] == [line("marketplace", "susa", pay_cards=["bronze"] * 4, treasury=4, research=2)]
    state, _ = R.apply(state, order)
    assert sites.has(state, "susa", "marketplace") and babylon(state).treasury == 0


@pytest.mark.variant("GI-CARULE-03", "GI-CITYADV-14")
def test_everyone_sees_the_advances_research_and_capitals(grand_imperial):
    """Design 4.3: city advances and research points are public at once: Egypt's view (and a
    spectator's) of S-8 lists Babylon's sites and his 2 research points."""
    from tresham.games.advciv.view import player_view

    state, _ = s8()
    state.variant_state["sites"]["susa"] = site("babylon", "palace")
    for seat in (0, None):
        v = player_view(state, seat)["variant"]
        assert v["sites"]["ur"]["active"] == ["library", "college"]
        assert v["research"] == {"babylon": 2} and v["capitals"] == {"babylon": "susa"}


@pytest.mark.variant("GI-CITYADV-26")
def test_a_shipyard_fills_the_fleet(grand_imperial):
    """Egypt (Galleons owned, 1 ship) buys a Shipyard (150: 4 Gold, 144, and 6 treasury) in
    coastal Tanis: 3 Triremes are launched there, 4 ships in all, the ship records agreeing
    (GI-SHIP-01). (Marines are sold since their piece is played: test_marines.py, GIM-1.)"""
    state, _ = position(nations=EAST, options={**GI, "players": 4}, board={"tanis": {"city": "egypt"}},
                        ships={"egypt": ["tanis"]},
                        players={"egypt": {"hand": ["gold"] * 4, "treasury": 6}, **WAIT}, phase="advances")
    egypt(state).civ_cards.update({"galleons": 0, "navy": 0})  # (a position's cards are the plain ones)
    state, ev = play(state, buy(advances=[line("shipyard", "tanis", pay_cards=["gold"] * 4, treasury=6)]))
    assert state.board.ships["egypt"] == ["tanis"] * 4 and egypt(state).treasury == 0
    assert "Egypt's Shipyard in Tanis launches 3 new ships free of charge (GI-CITYADV-26)." in texts(ev)
    assert check_invariants(state) == []


@pytest.mark.variant("GI-CITYADV-20", "GI-CITYADV-23", "GI-TURN-12")
def test_cards_held_for_a_turn_neither_open_nor_obsolete_an_advance(grand_imperial):
    """GIR-44 and 31.62: a Monotheism held for the turn (a leader's ``temp_cards``) does not
    make Egypt's Temple obsolete, and a Theology held for the turn does not open a Monastery."""
    state, _ = at("advances", {"thebes": "egypt", "memphis": "egypt"},
                  {"egypt": {"treasury": 25, "hand": ["gold"] * 4, "civ_cards": ["mysticism"],
                             "flags": {"temp_cards": ["monotheism", "theology"]}}}, {"thebes": ["temple"]})
    refused(state, buy(advances=[line("monastery", "memphis", pay_cards=["gold"] * 4)]), "GI-CITYADV-23")
    state, _ = play(state, buy(advances=[line("temple", "memphis", treasury=25)]))
    assert sites.has(state, "thebes", "temple") and sites.has(state, "memphis", "temple")
