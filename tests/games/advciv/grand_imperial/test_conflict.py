"""Grand Imperial slice 7 in part (the parts that need no ships): city advances in land
conflict (``grand_imperial/conflict.py``, ``sites.py``, ``ast.py``; design 3.11, 3.12, worked
scenario S-14): Militia, Barracks, the damage and decay of a site, raze or keep (D8), the
captured capital, restoring a flipped advance. Rulings GIA-n:
docs/rulings/grand-imperial-advances.md."""
from __future__ import annotations

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.grand_imperial import sites
from tresham.games.advciv.grand_imperial.variant import KEY, GrandImperial
from tresham.games.advciv.variant import VARIANTS, game_for
from tresham.rng import Rng
from tresham.games.advciv.tools.sim import check_invariants

from tests.helpers import play, position, refused, texts

GI = {"variant": KEY, "wem": True}
EAST = ["egypt", "babylon", "assyria", "asia"]
BABYLON, ASSYRIA = 1, 2


@pytest.fixture
def grand_imperial(monkeypatch):
    monkeypatch.setitem(VARIANTS, KEY, GrandImperial())
    yield VARIANTS[KEY]


def site(owner, *active, flipped=(), decay=None):
    return {"owner": owner, "active": list(active), "flipped": list(flipped), "decay": decay}


def conflict(board, site_map, players=None, luxury=None):
    """A conflict-phase position of the four eastern nations: ``board`` as a scenario's,
    ``site_map`` {area: site}."""
    vs = {"sites": site_map}
    if luxury:
        vs["luxury"] = luxury
    return position(nations=EAST, options={**GI, "players": 4}, board=board, players=players or {},
                    phase="conflict", variant_state=vs)


def events_of(ev, kind):
    return [e for e in ev if e.kind == kind]


# ---- GI-CITYADV-01: Militia -------------------------------------------------------------------
@pytest.mark.variant("GI-CITYADV-01")
@pytest.mark.parametrize("engineering, replaced", [(False, 7), (True, 6)])
def test_an_attacked_militia_city_is_replaced_by_one_token_more(grand_imperial, engineering, replaced):
    """Babylon's Ur (Militia) attacked by 7 Assyrian tokens: 7 tokens replace it (plain 6);
    against an Engineering attacker 6 (plain 5)."""
    _, ev = conflict({"ur": {"city": "babylon", "tokens": {"assyria": 7}}}, {"ur": site("babylon", "militia")},
                     {"assyria": {"civ_cards": ["engineering"] if engineering else []}})
    [e] = events_of(ev, "conflict_city_attacked")
    assert e.data["replacement"] == replaced


@pytest.mark.variant("GI-CITYADV-01")
def test_a_militia_is_paid_with_bronze_or_iron_sets_or_treasury_only(grand_imperial):
    state, _ = position(nations=EAST, options={**GI, "players": 4}, board={"ur": {"city": "babylon"}},
                        players={"babylon": {"hand": ["salt"] * 3, "treasury": 30, "civ_cards": ["metalworking"]},
                                 "assyria": {"treasury": 50}},  # Assyria owes a purchase: the phase waits
                        phase="advances")
    refused(state, {"type": "buy", "player": BABYLON, "advances": [
        {"advance": "militia", "city": "ur", "pay_cards": ["salt"] * 3}]}, "GI-CITYADV-01")
    state, _ = play(state, {"type": "buy", "player": BABYLON, "advances": [
        {"advance": "militia", "city": "ur", "treasury": 25}]})
    assert sites.has(state, "ur", "militia") and state.players[BABYLON].treasury == 5


# ---- GI-CITYADV-19: Barracks ------------------------------------------------------------------
@pytest.mark.variant("GI-CITYADV-19")
@pytest.mark.parametrize("assyrian_barracks, losses", [(False, {"babylon": 2, "assyria": 3}),
                                                       (True, {"babylon": 3, "assyria": 3})])
