"""tresham/games/advciv/grand_imperial/variant.py, stacks.py, acquisition.py: Grand Imperial
slice 1 (docs/variants/grand-imperial.md section 6.1) in play: the options it needs and
refuses, its thirteen trade stacks, every card accounted for, the regional and event draws,
restacking. Rulings GIS-n: docs/rulings/grand-imperial-stacks.md. Numbers: the seed
(001_199a5eef780342bd.txt)."""
from __future__ import annotations

from collections import Counter

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.grand_imperial import data as gi
from tresham.games.advciv.grand_imperial.stacks import home_region, restack
from tresham.games.advciv.grand_imperial.variant import BALLAST, EVENTS, KEY, GrandImperial
from tresham.games.advciv.position import ScenarioError
from tresham.games.advciv.site.rules import AdvancedCivilization
from tresham.games.advciv.variant import BUILT_IN, VARIANTS, game_for
from tresham.games.contract import IllegalOrder
from tresham.games.advciv.tools.sim import check_invariants, play_game, seat_bots

from tests.helpers import play, position, texts

GI = {"variant": KEY, "wem": True}
#: The seed's stack sizes, regions 1-12 (GI-REGION-01..12).
SIZES = {"armenia": 7, "mesopotamia": 8, "levant": 10, "nile_basin": 15, "north_africa": 10,
         "iberia": 12, "france": 8, "italy": 10, "upper_danube": 9, "lower_danube": 8,
         "aegea": 13, "anatolia": 12}
EAST = ["egypt", "babylon", "assyria", "asia"]


@pytest.fixture
def grand_imperial(monkeypatch):
    """Grand Imperial registered for one test (it is not a built-in variant)."""
    monkeypatch.setitem(VARIANTS, KEY, GrandImperial())
    yield VARIANTS[KEY]


def stack(g, name):
    return g.s.stacks[g.variant.stack_names().index(name)]


def full(region, top=()):
    """The region's whole stack with ``top`` on top (a stack as the seed composes it)."""
    rest = Counter(dict(gi.regions()[region].stack)) - Counter(top)
    return [*top, *sorted(rest.elements())]


def events(top=()):
    ev = gi.event_stack()
    rest = Counter([*ev.calamities, *[BALLAST] * ev.ballast, *ev.leaders]) - Counter(top)
    return [*top, *sorted(rest.elements())]


#: Assyria's and Asia's hands of three make the trade phase wait, so a position stops there.
HOLD = {"assyria": {"hand": ["hides", "hides", "hides"]}, "asia": {"hand": ["resin", "resin", "resin"]}}


def seed_stacks(given, players=HOLD):
    """Every stack as the seed composes it (``full``, ``events``), those ``given`` as given,
    the hands' cards taken out of the first regions (in the seed's order) that hold them: a
    position in which all 163 cards are accounted for."""
    held = Counter(c for spec in players.values() for c in spec.get("hand", ()))
    out = {}
    for rid in gi.regions():
        if rid in given:
            out[rid] = list(given[rid])
            continue
        st = full(rid)
        for c in list(held.elements()):
            if c in st:
                st.remove(c)
                held[c] -= 1
        out[rid] = st
    out[EVENTS] = list(given.get(EVENTS, events()))
    return out


def at_acquisition(board, stacks, nations=EAST, **kw):
    """A position whose acquisition is drawn at once (no decision in slice 1); it stops in
    the trade phase, where Assyria and Asia can trade. Stacks not given are the seed's."""
    return position(nations=nations, options={**GI, "players": len(nations)}, board=board,
                    players=HOLD, phase="acquisition", stacks=seed_stacks(stacks), **kw)


def placed(state):
    """Every card accounted for (163) and where the rules allow (``sim.check_invariants``)."""
    return check_invariants(state)


def hand(state, nation):
    return sorted(next(p for p in state.players if p.nation == nation).hand)


