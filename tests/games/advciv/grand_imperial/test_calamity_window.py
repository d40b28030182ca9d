"""The leaders' window of Grand Imperial's calamity phase (design 3.9, D1 in ``calamities``;
``grand_imperial/calamities/__init__.py``, ``grand_imperial/leaders.py``), the truth of a
leader in effect (``leaders.in_effect``, GI-LEADER-07) and the Theocratic Leader's two
Monotheism conversions (GI-LEADER-02, ``Context.conversions``). Rulings: GIC-19, GIC-20
(docs/rulings/grand-imperial-calamities.md), GILD-19, GILD-20
(docs/rulings/grand-imperial-leaders.md). Numbers: the seed (001_199a5eef780342bd.txt,
section 11 items 2 and 7) and the plain counts (30.811-30.817)."""
from __future__ import annotations

import pytest

from tresham.games.advciv import engine, machine
from tresham.games.advciv.grand_imperial import leaders as L
from tresham.games.advciv.variant import game_for
from tresham.games.advciv.view import information_state
from tresham.games.contract import IllegalOrder
from tresham.rng import Rng
from tresham.games.advciv.tools.sim import check_invariants

from tests.games.advciv.grand_imperial.test_calamities import (  # noqa: F401  (the fixture)
    BABYLON, EGYPT, begin, cities, gi_state, grand_imperial, texts,
)
from tests.helpers import play

FIVE = ["thebes", "memphis", "tanis", "buhen", "alexandria"]


def deal(state, seat, *cards):
    """Give ``seat`` leaders taken out of the event stack, so every card stays accounted for."""
    for c in cards:
        state.stacks[-1].remove(c)
        state.players[seat].hand.append(c)


def at_calamities(state):
    """Start the GI calamity phase on ``state``; gives the game."""
    state.phase = "calamities"
    g = game_for(state)
    g.variant.phase("calamities").start(g)
    machine.advance(g)
    g.sync()
    return g


def owed(state):
    return [d for d in engine.pending(state) if d.required]


def iconoclasm_position():
    """Egypt: five Content cities, Iconoclasm and the Theocratic Leader in hand."""
    s = gi_state(cities(FIVE, "egypt", {"upper_egypt": 10}), players={"egypt": {"hand": ["iconoclasm"]}})
    deal(s, EGYPT, "theocratic_leader")
    assert check_invariants(s) == []
    return s


# ---- task 1: an annulled Theocratic Leader gives no immunity (GI-CAL-04, GI-LEADER-07) -----------
@pytest.mark.variant("GI-CAL-04", "GI-LEADER-07")
def test_a_theocratic_leader_annulled_by_the_proselytizer_gives_no_superstition_immunity():
    """Egypt played the Theocratic Leader this turn (Theology lent), then receives the Great
    Proselytizer: both are annulled (GILD-19), Theology leaves ``temp_cards``, and Superstition
    (3 cities, no religion card: 3 reduced) strikes in full: the 3 cities become tokens."""
    s = gi_state(cities(["thebes", "memphis", "tanis"], "egypt", {"upper_egypt": 6}),
                 players={"egypt": {"stock": 20}})
    p = s.players[EGYPT]
    deal(s, EGYPT, "theocratic_leader")
    g = game_for(s)
    L.set_aside(g, p, "theocratic_leader")
    L._played(p, "theocratic_leader")
    L.play_theocratic(g, "egypt", L.gi.leaders()["theocratic_leader"])
    assert p.has("theology") and L.in_effect(g, "egypt", "theocratic_leader")
    deal(s, EGYPT, "great_proselytizer")
    g.on_cards_received("egypt", "babylon", ["great_proselytizer"], "trade")
    assert not L.in_effect(g, "egypt", "theocratic_leader")
    assert not p.has("theology") and p.flags["temp_cards"] == []
    assert p.flags["annulled"] == ["theocratic_leader"] and "leaders_played" not in p.flags
    assert "great_proselytizer" not in p.hand and s.set_aside.count("great_proselytizer") == 1
    assert "both are annulled and Egypt no longer holds Theology this turn (GI-LEADER-07)" in texts(g)
    g, ctx, eff = begin(s, "superstition", "egypt")
    assert eff.done(g, ctx) and g.cities_of("egypt") == []
    assert "immune" not in texts(g)
    assert check_invariants(s) == []


