"""tresham/games/advciv/grand_imperial/dispositions.py, luxury_phase.py, taxation.py and the
draws of acquisition.py: Grand Imperial slice 2, the luxury phase and the dispositions
(docs/variants/grand-imperial.md sections 3.5, 5.1 D11, 6.3 S-3, S-4, S-9, S-10). Rulings
GIL-n: docs/rulings/grand-imperial-luxury.md. Numbers: the seed (001_199a5eef780342bd.txt,
"8. Remove Surplus Population", "9. Acquire Trade Cards", the city advances)."""
from __future__ import annotations

from collections import Counter

import pytest

from tresham.games.advciv import engine, machine
from tresham.games.advciv.grand_imperial import dispositions as dp
from tresham.games.advciv.grand_imperial.acquisition import city_draws
from tresham.games.advciv.grand_imperial.luxury_phase import LuxuryOrder, default_points
from tresham.games.advciv.grand_imperial.variant import EVENTS, GrandImperial
from tresham.games.advciv.orders import Timeout
from tresham.games.advciv.phase import TURN
from tresham.games.advciv.variant import game_for
from tresham.games.advciv.view import information_state
from tresham.games.contract import IllegalOrder
from tresham.rng import Rng
from tresham.games.advciv.tools.sim import check_invariants

from tests.games.advciv.grand_imperial.test_variant import (GI, HOLD, grand_imperial,  # noqa: F401
                                                      seed_stacks, stack)
from tests.helpers import play, position, refused, texts

EAST = ["egypt", "babylon", "assyria", "asia"]  # seats 0..3
EGYPT, BABYLON, ASSYRIA, ASIA = range(4)
#: Babylon's four Mesopotamian cities of S-3.
S3_CITIES = ["babylon", "sumeria", "susa", "ur"]
#: 14 Babylonian tokens on land outside his cities (S-3: 6 free flips beside the 8 for support).
S3_TOKENS = {"babylonia": 3, "mari": 3, "charax": 3, "chaldaea": 3, "carrhae": 2}


def board(cities: dict[str, str], tokens: dict[str, dict[str, int]] | None = None) -> dict:
    out = {a: {"city": n} for a, n in cities.items()}
    for area, by in (tokens or {}).items():
        out.setdefault(area, {})["tokens"] = by
    return out


def at(phase: str, cities: dict[str, str], tokens=None, players=None, luxury=None, sites=None,
       stacks=None):
    """A Grand Imperial position (4 players: Egypt, Babylon, Assyria, Asia) at the start of
    ``phase``, with the luxury dice and the city advances of ``variant_state`` (design 4.2)
    given. Assyria and Asia hold three cards, so the trade phase waits (``HOLD``)."""
    spec = {**HOLD, **(players or {})}
    state, _ = position(nations=EAST, options={**GI, "players": 4}, board=board(cities, tokens),
                        players=spec, phase="over", turn=1, stacks=seed_stacks(stacks or {}, spec))
    if luxury:
        state.variant_state["luxury"] = dict(luxury)
    if sites:
        state.variant_state["sites"] = {a: {"owner": cities[a], "active": list(advs), "flipped": [],
                                            "decay": None} for a, advs in sites.items()}
    state.phase = phase
    g = game_for(state)
    g.variant.phase(phase).start(g)
    machine.advance(g)
    g.sync()
    return state, g.events


def lux(seat, points=None, treasury=0, cards=()):
    return {"type": "luxury", "player": seat, "points": dict(points or {}), "treasury": treasury,
            "cards": list(cards)}


def hand(state, nation):
    return sorted(next(p for p in state.players if p.nation == nation).hand)


def of(state, nation):
    return next(p for p in state.players if p.nation == nation)


def s3(players=None):
    """S-3: Babylon's four cities, 14 tokens on land, treasury 5; phase luxury."""
    return at("luxury", {a: "babylon" for a in S3_CITIES}, {a: {"babylon": n} for a, n in S3_TOKENS.items()},
              players={"babylon": {"treasury": 5, **(players or {})}})


def a_game(cities, luxury=None, sites=None, flags=None):
    """A game object over a position (the over phase) with these cities, dice and advances."""
    state, _ = at("over", cities, players={n: {"flags": flags} for n in set(cities.values())} if flags else None,
                  luxury=luxury, sites=sites)
    return game_for(state)


# ---- the phase in the turn (GI-TURN-08, GI-LUX-01) -----------------------------------------------
@pytest.mark.variant("GI-TURN-08", "GI-LUX-01")
def test_the_luxury_phase_comes_after_surplus_and_before_acquisition():
    turn = GrandImperial.turn
    assert turn.index("luxury") == turn.index("surplus") + 1 == turn.index("acquisition") - 1
    assert [p for p in turn if p in TURN] == list(TURN)