# ---- switching it on (GI-REQ-01) -------------------------------------------------------------
@pytest.mark.variant("GI-REQ-01")
def test_grand_imperial_is_offered_at_game_creation():
    """The product registers Grand Imperial (``variant.BUILT_IN``): a game is created with the
    option, its 13 stacks set up, and the options' JSON Schema lists it beside the plain game;
    the plain package imports nothing of it (the entry is a "module:attribute")."""
    assert BUILT_IN == {"standard", KEY}
    assert VARIANTS["standard"] is not None and KEY in VARIANTS
    state = engine.new_game({**GI, "players": 3}, seed=1)
    assert state.options.variant == KEY and len(state.stacks) == 13
    assert isinstance(game_for(state).variant, GrandImperial)
    schema = AdvancedCivilization().options_schema()
    assert schema["properties"]["variant"]["enum"] == ["grand_imperial", "standard"]


@pytest.mark.variant("GI-REQ-01")
def test_a_game_without_the_western_extension_map_is_refused(grand_imperial):
    with pytest.raises(IllegalOrder, match="Western Extension Map") as e:
        engine.new_game({"variant": KEY, "players": 4})
    assert e.value.rule == "GI-REQ-01"
    assert len(engine.new_game({**GI, "players": 4}).stacks) == 13


@pytest.mark.variant("GI-REQ-01")
@pytest.mark.parametrize("option", ["ep_major", "ep_minor"])
def test_the_expansion_project_calamities_are_refused(grand_imperial, option):
    """GIR-04: the event stack holds the twelve AdvCiv calamities."""
    with pytest.raises(IllegalOrder, match=f"switch off {option}") as e:
        engine.new_game({**GI, "players": 4, option: True})
    assert e.value.rule == "GI-REQ-01"


@pytest.mark.variant("GI-REQ-02")
@pytest.mark.parametrize("option", ["imperial", "trade_city"])
def test_the_companion_variants_are_not_options(grand_imperial, option):
    with pytest.raises(IllegalOrder, match=option):
        engine.new_game({**GI, "players": 4, option: True})


@pytest.mark.variant("GI-REQ-02")
def test_a_city_in_sinope_draws_from_anatolia(grand_imperial):
    """Without the trade-city variant Sinope is Anatolian (GID-3)."""
    state, ev = at_acquisition({"sinope": {"city": "egypt"}},
                               {"anatolia": full("anatolia", ["silver"]), "armenia": full("armenia", ["gems"]),
                                EVENTS: events([BALLAST])})
    assert hand(state, "egypt") == [BALLAST, "silver"]
    assert "Egypt draws 1 regional card (1 from Anatolia) and 1 event card (1 city)" in texts(ev)


# ---- the thirteen stacks (GI-REGION, GI-EVENT-01) --------------------------------------------
@pytest.mark.variant("GI-REQ-01", "GI-REGION-13", "GI-EVENT-01")
def test_a_new_game_has_twelve_regional_stacks_and_the_event_stack(grand_imperial):
    """The twelve regional stacks of the seed (GI-REGION-01..12, rows of the checklist's
    table) and the event stack."""
    state = engine.new_game({**GI, "players": 5}, seed=7)
    g = game_for(state)
    assert g.variant.stack_names() == (*SIZES, EVENTS)
    assert {name: len(stack(g, name)) for name in SIZES} == SIZES
    assert sum(SIZES.values()) == 122 and len(stack(g, EVENTS)) == 41
    for rid, r in gi.regions().items():
        assert Counter(stack(g, rid)) == Counter(dict(r.stack)), rid
    assert Counter(stack(g, EVENTS)) == Counter(
        {**{c: 1 for c in ("volcano", "treachery", "famine", "superstition", "civil_war",
                           "slave_revolt", "flood", "barbarian_hordes", "epidemic",
                           "civil_disorder", "iconoclasm", "piracy")},
         BALLAST: 20, **{x: 1 for x in gi.leaders()}})
    cards = Counter(c for st in state.stacks for c in st)
    assert sum(cards.values()) == 163 and cards["iron"] == 13 and cards["gold"] == 8
    assert cards == g.variant.expected_cards(state.options)
    assert check_invariants(state) == []
    other = engine.new_game({**GI, "players": 5}, seed=8)
    assert other.stacks[-1] != state.stacks[-1]  # the seed shuffles every stack
    assert [Counter(s) for s in other.stacks] == [Counter(s) for s in state.stacks]


