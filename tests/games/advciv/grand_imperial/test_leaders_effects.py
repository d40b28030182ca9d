"""The Leadership cards' effects that waited for other slices (rulings GILD-14..18,
docs/rulings/grand-imperial-leaders.md): the Warlike Leader's free Barracks (D2
``place_barracks``) and its Military's minuses, the Civilized Leader's credit on the GI ``buy``
order (D18 ``leader_credit``), buying back an assimilated card, and the Great Compromiser's
pact at sea. Numbers: the seed (001_199a5eef780342bd.txt) and the data."""
from __future__ import annotations

import pytest

from tresham.games import registry
from tresham.games.advciv import engine
import tresham.games.advciv.grand_imperial.leaders as L
from tresham.games.advciv.grand_imperial.advances import GIAdvancesPhase
from tresham.games.advciv.grand_imperial.variant import KEY, GrandImperial
from tresham.games.advciv.rules.calamities.civil_disorder import disorder_count
from tresham.games.advciv.variant import VARIANTS, game_for
from tresham.rng import Rng, seed_state
from tresham.games.advciv.tools.sim import check_invariants

from tests.games.advciv.grand_imperial.test_advances import at, buy, line
from tests.games.advciv.grand_imperial.test_leaders import (BABYLON, EGYPT, at_leaders, deal, flags,
                                                      pact_movement)
from tests.games.advciv.grand_imperial.test_ships import at_sea, restart, ship
from tests.helpers import play, refused, texts

R = registry.get("advciv")


@pytest.fixture
def grand_imperial(monkeypatch):
    """Grand Imperial registered for one test (it is not a built-in variant)."""
    monkeypatch.setitem(VARIANTS, KEY, GrandImperial())
    yield VARIANTS[KEY]


def barracks(area, owner="babylon"):
    return {"owner": owner, "active": ["barracks"], "flipped": [], "decay": None}


# ---- the Warlike Leader (GI-LEADER-05, D2) -------------------------------------------------------
@pytest.mark.variant("GI-LEADER-05")
def test_warlike_leader_with_military_owned_places_a_free_barracks(grand_imperial):
    """Babylon owns Military and plays Warlike: it owes ``place_barracks`` before the turn goes
    on; Ur has a Barracks already (refused), Thebes is Egypt's (refused); in Babylon it is
    built free: Babylon's treasury and hand are unchanged."""
    state, _ = at_leaders({BABYLON: ["warlike_leader"]}, players={"babylon": {"civ_cards": ["military"],
                                                                             "treasury": 7}})
    state.variant_state["sites"] = {"ur": barracks("ur")}
    state, ev = play(state, {"type": "play_leaders", "player": BABYLON, "cards": ["warlike_leader"]})
    assert state.phase == "leaders"
    [d] = engine.pending(state)
    assert (d.player, d.kind, d.options["cities"]) == (BABYLON, "place_barracks", ["babylon"])
    assert "Deadline" not in d.default and "random city" in d.default
    e = refused(state, {"type": "place_barracks", "player": BABYLON, "city": "ur"}, "GI-LEADER-05")
    assert "Ur already has a Barracks" in str(e)
    e = refused(state, {"type": "place_barracks", "player": BABYLON, "city": "thebes"}, "GI-LEADER-05")
    assert "Thebes is not one" in str(e)
    refused(state, {"type": "place_barracks", "player": EGYPT, "city": "thebes"}, "GI-LEADER-05")
    hand = list(state.players[BABYLON].hand)
    state, ev = play(state, {"type": "place_barracks", "player": BABYLON, "city": "babylon"})
    assert state.variant_state["sites"]["babylon"] == {"owner": "babylon", "active": ["barracks"],
                                                       "flipped": [], "decay": None}
    assert state.variant_state["sites"]["ur"]["active"] == ["barracks"]
    assert state.players[BABYLON].hand == hand and "advance_bought" not in [e.kind for e in ev]
    assert "free_barracks" not in flags(state, BABYLON)
    assert flags(state, BABYLON)["barracks_placed"] == "babylon"
    assert "builds the Warlike Leader's free Barracks in Babylon" in texts(ev)
    assert state.phase != "leaders"
    assert check_invariants(state) == []


