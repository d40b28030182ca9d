"""tresham/games/advciv/grand_imperial/calamities/: Grand Imperial's calamity changes (slice 9,
docs/variants/grand-imperial.md section 3.13, GI-CAL-01..13; EP-9 in rules/calamities).
Rulings GIC-n: docs/rulings/grand-imperial-calamities.md. Numbers: the seed
(001_199a5eef780342bd.txt, section 12) and the design's scenarios S-11, S-12, S-13.

A city's disposition is its luxury die (``variant_state["luxury"]``: the points given to it;
0 Revolt, 1 Unhappy, 2 Content, 3 Satisfied, 5 Happy; no die Content)."""
from __future__ import annotations

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.grand_imperial.calamities import GICalamitiesPhase
from tresham.games.advciv.grand_imperial.calamities import political as pol
from tresham.games.advciv.grand_imperial import fleet, sites
from tresham.games.advciv.grand_imperial.calamities.piracy import PiracyMode
from tresham.games.advciv.grand_imperial.calamities.slave_revolt import blocked_tax_base
from tresham.games.advciv.grand_imperial.variant import KEY, GrandImperial
from tresham.games.advciv.phase import PHASES
from tresham.games.advciv.rules.calamities.base import EFFECTS
from tresham.games.advciv.rules.calamities.superstition import ChooseCities
from tresham.games.advciv.rules.calamities.civil_war import SelectUnits
from tresham.games.advciv.rules.taxation import collect, revolting
from tresham.games.advciv.variant import VARIANTS, game_for
from tresham.games.contract import IllegalOrder
from tresham.rng import Rng

from tests.helpers import SEVEN, SIX, position

GI = {"variant": KEY, "wem": True}
EGYPT, BABYLON, ASSYRIA, ASIA, CRETE, THRACE = range(6)
TOKENS = 55


@pytest.fixture(autouse=True)
def grand_imperial(monkeypatch):
    """Grand Imperial registered for one test (it is not a built-in variant)."""
    monkeypatch.setitem(VARIANTS, KEY, GrandImperial())
    yield VARIANTS[KEY]


def gi_state(board, players=None, dice=None, sites=None, nations=SIX):
    """A Grand Imperial position in a phase that changes nothing by itself; a nation not given
    a stock has none (its tokens in treasury), so who has the most in stock is clear."""
    specs = {}
    for n in nations:
        spec = dict((players or {}).get(n, {}))
        on_board = sum(a.get("tokens", {}).get(n, 0) for a in board.values())
        spec.setdefault("stock", 0)
        spec.setdefault("treasury", TOKENS - on_board - spec["stock"])
        specs[n] = spec
    state, _ = position(nations=nations, options={**GI, "players": len(nations)}, board=board,
                        players=specs, phase="pick")
    state.variant_state["luxury"] = dict(dice or {})
    if sites:
        state.variant_state["sites"] = {a: {"owner": o, "active": list(adv), "flipped": [], "decay": None}
                                        for a, (o, adv) in sites.items()}
    return state


def cities(areas, owner, tokens=None):
    out = {a: {"city": owner} for a in areas}
    for a, n in (tokens or {}).items():
        out.setdefault(a, {})["tokens"] = {owner: n}
    return out


def phase():
    return VARIANTS[KEY].phase("calamities")


def begin(state, calamity, victim, trader=None):
    g = game_for(state)
    ctx = {"calamity": calamity, "victim": victim, "trader": trader}
    eff = phase().effect(g, calamity)
    eff.begin(g, ctx)
    return g, ctx, eff


def owed(g, ctx, eff):
    return [d for d in eff.pending(g, ctx) if d.required]


def refused(g, ctx, eff, order, rule):
    before = g.s.digest()
    with pytest.raises(IllegalOrder) as e:
        eff.handle(g, ctx, order)
    assert e.value.rule == rule, str(e.value)
    assert g.s.digest() == before
    return e.value


def texts(g):
    return "\n".join(e.text for e in g.events)


def sample_to_end(g, ctx, eff, seed=1):
    """Answer every decision with the random bot's sample; each must be accepted."""
    rng = Rng(seed)
    for _ in range(50):
        ds = owed(g, ctx, eff)
        if not ds:
            return
        eff.handle(g, ctx, eff.sample(g, ctx, ds[0].player, rng))
    raise AssertionError("the calamity did not end")


# ---- EP-9: effects per variant ---------------------------------------------------------------
@pytest.mark.variant("GI-TURN-11")
def test_the_variant_phase_overlays_its_effects_and_the_plain_one_is_untouched():
    """EP-9: the plain phase resolves with ``EFFECTS``; Grand Imperial's with its own
    subclasses for the twelve calamities it changes, the others (the Expansion Project's)
    the plain ones; its calamity phase still comes before acquisition of civilization cards."""
    plain, gi_phase = PHASES["calamities"], phase()
    assert isinstance(gi_phase, GICalamitiesPhase)
    assert plain.effects() is EFFECTS
    changed = {"volcano", "treachery", "famine", "superstition", "civil_war", "slave_revolt",
               "flood", "barbarian_hordes", "epidemic", "civil_disorder", "iconoclasm", "piracy"}
    for cid, eff in gi_phase.effects().items():
        if cid in changed:
            assert type(eff) is not type(EFFECTS[cid]) and isinstance(eff, type(EFFECTS[cid]))
        else:
            assert eff is EFFECTS[cid]
    assert set(plain.accepts) <= set(gi_phase.accepts)
    assert set(pol.POLITICAL) <= changed  # GIR-39's six political calamities (GI-CAL-13)
    turn = VARIANTS[KEY].turn
    assert turn.index("calamities") < turn.index("advances")


# ---- GI-CAL-13 (GIR-39): the order of naming ---------------------------------------------------
@pytest.mark.variant("GI-CAL-13", "GI-LUX-05", "GI-LUX-06")
@pytest.mark.parametrize("die,rank", [(0, 0), (1, 0), (2, 1), (None, 1), (3, 2), (4, 2), (5, None)])
def test_political_rank_by_disposition(die, rank):
    """GIR-39: Unhappy and Revolt first (0), Content (1, also a city with no die), Satisfied
    last (2), Happy never (None)."""
    s = gi_state(cities(["thebes"], "egypt"), dice={} if die is None else {"thebes": die})
    assert pol.rank(game_for(s), "thebes") == rank


POLITICAL_TABLE = [
    # calamity, dice of Egypt's cities (thebes, memphis, tanis, buhen, alexandria), cards, ->
    # the cities reduced or lost
    ("superstition", [5, 5, 2, 2, 2], [], 3, None),          # 3 of the 3 Content
    ("superstition", [5, 1, 3, 3, 3], ["deism"], 1, None),    # Deism 1: the Unhappy one
    ("civil_disorder", [5, 3, 2, 1, 1], [], 4, None),         # all but the Happy one
    ("civil_disorder", [5, 3, 2, 1, 1], ["law"], 3, None),    # Satisfied spared too
    ("iconoclasm", [5, 1, 1, 2, 3], ["law", "philosophy"], 2, ["memphis", "tanis"]),  # 2: the Unhappy ones
    ("treachery", [5, 3, 2, 2, 1], [], 1, ["alexandria"]),    # only the Unhappy one
]


@pytest.mark.variant("GI-CAL-13", "GI-CAL-02", "GI-CAL-04", "GI-CAL-10", "GI-CAL-11")
@pytest.mark.parametrize("calamity,dice,cards,lost,which", POLITICAL_TABLE)
def test_political_calamities_table(calamity, dice, cards, lost, which):
    """GIR-39 over the political effects: the Happy city is never named; a random choice
    (the site default) follows the order; the number of cities lost as the seed's rows say."""
    areas = SEVEN[:5]
    s = gi_state(cities(areas, "egypt", {"upper_egypt": 20}),
                 players={"egypt": {"civ_cards": cards}}, dice=dict(zip(areas, dice)))
    g, ctx, eff = begin(s, calamity, "egypt")
    while owed(g, ctx, eff):
        eff.timeout(g, ctx, owed(g, ctx, eff)[0].player)
    left = g.cities_of("egypt")
    assert "thebes" in left  # the Happy city
    assert len(areas) - len(left) == lost
    if which is not None:
        assert sorted(set(areas) - set(left)) == which


