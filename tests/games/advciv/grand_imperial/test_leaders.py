"""tresham/games/advciv/grand_imperial/leaders.py: Grand Imperial's Leadership cards (slice 8 of
docs/variants/grand-imperial.md): the phase ``leaders`` at the start of the turn, temporary
civilization cards, the leaders' effects when traded, the Great Compromiser's pact, the Grand
Diplomat, the hand limit. Rulings GILD-n: docs/rulings/grand-imperial-leaders.md. Numbers: the
seed (001_199a5eef780342bd.txt) and the data (data/grand_imperial.json)."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from tresham.games.advciv import engine, machine
from tresham.games.advciv.data import DataError
from tresham.games.advciv.grand_imperial import data as gi
import tresham.games.advciv.grand_imperial.leaders as L
from tresham.games.advciv.grand_imperial.variant import BALLAST, EVENTS, KEY, GrandImperial
from tresham.games.advciv.rules import civcards as cc
from tresham.games.advciv.rules.ast import card_groups
from tresham.games.advciv.rules.calamities import monotheism
from tresham.games.advciv.rules.calamities.iconoclasm import eligible_secondaries, iconoclasm_count
from tresham.games.advciv.site.rules import AdvancedCivilization
from tresham.games.advciv.variant import VARIANTS, game_for
from tresham.games.advciv.view import information_state
from tresham.games.contract import IllegalOrder
from tresham.games.advciv.tools.sim import check_invariants, play_game, seat_bots

from tests.helpers import play, position, refused, texts

GI = {"variant": KEY, "wem": True}
EAST = ["egypt", "babylon", "assyria", "asia"]
EGYPT, BABYLON, ASSYRIA, ASIA = 0, 1, 2, 3
#: Egypt's three cities and Babylon's two; Assyria and Asia hold cards so a trade phase waits.
BOARD = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "gaza": {"city": "egypt"},
         "babylon": {"city": "babylon"}, "ur": {"city": "babylon"}}
HOLD = {"assyria": {"hand": ["hides", "hides", "hides"]}, "asia": {"hand": ["resin", "resin", "resin"]}}


@pytest.fixture
def grand_imperial(monkeypatch):
    """Grand Imperial registered for one test (it is not a built-in variant)."""
    monkeypatch.setitem(VARIANTS, KEY, GrandImperial())
    yield VARIANTS[KEY]


def deal(state, seat, *cards):
    """Give ``seat`` leaders (or ballast) taken out of the event stack (a scenario's hands hold
    plain cards only, GIS-5), so every card stays accounted for."""
    events = state.stacks[-1]
    for c in cards:
        events.remove(c)
        state.players[seat].hand.append(c)


def at_leaders(hands, players=None, board=BOARD, nations=EAST, turn=3):
    """The phase ``leaders`` of turn ``turn`` started with ``hands`` (seat -> leaders) dealt:
    a position built in the tax phase, its leaders dealt, then the phase ``leaders`` begun."""
    state, _ = position(nations=nations, options={**GI, "players": len(nations)}, board=board,
                        players=players or {}, phase="tax", turn=turn)
    for seat, cards in hands.items():
        deal(state, seat, *cards)
    for p in state.players:
        p.flags = {}
    state.phase, state.step = "leaders", {}
    g = game_for(state)
    g.variant.phase("leaders").start(g)
    machine.advance(g)
    g.sync()
    assert check_invariants(state) == []
    return state, g.events


def trading(hands, players=None):
    """The trade phase, market open: Egypt holds 3 Salt, Babylon Oil, Oil, Iron, and the leaders
    ``hands`` gives (seat -> cards)."""
    spec = {**HOLD, "egypt": {"hand": ["salt", "salt", "salt"]}, "babylon": {"hand": ["oil", "oil", "iron"]}}
    for n, extra in (players or {}).items():
        spec[n] = {**spec.get(n, {}), **extra}
    state, _ = position(nations=EAST, options={**GI, "players": 4}, players=spec, phase="trade",
                        board=BOARD, step={"market_open": True})
    for seat, cards in hands.items():
        deal(state, seat, *cards)
    assert check_invariants(state) == []
    return state


def trade(state, give, take=("oil", "oil", "iron")):
    """Egypt gives ``give`` to Babylon for ``take``."""
    return play(state, {"type": "trade_offer", "player": EGYPT, "to": BABYLON, "give": list(give),
                        "expect": list(take)},
                {"type": "trade_accept", "player": BABYLON, "offer": 1, "give": list(take)})


def flags(state, seat):
    return state.players[seat].flags


def events_of(ev, kind):
    return [e for e in ev if e.kind == kind]


# ---- the registry (GI-LEADER-10) ------------------------------------------------------------
@pytest.mark.variant("GI-LEADER-10")
def test_every_leader_of_the_data_has_an_effect_and_a_house_card_without_one_is_refused(monkeypatch):
    """The nine cards of the data each have an effect; a house card added to the data without
    one is refused when the variant is made, naming it."""
    L.check_effects()
    assert set(L.EFFECTS) == set(gi.leaders()) and len(L.EFFECTS) == 9
    house = replace(gi.leaders()["charismatic_leader"], number=10, id="nero", name="Nero",
                    spec="GI-LEADER-10", origin="house")
    with_house = {**gi.leaders(), "nero": house}
    with pytest.raises(DataError, match="nero of the data has no effect.*GI-LEADER-10"):
        L.check_effects(with_house)
    monkeypatch.setattr(gi, "leaders", lambda: with_house)
    with pytest.raises(DataError, match="nero"):
        GrandImperial()


# ---- the phase leaders and its decision (D1) -------------------------------------------------
@pytest.mark.variant("GI-LEADER-01", "GI-TURN-01")
def test_holders_of_a_turn_start_leader_owe_play_leaders_first_in_the_turn(grand_imperial):
    """The turn begins with the phase leaders (GILD-1): Egypt (Charismatic) and Babylon
    (Warlike) owe play_leaders; Assyria's Merchant Prince is not played then (acquisition)."""
    state, _ = at_leaders({EGYPT: ["charismatic_leader"], BABYLON: ["warlike_leader"],
                           ASSYRIA: ["merchant_prince"]})
    assert game_for(state).variant.turn[:2] == ("leaders", "tax")
    owed = {d.player: d for d in engine.pending(state)}
    assert state.phase == "leaders" and set(owed) == {EGYPT, BABYLON}
    assert owed[EGYPT].kind == "play_leaders" and owed[EGYPT].options == {"leaders": ["charismatic_leader"]}
    assert owed[EGYPT].default == "play nothing"