def test_a_barracks_owner_removes_last_in_its_radius(grand_imperial, assyrian_barracks, losses):
    """Charax (limit 3), 4 Babylonian against 4 Assyrian tokens. Babylon's Barracks next door
    (Babylon) reaches it: Assyria removes first each round; Babylon loses 2, Assyria 3 (2
    against 1 left; plain: 3 each). With an Assyrian Barracks in Ur (also next to Charax)
    both remove together: 3 each (GIR-43)."""
    board = {"charax": {"tokens": {"babylon": 4, "assyria": 4}}, "babylon": {"city": "babylon"},
             "ur": {"city": "assyria"}}
    sm = {"babylon": site("babylon", "barracks")}
    if assyrian_barracks:
        sm["ur"] = site("assyria", "barracks")
    _, ev = conflict(board, sm)
    [e] = [e for e in events_of(ev, "conflict") if e.data["area"] == "charax"]
    assert e.data["losses"] == losses


# ---- GI-CARULE-04: damage and decay -----------------------------------------------------------
def attacked_ur(advances, attackers=10, **kw):
    """Babylon's Ur (limit 3) with ``advances``, attacked by ``attackers`` Assyrian tokens: the
    6 replacement tokens all fall (10 attackers clear the area, 5 are left)."""
    return conflict({"ur": {"city": "babylon", "tokens": {"assyria": attackers}}},
                    {"ur": site("babylon", *advances)}, **kw)


@pytest.mark.variant("GI-CARULE-04")
def test_an_attacked_city_flips_one_advance_and_the_site_decays_each_turn(grand_imperial):
    """A city with 3 advances destroyed by an attack: 1 flipped, 2 active, the site decaying.
    End of that turn: the flipped one removed, another flipped (1 active, 1 flipped); a turn
    later 0 active, 1 flipped; then the site is empty and gone."""
    state, ev = attacked_ur(["granary", "college", "library"], attackers=7)
    s = state.variant_state["sites"]["ur"]
    assert len(s["active"]) == 2 and len(s["flipped"]) == 1 and s["decay"] == "flip"
    assert "ur" not in state.board.cities and check_invariants(state) == []
    g = game_for(state)
    sites.decay(g)
    assert (len(s["active"]), len(s["flipped"])) == (1, 1)
    sites.decay(g)
    assert (len(s["active"]), len(s["flipped"])) == (0, 1)
    sites.decay(g)
    assert "sites" not in state.variant_state
    assert len(events_of(g.events, "advances_lost")) == 3


@pytest.mark.variant("GI-CARULE-04")
def test_a_rebuilt_city_has_its_advances_back_and_restores_a_flipped_one_at_half_price(grand_imperial):
    """Babylon rebuilds Ur on its decaying site (College face up, Library flipped): the decay
    stops, both are his again; the Library (200) is restored for 100 in the advances phase
    (4 Gold, 144, pay it); a face-up one cannot be restored."""
    state, _ = position(nations=EAST, options={**GI, "players": 4}, board={},
                        players={"babylon": {"hand": ["gold"] * 4}}, phase="conflict",
                        variant_state={"sites": {"ur": site("babylon", "college", flipped=["library"],
                                                            decay="flip")}})
    g = game_for(state)
    g.place_city("babylon", "ur")
    assert state.variant_state["sites"]["ur"] == site("babylon", "college", flipped=["library"])
    assert check_invariants(state) == []
    state.phase = "advances"
    g = game_for(state)
    g.variant.phase("advances").start(g)
    d = [x for x in engine.pending(state) if x.player == BABYLON]
    assert d and d[0].options["advances"]["restore:library"] == ["ur"]
    refused(state, {"type": "buy", "player": BABYLON, "advances": [
        {"advance": "college", "city": "ur", "restore": True, "pay_cards": ["gold"] * 4}]}, "GI-CARULE-04")
    state, ev = play(state, {"type": "buy", "player": BABYLON, "advances": [
        {"advance": "library", "city": "ur", "restore": True, "pay_cards": ["gold"] * 4}]})
    assert state.variant_state["sites"]["ur"] == site("babylon", "college", "library")
    assert "Babylon restores the Library in Ur at half price (100)." in texts(ev)


@pytest.mark.variant("GI-CARULE-04")
def test_a_city_built_by_another_nation_on_a_decaying_site_finds_its_advances_lost(grand_imperial):
    state, _ = position(nations=EAST, options={**GI, "players": 4}, board={}, phase="conflict",
                        variant_state={"sites": {"ur": site("babylon", "college", decay="flip")}})
    g = game_for(state)
    g.place_city("assyria", "ur")
    assert "sites" not in state.variant_state