@pytest.mark.variant("GI-LEADER-05")
def test_the_barracks_timeout_picks_a_random_city_and_no_city_loses_it(grand_imperial):
    """D2's timeout: a random city of his (``g.rng``), the same on a replay; a player all of
    whose cities hold a Barracks owes nothing and the free Barracks is lost."""
    def played():
        state, _ = at_leaders({BABYLON: ["warlike_leader"]}, players={"babylon": {"civ_cards": ["military"]}})
        state, _ = play(state, {"type": "play_leaders", "player": BABYLON, "cards": ["warlike_leader"]})
        return state

    state = played()
    state, ev = play(state, {"type": "timeout", "player": BABYLON})
    built = [a for a, s in state.variant_state["sites"].items() if "barracks" in s["active"]]
    assert len(built) == 1 and built[0] in ("babylon", "ur")
    assert "Deadline passed: Babylon builds the Warlike Leader's free Barracks" in texts(ev)
    again, _ = play(played(), {"type": "timeout", "player": BABYLON})
    assert again.variant_state["sites"] == state.variant_state["sites"]

    state, _ = at_leaders({BABYLON: ["warlike_leader"]}, players={"babylon": {"civ_cards": ["military"]}})
    state.variant_state["sites"] = {"ur": barracks("ur"), "babylon": barracks("babylon")}
    state, ev = play(state, {"type": "play_leaders", "player": BABYLON, "cards": ["warlike_leader"]})
    assert state.phase != "leaders" and "free_barracks" not in flags(state, BABYLON)
    assert "the Warlike Leader's free Barracks is lost" in texts(ev)


@pytest.mark.variant("GI-LEADER-05")
def test_the_barracks_sample_and_form_are_legal(grand_imperial):
    state, _ = at_leaders({BABYLON: ["warlike_leader"]}, players={"babylon": {"civ_cards": ["military"]}})
    state, _ = play(state, {"type": "play_leaders", "player": BABYLON, "cards": ["warlike_leader"]})
    g = game_for(state)
    picks = {g.variant.phase("leaders").sample(g, BABYLON, Rng(seed_state(f"b{i}"))).city for i in range(12)}
    assert picks == {"babylon", "ur"}
    [f] = [f for f in R.order_forms(state, BABYLON) if f.id == "place_barracks"]
    assert [c.value for c in f.fields[0].choices] == ["babylon", "ur"]
    order = R.form_order(state, BABYLON, "place_barracks", {"city": "ur"})
    assert order == {"type": "place_barracks", "player": BABYLON, "city": "ur"}
    state, _ = play(state, order)
    assert state.variant_state["sites"]["ur"]["active"] == ["barracks"]


@pytest.mark.variant("GI-LEADER-05")
def test_warlike_military_makes_civil_disorder_one_city_worse(grand_imperial):
    """"With all the pluses and minuses": Babylon, with 5 cities and no Military, would lose
    2 cities to Civil Disorder (5 − 3); having played Warlike (Military this turn), 3 (30.713).
    ``leaders.warlike`` tells the calamity slice who played it."""
    board = {a: {"city": "babylon"} for a in ("babylon", "ur", "susa", "nineveh", "mari")}
    board.update({"thebes": {"city": "egypt"}})
    state, _ = at_leaders({BABYLON: ["warlike_leader"]}, board=board)
    assert disorder_count(game_for(state), "babylon") == 2 and not L.warlike(state, "babylon")
    state, _ = play(state, {"type": "play_leaders", "player": BABYLON, "cards": ["warlike_leader"]})
    assert disorder_count(game_for(state), "babylon") == 3
    assert L.warlike(state, "babylon") and L.warlike(game_for(state), "babylon")
    assert not L.warlike(state, "egypt")


# ---- the Civilized Leader (GI-LEADER-04, D18 leader_credit) --------------------------------------
BRONZE = ["bronze"] * 4  # a set of 4 Bronze: 96


