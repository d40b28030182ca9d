"""tresham/games/advciv/grand_imperial/fleet.py, ships.py, roles.py, movement.py, harvest.py:
Grand Imperial slice 3, ships (docs/variants/grand-imperial.md sections 3.3, 3.10, 6.3 S-5).
Rulings GISH-n: docs/rulings/grand-imperial-ships.md. Numbers: the seed
(001_199a5eef780342bd.txt) and the data (grand_imperial.json ``ships``)."""
from __future__ import annotations

from collections import Counter

import pytest

from tresham.games.advciv import engine, machine
from tresham.games.advciv.bots.random_bot import random_bot
from tresham.games.advciv.grand_imperial import fleet
from tresham.games.advciv.grand_imperial.harvest import harvest
from tresham.games.advciv.grand_imperial.stacks import region_stack
from tresham.games.advciv.grand_imperial.variant import KEY, GrandImperial
from tresham.games.advciv.orders import Timeout
from tresham.games.advciv.phase import TURN
from tresham.games.advciv.variant import VARIANTS, game_for
from tresham.games.advciv.view import information_state, player_view
from tresham.rng import Rng
from tresham.games.advciv.tools.sim import check_invariants

from tests.games.advciv.repeats import already_done
from tests.helpers import play, position, refused, texts

GI = {"variant": KEY, "wem": True}
SIX = ["crete", "egypt", "babylon", "assyria", "asia", "thrace"]
CRETE, EGYPT = 0, 1
#: Assyria's and Asia's hands of three make the trade phase wait, so a game stops there.
HOLD = {"assyria": {"hand": ["hides", "hides", "hides"]}, "asia": {"hand": ["resin", "resin", "resin"]}}


@pytest.fixture
def grand_imperial(monkeypatch):
    """Grand Imperial registered for one test (it is not a built-in variant)."""
    monkeypatch.setitem(VARIANTS, KEY, GrandImperial())
    yield VARIANTS[KEY]


def restart(state, phase):
    """Start ``phase`` afresh on ``state`` (after the test has changed the position) and run
    on until a decision is owed, as the engine does; gives the events."""
    g = game_for(state)
    state.phase, state.step = phase, {}
    g.variant.phase(phase).start(g)
    machine.advance(g)
    g.sync()
    return g.events


def gi_position(board, players=None, ships=None, nations=SIX, hold=True):
    """A Grand Imperial position (board ``full_6p`` for six nations), built in the trade
    phase; the test then changes it and :func:`restart`\\ s the phase it looks at."""
    players = {**(HOLD if hold else {}), **(players or {})}
    state, _ = position(nations=nations, options={**GI, "players": len(nations)}, board=board,
                        players=players, ships=ships or {}, phase="trade")
    return state


def give(state, nation, *cards):
    """``nation`` owns civilization cards bought on turn 0 (the scenario format knows only the
    plain cards)."""
    p = state.player(nation)
    for c in cards:
        p.civ_cards[c] = 0


def ship(state, nation, sid):
    return fleet.ship(state, nation, sid)


def aboard(state, nation, sid, tokens=0, cards=()):
    """Put ``tokens`` of ``nation``'s stock and ``cards`` (taken from their stacks) aboard."""
    rec = ship(state, nation, sid)
    state.player(nation).stock -= tokens
    rec["tokens"] += tokens
    for c in cards:
        for st in state.stacks:
            if c in st:
                st.remove(c)
                break
        rec["cards"].append(c)


# ---- the turn (GI-TURN-04, GI-TURN-05) ------------------------------------------------------------
@pytest.mark.variant("GI-TURN-05")
def test_ship_roles_come_between_the_ships_phase_and_movement(grand_imperial):
    turn = grand_imperial.turn
    assert turn.index("ships") + 1 == turn.index("ship_roles") == turn.index("movement") - 1
    assert [p for p in turn if p in TURN] == list(TURN)  # the plain phases, in their order


@pytest.mark.variant("GI-TURN-05", "GI-SHIP-03")
def test_no_ship_moves_before_every_declaration_is_in(grand_imperial):
    s = gi_position({"knossos": {"tokens": {"crete": 3}}, "tanis": {"tokens": {"egypt": 3}}},
                    players={"crete": {"treasury": 3}, "egypt": {"treasury": 3}},
                    ships={"crete": ["knossos"], "egypt": ["tanis"]})
    give(s, "crete", "navy")
    give(s, "egypt", "navy")
    restart(s, "ship_roles")
    assert s.phase == "ship_roles"
    s, _ = play(s, {"type": "ship_roles", "player": CRETE, "roles": {"1": "warship"}, "pay": {"1": "treasury"}})
    assert s.phase == "ship_roles" and ship(s, "crete", 1)["role"] == "trireme"
    refused(s, {"type": "move", "player": CRETE, "voyages": [{"ship": "knossos", "steps": [["sail", "thera"]]}]})
    s, ev = play(s, Timeout(EGYPT).to_json())
    assert s.phase == "movement"
    assert ship(s, "crete", 1)["role"] == "warship" and ship(s, "egypt", 1)["role"] == "trireme"
    assert s.player("crete").treasury == 2 and s.player("egypt").treasury == 3
    assert "Crete declares ship 1 in Knossos a Warship (1 from treasury)" in texts(ev)


@pytest.mark.variant("GI-SHIP-03")
@pytest.mark.site("SITE-SAFE-10")
def test_the_same_ship_declaration_again_is_already_done(grand_imperial):
    s = gi_position({"knossos": {"tokens": {"crete": 3}}, "tanis": {"tokens": {"egypt": 3}}},
                    players={"crete": {"treasury": 3}, "egypt": {"treasury": 3}},
                    ships={"crete": ["knossos"], "egypt": ["tanis"]})
    give(s, "crete", "navy")
    give(s, "egypt", "navy")
    restart(s, "ship_roles")
    declare = {"type": "ship_roles", "player": CRETE, "roles": {"1": "warship"}, "pay": {"1": "treasury"}}
    s, _ = play(s, declare)
    already_done(s, declare, "this ship declaration is already noted")
    s, ev = play(s, {**declare, "roles": {"1": "trireme"}, "pay": {}})  # a change: taken
    assert "Your ship declaration is noted" in texts(ev)


