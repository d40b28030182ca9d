"""Forms and standing orders for the additions' decisions: ``building`` (TE-BLD-03/04),
``wonder`` (TE-WON-02) and ``wonder_point`` (TE-WON-06)."""
from __future__ import annotations

import random

import pytest

from tresham.games.tigris import engine
from tresham.games.tigris.site.forms import form_order, order_forms
from tresham.games.tigris.legal import legal_orders
from tresham.games.tigris.rules import wonder
from tresham.games.tigris.rules.turn import decider
from tresham.games.tigris.site.rules import TigrisEuphrates

from ..helpers import J, act, game, hand, leader, sq, tile, tiles
from .test_forms import check_forms

RULES = TigrisEuphrates()


def T(seat, colour, where):
    return {"type": "tile", "player": seat, "colour": colour, "to": J(where)}


def granary_chance():
    s = game(buildings=True)
    tiles(s, "blue", "G9", "H9")
    hand(s, 0, blue=1)
    t, _ = act(s, T(0, "blue", "I9"))
    assert t.phase == "building" and t.ctx["building"]["building"] == "granary"
    return t


@pytest.mark.variant("TE-BLD-03", "TE-BLD-12")
def test_building_forms_place_on_the_line_or_decline():
    t = granary_chance()
    assert order_forms(t, 1) == []
    f = {x.id: x for x in order_forms(t, 0)}
    assert set(f) == {"building", "building.decline"}
    b, at = f["building"].fields
    assert [c.value for c in b.choices] == ["granary"] and b.choices[0].label == "granary (blue)"
    assert [c.value for c in at.choices] == ["G9", "H9", "I9"]
    u, _ = act(t, form_order(t, 0, "building", {"building": "granary", "at": "H9"}))
    assert u.buildings["granary"] == sq("H9") and u.actions_left == 1
    u, _ = act(t, form_order(t, 0, "building.decline", {}))
    assert u.buildings["granary"] is None and u.actions_left == 1
    seen: dict = {}
    check_forms(t, seen)
    assert seen["building"] == {"building", "building.decline"}


@pytest.mark.variant("TE-BLD-03")
def test_building_standing_order():
    t = granary_chance()
    o = RULES.standing_order(t, 0, "building", {})
    assert o == {"type": "building", "player": 0, "building": "granary", "at": J("G9")}
    u, _ = RULES.apply(t, o, by_site=True)
    assert u.buildings["granary"] == sq("G9")
    o = RULES.standing_order(t, 0, "building", {"place": "never"})
    u, _ = RULES.apply(t, o, by_site=True)
    assert u.buildings["granary"] is None
    o = RULES.standing_order(t, 0, "building", {"prefer": ["palace"]})  # the granary still
    assert o["building"] == "granary"


def wonder_chance():
    s = game(wonder=True)
    tiles(s, "black", "E4", "D5", "F5", "E6")
    hand(s, 0, black=1)
    t, _ = act(s, T(0, "black", "E5"))
    assert t.phase == "wonder" and t.ctx["wonder"]["centres"] == [J("E5")]
    return t


@pytest.mark.variant("TE-WON-02", "TE-WON-03")
def test_wonder_forms_and_standing_order():
    t = wonder_chance()
    f = {x.id: x for x in order_forms(t, 0)}
    assert set(f) == {"wonder", "wonder.decline"}
    assert [c.value for c in f["wonder"].fields[0].choices] == ["E5"]
    u, _ = act(t, form_order(t, 0, "wonder", {"at": "E5"}))
    assert u.wonder["at"] == J("E5") and not any(sq(q) in u.tiles for q in ("E4", "D5", "E5", "F5", "E6"))
    u, _ = act(t, form_order(t, 0, "wonder.decline", {}))
    assert u.wonder["at"] is None and u.tiles[sq("E5")] == "black"
    o = RULES.standing_order(t, 0, "wonder", {})
    u, _ = RULES.apply(t, o, by_site=True)
    assert o["at"] == J("E5") and u.wonder["at"] == J("E5")
    o = RULES.standing_order(t, 0, "wonder", {"erect": "never"})
    u, _ = RULES.apply(t, o, by_site=True)
    assert o["at"] is None and u.wonder["at"] is None


def wonder_point_chance():
    s = game(wonder=True)
    five = wonder.cross(sq("E5"))
    s.wonder = {"at": J("E5"), "squares": [list(q) for q in five], "colour": "black", "by": 0}
    for _ in five:
        s.bag.remove("black")
        s.removed["black"] += 1
    tile(s, "B5", "red")
    leader(s, "C5", 0, "black")
    s.points[0] = {"red": 3, "blue": 1, "green": 2, "black": 1}
    t, _ = act(s, {"type": "pass", "player": 0})
    assert t.phase == "wonder_point" and decider(t) == 0
    return t


@pytest.mark.variant("TE-WON-06")
def test_wonder_point_form_and_standing_order():
    t = wonder_point_chance()
    (f,) = order_forms(t, 0)
    x = f.fields[0]
    assert f.id == "wonder_point" and x.value == "blue"  # weakest, blue before black on a tie
    assert [c.label for c in x.choices] == ["red (you have 3)", "blue (you have 1)", "green (you have 2)",
                                            "black (you have 1)"]
    u, _ = act(t, form_order(t, 0, "wonder_point", {"colour": "green"}))
    assert u.points[0]["green"] == 3
    o = RULES.standing_order(t, 0, "wonder_point", {})
    u, _ = RULES.apply(t, o, by_site=True)
    assert o["colour"] == "blue" and u.points[0]["blue"] == 2
    o = RULES.standing_order(t, 0, "wonder_point", {"colour": "red"})
    u, _ = RULES.apply(t, o, by_site=True)
    assert u.points[0]["red"] == 4


@pytest.mark.variant("TE-BLD-03", "TE-WON-02", "TE-ENG-02")
def test_seeded_games_with_the_additions_have_working_forms():
    """Random legal play with every option on: each decision met (the first few of each kind)
    has forms whose starting values give accepted orders."""
    seen: dict[str, set] = {}
    for seed in (1, 2):
        s = engine.new_game({"players": 3, "buildings": True, "wonder": True, "english": True,
                             "board": "advanced"}, seed)
        r = random.Random(seed)
        count: dict[str, int] = {}
        for _ in range(300):
            if s.finished:
                break
            if count.get(s.phase, 0) < 3:
                count[s.phase] = count.get(s.phase, 0) + 1
                check_forms(s, seen)
            orders = legal_orders(s, decider(s))
            busy = [o for o in orders if o["type"] == "tile"]
            s, _ = engine.apply(s, r.choice(busy) if busy and r.random() < 0.9 else r.choice(orders))
    assert {"action", "commit", "building"} <= set(seen), seen
