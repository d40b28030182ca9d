"""Scores, tie-breaks and the team game's result (CCG-OV-04/05, CCG-TEAM-02, CCR-SHARED)."""
from __future__ import annotations

import pytest

from tresham.games.civcards.rules.end import places, score

from .helpers import build_on, plots, started, techs


def scored(players=3, **opts):
    s = started(players, 3, **opts)
    for p in range(players):  # every seat's drafted plots back first: 4 of a plot for 4 seats
        plots(s, p)
    for p in range(players):
        plots(s, p, "grassland", "plains", "hills", "river")
    return s


@pytest.mark.variant("CCG-OV-04")
def test_one_point_per_wonder_technology_and_population():
    s = scored()
    g, p, h, r = (pl["id"] for pl in s.seats[0]["plots"])
    s.plot(0, g)["pop"], s.plot(0, p)["pop"] = 3, 1
    build_on(s, 0, h, "pyramids")
    build_on(s, 0, r, "temple")          # a building scores nothing
    techs(s, 0, "pottery", "writing")
    assert score(s, 0) == {"vp": 2 + 4 + 1, "techs": 2, "population": 4, "wonders": 1}


@pytest.mark.variant("CCG-OV-05")
def test_ties_broken_by_technologies_then_population_then_wonders():
    s = scored()
    # all three on 3 points: Rome 2 techs + 1 pop; Egypt 1 tech + 2 pop; Persia 1 tech + 1 pop + 1 wonder
    techs(s, 0, "pottery", "writing")
    s.seats[0]["plots"][0]["pop"] = 1
    techs(s, 1, "alphabet")
    s.seats[1]["plots"][0]["pop"] = 2
    techs(s, 2, "currency")
    s.seats[2]["plots"][0]["pop"] = 1
    build_on(s, 2, s.seats[2]["plots"][1]["id"], "oracle")
    assert [score(s, p)["vp"] for p in range(3)] == [3, 3, 3]
    assert places(s) == [1, 2, 3]
    # Egypt's population against Persia's wonder: population first
    s.seats[1]["plots"][0]["pop"] = 1
    s.seats[1]["plots"][1]["pop"] = 1
    assert places(s) == [1, 2, 3]


def test_full_tie_shares_the_place():
    s = scored()
    for p in range(3):
        s.seats[p]["plots"][0]["pop"] = 2
    s.seats[2]["plots"][0]["pop"] = 1
    assert places(s) == [1, 1, 3]


@pytest.mark.variant("CCG-TEAM-02")
def test_team_result_adds_both_players():
    s = scored(4, teams="opposite")          # teams {0, 2} and {1, 3}
    s.seats[0]["plots"][0]["pop"] = 5        # team 0: 5 + 0 = 5
    s.seats[1]["plots"][0]["pop"] = 3        # team 1: 3 + 3 = 6
    s.seats[3]["plots"][0]["pop"] = 3
    assert places(s) == [2, 1, 2, 1]
    techs(s, 2, "pottery")                   # team 0: 6 points, 1 technology: ahead on the tie-break
    assert places(s) == [1, 2, 1, 2]