@pytest.mark.variant("GI-TURN-04", "GI-SHIP-01")
def test_a_ship_built_is_a_trireme_numbered_with_the_lowest_free_id(grand_imperial):
    s = gi_position({"knossos": {"tokens": {"crete": 3}}, "thera": {"tokens": {"crete": 2}}},
                    players={"crete": {"treasury": 6}}, ships={"crete": ["knossos", "thera"]})
    restart(s, "ships")
    assert [r["id"] for r in fleet.records(s, "crete")] == [1, 2]
    # ship 1 is not maintained, ship 2 is (1 from treasury), and a ship is built with 2 from treasury
    s, ev = play(s, {"type": "ships", "player": CRETE, "maintain": [{"area": "thera", "ship": 2, "pay": "treasury"}],
                     "build": [{"area": "knossos", "pay": "treasury"}]})
    recs = fleet.records(s, "crete")
    assert [(r["id"], r["area"], r["role"], r["tokens"], r["cards"]) for r in recs] == \
        [(1, "knossos", "trireme", 0, []), (2, "thera", "trireme", 0, [])]
    assert s.player("crete").treasury == 6 - 1 - 2
    assert sorted(s.board.ships["crete"]) == ["knossos", "thera"]
    assert "Crete builds ship 1, a Trireme, in Knossos (2 from treasury)." in texts(ev)
    assert check_invariants(s) == []


@pytest.mark.variant("GI-TURN-04", "GI-SHIP-02")
def test_upkeep_is_one_token_per_ship_and_a_ship_named_twice_is_refused(grand_imperial):
    s = gi_position({"knossos": {"tokens": {"crete": 3}}}, players={"crete": {"treasury": 5}},
                    ships={"crete": ["knossos", "knossos"]})
    restart(s, "ships")
    bad = {"type": "ships", "player": CRETE, "maintain": [{"area": "knossos", "ship": 1, "pay": "treasury"},
                                                         {"area": "knossos", "ship": 1, "pay": "token"}]}
    assert refused(s, bad, "GI-TURN-04")
    refused(s, {"type": "ships", "player": CRETE, "maintain": [{"area": "thera", "ship": 1, "pay": "treasury"}]},
            "GI-TURN-04")
    s, _ = play(s, {"type": "ships", "player": CRETE, "maintain": [{"area": "knossos", "pay": "treasury"},
                                                                  {"area": "knossos", "pay": "token"}]})
    assert s.player("crete").treasury == 4 and s.board.tokens["knossos"]["crete"] == 2
    assert len(fleet.records(s, "crete")) == 2


@pytest.mark.variant("GI-TURN-04", "GI-SHIP-06")
def test_an_unmaintained_ship_loses_its_cargo_and_a_token_aboard_may_pay_the_upkeep(grand_imperial):
    s = gi_position({"knossos": {"tokens": {"crete": 1}}, "rhodes": {"tokens": {"crete": 1}}},
                    players={"crete": {"treasury": 0}}, ships={"crete": ["knossos", "rhodes"]})
    aboard(s, "crete", 1, tokens=2, cards=["wine"])
    aboard(s, "crete", 2, tokens=3)
    stock = s.player("crete").stock
    restart(s, "ships")
    s, ev = play(s, {"type": "ships", "player": CRETE, "maintain": [{"area": "rhodes", "ship": 2, "pay": "aboard"}]})
    assert fleet.records(s, "crete") == [{"id": 2, "area": "rhodes", "role": "trireme", "tokens": 2, "cards": []}]
    assert s.board.ships["crete"] == ["rhodes"]
    assert s.player("crete").stock == stock + 2 + 1  # ship 1's two tokens, and ship 2's upkeep
    assert s.set_aside.count("wine") == 1
    assert ("Crete's ship 1 in Knossos is not maintained and returns to stock; 2 tokens aboard go to stock "
            "and 1 card aboard is set aside (GIR-16).") in texts(ev)
    assert check_invariants(s) == []


# ---- roles (GI-SHIP-02, GI-SHIP-03, GI-CIV-02, GI-CIV-03) ----------------------------------------
def two_ships(treasury=5, cards=("galleons", "navy", "cloth_making")):
    s = gi_position({"knossos": {"tokens": {"crete": 4}}, "thera": {"tokens": {"crete": 1}}},
                    players={"crete": {"treasury": treasury}, "egypt": {"treasury": 2}},
                    ships={"crete": ["knossos", "thera"], "egypt": ["tanis"]})
    s.board.tokens.setdefault("tanis", {})["egypt"] = 2
    s.player("egypt").stock -= 2
    give(s, "crete", *cards)
    give(s, "egypt", "navy")
    return s


@pytest.mark.variant("GI-SHIP-02")
def test_a_galleon_costs_one_token_in_the_ships_phase_and_one_more_when_declared(grand_imperial):
    s = two_ships(treasury=5)
    restart(s, "ships")
    s, _ = play(s, {"type": "ships", "player": CRETE, "maintain": [{"area": "knossos", "pay": "treasury"},
                                                                  {"area": "thera", "pay": "treasury"}]},
                {"type": "ships", "player": EGYPT, "maintain": [{"area": "tanis", "pay": "treasury"}]})
    assert s.phase == "ship_roles" and s.player("crete").treasury == 3 and s.player("egypt").treasury == 1
    s, _ = play(s, {"type": "ship_roles", "player": CRETE, "roles": {"1": "galleon"}, "pay": {"1": "treasury"}},
                Timeout(EGYPT).to_json())
    assert s.phase == "movement"
    assert s.player("crete").treasury == 2  # 5 -> 3 (two upkeeps) -> 2 (the Galleon's second token)
    assert [r["role"] for r in fleet.records(s, "crete")] == ["galleon", "trireme"]
    assert s.player("egypt").treasury == 1  # a Trireme pays only its one token


