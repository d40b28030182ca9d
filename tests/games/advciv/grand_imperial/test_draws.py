"""tresham/games/advciv/grand_imperial/draws.py and the draw plans of acquisition.py: where a
Grand Imperial city may draw its trade cards from (CrossRoads, Port) and the Merchant Prince
(docs/variants/grand-imperial.md sections 3.7 GI-TRADE-02, 3.9 GI-LEADER-06, 3.11
GI-CITYADV-06 and -08, 5.1 D12). Rulings GIDR-n: docs/rulings/grand-imperial-draws.md.
Numbers: the seed (001_199a5eef780342bd.txt, "9. Acquire Trade Cards", the City Advances,
"6. Merchant Prince") and the map data (adjacencies, the Trireme's 3 areas, 4 with Cloth
Making), the ships slice (GI-SHIP-07: harvesting, cashing in at a Port)."""
from __future__ import annotations

import pytest

from tresham.games.advciv import engine, machine
from tresham.games.advciv.grand_imperial import draws as dr
from tresham.games.advciv.grand_imperial.acquisition import access
from tresham.games.advciv.variant import game_for
from tresham.games.advciv.view import information_state
from tresham.rng import Rng
from tresham.games.advciv.tools.sim import check_invariants

from tresham.games.advciv.grand_imperial.variant import EVENTS

from tests.games.advciv.grand_imperial.test_leaders import deal
from tests.games.advciv.grand_imperial.test_luxury import BABYLON, EGYPT, at, of
from tests.games.advciv.grand_imperial.test_variant import events, full, grand_imperial, stack  # noqa: F401
from tests.helpers import play, refused, texts

#: Egypt's Tanis has a CrossRoads; Thebes has none. Both Content (die 2): one card each.
TANIS = {"tanis": "egypt", "thebes": "egypt"}
LEVANT_TOP = ("gold", "dye")
NILE_TOP = ("papyrus", "ivory")


def acq(cities, luxury, sites=None, players=None, stacks=None, leaders=None):
    """The acquisition phase begun over a position with these cities, dice (``luxury``), city
    advances (``sites``) and stacks; the event stack's top cards are ballast, so each player's
    event card (one in a 4-player game, GI-EVENT-02) is a Ballast; ``leaders``: seat -> the
    leaders dealt him out of the event stack."""
    state, _ = at("over", cities, players=players, luxury=luxury, sites=sites,
                  stacks={EVENTS: events(("ballast",) * 4), **(stacks or {})})
    for seat, cards in (leaders or {}).items():
        deal(state, seat, *cards)
    state.phase, state.step = "acquisition", {}
    g = game_for(state)
    g.variant.phase("acquisition").start(g)
    machine.advance(g)
    g.sync()
    return state, g.events


def hand(state, nation):
    """The nation's hand, sorted, without the Ballast drawn as its event card."""
    return sorted(c for c in of(state, nation).hand if c != "ballast")


def plan(seat, cities=None, mp=None):
    return {"type": "draw_plan", "player": seat, "cities": dict(cities or {}), "merchant_prince": mp}


def tanis(players=None, **kw):
    """Egypt (Tanis with a CrossRoads, Thebes), both Content; Levant and Nile tops known."""
    return acq(TANIS, {"tanis": 2, "thebes": 2}, {"tanis": ["crossroads"]}, players=players,
               stacks={"levant": full("levant", LEVANT_TOP), "nile_basin": full("nile_basin", NILE_TOP)}, **kw)


def owed(state):
    return {d.player: d for d in engine.pending(state) if d.kind == "draw_plan"}


