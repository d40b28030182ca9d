"""Order forms (``forms.py``): every decision kind a seeded game reaches has forms with a
submit whose starting values give an order the rules accept; squares offered are exactly the
legal ones, named "F5"; a seat the game does not wait on has no form; a form not open now is
refused."""
from __future__ import annotations

import random

import pytest
from django.http import QueryDict

from tresham.games.contract import IllegalOrder, OrderForm
from tresham.games.tigris import engine
from tresham.games.tigris.board import name
from tresham.games.tigris.site.forms import form_order, order_forms, parse_square
from tresham.games.tigris.legal import legal_orders
from tresham.games.tigris.rules.turn import decider
from tresham.games.tigris.site.rules import TigrisEuphrates
from tresham.platform.play.decision_forms import read

from ..helpers import J, act, game, hand, leader, sq, tile, tiles

RULES = TigrisEuphrates()


def start_values(f: OrderForm) -> dict:
    """What a person who changes nothing posts: each field's starting value (a counts field
    that must hold at least one tile: one of the first colour he has)."""
    out = {}
    for x in f.fields:
        v = x.value
        if x.kind == "choice" and v is None:
            v = next(c.value for c in x.choices if not c.disabled)
        if x.kind == "counts" and not v and (x.min or 0) >= 1:
            v = {next(c.value for c in x.choices if not c.disabled): 1}
        out[x.name] = v
    return out


def posted(f: OrderForm, values: dict) -> QueryDict:
    """``values`` as the game page's form posts them (``f.<name>``, ``f.<name>.<value>``)."""
    q = QueryDict(mutable=True)
    for x in f.fields:
        v = values[x.name]
        if x.kind == "counts":
            for k, n in (v or {}).items():
                q[f"f.{x.name}.{k}"] = str(n)
        elif v is not None:
            q[f"f.{x.name}"] = str(v)
    return q


def check_forms(s, seen: dict) -> None:
    """The decider's forms give accepted orders from their starting values (read back as
    the site reads a post); the other seats have none."""
    seat = decider(s)
    forms = order_forms(s, seat)
    assert forms, f"no form for the {s.phase} decision"
    ids = [f.id for f in forms]
    assert len(set(ids)) == len(ids)
    for f in forms:
        assert f.submit, f"form {f.id} has no submit"
        values = read(f, posted(f, start_values(f)))  # the site's own check of a post
        order = form_order(s, seat, f.id, values)
        assert order["player"] == seat
        assert order["type"] == f.order_type  # what the page's "Advanced" box counts as given (TBL-20)
        t, _ = engine.apply(s, order)  # accepted
        assert t.order_count == s.order_count + 1
        seen.setdefault(s.phase, set()).add(f.id)
    for other in range(s.players):
        if other != seat:
            assert order_forms(s, other) == [] and RULES.order_forms(s, other) == []


@pytest.mark.variant("TE-BASE-25", "TE-BASE-48", "TE-BASE-53", "TE-BASE-62", "TE-BASE-72")
def test_every_decision_a_seeded_game_reaches_has_forms_that_work():
    s = engine.new_game({"players": 2}, 0)
    r = random.Random(0)
    seen: dict[str, set] = {}
    per_kind: dict[str, int] = {}
    for i in range(400):
        if s.finished or {"action", "commit", "treasure", "monument", "war_order"} <= set(seen):
            break
        if per_kind.get(s.phase, 0) < 4:  # the first few of each kind, to keep it quick
            per_kind[s.phase] = per_kind.get(s.phase, 0) + 1
            check_forms(s, seen)
        orders = legal_orders(s, decider(s))
        busy = [o for o in orders if o["type"] in ("tile", "leader")]
        s, _ = engine.apply(s, r.choice(busy) if busy and r.random() < 0.9 else r.choice(orders))
    assert set(seen) == {"action", "commit", "treasure", "monument", "war_order"}
    assert {"leader", "tile.land", "tile.river", "catastrophe", "swap", "pass"} <= seen["action"]
    assert seen["monument"] == {"monument", "monument.decline"}
    assert seen["commit"] == {"commit"} and seen["war_order"] == {"war_order"}


@pytest.mark.variant("TE-BASE-29", "TE-BASE-35", "TE-BASE-41")
def test_square_choices_are_exactly_the_legal_squares():
    s = engine.new_game({"players": 3}, 5)
    seat = decider(s)
    legal = legal_orders(s, seat)
    forms = {f.id: f for f in order_forms(s, seat)}

    def squares(fid, field="to"):
        f = next(x for x in forms[fid].fields if x.name == field)
        return {c.value for c in f.choices}

    def legal_sq(kind, colours=None):
        return {name(tuple(o["to"])) for o in legal if o["type"] == kind and (colours is None or o["colour"] in colours)}

    assert squares("leader") == legal_sq("leader")
    assert squares("tile.river") == legal_sq("tile", ("blue",))
    assert all(s.board.is_river(tuple(parse_square(v, ""))) for v in squares("tile.river"))
    assert squares("tile.land") == legal_sq("tile", ("red", "green", "black"))
    assert not any(s.board.is_river(tuple(parse_square(v, ""))) for v in squares("tile.land"))
    assert squares("catastrophe") == legal_sq("catastrophe")
    # the fresh base board: 10 Shedu temples, so 166 squares take a catastrophe
    assert len(squares("catastrophe")) == 176 - 10
    assert "F5" in squares("catastrophe") or sq("F5") in s.tiles