@pytest.mark.variant("GI-TURN-08", "GI-LUX-07")
def test_a_city_reduced_for_lack_of_support_gets_no_die(grand_imperial):
    """Egypt has cities in Thebes and Memphis (dice 5 and 5 from last turn) and 2 tokens on
    land: support needs 4, so one city is reduced in the surplus phase (the default: at
    random). Its die goes with it; in the luxury phase only the other city owes points."""
    state, _ = at("surplus", {"thebes": "egypt", "memphis": "egypt"}, {"sinai": {"egypt": 2}},
                  luxury={"thebes": 5, "memphis": 5})
    assert state.phase == "surplus"
    state, _ = play(state, {"type": "timeout", "player": EGYPT})
    assert state.phase == "luxury"
    left = game_for(state).cities_of("egypt")
    assert len(left) == 1 and state.variant_state["luxury"] == {left[0]: 5}
    d = engine.pending(state)[0]
    assert (d.player, d.kind, list(d.options["cities"])) == (EGYPT, "luxury", left)
    state, _ = play(state, lux(EGYPT, {left[0]: 2}))
    assert state.variant_state["luxury"] == {left[0]: 2} and state.phase == "trade"


@pytest.mark.variant("GI-LUX-01")
def test_only_players_with_cities_owe_and_the_dice_are_set_when_every_order_is_in(grand_imperial):
    state, _ = at("luxury", {"thebes": "egypt", "babylon": "babylon"},
                  {"sinai": {"egypt": 4}, "mari": {"babylon": 7}}, luxury={"thebes": 1})
    assert sorted((d.player, d.kind) for d in engine.pending(state)) == [(EGYPT, "luxury"), (BABYLON, "luxury")]
    refused(state, lux(ASSYRIA), "GI-LUX-01")  # Assyria has no city
    state, ev = play(state, lux(EGYPT, {"thebes": 2}))
    assert state.variant_state["luxury"] == {"thebes": 1}  # still last turn's die
    assert [d.player for d in engine.pending(state)] == [BABYLON]
    refused(state, lux(EGYPT, {"thebes": 1}), "GI-LUX-01")  # his order is in
    # sealed: Babylon does not know Egypt's points; Egypt knows his own
    assert information_state(state, BABYLON).step["orders"] == {}
    assert information_state(state, EGYPT).step["orders"] == {"0": {"points": {"thebes": 2}, "treasury": 0,
                                                                     "cards": []}}
    assert all(e.to == [EGYPT] for e in ev)
    assert engine.view(state, ASIA)["phase_view"] == {"waiting": ["babylon"]}  # who, not what
    state, ev = play(state, lux(BABYLON, {"babylon": 5}))
    assert state.variant_state["luxury"] == {"babylon": 5, "thebes": 2}
    assert "Egypt's cities: Thebes 2 (content)." in texts(ev)
    assert "Babylon's cities: Babylon 5 (happy)." in texts(ev)


# ---- the budget (GI-LUX-02) --------------------------------------------------------------------
@pytest.mark.variant("GI-LUX-02")
def test_the_budget_is_free_flips_treasury_and_luxury_sets(grand_imperial):
    """14 tokens on land, 4 cities (8 for support): 6 flips; treasury 5; two Gold, a set worth
    2² × 9 = 36: 47 points at most. 48 are refused; Salt pays nothing and is refused."""
    state, _ = s3({"hand": ["gold", "gold", "salt"]})
    g = game_for(state)
    assert dp.free_flips(g, "babylon") == 6
    d = next(d for d in engine.pending(state) if d.player == BABYLON)
    assert d.options["max"] == 47 and d.options["free_flips"] == 6 and d.options["cards"] == ["gold", "gold"]
    e = refused(state, lux(BABYLON, {"babylon": 20, "ur": 20, "sumeria": 8}, 5, ["gold", "gold"]), "GI-LUX-02")
    assert "you give 48 luxury points but have 47" in str(e)
    e = refused(state, lux(BABYLON, {"babylon": 7}, 0, ["salt"]), "GI-LUX-02")
    assert "only Resin, Gems, Gold and Ivory pay luxury points, not Salt" in str(e)
    refused(state, lux(BABYLON, {"babylon": 7}, 6), "GI-LUX-02")  # treasury 5
    refused(state, lux(BABYLON, {"babylon": 7}, 0, ["gold", "gold", "gold"]), "GI-LUX-02")  # holds 2
    refused(state, lux(BABYLON, {"thebes": 1}), "GI-LUX-02")  # not his city
    refused(state, lux(BABYLON, {"babylon": 7}), "GI-LUX-02")  # 6 flips only
    stock = of(state, "babylon").stock
    state, ev = play(state, lux(BABYLON, {"babylon": 20, "ur": 20, "sumeria": 7}, 5, ["gold", "gold"]))
    bab = of(state, "babylon")
    drawn = [e.data["card"] for e in ev if e.kind == "draw_private"]  # acquisition follows
    assert (bab.treasury, bab.stock) == (0, stock + 5)
    assert hand(state, "babylon") == sorted(["salt", *drawn]) and len(drawn) == 6 + 1
    assert sorted(state.set_aside) == ["gold", "gold"]
    assert ("Babylon gives 47 luxury points to its cities (6 flipped tokens, 5 from treasury, "
            "luxury cards (2 Gold)).") in texts(ev)
    assert state.variant_state["luxury"] == {"babylon": 20, "sumeria": 7, "susa": 0, "ur": 20}
    # flipped tokens stay on the board
    assert game_for(state).tokens_on_board("babylon") == 14
    assert check_invariants(state) == []