# ---- CrossRoads (GI-CITYADV-06, GI-TRADE-02) ------------------------------------------------------
@pytest.mark.variant("GI-TRADE-02", "GI-CITYADV-06")
def test_crossroads_in_tanis_may_draw_from_the_levant(grand_imperial):
    """Tanis is land-adjacent to Gaza and Sinai (the Levant) and to Alexandria, Memphis and the
    Eastern Desert (the Nile Basin): its CrossRoads offers the Levant beside its own region.
    Egypt owes a draw plan; nothing is drawn until it is in. Tanis draws the Levant's Gold,
    Thebes the Nile's Papyrus: Levant 10 -> 9, Nile 15 -> 14."""
    state, _ = tanis()
    assert state.phase == "acquisition"
    d = owed(state)[EGYPT]
    assert d.options["cities"] == {"tanis": {"cards": 1, "regions": ["levant", "nile_basin"], "own": "nile_basin"}}
    assert "merchant_prince" not in d.options
    g = game_for(state)
    assert (len(stack(g, "levant")), len(stack(g, "nile_basin")), hand(state, "egypt")) == (10, 15, [])
    state, ev = play(state, plan(EGYPT, {"tanis": ["levant"]}))
    g = game_for(state)
    assert hand(state, "egypt") == ["gold", "papyrus"]
    assert (len(stack(g, "levant")), len(stack(g, "nile_basin"))) == (9, 14)
    assert stack(g, "levant")[0] == "dye" and stack(g, "nile_basin")[0] == "ivory"
    assert ("Egypt draws 2 regional cards (1 from The Levant, 1 from The Nile Basin) and 1 event card "
            "(2 cities).") in texts(ev)
    assert "You draw Gold from The Levant." in texts(ev)
    assert check_invariants(state) == []


@pytest.mark.variant("GI-TRADE-02", "GI-CITYADV-06")
def test_a_city_drawing_two_cards_names_a_region_for_each(grand_imperial):
    """Tanis Happy (die 5): 2 cards, one from the Levant and one from the Nile Basin; Thebes
    Content: 1 from the Nile. Hand Gold + Papyrus + Ivory; Levant 9, Nile 13."""
    state, _ = acq(TANIS, luxury={"tanis": 5, "thebes": 2}, sites={"tanis": ["crossroads"]},
                  stacks={"levant": full("levant", LEVANT_TOP), "nile_basin": full("nile_basin", NILE_TOP)})
    assert owed(state)[EGYPT].options["cities"]["tanis"]["cards"] == 2
    refused(state, plan(EGYPT, {"tanis": ["levant"]}), "GI-TRADE-02")  # one region per card
    state, _ = play(state, plan(EGYPT, {"tanis": ["levant", "nile_basin"]}))
    g = game_for(state)
    assert hand(state, "egypt") == ["gold", "ivory", "papyrus"]
    assert (len(stack(g, "levant")), len(stack(g, "nile_basin"))) == (9, 13)


@pytest.mark.variant("GI-TRADE-02", "GI-CITYADV-06")
def test_a_region_the_city_may_not_use_is_refused_and_changes_nothing(grand_imperial):
    """Tanis's CrossRoads gives no Mesopotamia; Thebes has none, so no Levant; a city of
    another's, or a plan of a player who owes none, is refused: each citing GI-TRADE-02,
    the state unchanged."""
    state, _ = tanis()
    e = refused(state, plan(EGYPT, {"tanis": ["mesopotamia"]}), "GI-TRADE-02")
    assert "your city in Tanis may draw only from The Levant, The Nile Basin, not from Mesopotamia" in e.message
    refused(state, plan(EGYPT, {"thebes": ["levant"]}), "GI-TRADE-02")
    refused(state, plan(EGYPT, {"babylon": ["mesopotamia"]}), "GI-TRADE-02")
    refused(state, plan(BABYLON), "GI-TRADE-02")
    refused(state, {"type": "buy_regional", "player": EGYPT, "region": "levant"}, "GI-TRADE-02")
    refused(state, plan(EGYPT, {"tanis": ["levant"]}, mp="aegea"), "GI-LEADER-06")  # not held
    state, _ = play(state, plan(EGYPT, {"tanis": ["nile_basin"]}))  # its own region is allowed
    assert hand(state, "egypt") == ["ivory", "papyrus"]