# ---- GI-CARULE-05: raze or keep (D8) ----------------------------------------------------------
@pytest.mark.variant("GI-CARULE-05")
def test_the_attacker_who_clears_the_area_razes_two_advances_for_six_tokens(grand_imperial):
    """10 Assyrians clear Ur (College, Library): Assyria owes a pillage and a raze_advances
    decision; razing moves 3 × 2 = 6 tokens from his stock to treasury and empties the site."""
    state, _ = attacked_ur(["college", "library"])
    assert state.board.tokens["ur"] == {"assyria": 5}
    kinds = sorted(d.kind for d in engine.pending(state) if d.player == ASSYRIA)
    assert kinds == ["pillage", "raze_advances"]
    raze = next(d for d in engine.pending(state) if d.kind == "raze_advances")
    assert raze.options == {"area": "ur", "advances": raze.options["advances"], "tokens": 6}
    before = state.players[ASSYRIA].treasury
    state, ev = play(state, {"type": "raze_advances", "player": ASSYRIA, "area": "ur", "raze": True})
    assert state.players[ASSYRIA].treasury == before + 6 and "sites" not in state.variant_state
    assert check_invariants(state) == []


@pytest.mark.variant("GI-CARULE-05")
def test_kept_advances_go_to_the_city_the_attacker_builds_there(grand_imperial):
    """Keep: the site is Assyria's, still decaying; the city he builds in Ur has them (the
    flipped one to restore). A Babylonian who has not cleared is not asked."""
    state, _ = attacked_ur(["college", "library"])
    refused(state, {"type": "raze_advances", "player": BABYLON, "area": "ur", "raze": True}, "GI-CARULE-05")
    state, _ = play(state, {"type": "raze_advances", "player": ASSYRIA, "area": "ur", "raze": False})
    s = state.variant_state["sites"]["ur"]
    assert s["owner"] == "assyria" and s["decay"] == "flip" and len(s["active"] + s["flipped"]) == 2
    g = game_for(state)
    g.place_city("assyria", "ur")
    assert s["decay"] is None and sites.advances_of(state, "assyria", flipped=True)
    assert check_invariants(state) == []


@pytest.mark.variant("GI-CARULE-05")
def test_the_default_razes_and_the_random_bot_chooses_legally(grand_imperial):
    state, _ = attacked_ur(["college", "library"])
    before = state.players[ASSYRIA].treasury
    after, _ = play(state, {"type": "timeout", "player": ASSYRIA})
    assert after.players[ASSYRIA].treasury == before + 3 + 6  # pillage 3 and razing 6
    assert "sites" not in after.variant_state
    g = game_for(state)
    phase = g.variant.phase("conflict")
    seen = set()
    for seed in range(12):
        s = state
        while s.phase == "conflict" and any(d.player == ASSYRIA for d in engine.pending(s)):
            g = game_for(s)
            o = phase.sample(g, ASSYRIA, Rng(seed))
            s, _ = play(s, o.to_json())
        seen.add("sites" in s.variant_state)
    assert seen == {True, False}


# ---- GI-CITYADV-14: the captured capital ------------------------------------------------------
@pytest.mark.variant("GI-CITYADV-14", "GI-CARULE-05")
def test_a_captured_capital_gives_three_cards_pillage_of_nine_and_a_civil_war(grand_imperial):
    """S-14: Babylon's capital (Palace, College), Ur Unhappy (1 luxury point), Babylon holds 5 cards; 7
    Assyrians take it. Babylon's hand 5 -> 2, Assyria's +3; the timeout pillages 9 and razes
    the College (+3): treasury +12; a Civil War is queued; the Palace is gone."""
    board = {"babylon": {"city": "babylon", "tokens": {"assyria": 7}}, "ur": {"city": "babylon"}}
    state, ev = conflict(board, {"babylon": site("babylon", "palace", "college")},
                         {"babylon": {"hand": ["salt", "salt", "oil", "wine", "gems"]}}, luxury={"ur": 1})
    assert len(state.players[BABYLON].hand) == 2 and len(state.players[ASSYRIA].hand) == 3
    assert state.variant_state["pending_civil_war"] == ["babylon"]
    d = next(d for d in engine.pending(state) if d.kind == "pillage")
    assert d.options["max"] == 9
    assert sites.palace_of(state, "babylon") is None
    before = state.players[ASSYRIA].treasury
    state, _ = play(state, {"type": "timeout", "player": ASSYRIA})
    assert state.players[ASSYRIA].treasury == before + 12 and "sites" not in state.variant_state
    assert "Babylon lost his capital while Ur is Unhappy or in Revolt" in texts(ev)
    assert check_invariants(state) == []


