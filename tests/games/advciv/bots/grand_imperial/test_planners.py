"""tresham/games/advciv/bots/grand_imperial/ (planners.py, purchase.py): the heuristic bot's Grand
Imperial planners (design 5.3) play every decision legally, with the intended numbers, on
prepared positions; and heuristic-bot games (mixed with random seats) of 4 to 8 players keep
every invariant after every order and replay exactly. As built: docs/rulings/grand-imperial-bots.md."""
from __future__ import annotations

import pytest

from tresham.games.advciv.bots.heuristic import heuristic_bot
from tresham.games.advciv import engine
from tresham.games.advciv.bots.grand_imperial import planners
from tresham.games.advciv.grand_imperial import fleet
from tresham.games.advciv.grand_imperial.variant import KEY, GrandImperial, gi_data
from tresham.games.advciv.variant import VARIANTS, game_for
from tresham.rng import Rng
from tresham.games.advciv.tools.sim import check_invariants, play_game, seat_bots

from tests.games.advciv.grand_imperial.test_advances import s8
from tests.games.advciv.grand_imperial.test_leaders import at_leaders
from tests.games.advciv.grand_imperial.test_variant import buying
from tests.helpers import play

GI = {"variant": KEY, "wem": True}


@pytest.fixture
def grand_imperial(monkeypatch):
    """Grand Imperial registered for one test (it is not a built-in variant)."""
    monkeypatch.setitem(VARIANTS, KEY, GrandImperial())
    yield VARIANTS[KEY]


def bot(state, seat):
    return heuristic_bot(state, seat, Rng(1))


def owed(state):
    return sorted((d.player, d.kind) for d in engine.pending(state) if d.required)


# ---- Leadership cards (D1) --------------------------------------------------------------------
def test_the_bot_plays_its_turn_start_leaders_at_once(grand_imperial):
    """Egypt holds the Charismatic Leader, Babylon the Warlike Leader: each plays it in the
    phase leaders, the first window; the plays are accepted and the cards set aside."""
    state, _ = at_leaders({0: ["charismatic_leader"], 1: ["warlike_leader"]})
    orders = [bot(state, 0), bot(state, 1)]
    assert orders == [{"type": "play_leaders", "player": 0, "cards": ["charismatic_leader"]},
                      {"type": "play_leaders", "player": 1, "cards": ["warlike_leader"]}]
    state, _ = play(state, *orders)
    assert sorted(state.set_aside) == ["charismatic_leader", "warlike_leader"]
    assert state.players[0].flags["leaders_played"] == ["charismatic_leader"]


# ---- regional buying (D13) and bids (D14) -----------------------------------------------------
def test_a_bot_with_30_treasury_buys_from_the_levant_one_with_10_does_not(grand_imperial):
    """Egypt's one city is in Gaza (the Levant: expected face value 6.0, dearest card Gold,
    2 x 9 = 18). His city draws the Dye; with 30 treasury, 30 - 1 (reserve: a token a city)
    = 29 >= 18: he buys the top card, Gold (18), 30 -> 12; then 12 - 1 = 11 < 18 and he says
    done. With 10 he says done at once."""
    g = game_for(buying(["dye"], {"egypt": 30})[0])
    assert planners.expected_face(g, "levant") == 6.0 and planners.dearest_price(g, "levant") == 18
    state, _ = buying(["dye", "gold"], {"egypt": 30})
    order = bot(state, 0)
    assert order == {"type": "buy_regional", "player": 0, "region": "levant"}
    state, _ = play(state, order)
    assert state.players[0].treasury == 12 and "gold" in state.players[0].hand
    assert bot(state, 0) == {"type": "buy_regional", "player": 0, "region": None}
    state, _ = buying(["dye", "gold"], {"egypt": 10})
    assert bot(state, 0) == {"type": "buy_regional", "player": 0, "region": None}
    state, _ = play(state, bot(state, 0))
    assert state.phase == "trade" and state.players[0].treasury == 10 and check_invariants(state) == []


