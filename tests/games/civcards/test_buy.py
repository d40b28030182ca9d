"""The purchases (CCG-TURN-02, CCG-CARD-02/04/06/08/09/10, CCG-EXT-04/06, CCG-SET-05)."""
from __future__ import annotations

import pytest

from tresham.games.civcards import engine
from tresham.games.civcards.prices import plot_price, population_price
from tresham.games.contract import IllegalOrder

from .helpers import at_buy, build_on, go, hand, plots, res, started, techs


def buying(players=2, seed=1):
    s = at_buy(started(players, seed))
    plots(s, 0, "grassland", "plains", "hills", "river")
    hand(s, 0)
    return s


@pytest.mark.variant("CCG-CARD-02")
def test_plot_prices_15_20_25():
    assert [plot_price(k) for k in (5, 6, 7, 8)] == [15, 20, 25, 30]


@pytest.mark.variant("CCG-CARD-02", "CCG-SET-05")
def test_fifth_plot_with_the_seeds_mix():
    s = buying()
    res(s, 0, food=6, production=2, commerce=9)
    bought = s.plot_market[1]
    s, texts = go(s, {"type": "buy_plot", "player": 0, "plot": bought,
                      "pay": {"food": 6, "production": 2, "commerce": 7}})
    assert s.seats[0]["res"] == {"food": 0, "production": 0, "commerce": 2}
    assert len(s.seats[0]["plots"]) == 5 and s.seats[0]["plots"][4]["id"] == bought
    assert len(s.plot_market) == 3 and bought not in s.plot_market  # replaced from the deck
    assert "for 15" in texts[0]
    # the sixth costs 20: 19 is refused, the mix must add up
    res(s, 0, food=10, production=9)
    with pytest.raises(IllegalOrder, match="costs 20 resources; you have 19"):
        engine.apply(s, {"type": "buy_plot", "player": 0, "plot": s.plot_market[0]})
    res(s, 0, food=10, production=10)
    with pytest.raises(IllegalOrder, match="costs 20 resources, not 15"):
        engine.apply(s, {"type": "buy_plot", "player": 0, "plot": s.plot_market[0],
                         "pay": {"food": 10, "production": 5}})
    s, _ = go(s, {"type": "buy_plot", "player": 0, "plot": s.plot_market[0]})  # CCR-PLOTPAY: 10 + 10
    assert s.seats[0]["res"] == {"food": 0, "production": 0, "commerce": 0}


@pytest.mark.variant("CCG-CARD-04")
def test_population_6_8_10_food_on_one_plot():
    assert [population_price(n) for n in (1, 2, 3, 4)] == [6, 8, 10, 12]
    s = buying()
    pid = s.seats[0]["plots"][0]["id"]
    res(s, 0, food=24)
    for left in (18, 10, 0):
        s, _ = go(s, {"type": "buy_population", "player": 0, "plot": pid})
        assert s.seats[0]["res"]["food"] == left
    assert s.plot(0, pid)["pop"] == 3
    # another plot starts again at 6
    res(s, 0, food=5)
    with pytest.raises(IllegalOrder, match="costs 6 Food; you have 5"):
        engine.apply(s, {"type": "buy_population", "player": 0, "plot": s.seats[0]["plots"][1]["id"]})


@pytest.mark.variant("CCG-CARD-06", "CCG-SET-05")
def test_technology_with_commerce_any_number_a_turn():
    s = buying()
    res(s, 0, commerce=40, food=40, production=40)
    bought = []
    for _ in range(3):
        t = min(s.tech_market, key=lambda x: s.cards.card(x).cost)
        cost = s.cards.card(t).cost
        before = s.seats[0]["res"]["commerce"]
        s, _ = go(s, {"type": "buy_tech", "player": 0, "tech": t})
        assert s.seats[0]["res"]["commerce"] == before - cost
        assert s.seats[0]["res"]["food"] == 40  # only Commerce pays
        bought.append(t)
    assert s.seats[0]["techs"] == bought and len(s.tech_market) == 3
    assert engine.view(s, 1)["players"][0]["score"]["techs"] == 3


@pytest.mark.variant("CCG-CARD-08", "CCG-CARD-01")
def test_building_from_hand_on_a_plot_with_production():
    s = buying()
    (granary,) = hand(s, 0, "granary")
    pid = s.seats[0]["plots"][0]["id"]
    res(s, 0, production=3, food=9)
    with pytest.raises(IllegalOrder, match="Granary costs 4 Production; you have 3"):
        engine.apply(s, {"type": "build", "player": 0, "card": granary, "plot": pid})
    with pytest.raises(IllegalOrder, match="not one of your plots"):
        engine.apply(s, {"type": "build", "player": 0, "card": granary, "plot": s.plot_market[0]})
    res(s, 0, production=4)
    s, texts = go(s, {"type": "build", "player": 0, "card": granary, "plot": pid})
    assert s.plot(0, pid)["cards"] == [granary] and s.seats[0]["hand"] == []
    assert s.seats[0]["res"]["production"] == 0