@pytest.mark.variant("GI-SHIP-03", "GI-CIV-02", "GI-CIV-03")
def test_a_galleon_needs_the_galleons_card_and_a_warship_navy(grand_imperial):
    s = two_ships(cards=("navy",))
    restart(s, "ship_roles")
    e = refused(s, {"type": "ship_roles", "player": CRETE, "roles": {"1": "galleon"}}, "GI-SHIP-03")
    assert "needs the Galleons card" in e.message
    e = refused(s, {"type": "ship_roles", "player": EGYPT, "roles": {"1": "galleon"}}, "GI-SHIP-03")
    s2 = two_ships(cards=("galleons", "cloth_making"))
    restart(s2, "ship_roles")
    e = refused(s2, {"type": "ship_roles", "player": CRETE, "roles": {"2": "warship"}}, "GI-SHIP-03")
    assert "needs the Navy card" in e.message
    refused(s2, {"type": "ship_roles", "player": CRETE, "roles": {"3": "galleon"}}, "GI-SHIP-03")  # no ship 3
    refused(s2, {"type": "ship_roles", "player": CRETE, "roles": {"1": "galleon"}, "pay": {"1": "aboard"}},
            "GI-SHIP-03")  # nothing aboard
    # the decisions offer what each may declare
    g = game_for(s2)
    offered = {d.player: d.options["roles"] for d in g.variant.phase("ship_roles").pending(g)}
    assert offered == {CRETE: ["trireme", "galleon"], EGYPT: ["trireme", "warship"]}


@pytest.mark.variant("GI-SHIP-03")
def test_declarations_are_sealed_until_all_are_in_and_the_timeout_is_all_triremes(grand_imperial):
    s = two_ships()
    restart(s, "ship_roles")
    s, _ = play(s, {"type": "ship_roles", "player": CRETE, "roles": {"1": "galleon", "2": "warship"},
                    "pay": {"1": "treasury", "2": "token"}})
    other = information_state(s, EGYPT)
    assert "roles" not in other.step or str(CRETE) not in other.step["roles"]
    assert information_state(s, CRETE).step["roles"][str(CRETE)]["roles"] == {"1": "galleon", "2": "warship"}
    assert [r["role"] for r in player_view(s, EGYPT)["variant"]["ships"]["crete"]] == ["trireme", "trireme"]
    assert player_view(s, EGYPT)["phase_view"] == {"waiting": ["egypt"]}
    assert player_view(s, CRETE)["phase_view"]["mine"]["roles"] == {"1": "galleon", "2": "warship"}
    s, _ = play(s, Timeout(EGYPT).to_json())
    seen = player_view(s, EGYPT)["variant"]["ships"]
    assert [r["role"] for r in seen["crete"]] == ["galleon", "warship"] and seen["egypt"][0]["role"] == "trireme"
    assert s.player("crete").treasury == 4 and "thera" not in s.board.tokens
    assert s.player("egypt").treasury == 2


@pytest.mark.variant("GI-SHIP-03", "GI-SHIP-05")
def test_a_ship_over_its_new_roles_capacity_sets_tokens_ashore(grand_imperial):
    s = two_ships()
    ship(s, "crete", 1)["role"] = "galleon"
    aboard(s, "crete", 1, tokens=6, cards=["wine"])
    restart(s, "ship_roles")
    s, ev = play(s, Timeout(CRETE).to_json(), Timeout(EGYPT).to_json())
    rec = ship(s, "crete", 1)
    assert (rec["role"], rec["tokens"], rec["cards"]) == ("trireme", 4, ["wine"])
    assert s.board.tokens["knossos"]["crete"] == 4 + 2
    assert check_invariants(s) == []


# ---- movement (GI-SHIP-04, -05, -06) ------------------------------------------------------------
def at_movement(role="trireme", cards=(), tokens=7, treasury=3, aboard_cards=()):
    s = gi_position({"knossos": {"tokens": {"crete": tokens}}}, players={"crete": {"treasury": treasury}},
                    ships={"crete": ["knossos"]})
    give(s, "crete", *cards)
    ship(s, "crete", 1)["role"] = role
    if aboard_cards:
        aboard(s, "crete", 1, cards=aboard_cards)
    restart(s, "movement")
    assert s.phase == "movement"
    return s


def voyage(*steps, sid=1, start="knossos"):
    return {"type": "move", "player": CRETE, "voyages": [{"ship": start, "id": sid, "steps": [list(x) for x in steps]}],
            "done": "done"}


FOUR = (["sail", "thera"], ["sail", "argos"], ["sail", "sparta"], ["sail", "corinth"])


@pytest.mark.variant("GI-SHIP-04")
def test_a_trireme_enters_three_areas_four_with_cloth_making_and_a_galleon_three(grand_imperial):
    s = at_movement("trireme")
    e = refused(s, voyage(*FOUR), "GI-SHIP-04")
    assert "a Trireme enters at most 3 areas" in e.message
    s2, _ = play(s, voyage(*FOUR[:3]))
    assert ship(s2, "crete", 1)["area"] == "sparta"
    s = at_movement("trireme", cards=("cloth_making",))
    s, _ = play(s, voyage(*FOUR))
    assert ship(s, "crete", 1)["area"] == "corinth"
    s = at_movement("galleon", cards=("cloth_making", "galleons"))
    e = refused(s, voyage(*FOUR), "GI-SHIP-04")
    assert "a Galleon enters at most 3 areas" in e.message
    s = at_movement("warship", cards=("navy",))
    refused(s, voyage(*FOUR), "GI-SHIP-04")


@pytest.mark.variant("GI-SHIP-05")
def test_a_galleon_holds_seven_and_cards_aboard_take_room(grand_imperial):
    s = at_movement("galleon", cards=("cloth_making", "galleons"), tokens=8)
    e = refused(s, voyage(["load", 8], ["sail", "thera"]), "GI-SHIP-05")
    assert "at most 7 tokens and cards" in e.message
    s2, _ = play(s, voyage(["load", 7], ["sail", "thera"]))
    assert ship(s2, "crete", 1)["tokens"] == 7 and s2.board.tokens["knossos"]["crete"] == 1
    s = at_movement("trireme", aboard_cards=("wine", "oil"))
    refused(s, voyage(["load", 4], ["sail", "thera"]), "GI-SHIP-05")
    s, _ = play(s, voyage(["load", 3], ["sail", "thera"]))
    assert ship(s, "crete", 1)["tokens"] == 3 and fleet.load_of(ship(s, "crete", 1)) == 5
    assert check_invariants(s) == []