@pytest.mark.variant("GI-CAL-13", "GI-CAL-02", "GI-CAL-04", "GI-CAL-06", "GI-CAL-11")
@pytest.mark.parametrize("calamity,trader", [("superstition", None), ("iconoclasm", None),
                                             ("treachery", "assyria"), ("treachery", None),
                                             ("slave_revolt", None)])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_samples_are_legal_and_never_name_a_happy_city(calamity, trader, seed):
    """The random bot's samples are accepted to the end; the Happy city stays; a Satisfied
    city goes only once every worse one has (GIR-39). (Slave Revolt short of a Civil War
    reduces for lack of support, 26.3, any city: ruling GIC-18.)"""
    areas = SEVEN[:6]
    dice = dict(zip(areas, [5, 1, 2, 2, 3, 0]))  # Thebes Happy, Alexandria Satisfied
    s = gi_state(cities(areas, "egypt", {"upper_egypt": 8, "nubia": 2}), dice=dice,
                 players={"egypt": {"stock": 10}, "assyria": {"stock": 20}})
    g, ctx, eff = begin(s, calamity, "egypt", trader=trader)
    sample_to_end(g, ctx, eff, seed)
    gone = set(areas) - set(g.cities_of("egypt"))
    assert gone
    if calamity == "slave_revolt":
        # 10 tokens, all unsupporting; each reduced city's tokens support the rest (30.422)
        assert not ctx.get("civil_war") and ctx["unsupporting"] == 10 and len(gone) == 3
        return
    assert "thebes" not in gone
    if "alexandria" in gone:
        assert {"memphis", "tanis", "buhen", "gaza"} <= gone


# ---- GI-CAL-02 Treachery -----------------------------------------------------------------------
@pytest.mark.variant("GI-CAL-02")
def test_s12_treachery_content_or_better_is_immune():
    """S-12: Babylon's 3 cities have dice 2, 3 and 5; Treachery traded by Assyria: no change."""
    areas = ["thebes", "memphis", "tanis"]
    s = gi_state(cities(areas, "babylon", {"upper_egypt": 6}), dice=dict(zip(areas, [2, 3, 5])),
                 players={"babylon": {"flags": {"calamity_from": {"treachery": "assyria"}}}})
    g, ctx, eff = begin(s, "treachery", "babylon", trader="assyria")
    assert g.cities_of("babylon") == sorted(areas) and g.cities_of("assyria") == []
    assert eff.done(g, ctx)
    assert ("Treachery has no effect: none of Babylon's cities is Unhappy or in Revolt "
            "(GI-CAL-02)") in texts(g)


@pytest.mark.variant("GI-CAL-02")
def test_treachery_offers_only_the_unhappy_and_revolt_cities_never_the_capital():
    areas = ["thebes", "memphis", "tanis", "buhen"]
    s = gi_state(cities(areas, "babylon", {"upper_egypt": 8}),
                 dice={"thebes": 0, "memphis": 1, "tanis": 1, "buhen": 2},
                 sites={"thebes": ("babylon", ["palace"])})
    g, ctx, eff = begin(s, "treachery", "babylon", trader="assyria")
    d = owed(g, ctx, eff)
    assert [x.player for x in d] == [ASSYRIA]
    assert d[0].options["cities"] == ["memphis", "tanis"]  # Thebes is the capital
    refused(g, ctx, eff, ChooseCities(ASSYRIA, ["buhen"]), "GI-CAL-02")
    refused(g, ctx, eff, ChooseCities(ASSYRIA, ["thebes"]), "GI-CAL-02")
    eff.handle(g, ctx, ChooseCities(ASSYRIA, ["tanis"]))
    assert g.cities_of("assyria") == ["tanis"] and len(g.cities_of("babylon")) == 3


@pytest.mark.variant("GI-CAL-02")
@pytest.mark.rule("30.221", "28.3")
@pytest.mark.site("SITE-SAFE-05")
def test_treachery_names_its_trader_publicly_only_when_he_takes_a_city():
    """As in the plain game: Assyria is seen choosing Babylon's Unhappy city, so the history
    names him; against Babylon's Content cities (S-12) nothing happens and nobody learns
    who traded the card."""
    areas = ["thebes", "memphis", "tanis", "buhen"]
    s = gi_state(cities(areas, "babylon", {"upper_egypt": 8}),
                 dice={"thebes": 0, "memphis": 1, "tanis": 1, "buhen": 2},
                 sites={"thebes": ("babylon", ["palace"])})
    g, ctx, eff = begin(s, "treachery", "babylon", trader="assyria")
    assert [e.text for e in g.events if e.to is None and e.kind == "calamity_trader"] == [
        "Treachery was traded to Babylon by Assyria, who takes one of his cities (30.221)."]
    s2 = gi_state(cities(areas[:3], "babylon", {"upper_egypt": 6}), dice=dict(zip(areas, [2, 3, 5])))
    g2, ctx2, eff2 = begin(s2, "treachery", "babylon", trader="assyria")
    assert eff2.done(g2, ctx2) and not any("assyria" in e.text.lower() for e in g2.events)


@pytest.mark.variant("GI-CAL-02")
def test_untraded_treachery_with_one_unhappy_city_reduces_it():
    areas = ["thebes", "memphis", "tanis"]
    s = gi_state(cities(areas, "babylon", {"upper_egypt": 6}), dice={"thebes": 5, "memphis": 1, "tanis": 3})
    g, ctx, eff = begin(s, "treachery", "babylon")
    assert g.cities_of("babylon") == ["tanis", "thebes"] and eff.done(g, ctx)


# ---- GI-CAL-04 Superstition --------------------------------------------------------------------
@pytest.mark.variant("GI-CAL-04", "GI-LUX-06")
def test_superstition_happy_cities_are_immune_two_reduced_not_three():
    """2 Happy + 2 Content cities and no religion card: 2 reduced, not 3."""
    areas = ["thebes", "memphis", "tanis", "buhen"]
    s = gi_state(cities(areas, "egypt", {"upper_egypt": 8}),
                 dice={"thebes": 5, "memphis": 5, "tanis": 2, "buhen": 2})
    g, ctx, eff = begin(s, "superstition", "egypt")
    assert eff.done(g, ctx)
    assert g.cities_of("egypt") == ["memphis", "thebes"]
    assert "cannot be named (Happy, GI-CAL-04)" in texts(g)


@pytest.mark.variant("GI-CAL-04", "GI-CAL-13")
def test_superstition_refuses_a_choice_that_leaves_out_the_unhappy_city_or_names_a_happy_one():
    areas = ["thebes", "memphis", "tanis", "buhen", "alexandria", "gaza"]
    s = gi_state(cities(areas, "egypt", {"upper_egypt": 12}),
                 dice={"thebes": 5, "memphis": 1, "tanis": 2, "buhen": 2, "alexandria": 3, "gaza": 2})
    g, ctx, eff = begin(s, "superstition", "egypt")
    d = owed(g, ctx, eff)[0]
    assert d.options["count"] == 3 and d.options["compulsory"] == ["memphis"]
    assert "thebes" not in d.options["cities"]
    refused(g, ctx, eff, ChooseCities(EGYPT, ["tanis", "buhen", "gaza"]), "GI-CAL-04")
    refused(g, ctx, eff, ChooseCities(EGYPT, ["memphis", "tanis", "thebes"]), "GI-CAL-04")
    # a Satisfied city only when nothing else remains
    refused(g, ctx, eff, ChooseCities(EGYPT, ["memphis", "tanis", "alexandria"]), "GI-CAL-04")
    eff.handle(g, ctx, ChooseCities(EGYPT, ["buhen", "memphis", "tanis"]))
    assert g.cities_of("egypt") == ["alexandria", "gaza", "thebes"]