def test_a_region_of_expected_face_value_below_5_is_never_bought_from(grand_imperial):
    """The Upper Danube's cards average 3.44: a rich bot buys nothing there."""
    g = game_for(buying(["dye"], {"egypt": 30})[0])
    assert round(planners.expected_face(g, "upper_danube"), 2) == 3.44
    assert planners.expected_face(g, "upper_danube") < planners.MIN_EXPECTED_FACE


def test_a_bid_is_the_set_value_the_card_adds_never_above_half_the_treasury(grand_imperial):
    """Egypt (10) cannot pay the Gold he draws (18): it is auctioned. Babylon (20, no Gold)
    would gain 9 and bids min(9, 20 // 2) = 9; Assyria (7, no Gold) bids min(9, 3) = 3. The
    bids are accepted and Babylon takes the Gold for 9."""
    state, _ = buying(["dye", "gold"], {"egypt": 10, "babylon": 20, "assyria": 7, "asia": 0})
    state, _ = play(state, {"type": "buy_regional", "player": 0, "region": "levant"})
    assert owed(state) == [(1, "auction_bid"), (2, "auction_bid")]
    b1, b2 = bot(state, 1), bot(state, 2)
    assert b1 == {"type": "auction_bid", "player": 1, "bid": 9}
    assert b2 == {"type": "auction_bid", "player": 2, "bid": 3}
    state, _ = play(state, b1, b2)
    assert "gold" in state.players[1].hand and state.players[1].treasury == 11


# ---- the buy order with city advances (D18) ----------------------------------------------------
def test_the_bot_buys_the_cards_worth_more_than_an_advance_and_keeps_the_order_legal(grand_imperial):
    """S-8's Babylon (4 Bronze, 4 treasury, 2 research points): Astronomy and Mysticism
    for the 4 Bronze (96) rank above a MarketPlace; the order is accepted."""
    state, _ = s8()
    order = bot(state, 1)
    assert order["cards"] == ["astronomy", "mysticism"] and order["pay_cards"] == ["bronze"] * 4
    state, _ = play(state, order)
    assert {"astronomy", "mysticism"} <= set(state.players[1].civ_cards)
    assert state.players[1].hand == [] and state.players[1].treasury == 4


def test_the_bot_spends_its_research_on_a_city_advance_it_can_buy_outright(grand_imperial):
    """Babylon owns every civilization card up to 150 but Mysticism (and Galleons, Navy):
    his 2 research points give 25, a Music Hall's whole cost (it takes a point of luxury off
    its city every turn), so the line pays nothing else (31.57); and he buys Mysticism with 3
    Bronze (72, enough after his credits), keeping the fourth. Accepted: the Music Hall stands
    in Babylon and the 2 points are spent."""
    owned = sorted(c for c, v in gi_data().civ_cards.items()
                   if v.cost <= 150 and c not in ("mysticism", "galleons", "navy"))
    state, _ = s8(civ_cards=owned)
    order = bot(state, 1)
    assert order["advances"] == [{"advance": "music_hall", "city": "babylon", "pay_cards": [],
                                  "treasury": 0, "research": 2}]
    assert order["cards"] == ["mysticism"] and order["pay_cards"] == ["bronze"] * 3
    state, _ = play(state, order)
    assert "music_hall" in state.variant_state["sites"]["babylon"]["active"]
    assert state.players[1].flags["research_spent"] == 2 and state.players[1].hand == ["bronze"]
    assert check_invariants(state) == []


# ---- a decision without a planner: the timeout default ------------------------------------------
def test_a_kind_the_planners_do_not_know_takes_the_timeout_default(grand_imperial, monkeypatch):
    """A planner gives None for a decision kind it does not know (here every kind is made
    unknown): the bot answers with the timeout order, which the phase accepts."""
    monkeypatch.setattr(planners, "owed_kinds", lambda g, seat: {"draw_plan_of_a_later_branch"})
    state, _ = buying(["dye", "gold"], {"egypt": 30})
    order = bot(state, 0)
    assert order == engine.default(state, 0) == {"type": "timeout", "player": 0}
    state, _ = play(state, order)
    assert state.phase == "trade" and state.players[0].treasury == 30


# ---- whole games ------------------------------------------------------------------------------
GAMES = [(4, 11, "heuristic"), (5, 12, "mixed"), (6, 13, "heuristic"), (7, 14, "mixed"),
         (8, 15, "heuristic")]