@pytest.mark.variant("GI-LEADER-01")
def test_charismatic_leader_every_city_at_least_satisfied_this_turn(grand_imperial):
    """S-20 (part): Charismatic played in phase 1 sets the floor for Egypt's cities
    (``flags["charismatic"]``, read by the luxury rules) and is set aside; public."""
    state, _ = at_leaders({EGYPT: ["charismatic_leader"]})
    state, ev = play(state, {"type": "play_leaders", "player": EGYPT, "cards": ["charismatic_leader"]})
    assert flags(state, EGYPT)["charismatic"] is True
    assert flags(state, EGYPT)["leaders_played"] == ["charismatic_leader"]
    assert "charismatic_leader" not in state.players[EGYPT].hand and state.set_aside == ["charismatic_leader"]
    assert "all Egypt's cities count as at least Satisfied" in texts(ev)
    assert state.phase != "leaders"
    view = engine.view(state, BABYLON)["variant"]["leaders"]["this_turn"]["egypt"]
    assert view == {"charismatic": True, "leaders_played": ["charismatic_leader"]}
    assert check_invariants(state) == []


@pytest.mark.variant("GI-LEADER-01")
def test_play_leaders_refusals_and_the_timeout_plays_nothing(grand_imperial):
    state, _ = at_leaders({EGYPT: ["charismatic_leader", "merchant_prince"]})
    refused(state, {"type": "play_leaders", "player": EGYPT, "cards": ["warlike_leader"]}, "GI-LEADER-01")
    e = refused(state, {"type": "play_leaders", "player": EGYPT, "cards": ["merchant_prince"]}, "GI-LEADER-01")
    assert "not played at the start of the turn" in str(e)
    refused(state, {"type": "play_leaders", "player": EGYPT,
                    "cards": ["charismatic_leader", "charismatic_leader"]}, "GI-LEADER-01")
    refused(state, {"type": "play_leaders", "player": BABYLON, "cards": []}, "GI-LEADER-01")
    refused(state, {"type": "play_leaders", "player": EGYPT, "cards": ["salt"]})
    state, ev = play(state, {"type": "timeout", "player": EGYPT})
    assert sorted(state.players[EGYPT].hand) == ["charismatic_leader", "merchant_prince"]
    assert state.set_aside == [] and "charismatic" not in flags(state, EGYPT)
    assert state.phase != "leaders"