@pytest.mark.variant("GI-CAL-04")
def test_superstition_theocratic_leader_means_immunity():
    areas = ["thebes", "memphis", "tanis"]
    s = gi_state(cities(areas, "egypt", {"upper_egypt": 6}),
                 players={"egypt": {"flags": {"leaders_played": ["theocratic_leader"]}}})
    g, ctx, eff = begin(s, "superstition", "egypt")
    assert g.cities_of("egypt") == sorted(areas) and eff.done(g, ctx)


@pytest.mark.variant("GI-CAL-04")
def test_superstition_reduced_city_site_decays_lose():
    """Reduced cities lose advances "as under Famine": none at once, the site decays "lose"."""
    s = gi_state(cities(["thebes"], "egypt", {"upper_egypt": 2}),
                 sites={"thebes": ("egypt", ["granary", "college"])})
    g, ctx, eff = begin(s, "superstition", "egypt")
    assert g.cities_of("egypt") == []
    assert s.variant_state["sites"]["thebes"] == {"owner": "egypt", "active": ["granary", "college"],
                                                  "flipped": [], "decay": "lose"}


# ---- GI-CAL-10 Civil Disorder ------------------------------------------------------------------
S11_AREAS = ["thebes", "memphis", "tanis", "buhen", "alexandria", "gaza"]


def s11(cards=("law", "music"), dice=(5, 3, 2, 2, 1, 0)):
    board = cities(S11_AREAS, "babylon", {"upper_egypt": 12})
    return gi_state(board, dice=dict(zip(S11_AREAS, dice)),
                    players={"babylon": {"civ_cards": list(cards), "stock": 10}, "assyria": {"stock": 30},
                             "asia": {"stock": 20}})


@pytest.mark.variant("GI-CAL-10")
def test_s11_civil_disorder_law_and_music():
    """S-11: Law + Music, dice 5, 3, 2, 2, 1, 0: the Unhappy city is reduced, the Revolt one
    becomes Assyria's (most tokens in stock): Babylon is left with 4 cities, Assyria +1."""
    g, ctx, eff = begin(s11(), "civil_disorder", "babylon")
    assert eff.done(g, ctx)
    assert sorted(g.cities_of("babylon")) == ["buhen", "memphis", "tanis", "thebes"]
    assert g.cities_of("assyria") == ["gaza"]
    assert "alexandria" not in g.s.board.cities and g.tokens("alexandria", "babylon") == 4


@pytest.mark.variant("GI-CAL-10")
@pytest.mark.parametrize("cards,left", [
    ([], ["thebes"]),                                                    # only Happy kept
    (["democracy"], ["memphis", "thebes"]),                              # Satisfied too
    (["law", "music"], ["buhen", "memphis", "tanis", "thebes"]),         # Unhappy reduced
    (["law", "music", "drama_and_poetry"], ["alexandria", "buhen", "memphis", "tanis", "thebes"]),
    (["law", "music", "drama_and_poetry", "democracy"],
     ["alexandria", "buhen", "memphis", "tanis", "thebes"]),
    (["military"], []),                                                  # Happy too
    (["law", "military"], ["thebes"]),                                   # one step back
])
def test_civil_disorder_good_cards_and_military(cards, left):
    """With 0/1/2/3/4 good cards a city is spared from Happy, Satisfied, Content, Unhappy
    (GID-12) and always; Military one step stricter. The Revolt city always goes to Assyria."""
    g, ctx, eff = begin(s11(cards), "civil_disorder", "babylon")
    assert sorted(g.cities_of("babylon")) == left
    assert g.cities_of("assyria") == ["gaza"]


@pytest.mark.variant("GI-CAL-10")
def test_civil_disorder_roadbuilding_no_longer_counts_and_the_capital_is_never_given():
    """Law, Music and Roadbuilding: still only the Unhappy Alexandria is reduced (the plain
    count would add one for Roadbuilding). Gaza, die 0, is the capital: its Palace's thresholds
    (2 fewer points a level, GI-LUX-03) make it Content, so it is neither given nor reduced."""
    s = s11(["law", "music", "roadbuilding"], dice=(5, 3, 2, 2, 1, 0))
    s.variant_state["sites"] = {"gaza": {"owner": "babylon", "active": ["palace"], "flipped": [],
                                         "decay": None}}
    g, ctx, eff = begin(s, "civil_disorder", "babylon")
    assert pol.disposition(g, "gaza") == "content"
    assert g.cities_of("assyria") == []
    assert sorted(g.cities_of("babylon")) == ["buhen", "gaza", "memphis", "tanis", "thebes"]


# ---- GI-CAL-11 Iconoclasm and Heresy -----------------------------------------------------------
@pytest.mark.variant("GI-CAL-11", "GI-LUX-06")
def test_iconoclasm_happy_city_is_immune_the_other_four_are_reduced():
    """5 cities (1 Happy, 1 Unhappy, 3 Content), 4 to reduce: the other four."""
    areas = ["thebes", "memphis", "tanis", "buhen", "alexandria"]
    s = gi_state(cities(areas, "egypt", {"upper_egypt": 10}),
                 dice={"thebes": 5, "memphis": 1, "tanis": 2, "buhen": 2, "alexandria": 2})
    g, ctx, eff = begin(s, "iconoclasm", "egypt")
    assert g.cities_of("egypt") == ["thebes"]
    assert ctx["stage"] != "own"


@pytest.mark.variant("GI-CAL-11", "GI-CAL-13")
def test_iconoclasm_a_choice_leaving_out_the_unhappy_city_is_refused():
    """6 cities (1 Happy, 1 Unhappy, 4 Content), 4 to reduce."""
    areas = ["thebes", "memphis", "tanis", "buhen", "alexandria", "gaza"]
    s = gi_state(cities(areas, "egypt", {"upper_egypt": 12}),
                 dice={"thebes": 5, "memphis": 1, "tanis": 2, "buhen": 2, "alexandria": 2, "gaza": 2})
    g, ctx, eff = begin(s, "iconoclasm", "egypt")
    assert owed(g, ctx, eff)[0].options["count"] == 4
    e = refused(g, ctx, eff, ChooseCities(EGYPT, ["tanis", "buhen", "alexandria", "gaza"]), "GI-CAL-11")
    assert "Memphis must be named first" in str(e)
    refused(g, ctx, eff, ChooseCities(EGYPT, ["thebes", "tanis", "buhen", "memphis"]), "GI-CAL-11")
    eff.handle(g, ctx, ChooseCities(EGYPT, ["memphis", "tanis", "buhen", "gaza"]))
    assert g.cities_of("egypt") == ["alexandria", "thebes"]


@pytest.mark.variant("GI-CAL-11", "GI-LUX-06")
def test_iconoclasm_never_names_a_happy_city_of_another_player():
    """Egypt's one city is reduced (4, clamped to 1); then 2 cities of other players: Babylon's
    Tyre is Happy, so Babylon's Sidon and Assyria's Nineveh are the only choice."""
    board = {**cities(["thebes"], "egypt"), **cities(["tyre", "sidon"], "babylon"),
             **cities(["nineveh"], "assyria")}
    s = gi_state(board, dice={"tyre": 5})
    g, ctx, eff = begin(s, "iconoclasm", "egypt")
    assert ctx["stage"] == "done" and ctx["m"] == 2
    assert g.cities_of("babylon") == ["tyre"] and g.cities_of("assyria") == []