@pytest.mark.variant("GI-CITYADV-14")
def test_a_captured_capital_without_unhappy_cities_queues_no_civil_war(grand_imperial):
    board = {"babylon": {"city": "babylon", "tokens": {"assyria": 7}}, "ur": {"city": "babylon"}}
    state, _ = conflict(board, {"babylon": site("babylon", "palace")},
                        {"babylon": {"hand": ["salt"]}}, luxury={"ur": 3})
    assert "pending_civil_war" not in state.variant_state and state.players[ASSYRIA].hand == ["salt"]


@pytest.mark.variant("GI-CARULE-04", "GI-CARULE-05", "GI-TURN-12")
@pytest.mark.parametrize("seed", [0, 2])
def test_random_bots_from_a_contested_position_keep_the_sites_invariants(grand_imperial, seed):
    """Random bots play 9 turns from a conflict phase in which three cities with advances are
    attacked (Babylon's capital and Ur, Egypt's Memphis): every sample is accepted (pillage,
    raze or keep, buying advances), the sites' invariants hold after every order, the log
    replays, and the attackers both raze and keep."""
    from tresham.games.advciv.tools.sim import play_game, seat_bots

    def s(owner, *a):
        return site(owner, *a)

    cards = ["pottery", "coinage", "mathematics", "music", "metalworking", "agriculture", "mysticism",
             "architecture", "literacy"]
    pos = {"nations": EAST, "phase": "conflict", "turn": 5,
           "board": {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt", "tokens": {"babylon": 8}},
                     "tanis": {"city": "egypt"}, "babylon": {"city": "babylon", "tokens": {"assyria": 7}},
                     "ur": {"city": "babylon", "tokens": {"assyria": 10}}, "susa": {"city": "babylon"},
                     "nineveh": {"city": "assyria"}, "sumeria": {"tokens": {"assyria": 3, "babylon": 3}}},
           "players": {n: {"treasury": 20, "civ_cards": cards} for n in EAST},
           "variant_state": {"sites": {"ur": s("babylon", "college", "granary"),
                                       "babylon": s("babylon", "palace", "library"),
                                       "memphis": s("egypt", "marketplace", "temple", "music_hall"),
                                       "thebes": s("egypt", "communal_well")},
                             "luxury": {"susa": 1}}}
    rec = play_game(4, seed, bots=seat_bots("random", 4, seed), turns=9,
                    options={**GI, "position": pos})
    assert rec.violations == [] and not rec.stalled and rec.replay_ok and rec.refused_samples == []
    razes = [o["raze"] for o in rec.orders if o.get("type") == "raze_advances"]
    assert len(razes) == 3 and set(razes) == {True, False}


@pytest.mark.variant("GI-CARULE-04")
def test_the_buy_form_restores_a_flipped_advance(grand_imperial):
    """D18's form offers the flipped Library for restoring; the row with "restore" gives the
    order that restores it."""
    from tresham.games import registry

    R = registry.get("advciv")
    state, _ = position(nations=EAST, options={**GI, "players": 4}, board={"ur": {"city": "babylon"}},
                        players={"babylon": {"hand": ["gold"] * 4}, "assyria": {"treasury": 50}},
                        phase="advances",
                        variant_state={"sites": {"ur": site("babylon", "college", flipped=["library"])}})
    [f] = [f for f in R.order_forms(state, BABYLON) if f.id == "buy"]
    fields = {x.name: x for x in f.fields}
    assert not {c.value: c for c in fields["advance1"].choices}["library"].disabled and "restore1" in fields
    order = R.form_order(state, BABYLON, "buy", {"cards": [], "pay": {}, "treasury": 0, "advance1": "library",
                                                 "city1": "ur", "pay1": {"gold": 4}, "treasury1": 0,
                                                 "research1": 0, "restore1": "yes"})
    state, _ = R.apply(state, order)
    assert state.variant_state["sites"]["ur"]["active"] == ["college", "library"]