@pytest.mark.variant("GI-REGION-15", "GI-EVENT-01")
def test_a_card_out_of_its_regions_stack_breaks_the_invariant(grand_imperial):
    state = engine.new_game({**GI, "players": 3}, seed=2)
    g = game_for(state)
    stack(g, "armenia").append(stack(g, "nile_basin").pop())  # a Nile card under Armenia
    stack(g, "levant").append(stack(g, EVENTS).pop())
    wrong = check_invariants(state)
    assert any("armenia stack holds cards not of its region" in w for w in wrong)
    assert any("levant stack" in w for w in wrong)
    state2 = engine.new_game({**GI, "players": 3}, seed=2)
    stack(game_for(state2), EVENTS).pop()  # a card lost
    assert any("not conserved" in w for w in check_invariants(state2))


@pytest.mark.variant("GI-REGION-15", "GI-EVENT-01")
def test_deck_counts_are_shown_by_region(grand_imperial):
    state = engine.new_game({**GI, "players": 4, "show_deck_counts": True}, seed=3)
    counts = engine.view(state, 0)["deck_counts"]
    assert counts == {**SIZES, EVENTS: 41}


@pytest.mark.variant("GI-REGION-15")
def test_a_scenario_names_the_stacks_of_its_game(grand_imperial):
    gi_position = {"nations": EAST, "options": {**GI, "players": 4}}
    with pytest.raises(ScenarioError, match="'3': the stacks of this game are 'armenia'"):
        position(**gi_position, stacks={"3": ["dye"]})
    with pytest.raises(ScenarioError, match="levant stack holds cards not of its region"):
        position(**gi_position, stacks={"levant": ["papyrus"]})
    with pytest.raises(ScenarioError, match="stacks.1: 'levant'"):
        position(nations=EAST, options={"players": 4}, stacks={"1": ["levant"]})
    with pytest.raises(ScenarioError, match="'levant': the stacks of this game are '1'"):
        position(nations=EAST, options={"players": 4}, stacks={"levant": ["dye"]})


# ---- acquisition (GI-TRADE, GI-EVENT-02/03) --------------------------------------------------
S1 = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "gaza": {"city": "egypt"}}


@pytest.mark.variant("GI-TURN-09", "GI-TRADE-01", "GI-TRADE-03", "GI-EVENT-02")
def test_each_city_draws_from_its_region_and_three_cities_draw_one_event_card(grand_imperial):
    """S-1: Egypt's cities in Thebes and Memphis (Nile Basin) and Gaza (Levant), 4 players."""
    state, ev = at_acquisition(S1, {"nile_basin": full("nile_basin", ["papyrus", "papyrus"]),
                                    "levant": full("levant", ["dye"]), EVENTS: events([BALLAST])})
    assert hand(state, "egypt") == [BALLAST, "dye", "papyrus", "papyrus"]
    g = game_for(state)
    assert (len(stack(g, "nile_basin")), len(stack(g, "levant")), len(stack(g, EVENTS))) == (13, 9, 40)
    assert state.phase == "trade"
    assert ("Egypt draws 3 regional cards (1 from The Levant, 2 from The Nile Basin) and 1 event "
            "card (3 cities)") in texts(ev)
    assert placed(state) == []
    private = [e for e in ev if e.kind == "draw_private"]
    assert all(e.to == [state.players[0].seat] for e in private) and len(private) == 4