@pytest.mark.variant("GI-CAL-11")
@pytest.mark.parametrize("seed", [1, 2])
def test_iconoclasm_secondary_choice_offers_no_happy_city_and_samples_are_legal(seed):
    board = {**cities(["thebes"], "egypt"), **cities(["tyre", "sidon", "jerusalem"], "babylon"),
             **cities(["nineveh", "damascus"], "assyria")}
    s = gi_state(board, dice={"tyre": 5, "damascus": 5})
    g, ctx, eff = begin(s, "iconoclasm", "egypt")
    d = owed(g, ctx, eff)
    assert d[0].options["cities"] == ["jerusalem", "nineveh", "sidon"] and d[0].options["count"] == 2
    sample_to_end(g, ctx, eff, seed)
    assert len(g.cities_of("babylon")) + len(g.cities_of("assyria")) == 5 - 2
    assert "tyre" in g.cities_of("babylon") and "damascus" in g.cities_of("assyria")


@pytest.mark.variant("GI-CAL-11")
def test_iconoclasm_reduced_city_flips_one_advance():
    """GID-11: one flipped, as in conflict, then the "flip" decay."""
    s = gi_state(cities(["thebes"], "egypt", {"upper_egypt": 2}),
                 sites={"thebes": ("egypt", ["college", "granary"])})
    g, ctx, eff = begin(s, "iconoclasm", "egypt")
    assert shape(s, "thebes", ["college", "granary"]) == (1, 1, "flip")


# ---- GI-CAL-06 Slave Revolt --------------------------------------------------------------------
@pytest.mark.variant("GI-CAL-06", "GI-CAL-05")
def test_s13_slave_revolt_becomes_a_civil_war():
    """S-13: Babylon has 5 cities, 3 with die 0: a civil_war_units decision owed by Babylon
    with the 3 Revolt cities compulsory; "Slave Revolt becomes a Civil War (GI-CAL-06)"."""
    areas = ["thebes", "memphis", "tanis", "buhen", "alexandria"]
    s = gi_state(cities(areas, "babylon", {"upper_egypt": 12, "nubia": 8}),
                 dice={"thebes": 0, "memphis": 0, "tanis": 0, "buhen": 2, "alexandria": 3},
                 players={"assyria": {"stock": 30}})
    g, ctx, eff = begin(s, "slave_revolt", "babylon")
    d = owed(g, ctx, eff)
    assert [(x.player, x.kind) for x in d] == [(BABYLON, "civil_war_units")]
    assert d[0].options["compulsory"] == ["memphis", "tanis", "thebes"]
    assert d[0].options["points"] == 35
    assert "Slave Revolt becomes a Civil War (GI-CAL-06)" in texts(g)
    assert "tax_blocked" not in s.variant_state


@pytest.mark.variant("GI-CAL-06")
def test_slave_revolt_becomes_a_civil_war_when_more_than_half_are_unhappy():
    """GIR-50: Unhappy or worse; 3 of 5 (2 Unhappy, 1 Revolt) is more than half."""
    areas = ["thebes", "memphis", "tanis", "buhen", "alexandria"]
    s = gi_state(cities(areas, "babylon", {"upper_egypt": 12}),
                 dice={"thebes": 1, "memphis": 1, "tanis": 0, "buhen": 2, "alexandria": 3},
                 players={"assyria": {"stock": 30}})
    s.board.tokens.setdefault("nubia", {})["babylon"] = 12
    s.player("babylon").treasury -= 12
    g, ctx, eff = begin(s, "slave_revolt", "babylon")
    assert ctx.get("civil_war") and owed(g, ctx, eff)[0].kind == "civil_war_units"


@pytest.mark.variant("GI-CAL-06", "GI-TURN-01")
def test_slave_revolt_blocks_the_same_tokens_from_the_next_tax():
    """2 of 4 Unhappy is not more than half: the plain Slave Revolt, 15 tokens, and the same
    15 recorded in tax_blocked. Next turn stock 20 with 15 blocked: a tax base of 5; 4 cities
    at rate 2 owe 8: 2 cities revolt."""
    areas = ["thebes", "memphis", "tanis", "buhen"]
    s = gi_state(cities(areas, "babylon", {"upper_egypt": 20}),
                 dice={"thebes": 1, "memphis": 1, "tanis": 2, "buhen": 2})
    g, ctx, eff = begin(s, "slave_revolt", "babylon")
    assert not ctx.get("civil_war") and ctx["unsupporting"] == 15
    assert s.variant_state["tax_blocked"] == {"babylon": 15}
    assert "may not be taxed next turn (GI-CAL-06)" in texts(g)
    g.of("babylon").stock = 20
    assert blocked_tax_base(g, "babylon") == 5
    assert revolting(4, blocked_tax_base(g, "babylon"), 2) == 2


@pytest.mark.variant("GI-CAL-06", "GI-TURN-01")
def test_the_tax_phase_taxes_a_base_without_the_blocked_tokens():
    """``GIContext.tax_base``: stock 20, 15 blocked, 4 cities at rate 2: 2 cities pay 4 tokens
    and 2 revolt (a plain game would tax all 8 and none would revolt)."""
    areas = ["thebes", "memphis", "tanis", "buhen"]
    s = gi_state(cities(areas, "babylon"), players={"babylon": {"stock": 20}})
    s.variant_state["tax_blocked"] = {"babylon": 15}
    s.step = {"revolts": []}
    g = game_for(s)
    treasury = g.of("babylon").treasury
    collect(g, "babylon", 2)
    assert g.of("babylon").treasury == treasury + 4 and g.of("babylon").stock == 16
    assert s.step["revolts"] == [{"victim": "babylon", "left": 2, "tried": []}]
    del s.variant_state["tax_blocked"]
    assert g.tax_base("babylon") == 16


@pytest.mark.variant("GI-CAL-06", "GI-CIV-02")
@pytest.mark.parametrize("cards,n", [(["galleons"], 20), (["galleons", "mining"], 25),
                                     (["galleons", "enlightenment"], 15), ([], 15)])
def test_slave_revolt_galleons_adds_five(cards, n):
    areas = ["thebes", "memphis"]
    s = gi_state(cities(areas, "babylon", {"upper_egypt": 30}))
    for c in cards:
        s.player("babylon").civ_cards[c] = 1
    g, ctx, eff = begin(s, "slave_revolt", "babylon")
    assert ctx["unsupporting"] == n and s.variant_state["tax_blocked"] == {"babylon": n}


@pytest.mark.variant("GI-CAL-06")
def test_the_calamity_phase_lifts_last_turns_block():
    """GIC-6: the block is for the tax phase that follows; at the next calamity phase it is
    gone."""
    s = gi_state(cities(["thebes"], "egypt", {"upper_egypt": 2}))
    s.variant_state["tax_blocked"] = {"egypt": 15}
    g = game_for(s)
    s.phase = "calamities"
    phase().start(g)
    assert "tax_blocked" not in s.variant_state


# ---- GI-CAL-05 Civil War -----------------------------------------------------------------------
CW_AREAS = ["thebes", "memphis", "tanis", "buhen", "alexandria", "gaza"]


def civil_war_state(dice, capital=None, cards=()):
    return gi_state(cities(CW_AREAS, "babylon", {"upper_egypt": 15, "nubia": 15}),
                    dice=dict(zip(CW_AREAS, dice)),
                    players={"assyria": {"stock": 40}, "babylon": {"civ_cards": list(cards)}},
                    sites={capital: ("babylon", ["palace"])} if capital else None)


def units(cities_, upper=15, nubia=10):
    return SelectUnits(BABYLON, tokens={"upper_egypt": upper, "nubia": nubia}, cities=cities_)