@pytest.mark.variant("GI-LEADER-01")
def test_plays_are_sealed_until_everyone_has_played(grand_imperial):
    """D1 is simultaneous: Egypt's play is noted to Egypt only; Babylon's information state
    does not hold it; both take effect when Babylon's is in."""
    state, _ = at_leaders({EGYPT: ["charismatic_leader"], BABYLON: ["warlike_leader"]})
    state, ev = play(state, {"type": "play_leaders", "player": EGYPT, "cards": ["charismatic_leader"]})
    assert [e.to for e in ev] == [[EGYPT]] and state.phase == "leaders"
    assert information_state(state, BABYLON).step["plays"] == {}
    assert information_state(state, EGYPT).step["plays"] == {"0": ["charismatic_leader"]}
    assert "charismatic" not in flags(state, EGYPT) and "charismatic_leader" in state.players[EGYPT].hand
    assert "leaders" not in engine.view(state, BABYLON).get("variant", {})
    state, ev = play(state, {"type": "play_leaders", "player": BABYLON, "cards": []})
    assert flags(state, EGYPT)["charismatic"] is True and state.set_aside == ["charismatic_leader"]
    assert sorted(state.players[BABYLON].hand) == ["warlike_leader"]


# ---- temporary cards (GI-LEADER-02, -05, -07; S-18) ------------------------------------------
FIVE = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "gaza": {"city": "egypt"},
        "tanis": {"city": "egypt"}, "sinai": {"city": "egypt"}, "babylon": {"city": "babylon"}}


@pytest.mark.variant("GI-LEADER-02")
def test_s18_theocratic_leader_holds_theology_for_the_turn(grand_imperial):
    """S-18: Egypt (5 cities) plays the Theocratic Leader: temp_cards ["theology"], the card
    set aside. Iconoclasm then reduces 1 city, not 4 (4 − 3); Egypt is no secondary victim of
    Iconoclasm and no Monotheism target; the A.S.T. still counts only owned cards."""
    state, _ = at_leaders({EGYPT: ["theocratic_leader"]}, board=FIVE,
                          players={"egypt": {"civ_cards": ["pottery"]}})
    g = game_for(state)
    assert iconoclasm_count(g, "egypt") == 4
    state, ev = play(state, {"type": "play_leaders", "player": EGYPT, "cards": ["theocratic_leader"]})
    g = game_for(state)
    assert flags(state, EGYPT)["temp_cards"] == ["theology"] and state.set_aside == ["theocratic_leader"]
    p = state.players[EGYPT]
    assert p.has("theology") and "theology" not in p.civ_cards
    assert iconoclasm_count(g, "egypt") == 1
    assert "egypt" not in eligible_secondaries(g, {"victim": "babylon", "trader": None})
    assert card_groups(g, "egypt") == {"crafts"} and len(p.civ_cards) == 1  # Pottery only, no Religion
    # a Monotheism holder next to Egypt cannot convert Egypt's areas
    state.board.tokens["jerusalem"] = {"babylon": 1}
    assert all(a not in FIVE for a in monotheism.targets(g, "babylon"))
    assert "Egypt holds Theology until the turn ends" in texts(ev)
    assert engine.view(state, ASIA)["variant"]["leaders"]["this_turn"]["egypt"]["temp_cards"] == ["theology"]


@pytest.mark.variant("GI-LEADER-02")
def test_theocratic_leader_with_theology_gives_monotheism_and_with_both_two_conversions(grand_imperial):
    state, _ = at_leaders({EGYPT: ["theocratic_leader"]}, players={"egypt": {"civ_cards": ["theology"]}})
    state, _ = play(state, {"type": "play_leaders", "player": EGYPT, "cards": ["theocratic_leader"]})
    assert flags(state, EGYPT)["temp_cards"] == ["monotheism"] and state.players[EGYPT].has("monotheism")
    assert monotheism.holders(game_for(state)) == ["egypt"]
    state, _ = at_leaders({EGYPT: ["theocratic_leader"]},
                          players={"egypt": {"civ_cards": ["theology", "monotheism"]}})
    state, ev = play(state, {"type": "play_leaders", "player": EGYPT, "cards": ["theocratic_leader"]})
    assert flags(state, EGYPT)["conversions"] == 2 and "temp_cards" not in flags(state, EGYPT)
    assert "may convert 2 areas this turn" in texts(ev)


@pytest.mark.variant("GI-LEADER-02", "GI-LEADER-10")
def test_temporary_cards_give_their_credits_this_turn(grand_imperial):
    """Theology's credits count this turn as if owned (GILD-3). AdvCiv's Theology gives no
    credit, so the mechanism is shown with the card a house leader might lend: Mysticism held
    for the turn takes 15 off Theology (250 -> 235) and 15 off Monotheism, as owned Mysticism
    does; the plain costs are unchanged without it."""
    state, _ = at_leaders({EGYPT: ["theocratic_leader"]})
    g = game_for(state)
    p = state.players[EGYPT]
    assert cc.cost_after_credits(g, p, "theology") == 250
    p.flags["temp_cards"] = ["mysticism"]
    assert cc.cost_after_credits(g, p, "theology") == 235 and cc.credit(g, p, "monotheism") == 15
    assert cc.credits_by_card(g, p)["theology"] == 15 and cc.costs(g, p)["literacy"] == 110 - 5
    owned = replace(p, civ_cards={"mysticism": 0}, flags={})
    assert cc.cost_after_credits(g, owned, "theology") == 235
    p.flags["temp_cards"] = ["theology"]  # AdvCiv's Theology gives no credits at all
    assert cc.costs(g, p) == cc.costs(g, replace(p, flags={}))