@pytest.mark.variant("GI-CAL-04", "GI-LEADER-02")
def test_a_theocratic_leader_in_effect_still_gives_immunity():
    """The same three cities under a Theocratic Leader still in effect: none reduced."""
    s = gi_state(cities(["thebes", "memphis", "tanis"], "egypt", {"upper_egypt": 6}),
                 players={"egypt": {"flags": {"leaders_played": ["theocratic_leader"]}}})
    g, ctx, eff = begin(s, "superstition", "egypt")
    assert eff.done(g, ctx) and g.cities_of("egypt") == ["memphis", "tanis", "thebes"]


@pytest.mark.variant("GI-LEADER-02", "GI-LEADER-07")
def test_annulling_the_theocratic_leader_voids_its_two_conversions():
    """A Theocratic Leader played by a holder of Theology and Monotheism (2 conversions), then
    the Proselytizer received: the conversions are void, one conversion as plain."""
    s = gi_state(cities(["thebes"], "egypt"), players={"egypt": {"civ_cards": ["theology", "monotheism"]}})
    p = s.players[EGYPT]
    deal(s, EGYPT, "theocratic_leader")
    g = game_for(s)
    L.set_aside(g, p, "theocratic_leader")
    L._played(p, "theocratic_leader")
    L.play_theocratic(g, "egypt", L.gi.leaders()["theocratic_leader"])
    assert p.flags["conversions"] == 2 and g.conversions("egypt") == 2
    deal(s, EGYPT, "great_proselytizer")
    L.annul(g, "egypt")
    assert "conversions" not in p.flags and g.conversions("egypt") == 1
    assert "both are annulled and Egypt loses its effect this turn" in texts(g)


# ---- task 2: the calamity phase's window (design 3.9, D1) -----------------------------------------
@pytest.mark.variant("GI-LEADER-02", "GI-CAL-11")
def test_iconoclasm_with_five_cities_reduces_one_after_a_calamity_window_play():
    """Egypt (5 cities) holds Iconoclasm and the Theocratic Leader: the calamity phase opens
    with Egypt owing play_leaders, nothing resolved yet; played, Egypt holds Theology and
    Iconoclasm reduces 4 - 3 = 1 of his cities (Egypt is asked to name 1)."""
    s = iconoclasm_position()
    g = at_calamities(s)
    ds = owed(s)
    assert [(d.player, d.kind) for d in ds] == [(EGYPT, "play_leaders")]
    assert ds[0].options == {"leaders": ["theocratic_leader"], "window": "calamities"}
    assert s.step["stage"] == "leaders" and len(g.cities_of("egypt")) == 5
    assert "Iconoclasm" not in texts(g)
    s, ev = play(s, {"type": "play_leaders", "player": EGYPT, "cards": ["theocratic_leader"]})
    assert s.players[EGYPT].flags["temp_cards"] == ["theology"]
    assert s.players[EGYPT].flags["leaders_played"] == ["theocratic_leader"]
    assert "theocratic_leader" in s.set_aside and "theocratic_leader" not in s.players[EGYPT].hand
    d = owed(s)[0]
    assert (d.player, d.kind, d.options["count"]) == (EGYPT, "calamity_cities", 1)
    s, _ = play(s, {"type": "choose_cities", "player": EGYPT, "cities": ["tanis"]})
    g = game_for(s)
    assert sorted(g.cities_of("egypt")) == ["alexandria", "buhen", "memphis", "thebes"]
    assert check_invariants(s) == []