def civilized(treasury=30, **egypt):
    """The advances phase: Egypt (cities Thebes, Memphis) holds the Civilized Leader, 4 Bronze
    (96) and ``treasury``."""
    egypt.setdefault("hand", list(BRONZE))
    state, _ = at("advances", {"thebes": "egypt", "memphis": "egypt"},
                  {"egypt": {"treasury": treasury, **egypt}})
    deal(state, EGYPT, "civilized_leader")
    assert check_invariants(state) == []
    return state


@pytest.mark.variant("GI-LEADER-04")
def test_civilized_leader_law_costs_120(grand_imperial):
    """Law (170) with the Civilized Leader's 50 costs 120: Egypt pays 4 Bronze (96) and 24 of
    its 30 treasury; the card is set aside; paying 25 treasury, or naming a card not bought, or
    without the card: refused."""
    state = civilized()
    law = {"cards": ["law"], "pay_cards": BRONZE}
    e = refused(state, buy(**law, treasury=25, leader_credit="law"), "31.41")
    refused(state, buy(**law, treasury=30), "31.2")  # 170 without the credit: 126 short
    e = refused(state, buy(**law, treasury=24, leader_credit="pottery"), "GI-LEADER-04")
    assert "you do not buy Pottery" in str(e)
    state, ev = play(state, buy(**law, treasury=24, leader_credit="law"))
    p = state.players[EGYPT]
    assert "law" in p.civ_cards and p.treasury == 6 and p.hand == []
    assert "civilized_leader" not in p.hand and "civilized_leader" in state.set_aside
    assert "cashes the Civilized Leader: 50 points" in texts(ev)
    assert check_invariants(state) == []
    other = civilized()
    other.players[EGYPT].hand.remove("civilized_leader")
    other.set_aside.append("civilized_leader")
    e = refused(other, buy(**law, treasury=24, leader_credit="law"), "GI-LEADER-04")
    assert "you do not hold the Civilized Leader" in str(e)


@pytest.mark.variant("GI-LEADER-04")
def test_civilized_credit_left_over_is_lost_and_it_pays_a_city_advance(grand_imperial):
    """On Pottery (45) the credit leaves 5 over, lost: Pottery and Law together still cost 170
    (the Law's 170 paid in full: 4 Gold, 144, and 26 treasury). On a City Walls (75,
    Engineering owned): 25 treasury."""
    gold = ["gold"] * 4
    state = civilized(hand=list(gold))
    both = {"cards": ["pottery", "law"], "pay_cards": gold}
    refused(state, buy(**both, treasury=25, leader_credit="pottery"), "31.2")
    state, _ = play(state, buy(**both, treasury=26, leader_credit="pottery"))
    assert state.players[EGYPT].treasury == 4 and {"pottery", "law"} <= set(state.players[EGYPT].civ_cards)

    state = civilized(civ_cards=["engineering"])
    refused(state, buy(advances=[line("city_walls", "thebes", treasury=26)], leader_credit="city_walls"), "31.41")
    refused(state, buy(advances=[line("city_walls", "thebes", treasury=25)]), "GI-TURN-12")
    state, ev = play(state, buy(advances=[line("city_walls", "thebes", treasury=25)], leader_credit="city_walls"))
    assert state.variant_state["sites"]["thebes"]["active"] == ["city_walls"]
    assert state.players[EGYPT].treasury == 5 and "civilized_leader" in state.set_aside
    assert "50 credit of the Civilized Leader" in texts(ev)


@pytest.mark.variant("GI-LEADER-04")
def test_civilized_credit_never_by_timeout_and_the_bot_and_form_may_use_it(grand_imperial):
    """The timeout never cashes it; the random bot's sample sometimes does, always legally; the
    buy form offers the credit and gives ``leader_credit``."""
    state = civilized()
    [d] = [d for d in engine.pending(state) if d.player == EGYPT]
    assert d.options["leader_credit"] == 50 and "law" in d.options["buyable"]
    timed, _ = play(state, {"type": "timeout", "player": EGYPT})
    assert "civilized_leader" in timed.players[EGYPT].hand
    g = game_for(state)
    used = []
    for i in range(40):
        o = GIAdvancesPhase().sample(g, EGYPT, Rng(seed_state(f"civ{i}")))
        if o.leader_credit:
            used.append(o)
            after, _ = play(state, o.to_json())
            assert "civilized_leader" in after.set_aside
    assert used
    [f] = [f for f in R.order_forms(state, EGYPT) if f.id == "buy"]
    field = next(x for x in f.fields if x.name == "leader_credit")
    assert "law" in [c.value for c in field.choices]
    order = R.form_order(state, EGYPT, "buy", {"cards": ["law"], "treasury": 24, "leader_credit": "law"})
    assert order["leader_credit"] == "law"


