"""Collection (CCG-TURN-01, CCG-CARD-01/03/04, CCG-EXT-07)."""
from __future__ import annotations

import pytest

from tresham.games.civcards import engine
from tresham.games.civcards.yields import income
from tresham.games.contract import IllegalOrder

from .helpers import build_on, go, hand, plots, res, started, techs


def collecting(seed=1):
    s = started(2, seed)
    s.active, s.phase = 0, "collect"
    hand(s, 0)
    res(s, 0)
    return s


@pytest.mark.variant("CCG-EXT-07")
def test_two_granaries_on_a_2_food_plot_yield_6():
    s = collecting()
    g, p, h, r = plots(s, 0, "grassland", "plains", "hills", "river")  # F2 C1 / F1 P1 C1 / F1 P2 / F1 C2
    s.plot(0, g)["pop"] = 3   # two Granaries need the second slot
    build_on(s, 0, g, "granary")
    build_on(s, 0, g, "granary")
    s.plot(0, g)["pop"] = 0
    got = income(s, 0)
    # grassland 2 + 2 + 2 = 6 Food (CCG-EXT-07), the rest as printed
    assert got == {"food": 6 + 1 + 1 + 1, "production": 1 + 2, "commerce": 1 + 1 + 2}


@pytest.mark.variant("CCG-TURN-01", "CCG-CARD-03", "CCG-CARD-04", "CCG-CARD-01")
def test_collection_plots_population_buildings_and_technologies():
    s = collecting()
    g, p, h, r = plots(s, 0, "grassland", "plains", "hills", "river", pop=(0, 2, 0, 1))
    build_on(s, 0, h, "forge")          # hills P2 -> +2 Production
    techs(s, 0, "agriculture")          # +1 Food
    build_on(s, 0, r, "market")         # river C2 -> +2 Commerce
    s, texts = go(s, {"type": "collect", "player": 0,
                      "population": {p: {"production": 1, "commerce": 1}, r: {"food": 1}}})
    # printed: F5 P3 C4; forge +2 P; market +2 C; population P1 C1 F1; agriculture F1
    assert s.seats[0]["res"] == {"food": 5 + 1 + 1, "production": 3 + 2 + 1, "commerce": 4 + 2 + 1}
    assert s.phase == "buy"
    assert texts[0] == "Rome collects 7 Food, 6 Production, 7 Commerce"


@pytest.mark.variant("CCG-CARD-04")
def test_population_yields_only_what_its_plot_prints():
    s = collecting()
    g, p, h, r = plots(s, 0, "grassland", "plains", "hills", "river", pop=(1, 0, 0, 0))
    with pytest.raises(IllegalOrder, match="yields food or commerce, not production"):
        engine.apply(s, {"type": "collect", "player": 0, "population": {g: {"production": 1}}})
    with pytest.raises(IllegalOrder, match="has 1 population, not 2"):
        engine.apply(s, {"type": "collect", "player": 0, "population": {g: {"food": 2}}})
    # not named: the plot's most printed resource (CCR-POP): grassland F2 C1 -> Food
    assert income(s, 0)["food"] == 2 + 1 + 1 + 1 + 1


def test_collection_without_a_choice_is_automatic():
    s = collecting()
    plots(s, 0, "floodplain", "mountains", "oasis", "tundra", pop=(2, 0, 0, 0))  # F3 plot: no choice
    s.active, s.phase, s.need = 1, "discard", 2
    # seat 1 ends his turn; seat 0's turn opens with its collection already made
    s, _ = go(s, {"type": "discard", "player": 1, "cards": s.seats[1]["hand"][:2]})
    assert s.active == 0 and s.phase == "buy"
    # floodplain 3 Food + 2 population, tundra 2 Food 1 Production, mountains 3, oasis 1 and 2 Commerce
    assert s.seats[0]["res"] == {"food": 3 + 2 + 2, "production": 3 + 1 + 1, "commerce": 2}