# ---- S-3: dispositions and draws (GI-LUX-01..04, 07, GI-TRADE-01) ------------------------------
@pytest.mark.variant("GI-LUX-01", "GI-LUX-02", "GI-LUX-03", "GI-LUX-04", "GI-LUX-05", "GI-LUX-06",
                     "GI-LUX-07", "GI-TRADE-01")
def test_s3_dispositions_and_draws(grand_imperial):
    """S-3: 5, 2, 1, 0 points to Babylon, Ur, Sumeria, Susa, paid with 6 flips and 2 from
    treasury (the unused point is lost): Happy, Content, Unhappy, Revolt; 2 + 1 + 0 + 0 = 3
    Mesopotamia cards and 1 event card; Mesopotamia stack 8 -> 5; treasury 3."""
    state, _ = s3()
    state, ev = play(state, lux(BABYLON, {"babylon": 5, "ur": 2, "sumeria": 1, "susa": 0}, 2))
    g = game_for(state)
    assert dp.dispositions_of(g, "babylon") == {"babylon": "happy", "sumeria": "unhappy", "susa": "revolt",
                                               "ur": "content"}
    assert of(state, "babylon").treasury == 3
    assert state.phase == "acquisition"  # Babylon may buy (treasury 3)
    state, ev2 = play(state, {"type": "buy_regional", "player": BABYLON})
    assert state.phase == "trade"
    drawn = Counter(e.data["stack"] for e in ev if e.kind == "draw_private")
    assert drawn == {"mesopotamia": 3, EVENTS: 1} and len(hand(state, "babylon")) == 4
    assert len(stack(game_for(state), "mesopotamia")) == 5 and len(stack(game_for(state), EVENTS)) == 40
    assert "Babylon draws 3 regional cards (3 from Mesopotamia) and 1 event card (4 cities)" in texts(ev)
    # everyone sees the dice and dispositions (GI-LUX-07)
    for seat in (None, EGYPT, BABYLON):
        assert engine.view(state, seat)["variant"]["cities"]["susa"] == {"owner": "babylon", "points": 0,
                                                                         "disposition": "revolt"}
    assert information_state(state, EGYPT).variant_state["luxury"]["babylon"] == 5
    assert check_invariants(state) == []


@pytest.mark.variant("GI-LUX-01", "GI-LUX-03")
def test_s4_the_default_brings_each_city_to_content_with_free_flips_only(grand_imperial):
    """S-4: Assyria's cities in Assyria, Carrhae and Mesopotamia; 11 tokens on land, 5 free
    flips; treasury 9. Timeout: 2, 2, 1 in area-id order (Content, Content, Unhappy); treasury 9."""
    cities = {"assyria": "assyria", "carrhae": "assyria", "mesopotamia": "assyria"}
    tokens = {"nineveh": {"assyria": 3}, "media": {"assyria": 3}, "armenia": {"assyria": 3},
              "elam": {"assyria": 2}}
    state, _ = at("luxury", cities, tokens, players={"assyria": {"treasury": 9, "hand": ["hides"] * 3}})
    assert dp.free_flips(game_for(state), "assyria") == 5
    state, _ = play(state, {"type": "timeout", "player": ASSYRIA})
    assert state.variant_state["luxury"] == {"assyria": 2, "carrhae": 2, "mesopotamia": 1}
    assert dp.dispositions_of(game_for(state), "assyria") == {"assyria": "content", "carrhae": "content",
                                                              "mesopotamia": "unhappy"}
    assert of(state, "assyria").treasury == 9


@pytest.mark.variant("GI-LUX-03", "GI-CITYADV-07", "GI-CITYADV-12", "GI-CITYADV-14")
def test_s10_quarry_music_hall_and_palace_thresholds(grand_imperial):
    """S-10: A with a Quarry, B with a Quarry and a Music Hall, C with a Palace; 12 tokens on
    land, 6 free flips after the 6 for support. 3, 3 and 0 points: Unhappy, Content, Content."""
    cities = {"babylon": "babylon", "ur": "babylon", "susa": "babylon"}
    state, _ = at("luxury", cities, {"mari": {"babylon": 6}, "charax": {"babylon": 6}},
                  sites={"babylon": ["quarry"], "ur": ["quarry", "music_hall"], "susa": ["palace"]})
    assert dp.free_flips(game_for(state), "babylon") == 6
    state, _ = play(state, lux(BABYLON, {"babylon": 3, "ur": 3, "susa": 0}))
    assert dp.dispositions_of(game_for(state), "babylon") == {"babylon": "unhappy", "ur": "content",
                                                              "susa": "content"}


# ---- thresholds (GI-LUX-03, GI-CITYADV-*) ---------------------------------------------------------
def levels(g, area, top=8):
    return [dp.disposition_at(g, area, n) for n in range(top)]


R, U, C, S, H = "revolt", "unhappy", "content", "satisfied", "happy"


