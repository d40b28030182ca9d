"""The engine's promises: a refused order changes nothing, the state's JSON round trip is exact,
the views hide what a seat may not see (CCR-HIDDEN), the deadlines' defaults (CCR-DEFAULTS)."""
from __future__ import annotations

import json

import pytest

from tresham.games.civcards import engine
from tresham.games.civcards.rules.turn import decider
from tresham.games.civcards.state import CCState
from tresham.games.contract import IllegalOrder

from .helpers import at_buy, build_on, go, hand, plots, started


def test_refusals_change_nothing_and_name_the_fault():
    s = at_buy(started(2, 1))
    before = s.digest()
    for bad, msg in (({"type": "fly", "player": 0}, "unknown order type 'fly'"),
                     ({"type": "buy_tech", "player": 0}, "needs the field 'tech'"),
                     ({"type": "buy_tech", "player": 0, "tech": 3}, "field 'tech'"),
                     ({"type": "end_buy", "player": 0, "x": 1}, "unknown field 'x'"),
                     ({"type": "end_buy", "player": 1}, "waits on Rome"),
                     ({"type": "timeout", "player": 0}, "only by the site"),
                     ({"type": "end_buy", "player": 3}, "no seat 3"),
                     ("end", "a JSON object")):
        with pytest.raises(IllegalOrder, match=msg):
            engine.apply(s, bad)
        assert s.digest() == before


def test_state_round_trip_and_digest():
    s = started(3, 4)
    t = CCState.loads(s.dumps())
    assert t.dumps() == s.dumps() and t.digest() == s.digest()
    assert s.copy().digest() == s.digest()


@pytest.mark.variant("CCG-CARD-07")
def test_view_hides_other_hands_and_the_decks_order():
    s = started(3, 4)
    v = engine.view(s, 1)
    assert v["hand"] == s.seats[1]["hand"]
    text = json.dumps(engine.view(s, 1))
    for c in s.seats[0]["hand"] + s.seats[2]["hand"] + s.play_deck + s.tech_deck + s.plot_deck:
        if c not in s.seats[1]["hand"]:
            assert f'"{c}"' not in text, c
    assert [p["hand_size"] for p in v["players"]] == [len(st["hand"]) for st in s.seats]
    assert v["decks"] == {"plots": len(s.plot_deck), "techs": len(s.tech_deck), "play": len(s.play_deck),
                          "discard": len(s.discard)}
    spectator = engine.view(s, None)
    assert spectator["hand"] is None and all(d["options"] == {} for d in spectator["pending"])


def test_timeouts_take_the_fair_defaults():
    s = at_buy(started(3, 2))
    s, texts = go(s, {"type": "timeout", "player": 0}, by_site=True)
    assert texts[0] == "Rome's time ran out: buy nothing more; on to combat"
    # a defender's default: his walls bounce the most harmful unit, his units counter
    s = started(3, 2)
    s.active, s.phase = 0, "attack"
    g, p, h, r = plots(s, 1, "grassland", "plains", "hills", "river", pop=(2, 1, 0, 0))
    build_on(s, 1, g, "walls")
    wa, hm, sw = hand(s, 0, "warrior", "horseman", "swordsman")
    (axe,) = hand(s, 1, "axeman")
    s, _ = go(s, {"type": "attack", "player": 0, "attacks": [{"target": 1, "units": [wa, hm, sw]}]})
    s, texts = go(s, {"type": "timeout", "player": 1}, by_site=True)
    assert "Egypt's walls bounce the Horseman back to Rome's hand" in texts   # steal 2
    s, texts = go(s, {"type": "timeout", "player": 1}, by_site=True)
    assert "Egypt's Axeman counters the Swordsman" in texts                   # harm 2 before 1
    # the Warrior steals 1 from the most populated plot
    s, texts = go(s, {"type": "timeout", "player": 1}, by_site=True)
    assert s.plot(1, g)["pop"] == 1 and s.plot(1, p)["pop"] == 1
    assert decider(s) == 0 and s.phase == "place_stolen"
    s, texts = go(s, {"type": "bot_default", "player": 0}, by_site=True)
    assert texts[0] == "Rome takes the default: on your plot with the largest printed yield"


def test_pending_names_the_decider_and_the_default():
    s = engine.new_game({"players": 2}, 3)
    (d,) = engine.pending(s)
    assert d.player == decider(s) and d.kind == "draft1"
    assert d.default == "the plot of the row with the largest printed yield"
    assert engine.accepts(s, d.player) == ["pick"] and engine.accepts(s, 1 - d.player) == []


def test_orders_schema_lists_every_type():
    from tresham.games.civcards.orders import ORDER_TYPES, json_schema
    titles = {x["title"] for x in json_schema()["oneOf"]}
    assert set(ORDER_TYPES) | {"timeout", "bot_default"} == titles