@pytest.mark.variant("GI-CAL-05")
def test_civil_war_faction_order_revolt_then_tokens_then_unhappy_then_content():
    """Quota 15 + 20 = 35 unit points, all selected by the victim (GIR-49): Thebes (Revolt)
    compulsory; Satisfied, Happy and the capital cannot be named; a Content city only after
    every Unhappy one. Thebes Revolt, Memphis Unhappy, Tanis Content, Buhen the capital,
    Alexandria Satisfied, Gaza Happy."""
    s = civil_war_state([0, 1, 2, 2, 3, 5], capital="buhen")
    g, ctx, eff = begin(s, "civil_war", "babylon")
    d = owed(g, ctx, eff)
    assert [(x.player, x.kind) for x in d] == [(BABYLON, "civil_war_units")]
    assert d[0].options["points"] == 35 and d[0].options["compulsory"] == ["thebes"]
    assert d[0].options["cities"] == ["memphis", "tanis", "thebes"]
    assert "Satisfied" in str(refused(g, ctx, eff, units(["thebes", "alexandria"]), "GI-CAL-05"))
    assert "capital" in str(refused(g, ctx, eff, units(["thebes", "buhen"]), "GI-CAL-05"))
    assert "Happy" in str(refused(g, ctx, eff, units(["thebes", "gaza"]), "GI-CAL-05"))
    assert "Revolt" in str(refused(g, ctx, eff, units(["memphis", "tanis"]), "GI-CAL-05"))
    assert "Unhappy" in str(refused(g, ctx, eff, units(["thebes", "tanis"]), "GI-CAL-05"))
    assert "35" in str(refused(g, ctx, eff, units(["thebes"], 10, 10), "GI-CAL-05"))
    eff.handle(g, ctx, units(["memphis", "thebes"]))
    # the first faction goes to Assyria; Babylon keeps the rest without choosing (GIR-49)
    assert eff.done(g, ctx)
    assert g.cities_of("assyria") == ["memphis", "thebes"]
    assert g.cities_of("babylon") == ["alexandria", "buhen", "gaza", "tanis"]
    assert g.tokens("upper_egypt", "assyria") == 15 and g.tokens("nubia", "assyria") == 10
    assert g.tokens("nubia", "babylon") == 5 and g.tokens("upper_egypt", "babylon") == 0


@pytest.mark.variant("GI-CAL-05")
def test_civil_war_revolt_cities_go_even_beyond_the_quota():
    """With Philosophy the faction is 15 points; 4 cities in Revolt (20) all go, at once."""
    s = civil_war_state([0, 0, 0, 0, 2, 5], cards=["philosophy"])
    g, ctx, eff = begin(s, "civil_war", "babylon")
    assert eff.done(g, ctx)
    assert g.cities_of("assyria") == ["buhen", "memphis", "tanis", "thebes"]
    assert g.cities_of("babylon") == ["alexandria", "gaza"]
    assert g.tokens("upper_egypt", "babylon") == 15 and g.tokens("nubia", "babylon") == 15


@pytest.mark.variant("GI-CAL-05")
def test_civil_war_quota_with_music_drama_and_democracy():
    """15 + 5 + 5 + 10 = 35, + 20 = 55 unit points (GIR-49)."""
    s = civil_war_state([1, 1, 2, 2, 2, 3], cards=["music", "drama_and_poetry", "democracy"])
    s.board.tokens["jalo"] = {"babylon": 10}
    s.player("babylon").treasury -= 10
    g, ctx, eff = begin(s, "civil_war", "babylon")
    assert owed(g, ctx, eff)[0].options["points"] == 55


@pytest.mark.variant("GI-CAL-05")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_civil_war_random_samples_are_legal_and_follow_the_order(seed):
    """Thebes Revolt, Memphis and Tanis Unhappy, Buhen Content, the capital Alexandria, Gaza
    Happy: every random selection is accepted and follows the order."""
    s = civil_war_state([0, 1, 1, 2, 3, 5], capital="alexandria")
    g, ctx, eff = begin(s, "civil_war", "babylon")
    sample_to_end(g, ctx, eff, seed)
    got = g.cities_of("assyria")
    assert "thebes" in got and "alexandria" not in got and "gaza" not in got
    assert "buhen" not in got or {"memphis", "tanis"} <= set(got)


@pytest.mark.variant("GI-CAL-05")
def test_civil_war_with_military_costs_each_faction_five_as_plain():
    s = civil_war_state([0, 1, 1, 2, 3, 5], capital="alexandria", cards=["military"])
    g, ctx, eff = begin(s, "civil_war", "babylon")
    before = g.unit_points_on_board("babylon")
    sample_to_end(g, ctx, eff, 1)
    assert ctx["stage"] == "done"
    lost = before - g.unit_points_on_board("babylon")
    given = g.unit_points_on_board("assyria")
    assert given == 35 - 5 and lost == 35 + 5


# ---- city advances lost (GI-CAL-01, 03, 07, 09) ---------------------------------------------------
def site_of(s, area):
    return s.variant_state.get("sites", {}).get(area)


def shape(s, area, had):
    """(active, flipped, decay) counts of the site in ``area``, checking that what is left is
    of what it ``had``."""
    site = site_of(s, area)
    if site is None:
        return None
    assert set(site["active"]) | set(site["flipped"]) <= set(had)
    assert not set(site["active"]) & set(site["flipped"])
    return len(site["active"]), len(site["flipped"]), site["decay"]


@pytest.mark.variant("GI-CAL-01")
def test_volcano_removes_every_advance_of_a_destroyed_city():
    """An eruption destroys Crete's city on Thera: its 3 advances are all removed."""
    s = gi_state(cities(["thera"], "crete"), sites={"thera": ("crete", ["college", "granary", "temple"])})
    g, ctx, eff = begin(s, "volcano", "crete")
    assert ctx["kind"] == "volcano" and "thera" not in s.board.cities
    assert site_of(s, "thera") is None
    assert "The site of Thera loses" in texts(g)


@pytest.mark.variant("GI-CAL-01")
def test_earthquake_flips_one_advance_and_records_the_flip_decay():
    """Egypt's lone city in Thebes is destroyed by an earthquake: 1 of its 3 advances is
    flipped (at random, GIC-3), the site decays "flip" (at the end of the turn the flipped one
    goes and another is flipped; the decay itself is the sites' slice)."""
    s = gi_state(cities(["thebes"], "egypt"), sites={"thebes": ("egypt", ["college", "granary", "temple"])})
    g, ctx, eff = begin(s, "volcano", "egypt")
    assert ctx["kind"] == "earthquake" and "thebes" not in s.board.cities
    assert shape(s, "thebes", ["college", "granary", "temple"]) == (2, 1, "flip")
    sites.decay(g)  # the end of the turn: the flipped one goes, another is flipped
    assert shape(s, "thebes", ["college", "granary", "temple"]) == (1, 1, "flip")


@pytest.mark.variant("GI-CAL-07")
def test_flood_removes_two_advances_then_decays_lose():
    """A flooded city with 3 advances: 1 left on the site, decaying "lose"."""
    s = gi_state(cities(["memphis"], "egypt"), sites={"memphis": ("egypt", ["college", "granary", "temple"])})
    g, ctx, eff = begin(s, "flood", "egypt")
    sample_to_end(g, ctx, eff)
    assert "memphis" not in s.board.cities
    assert shape(s, "memphis", ["college", "granary", "temple"]) == (1, 0, "lose")
    sites.decay(g)  # the end of the turn: the last one goes, and the site with it
    assert site_of(s, "memphis") is None


@pytest.mark.variant("GI-CAL-07")
def test_flood_of_a_city_with_two_advances_leaves_no_site():
    s = gi_state(cities(["memphis"], "egypt"), sites={"memphis": ("egypt", ["college", "granary"])})
    g, ctx, eff = begin(s, "flood", "egypt")
    sample_to_end(g, ctx, eff)
    assert site_of(s, "memphis") is None