@pytest.mark.variant("GI-TRADE-02", "GI-CITYADV-06")
def test_a_crossroads_with_only_its_own_region_around_gives_no_choice(grand_imperial):
    """Memphis borders only Nile Basin areas (Alexandria, Tanis, Fayum, Eastern and Western
    Desert): its CrossRoads gives no choice, no plan is owed, and it draws its Nile card at
    once (hand 1, Nile 14)."""
    state, _ = acq({"memphis": "egypt"}, luxury={"memphis": 2}, sites={"memphis": ["crossroads"]},
                  stacks={"nile_basin": full("nile_basin", NILE_TOP)})
    assert owed(state) == {} and state.phase == "trade"
    assert hand(state, "egypt") == ["papyrus"] and len(stack(game_for(state), "nile_basin")) == 14


@pytest.mark.variant("GI-TRADE-02", "GI-CITYADV-06", "GI-CARULE-06")
def test_a_crossroads_in_revolt_or_unhappy_at_zero_cards_owes_no_plan(grand_imperial):
    """Tanis in Revolt (die 0): its advances do nothing and it draws nothing; Unhappy (die 1):
    it draws 0 cards, so no choice either. No plan owed; the Levant is untouched (10)."""
    for die in (0, 1):
        state, _ = acq(TANIS, luxury={"tanis": die, "thebes": 2}, sites={"tanis": ["crossroads"]},
                      stacks={"levant": full("levant", LEVANT_TOP), "nile_basin": full("nile_basin", NILE_TOP)})
        assert owed(state) == {} and state.phase == "trade", die
        assert hand(state, "egypt") == ["papyrus"] and len(stack(game_for(state), "levant")) == 10


@pytest.mark.variant("GI-TRADE-02", "GI-TRADE-04", "GI-CITYADV-06")
def test_crossroads_opens_the_adjacent_region_to_purchase(grand_imperial):
    """GIR-30: access is every region a city may draw from. Egypt's only cities are Tanis
    (CrossRoads) and Thebes: he may buy from the Levant as well as the Nile Basin."""
    state, _ = tanis(players={"egypt": {"treasury": 20}})
    state, _ = play(state, plan(EGYPT, {"tanis": ["nile_basin"]}))
    d = next(d for d in engine.pending(state) if d.player == EGYPT)
    assert d.kind == "buy_regional" and d.options["regions"] == ["levant", "nile_basin"]
    state, _ = play(state, {"type": "buy_regional", "player": EGYPT, "region": "levant"})
    assert of(state, "egypt").treasury == 20 - 2 * 9 and "gold" in hand(state, "egypt")


# ---- Port (GI-CITYADV-08, GI-TRADE-02) ---------------------------------------------------------------
@pytest.mark.variant("GI-TRADE-02", "GI-CITYADV-08")
def test_port_offers_the_regions_one_trireme_voyage_away(grand_imperial):
    """A Port in Rhodes (the Aegea): a Trireme enters 3 water areas, crossing open seas
    (GIR-29): Rhodes - Eastern Mediterranean - Alexandria reaches the Nile Basin, Lycia and
    Cyprus Anatolia, Sidon the Levant; Armenia needs 4 (Rhodes - Aegean Sea - Troy - Black
    Sea - Cappadocia), so only with Cloth Making."""
    g = game_for(at("over", {"rhodes": "egypt"}, luxury={"rhodes": 2}, sites={"rhodes": ["port"]})[0])
    assert dr.port_allowance(g, "egypt") == 3
    assert dr.allowed_regions(g, "rhodes") == ["levant", "nile_basin", "aegea", "anatolia"]
    assert {"alexandria", "sidon", "troy"} <= set(dr.port_reach(g, "rhodes", 3))
    assert "cappadocia" not in dr.port_reach(g, "rhodes", 3)
    g = game_for(at("over", {"rhodes": "egypt"}, luxury={"rhodes": 2}, sites={"rhodes": ["port"]},
                    players={"egypt": {"civ_cards": ["cloth_making"]}})[0])
    assert dr.port_allowance(g, "egypt") == 4
    assert dr.allowed_regions(g, "rhodes") == ["armenia", "levant", "nile_basin", "aegea", "anatolia"]