@pytest.mark.variant("GI-LUX-03", "GI-CITYADV-07", "GI-CITYADV-12", "GI-CITYADV-13", "GI-CITYADV-14",
                     "GI-CITYADV-17", "GI-CITYADV-20", "GI-CITYADV-21", "GI-CITYADV-24")
@pytest.mark.parametrize("advances, thresholds, by_points", [
    ([], (0, 1, 2, 3, 5), [R, U, C, S, S, H, H, H]),
    (["quarry"], (0, 3, 4, 5, 7), [R, R, R, U, C, S, S, H]),                  # the seed's 0/3/4/5/7
    (["music_hall"], (0, 0, 1, 2, 4), [U, C, S, S, H, H, H, H]),
    (["theater"], (0, 0, 1, 2, 4), [U, C, S, S, H, H, H, H]),
    (["temple"], (0, 0, 1, 2, 4), [U, C, S, S, H, H, H, H]),
    (["oracle"], (0, 0, 1, 2, 4), [U, C, S, S, H, H, H, H]),
    (["music_hall", "theater"], (0, 0, 0, 1, 3), [C, S, S, H, H, H, H, H]),
    (["palace"], (0, 0, 0, 1, 3), [C, S, S, H, H, H, H, H]),
    (["quarry", "music_hall"], (0, 2, 3, 4, 6), [R, R, U, C, S, S, H, H]),
    (["town_hall"], (0, 0, 0, 0, 3), [S, S, S, H, H, H, H, H]),
    (["cathedral"], (0, 0, 0, 0, 3), [S, S, S, H, H, H, H, H]),
    (["town_hall", "quarry"], (0, 0, 0, 0, 5), [S, S, S, S, S, H, H, H]),
    (["town_hall", "music_hall"], (0, 0, 0, 0, 2), [S, S, H, H, H, H, H, H]),
    (["music_hall", "theater", "temple", "palace"], (0, 0, 0, 0, 0), [H] * 8),  # never below 0
])
def test_thresholds_of_a_city_by_its_advances(grand_imperial, advances, thresholds, by_points):
    g = a_game({"babylon": "babylon"}, sites={"babylon": advances})
    assert tuple(dp.thresholds(g, "babylon").values()) == thresholds
    assert list(dp.thresholds(g, "babylon")) == [R, U, C, S, H]
    assert levels(g, "babylon") == by_points


@pytest.mark.variant("GI-LUX-03", "GI-CITYADV-22", "GI-CARULE-06")
def test_social_mobility_lowers_every_city_once_unless_its_city_revolts(grand_imperial):
    """Social Mobility in Ur: every Babylonian city's thresholds -1 (Susa, no advance: 0 points
    Unhappy, 1 Content, 4 Happy); two of them: still -1. Ur with a Quarry and 0 points is in
    Revolt even with the -1 (its Unhappy threshold 2): then it does nothing for Susa."""
    cities = {"ur": "babylon", "susa": "babylon", "babylon": "babylon"}
    g = a_game(cities, luxury={"ur": 2}, sites={"ur": ["social_mobility"]})
    assert tuple(dp.thresholds(g, "susa").values()) == (0, 0, 1, 2, 4)
    assert levels(g, "susa", 5) == [U, C, S, S, H]
    g = a_game(cities, luxury={"ur": 2, "babylon": 2}, sites={"ur": ["social_mobility"],
                                                              "babylon": ["social_mobility"]})
    assert tuple(dp.thresholds(g, "susa").values()) == (0, 0, 1, 2, 4)
    g = a_game(cities, luxury={"ur": 0}, sites={"ur": ["social_mobility", "quarry"]})
    assert dp.disposition(g, "ur") == R
    assert tuple(dp.thresholds(g, "susa").values()) == (0, 1, 2, 3, 5)
    # another nation's Social Mobility does nothing for Babylon
    g = a_game({**cities, "thebes": "egypt"}, luxury={"thebes": 2}, sites={"thebes": ["social_mobility"]})
    assert tuple(dp.thresholds(g, "susa").values()) == (0, 1, 2, 3, 5)


@pytest.mark.variant("GI-LUX-08")
def test_a_city_with_no_die_is_content_and_a_die_stays_with_its_area(grand_imperial):
    """GIR-28: a city built or acquired since the luxury phase has no die: Content (Satisfied
    with a Town Hall). A city changing owner keeps its die; a city reduced loses it."""
    g = a_game({"babylon": "babylon", "ur": "babylon", "susa": "babylon", "sumeria": "babylon"},
               luxury={"babylon": 5, "ur": 0}, sites={"susa": ["town_hall"], "sumeria": ["quarry"]})
    assert dp.disposition(g, "susa") == S and dp.disposition(g, "sumeria") == C
    assert dp.die(g, "susa") is None
    g.replace_city("babylon", "assyria", "test")
    assert dp.die(g, "babylon") == 5 and dp.disposition(g, "babylon") == H
    g.reduce_city("ur", "test")
    assert dp.die(g, "ur") is None and "ur" not in g.s.variant_state["luxury"]
    g.place_city("babylon", "ur")
    assert dp.disposition(g, "ur") == C
    assert GrandImperial().invariants(g.s) == []
    g.s.variant_state["luxury"]["thebes"] = 3
    assert GrandImperial().invariants(g.s) == ["a luxury die (3) stands in thebes, where no city is (GI-LUX-07)"]