@pytest.mark.variant("GI-LEADER-05")
def test_warlike_leader_holds_military_so_he_moves_last(grand_imperial):
    """Babylon plays Warlike: temp Military, so Babylon comes after the non-holders in the
    census order (the order of movement, 23.21) though its census is the largest."""
    state, _ = at_leaders({BABYLON: ["warlike_leader"]})
    for seat, n in ((EGYPT, 5), (BABYLON, 20), (ASSYRIA, 3), (ASIA, 2)):
        state.players[seat].census = n
    assert game_for(state).census_order()[0].nation == "babylon"  # largest census first (23.21)
    state, ev = play(state, {"type": "play_leaders", "player": BABYLON, "cards": ["warlike_leader"]})
    assert flags(state, BABYLON)["temp_cards"] == ["military"]
    order = [p.nation for p in game_for(state).census_order()]
    assert order[-1] == "babylon"


@pytest.mark.variant("GI-LEADER-05")
def test_warlike_leader_with_military_owned_gives_one_barracks(grand_imperial):
    state, _ = at_leaders({BABYLON: ["warlike_leader"]}, players={"babylon": {"civ_cards": ["military"]}})
    state, ev = play(state, {"type": "play_leaders", "player": BABYLON, "cards": ["warlike_leader"]})
    assert flags(state, BABYLON)["free_barracks"] == 1 and "temp_cards" not in flags(state, BABYLON)
    assert "may build 1 Barracks city advance" in texts(ev)


@pytest.mark.variant("GI-LEADER-07")
def test_proselytizer_holds_monotheism_for_the_turn(grand_imperial):
    state, _ = at_leaders({EGYPT: ["great_proselytizer"]})
    state, ev = play(state, {"type": "play_leaders", "player": EGYPT, "cards": ["great_proselytizer"]})
    assert flags(state, EGYPT)["temp_cards"] == ["monotheism"]
    assert monotheism.holders(game_for(state)) == ["egypt"]
    state, _ = at_leaders({EGYPT: ["great_proselytizer"]}, players={"egypt": {"civ_cards": ["monotheism"]}})
    state, ev = play(state, {"type": "play_leaders", "player": EGYPT, "cards": ["great_proselytizer"]})
    assert "temp_cards" not in flags(state, EGYPT) and "no further benefit" in texts(ev)
    assert state.set_aside == ["great_proselytizer"]


@pytest.mark.variant("GI-LEADER-07", "GI-TRADE-07")
def test_proselytizer_and_theocratic_leader_in_one_hand_are_both_discarded(grand_imperial):
    """Egypt holds the Proselytizer and is traded the Theocratic Leader: both are set aside
    at once, without effect."""
    state = trading({BABYLON: ["theocratic_leader"], EGYPT: ["great_proselytizer"]})
    state, ev = play(state, {"type": "trade_offer", "player": BABYLON, "to": EGYPT,
                             "give": ["theocratic_leader", "oil", "oil"], "expect": ["salt"] * 3},
                     {"type": "trade_accept", "player": EGYPT, "offer": 1, "give": ["salt"] * 3})
    assert sorted(state.players[EGYPT].hand) == ["oil", "oil"]
    assert sorted(state.set_aside) == ["great_proselytizer", "theocratic_leader"]
    assert "both are discarded without effect (GI-LEADER-07)" in texts(ev)
    assert "temp_cards" not in flags(state, EGYPT) and check_invariants(state) == []


@pytest.mark.variant("GI-LEADER-07", "GI-TRADE-07")
def test_a_proselytizer_player_traded_the_theocratic_leader_loses_monotheism(grand_imperial):
    """Egypt played the Proselytizer this turn (temp Monotheism); traded the Theocratic
    Leader later, both are annulled: the Theocratic Leader set aside, Monotheism gone."""
    state = trading({BABYLON: ["theocratic_leader"]})
    p = state.players[EGYPT]
    p.flags.update({"leaders_played": ["great_proselytizer"], "temp_cards": ["monotheism"],
                    "granted": {"great_proselytizer": "monotheism"}})
    state.stacks[-1].remove("great_proselytizer")
    state.set_aside.append("great_proselytizer")
    assert p.has("monotheism")
    state, ev = play(state, {"type": "trade_offer", "player": BABYLON, "to": EGYPT,
                             "give": ["theocratic_leader", "oil", "oil"], "expect": ["salt"] * 3},
                     {"type": "trade_accept", "player": EGYPT, "offer": 1, "give": ["salt"] * 3})
    p = state.players[EGYPT]
    assert not p.has("monotheism") and p.flags["temp_cards"] == []
    assert "theocratic_leader" not in p.hand and "theocratic_leader" in state.set_aside
    assert "no longer holds Monotheism this turn" in texts(ev)