@pytest.mark.variant("GI-SHIP-06", "GI-SHIP-02", "GI-SHIP-03", "GI-SHIP-04", "GI-CIV-02")
def test_s5_a_galleon_sails_three_and_keeps_two_tokens_aboard_untouched_by_surplus(grand_imperial):
    """S-5: Crete owns Cloth Making and Galleons; 7 tokens and a ship in Knossos, treasury 3."""
    s = gi_position({"knossos": {"tokens": {"crete": 7}}}, players={"crete": {"treasury": 3}},
                    ships={"crete": ["knossos"]})
    give(s, "crete", "cloth_making", "galleons")
    restart(s, "ship_roles")
    s, _ = play(s, {"type": "ship_roles", "player": CRETE, "roles": {"1": "galleon"}, "pay": {"1": "treasury"}})
    assert s.phase == "movement" and s.player("crete").treasury == 2 and ship(s, "crete", 1)["role"] == "galleon"
    refused(s, voyage(["load", 7], *FOUR, ["unload", 5]), "GI-SHIP-04")  # a 4th sail
    aegea = len(region_stack(game_for(s), "aegea"))
    s, ev = play(s, voyage(["load", 7], ["sail", "thera"], ["sail", "argos"], ["sail", "sparta"], ["unload", 5]))
    assert "Crete's ship 1 sails Knossos → Thera → Argos → Sparta, setting down 5 tokens from Knossos to Sparta; " \
           "2 tokens stay aboard." in texts(ev)
    # the game runs on through conflict, cities and surplus to acquisition, where Crete owes a
    # draw plan: his Galleon could harvest (S-5; GI-TRADE-02); the default harvests with it
    assert s.phase == "acquisition"
    assert [(d.player, d.kind, d.options["ships"]) for d in engine.pending(s)] == [(CRETE, "draw_plan", [1])]
    s, _ = play(s, {"type": "timeout", "player": CRETE})
    assert s.phase == "trade"
    rec = ship(s, "crete", 1)
    assert (rec["area"], rec["tokens"]) == ("sparta", 2)
    assert s.board.tokens["sparta"]["crete"] == 1  # surplus removal to Sparta's limit of 1
    assert "knossos" not in s.board.tokens
    # the Galleon in Sparta harvested one Aegean card, face down (GI-SHIP-07)
    assert len(rec["cards"]) == 1 and len(region_stack(game_for(s), "aegea")) == aegea - 1
    assert check_invariants(s) == []
    p = s.player("crete")
    assert 1 + 2 + p.stock + p.treasury == s.options.tokens


@pytest.mark.variant("GI-SHIP-06", "GI-TURN-02", "GI-TURN-03")
def test_tokens_aboard_are_in_no_area_for_growth_and_census(grand_imperial):
    s = gi_position({"knossos": {"tokens": {"crete": 2}}}, ships={"crete": ["knossos"]})
    aboard(s, "crete", 1, tokens=3)
    restart(s, "population")
    assert s.board.tokens["knossos"]["crete"] == 4 and ship(s, "crete", 1)["tokens"] == 3  # 2 grow to 4
    restart(s, "census")
    assert s.player("crete").census == 4  # 4 on land, 3 aboard
    assert check_invariants(s) == []


@pytest.mark.variant("GI-SHIP-06")
def test_a_voyage_may_begin_with_tokens_aboard_and_unload_without_sailing(grand_imperial):
    s = at_movement("trireme", tokens=1)
    aboard(s, "crete", 1, tokens=3)
    s, _ = play(s, voyage(["unload", 2]))
    assert ship(s, "crete", 1)["tokens"] == 1 and s.board.tokens["knossos"]["crete"] == 3
    s = at_movement("trireme", tokens=1)
    refused(s, voyage(["unload", 1]), "23.56")  # nothing aboard
    assert check_invariants(s) == []


# ---- harvesting (GI-SHIP-07) ----------------------------------------------------------------------
@pytest.mark.variant("GI-SHIP-07")
def test_a_trireme_harvests_one_card_face_down_and_a_warship_does_not(grand_imperial):
    s = gi_position({}, ships={"egypt": ["tanis"], "crete": ["rhodes", "knossos"]})
    ship(s, "crete", 1)["role"] = "warship"
    aboard(s, "crete", 2, tokens=5)
    g = game_for(s)
    nile = list(region_stack(g, "nile_basin"))
    aegea = len(region_stack(g, "aegea"))
    harvest(g)
    g.sync()
    assert ship(s, "egypt", 1)["cards"] == [nile[0]]
    assert len(region_stack(g, "nile_basin")) == 14
    assert ship(s, "crete", 1)["cards"] == [] and ship(s, "crete", 2)["cards"] == []  # Warship; no room
    assert len(region_stack(g, "aegea")) == aegea
    assert all(nile[0] not in str(e.data) and g.d.commodities[nile[0]].name not in e.text for e in g.events)
    assert "Egypt's ship 1, a Trireme in Tanis, takes a card face down from the Nile Basin stack" in texts(g.events)
    for seat in range(6):
        assert information_state(s, seat).variant_state["ships"]["egypt"][0]["cards"] == ["hidden"]
    assert player_view(s, EGYPT)["variant"]["ships"]["egypt"][0]["cards"] == 1
    assert check_invariants(s) == []
    # unloaded at a Port (the Port's slice calls it): into the hand, named to the owner only
    got = fleet.cash_in(g, "egypt", 1)
    assert got == [nile[0]] and s.player("egypt").hand.count(nile[0]) == 1 and ship(s, "egypt", 1)["cards"] == []
    private = [e for e in g.events if e.kind == "ship_unloaded_private"]
    assert private and private[0].to == [EGYPT]
    assert check_invariants(s) == []


# ---- records and invariants -----------------------------------------------------------------------
@pytest.mark.variant("GI-SHIP-06", "GI-SHIP-07")
def test_records_agree_with_the_board_and_cargo_counts_in_the_totals(grand_imperial):
    s = gi_position({"knossos": {"tokens": {"crete": 2}}}, ships={"crete": ["knossos"]})
    aboard(s, "crete", 1, tokens=2, cards=["wine"])
    assert check_invariants(s) == []
    bad = s.copy()
    bad.board.ships["crete"] = ["thera"]
    assert any("ship records in ['knossos'] but ships on the board in ['thera']" in v for v in check_invariants(bad))
    bad = s.copy()
    fleet.ship(bad, "crete", 1)["cards"] = []
    assert any("trade cards not conserved" in v and "'wine': -1" in v for v in check_invariants(bad))
    bad = s.copy()
    fleet.ship(bad, "crete", 1)["tokens"] = 3
    assert any("crete:" in v and "tokens" in v for v in check_invariants(bad))