# ---- Revolt: advances do nothing (GI-LUX-04, GI-CARULE-06) ---------------------------------------
@pytest.mark.variant("GI-LUX-04", "GI-CARULE-06")
def test_a_city_in_revolt_keeps_its_advances_but_they_do_nothing(grand_imperial):
    g = a_game({"babylon": "babylon", "ur": "babylon"}, luxury={"babylon": 0, "ur": 1},
               sites={"babylon": ["marketplace", "college"], "ur": ["marketplace", "college"]})
    assert dp.disposition(g, "babylon") == R and not dp.active(g, "babylon")
    assert dp.active_advances(g, "babylon") == [] and dp.site_advances(g, "babylon") == ["college", "marketplace"]
    assert city_draws(g, "babylon") == (0, 0)
    assert dp.active(g, "ur") and dp.active_advances(g, "ur") == ["college", "marketplace"]
    assert city_draws(g, "ur") == (1, 0)  # Unhappy: 1 - 1 + 1 for the MarketPlace


# ---- draws (GI-TRADE-01, GI-CITYADV-09/14/16) ----------------------------------------------------
@pytest.mark.variant("GI-TRADE-01", "GI-LUX-04", "GI-LUX-05", "GI-LUX-06", "GI-CITYADV-09",
                     "GI-CITYADV-14", "GI-CITYADV-16")
@pytest.mark.parametrize("points, advances, level, draws", [
    (2, [], C, (1, 0)),
    (5, [], H, (2, 0)),
    (1, [], U, (0, 0)),
    (0, [], R, (0, 0)),
    (2, ["marketplace"], C, (2, 0)),
    (1, ["marketplace"], U, (1, 0)),
    (0, ["marketplace"], R, (0, 0)),
    (5, ["marketplace"], H, (2, 1)),                       # 3, capped at 2 without a Courthouse
    (5, ["marketplace", "courthouse"], H, (3, 0)),
    (1, ["palace"], S, (2, 0)),                            # Palace: +1 card (1 point: Satisfied)
    (0, ["palace", "marketplace"], C, (2, 1)),
    (3, ["palace", "marketplace", "courthouse"], H, (4, 0)),
])
def test_cards_a_city_draws(grand_imperial, points, advances, level, draws):
    g = a_game({"thebes": "egypt"}, luxury={"thebes": points}, sites={"thebes": advances})
    assert dp.disposition(g, "thebes") == level
    assert city_draws(g, "thebes") == draws


@pytest.mark.variant("GI-TRADE-01", "GI-CITYADV-09", "GI-CITYADV-16")
def test_s9_marketplace_and_courthouse(grand_imperial):
    """S-9: Thebes (Happy, MarketPlace, Courthouse) draws 3, Memphis (Happy, MarketPlace) 2 and
    loses 1 to corruption: 5 Nile cards and 1 event card; Nile stack 15 -> 10."""
    state, ev = at("acquisition", {"thebes": "egypt", "memphis": "egypt"}, luxury={"thebes": 5, "memphis": 5},
                   sites={"thebes": ["marketplace", "courthouse"], "memphis": ["marketplace"]})
    assert len(hand(state, "egypt")) == 6
    assert len(stack(game_for(state), "nile_basin")) == 10
    assert ("1 card is lost to corruption in Memphis: without a Courthouse a city draws at most 2 "
            "(GI-CITYADV-16).") in texts(ev)
    assert next(e for e in ev if e.kind == "corruption").to is None  # public
    assert check_invariants(state) == []


@pytest.mark.variant("GI-TRADE-01", "GI-LUX-04")
def test_a_city_in_revolt_gives_no_access_to_buy_from_its_region(grand_imperial):
    """Egypt's only Levant city, Gaza, is in Revolt: Egypt may buy only from the Nile Basin."""
    state, _ = at("acquisition", {"thebes": "egypt", "gaza": "egypt"}, luxury={"thebes": 2, "gaza": 0},
                  players={"egypt": {"treasury": 10}})
    d = next(d for d in engine.pending(state) if d.player == EGYPT)
    assert d.kind == "buy_regional" and d.options["regions"] == ["nile_basin"]
    assert len(stack(game_for(state), "levant")) == 10


