"""The engine as the platform sees it: replay and digest, views, refusals, defaults, legal
orders, random games with invariants, the page helpers."""
import json
import random
import time

import pytest

from tresham.games import registry
from tresham.games.contract import IllegalOrder
from tresham.games.tigris import engine
from tresham.games.tigris.invariants import violations
from tresham.games.tigris.legal import legal_orders
from tresham.games.tigris.rules.turn import decider
from tresham.games.tigris.site.rules import TigrisEuphrates

from .helpers import J, act, game, hand, leader, sq, tile, tiles
from .rules.test_war import two_wars

G = TigrisEuphrates()


def play(options, seed, limit=10_000, rseed=None, check=False):
    """A random legal game: (final state, the orders given)."""
    s = G.new_game(G.parse_options(options), seed)
    r = random.Random(seed if rseed is None else rseed)
    log = []
    while not s.finished and len(log) < limit:
        seat = decider(s)
        opts = legal_orders(s, seat)
        if s.phase == "action":
            main = [o for o in opts if o["type"] not in ("swap", "pass")]
            o = r.choice(main) if main and r.random() < 0.97 else r.choice(opts)
        else:
            o = r.choice(opts)
        engine.apply_in_place(s, o)
        log.append(o)
        if check:
            assert violations(s) == [], (len(log), o)
    return s, log


def test_registered():
    rules = registry.get("tigris")
    assert isinstance(rules, TigrisEuphrates) and rules.name == "tigris"
    assert (rules.min_players, rules.max_players) == (2, 4)


def test_replay_gives_the_same_digest():
    s, log = play({"players": 3}, 21, limit=60)
    assert len(log) == 60
    again = engine.replay(G.parse_options({"players": 3}), 21, log)
    assert G.digest(again) == G.digest(s)
    assert G.digest(G.loads(G.dumps(s))) == G.digest(s)
    assert G.loads(G.dumps(s)).dumps() == s.dumps()


def test_apply_never_changes_its_input():
    s = G.new_game(G.parse_options({"players": 2}), 5)
    before = s.dumps()
    seat = decider(s)
    for o in legal_orders(s, seat)[:40]:
        G.apply(s, o)
    assert s.dumps() == before


@pytest.mark.variant("TE-BASE-77", "TE-Z-09")
def test_view_hides_other_hands_the_bag_and_points():
    s, _ = play({"players": 3}, 8, limit=40)
    for seat in (0, 1, 2, None):
        v = G.view(s, seat)
        text = json.dumps(v)
        assert "rng" not in v and v["bag"] == len(s.bag)
        assert json.dumps(s.bag) not in text
        for p in v["players"]:
            if p["seat"] != seat:
                assert p["points"] is None
            else:
                assert p["points"] == s.points[seat]
        assert v["hand"] == (s.hands[seat] if seat is not None else None)
        for other in range(3):
            if other != seat:
                assert "hands" not in text and all(k not in v for k in ("hands", "bag_order"))
        assert set(v) >= {"game", "board", "options", "seat", "turn", "active", "actions_left", "stage",
                          "finished", "squares", "monuments", "buildings", "wonder", "players", "hand",
                          "bag", "conflict", "pending"}
    open_ = G.new_game(G.parse_options({"players": 2, "open_scoring": True}), 1)
    assert all(p["points"] is not None for p in G.view(open_, None)["players"])


@pytest.mark.variant("TE-BASE-77")
def test_view_pending_options_only_for_the_decider():
    s = G.new_game(G.parse_options({"players": 2}), 1)
    a = s.active
    assert G.view(s, a)["pending"][0]["options"] == {"actions_left": 2}
    assert G.view(s, 1 - a)["pending"][0]["options"] == {}


def test_refusals_leave_the_state_unchanged():
    s = game()
    tile(s, "F5", "red")
    hand(s, 0, red=1, blue=1)
    before = s.digest()
    bad = [{"type": "tile", "player": 0, "colour": "blue", "to": J("F3")},
           {"type": "tile", "player": 0, "colour": "red", "to": [15, 11]},
           {"type": "leader", "player": 0, "colour": "red", "to": J("H8")},
           {"type": "withdraw", "player": 0, "colour": "red"},
           {"type": "commit", "player": 0, "tiles": 1},
           {"type": "pass", "player": 1},
           {"type": "swap", "player": 0, "tiles": {"black": 1}},
           {"type": "timeout", "player": 1},
           {"type": "tile", "player": 0, "colour": "red", "to": J("F6"), "extra": 1}]
    for o in bad:
        with pytest.raises(IllegalOrder):
            G.apply(s, o, by_site=True)
        assert s.digest() == before