@pytest.mark.variant("TE-BASE-29", "TE-BASE-30", "TE-BASE-31")
def test_leader_and_withdraw_forms():
    s = game()
    tiles(s, "red", "E5")
    leader(s, "E6", 0, "black")
    f = {x.id: x for x in order_forms(s, 0)}
    colour = f["leader"].fields[0]
    labels = {c.value: c.label for c in colour.choices}
    assert labels["black"] == "king (black), move from E6"
    assert labels["red"] == "priest (red), from your supply"
    # the temples beside which a leader may stand: E5's four neighbours but E6 (the king's)
    # and the spare temples' (A1, A11, P11); all colours alike
    to = {c.value: c.label for c in f["leader"].fields[1].choices}
    assert list(to) == ["B1", "A2", "E4", "D5", "F5", "A10", "P10", "B11", "O11"]
    assert all(v == k for k, v in to.items())
    # bull's priest beside G5: F5 would join the king's kingdom to it, unless the king moves
    tiles(s, "red", "G5")
    leader(s, "G6", 1, "red")
    to = {c.value: c.label for c in {x.id: x for x in order_forms(s, 0)}["leader"].fields[1].choices}
    assert to["F5"] == "F5 (only king)" and to["D5"] == "D5"
    with pytest.raises(IllegalOrder) as e:
        act(s, form_order(s, 0, "leader", {"colour": "red", "to": "F5"}))
    assert e.value.rule.startswith("TE-BASE-3")
    t, _ = act(s, form_order(s, 0, "leader", {"colour": "black", "to": "F5"}))
    assert t.leaders[sq("F5")] == (0, "black") and sq("E6") not in t.leaders
    w = f["withdraw"].fields[0]
    assert [(c.value, c.disabled) for c in w.choices] == [("red", True), ("blue", True), ("green", True),
                                                          ("black", False)]
    assert w.choices[0].why == "in your supply"
    o = form_order(s, 0, "withdraw", {"colour": "black"})
    assert o == {"type": "withdraw", "player": 0, "colour": "black"}
    t, _ = act(s, o)
    assert sq("E6") not in t.leaders and (0, "black") not in t.leaders.values()
    o = form_order(s, 0, "leader", {"colour": "red", "to": "F5"})
    assert o == {"type": "leader", "player": 0, "colour": "red", "to": [5, 4]}


@pytest.mark.variant("TE-BASE-35", "TE-BASE-45")
def test_tile_and_swap_forms_follow_the_hand():
    s = game()
    hand(s, 0, red=2, black=1, blue=0, green=3)
    f = {x.id: x for x in order_forms(s, 0)}
    assert "tile.river" not in f  # no farm in hand: no river form
    cols = f["tile.land"].fields[0]
    assert [(c.value, c.disabled) for c in cols.choices] == [("red", False), ("green", False), ("black", False)]
    assert cols.choices[1].label == "market (green), 3 in your hand"
    counts = f["swap"].fields[0]
    assert counts.kind == "counts" and (counts.min, counts.max) == (1, 6)
    assert [(c.value, c.max, c.disabled) for c in counts.choices] == [
        ("red", 2, False), ("blue", 0, True), ("green", 3, False), ("black", 1, False)]
    o = form_order(s, 0, "swap", {"tiles": {"green": 3, "black": 1}})
    t, _ = act(s, o)
    assert sum(t.hands[0].values()) == 6 and t.hands[0]["red"] >= 2
    with pytest.raises(IllegalOrder) as e:
        form_order(s, 0, "swap", {"tiles": {}})
    assert e.value.rule == "TE-BASE-45"
    # a farm in hand: the river form, its squares all rivers
    hand(s, 0, blue=1)
    f = {x.id: x for x in order_forms(s, 0)}
    assert "tile.land" not in f and "tile.river" in f


def revolt(english: bool = False):
    s = game(english=english)
    tiles(s, "red", "E5", "F5", "G6")
    leader(s, "E6", 1, "red")   # bull's priest: 1 temple (E5)
    hand(s, 0, red=3, black=3)
    hand(s, 1, red=2, green=2)
    t, _ = act(s, {"type": "leader", "player": 0, "colour": "red", "to": J("F6")})  # 2 temples
    return t