# ---- the new civilization cards (GI-CIV-01..03) ----------------------------------------------
def at_advances(civ=()):
    """Crete, in the advances phase, with 4 Gold (4 x 4 x 9 = 144) and 6 in treasury: 150."""
    s, _ = position(nations=SIX, options={**GI, "players": 6}, board={"knossos": {"tokens": {"crete": 1}}},
                    players={"crete": {"treasury": 6, "hand": ["gold"] * 4, "civ_cards": list(civ)}},
                    phase="advances")
    return s


def buy(card, treasury):
    return {"type": "buy", "player": CRETE, "cards": [card], "pay_cards": ["gold"] * 4, "treasury": treasury}


@pytest.mark.variant("GI-CIV-01", "GI-CIV-03")
def test_navy_costs_150_from_the_start_with_no_credits(grand_imperial):
    g = game_for(at_advances())
    navy, galleons = g.d.civ_cards["navy"], g.d.civ_cards["galleons"]
    assert (navy.cost, navy.groups, navy.prerequisite, navy.credits) == (150, ("civics",), None, {})
    assert (galleons.cost, galleons.groups, galleons.prerequisite) == (150, ("civics",), "cloth_making")
    # many cards owned give it no credit (GIR-08): 144 + 5 is refused, 144 + 6 buys it
    s = at_advances(civ=["pottery", "law", "cloth_making", "mysticism", "literacy", "agriculture"])
    assert refused(s, buy("navy", 5), "31.2")
    s, _ = play(s, buy("navy", 6))
    p = s.player("crete")
    assert "navy" in p.civ_cards and p.treasury == 0 and p.hand.count("gold") == 0


@pytest.mark.variant("GI-CIV-01", "GI-CIV-02")
def test_galleons_need_cloth_making(grand_imperial):
    s = at_advances()
    assert refused(s, buy("galleons", 6), "31.62")
    s = at_advances(civ=["cloth_making"])
    s, _ = play(s, buy("galleons", 6))
    assert "galleons" in s.player("crete").civ_cards and s.player("crete").treasury == 0


# ---- the random bot ---------------------------------------------------------------------------------
@pytest.mark.variant("GI-TURN-04", "GI-TURN-05", "GI-SHIP-03", "GI-SHIP-06")
@pytest.mark.parametrize("seed", range(4))
def test_random_bots_play_ships_roles_and_voyages_legally(grand_imperial, seed):
    """Three turns from a position with Galleons and Navy held: every random sample is taken,
    the invariants hold after every order."""
    s = gi_position({"knossos": {"tokens": {"crete": 9}}, "tanis": {"tokens": {"egypt": 6}},
                     "rhodes": {"tokens": {"crete": 2}}, "alexandria": {"tokens": {"egypt": 3}}},
                    players={"crete": {"treasury": 12}, "egypt": {"treasury": 9}},
                    ships={"crete": ["knossos", "rhodes"], "egypt": ["tanis", "alexandria"]}, hold=False)
    give(s, "crete", "cloth_making", "galleons", "navy")
    give(s, "egypt", "navy")
    aboard(s, "crete", 1, tokens=2)
    restart(s, "ships")
    rng = Rng(seed)
    kinds: Counter = Counter()
    for _ in range(400):
        if s.finished or s.turn > 4:
            break
        owed = [d for d in engine.pending(s) if d.required]
        if not owed:
            break
        d = owed[0]
        o = random_bot(s, d.player, rng)
        kinds[o["type"]] += 1
        s, _ = play(s, o)  # a refused sample raises here
        assert check_invariants(s) == []
    assert kinds["ship_roles"] >= 2 and kinds["ships"] >= 2 and kinds["move"] >= 2


# ---- naval conflict (slice 4: GI-TURN-06, GI-SEA-01..06) ------------------------------------------
from tresham.games.advciv.grand_imperial.naval_conflict import naval_losses  # noqa: E402


def at_sea(crete, egypt, crete_cards=(), egypt_cards=(), area="rhodes", extra=None):
    """Crete's and Egypt's ships in ``area``: each side a list of (role, tokens aboard);
    ``extra``: more nations' ships there, nation -> [(role, tokens)]. Phase ``naval``."""
    ships = {"crete": [area] * len(crete), "egypt": [area] * len(egypt)}
    for n, recs in (extra or {}).items():
        ships[n] = [area] * len(recs)
    s = gi_position({}, ships=ships)
    for n, recs in (("crete", crete), ("egypt", egypt), *(extra or {}).items()):
        for i, (role, tokens) in enumerate(recs, start=1):
            ship(s, n, i)["role"] = role
            aboard(s, n, i, tokens=tokens)
    if crete_cards:
        aboard(s, "crete", 1, cards=crete_cards)
    if egypt_cards:
        aboard(s, "egypt", 1, cards=egypt_cards)
    st = region_stack(game_for(s), "aegea")  # so that nothing is harvested in Rhodes afterwards
    s.set_aside.extend(st)
    st.clear()
    restart(s, "naval")
    return s


def engage(seat, against, fight=True, stop_after=None, area="rhodes"):
    return {"type": "naval_engage", "player": seat, "area": area, "against": against, "fight": fight,
            "stop_after": stop_after}


@pytest.mark.variant("GI-TURN-06")
def test_naval_conflict_comes_after_movement_and_before_land_conflict(grand_imperial):
    turn = grand_imperial.turn
    assert turn.index("movement") + 1 == turn.index("naval") == turn.index("conflict") - 1