@pytest.mark.variant("GI-TRADE-02", "GI-CITYADV-08")
def test_a_port_city_draws_from_a_region_across_the_sea(grand_imperial):
    """Egypt's Port in Alexandria (Content: 1 card) draws from the Aegea (Alexandria -
    Eastern Mediterranean - Rhodes): the Aegea's top card into the hand, Aegea 13 -> 12, the
    Nile Basin untouched (15). Without the Port the Aegea is refused."""
    stacks = {"aegea": full("aegea", ("wine",)), "nile_basin": full("nile_basin", NILE_TOP)}
    state, _ = acq({"alexandria": "egypt"}, luxury={"alexandria": 2}, sites={"alexandria": ["port"]},
                  stacks=stacks)
    assert owed(state)[EGYPT].options["cities"]["alexandria"]["regions"] == ["levant", "nile_basin", "aegea",
                                                                             "anatolia"]
    refused(state, plan(EGYPT, {"alexandria": ["north_africa"]}), "GI-TRADE-02")
    state, _ = play(state, plan(EGYPT, {"alexandria": ["aegea"]}))
    g = game_for(state)
    assert hand(state, "egypt") == ["wine"]
    assert (len(stack(g, "aegea")), len(stack(g, "nile_basin"))) == (12, 15)
    state, _ = acq({"alexandria": "egypt", "thebes": "egypt"}, luxury={"alexandria": 2, "thebes": 2},
                  stacks=stacks)
    assert owed(state) == {} and hand(state, "egypt") == ["ivory", "papyrus"]


@pytest.mark.variant("GI-CITYADV-08")
def test_port_and_crossroads_together_offer_both(grand_imperial):
    """Tanis with CrossRoads and Port: the Levant (land), the Aegea and Anatolia (by sea)."""
    g = game_for(at("over", {"tanis": "egypt"}, luxury={"tanis": 2}, sites={"tanis": ["crossroads", "port"]})[0])
    assert dr.crossroads_regions(g, "tanis") == ["levant", "nile_basin"]
    assert dr.port_regions(g, "tanis") == ["levant", "nile_basin", "aegea", "anatolia"]
    assert dr.allowed_regions(g, "tanis") == ["levant", "nile_basin", "aegea", "anatolia"]
    assert access(g, "egypt") == ["levant", "nile_basin", "aegea", "anatolia"]


# ---- the Merchant Prince (GI-LEADER-06) -----------------------------------------------------------
@pytest.mark.variant("GI-LEADER-06", "GI-TRADE-02")
def test_merchant_prince_gives_one_more_card_from_the_region_named(grand_imperial):
    """Egypt (Thebes, Content: 1 card) holds the Merchant Prince and names the Aegea: exactly
    one more card, the Aegea's top (Wine), Aegea 13 -> 12; the Nile card as usual (15 -> 14);
    the Merchant Prince in ``set_aside``; hand 2."""
    state, _ = acq({"thebes": "egypt"}, luxury={"thebes": 2},
                  leaders={EGYPT: ["merchant_prince"]},
                  stacks={"aegea": full("aegea", ("wine",)), "nile_basin": full("nile_basin", NILE_TOP)})
    d = owed(state)[EGYPT]
    assert d.options["cities"] == {} and len(d.options["merchant_prince"]) == 12
    state, ev = play(state, plan(EGYPT, mp="aegea"))
    g = game_for(state)
    assert hand(state, "egypt") == ["papyrus", "wine"]
    assert (len(stack(g, "aegea")), len(stack(g, "nile_basin"))) == (12, 14)
    assert state.set_aside == ["merchant_prince"]
    assert "Egypt trades in the Merchant Prince for a card from Aegea (GI-LEADER-06)." in texts(ev)
    assert next(e for e in ev if e.kind == "draw_private" and e.data["card"] == "wine").to == [EGYPT]
    assert check_invariants(state) == []