# ---- Charismatic Leader: the floor (GI-LEADER-01) -------------------------------------------------
@pytest.mark.variant("GI-LEADER-01", "GI-LUX-03")
def test_charismatic_leader_counts_every_city_at_least_satisfied(grand_imperial):
    """With ``flags.charismatic`` (played this turn): a city with die 0 is Satisfied and draws 1
    card; 4 points are Satisfied, not Happy; 5 are Happy. With a Quarry, Happy still needs 7."""
    g = a_game({"thebes": "egypt", "memphis": "egypt", "tanis": "egypt", "siwa": "egypt"},
               luxury={"thebes": 0, "memphis": 4, "tanis": 5, "siwa": 6}, sites={"siwa": ["quarry"]},
               flags={"charismatic": True})
    assert dp.dispositions_of(g, "egypt") == {"thebes": S, "memphis": S, "tanis": H, "siwa": S}
    assert city_draws(g, "thebes") == (1, 0)
    assert dp.points_for(g, "thebes", C) == 0 and default_points(g, "egypt") == {
        "memphis": 0, "siwa": 0, "tanis": 0, "thebes": 0}
    state, ev = at("acquisition", {"thebes": "egypt"}, luxury={"thebes": 0},
                   players={"egypt": {"flags": {"charismatic": True}}})
    assert "Egypt draws 1 regional card (1 from The Nile Basin)" in texts(ev)
    state, ev = at("acquisition", {"thebes": "egypt"}, luxury={"thebes": 0})
    assert "Egypt draws 0 regional cards" in texts(ev)


# ---- tax (GI-TURN-01, GI-LUX-06, GI-LUX-08) ------------------------------------------------------
def taxed(luxury, stock, cities=("thebes", "memphis")):
    """Egypt's taxes on turn 1 with these dice (last turn's, GI-LUX-08): the treasury's rise."""
    before = 54 - stock  # one token on land; 55 in all
    state, ev = at("tax", {a: "egypt" for a in cities}, {"sinai": {"egypt": 1}},
                   players={"egypt": {"stock": stock, "treasury": before}}, luxury=luxury)
    return of(state, "egypt").treasury - before, ev


@pytest.mark.variant("GI-TURN-01", "GI-LUX-06", "GI-LUX-08")
def test_happy_cities_pay_one_more_token(grand_imperial):
    """Two cities, one Happy (last turn's die), stock 10, rate 2: treasury rises by 5."""
    treasury, ev = taxed({"thebes": 5, "memphis": 2}, 10)
    assert treasury == 5
    assert "Egypt taxes its Happy cities 1 more token (Thebes; GI-LUX-06)." in texts(ev)
    assert taxed({"thebes": 5, "memphis": 9}, 10)[0] == 6


@pytest.mark.variant("GI-TURN-01", "GI-LUX-06")
def test_the_happy_tax_never_causes_a_revolt(grand_imperial):
    """Two Happy cities: stock 5 pays 4 + 1; stock 4 pays 4 and no more, and no city revolts.
    Stock 3 (a city revolts for the plain tax): no extra token (GIL-6)."""
    assert taxed({"thebes": 5, "memphis": 5}, 5)[0] == 5
    treasury, ev = taxed({"thebes": 5, "memphis": 5}, 4)
    assert treasury == 4 and "revolt" not in texts(ev)
    treasury, ev = taxed({"thebes": 5, "memphis": 5}, 3)
    assert treasury == 2 and "Happy" not in texts(ev)


@pytest.mark.variant("GI-TURN-01")
def test_without_dice_the_grand_imperial_tax_is_the_plain_tax(grand_imperial):
    """The same board in a plain game and in Grand Imperial without dice: the same taxes."""
    cities = {"thebes": "egypt", "memphis": "egypt", "gaza": "egypt", "babylon": "babylon"}
    players = {"egypt": {"stock": 7, "treasury": 47}, "babylon": {"stock": 9, "treasury": 46}}
    gi_state, gi_ev = at("tax", cities, {"sinai": {"egypt": 1}}, players=players)
    plain, plain_ev = position(nations=EAST, board=board(cities, {"sinai": {"egypt": 1}}),
                               players={**players, **HOLD}, phase="tax", turn=1)
    assert [(p.stock, p.treasury) for p in gi_state.players] == [(p.stock, p.treasury) for p in plain.players]
    assert [e.text for e in gi_ev if e.kind == "tax"] == [e.text for e in plain_ev if e.kind == "tax"]


# ---- political calamities: the rank (GI-CAL-13) ---------------------------------------------------
@pytest.mark.variant("GI-CAL-13", "GI-LUX-05", "GI-LUX-06")
@pytest.mark.parametrize("points, rank", [(0, 0), (1, 0), (2, 1), (3, 2), (4, 2), (5, None), (None, 1)])
def test_political_rank_by_disposition(grand_imperial, points, rank):
    g = a_game({"babylon": "babylon"}, luxury={} if points is None else {"babylon": points})
    assert dp.political_rank(g, "babylon") == rank


@pytest.mark.variant("GI-CAL-13")
@pytest.mark.parametrize("n, must, may", [
    (1, [], ["sumeria", "ur"]),                    # Unhappy and Revolt first: one of the two
    (2, ["sumeria", "ur"], []),
    (3, ["sumeria", "ur"], ["babylon", "susa"]),   # then a Content city
    (4, ["sumeria", "ur", "babylon", "susa"], []),
    (5, ["sumeria", "ur", "babylon", "susa", "nineveh"], []),  # the Satisfied one when nothing else is
    (6, ["sumeria", "ur", "babylon", "susa", "nineveh"], []),  # the Happy city never
])
def test_political_choice_names_the_worst_cities_first_and_never_a_happy_one(grand_imperial, n, must, may):
    g = a_game({a: "babylon" for a in ["babylon", "susa", "sumeria", "ur", "nineveh", "mari"]},
               luxury={"babylon": 2, "susa": 2, "sumeria": 1, "ur": 0, "nineveh": 3, "mari": 5})
    assert dp.political_choice(g, g.cities_of("babylon"), n) == (must, may)