@pytest.mark.variant("GI-LEADER-07", "GI-TRADE-03")
def test_proselytizer_and_theocratic_leader_drawn_together_are_discarded(grand_imperial):
    """Egypt (3 cities, 4 players: 1 event card) holds the Proselytizer and draws the
    Theocratic Leader: both are set aside after the draw."""
    from tests.games.advciv.grand_imperial.test_variant import events, seed_stacks

    egypt_only = {a: v for a, v in BOARD.items() if v["city"] == "egypt"}
    top = [c for c in events(["theocratic_leader"]) if c != "great_proselytizer"]
    state, _ = position(nations=EAST, options={**GI, "players": 4}, board=egypt_only, players=HOLD,
                        phase="trade", stacks=seed_stacks({EVENTS: top}, HOLD), turn=3,
                        step={"market_open": True})
    state.players[EGYPT].hand.append("great_proselytizer")
    assert check_invariants(state) == []
    state.phase, state.step = "acquisition", {}
    g = game_for(state)
    g.variant.phase("acquisition").start(g)
    hand = state.players[EGYPT].hand
    assert len(hand) == 3 and "theocratic_leader" not in hand and "great_proselytizer" not in hand
    assert sorted(state.set_aside) == ["great_proselytizer", "theocratic_leader"]
    assert [e.data["cards"] for e in g.events if e.kind == "leader_annulled"] == [
        ["great_proselytizer", "theocratic_leader"]]
    assert check_invariants(state) == []


# ---- traded leaders (GI-LEADER-03, -08; GI-TRADE-07) -------------------------------------------
@pytest.mark.variant("GI-LEADER-03", "GI-TRADE-07")
def test_assimilative_leader_traded_copies_a_card_of_the_receiver_worth_no_points(grand_imperial):
    """Egypt trades the Assimilative Leader to Babylon, which owns Astronomy (80) and Pottery
    (45): Egypt gains one of them (drawn with the game's generator), Babylon keeps both, and
    Egypt's public points and civilization points are unchanged."""
    state = trading({EGYPT: ["assimilative_leader"]}, {"babylon": {"civ_cards": ["astronomy", "pottery"]}})
    g = game_for(state)
    before = (g.public_points("egypt"), g.civ_points("egypt"))
    state, ev = trade(state, ["assimilative_leader", "salt", "salt"])
    g = game_for(state)
    gained = sorted(state.players[EGYPT].civ_cards)
    assert len(gained) == 1 and gained[0] in ("astronomy", "pottery")
    assert sorted(state.players[BABYLON].civ_cards) == ["astronomy", "pottery"]
    assert L.assimilated(state, "egypt") == gained
    assert state.variant_state["assimilated"] == {"egypt": gained}
    assert (g.public_points("egypt"), g.civ_points("egypt")) == before and before[1] == 0
    assert g.civ_points("babylon") == 125
    assert "assimilative_leader" in state.players[BABYLON].hand
    assert "Egypt trades the Assimilative Leader to Babylon and assimilates" in texts(ev)
    assert engine.view(state, ASIA)["variant"]["leaders"]["assimilated"] == {"egypt": gained}
    assert check_invariants(state) == []
    # deterministic: the same position and orders give the same card
    again = trading({EGYPT: ["assimilative_leader"]}, {"babylon": {"civ_cards": ["astronomy", "pottery"]}})
    again, _ = trade(again, ["assimilative_leader", "salt", "salt"])
    assert sorted(again.players[EGYPT].civ_cards) == gained


@pytest.mark.variant("GI-LEADER-03")
def test_assimilative_leader_gives_nothing_when_the_card_drawn_is_owned(grand_imperial):
    """Egypt owns both of Babylon's cards: whichever is drawn, nothing is assimilated."""
    state = trading({EGYPT: ["assimilative_leader"]},
                    {"babylon": {"civ_cards": ["astronomy", "pottery"]},
                     "egypt": {"civ_cards": ["astronomy", "pottery"]}})
    state, ev = trade(state, ["assimilative_leader", "salt", "salt"])
    assert sorted(state.players[EGYPT].civ_cards) == ["astronomy", "pottery"]
    assert "assimilated" not in state.variant_state and "nothing is assimilated" in texts(ev)
    assert game_for(state).civ_points("egypt") == 125


