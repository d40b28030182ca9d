"""How the pages name the cards (``site/names.py``), from what the browser test's screenshots
showed: a copy's number read as a strength or a yield ("Walls 4", "Grassland 2 (2 Food, 1
Commerce)"), so a card is shown by its printed name; two copies in one form's list are told
apart, two plots of the same card of one nation too, the same way in the forms and on the
table page; the exchange form as first shown is an order the rules accept; the combat shows
what the attacking units would take, not the losses still unknown."""
from __future__ import annotations

import pytest

from tresham.games import registry
from tresham.games.civcards import engine
from tresham.games.civcards.site import names, tableau

from ..helpers import at_buy, build_on, hand, plots, res, started

R = registry.get("civcards")


def _form(s, seat, fid):
    return {f.id: f for f in R.offers.forms.order_forms(s, seat)}[fid]


def test_a_card_is_shown_by_its_printed_name_and_its_text_reads_as_a_clause():
    s = started(2, 3)
    cards = s.cards
    assert names.card(cards, "walls.4") == "Walls"
    assert names.plot(cards, "grassland.2") == "Grassland (2 Food, 1 Commerce)"
    assert names.described(cards, "agriculture.1") == \
        "Agriculture (technology: costs 7 Commerce; collect 1 more Food each turn)"
    assert names.short(cards, "market.3") == "Market (building, costs 5 Production)"


@pytest.mark.variant("CCG-TURN-02", "CCG-COMB-01")
def test_copies_in_one_list_and_a_nations_two_plots_of_a_card_are_told_apart():
    s = at_buy(started(2, 3), 0)
    hand(s, 0, "warrior", "warrior", "granary")
    a, b = plots(s, 0, "plains", "plains", pop=(1, 1))
    res(s, 0, food=20, production=20)
    labels = [c.label for c in _form(s, 0, "buy_population").fields[0].choices]
    assert labels == ["Plains (1 Food, 1 Production, 1 Commerce): 8 Food",
                      "Plains (1 Food, 1 Production, 1 Commerce), the second: 8 Food"]
    build = _form(s, 0, "build")
    assert [c.label for c in build.fields[1].choices] == ["Plains (1 Food, 1 Production, 1 Commerce)",
                                                         "Plains (1 Food, 1 Production, 1 Commerce), the second"]
    build_on(s, 0, b, "walls")
    t = tableau.table(R.view(s, 0))
    rows = t["players"][0]["plots"]
    assert [r["name"] for r in rows] == ["Plains (1 Food, 1 Production, 1 Commerce)",
                                         "Plains (1 Food, 1 Production, 1 Commerce), the second"]
    assert rows[1]["attached"] == ["Walls"] and rows[0]["attached"] == []
    assert t["players"][0]["built"][0].startswith("Walls (building: costs 3 Production; while you have Walls")
    s.phase = "attack"
    attack = _form(s, 0, "attack")
    assert [c.label for c in attack.fields[0].choices] == ["Warrior (unit: steals 1 population)",
                                                           "Warrior (unit: steals 1 population), copy 2"]


@pytest.mark.variant("CCG-EXT-04")
def test_the_exchange_form_as_shown_is_an_order_the_rules_accept():
    s = at_buy(started(2, 3), 0)
    res(s, 0, food=7, production=0, commerce=1)
    form = _form(s, 0, "exchange")
    vals = {f.name: f.value for f in form.fields}
    assert vals == {"give": "food", "get": "commerce", "times": 1}
    order = R.offers.forms.form_order(s, 0, "exchange", vals)
    t, _ = engine.apply(s, order)
    assert t.seats[0]["res"] == {"food": 4, "production": 0, "commerce": 2}


@pytest.mark.variant("CCG-COMB-04", "CCG-COMB-05")
def test_the_combat_shows_what_the_units_would_take_until_the_losses_are_known():
    s = started(2, 3)
    s.active, s.phase = 0, "attack"
    (sw,) = hand(s, 0, "swordsman")
    hand(s, 1, "knight")
    pl = plots(s, 1, "plains", pop=(2,))
    build_on(s, 1, pl[0], "granary")
    t, _ = engine.apply(s, {"type": "attack", "player": 0, "attacks": [{"target": 1, "units": [sw]}]})
    assert t.phase == "defend"
    (a,) = tableau.table(R.view(t, 1))["combat"]["attacks"]
    assert a["threat"] == "1 population and 1 building" and not a["settled"]