@pytest.mark.variant("GI-SEA-02")
def test_waves_fewest_tokens_first_and_a_warship_last():
    # S-6: Warship 4 against Trireme 4: the Trireme removes first each wave; after 4 waves the Warship has 1
    assert naval_losses({"w": ("crete", 4, True), "t": ("egypt", 4, False)}, None) == ({"w": 3, "t": 4}, 4)
    # Warship 3 against Trireme 4: the Trireme wins with 1
    assert naval_losses({"w": ("crete", 3, True), "t": ("egypt", 4, False)}, None) == ({"w": 3, "t": 3}, 3)
    # no Warship: 2 against 3, the one with 2 removes first and is emptied first (3 -> 1)
    assert naval_losses({"a": ("crete", 2, False), "b": ("egypt", 3, False)}, None) == ({"a": 2, "b": 1}, 2)
    # equal tokens remove together
    assert naval_losses({"a": ("crete", 2, False), "b": ("egypt", 2, False)}, None) == ({"a": 2, "b": 2}, 2)
    # broken off after the first wave
    assert naval_losses({"a": ("crete", 3, False), "b": ("egypt", 5, False)}, 1) == ({"a": 1, "b": 1}, 1)


@pytest.mark.variant("GI-SEA-01", "GI-SEA-02", "GI-SEA-04", "GI-SEA-05")
def test_s6_a_warship_wins_takes_the_cards_and_sinks_free(grand_imperial):
    # the design's Trireme with 4 tokens and 2 cards would hold 6, over its 5: a Galleon (GISH-9)
    s = at_sea([("warship", 4)], [("galleon", 4)], egypt_cards=["papyrus", "salt"])
    assert s.phase == "naval"
    stock = {n: s.player(n).stock for n in ("crete", "egypt")}
    s, ev = play(s, engage(CRETE, "egypt"), Timeout(EGYPT).to_json())
    assert "4 waves" in texts(ev) and s.step["spoils"]["max_take"] == 2
    s, ev = play(s, Timeout(CRETE).to_json())
    rec = ship(s, "crete", 1)
    assert rec["tokens"] == 1 and sorted(rec["cards"]) == ["papyrus", "salt"]
    assert fleet.records(s, "egypt") == [] and "egypt" not in s.board.ships
    assert s.player("egypt").stock == stock["egypt"] + 4 and s.player("crete").stock == stock["crete"] + 3
    assert "sinks ship 1 (free)" in texts(ev)
    assert check_invariants(s) == []


@pytest.mark.variant("GI-SEA-01")
def test_no_fight_when_both_say_no_and_answers_are_sealed(grand_imperial):
    s = at_sea([("trireme", 3)], [("trireme", 3)])
    s, _ = play(s, engage(CRETE, "egypt", fight=False))
    assert str(CRETE) not in information_state(s, EGYPT).step.get("engage", {})
    seen = player_view(s, EGYPT)["phase_view"]
    assert seen["waiting"] == ["egypt"] and "mine" not in seen
    assert seen["contacts"] == [{"area": "rhodes", "a": "crete", "b": "egypt"}] or \
        seen["contacts"] == [{"area": "rhodes", "a": "egypt", "b": "crete"}]
    s, ev = play(s, engage(EGYPT, "crete", fight=False))
    assert s.phase != "naval" and ship(s, "crete", 1)["tokens"] == 3 and ship(s, "egypt", 1)["tokens"] == 3
    assert "do not fight at sea in Rhodes" in texts(ev)
    refused(at_sea([("trireme", 3)], [("trireme", 3)]), engage(CRETE, "egypt", area="knossos"), "GI-SEA-01")


@pytest.mark.variant("GI-SEA-03")
def test_s7_the_faster_side_breaks_off_and_the_slower_cannot(grand_imperial):
    s = at_sea([("galleon", 5)], [("trireme", 3)])
    give(s, "egypt", "cloth_making")  # Egypt's Trireme moves 4, Crete's Galleon 2 (3 with Cloth Making)
    give(s, "crete", "galleons")
    s, ev = play(s, engage(EGYPT, "crete", fight=False, stop_after=1), engage(CRETE, "egypt"))
    assert (ship(s, "egypt", 1)["tokens"], ship(s, "crete", 1)["tokens"]) == (2, 4)
    assert "broken off after wave 1 (GI-SEA-03)" in texts(ev) and s.phase != "naval"
    s = at_sea([("galleon", 5)], [("trireme", 3)])
    give(s, "egypt", "cloth_making")
    s, ev = play(s, engage(CRETE, "egypt", stop_after=1), engage(EGYPT, "crete", fight=False))
    assert "only the faster side (Egypt) may break off (GI-SEA-03)" in texts(ev)
    assert ship(s, "egypt", 1)["tokens"] == 0 and ship(s, "crete", 1)["tokens"] == 3


@pytest.mark.variant("GI-SEA-04")
def test_the_winner_takes_no_more_than_his_free_room(grand_imperial):
    s = at_sea([("trireme", 3)], [("trireme", 1)], crete_cards=["wine"],
               egypt_cards=["papyrus", "salt", "oil", "spices"])
    s, _ = play(s, engage(CRETE, "egypt"), Timeout(EGYPT).to_json())
    # Egypt's 1 token goes first; Crete keeps 3 tokens and 1 card: 1 free place
    assert s.step["spoils"]["max_take"] == 1
    e = refused(s, {"type": "naval_spoils", "player": CRETE, "take": 2}, "GI-SEA-04")
    assert "at most 1" in e.message
    before = Counter(s.set_aside)
    s, _ = play(s, {"type": "naval_spoils", "player": CRETE, "take": 1, "rest": "discard", "sink": False})
    assert len(ship(s, "crete", 1)["cards"]) == 2 and ship(s, "egypt", 1)["cards"] == []
    assert sum((Counter(s.set_aside) - before).values()) == 3
    assert check_invariants(s) == []


@pytest.mark.variant("GI-SEA-05")
def test_a_trireme_sinks_a_warship_with_its_last_token(grand_imperial):
    s = at_sea([("trireme", 2)], [("warship", 1)], egypt_cards=["gold"])
    s, _ = play(s, engage(CRETE, "egypt"), Timeout(EGYPT).to_json())
    assert ship(s, "crete", 1)["tokens"] == 1 and ship(s, "egypt", 1)["tokens"] == 0
    assert s.step["spoils"]["free_sink"] is False
    s, ev = play(s, {"type": "naval_spoils", "player": CRETE, "take": 1, "rest": "leave", "sink": True})
    rec = ship(s, "crete", 1)
    assert (rec["tokens"], rec["cards"]) == (0, ["gold"]) and fleet.records(s, "egypt") == []
    assert "sinks ship 1 (1 token)" in texts(ev)
    # by default a sinking that costs a token is not made
    s = at_sea([("trireme", 2)], [("warship", 1)])
    s, _ = play(s, engage(CRETE, "egypt"), Timeout(EGYPT).to_json(), Timeout(CRETE).to_json())
    assert len(fleet.records(s, "egypt")) == 1 and ship(s, "crete", 1)["tokens"] == 1