@pytest.mark.variant("GI-LEADER-06", "GI-TRADE-02")
def test_timeout_draws_from_own_regions_and_keeps_the_merchant_prince(grand_imperial):
    """D12's default: Tanis draws its own Nile card, the Merchant Prince stays in the hand;
    Levant and Aegea untouched (10, 13), nothing set aside."""
    state, _ = tanis(leaders={EGYPT: ["merchant_prince"]})
    state, ev = play(state, {"type": "timeout", "player": EGYPT})
    g = game_for(state)
    assert hand(state, "egypt") == ["ivory", "merchant_prince", "papyrus"]
    assert (len(stack(g, "levant")), len(stack(g, "aegea"))) == (10, 13) and state.set_aside == []
    assert "Egypt did not give its draw plan in time: its cities draw from their own regions." in texts(ev)


@pytest.mark.variant("GI-LEADER-06")
def test_merchant_prince_on_an_empty_stack_is_refused_or_kept(grand_imperial):
    """Naming an empty stack is refused (GI-LEADER-06). A stack emptied by a player drawing
    before him (27.1) leaves him the card (GIDR-5): the Levant holds one card; Egypt (Gaza,
    1 city) draws it first; Babylon (2 cities), who named the Levant for the Merchant Prince,
    keeps the card and nothing is set aside."""
    state, _ = acq({"thebes": "egypt"}, luxury={"thebes": 2},
                  leaders={EGYPT: ["merchant_prince"]}, stacks={"levant": []})
    refused(state, plan(EGYPT, mp="levant"), "GI-LEADER-06")
    state, _ = acq({"gaza": "egypt", "babylon": "babylon", "ur": "babylon"},
                  luxury={"gaza": 2, "babylon": 2, "ur": 2}, leaders={BABYLON: ["merchant_prince"]},
                  stacks={"levant": ["gold"]})
    state, ev = play(state, plan(BABYLON, mp="levant"))
    assert hand(state, "egypt") == ["gold"] and "merchant_prince" in hand(state, "babylon")
    assert state.set_aside == []
    assert "The Levant's stack is empty: Babylon keeps the Merchant Prince (GI-LEADER-06)." in texts(ev)


# ---- sealed, simultaneous, in the 27.1 order ----------------------------------------------------------
@pytest.mark.variant("GI-TRADE-02", "GI-TRADE-06", "GI-LEADER-06")
def test_plans_are_sealed_and_the_draws_follow_the_27_1_order(grand_imperial):
    """Egypt (Tanis with CrossRoads, 1 city) and Babylon (Babylon and Ur, Merchant Prince)
    both owe a plan at once. Egypt's is in: nothing drawn, Babylon does not see it. Then
    Babylon's: Egypt, with fewer cities, draws first, so Tanis takes the Levant's Gold and
    the Merchant Prince the Dye under it; Levant 10 -> 8."""
    state, _ = acq({"tanis": "egypt", "babylon": "babylon", "ur": "babylon"},
                  luxury={"tanis": 2, "babylon": 2, "ur": 2}, sites={"tanis": ["crossroads"]},
                  leaders={BABYLON: ["merchant_prince"]},
                  stacks={"levant": full("levant", LEVANT_TOP)})
    assert set(owed(state)) == {EGYPT, BABYLON}
    state, _ = play(state, plan(EGYPT, {"tanis": ["levant"]}))
    assert set(owed(state)) == {BABYLON} and hand(state, "egypt") == []
    assert len(stack(game_for(state), "levant")) == 10
    assert information_state(state, BABYLON).step["plans"] == {}
    assert information_state(state, EGYPT).step["plans"] == {"0": {"cities": {"tanis": ["levant"]},
                                                                   "merchant_prince": None, "harvest": None}}
    assert engine.view(state, BABYLON)["phase_view"] == {"waiting": ["babylon"]}  # who, not what
    refused(state, plan(EGYPT, {"tanis": ["nile_basin"]}), "GI-TRADE-02")  # already in
    refused(state, {"type": "timeout", "player": EGYPT})  # nothing owed any more
    assert check_invariants(state) == []
    broken = state.copy()
    broken.step["plans"]["0"]["cities"]["tanis"] = ["mesopotamia"]
    assert any("seat 0's draw plan no longer holds" in v for v in check_invariants(broken))
    state, _ = play(state, plan(BABYLON, mp="levant"))
    assert hand(state, "egypt") == ["gold"]
    assert "dye" in hand(state, "babylon") and "merchant_prince" not in hand(state, "babylon")
    assert len(stack(game_for(state), "levant")) == 8 and state.set_aside == ["merchant_prince"]
    assert check_invariants(state) == []