@pytest.mark.variant("TE-BASE-47", "TE-BASE-48", "TE-BASE-49")
def test_commit_form_shows_both_strengths():
    t = revolt()
    assert order_forms(t, 1) == []
    (f,) = order_forms(t, 0)
    x = f.fields[0]
    assert (f.id, x.kind, x.min, x.max, x.value) == ("commit", "number", 0, 3, 0)
    assert "Your strength so far: 2" in f.help and "(Bull): 1" in f.help and "attacker" in f.help
    t, _ = act(t, form_order(t, 0, "commit", {"tiles": 2}))
    (f,) = order_forms(t, 1)
    assert f.fields[0].max == 2
    assert "Your strength so far: 1" in f.help and "(Archer): 2 + 2 committed = 4" in f.help
    t2, _ = act(t, form_order(t, 1, "commit", {"tiles": 2}))
    assert t2.conflict is None and t2.hands[1]["red"] == 0


@pytest.mark.variant("TE-ENG-02", "TE-ENG-03")
def test_commit_form_offers_the_allowed_counts_only():
    """The English variant: archer (2 temples against 1) may commit 0 to 3 (any keeps him
    ahead), a number field; after he commits 1 (total 3), bull (1, holding 2 red) may commit
    nothing or exactly the 2 that tie: a choice of those two counts only."""
    t = revolt(english=True)
    (f,) = order_forms(t, 0)
    x = f.fields[0]
    assert (x.kind, x.min, x.max) == ("number", 0, 3) and "English variant" in f.help
    t, _ = act(t, form_order(t, 0, "commit", {"tiles": 1}))
    (f,) = order_forms(t, 1)
    x = f.fields[0]
    assert x.kind == "choice" and [c.value for c in x.choices] == ["0", "2"] and x.value == "0"
    assert "(Archer): 2 + 1 committed = 3" in f.help
    u, _ = act(t, form_order(t, 1, "commit", read(f, posted(f, {"tiles": "2"}))))
    assert u.conflict is None and u.hands[1]["red"] == 0
    assert u.leader_square(1, "red") == sq("E6") and u.points[1]["red"] == 1  # the tie is bull's


@pytest.mark.variant("TE-BASE-62", "TE-BASE-63", "TE-BASE-64")
def test_monument_forms_build_or_decline():
    s = game()
    tiles(s, "red", "E5", "F5", "E6")
    hand(s, 0, red=1)
    t, _ = act(s, {"type": "tile", "player": 0, "colour": "red", "to": J("F6")})
    assert t.phase == "monument"
    f = {x.id: x for x in order_forms(t, 0)}
    assert set(f) == {"monument", "monument.decline"}
    mon, at = f["monument"].fields
    assert [c.value for c in mon.choices] == ["red-blue", "red-green", "red-black"]
    assert [c.value for c in at.choices] == ["E5"]
    b, _ = act(t, form_order(t, 0, "monument", {"monument": "red-black", "at": "E5"}))
    assert b.monuments["red-black"] == sq("E5") and {sq(q) for q in ("E5", "F5", "E6", "F6")} <= b.face_down
    d, _ = act(t, form_order(t, 0, "monument.decline", {}))
    assert all(v is None for v in d.monuments.values()) and not d.face_down


@pytest.mark.variant("TE-BASE-72", "TE-BASE-73")
def test_treasure_form_names_the_eligible_treasures():
    s = game()
    for w in ("E5", "F5", "G5"):
        tile(s, w, "red", treasure=True)
    leader(s, "E6", 0, "green")
    hand(s, 0, red=1)
    # the trader's kingdom holds three treasures: after the action he takes two, choosing
    t, _ = act(s, {"type": "tile", "player": 0, "colour": "red", "to": J("D5")})
    if t.phase != "treasure":
        pytest.fail(f"no treasure decision: {t.phase}")
    (f,) = order_forms(t, 0)
    assert f.id == "treasure"
    offered = [c.value for c in f.fields[0].choices]
    assert offered == [name(tuple(q)) for q in sorted(map(tuple, t.ctx["treasure"]["squares"]),
                                                      key=lambda q: (q[1], q[0]))]
    t2, _ = act(t, form_order(t, 0, "treasure", {"at": offered[-1]}))
    assert sq(offered[-1]) not in t2.treasures and t2.collected[0] >= 1


@pytest.mark.variant("TE-BASE-25", "TE-BASE-27")
def test_a_form_not_open_now_or_bad_values_are_refused():
    s = game()
    hand(s, 0, red=2)
    with pytest.raises(IllegalOrder) as e:
        form_order(s, 0, "commit", {"tiles": 0})
    assert e.value.rule == "TE-BASE-27" and "not open" in e.value.message
    with pytest.raises(IllegalOrder):
        form_order(s, 1, "pass", {})  # seat 1 owes nothing
    with pytest.raises(IllegalOrder) as e:
        form_order(s, 0, "tile.land", {"colour": "red", "to": "Z99"})
    assert e.value.rule == "TE-BASE-35" and "not a square" in e.value.message
    assert form_order(s, 0, "pass", {}) == {"type": "pass", "player": 0}
    assert RULES.form_order(s, 0, "pass", {}) == {"type": "pass", "player": 0}
    # a finished game: no forms
    s.finished = True
    assert order_forms(s, 0) == []