@pytest.mark.variant("GI-CAL-03")
def test_famine_grain_used_by_a_granary_is_not_offered():
    """Egypt holds 3 Grain and Pottery, 1 Grain supported a Granary city this turn
    (``flags.granary_grain``): at most 2 may be shown (the plain game would offer 3)."""
    s = gi_state(cities(["thebes", "memphis"], "egypt", {"upper_egypt": 8}),
                 players={"egypt": {"hand": ["grain"] * 3, "civ_cards": ["pottery"],
                                    "flags": {"granary_grain": 1}}})
    g, ctx, eff = begin(s, "famine", "egypt")
    while ctx["stage"] == "assign":
        eff.timeout(g, ctx, EGYPT)
    grain = {d.player: d.options["max_grain"] for d in owed(g, ctx, eff) if d.kind == "famine_grain"}
    assert grain[EGYPT] == 2
    plain = EFFECTS["famine"]
    assert plain.grain_useful(g, "egypt", 10) == 3 and eff.grain_useful(g, "egypt", 10) == 2


@pytest.mark.variant("GI-CAL-03")
def test_famine_removed_city_site_decays_lose():
    """A city removed by Famine keeps its advances for now; its site loses one at the end of
    every turn until rebuilt (the "lose" decay)."""
    s = gi_state(cities(["thebes"], "egypt"), sites={"thebes": ("egypt", ["college", "granary"])})
    g, ctx, eff = begin(s, "famine", "egypt")
    sample_to_end(g, ctx, eff)
    assert "thebes" not in s.board.cities
    assert site_of(s, "thebes") == {"owner": "egypt", "active": ["college", "granary"], "flipped": [],
                                    "decay": "lose"}
    sites.decay(g)  # one a turn until rebuilt
    assert shape(s, "thebes", ["college", "granary"]) == (1, 0, "lose")


@pytest.mark.variant("GI-CAL-09")
def test_epidemic_reduced_city_loses_one_advance_then_decays():
    """GID-11: the one advance is flipped, as in conflict; then one a turn."""
    s = gi_state(cities(["thebes"], "egypt"), sites={"thebes": ("egypt", ["college", "granary"])})
    g, ctx, eff = begin(s, "epidemic", "egypt")
    sample_to_end(g, ctx, eff)
    assert "thebes" not in s.board.cities
    assert shape(s, "thebes", ["college", "granary"]) == (1, 1, "flip")
    assert site_of(s, "thebes")["owner"] == "egypt"


# ---- GI-CAL-08 Barbarian Hordes and City Walls ------------------------------------------------
@pytest.mark.variant("GI-CAL-08", "GI-CITYADV-05")
def test_no_horde_when_every_start_area_holds_a_walled_city():
    """Babylon's start areas Media, Parthia and Susa all hold his walled cities: no horde."""
    areas = ["media", "parthia", "susa"]
    s = gi_state(cities(areas, "babylon"), sites={a: ("babylon", ["city_walls"]) for a in areas})
    g, ctx, eff = begin(s, "barbarian_hordes", "babylon", trader="assyria")
    assert eff.done(g, ctx) and g.cities_of("babylon") == areas
    assert not any("barbarians" in m for m in s.board.tokens.values())
    assert "no horde appears (GI-CAL-08)" in texts(g)


@pytest.mark.variant("GI-CAL-08", "GI-CITYADV-05")
def test_the_horde_never_attacks_a_walled_city():
    """Media and Susa walled, 3 tokens in Parthia: the horde lands in Parthia (the plain
    rule would take a city, 5 points), and never enters the walled cities."""
    s = gi_state({**cities(["media", "susa"], "babylon"), "parthia": {"tokens": {"babylon": 3}}},
                 sites={a: ("babylon", ["city_walls"]) for a in ["media", "susa"]})
    g, ctx, eff = begin(s, "barbarian_hordes", "babylon", trader="assyria")
    while owed(g, ctx, eff):
        eff.timeout(g, ctx, owed(g, ctx, eff)[0].player)
    assert "15 barbarian tokens appear in Parthia" in texts(g)
    assert g.cities_of("babylon") == ["media", "susa"]
    assert g.tokens("media", "barbarians") == 0 and g.tokens("susa", "barbarians") == 0


@pytest.mark.variant("GI-CAL-08")
def test_a_city_in_revolt_cannot_use_its_walls():
    s = gi_state(cities(["media", "parthia", "susa"], "babylon"), dice={"susa": 0},
                 sites={a: ("babylon", ["city_walls"]) for a in ["media", "parthia", "susa"]})
    g, ctx, eff = begin(s, "barbarian_hordes", "babylon", trader="assyria")
    assert "15 barbarian tokens appear in Susa" in texts(g)


# ---- GI-CAL-12 Piracy (the plain mode) -----------------------------------------------------------
@pytest.mark.variant("GI-CAL-12", "GI-CITYADV-05")
def test_piracy_a_walled_or_garrisoned_coastal_city_is_not_offered():
    """Egypt's coastal cities Tanis (City Walls), Gaza (Marines), Alexandria and Sidon: the
    trader Babylon is offered only Alexandria and Sidon, both become pirate cities."""
    areas = ["tanis", "gaza", "alexandria", "sidon"]
    s = gi_state(cities(areas, "egypt"), sites={"tanis": ("egypt", ["city_walls"])})
    s.variant_state["marines"] = {"egypt": ["gaza"]}
    g, ctx, eff = begin(s, "piracy", "egypt", trader="babylon")
    assert g.cities_of("egypt") == ["gaza", "tanis"]
    assert sorted(a for a, o in s.board.cities.items() if o == "pirates") == ["alexandria", "sidon"]


@pytest.mark.variant("GI-CAL-12")
def test_piracy_offers_only_the_unguarded_cities_to_choose_from():
    areas = ["tanis", "gaza", "alexandria", "sidon"]
    s = gi_state(cities(areas, "egypt"), sites={"tanis": ("egypt", ["city_walls"])})
    g, ctx, eff = begin(s, "piracy", "egypt", trader="babylon")
    d = owed(g, ctx, eff)[0]
    assert d.player == BABYLON and d.options["cities"] == ["alexandria", "gaza", "sidon"]
    refused(g, ctx, eff, ChooseCities(BABYLON, ["tanis", "gaza"]), "30.911")
    sample_to_end(g, ctx, eff)
    assert "tanis" in g.cities_of("egypt") and len(g.cities_of("egypt")) == 2


def pirate_fleets(trader_tokens=0):
    """Egypt: ship 1 in Tanis with 3 cards, ship 2 in Gaza with 2 cards and Marines aboard;
    Babylon: one Trireme (room 5) in Sidon with ``trader_tokens`` tokens aboard."""
    s = gi_state(cities(["tanis", "gaza", "alexandria", "sidon"], "egypt"))
    g = game_for(s)
    a = fleet.add(g, "egypt", "tanis")
    a["cards"] = ["salt", "salt", "ochre"]
    b = fleet.add(g, "egypt", "gaza")
    b["cards"], b["marines"] = ["gold", "gold"], 1
    c = fleet.add(g, "babylon", "sidon")
    c["tokens"] = trader_tokens
    return s