@pytest.mark.variant("GI-EVENT-03")
def test_a_calamity_worth_more_than_the_drawers_cities_is_discarded_unreplaced(grand_imperial):
    """S-2: one city draws Civil War (4): it is set aside and no other event card is drawn."""
    state, ev = at_acquisition({"thebes": {"city": "egypt"}},
                               {"nile_basin": full("nile_basin", ["salt"]),
                                EVENTS: events(["civil_war", BALLAST])})
    assert hand(state, "egypt") == ["salt"]
    g = game_for(state)
    assert len(stack(g, EVENTS)) == 40 and stack(g, EVENTS)[0] == BALLAST
    assert state.set_aside == ["civil_war"]
    assert "Egypt draws Civil War (value 4), worth more than Egypt's 1 city: it is discarded" in texts(ev)
    assert placed(state) == []


@pytest.mark.variant("GI-EVENT-03", "GI-TRADE-06")
def test_a_calamity_not_above_the_cities_is_kept_and_fewest_cities_draw_first(grand_imperial):
    """Egypt (1 city) draws the top event card (ballast) before Babylon (2 cities), who draws
    Treachery (2): not above his 2 cities, so he keeps it."""
    state, _ = at_acquisition({"thebes": {"city": "egypt"}, "babylon": {"city": "babylon"},
                               "ur": {"city": "babylon"}},
                              {"nile_basin": full("nile_basin", ["oil"]),
                               "mesopotamia": full("mesopotamia", ["spices", "gold"]),
                               EVENTS: events([BALLAST, "treachery"])})
    assert hand(state, "egypt") == [BALLAST, "oil"]
    assert hand(state, "babylon") == ["gold", "spices", "treachery"]
    assert state.set_aside == []


@pytest.mark.variant("GI-EVENT-02")
@pytest.mark.parametrize("players, cities, due", [(4, 0, 0), (4, 3, 1), (4, 4, 1), (4, 5, 2),
                                                  (4, 9, 2), (5, 3, 1), (5, 4, 2), (5, 6, 2),
                                                  (5, 7, 3)])
def test_event_cards_by_cities_and_the_size_of_the_game(grand_imperial, players, cities, due):
    """Small game (4 or fewer players): 1-4 cities 1 card, 5-9 2; large game (5 or more):
    1-3 1, 4-6 2, 7+ 3. Every card drawn is ballast, so none is discarded."""
    sites = ["thebes", "memphis", "tanis", "alexandria", "fayum", "siwa", "upper_egypt", "buhen", "nubia"]
    nations = [*EAST, "crete"][:players]
    state, ev = at_acquisition({a: {"city": "egypt"} for a in sites[:cities]},
                               {"nile_basin": full("nile_basin"), EVENTS: events([BALLAST] * 3)},
                               nations=nations)
    assert hand(state, "egypt").count(BALLAST) == due
    assert len(hand(state, "egypt")) == cities + due
    assert placed(state) == []


@pytest.mark.variant("GI-TRADE-09")
def test_an_empty_regional_stack_gives_nothing(grand_imperial):
    state, ev = at_acquisition(S1, {"nile_basin": full("nile_basin", ["papyrus", "spices"]),
                                    "levant": [], EVENTS: events([BALLAST])})
    assert hand(state, "egypt") == [BALLAST, "papyrus", "spices"]
    assert "The Levant's stack is empty: Egypt draws no card from it." in texts(ev)
    assert "Egypt draws 2 regional cards (2 from The Nile Basin) and 1 event card" in texts(ev)


# ---- buying from a region (GI-TRADE-04) and its auction (GI-TRADE-05) -----------------------
def buying(levant, treasuries, events_top=(BALLAST,)):
    """Egypt (seat 0) has a city in Gaza (the Levant); Babylon 1, Assyria 2, Asia 3 none."""
    players = {**HOLD, **{n: {**HOLD.get(n, {}), "treasury": t} for n, t in treasuries.items()}}
    return position(nations=EAST, options={**GI, "players": 4}, board={"gaza": {"city": "egypt"}},
                    players=players, phase="acquisition",
                    stacks=seed_stacks({"levant": full("levant", levant), EVENTS: events(events_top)},
                                       players))


def owed_kinds(state):
    return sorted((d.player, d.kind) for d in engine.pending(state) if d.required)