@pytest.mark.variant("GI-LEADER-02", "GI-CAL-11")
def test_the_window_timeout_plays_nothing_and_iconoclasm_reduces_four():
    """D1's timeout: nothing played, the Theocratic Leader stays in the hand and Iconoclasm
    reduces 4 of Egypt's 5 Content cities."""
    s = iconoclasm_position()
    at_calamities(s)
    s, _ = play(s, {"type": "timeout", "player": EGYPT})
    assert "theocratic_leader" in s.players[EGYPT].hand
    assert "temp_cards" not in s.players[EGYPT].flags
    d = owed(s)[0]
    assert (d.player, d.kind, d.options["count"]) == (EGYPT, "calamity_cities", 4)


@pytest.mark.variant("GI-LEADER-01", "GI-LEADER-07")
def test_the_window_refuses_other_leaders_and_other_orders_and_is_sealed():
    """Only the Theocratic Leader and the Proselytizer are played in the calamity window; the
    Charismatic Leader is refused, as is any other order; Egypt's play is hidden from Babylon
    (who plays the Proselytizer) until both are in."""
    s = iconoclasm_position()
    deal(s, EGYPT, "charismatic_leader")
    deal(s, BABYLON, "great_proselytizer")
    at_calamities(s)
    assert sorted((d.player, d.kind) for d in owed(s)) == [(EGYPT, "play_leaders"), (BABYLON, "play_leaders")]
    assert next(d for d in owed(s) if d.player == EGYPT).options["leaders"] == ["theocratic_leader"]
    before = s.digest()
    for o in ({"type": "play_leaders", "player": EGYPT, "cards": ["charismatic_leader"]},
              {"type": "choose_cities", "player": EGYPT, "cities": ["tanis"]}):
        with pytest.raises(IllegalOrder) as e:
            engine.apply(s, o)
        assert e.value.rule == "GI-LEADER-01"
        assert s.digest() == before
    s, _ = play(s, {"type": "play_leaders", "player": EGYPT, "cards": ["theocratic_leader"]})
    seen = information_state(s, BABYLON)
    assert seen.step["leaders"]["plays"] == {}
    assert information_state(s, EGYPT).step["leaders"]["plays"] == {str(EGYPT): ["theocratic_leader"]}
    s, _ = play(s, {"type": "play_leaders", "player": BABYLON, "cards": ["great_proselytizer"]})
    assert s.players[BABYLON].has("monotheism") and s.players[EGYPT].has("theology")
    assert "charismatic_leader" in s.players[EGYPT].hand


@pytest.mark.variant("GI-LEADER-07")
def test_a_proselytizer_played_in_the_window_converts_one_area():
    """Babylon (tokens in Upper Egypt, no Monotheism) plays the Proselytizer in the window: it
    holds Monotheism at the end of the calamity phase and is asked to convert one area:
    Egypt's 3 tokens in Buhen become Babylon's."""
    board = {"upper_egypt": {"tokens": {"babylon": 2}}, "buhen": {"tokens": {"egypt": 3}}}
    s = gi_state(board, players={"babylon": {"stock": 10}})
    deal(s, BABYLON, "great_proselytizer")
    at_calamities(s)
    s, _ = play(s, {"type": "play_leaders", "player": BABYLON, "cards": ["great_proselytizer"]})
    d = owed(s)[0]
    assert (d.player, d.kind) == (BABYLON, "monotheism") and "buhen" in d.options["areas"]
    s, _ = play(s, {"type": "convert", "player": BABYLON, "area": "buhen"})
    g = game_for(s)
    assert g.tokens("buhen", "babylon") == 3 and g.tokens("buhen", "egypt") == 0
    assert not [d for d in owed(s) if d.kind == "monotheism"]