@pytest.mark.variant("TE-BASE-25")
def test_timeout_defaults():
    s = game()
    tiles(s, "red", "E5", "F5")
    leader(s, "E6", 1, "red")
    hand(s, 0, red=2)
    hand(s, 1, red=2)
    t, _ = act(s, {"type": "leader", "player": 0, "colour": "red", "to": J("F6")})
    assert G.default(t, 0) == {"type": "timeout", "player": 0}
    t, ev = act(t, {"type": "timeout", "player": 0}, by_site=True)
    assert t.conflict["attacker_committed"] == 0 and "time ran out" in ev[0].text
    t, _ = act(t, {"type": "timeout", "player": 1}, by_site=True)
    assert t.conflict is None and t.leader_square(1, "red") == sq("E6")  # 1 against 1
    t, _ = act(t, {"type": "timeout", "player": 0}, by_site=True)  # action: pass
    assert t.active == 1


def test_pending_accepts_stage():
    s = G.new_game(G.parse_options({"players": 2}), 3)
    a = s.active
    d = G.pending(s)
    assert len(d) == 1 and d[0].player == a and d[0].kind == "action"
    assert G.accepts(s, a) == ["leader", "withdraw", "tile", "catastrophe", "swap", "pass"]
    assert G.accepts(s, 1 - a) == []
    name = ["Archer", "Bull"][a]
    # the actions left are the view's, not the stage's: the site names a decision by its stage,
    # so a turn's two actions keep one deadline (docs/rulings/tigris.md TER-SITE-1)
    assert G.stage(s) == f"Turn 1, {name}"
    s2, _ = G.apply(s, {"type": "leader", "player": a, "colour": "black", "to": [6, 9]})
    assert G.stage(s2) == G.stage(s) and G.view(s2, a)["actions_left"] == 1
    assert G.round(s) == 1


def test_legal_orders_are_accepted_and_illegal_ones_absent():
    r = random.Random(4)
    for seed in range(3):
        s, _ = play({"players": 2 + seed}, seed, limit=30 + 20 * seed)
        if s.finished:
            continue
        seat = decider(s)
        opts = legal_orders(s, seat)
        for o in opts if len(opts) < 300 else r.sample(opts, 300):
            G.apply(s, o)
        assert all(legal_orders(s, other) == [] for other in range(s.players) if other != seat)
        if s.phase == "action":
            for q in s.board.rivers:
                assert {"type": "leader", "player": seat, "colour": "red", "to": list(q)} not in opts
                assert {"type": "tile", "player": seat, "colour": "red", "to": list(q)} not in opts
            for q in s.tiles:
                assert not any(o["type"] == "tile" and o["to"] == list(q) for o in opts)
            for q in s.treasures:
                assert {"type": "catastrophe", "player": seat, "to": list(q)} not in opts


def test_legal_orders_in_every_decision_kind_are_accepted():
    s, log = play({"players": 2}, 13, limit=400)
    seen = set()
    s = G.new_game(G.parse_options({"players": 2}), 13)
    for o in log:
        seen.add(s.phase)
        for x in legal_orders(s, decider(s))[:25]:
            G.apply(s, x)
        engine.apply_in_place(s, o)
    assert {"action", "commit"} <= seen


@pytest.mark.parametrize("seed", range(6))
def test_random_games_keep_the_invariants(seed):
    opts = {"players": 2 + seed % 3, "board": ["base", "advanced"][seed % 2]}
    s, log = play(opts, seed, check=True)
    assert s.finished and G.result(s) is not None and len(G.result(s)) == opts["players"]


def test_a_whole_game_is_fast():
    _, log = play({"players": 4}, 2)
    t1 = time.perf_counter()
    replayed = engine.replay(G.parse_options({"players": 4}), 2, log)
    t2 = time.perf_counter()
    assert replayed.finished
    assert t2 - t1 < 1.0  # the engine alone, without legal-order generation