@pytest.mark.variant("GI-TRADE-04")
def test_a_card_bought_from_a_region_costs_twice_its_face_value(grand_imperial):
    """Egypt draws Dye (his city's card) and ballast, then buys the Levant's top card, Gold
    (9): 18 treasury, 20 -> 2; with 2 left he may buy again, and says done."""
    state, _ = buying(["dye", "gold"], {"egypt": 20})
    assert owed_kinds(state) == [(0, "buy_regional")]
    d = engine.pending(state)[0]
    assert d.options["regions"] == ["levant"] and d.default == "done buying"
    refused = {"type": "buy_regional", "player": 0, "region": "nile_basin"}
    with pytest.raises(IllegalOrder, match="regions your cities draw from") as e:
        engine.apply(state, refused)
    assert e.value.rule == "GI-TRADE-04"
    state, ev = play(state, {"type": "buy_regional", "player": 0, "region": "levant"})
    egypt = state.players[0]
    assert hand(state, "egypt") == [BALLAST, "dye", "gold"] and egypt.treasury == 2
    assert egypt.stock + egypt.treasury == 55 - 0  # no tokens on the board; 18 went to stock
    assert "Egypt buys a card from The Levant for 18 treasury." in texts(ev)
    assert [e.to for e in ev if e.kind == "buy_private"] == [[0]]
    assert len(stack(game_for(state), "levant")) == 8 and owed_kinds(state) == [(0, "buy_regional")]
    state, ev = play(state, {"type": "timeout", "player": 0})  # the default: done buying
    assert state.phase == "trade" and check_invariants(state) == []


@pytest.mark.variant("GI-TRADE-05")
def test_a_card_its_buyer_cannot_pay_is_auctioned_to_the_others(grand_imperial):
    """S-15: Egypt (10 treasury) draws Gold (18) from the Levant and cannot pay: Babylon (20)
    bids 12, Assyria (8) bids 8, Asia (0) is not asked. Babylon pays 12 and takes the Gold;
    Egypt gets nothing and keeps his treasury."""
    state, _ = buying(["dye", "gold"], {"egypt": 10, "babylon": 20, "assyria": 8, "asia": 0})
    state, ev = play(state, {"type": "buy_regional", "player": 0, "region": "levant"})
    assert "Egypt draws Gold from The Levant and cannot pay 18: it is auctioned" in texts(ev)
    assert owed_kinds(state) == [(1, "auction_bid"), (2, "auction_bid")]
    with pytest.raises(IllegalOrder, match="you bid 9 but have 8"):
        engine.apply(state, {"type": "auction_bid", "player": 2, "bid": 9})
    state, _ = play(state, {"type": "auction_bid", "player": 1, "bid": 12})
    from tresham.games.advciv.view import information_state
    assert information_state(state, 2).step["lot"]["bids"] == {}  # sealed
    assert information_state(state, 1).step["lot"]["bids"] == {"1": 12}
    state, ev = play(state, {"type": "auction_bid", "player": 2, "bid": 8})
    assert "Babylon wins Gold with a bid of 12." in texts(ev)
    babylon, assyria, egypt = state.players[1], state.players[2], state.players[0]
    assert "gold" in babylon.hand and babylon.treasury == 8 and assyria.treasury == 8
    assert hand(state, "egypt") == [BALLAST, "dye"] and egypt.treasury == 10
    assert len(stack(game_for(state), "levant")) == 8
    assert owed_kinds(state) == [(0, "buy_regional")]  # Egypt may go on buying
    assert check_invariants(state) == []