def _check_game(players, seed, kind, turns):
    rec = play_game(players, seed, bots=seat_bots(kind, players, seed), turns=turns, options=dict(GI))
    assert rec.violations == [] and not rec.stalled and rec.finished and rec.replay_ok
    assert rec.refused_samples == []  # no heuristic (nor random) order was refused
    final = engine.replay({**GI, "players": players, "turn_limit": turns}, seed, rec.orders)
    assert check_invariants(final) == [] and final.finished  # replay_ok: the same digest
    return rec


def test_a_short_heuristic_game_plays_every_planner_legally(grand_imperial):
    """Six heuristic players, 8 turns: invariants after every order, exact replay; the bots
    bought civilization cards and played luxury."""
    rec = _check_game(6, 3, "heuristic", 8)
    kinds = {o["type"] for o in rec.orders}
    assert {"buy", "luxury", "ships", "move"} <= kinds


@pytest.mark.slow
@pytest.mark.parametrize("players, seed, kind", GAMES)
def test_heuristic_games_keep_every_invariant_and_replay(grand_imperial, players, seed, kind):
    """20 turns, 4 to 8 players, heuristic or mixed with random seats: no violation after
    any order, no refused order, an exact replay; cards bought, luxury declared, ships ordered."""
    rec = _check_game(players, seed, kind, 20)
    kinds = {o["type"] for o in rec.orders}
    assert {"buy", "luxury", "ships", "draw_plan" if kind == "heuristic" else "buy"} <= kinds
    assert any(ln for o in rec.orders if o["type"] == "buy" for ln in o.get("advances", []))
    if kind == "mixed":  # the random seats build ships
        assert any(o["type"] == "ships" and o["build"] for o in rec.orders)


# ---- draw plans (D12) ----------------------------------------------------------------------------
def test_a_crossroads_city_draws_from_the_region_that_adds_most(grand_imperial):
    """Egypt's Tanis (CrossRoads) may draw from the Levant or the Nile Basin; with an empty
    hand a card adds its face value, on average 6.0 in the Levant, 4.2 in the Nile Basin:
    the plan names the Levant, and Tanis draws its Gold (Thebes the Nile's Papyrus)."""
    from tests.games.advciv.grand_imperial.test_draws import tanis

    state, _ = tanis()
    g = game_for(state)
    assert round(planners.expected_gain(g, [], "levant"), 2) == 6.0
    assert round(planners.expected_gain(g, [], "nile_basin"), 2) == 4.2
    order = bot(state, 0)
    assert order == {"type": "draw_plan", "player": 0, "cities": {"tanis": ["levant"]},
                     "merchant_prince": None, "harvest": None}
    state, _ = play(state, order)
    assert sorted(c for c in state.players[0].hand if c != "ballast") == ["gold", "papyrus"]


def test_the_merchant_prince_is_traded_in_for_the_best_region(grand_imperial):
    """Egypt (Thebes) holds the Merchant Prince: traded in for a card of the Levant (the
    best expected gain, 6.0); accepted, the Prince set aside, a third card in hand."""
    from tests.games.advciv.grand_imperial.test_draws import NILE_TOP, acq, full

    state, _ = acq({"thebes": "egypt"}, luxury={"thebes": 2}, leaders={0: ["merchant_prince"]},
                   stacks={"levant": full("levant", ("gold",)), "nile_basin": full("nile_basin", NILE_TOP)})
    order = bot(state, 0)
    assert order["merchant_prince"] == "levant" and order["cities"] == {}
    state, _ = play(state, order)
    assert state.set_aside == ["merchant_prince"]
    assert sorted(c for c in state.players[0].hand if c != "ballast") == ["gold", "papyrus"]