@pytest.mark.variant("CCG-CARD-08", "CCG-EXT-06")
def test_second_slot_at_three_population():
    s = buying()
    walls, temple, library = hand(s, 0, "walls", "temple", "library")
    pid = s.seats[0]["plots"][0]["id"]
    res(s, 0, production=30)
    s, _ = go(s, {"type": "build", "player": 0, "card": walls, "plot": pid})
    s.plot(0, pid)["pop"] = 2
    with pytest.raises(IllegalOrder, match="a second needs 3 population"):
        engine.apply(s, {"type": "build", "player": 0, "card": temple, "plot": pid})
    s.plot(0, pid)["pop"] = 3
    s, _ = go(s, {"type": "build", "player": 0, "card": temple, "plot": pid})
    s.plot(0, pid)["pop"] = 6
    with pytest.raises(IllegalOrder, match="holds 2 buildings"):  # CCR-SLOTS: never a third
        engine.apply(s, {"type": "build", "player": 0, "card": library, "plot": pid})
    s.plot(0, pid)["pop"] = 1  # CCG-EXT-06: losing population removes nothing
    assert s.plot(0, pid)["cards"] == [walls, temple]


@pytest.mark.variant("CCG-CARD-09")
def test_wonder_costs_more_takes_a_slot_and_scores():
    s = buying()
    (pyr,) = hand(s, 0, "pyramids")
    pid = s.seats[0]["plots"][1]["id"]
    res(s, 0, production=10)
    s, _ = go(s, {"type": "build", "player": 0, "card": pyr, "plot": pid})
    assert s.plot(0, pid)["cards"] == [pyr]
    assert engine.view(s, 0)["players"][0]["score"]["wonders"] == 1
    (walls,) = hand(s, 0, "walls")
    res(s, 0, production=10)
    with pytest.raises(IllegalOrder, match="holds 1 building"):
        engine.apply(s, {"type": "build", "player": 0, "card": walls, "plot": pid})


@pytest.mark.variant("CCG-CARD-10")
def test_wild_bonus_becomes_one_type_whole():
    s = buying()
    wild, food2 = hand(s, 0, "wild_2", "food_2")
    res(s, 0)
    with pytest.raises(IllegalOrder, match="say which resource"):
        engine.apply(s, {"type": "cash", "player": 0, "card": wild})
    s, texts = go(s, {"type": "cash", "player": 0, "card": wild, "as": "production"})
    assert s.seats[0]["res"] == {"food": 0, "production": 2, "commerce": 0}
    assert wild in s.discard
    with pytest.raises(IllegalOrder, match="is food, not wild"):
        engine.apply(s, {"type": "cash", "player": 0, "card": food2, "as": "commerce"})
    s, _ = go(s, {"type": "cash", "player": 0, "card": food2})
    assert s.seats[0]["res"] == {"food": 2, "production": 2, "commerce": 0}


@pytest.mark.variant("CCG-EXT-04")
def test_exchange_three_for_one():
    s = buying()
    res(s, 0, commerce=7)
    s, _ = go(s, {"type": "exchange", "player": 0, "give": "commerce", "get": "production", "times": 2})
    assert s.seats[0]["res"] == {"food": 0, "production": 2, "commerce": 1}
    with pytest.raises(IllegalOrder, match="costs 3 Commerce; you have 1"):
        engine.apply(s, {"type": "exchange", "player": 0, "give": "commerce", "get": "food"})
    with pytest.raises(IllegalOrder, match="one type for another"):
        engine.apply(s, {"type": "exchange", "player": 0, "give": "production", "get": "production"})


@pytest.mark.variant("CCG-CARD-08")
def test_owner_destroys_his_building_to_free_the_slot():
    s = buying()
    pid = s.seats[0]["plots"][0]["id"]
    walls = build_on(s, 0, pid, "walls")
    (temple,) = hand(s, 0, "temple")
    res(s, 0, production=4)
    s, _ = go(s, {"type": "demolish", "player": 0, "card": walls})
    assert walls in s.discard and s.plot(0, pid)["cards"] == []
    s, _ = go(s, {"type": "build", "player": 0, "card": temple, "plot": pid})
    with pytest.raises(IllegalOrder, match="not on one of your plots"):
        engine.apply(s, {"type": "demolish", "player": 0, "card": walls})


@pytest.mark.variant("CCG-TURN-02")
def test_purchases_only_in_the_purchase_step_then_combat():
    s = buying()
    res(s, 0, commerce=20)
    s, _ = go(s, {"type": "end_buy", "player": 0})
    assert s.phase in ("attack", "discard")
    with pytest.raises(IllegalOrder, match="not a 'buy_tech' order"):
        engine.apply(s, {"type": "buy_tech", "player": 0, "tech": s.tech_market[0]})
    techs(s, 0)  # unchanged