@pytest.mark.variant("GI-SEA-06")
def test_empty_ships_lose_at_once_or_do_not_fight(grand_imperial):
    s = at_sea([("trireme", 2)], [("trireme", 0)], egypt_cards=["oil"])
    s, ev = play(s, engage(CRETE, "egypt"), Timeout(EGYPT).to_json())
    assert "0 waves" in texts(ev) and s.step["spoils"]["max_take"] == 1
    s = at_sea([("trireme", 0)], [("trireme", 0)])
    s, ev = play(s, engage(CRETE, "egypt"), engage(EGYPT, "crete"))
    assert "there is no fight (GIR-23)" in texts(ev) and len(fleet.records(s, "egypt")) == 1


@pytest.mark.variant("GI-SEA-06")
def test_three_nations_fight_pair_by_pair_in_census_order(grand_imperial):
    s = at_sea([("trireme", 3)], [("trireme", 2)], extra={"babylon": [("trireme", 1)]})
    g = game_for(s)
    census = [p.nation for p in g.census_order()]
    pairs = [(c["a"], c["b"]) for c in s.step["contacts"]]
    assert len(pairs) == 3 and all(census.index(a) < census.index(b) for a, b in pairs)
    assert pairs == sorted(pairs, key=lambda ab: (census.index(ab[0]), census.index(ab[1])))
    for seat in (0, 1, 2):
        while any(d.player == seat and d.kind == "naval_engage" for d in engine.pending(s)):
            s, _ = play(s, Timeout(seat).to_json())
    assert s.phase != "naval" and check_invariants(s) == []


@pytest.mark.variant("GI-TURN-06", "GI-SEA-01")
@pytest.mark.parametrize("seed", range(4))
def test_random_bots_fight_at_sea_legally(grand_imperial, seed):
    s = at_sea([("warship", 3), ("trireme", 2)], [("trireme", 3)], egypt_cards=["oil", "salt"],
               extra={"babylon": [("trireme", 1)]})
    rng = Rng(seed)
    while s.phase == "naval":
        d = next(d for d in engine.pending(s) if d.required)
        s, _ = play(s, random_bot(s, d.player, rng))
        assert check_invariants(s) == []


@pytest.mark.variant("GI-TURN-06")
def test_the_naval_fight_in_rhodes_is_logged_before_the_land_conflict_in_knossos(grand_imperial):
    s = gi_position({"knossos": {"tokens": {"crete": 2, "egypt": 2}}}, ships={"crete": ["rhodes"], "egypt": ["rhodes"]})
    aboard(s, "crete", 1, tokens=2)
    aboard(s, "egypt", 1, tokens=2)
    restart(s, "naval")
    s, ev = play(s, engage(CRETE, "egypt"), Timeout(EGYPT).to_json())
    kinds = [e.kind for e in ev]
    sea = kinds.index("naval_fight")
    land = next(i for i, e in enumerate(ev) if e.data.get("area") == "knossos")
    assert sea < land
    assert sum(s.board.tokens.get("knossos", {}).values()) <= 3  # the land conflict was fought


@pytest.mark.variant("GI-SEA-06")
def test_nations_under_a_compromisers_pact_never_fight_at_sea(grand_imperial):
    s = at_sea([("trireme", 3)], [("trireme", 3)])
    assert len(s.step["contacts"]) == 1
    s.variant_state["pacts"] = [{"a": "crete", "b": "egypt", "turn": s.turn}]
    restart(s, "naval")
    assert s.phase != "naval"
    assert ship(s, "crete", 1)["tokens"] == 3 and ship(s, "egypt", 1)["tokens"] == 3


# ---- forms (EP-12: D3, D4, D5, D6, D7) --------------------------------------------------------------
from tresham.games import registry  # noqa: E402

R = registry.get("advciv")


def form_of(s, seat, fid):
    return next(f for f in R.order_forms(s, seat) if f.id == fid)


@pytest.mark.variant("GI-SHIP-03")
def test_the_role_form_declares_and_pays(grand_imperial):
    s = two_ships()
    restart(s, "ship_roles")
    f = form_of(s, CRETE, "ship_roles")
    assert [x.name for x in f.fields] == ["role1", "pay1", "role2", "pay2"]
    assert [c.value for c in f.fields[0].choices] == ["trireme", "galleon", "warship"]
    assert R.form_order(s, CRETE, "ship_roles", {"role1": "trireme", "pay1": "treasury", "role2": "trireme",
                                                 "pay2": "treasury"}) == {"type": "ship_roles", "player": CRETE,
                                                                          "roles": {}, "pay": {}}
    o = R.form_order(s, CRETE, "ship_roles", {"role1": "galleon", "pay1": "token", "role2": "trireme",
                                              "pay2": "treasury"})
    assert o == {"type": "ship_roles", "player": CRETE, "roles": {"1": "galleon"}, "pay": {"1": "token"}}
    s, _ = play(s, o, Timeout(EGYPT).to_json())
    assert ship(s, "crete", 1)["role"] == "galleon" and s.board.tokens["knossos"]["crete"] == 3


@pytest.mark.variant("GI-TURN-04")
def test_the_ships_form_keeps_ships_by_number_and_pays_from_aboard(grand_imperial):
    s = gi_position({"knossos": {"tokens": {"crete": 1}}}, players={"crete": {"treasury": 2}},
                    ships={"crete": ["knossos", "knossos"]})
    aboard(s, "crete", 2, tokens=2)
    restart(s, "ships")
    f = form_of(s, CRETE, "ships")
    assert [c.value for c in f.fields[1].choices] == ["treasury", "token", "aboard"]
    o = R.form_order(s, CRETE, "ships", {"keep1": None, "keep2": "aboard", "build": {}})
    assert o["maintain"] == [{"area": "knossos", "ship": 2, "pay": "aboard"}]
    s, _ = play(s, o)
    assert [r["id"] for r in fleet.records(s, "crete")] == [2] and ship(s, "crete", 2)["tokens"] == 1