@pytest.mark.variant("GI-LEADER-08", "GI-TRADE-07")
def test_compromiser_traded_makes_a_pact_for_next_turn(grand_imperial):
    """Traded in turn 3, the Great Compromiser makes a pact between Egypt and Babylon for
    turn 4, public; it is dropped when turn 5 begins."""
    state = trading({EGYPT: ["great_compromiser"]})
    assert state.turn == 1
    state.turn = 3
    state, ev = trade(state, ["great_compromiser", "salt", "salt"])
    assert state.variant_state["pacts"] == [{"a": "babylon", "b": "egypt", "turn": 4}]
    assert "in turn 4 neither may move into an area holding the other's units" in texts(ev)
    assert engine.view(state, ASIA)["variant"]["leaders"]["pacts"] == [{"a": "babylon", "b": "egypt", "turn": 4}]
    g = game_for(state)
    state.board.tokens["sinai"] = {"babylon": 2}
    assert L.pact_forbids(g, "egypt", "sinai") is None  # not this turn
    state.turn = 4
    assert "pact with Babylon" in L.pact_forbids(g, "egypt", "sinai")
    assert L.pact_forbids(g, "assyria", "sinai") is None
    state.turn = 5
    state.phase, state.step = "leaders", {}
    g.variant.phase("leaders").start(g)
    assert "pacts" not in state.variant_state


CRETE = ["crete", "egypt", "babylon", "assyria", "asia"]


def pact_movement(board, players=None, nations=CRETE, ships=None):
    """The movement phase of turn 4 on the five-player board of panels 2 and 3 (GIR-02: any
    board), a pact between Crete and Egypt for this turn."""
    state, _ = position(nations=nations, options={**GI, "players": len(nations), "board": "five_panels_2_3"},
                        board=board,
                        players=players or {}, phase="movement", turn=4, ships=ships or {})
    state.variant_state["pacts"] = [{"a": "crete", "b": "egypt", "turn": 4}]
    return state


@pytest.mark.variant("GI-LEADER-08")
def test_s19_a_move_into_the_pact_partners_area_is_refused(grand_imperial):
    """S-19: a pact between Crete and Egypt this turn. Crete's ship carries 2 tokens from
    Knossos into Egypt's Rhodes: refused citing GI-LEADER-08; a move into empty Phaestos is
    accepted."""
    state = pact_movement({"knossos": {"tokens": {"crete": 4}}, "rhodes": {"tokens": {"egypt": 2}},
                           "thebes": {"tokens": {"egypt": 1}}}, ships={"crete": ["knossos"]})
    assert state.phase == "movement"
    seat = next(p.seat for p in state.players if p.nation == "crete")
    voyage = {"ship": "knossos", "steps": [["load", 2], ["sail", "rhodes"], ["unload", 2]]}
    e = refused(state, {"type": "move", "player": seat, "voyages": [voyage], "done": "done"}, "GI-LEADER-08")
    assert "forbids moving into Rhodes" in str(e)
    state, ev = play(state, {"type": "move", "player": seat, "moves": [{"from": "knossos", "to": "phaestos", "count": 2}],
                             "done": "done"})
    assert state.board.tokens["phaestos"] == {"crete": 2}


@pytest.mark.variant("GI-LEADER-08")
def test_a_pact_move_that_became_forbidden_is_skipped_when_carried_out(grand_imperial):
    """GILD-6: Crete (smaller census, moving second) enters Sinai → Jerusalem while it is
    empty; Egypt moves into Jerusalem first; Crete's move is then skipped citing GI-LEADER-08."""
    state = pact_movement({"sinai": {"tokens": {"egypt": 6}}, "petra": {"tokens": {"crete": 2}}},
                          players={"egypt": {"census": 6}, "crete": {"census": 2}})
    order = [state.players[s].nation for s in state.step["order"]]
    assert order[:2] == ["egypt", "crete"]
    crete, egypt = (next(p.seat for p in state.players if p.nation == n) for n in ("crete", "egypt"))
    state, _ = play(state, {"type": "move", "player": crete, "moves": [{"from": "petra", "to": "jerusalem", "count": 2}],
                            "done": "done"})
    state, ev = play(state, {"type": "move", "player": egypt, "moves": [{"from": "sinai", "to": "jerusalem", "count": 3}],
                             "done": "done"})
    skipped = events_of(ev, "move_skipped")
    assert len(skipped) == 1 and skipped[0].data["rule"] == "GI-LEADER-08"
    assert skipped[0].data["nation"] == "crete" and "forbids moving into Jerusalem" in skipped[0].text
    moved = [e.data["move"] for e in events_of(ev, "move") if e.data.get("move")]
    assert moved == [{"from": "sinai", "to": "jerusalem", "count": 3}]