@pytest.mark.variant("GI-CAL-12", "GI-SHIP-07")
def test_piracy_ships_mode_takes_the_cards_of_the_unguarded_ships():
    """3 cards on an unguarded ship and 2 on a ship with Marines: the trader gets 3."""
    s = pirate_fleets()
    g, ctx, eff = begin(s, "piracy", "egypt", trader="babylon")
    d = owed(g, ctx, eff)
    assert [(x.player, x.kind) for x in d] == [(BABYLON, "piracy_mode")] and d[0].options["cards"] == 3
    refused(g, ctx, eff, PiracyMode(EGYPT, "ships"), "GI-CAL-12")
    eff.handle(g, ctx, PiracyMode(BABYLON, "ships"))
    assert eff.done(g, ctx)
    assert sorted(fleet.ship(s, "babylon", 1)["cards"]) == ["ochre", "salt", "salt"]
    assert fleet.ship(s, "egypt", 1)["cards"] == [] and fleet.ship(s, "egypt", 2)["cards"] == ["gold", "gold"]
    assert g.cities_of("egypt") == ["alexandria", "gaza", "sidon", "tanis"]


@pytest.mark.variant("GI-CAL-12")
@pytest.mark.rule("28.3")
@pytest.mark.site("SITE-SAFE-05")
def test_piracy_names_its_trader_publicly_when_he_chooses_what_the_pirates_take():
    """Babylon is seen choosing between the cards on Egypt's ships and his coastal cities
    (and the cards go aboard Babylon's ships): the history names him before either."""
    s = pirate_fleets()
    g, ctx, eff = begin(s, "piracy", "egypt", trader="babylon")
    assert [e.text for e in g.events if e.to is None and e.kind == "calamity_trader"] == [
        "Piracy was traded to Egypt by Babylon, who chooses what the pirates take (GI-CAL-12)."]


@pytest.mark.variant("GI-CAL-12")
def test_piracy_ships_mode_discards_what_the_traders_ships_cannot_hold():
    """Babylon's Trireme holds 3 tokens (room 2): 2 stowed, 1 discarded (set aside)."""
    s = pirate_fleets(trader_tokens=3)
    g, ctx, eff = begin(s, "piracy", "egypt", trader="babylon")
    eff.timeout(g, ctx, BABYLON)  # D17 timeout: ships, a card can be taken
    assert len(fleet.ship(s, "babylon", 1)["cards"]) == 2 and len(s.set_aside) == 1
    assert "3 cards aboard Egypt's ships go to Babylon: 2 stowed on his ships, 1 discarded" in texts(g)


@pytest.mark.variant("GI-CAL-12")
def test_piracy_cities_mode_is_the_plain_one_and_untraded_piracy_asks_nothing():
    s = pirate_fleets()
    g, ctx, eff = begin(s, "piracy", "egypt", trader="babylon")
    eff.handle(g, ctx, PiracyMode(BABYLON, "cities"))
    d = owed(g, ctx, eff)
    assert [(x.player, x.kind) for x in d] == [(BABYLON, "calamity_cities")]
    assert len(fleet.ship(s, "egypt", 1)["cards"]) == 3
    s2 = pirate_fleets()
    g2, ctx2, eff2 = begin(s2, "piracy", "egypt")
    assert ctx2["stage"] != "mode"


@pytest.mark.variant("GI-CAL-12")
def test_the_piracy_form_and_samples():
    from tresham.games import registry

    R = registry.get("advciv")
    s = pirate_fleets()
    g, ctx, eff = begin(s, "piracy", "egypt", trader="babylon")
    sample_to_end(g, ctx, eff, 4)
    s = pirate_fleets()
    s.players[EGYPT].hand.append("piracy")
    s.player("egypt").flags["calamity_from"] = {"piracy": "babylon"}
    s.players[THRACE].hand.extend(["gold"] * 5)
    at_phase(s)
    (f,) = R.order_forms(s, BABYLON)
    assert f.id == "piracy_mode" and [c.value for c in f.fields[0].choices] == ["ships", "cities"]
    assert R.form_order(s, BABYLON, "piracy_mode", {"mode": "cities"}) == {
        "type": "piracy_mode", "player": BABYLON, "mode": "cities"}


# ---- the phase, played ------------------------------------------------------------------------
@pytest.mark.variant("GI-CAL-06", "GI-CAL-05", "GI-TURN-11")
def test_s13_through_the_phase_and_the_order_answers_it():
    """S-13 through the calamity phase: Babylon holds Slave Revolt, 3 of its 5 cities in
    Revolt; the engine owes Babylon a civil_war_units decision, and his selection hands the
    first faction to Assyria."""
    areas = ["thebes", "memphis", "tanis", "buhen", "alexandria"]
    s = gi_state(cities(areas, "babylon", {"upper_egypt": 12, "nubia": 8}),
                 dice={"thebes": 0, "memphis": 0, "tanis": 0, "buhen": 2, "alexandria": 3},
                 players={"assyria": {"stock": 30}, "babylon": {"hand": ["slave_revolt"]},
                          "thrace": {"hand": ["gold"] * 5}})
    s.phase = "calamities"
    g = game_for(s)
    phase().start(g)
    d = [x for x in engine.pending(s) if x.required]
    assert [(x.player, x.kind) for x in d] == [(BABYLON, "civil_war_units")]
    s2, ev = engine.apply(s, {"type": "civil_war_units", "player": BABYLON,
                              "tokens": {"upper_egypt": 12, "nubia": 8}, "cities": ["thebes", "memphis", "tanis"]})
    g2 = game_for(s2)
    assert g2.cities_of("assyria") == ["memphis", "tanis", "thebes"]
    assert g2.cities_of("babylon") == ["alexandria", "buhen"]
    assert "Slave Revolt becomes a Civil War (GI-CAL-06)" in "\n".join(e.text for e in g.events)


# ---- a capital lost brings a Civil War (GI-CAL-05, GI-CITYADV-14) ---------------------------------
def at_phase(s):
    s.phase = "calamities"
    g = game_for(s)
    phase().start(g)
    return g


@pytest.mark.variant("GI-CAL-05", "GI-CITYADV-14")
def test_a_capital_lost_to_a_calamity_brings_a_civil_war_in_the_same_phase():
    """Babylon's capital on Thera is destroyed by the eruption; Memphis is Unhappy, so Babylon
    suffers a Civil War in this phase: 20 tokens + Memphis + Tanis (30 < 35) all go to Assyria."""
    board = {**cities(["thera", "memphis", "tanis"], "babylon", {"upper_egypt": 20})}
    s = gi_state(board, dice={"memphis": 1, "tanis": 2},
                 sites={"thera": ("babylon", ["palace"])},
                 players={"babylon": {"hand": ["volcano"]}, "assyria": {"stock": 35},
                          "thrace": {"hand": ["gold"] * 5}})
    g = at_phase(s)
    out = texts(g)
    assert "Babylon lost his capital to a calamity and has cities Unhappy or in Revolt" in out
    assert "Civil War strikes Babylon" in out
    assert g.cities_of("assyria") == ["memphis", "tanis"] and g.cities_of("babylon") == []
    assert g.tokens("upper_egypt", "assyria") == 20


@pytest.mark.variant("GI-CAL-05", "GI-CITYADV-14")
def test_a_capital_lost_since_the_last_calamity_phase_brings_a_civil_war():
    """``pending_civil_war: ["babylon"]`` (a capital captured in conflict while a city was
    Unhappy or in Revolt, the conflict's check): Babylon owes the Civil War's selection at the
    phase start, Memphis (Revolt) compulsory."""
    board = {**cities(["memphis", "tanis", "buhen"], "babylon", {"upper_egypt": 20, "nubia": 15}),
             **cities(["gaza"], "egypt")}
    s = gi_state(board, dice={"memphis": 0, "tanis": 1, "buhen": 2},
                 players={"assyria": {"stock": 30}, "thrace": {"hand": ["gold"] * 5}})
    s.variant_state["pending_civil_war"] = ["babylon"]
    g = at_phase(s)
    d = [x for x in engine.pending(s) if x.required]
    assert [(x.player, x.kind) for x in d] == [(BABYLON, "civil_war_units")]
    assert d[0].options["compulsory"] == ["memphis"] and d[0].options["points"] == 35
    assert "pending_civil_war" not in s.variant_state
    assert "Babylon lost his capital since the last calamity phase: he suffers a Civil War" in texts(g)