def test_options():
    assert G.parse_options({}) == {"players": 2, "board": "base", "buildings": False, "english": False,
                                   "wonder": False, "open_scoring": False}
    with pytest.raises(IllegalOrder, match="unknown option 'colour'"):
        G.parse_options({"colour": 1})
    with pytest.raises(IllegalOrder, match="board"):
        G.parse_options({"board": "moon"})
    with pytest.raises(IllegalOrder, match="wonder"):
        G.parse_options({"wonder": 1})
    assert G.parse_options({"buildings": True, "english": True, "wonder": True})["english"] is True
    assert [f.name for f in G.option_fields()] == ["players", "board", "buildings", "english", "wonder",
                                                  "open_scoring"]
    sch = G.options_schema()
    assert sch["properties"]["players"]["maximum"] == 4 and sch["additionalProperties"] is False


def test_pages():
    s = game()
    tile(s, "F5", "red", treasure=True)
    leader(s, "F6", 1, "black")
    hand(s, 0, red=2, blue=1)
    v = G.view(s, 0)
    table = G.board_table(v)
    assert ["F5", "temple", "", "yes", "", "", ""] in table.rows
    assert ["F6", "", "king of Bull", "", "", "", ""] in table.rows
    assert G.hand(v) == ["2 temples (red)", "1 farm (blue)"]
    assert G.hand(G.view(s, None)) == []
    ref = G.reference()
    assert ref["phases"][0]["orders"] == ["leader", "withdraw", "tile", "catastrophe", "swap", "pass"]
    assert G.summary(s)[0].columns["Points"] == "hidden"
    assert [(r.seat, r.points) for r in G.summary(s)] == [(0, None), (1, None)]  # no public score
    assert G.offers.mail is None and G.offers.pick_order is None and G.placement_done(s)  # no mails, no picking
    assert G.is_site_order({"type": "timeout", "player": 0}) and not G.is_site_order({"type": "pass"})
    assert G.bot(s, 0, "x") in legal_orders(s, 0)  # the bot is the stronger bot (bots/strong.py)
    assert G.bot(s, 1, "x") == {"type": "timeout", "player": 1}  # seat 1 owes nothing
    assert G.order_forms(s, 1) == [] and "pass" in [f.id for f in G.order_forms(s, 0)]  # forms.py
    assert G.timers(s) == []
    with pytest.raises(IllegalOrder):
        G.parse_standing("action", {})


def test_every_decision_default_is_legal():
    kinds = set()
    for seed in range(4):
        s = G.new_game(G.parse_options({"players": 2 + seed % 3}), seed)
        r = random.Random(seed)
        while not s.finished:
            seat = decider(s)
            kinds.add(s.phase)
            t, _ = G.apply(s, G.default(s, seat), by_site=True)  # never refused
            if s.phase != "action":
                assert t.order_count == s.order_count + 1
            opts = legal_orders(s, seat)
            main = [o for o in opts if o["type"] not in ("swap", "pass")] if s.phase == "action" else opts
            engine.apply_in_place(s, r.choice(main or opts))
    assert {"action", "commit", "treasure"} <= kinds


@pytest.mark.variant("TE-BASE-53", "TE-BASE-63")
def test_war_order_and_monument_defaults():
    t, _ = act(two_wars(), {"type": "tile", "player": 0, "colour": "green", "to": J("E5")})
    t, _ = act(t, {"type": "timeout", "player": 0}, by_site=True)
    assert t.conflict["colour"] == "red"  # the first colour at war in red, blue, green, black
    s = game()
    tiles(s, "black", "E5", "F5", "E6")
    hand(s, 0, black=1)
    t, _ = act(s, {"type": "tile", "player": 0, "colour": "black", "to": J("F6")})
    t, _ = act(t, {"type": "timeout", "player": 0}, by_site=True)
    assert all(v is None for v in t.monuments.values()) and t.phase == "action"


def test_commit_counts_only_in_the_deciders_view():
    s = game()
    tiles(s, "red", "E5", "F5")
    leader(s, "E6", 1, "red")
    hand(s, 0, red=3)
    t, _ = act(s, {"type": "leader", "player": 0, "colour": "red", "to": J("F6")})
    assert G.view(t, 0)["pending"][0]["options"] == {"side": "attacker", "colour": "red", "counts": [0, 1, 2, 3]}
    assert G.view(t, 1)["pending"][0]["options"] == {}
    assert "counts" not in G.pending(t)[0].options
    assert G.view(t, 1)["conflict"]["attacker_strength"] == 1