@pytest.mark.variant("GI-LEADER-02")
def test_theocratic_leader_with_theology_and_monotheism_gives_two_conversions():
    """Egypt owns Theology and Monotheism and plays the Theocratic Leader in the window:
    ``flags["conversions"] = 2``, and the Monotheism step takes two ``convert`` orders: Babylon's
    2 tokens in Buhen and 4 in Fayum become Egypt's (stock 10 -> 4)."""
    board = {"upper_egypt": {"tokens": {"egypt": 2}}, "buhen": {"tokens": {"babylon": 2}},
             "fayum": {"tokens": {"babylon": 4}}}
    s = gi_state(board, players={"egypt": {"stock": 10, "civ_cards": ["theology", "monotheism"]}})
    deal(s, EGYPT, "theocratic_leader")
    at_calamities(s)
    s, _ = play(s, {"type": "play_leaders", "player": EGYPT, "cards": ["theocratic_leader"]})
    assert s.players[EGYPT].flags["conversions"] == 2
    s, _ = play(s, {"type": "convert", "player": EGYPT, "area": "buhen"})
    d = owed(s)[0]
    assert (d.player, d.kind) == (EGYPT, "monotheism") and d.options["areas"] == ["fayum"]
    assert "conversion 2 of 2" in d.prompt
    s, _ = play(s, {"type": "convert", "player": EGYPT, "area": "fayum"})
    g = game_for(s)
    assert g.tokens("buhen", "egypt") == 2 and g.tokens("fayum", "egypt") == 4
    assert g.tokens("fayum", "babylon") == 0 and s.players[EGYPT].stock == 4
    assert not [d for d in owed(s) if d.kind == "monotheism"]


@pytest.mark.variant("GI-LEADER-02")
def test_one_conversion_without_the_theocratic_leader():
    """The same position, the leader not played (timeout): one conversion as plain (32.941)."""
    board = {"upper_egypt": {"tokens": {"egypt": 2}}, "buhen": {"tokens": {"babylon": 2}},
             "fayum": {"tokens": {"babylon": 4}}}
    s = gi_state(board, players={"egypt": {"stock": 10, "civ_cards": ["theology", "monotheism"]}})
    deal(s, EGYPT, "theocratic_leader")
    at_calamities(s)
    s, _ = play(s, {"type": "timeout", "player": EGYPT},
                {"type": "convert", "player": EGYPT, "area": "buhen"})
    assert not [d for d in owed(s) if d.kind == "monotheism"]
    assert s.players[EGYPT].stock == 8


@pytest.mark.variant("GI-LEADER-02", "GI-LEADER-07")
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_window_samples_are_legal(seed):
    """D1's random sample in the calamity window is always accepted."""
    s = iconoclasm_position()
    deal(s, BABYLON, "great_proselytizer")
    g = at_calamities(s)
    rng = Rng(seed)
    for _ in range(2):
        d = owed(s)[0]
        assert d.kind == "play_leaders"
        o = g.variant.phase("calamities").sample(g, d.player, rng)
        s, _ = play(s, o.to_json() if hasattr(o, "to_json") else o)
        g = game_for(s)
    assert s.step["stage"] != "leaders" and check_invariants(s) == []


@pytest.mark.variant("GI-LEADER-02")
def test_an_empty_second_convert_ends_the_conversions():
    """Two conversions allowed, the second declined: Buhen's 2 tokens are Egypt's, the Fayum's
    4 stay Babylon's (stock 10 -> 8), and no further conversion is asked."""
    board = {"upper_egypt": {"tokens": {"egypt": 2}}, "buhen": {"tokens": {"babylon": 2}},
             "fayum": {"tokens": {"babylon": 4}}}
    s = gi_state(board, players={"egypt": {"stock": 10, "civ_cards": ["theology", "monotheism"]}})
    deal(s, EGYPT, "theocratic_leader")
    at_calamities(s)
    s, ev = play(s, {"type": "play_leaders", "player": EGYPT, "cards": ["theocratic_leader"]},
                 {"type": "convert", "player": EGYPT, "area": "buhen"},
                 {"type": "convert", "player": EGYPT, "area": ""})
    g = game_for(s)
    assert g.tokens("buhen", "egypt") == 2 and g.tokens("fayum", "babylon") == 4
    assert s.players[EGYPT].stock == 8
    assert "Egypt converts no further area this turn." in [e.text for e in ev]
    assert not [d for d in owed(s) if d.kind == "monotheism"]