# ---- the random bot (D11) ---------------------------------------------------------------------
@pytest.mark.variant("GI-LUX-01", "GI-LUX-02")
def test_random_luxury_orders_are_legal(grand_imperial):
    """200 random samples over S-3 with two Gold and Ivory in hand: every one is accepted."""
    state, _ = s3({"hand": ["gold", "gold", "ivory", "salt"]})
    g = game_for(state)
    phase = g.variant.phase("luxury")
    rng = Rng(7)
    spent = set()
    for _ in range(200):
        o = phase.sample(game_for(information_state(state, BABYLON)), BABYLON, rng)
        assert isinstance(o, LuxuryOrder)
        after, _ = play(state, o.to_json())
        spent.add(sum(o.points.values()))
        assert check_invariants(after) == []
    assert max(spent) > 6 and min(spent) < 6


@pytest.mark.variant("GI-LUX-01")
def test_timeout_is_refused_once_the_order_is_in(grand_imperial):
    state, _ = at("luxury", {"thebes": "egypt", "babylon": "babylon"}, {"sinai": {"egypt": 4}})
    state, _ = play(state, lux(EGYPT, {"thebes": 2}))
    with pytest.raises(IllegalOrder):
        engine.apply(state, Timeout(EGYPT).to_json(), by_site=True)


# ---- the heuristic bot's luxury planner (design 5.3) -------------------------------------------
@pytest.mark.variant("GI-LUX-01", "GI-LUX-02")
def test_the_heuristic_bot_keeps_cities_content_and_makes_them_happy_with_spare_flips(grand_imperial):
    """S-3's Babylon (6 flips, treasury 5): Content with flips in area order (Babylon,
    Sumeria, Susa 2 each), Ur left with none would revolt and draw nothing: 2 from treasury
    make it Content.
    With 14 flips: all Content (8), then two cities Happy (3 more each), Babylon last because
    its MarketPlace already draws the 2 a city without a Courthouse may draw."""
    from tresham.games.advciv.bots.heuristic import heuristic_bot, planners_for
    from tresham.games.advciv.variant import Variant

    assert planners_for(Variant()) == {}
    state, _ = s3()
    order = heuristic_bot(state, BABYLON, Rng(1))
    assert order == lux(BABYLON, {"babylon": 2, "sumeria": 2, "susa": 2, "ur": 2}, 2)
    after, _ = play(state, order)
    assert set(dp.dispositions_of(game_for(after), "babylon").values()) == {"content"}
    assert of(after, "babylon").treasury == 3
    tokens = {"babylonia": 5, "mari": 5, "charax": 6, "chaldaea": 6}
    state, _ = at("luxury", {a: "babylon" for a in S3_CITIES}, {a: {"babylon": n} for a, n in tokens.items()},
                  sites={"babylon": ["marketplace"]})
    assert dp.free_flips(game_for(state), "babylon") == 14
    assert heuristic_bot(state, BABYLON, Rng(1)) == lux(BABYLON, {"babylon": 2, "sumeria": 5, "susa": 5, "ur": 2})


@pytest.mark.variant("GI-LUX-01", "GI-LUX-07", "GI-TURN-08")
@pytest.mark.parametrize("bots, seed", [("mixed", 21), ("heuristic", 3)])
def test_bot_games_give_luxury_orders_that_are_all_accepted(grand_imperial, bots, seed):
    """10 turns of 4 players: every luxury order a bot gives is accepted, the dice stand only
    on cities after every order (``GrandImperial.invariants``), and the game replays."""
    from tresham.games.advciv.tools.sim import play_game, seat_bots

    rec = play_game(4, seed, bots=seat_bots(bots, 4, seed), turns=10, options=dict(GI))
    assert rec.violations == [] and not rec.stalled and rec.finished and rec.replay_ok
    assert not [r for r in rec.refused_samples if r.startswith("luxury")]
    luxury = [o for o in rec.orders if o.get("type") == "luxury"]
    assert luxury and any(sum(o["points"].values()) for o in luxury)
    if bots == "mixed":  # seats 1 and 3 are random bots (``sim.seat_bots``; seed 21: one of the
        # few seeds whose random bots build a city in 10 turns, with ships taking tokens aboard and
        # the auction phase after trade; it was 24 before the auction phase changed the games)
        assert any(o["player"] in (1, 3) and sum(o["points"].values()) for o in luxury)