# ---- ships (D3) ------------------------------------------------------------------------------------
def test_ships_with_cargo_are_kept_and_an_empty_one_lapses(grand_imperial):
    """Crete (treasury 1) has three ships: 1 in Knossos with a card aboard and no token, 2 in
    Rhodes with 3 tokens aboard, 3 in Thera empty. The bot keeps ship 1 from treasury (1 -> 0)
    and ship 2 from a token aboard (3 -> 2); ship 3 lapses. Accepted: the card is still aboard."""
    from tests.games.advciv.grand_imperial.test_ships import CRETE, aboard, gi_position, restart

    s = gi_position({"knossos": {"tokens": {"crete": 1}}, "rhodes": {"tokens": {"crete": 1}},
                     "thera": {"tokens": {"crete": 1}}},
                    players={"crete": {"treasury": 1}}, ships={"crete": ["knossos", "rhodes", "thera"]})
    aboard(s, "crete", 1, cards=["wine"])
    aboard(s, "crete", 2, tokens=3)
    restart(s, "ships")
    order = bot(s, CRETE)
    assert order == {"type": "ships", "player": CRETE, "build": [],
                     "maintain": [{"area": "knossos", "ship": 1, "pay": "treasury"},
                                  {"area": "rhodes", "ship": 2, "pay": "aboard"}]}
    s, _ = play(s, order)
    recs = {r["id"]: r for r in fleet.records(s, "crete")}
    assert sorted(recs) == [1, 2] and recs[1]["cards"] == ["wine"] and recs[2]["tokens"] == 2
    assert s.player("crete").treasury == 0 and check_invariants(s) == []


# ---- the Warlike Leader's Barracks (D2) and the Civilized Leader's credit (D18) --------------------
def test_the_free_barracks_goes_to_the_most_threatened_city(grand_imperial):
    """Babylon (Military owned) plays the Warlike Leader; Assyria has tokens in Susa, next
    to Ur and not to Babylon (threat: Susa's tokens against 0): the bot places the free
    Barracks in Ur (accepted)."""
    from tests.games.advciv.grand_imperial.test_leaders import BOARD

    state, _ = at_leaders({1: ["warlike_leader"]}, players={"babylon": {"civ_cards": ["military"]}},
                          board={**BOARD, "susa": {"tokens": {"assyria": 3}}})
    state, _ = play(state, bot(state, 1))
    assert owed(state) == [(1, "place_barracks")]
    g = game_for(state)
    susa = state.board.tokens["susa"]["assyria"]
    assert susa >= 3 and (planners.threat(g, "babylon", "ur"), planners.threat(g, "babylon", "babylon")) == (susa, 0)
    order = bot(state, 1)
    assert order == {"type": "place_barracks", "player": 1, "city": "ur"}
    state, _ = play(state, order)
    assert state.variant_state["sites"]["ur"]["active"] == ["barracks"]


def test_the_civilized_leaders_credit_goes_to_the_dearest_card_bought(grand_imperial):
    """Egypt (4 Bronze: 96, 30 treasury) holds the Civilized Leader: the bot plans its cards
    with the 50 credit beside its treasury and names the dearest of them, Mysticism; the
    Leader is not handed in as a payment; accepted: the Leader cashed, the cards owned."""
    from tests.games.advciv.grand_imperial.test_leaders_effects import civilized

    state = civilized()
    order = bot(state, 0)
    assert order["leader_credit"] == "mysticism" and "civilized_leader" not in order["pay_cards"]
    assert order["cards"] == ["cloth_making", "pottery", "mysticism"]
    assert order["pay_cards"] == ["bronze"] * 4 and order["treasury"] == 0
    state, _ = play(state, order)
    p = state.players[0]
    assert {"cloth_making", "pottery", "mysticism"} <= set(p.civ_cards) and p.treasury == 30
    assert "civilized_leader" in state.set_aside and check_invariants(state) == []


def test_a_decaying_sites_last_advance_made_obsolete_drops_the_site(grand_imperial):
    """Found by a heuristic game (7 players, seed 103): Italy's kept site in Nineveh (no city,
    decaying) holds only a Temple; Italy buys Deism and the Temple is obsolete (GIR-44): the
    site is dropped with it, not left decaying with nothing (``sites.remove``)."""
    from tresham.games.advciv.grand_imperial import sites

    state, _ = s8()
    g = game_for(state)
    state.variant_state["sites"]["nineveh"] = {"owner": "babylon", "active": ["temple"],
                                               "flipped": [], "decay": "lose"}
    assert sites.remove(g, "nineveh", "temple") is True
    assert "nineveh" not in state.variant_state["sites"] and check_invariants(state) == []
