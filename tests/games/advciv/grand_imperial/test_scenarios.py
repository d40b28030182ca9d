"""Grand Imperial positions in the scenario format (EP-13; ``scenario.py``, ``docs/scenarios.md``,
``grand_imperial/positions.py``): a scenario of ``options.variant = "grand_imperial"`` may start
in the variant's own phases, hold its cards (ballast, Leadership cards), give a
``variant_state`` (checked by the variant's model) and expect a subset of it and the stack
counts. The worked files ``docs/scenarios/gi-*.json`` are run by ``tests/games/advciv/test_scenario.py``;
Grand Imperial stays out of the lobby."""
from __future__ import annotations

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv import position as sc
from tresham.games.advciv.tools import scenario as runner
from tresham.games.advciv.grand_imperial.variant import BALLAST, KEY, GrandImperial
from tresham.games.advciv.site.rules import AdvancedCivilization
from tresham.games.advciv.variant import BUILT_IN, VARIANTS

from tests.helpers import ROOT

GI = {"variant": KEY, "wem": True, "players": 4}
EAST = ["egypt", "babylon", "assyria", "asia"]
GI_FILES = sorted((ROOT / "docs" / "scenarios").glob("gi-*.json"))


@pytest.fixture
def grand_imperial(monkeypatch):
    """Grand Imperial registered for one test (it is not a built-in variant)."""
    monkeypatch.setitem(VARIANTS, KEY, GrandImperial())
    yield VARIANTS[KEY]


#: a position that waits (Egypt owes his lots), so that nothing after it changes the state
WAIT = {"phase": "auction", "players": {"egypt": {"hand": ["salt"]}}}


def doc(**kw):
    return {"nations": EAST, "options": dict(GI), **kw}


def test_the_worked_scenarios_exist_and_run_as_any_scenario():
    """S-1, S-2, S-15 and the auction phase's scenario are files; Grand Imperial being built in
    (``variant.BUILT_IN``), a file runs as a plain one does, and the options schema offers it."""
    names = {p.stem for p in GI_FILES}
    assert {"gi-acquisition-regions", "gi-event-calamity-over-level", "gi-regional-purchase-auction",
            "gi-auction-lot"} <= names
    assert KEY in BUILT_IN
    assert runner.run(runner.load_file(GI_FILES[0])).mismatches == []
    assert "grand_imperial" in str(AdvancedCivilization().options_schema())


WORKED = {"gi-naval-warship-two-triremes", "gi-luxury-revolting-city", "gi-luxury-timeout-default",
          "gi-research-credit-purchase", "gi-marketplace-courthouse", "gi-thresholds-quarry-musichall-palace",
          "gi-iron-beyond-printed-max", "gi-granary-well-support", "gi-theocratic-leader", "gi-compromiser-pact",
          "gi-charismatic-revolt-draws", "gi-capital-captured", "gi-civil-disorder-dispositions",
          "gi-treachery-content-immune", "gi-slave-revolt-becomes-civil-war"}


def test_the_worked_scenarios_of_design_section_6_3_are_files_each_naming_its_gi_items():
    """S-3, S-4, S-8..S-14, S-16..S-20 and the sea fight of a Warship and two
    Triremes are files (run by ``tests/games/advciv/test_scenario.py``), each with a description and
    the GI items it shows in ``rule``."""
    import json

    names = {p.stem for p in GI_FILES}
    assert WORKED <= names
    for p in GI_FILES:
        if p.stem in WORKED:
            d = json.loads(p.read_text())
            assert d.get("description") and "GI-" in d.get("rule", ""), p.name


@pytest.mark.variant("GI-CIV-03")
def test_civilization_cards_of_the_variant_in_a_grand_imperial_position_only(grand_imperial):
    """Navy and Galleons (the variant's civilization cards, GI-CIV-01..03) may be owned in a
    Grand Imperial position, as a list (bought on turn 0) or by turn; a plain game refuses them
    naming the card, and an unknown card is refused in both."""
    state, _ = sc.build(doc(players={"egypt": {"civ_cards": ["navy", "pottery"], "hand": ["salt"]},
                                     "babylon": {"civ_cards": {"galleons": 2, "cloth_making": 1}}},
                            phase="auction"))
    assert state.players[0].civ_cards == {"navy": 0, "pottery": 0}
    assert state.players[1].civ_cards == {"galleons": 2, "cloth_making": 1}
    with pytest.raises(sc.ScenarioError, match="'navy' is not a civilization card"):
        sc.build({"nations": EAST, "players": {"egypt": {"civ_cards": ["navy"]}}})
    with pytest.raises(sc.ScenarioError, match="'steam' is not a civilization card"):
        sc.build(doc(players={"egypt": {"civ_cards": ["navy", "steam"]}}))
    with pytest.raises(sc.ScenarioError):
        sc.build(doc(players={"egypt": {"civ_cards": {"navy": -1}}}))


@pytest.mark.variant("GI-TRADE-07", "GI-EVENT-04")
def test_hands_may_hold_ballast_and_leaders_in_a_grand_imperial_game_only(grand_imperial):
    """The hand's cards come out of the event stack (41 -> 38); in a plain game the same
    hand is refused naming the card."""
    state, _ = sc.build(doc(players={"egypt": {"hand": [BALLAST, "merchant_prince", "salt"]},
                                     "babylon": {"hand": ["charismatic_leader"]}}, phase="trade"))
    assert sorted(state.players[0].hand) == [BALLAST, "merchant_prince", "salt"]
    assert len(state.stacks[-1]) == 41 - 3
    with pytest.raises(sc.ScenarioError, match="'ballast' is not a trade card"):
        sc.build({"nations": EAST, "players": {"egypt": {"hand": [BALLAST]}}})
    with pytest.raises(sc.ScenarioError, match="'dragon_egg' is not a trade card"):
        sc.build(doc(players={"egypt": {"hand": ["dragon_egg"]}}))