# ---- buying back an assimilated card (GI-LEADER-03) ----------------------------------------------
@pytest.mark.variant("GI-LEADER-03")
def test_buying_an_assimilated_card_makes_it_score(grand_imperial):
    """Egypt assimilated Astronomy: it owns it, worth 0 points. Buying it (allowed despite
    31.61) for 80 adds its 80 points and it leaves ``assimilated``; it stays owned since the
    turn it was assimilated. A card owned otherwise is still refused (31.61)."""
    state = civilized(civ_cards=["astronomy", "pottery"])
    since = state.players[EGYPT].civ_cards["astronomy"]
    state.variant_state["assimilated"] = {"egypt": ["astronomy"]}
    g = game_for(state)
    assert g.civ_points("egypt") == 45 and check_invariants(state) == []
    refused(state, buy(cards=["pottery"], pay_cards=BRONZE), "31.61")
    [d] = [d for d in engine.pending(state) if d.player == EGYPT]
    assert "astronomy" in d.options["buyable"]
    state, ev = play(state, buy(cards=["astronomy"], pay_cards=BRONZE))
    g = game_for(state)
    assert g.civ_points("egypt") == 125 and state.players[EGYPT].hand == ["civilized_leader"]
    assert "assimilated" not in state.variant_state
    assert state.players[EGYPT].civ_cards["astronomy"] == since
    assert "buys Astronomy, which it had assimilated: it now counts its 80 points" in texts(ev)
    assert check_invariants(state) == []


# ---- the Great Compromiser at sea (GI-LEADER-08) -------------------------------------------------
@pytest.mark.variant("GI-LEADER-08")
def test_a_ship_ending_in_the_pact_partners_area_is_refused(grand_imperial):
    """Crete's empty ship sails Knossos → Rhodes, where Egypt has 2 tokens: refused (GILD-17:
    the ship itself enters); ending in empty Thera it is accepted; unloading into Rhodes was
    refused already (S-19)."""
    state = pact_movement({"knossos": {"tokens": {"crete": 4}}, "rhodes": {"tokens": {"egypt": 2}},
                           "thebes": {"tokens": {"egypt": 1}}}, ships={"crete": ["knossos"]})
    seat = next(p.seat for p in state.players if p.nation == "crete")
    e = refused(state, {"type": "move", "player": seat, "done": "done",
                        "voyages": [{"ship": "knossos", "steps": [["sail", "rhodes"]]}]}, "GI-LEADER-08")
    assert "forbids moving into Rhodes" in str(e)
    state, ev = play(state, {"type": "move", "player": seat, "done": "done",
                             "voyages": [{"ship": "knossos", "steps": [["sail", "thera"]]}]})
    assert ship(state, "crete", 1)["area"] == "thera"


@pytest.mark.variant("GI-LEADER-08")
def test_pact_partners_ships_in_one_area_never_fight(grand_imperial):
    """Crete's and Egypt's Triremes, 3 tokens aboard each, in Rhodes: one contact without a
    pact; with a pact this turn no naval fight starts and both keep their 3 tokens; a pact of
    another turn does not stop it."""
    s = at_sea([("trireme", 3)], [("trireme", 3)])
    assert len(s.step["contacts"]) == 1
    s.variant_state["pacts"] = [{"a": "crete", "b": "egypt", "turn": s.turn + 1}]
    restart(s, "naval")
    assert len(s.step["contacts"]) == 1
    s.variant_state["pacts"] = [{"a": "crete", "b": "egypt", "turn": s.turn}]
    ev = restart(s, "naval")
    assert s.phase != "naval" and "naval_fight" not in [e.kind for e in ev]
    assert ship(s, "crete", 1)["tokens"] == 3 and ship(s, "egypt", 1)["tokens"] == 3