@pytest.mark.variant("GI-SHIP-06")
def test_the_voyage_form_names_the_ship_and_leaves_tokens_aboard(grand_imperial):
    s = at_movement("trireme", tokens=4)
    f = form_of(s, CRETE, "move.voyage")
    assert [c.value for c in f.fields[0].choices] == ["knossos|1"]
    assert [x.name for x in f.fields].count("sail4") == 0  # a Trireme enters 3 areas
    o = R.form_order(s, CRETE, "move.voyage", {"ship": "knossos|1", "load": 3, "sail1": "thera", "unload": 1})
    assert o["voyages"] == [{"ship": "knossos", "id": 1, "steps": [["load", 3], ["sail", "thera"], ["unload", 1]]}]
    s, _ = play(s, o)
    s, _ = play(s, R.form_order(s, CRETE, "move.done", {"done": "done"}))
    assert ship(s, "crete", 1)["area"] == "thera" and ship(s, "crete", 1)["tokens"] == 2


@pytest.mark.variant("GI-SEA-01", "GI-SEA-04")
def test_the_sea_fight_forms(grand_imperial):
    s = at_sea([("warship", 4)], [("galleon", 4)], egypt_cards=["papyrus", "salt"])
    f = form_of(s, CRETE, "naval_engage")
    assert R.form_order(s, CRETE, "naval_engage", {"fight": "yes", "stop_after": 0}) == engage(CRETE, "egypt")
    s, _ = play(s, engage(CRETE, "egypt"), R.form_order(s, EGYPT, "naval_engage", {"fight": "no", "stop_after": 2}))
    f = form_of(s, CRETE, "naval_spoils")
    assert (f.fields[0].max, f.fields[0].value, f.fields[2].value) == (2, 2, "yes")
    s, _ = play(s, R.form_order(s, CRETE, "naval_spoils", {"take": 1, "rest": "discard", "sink": "yes"}))
    assert len(ship(s, "crete", 1)["cards"]) == 1 and fleet.records(s, "egypt") == []


# ---- bad input ------------------------------------------------------------------------------------------
@pytest.mark.variant("GI-SHIP-03", "GI-SHIP-06", "GI-SEA-01", "GI-SEA-04")
def test_orders_naming_what_is_not_there_are_refused(grand_imperial):
    s = two_ships()
    restart(s, "ship_roles")
    refused(s, {"type": "ship_roles", "player": CRETE, "roles": {"5": "galleon"}}, "GI-SHIP-03")
    refused(s, {"type": "ship_roles", "player": CRETE, "roles": {"1": "pirate"}}, "GI-SHIP-03")
    refused(s, {"type": "ship_roles", "player": CRETE, "roles": {"2": "trireme"}, "pay": {"2": "treasury"}},
            "GI-SHIP-03")  # a Trireme pays nothing more
    refused(s, {"type": "ship_roles", "player": 3, "roles": {}}, "GI-SHIP-03")  # Assyria owes nothing
    s = at_movement("trireme")
    refused(s, voyage(["sail", "thera"], sid=2), "23.1")  # no ship 2
    refused(s, voyage(["sail", "thera"], start="thera"), "23.1")  # ship 1 is in Knossos
    s = at_sea([("warship", 4)], [("trireme", 1)], egypt_cards=["oil"])
    refused(s, engage(CRETE, "babylon"), "GI-SEA-01")
    refused(s, {"type": "naval_spoils", "player": CRETE, "take": 0}, "GI-SEA-04")  # no fight yet
    s, _ = play(s, engage(CRETE, "egypt"), engage(EGYPT, "crete", fight=False))
    refused(s, engage(CRETE, "egypt"), "GI-SEA-01")  # answered already
    refused(s, {"type": "naval_spoils", "player": EGYPT, "take": 0}, "GI-SEA-04")  # Egypt lost


# ---- the heuristic bot (design 5.3) ---------------------------------------------------------------
from tresham.games.advciv.bots.heuristic import heuristic_bot  # noqa: E402


@pytest.mark.variant("GI-SHIP-03", "GI-SEA-01", "GI-SEA-04")
def test_the_heuristic_bot_declares_a_galleon_to_carry_seven_and_fights_only_to_win(grand_imperial):
    s = gi_position({"knossos": {"tokens": {"crete": 7}}}, players={"crete": {"treasury": 3}},
                    ships={"crete": ["knossos"]})
    give(s, "crete", "cloth_making", "galleons")
    restart(s, "ship_roles")
    assert heuristic_bot(s, CRETE, Rng(0)) == {"type": "ship_roles", "player": CRETE, "roles": {"1": "galleon"},
                                               "pay": {"1": "treasury"}}
    s = at_sea([("warship", 4)], [("galleon", 4)], egypt_cards=["papyrus", "salt"])
    assert heuristic_bot(s, CRETE, Rng(0))["fight"] is True
    assert heuristic_bot(s, EGYPT, Rng(0))["fight"] is False
    s, _ = play(s, heuristic_bot(s, CRETE, Rng(0)), heuristic_bot(s, EGYPT, Rng(0)))
    assert heuristic_bot(s, CRETE, Rng(0)) == {"type": "naval_spoils", "player": CRETE, "take": 2, "rest": "leave",
                                               "sink": True}


@pytest.mark.variant("GI-SHIP-06")
def test_tokens_aboard_keep_a_nation_in_the_game(grand_imperial):
    """Ruling R-EXTINCT ends a game with no unit on the board; tokens aboard ships are units."""
    s = gi_position({}, ships={"crete": ["knossos"]})  # no token on the board: the trade phase waits
    assert not s.finished and s.phase == "trade"
    aboard(s, "crete", 1, tokens=2)
    g = game_for(s)
    s.turn = 3
    machine.new_turn(g)
    assert not s.finished and s.turn == 4
    fleet.ship(s, "crete", 1)["tokens"] = 0
    s.player("crete").stock += 2
    machine.new_turn(g)
    assert s.finished