def test_a_position_may_start_in_a_phase_of_the_variant_only(grand_imperial):
    state, _ = sc.build(doc(players={"egypt": {"hand": ["salt"]}}, phase="auction"))
    assert state.phase == "auction"
    with pytest.raises(sc.ScenarioError, match="phase: input should be"):
        sc.build({"nations": EAST, "phase": "auction"})
    with pytest.raises(sc.ScenarioError, match="phase: input should be"):
        sc.build(doc(phase="lunch"))


def test_the_variant_state_is_checked_and_put_in_the_state(grand_imperial):
    """A known key with good ids is kept as given; an unknown key, an unknown id, a negative
    number of luxury points are refused naming the key; a plain game keeps no variant state."""
    state, _ = sc.build(doc(board={"thebes": {"city": "egypt"}}, **WAIT,
                            variant_state={"luxury": {"thebes": 2}, "pacts": [{"a": "egypt", "b": "asia", "turn": 2}]}))
    assert state.variant_state == {"luxury": {"thebes": 2}, "pacts": [{"a": "egypt", "b": "asia", "turn": 2}]}
    assert sc.build(doc(**WAIT))[0].variant_state == {}
    for bad, words in (({"dice": {}}, "variant_state: unknown key 'dice'"),
                       ({"luxury": {"thebes": -1}}, "variant_state: luxury.thebes"),
                       ({"ships": {"egypt": [{"id": 1, "area": "thebes", "role": "dinghy"}]}}, "'dinghy' is not a ship type"),
                       ({"sites": {"thebes": {"owner": "egypt", "active": ["spaceport"]}}}, "'spaceport' is not a city advance")):
        with pytest.raises(sc.ScenarioError, match=words):
            sc.build(doc(variant_state=bad))
    with pytest.raises(sc.ScenarioError, match=r"variant_state: this game \(Advanced Civilization\) keeps no variant state"):
        sc.build({"nations": EAST, "variant_state": {"luxury": {}}})


def test_expect_variant_state_is_a_subset_and_stack_counts_are_by_name(grand_imperial):
    """``expect.variant_state``: each key given must match, recursively in objects (lists
    whole); ``expect.stack_counts``: a stack's number of cards, by its name."""
    base = doc(board={"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}}, **WAIT,
               variant_state={"luxury": {"thebes": 2, "memphis": 1}, "pending_civil_war": ["egypt"]})
    ok = runner.run({**base, "expect": {"variant_state": {"luxury": {"thebes": 2}}, "stack_counts": {"events": 41}}})
    assert ok.mismatches == []
    bad = runner.run({**base, "expect": {"variant_state": {"luxury": {"thebes": 3, "susa": 1}, "pending_civil_war": []},
                                     "stack_counts": {"events": 40, "atlantis": 1}}})
    assert bad.mismatches == ["variant_state.luxury.thebes: expected 3, found 2",
                              "variant_state.luxury.susa: expected 1, found nothing",
                              "variant_state.pending_civil_war: expected [], found ['egypt']",
                              "stack events: expected 40 cards, found 41",
                              "stack_counts: 'atlantis' is not a stack of this game (armenia, mesopotamia, "
                              "levant, nile_basin, north_africa, iberia, france, italy, upper_danube, "
                              "lower_danube, aegea, anatolia, events)"]


def test_a_game_may_start_from_a_grand_imperial_position(grand_imperial):
    """The game option ``position`` is read for the game's variant: its phase and cards."""
    position = {"nations": EAST, "phase": "auction", "players": {"egypt": {"hand": [BALLAST, "salt"]}}}
    state = engine.new_game({**GI, "position": position}, seed=3)
    assert state.phase == "auction" and sorted(state.players[0].hand) == [BALLAST, "salt"]
    assert [d.kind for d in engine.pending(state)] == ["auction_lots"]


@pytest.mark.variant("GI-SHIP-05", "GI-SHIP-07")
def test_a_positions_ships_may_carry_tokens_and_cards(grand_imperial):
    """A ship record given in ``variant_state`` (a Galleon with 2 tokens and a ballast card
    aboard): the default stock counts the tokens aboard (55 - 1 on the board - 2 aboard =
    52), the card aboard comes out of the event stack (41 -> 40), every card and token is
    accounted for; a stock that forgets the tokens aboard is refused saying so."""
    from tresham.games.advciv.tools.sim import check_invariants

    ship = {"id": 1, "area": "alexandria", "role": "galleon", "tokens": 2, "cards": [BALLAST]}
    base = doc(ships={"egypt": ["alexandria"]}, board={"alexandria": {"tokens": {"egypt": 1}}}, **WAIT,
               variant_state={"ships": {"egypt": [ship]}})
    state, _ = sc.build(base)
    assert state.players[0].stock == 52 and len(state.stacks[-1]) == 40
    assert state.variant_state["ships"]["egypt"] == [ship] and check_invariants(state) == []
    with pytest.raises(sc.ScenarioError, match=r"1 tokens on the board \+ 2 elsewhere \(aboard ships\) \+ 54 in stock"):
        sc.build({**base, "players": {"egypt": {"hand": ["salt"], "stock": 54}}})