@pytest.mark.variant("GI-TRADE-05")
def test_a_card_at_auction_is_accounted_for_while_the_bids_are_awaited(grand_imperial):
    """GIL-12: Egypt draws Gold (18) with 10 in treasury: while Babylon's and Assyria's bids
    are awaited the Gold lies set aside, face up, so every one of the 163 cards is somewhere;
    Babylon's bid of 12 takes it out of the cards set aside into his hand."""
    from tests.games.advciv.grand_imperial.test_variant import buying

    state, _ = buying(["dye", "gold"], {"egypt": 10, "babylon": 20, "assyria": 8, "asia": 0})
    state, _ = play(state, {"type": "buy_regional", "player": EGYPT, "region": "levant"})
    assert state.step["lot"]["cards"] == ["gold"] and state.set_aside == ["gold"]
    assert check_invariants(state) == []
    state, _ = play(state, {"type": "auction_bid", "player": BABYLON, "bid": 12},
                    {"type": "auction_bid", "player": ASSYRIA, "bid": 0})
    assert state.set_aside == [] and "gold" in state.players[BABYLON].hand
    assert check_invariants(state) == []


# ---- the form (D11) ---------------------------------------------------------------------------
@pytest.mark.variant("GI-LUX-01", "GI-LUX-02")
def test_the_luxury_form_starts_at_the_default_and_gives_the_order(grand_imperial):
    """S-3 with two Gold: one count per city (starting at the default: 2, 2, 2, 0 in area
    order), the treasury (0 to 5), the Gold as a set (2 held, worth 36); the values posted
    make the order, which the rules accept."""
    from tresham.games import registry

    R = registry.get("advciv")
    state, _ = s3({"hand": ["gold", "gold", "salt"]})
    (f,) = R.order_forms(state, BABYLON)
    points, treasury, cards = f.fields
    assert (points.kind, points.max, points.value) == ("counts", 47, {"babylon": 2, "sumeria": 2, "susa": 2,
                                                                       "ur": 0})
    assert [c.value for c in points.choices] == ["babylon", "sumeria", "susa", "ur"]
    assert points.choices[0].label == "Babylon (now Content; needs Unhappy 1, Content 2, Satisfied 3, Happy 5)"
    assert (treasury.min, treasury.max) == (0, 5)
    assert [(c.value, c.max) for c in cards.choices] == [("gold", 2)] and "worth 36" in cards.choices[0].label
    order = R.form_order(state, BABYLON, "luxury", {"points": {"babylon": 20, "ur": 20, "sumeria": 7, "susa": 0},
                                                    "treasury": 5, "cards": {"gold": 2}})
    assert order == lux(BABYLON, {"babylon": 20, "sumeria": 7, "ur": 20}, 5, ["gold", "gold"])
    after, _ = R.apply(state, order)
    assert after.variant_state["luxury"]["babylon"] == 20


@pytest.mark.variant("GI-LUX-01")
def test_a_player_leaving_the_game_owes_no_luxury_order(grand_imperial):
    """Egypt's order is in; Babylon, the last to owe one, leaves the game (15.61): the phase
    ends with Egypt's die set, and Babylon's city gets none (Content). (Babylon has tokens on
    land beyond his city's support, free flips to give: he is asked, SITE-TABLE-08.)"""
    state, _ = at("luxury", {"thebes": "egypt", "babylon": "babylon"},
                  {"sinai": {"egypt": 4}, "babylonia": {"babylon": 4}})
    state, _ = play(state, lux(EGYPT, {"thebes": 2}))
    state, _ = play(state, {"type": "depart", "player": BABYLON})
    assert state.phase != "luxury" and state.variant_state["luxury"] == {"thebes": 2}
    assert check_invariants(state) == []


@pytest.mark.variant("GI-LEADER-01", "GI-TRADE-01")
def test_s20_a_charismatic_city_in_revolt_draws_one_card(grand_imperial):
    """S-20: Charismatic played this turn; Thebes has no free flip, so the luxury default
    gives it 0 points (die 0, which would be Revolt): the floor makes it Satisfied, and it
    draws 1 Nile card in acquisition."""
    state, ev = at("luxury", {"thebes": "egypt"}, {"sinai": {"egypt": 2}},
                   players={"egypt": {"flags": {"charismatic": True}}})
    # nothing to give (no flip, treasury or card): 0 points at once, as the default would (SITE-TABLE-08)
    assert state.phase != "luxury" and "Egypt has nothing to give its cities" in texts(ev)
    assert state.variant_state["luxury"] == {"thebes": 0}
    assert dp.disposition(game_for(state), "thebes") == S
    assert "Egypt draws 1 regional card (1 from The Nile Basin) and 1 event card (1 city)" in texts(ev)


@pytest.mark.site("SITE-TABLE-08")
@pytest.mark.variant("GI-LUX-02")
def test_a_player_with_nothing_to_give_is_not_asked(grand_imperial):
    """Issue 24, no empty decisions: Egypt's one city has no free flip (no token on land beyond
    its support), no treasury and no card in hand (public facts), so its only luxury order is
    "nothing": applied at once with a history line; Babylon, who has free flips, is asked."""
    state, ev = at("luxury", {"thebes": "egypt", "babylon": "babylon"}, {"babylonia": {"babylon": 5}},
                   players={"egypt": {"treasury": 0, "hand": []}, "babylon": {"treasury": 0, "hand": []}})
    assert [d.player for d in engine.pending(state) if d.kind == "luxury"] == [BABYLON]
    assert ("Egypt has nothing to give its cities (no free flip, no treasury, no card in hand): "
            "no luxury order is asked.") in texts(ev)