@pytest.mark.variant("GI-TRADE-02")
def test_the_last_player_owing_a_plan_leaving_the_game_lets_the_draws_happen(grand_imperial):
    """Egypt's plan is in; Babylon, the other one owing a plan, leaves (15.61): the draws are
    made (Tanis's Levant Gold) and the phase goes on."""
    state, _ = acq({"tanis": "egypt", "babylon": "babylon"}, luxury={"tanis": 2, "babylon": 2},
                  sites={"tanis": ["crossroads"]}, leaders={BABYLON: ["merchant_prince"]},
                  stacks={"levant": full("levant", LEVANT_TOP)})
    state, _ = play(state, plan(EGYPT, {"tanis": ["levant"]}))
    state, _ = play(state, {"type": "depart", "player": BABYLON})
    assert state.phase != "acquisition" or "stage" not in state.step
    assert hand(state, "egypt") == ["gold"] and check_invariants(state) == []


@pytest.mark.variant("GI-TRADE-02", "GI-LEADER-06")
def test_random_draw_plans_are_legal_and_play_the_merchant_prince_about_half_the_time(grand_imperial):
    """The random bot's D12: allowed regions only, every sample accepted; the Merchant Prince
    traded in with probability 1/2 (between 20 and 40 times in 60)."""
    state, _ = tanis(leaders={EGYPT: ["merchant_prince"]})
    g = game_for(state)
    rng = Rng(7)
    played = 0
    for _ in range(60):
        o = g.variant.phase("acquisition").sample(g, EGYPT, rng)
        assert set(o.cities) == {"tanis"} and o.cities["tanis"][0] in ("levant", "nile_basin")
        played += o.merchant_prince is not None
        after, _ = play(state, o.to_json())
        assert (o.merchant_prince is None) == ("merchant_prince" in hand(after, "egypt"))
    assert 20 <= played <= 40


# ---- the form (D12) -----------------------------------------------------------------------------------
@pytest.mark.variant("GI-TRADE-02", "GI-LEADER-06")
def test_the_draw_plan_form_starts_at_the_default_and_gives_the_order(grand_imperial):
    """One choice per card of Tanis (starting at its own region), and the Merchant Prince
    (starting at: keep); the order made is the plan chosen."""
    from tresham.games import registry

    R = registry.get("advciv")
    state, _ = tanis(leaders={EGYPT: ["merchant_prince"]})
    (f,) = R.order_forms(state, EGYPT)
    assert [x.name for x in f.fields] == ["tanis.0", "merchant_prince"]
    assert [c.value for c in f.fields[0].choices] == ["levant", "nile_basin"] and f.fields[0].value == "nile_basin"
    assert f.fields[1].value == "keep" and len(f.fields[1].choices) == 13
    assert R.form_order(state, EGYPT, "draw_plan", {"tanis.0": "nile_basin", "merchant_prince": "keep"}) == plan(
        EGYPT, {"tanis": ["nile_basin"]})
    o = R.form_order(state, EGYPT, "draw_plan", {"tanis.0": "levant", "merchant_prince": "aegea"})
    assert o == plan(EGYPT, {"tanis": ["levant"]}, mp="aegea")
    top = stack(game_for(state), "aegea")[0]
    state, _ = play(state, o)
    assert hand(state, "egypt") == sorted(["gold", "papyrus", top]) and state.set_aside == ["merchant_prince"]


