"""Prices with the Highest Happiness card and discounts (CCG-EXT-01, CCR-FLOOR)."""
from __future__ import annotations

import pytest

from tresham.games.civcards import prices

from .helpers import at_buy, build_on, go, hand, plots, res, started, techs


@pytest.mark.variant("CCG-EXT-01")
def test_happiness_holder_pays_one_less_for_techs_and_buildings():
    s = at_buy(started(2, 1))
    plots(s, 0, "grassland", "plains", "hills", "river", pop=(3, 0, 0, 0))
    t = s.tech_market[0]
    cost = s.cards.card(t).cost
    (library,) = hand(s, 0, "library")
    assert prices.card_price(s, 0, t) == ("commerce", cost)
    assert prices.card_price(s, 0, library) == ("production", 5)
    s.happiness = 0
    assert prices.card_price(s, 0, t) == ("commerce", cost - 1)
    assert prices.card_price(s, 0, library) == ("production", 4)
    assert prices.card_price(s, 1, library) == ("production", 5)
    # never population or plots
    pl = s.seats[0]["plots"][0]
    assert prices.next_population(s, 0, pl) == 12 and prices.next_plot(s, 0) == 15
    res(s, 0, production=4)
    s, texts = go(s, {"type": "build", "player": 0, "card": library, "plot": pl["id"]})
    assert s.seats[0]["res"]["production"] == 0 and "for 4 Production" in texts[0]


def test_floor_of_1():
    s = at_buy(started(2, 1))
    g = plots(s, 0, "grassland", "plains", "hills", "river")[0]
    techs(s, 0, "bronze_working")
    build_on(s, 0, g, "aqueduct")
    techs(s, 0, "code_of_laws")
    s.happiness = 0
    (walls,) = hand(s, 0, "walls")
    # Walls 3 - 1 (Happiness) - 1 (Bronze Working) = 1; population 6 - 2 - 2 = 2
    assert prices.card_price(s, 0, walls) == ("production", 1)
    assert prices.next_population(s, 0, s.plot(0, g)) == 2
    s.seats[0]["techs"].append(s.tech_deck.pop())
    assert prices.card_price(s, 0, walls)[1] >= 1