# ---- the Grand Diplomat (GI-LEADER-09) --------------------------------------------------------------
@pytest.mark.variant("GI-LEADER-09")
def test_grand_diplomat_any_phase_both_see_the_others_hand(grand_imperial):
    """Played in the trade phase and in the movement phase: Egypt and Babylon each get a
    private event listing the other's hand; the card is set aside."""
    state = trading({EGYPT: ["grand_diplomat"]})
    state, ev = play(state, {"type": "diplomat", "player": EGYPT, "target": "babylon"})
    private = events_of(ev, "diplomat_private")
    assert [(e.to, e.data["cards"]) for e in private] == [([EGYPT], ["iron", "oil", "oil"]), ([BABYLON], ["salt"] * 3)]
    assert "Babylon's trade cards: Iron, Oil, Oil." in texts(ev)
    assert state.set_aside == ["grand_diplomat"] and state.players[EGYPT].hand == ["salt"] * 3
    assert events_of(ev, "leader_effect")[0].to is None
    assert state.phase == "trade" and check_invariants(state) == []
    refused(state, {"type": "diplomat", "player": EGYPT, "target": BABYLON}, "GI-LEADER-09")
    # in the movement phase, too
    state = pact_movement({"knossos": {"tokens": {"crete": 4}}})
    crete = next(p.seat for p in state.players if p.nation == "crete")
    deal(state, crete, "grand_diplomat", BALLAST)
    refused(state, {"type": "diplomat", "player": crete, "target": crete}, "GI-LEADER-09")
    state, ev = play(state, {"type": "diplomat", "player": crete, "target": 1})
    assert state.phase == "movement" and state.set_aside == ["grand_diplomat"]
    assert [e.data["cards"] for e in events_of(ev, "diplomat_private")] == [[], [BALLAST]]


@pytest.mark.variant("GI-LEADER-09")
def test_the_diplomat_order_is_not_taken_in_the_plain_game():
    state, _ = position(nations=EAST, options={"players": 4}, phase="tax")
    with pytest.raises(IllegalOrder, match="unknown order type|diplomat"):
        engine.apply(state, {"type": "diplomat", "player": 0, "target": 1})


# ---- cashed by other phases (GI-LEADER-04, -06) ----------------------------------------------------
@pytest.mark.variant("GI-LEADER-04", "GI-LEADER-06")
def test_civilized_leader_and_merchant_prince_cashed(grand_imperial):
    """The state effects the advances and acquisition phases will call: the Civilized Leader
    gives a 50-point credit; the Merchant Prince the Levant's top card; each is set aside."""
    state, _ = at_leaders({EGYPT: ["civilized_leader", "merchant_prince"]})
    g = game_for(state)
    top = state.stacks[list(gi.regions()).index("levant")][0]
    assert L.civilized_credit(g, "egypt") == 50
    assert L.merchant_prince(g, "egypt", "levant") == top
    assert state.players[EGYPT].hand == [top] and state.set_aside == ["civilized_leader", "merchant_prince"]
    with pytest.raises(IllegalOrder) as e:
        L.civilized_credit(g, "egypt")
    assert e.value.rule == "GI-LEADER-04"


# ---- the hand limit (GI-TRADE-09) -----------------------------------------------------------------
@pytest.mark.variant("GI-TRADE-09")
def test_leaders_do_not_count_toward_the_hand_limit_and_ballast_does(grand_imperial):
    """Hand limit 8: 8 commodity cards and 2 leaders are not over it; a ballast makes it 9,
    one over; a leader cannot be surrendered for the limit."""
    state, _ = at_leaders({})
    g = game_for(state)
    hand = ["salt"] * 4 + ["oil"] * 4 + ["merchant_prince", "grand_diplomat"]
    assert cc.excess(g, hand) == 0
    assert cc.excess(g, hand + [BALLAST]) == 1
    with pytest.raises(IllegalOrder) as e:
        cc.check_discard(g, hand + [BALLAST], ["merchant_prince"])
    assert e.value.rule == "31.71"
    assert Counter(cc.check_discard(g, hand + [BALLAST], [BALLAST])) == Counter(hand)


# ---- random bots (D1 sample) -------------------------------------------------------------------------
@pytest.mark.variant("GI-LEADER-01")
def test_the_random_bots_sample_is_a_legal_random_subset(grand_imperial):
    """D1's sample: a random subset of the turn-start leaders held, each accepted; over 24
    draws several different subsets come up (the Merchant Prince is never among them)."""
    from tresham.rng import Rng

    state, _ = at_leaders({EGYPT: ["charismatic_leader", "warlike_leader", "great_proselytizer",
                                   "merchant_prince"]})
    phase = game_for(state).variant.phase("leaders")
    seen = set()
    for seed in range(24):
        o = phase.sample(game_for(information_state(state, EGYPT)), EGYPT, Rng(seed))
        assert set(o.cards) <= {"charismatic_leader", "warlike_leader", "great_proselytizer"}
        after, _ = engine.apply(state, o.to_json())
        assert sorted(after.set_aside) == sorted(o.cards)
        seen.add(tuple(o.cards))
    assert len(seen) >= 4