# ---- ships: unloading at a Port (GI-CITYADV-08) and the harvest named (GI-SHIP-07) -------------------
def at_sea(cities, luxury, ships, cargo=None, sites=None, players=None, stacks=None):
    """As :func:`acq`, with ``ships`` (nation -> areas: Triremes numbered 1, 2... in that
    order) and ``cargo`` ((nation, ship id) -> cards taken out of their stacks and put aboard)
    set before the acquisition phase begins."""
    from tresham.games.advciv.grand_imperial import fleet

    state, _ = at("over", cities, players=players, luxury=luxury, sites=sites,
                  stacks={EVENTS: events(("ballast",) * 4), **(stacks or {})})
    state.board.ships = {n: list(areas) for n, areas in ships.items()}
    g = game_for(state)
    fleet.adopt(g)
    for (nation, sid), cards in (cargo or {}).items():
        rec = fleet.ship(state, nation, sid)
        for c in cards:
            next(st for st in state.stacks if c in st).remove(c)
            rec["cards"].append(c)
    assert check_invariants(state) == []
    state.phase, state.step = "acquisition", {}
    g = game_for(state)
    g.variant.phase("acquisition").start(g)
    machine.advance(g)
    g.sync()
    return state, g.events


def cards_aboard(state, nation, sid):
    from tresham.games.advciv.grand_imperial import fleet

    return fleet.ship(state, nation, sid)["cards"]


@pytest.mark.variant("GI-CITYADV-08", "GI-SHIP-07")
def test_a_ship_at_its_owners_port_unloads_its_cards_into_the_hand(grand_imperial):
    """Egypt's ship 1 stands in Alexandria, his Port city, with Wine and Oil aboard: at the start
    of acquisition both go into his hand, named to him alone; the others learn only "2 cards".
    Ship 2, in Tanis (no Port there), keeps its Gems."""
    state, ev = at_sea({"alexandria": "egypt"}, {"alexandria": 2}, {"egypt": ["alexandria", "tanis"]},
                       cargo={("egypt", 1): ["wine", "oil"], ("egypt", 2): ["gems"]},
                       sites={"alexandria": ["port"]})
    assert {"wine", "oil"} <= set(of(state, "egypt").hand) and "gems" not in of(state, "egypt").hand
    assert cards_aboard(state, "egypt", 1) == [] and cards_aboard(state, "egypt", 2) == ["gems"]
    private = next(e for e in ev if e.kind == "ship_unloaded_private")
    assert private.to == [EGYPT] and private.text == "Your ship 1 unloads Wine, Oil in Alexandria."
    public = next(e for e in ev if e.kind == "ship_unloaded")
    assert public.to is None and public.text == "Egypt's ship 1 unloads 2 cards in Alexandria."
    assert check_invariants(state) == []


@pytest.mark.variant("GI-CITYADV-08")
def test_no_unloading_without_an_active_port(grand_imperial):
    """The same ship in Alexandria with no Port there, or with its Port city in Revolt (its
    advances do nothing, GI-CARULE-06): the Wine stays aboard."""
    for sites, die in ((None, 2), ({"alexandria": ["port"]}, 0)):
        state, ev = at_sea({"alexandria": "egypt"}, {"alexandria": die}, {"egypt": ["alexandria"]},
                           cargo={("egypt", 1): ["wine"]}, sites=sites)
        assert cards_aboard(state, "egypt", 1) == ["wine"] and "wine" not in of(state, "egypt").hand
        assert not [e for e in ev if e.kind.startswith("ship_unloaded")]