@pytest.mark.variant("GI-TRADE-05")
def test_a_tied_auction_goes_first_in_the_drawing_order_and_no_bid_sets_the_card_aside(grand_imperial):
    """GIS-10: Assyria and Babylon both bid 8: Assyria, before Babylon in the A.S.T. order
    (both have no city), wins. Nobody bidding: the card is set aside for restacking."""
    state, _ = buying(["dye", "gold", "gold"], {"egypt": 10, "babylon": 20, "assyria": 8})
    state, _ = play(state, {"type": "buy_regional", "player": 0, "region": "levant"},
                    {"type": "auction_bid", "player": 1, "bid": 8}, {"type": "auction_bid", "player": 2, "bid": 8})
    assert "gold" in state.players[2].hand and state.players[2].treasury == 0
    state, ev = play(state, {"type": "buy_regional", "player": 0, "region": "levant"},
                     {"type": "timeout", "player": 1})
    assert "Nobody bids for Gold: it is set aside." in texts(ev) and state.set_aside == ["gold"]
    assert "gold" not in state.players[1].hand and check_invariants(state) == []


@pytest.mark.variant("GI-TRADE-04", "GI-TRADE-05")
def test_random_bots_buy_and_bid_legally(grand_imperial):
    """Every order the random bot samples in the purchases and auctions is taken."""
    from tresham.games.advciv.bots.random_bot import random_bot
    from tresham.rng import Rng

    rng = Rng(5)
    for _game in range(8):
        state, _ = buying(["gold", "dye", "gold"], {"egypt": 12, "babylon": 9, "assyria": 3, "asia": 5})
        for _ in range(40):
            owed = [d for d in engine.pending(state) if d.required]
            if state.phase != "acquisition" or not owed:
                break
            o = random_bot(state, owed[0].player, rng)
            state, _ = engine.apply(state, o)
        assert state.phase == "trade" and check_invariants(state) == []


# ---- ballast and leaders in trade (GI-TRADE-07, GI-EVENT-04) -------------------------------
def trading(extra_egypt):
    """The trade phase, market open: Egypt holds Salt and, taken from the event stack,
    ``extra_egypt``; Babylon Oil, Oil, Iron."""
    players = {**HOLD, "egypt": {"hand": ["salt"]}, "babylon": {"hand": ["oil", "oil", "iron"]}}
    state, _ = position(nations=EAST, options={**GI, "players": 4}, players=players, phase="trade",
                        step={"market_open": True}, stacks=seed_stacks({}, players))
    ev = stack(game_for(state), EVENTS)
    for c in extra_egypt:
        ev.remove(c)
        state.players[0].hand.append(c)
    assert check_invariants(state) == []
    return state


@pytest.mark.variant("GI-TRADE-07", "GI-EVENT-04")
def test_ballast_and_leaders_are_traded_and_worth_nothing(grand_imperial):
    """A deal of [ballast, Merchant Prince, Salt] said to be those cards goes through; the
    three ballast Babylon could hold are worth 0 (GIS-5, GIS-11)."""
    state = trading([BALLAST, "merchant_prince"])
    state, _ = play(state, {"type": "trade_offer", "player": 0, "to": 1,
                            "give": [BALLAST, "merchant_prince", "salt"], "expect": ["oil", "oil", "iron"]},
                    {"type": "trade_accept", "player": 1, "offer": 1, "give": ["oil", "oil", "iron"]})
    assert hand(state, "babylon") == [BALLAST, "merchant_prince", "salt"]
    assert hand(state, "egypt") == ["iron", "oil", "oil"]
    assert game_for(state).hand_value([BALLAST] * 3) == 0
    assert check_invariants(state) == []


@pytest.mark.variant("GI-TRADE-07", "GI-EVENT-04")
def test_saying_ballast_is_another_card_is_a_lie(grand_imperial):
    """Three cards allow one lie (28.3): three ballast said to be one ballast and two Salt
    are two lies, refused; said to be two ballast and a Salt, taken."""
    state = trading([BALLAST, BALLAST, BALLAST])
    lie = {"type": "trade_offer", "player": 0, "to": 1, "give": [BALLAST] * 3,
           "expect": ["oil", "oil", "iron"]}
    with pytest.raises(IllegalOrder) as e:
        engine.apply(state, {**lie, "said": [BALLAST, "salt", "salt"]})
    assert e.value.rule == "28.3"
    state, _ = play(state, {**lie, "said": [BALLAST, BALLAST, "salt"]})
    state, ev = play(state, {"type": "trade_accept", "player": 1, "offer": 1, "give": ["oil", "oil", "iron"]})
    assert hand(state, "babylon") == [BALLAST] * 3