@pytest.mark.variant("GI-LEADER-01")
def test_bot_games_pass_the_leaders_phase_every_turn(grand_imperial):
    """A mixed 5-player game of 12 turns: no stall, no violation (the leaders' invariants
    included), no refused sample, an exact replay."""
    rec = play_game(5, 4, bots=seat_bots("mixed", 5, 4), turns=12, options=dict(GI))
    assert rec.violations == [] and not rec.stalled and rec.finished and rec.replay_ok
    assert not rec.refused_samples


# ---- forms (EP-12) -------------------------------------------------------------------------------------
@pytest.mark.variant("GI-LEADER-01", "GI-LEADER-09")
def test_forms_for_play_leaders_and_the_grand_diplomat(grand_imperial):
    """The play_leaders form offers the turn-start leaders held and gives the order; the
    Grand Diplomat's holder may take it in any phase (a decision never owed) with a form
    naming the other players."""
    state, _ = at_leaders({EGYPT: ["charismatic_leader", "grand_diplomat"]})
    forms = {f.id: f for f in AdvancedCivilization().order_forms(state, EGYPT)}
    assert set(forms) == {"play_leaders", "diplomat"}
    assert [c.value for c in forms["play_leaders"].fields[0].choices] == ["charismatic_leader"]
    assert [c.value for c in forms["diplomat"].fields[0].choices] == ["asia", "assyria", "babylon"]
    rules = AdvancedCivilization()
    order = rules.form_order(state, EGYPT, "play_leaders", {"cards": ["charismatic_leader"]})
    assert order == {"type": "play_leaders", "player": EGYPT, "cards": ["charismatic_leader"]}
    order = rules.form_order(state, EGYPT, "diplomat", {"target": "babylon"})
    state, ev = play(state, order)
    assert [e.to for e in events_of(ev, "diplomat_private")] == [[EGYPT], [BABYLON]]
    diplomat = [d for d in engine.pending(state) if d.kind == "diplomat"]
    assert diplomat == [] and all(d.required for d in engine.pending(state))
    state, _ = at_leaders({BABYLON: ["grand_diplomat"]})
    assert state.phase != "leaders"  # nobody owed play_leaders: the turn went on
    owed = [(d.kind, d.required) for d in engine.pending(state) if d.player == BABYLON]
    assert ("diplomat", False) in owed and owed.count(("diplomat", False)) == 1


# ---- who sees what, and the invariants -------------------------------------------------------------
@pytest.mark.variant("GI-LEADER-03", "GI-LEADER-08")
def test_held_leaders_are_secret_and_the_leaders_state_is_checked(grand_imperial):
    """A leader in Egypt's hand is hidden from Babylon (its count is not); a pact naming one
    nation twice, or an assimilated card its nation does not own, is an invariant violation."""
    state, _ = at_leaders({EGYPT: ["charismatic_leader"]})
    seen = information_state(state, BABYLON).players[EGYPT].hand
    assert "charismatic_leader" not in seen and len(seen) == len(state.players[EGYPT].hand)
    assert "charismatic_leader" not in str(engine.view(state, BABYLON)["players"][EGYPT])
    state.variant_state["pacts"] = [{"a": "egypt", "b": "egypt", "turn": 4}]
    state.variant_state["assimilated"] = {"babylon": ["astronomy"]}
    wrong = check_invariants(state)
    assert any("pact is malformed" in w for w in wrong)
    assert any("babylon's assimilated cards" in w for w in wrong)


@pytest.mark.variant("GI-LEADER-01")
def test_a_holder_who_leaves_the_game_plays_nothing(grand_imperial):
    """15.61: Babylon leaves while it owes play_leaders: its decision takes the default (play
    nothing) and Egypt's play still takes effect."""
    state, _ = at_leaders({EGYPT: ["charismatic_leader"], BABYLON: ["warlike_leader"]})
    state, _ = play(state, {"type": "play_leaders", "player": EGYPT, "cards": ["charismatic_leader"]},
                    {"type": "depart", "player": BABYLON})
    assert state.players[BABYLON].inert and "temp_cards" not in flags(state, BABYLON)
    assert flags(state, EGYPT)["charismatic"] is True and state.phase != "leaders"
    assert check_invariants(state) == []