@pytest.mark.variant("GI-SHIP-07", "GI-TRADE-02")
def test_the_draw_plan_names_the_ships_that_harvest(grand_imperial):
    """Egypt (Thebes) has ship 1 in Alexandria and ship 2 in Gaza, both able to harvest, so he
    owes a plan offering ships [1, 2]. He names ship 2 only: at the end of the phase it takes
    the Levant's Gold face down (Levant 10 -> 9); ship 1 takes nothing (Nile 15 -> 14, Thebes's
    card). Refused (GI-SHIP-07): a ship he does not have, a ship named twice."""
    state, _ = at_sea({"thebes": "egypt"}, {"thebes": 2}, {"egypt": ["alexandria", "gaza"]},
                      stacks={"levant": full("levant", LEVANT_TOP), "nile_basin": full("nile_basin", NILE_TOP)})
    d = owed(state)[EGYPT]
    assert d.options == {"cities": {}, "ships": [1, 2]}
    refused(state, {**plan(EGYPT), "harvest": [3]}, "GI-SHIP-07")
    refused(state, {**plan(EGYPT), "harvest": [2, 2]}, "GI-SHIP-07")
    state, _ = play(state, {**plan(EGYPT), "harvest": [2]})
    g = game_for(state)
    assert cards_aboard(state, "egypt", 1) == [] and cards_aboard(state, "egypt", 2) == ["gold"]
    assert (len(stack(g, "levant")), len(stack(g, "nile_basin"))) == (9, 14)
    assert hand(state, "egypt") == ["papyrus"]
    assert check_invariants(state) == []


@pytest.mark.variant("GI-SHIP-07", "GI-TRADE-02")
def test_by_default_every_ship_able_to_harvests_and_the_choice_is_sealed(grand_imperial):
    """The timeout: both ships harvest (ship 1 the Nile's Ivory after Thebes's Papyrus, ship 2
    the Levant's Gold). With treasury for a purchase, Egypt's named ships wait in the step until
    the end of the phase, seen by Egypt only."""
    state, _ = at_sea({"thebes": "egypt"}, {"thebes": 2}, {"egypt": ["alexandria", "gaza"]},
                      stacks={"levant": full("levant", LEVANT_TOP), "nile_basin": full("nile_basin", NILE_TOP)})
    state, _ = play(state, {"type": "timeout", "player": EGYPT})
    assert cards_aboard(state, "egypt", 1) == ["ivory"] and cards_aboard(state, "egypt", 2) == ["gold"]
    state, _ = at_sea({"thebes": "egypt"}, {"thebes": 2}, {"egypt": ["alexandria", "gaza"]},
                      players={"egypt": {"treasury": 10}})
    state, _ = play(state, {**plan(EGYPT), "harvest": [1]})
    assert state.step["harvest"] == {"0": [1]}
    assert information_state(state, EGYPT).step["harvest"] == {"0": [1]}
    assert information_state(state, BABYLON).step["harvest"] == {}
    state, _ = play(state, {"type": "buy_regional", "player": EGYPT})
    assert len(cards_aboard(state, "egypt", 1)) == 1 and cards_aboard(state, "egypt", 2) == []


@pytest.mark.variant("GI-SHIP-07", "GI-TRADE-02")
def test_the_draw_plan_form_ticks_every_ship_able_to_harvest(grand_imperial):
    from tresham.games import registry

    R = registry.get("advciv")
    state, _ = at_sea({"thebes": "egypt"}, {"thebes": 2}, {"egypt": ["alexandria", "gaza"]})
    (f,) = R.order_forms(state, EGYPT)
    (ships,) = f.fields
    assert (ships.name, ships.kind, ships.value) == ("harvest", "multi", ["1", "2"])
    assert R.form_order(state, EGYPT, "draw_plan", {"harvest": ["2"]}) == {**plan(EGYPT), "harvest": [2]}
    assert R.form_order(state, EGYPT, "draw_plan", {"harvest": []}) == {**plan(EGYPT), "harvest": []}