@pytest.mark.variant("GI-CAL-05", "GI-CITYADV-14")
def test_a_capital_lost_to_a_calamity_with_every_city_content_brings_none():
    """The eruption takes Babylon's capital on Thera; Memphis and Tanis are Content: no Civil
    War; the Palace goes with its city (GIR-42)."""
    board = {**cities(["thera", "memphis", "tanis"], "babylon", {"upper_egypt": 20})}
    s = gi_state(board, dice={"memphis": 2, "tanis": 2},
                 sites={"thera": ("babylon", ["palace"])},
                 players={"babylon": {"hand": ["volcano"]}, "assyria": {"stock": 35},
                          "thrace": {"hand": ["gold"] * 5}})
    g = at_phase(s)
    assert "Babylon lost his capital to a calamity, but none of his cities is Unhappy" in texts(g)
    assert g.cities_of("babylon") == ["memphis", "tanis"] and site_of(s, "thera") is None


# ---- invariants and the random-bot game ------------------------------------------------------
@pytest.mark.variant("GI-CAL-06", "GI-CAL-03")
def test_the_calamities_state_is_checked():
    from tresham.games.advciv.grand_imperial.calamities import invariants

    s = gi_state(cities(["thebes"], "egypt"), sites={"thebes": ("egypt", ["granary"])})
    assert invariants(s) == []
    s.variant_state["tax_blocked"] = {"egypt": -1, "rome": 3}
    s.variant_state["sites"]["thebes"]["decay"] = "lose"
    s.variant_state["held_civil_war"] = {"egypt": 2}
    assert invariants(s) == ["tax_blocked['egypt'] = -1", "tax_blocked['rome'] = 3",
                             "a Civil War is held but its card is not among the cards set aside",
                             "the site in thebes decays under its owner's city"]


@pytest.mark.variant("GI-CAL-13")
@pytest.mark.parametrize("seed,bots", [(7, "mixed"), (4, "heuristic")])
def test_bots_play_the_calamities_and_the_game_replays(seed, bots):
    """Six bots (random ones answer with ``sample``) for 16 turns with Grand Imperial's
    calamity phase: calamities strike, no stall, no invariant violation, no refused calamity
    sample, and the log replays to the same calamities."""
    from tresham.games.advciv.orders import is_site_order
    from tresham.games.advciv.tools.sim import play_game, seat_bots

    rec = play_game(6, seed, bots=seat_bots(bots, 6, seed), turns=16, options=dict(GI))
    assert rec.violations == [] and not rec.stalled and rec.finished and rec.replay_ok
    assert not [r for r in rec.refused_samples if r.startswith("calamities")]
    state = engine.new_game({**GI, "players": 6}, seed=seed)
    struck = 0
    for o in rec.orders:
        state, ev = engine.apply(state, o, by_site=is_site_order(o))
        struck += sum(1 for e in ev if e.kind == "calamity")
    assert struck > 0


# ---- D16 hold_civil_war (GI-CAL-05, GI-LEADER-08) -----------------------------------------------
def compromiser_state():
    s = gi_state(cities(CW_AREAS, "babylon", {"upper_egypt": 15, "nubia": 15}),
                 dice=dict(zip(CW_AREAS, [0, 1, 2, 2, 3, 5])),
                 players={"assyria": {"stock": 40}, "thrace": {"hand": ["gold"] * 5},
                          "babylon": {"hand": ["civil_war"]}})
    s.player("babylon").hand.append("great_compromiser")  # a leader, from the event stack
    if "great_compromiser" in s.stacks[-1]:
        s.stacks[-1].remove("great_compromiser")
    return s


@pytest.mark.variant("GI-CAL-05", "GI-LEADER-08")
def test_a_compromiser_holder_may_hold_the_civil_war_and_the_timeout_holds():
    """D16: Babylon holds the Great Compromiser: a hold_civil_war decision; the timeout holds
    the card (public: held_civil_war), nothing else changes; the card stays set aside past
    the restacking at the end of the advances phase."""
    s = compromiser_state()
    g = at_phase(s)
    d = [x for x in engine.pending(s) if x.required]
    assert [(x.player, x.kind) for x in d] == [(BABYLON, "hold_civil_war")]
    s2, ev = engine.apply(s, {"type": "timeout", "player": BABYLON}, by_site=True)
    assert s2.variant_state["held_civil_war"] == {"babylon": s2.turn}
    assert s2.player("babylon").hand == ["great_compromiser"] and s2.set_aside == ["civil_war"]
    g2 = game_for(s2)
    next(st for st in g2.s.stacks if "salt" in st).remove("salt")
    g2.s.set_aside.append("salt")
    from tresham.games.advciv.grand_imperial.stacks import restack

    restack(g2)
    assert s2.set_aside == ["civil_war"]
    assert len(game_for(s2).cities_of("babylon")) == 6
    assert "holds the Civil War card: it takes effect at the next calamity phase" in "\n".join(e.text for e in ev)


@pytest.mark.variant("GI-CAL-05", "GI-LEADER-08")
def test_a_held_civil_war_resolves_at_the_next_calamity_phase_without_a_second_hold():
    s = compromiser_state()
    s.player("babylon").hand.remove("civil_war")
    s.set_aside.append("civil_war")
    s.variant_state["held_civil_war"] = {"babylon": 3}
    g = at_phase(s)
    d = [x for x in engine.pending(s) if x.required]
    assert [(x.player, x.kind) for x in d] == [(BABYLON, "civil_war_units")]
    assert "held_civil_war" not in s.variant_state
    assert "The Civil War Babylon has held since turn 3 takes effect (GI-CAL-05)" in texts(g)


@pytest.mark.variant("GI-CAL-05", "GI-LEADER-08")
def test_suffering_it_now_and_refusals():
    s = compromiser_state()
    g = at_phase(s)
    with pytest.raises(IllegalOrder) as e:
        engine.apply(s, {"type": "hold_civil_war", "player": ASSYRIA, "hold": True})
    assert e.value.rule == "29.6"
    with pytest.raises(IllegalOrder) as e:
        engine.apply(s, {"type": "civil_war_units", "player": BABYLON, "tokens": {"upper_egypt": 15},
                         "cities": ["thebes", "memphis", "tanis"]})
    assert e.value.rule == "GI-CAL-05" and "hold_civil_war" in str(e.value)
    s2, _ = engine.apply(s, {"type": "hold_civil_war", "player": BABYLON, "hold": False})
    d = [x for x in engine.pending(s2) if x.required]
    assert [(x.player, x.kind) for x in d] == [(BABYLON, "civil_war_units")]
    assert "held_civil_war" not in s2.variant_state


@pytest.mark.variant("GI-CAL-05")
def test_the_hold_form_gives_the_order():
    from tresham.games import registry

    R = registry.get("advciv")
    s = compromiser_state()
    at_phase(s)
    (f,) = R.order_forms(s, BABYLON)
    assert f.id == "hold_civil_war" and [c.value for c in f.fields[0].choices] == ["hold", "suffer"]
    assert R.form_order(s, BABYLON, "hold_civil_war", {"choice": "hold"}) == {
        "type": "hold_civil_war", "player": BABYLON, "hold": True}
    assert R.form_order(s, BABYLON, "hold_civil_war", {"choice": "suffer"})["hold"] is False


@pytest.mark.variant("GI-CAL-05")
@pytest.mark.parametrize("seed", [1, 2, 5])
def test_the_hold_samples_are_legal(seed):
    s = compromiser_state()
    g, ctx, eff = begin(s, "civil_war", "babylon")
    assert ctx["stage"] == "hold"
    sample_to_end(g, ctx, eff, seed)
    assert ctx["stage"] == "done"