# ---- restacking (GI-TRADE-09, GI-REGION-15) --------------------------------------------------
@pytest.mark.variant("GI-REGION-15", "GI-TRADE-09")
def test_a_returned_card_goes_under_the_region_with_most_of_its_copies_out(grand_imperial):
    """GIS-2: Egypt draws 2 Spices from the Nile Basin (Thebes, Memphis) and 1 from the Levant
    (Gaza); a Spices returned goes under the Nile Basin; then 1 is out of each, and the next
    would go to the lower region number (the Levant, 3); event cards under the event stack."""
    state, _ = at_acquisition(S1, {"nile_basin": full("nile_basin", ["spices", "spices"]),
                                   "levant": full("levant", ["spices"]), EVENTS: events([BALLAST])})
    g = game_for(state)
    egypt = state.players[0]
    assert sorted(egypt.hand) == [BALLAST, "spices", "spices", "spices"]
    assert home_region(g, "spices") == "nile_basin"
    for c in ("spices", BALLAST):
        egypt.hand.remove(c)
        state.set_aside.append(c)
    restack(g)
    assert stack(g, "nile_basin")[-1] == "spices" and len(stack(g, "nile_basin")) == 14
    assert stack(g, EVENTS)[-1] == BALLAST and len(stack(g, EVENTS)) == 41
    assert home_region(g, "spices") == "levant"  # 1 out of each: the lower number
    assert state.set_aside == [] and placed(state) == []


@pytest.mark.variant("GI-REGION-15", "GI-TRADE-09")
def test_a_departing_nations_returned_cards_go_under_their_regions(grand_imperial):
    """15.62: Egypt (3 cities, 4 cards) keeps 3 and returns 1, under its own stack."""
    state, _ = at_acquisition(S1, {"nile_basin": full("nile_basin", ["spices", "spices"]),
                                   "levant": full("levant", ["spices"]), EVENTS: events([BALLAST])})
    before = [len(st) for st in state.stacks]
    state, ev = play(state, {"type": "depart", "player": 0})
    assert len(state.retained_cards["egypt"]) == 3 and state.players[0].hand == []
    grown = [name for name, a, b in zip(game_for(state).variant.stack_names(), before,
                                        (len(st) for st in state.stacks)) if b != a]
    assert len(grown) == 1 and sum(map(len, state.stacks)) == sum(before) + 1
    returned = (Counter([BALLAST, "spices", "spices", "spices"]) - Counter(state.retained_cards["egypt"]))
    assert grown == [EVENTS if BALLAST in returned else "nile_basin"]
    assert placed(state) == []


# ---- every card accounted for after every order ---------------------------------------------
@pytest.mark.variant("GI-REGION-15", "GI-EVENT-01", "GI-TRADE-01", "GI-TRADE-09")
@pytest.mark.parametrize("players, seed, bots", [(3, 1, "heuristic"), (5, 4, "mixed"), (4, 2, "random")])
def test_bot_games_keep_every_card_accounted_for(grand_imperial, players, seed, bots):
    """12 turns: after every order the 163 cards are all in the hands, the stacks and the
    cards set aside, each regional stack holding only its region's cards
    (``sim.check_invariants`` with ``GrandImperial.invariants``); the log replays; cards were
    drawn from the regional stacks on the way."""
    opts = {**GI, "players": players, "turn_limit": 12}
    rec = play_game(players, seed, bots=seat_bots(bots, players, seed), turns=12, options=dict(GI))
    assert rec.violations == [] and not rec.stalled and rec.finished and rec.replay_ok
    assert not [r for r in rec.refused_samples if r.startswith("acquisition")]
    final = engine.replay(opts, seed, rec.orders)
    assert check_invariants(final) == []
    if bots != "random":  # random bots seldom build a city in 12 turns
        assert sum(len(st) for st in final.stacks[:-1]) < 122
