"""A hostile review of the base rules (docs/rulings/tigris.md, "Review"): positions a
demanding player would try, each asserting its numbers."""
import json
import random
from itertools import product

import pytest

from tresham.games.contract import IllegalOrder
from tresham.games.tigris import engine
from tresham.games.tigris.invariants import violations
from tresham.games.tigris.legal import legal_orders
from tresham.games.tigris.rules.turn import decider
from tresham.games.tigris.site.rules import TigrisEuphrates
from tresham.games.tigris.state import COLOURS, MONUMENTS, TEState

from .helpers import J, act, acts, game, hand, leader, sq, text, tile, tiles

G = TigrisEuphrates()


def T(seat, colour, where):
    return {"type": "tile", "player": seat, "colour": colour, "to": J(where)}


def L(seat, colour, where):
    return {"type": "leader", "player": seat, "colour": colour, "to": J(where)}


def K(seat, n):
    return {"type": "commit", "player": seat, "tiles": n}


# ---- leaders -----------------------------------------------------------------------------

@pytest.mark.variant("TE-BASE-72", "TE-BASE-73", "TE-Z-01")
def test_trader_uniting_two_treasures_collects_after_the_leader_action():
    s = game()
    tile(s, "B8", "red", treasure=True)   # (1,7): a special border
    tile(s, "B10", "red", treasure=True)
    t, ev = act(s, L(0, "green", "B9"))   # joins two leaderless regions into one kingdom
    assert t.phase == "action" and t.actions_left == 1
    assert t.collected == [1, 0] and sq("B8") not in t.treasures and sq("B10") in t.treasures
    assert "Archer takes the treasure on B8" in text(ev)


@pytest.mark.variant("TE-BASE-30", "TE-BASE-32")
def test_moving_the_only_leader_out_of_a_kingdom_next_to_another_is_allowed():
    s = game()
    tiles(s, "red", "C5", "E5")
    leader(s, "C6", 0, "red")     # kingdom A: C5, C6
    leader(s, "E6", 1, "black")   # kingdom B: E5, E6
    # lifted, C6 leaves C5 leaderless: D5 joins a leaderless region and one kingdom
    t, _ = act(s, L(0, "red", "D5"))
    assert t.leader_square(0, "red") == sq("D5") and t.conflict is None and t.actions_left == 1
    # from supply, with archer's priest still on C6, bull's priest there joins two kingdoms
    s.active = 1
    with pytest.raises(IllegalOrder) as e:
        act(s, L(1, "red", "D5"))
    assert e.value.rule == "TE-BASE-32"


@pytest.mark.variant("TE-BASE-47", "TE-BASE-48")
def test_king_revolt_counts_temples_and_commits_only_temples():
    s = game()
    tiles(s, "red", "D5", "F5", "F4")
    tile(s, "E5", "black")
    leader(s, "F6", 1, "black")   # bull's king: F5 -> 1 temple
    hand(s, 0, black=5, red=2)
    hand(s, 1, black=4, red=1)
    t, _ = act(s, L(0, "black", "E4"))   # archer's king: next to F4 and (face-up) nothing else
    c = t.conflict
    assert (c["kind"], c["colour"], c["attacker"], c["defender"]) == ("revolt", "red", 0, 1)
    assert (c["attacker_strength"], c["defender_strength"]) == (1, 1)
    assert legal_orders(t, 0) == [K(0, n) for n in range(3)]   # his 2 temples, never his 5 settlements
    t, _ = act(t, K(0, 2))
    assert legal_orders(t, 1) == [K(1, 0), K(1, 1)]
    t, _ = act(t, K(1, 1))   # 3 against 2
    assert t.leader_square(1, "black") is None and t.points[0]["red"] == 1
    assert t.hands[0] == {"red": 0, "blue": 0, "green": 0, "black": 5}


# ---- wars --------------------------------------------------------------------------------

def black_war(players=2):
    s = game(players)
    tiles(s, "red", "C5", "G5")
    tiles(s, "black", "D5", "D6", "F5")
    leader(s, "C6", 0, "black")   # archer: D5, D6 -> 2
    leader(s, "G6", 1, "black")   # bull: F5 -> 1
    return s


@pytest.mark.variant("TE-BASE-54", "TE-Z-06")
def test_attacker_is_first_clockwise_from_the_active_player_not_the_lowest_seat():
    s = black_war(players=4)
    s.leaders[sq("C6")] = (0, "black")
    s.leaders[sq("G6")] = (3, "black")
    s.active = 1
    hand(s, 1, green=1)
    t, _ = act(s, T(1, "green", "E5"))
    # clockwise from seat 1: 2, 3, 0 -> seat 3 (urn) attacks, seat 0 defends
    assert (t.conflict["attacker"], t.conflict["defender"]) == (3, 0)
    assert (t.conflict["attacker_strength"], t.conflict["defender_strength"]) == (1, 2)
    assert decider(t) == 3


@pytest.mark.variant("TE-BASE-52", "TE-BASE-55", "TE-BASE-65")
def test_leaderless_region_at_the_marker_and_face_down_tiles_support_neither_side():
    s = black_war()
    tile(s, "E4", "black")                     # touches only the marker: a side of neither
    for q in ("A5", "B5", "A6", "B6"):          # a black monument in archer's kingdom
        tile(s, q, "black", face_down=True)
    s.monuments["red-black"] = sq("A5")
    hand(s, 0, green=1)
    t, _ = act(s, T(0, "green", "E5"))
    assert (t.conflict["attacker_strength"], t.conflict["defender_strength"]) == (2, 1)
    hand(t, 1, black=2)
    u, _ = acts(t, K(0, 0), K(1, 0))   # archer wins 2 against 1
    assert sq("F5") not in u.tiles and u.tiles[sq("E4")] == "black"
    assert u.points[0]["black"] == 2   # F5 + the king
    u, _ = acts(t, K(0, 0), K(1, 2))   # bull wins 3 against 2: D5 D6 go, the monument stays
    assert {sq("D5"), sq("D6")}.isdisjoint(u.tiles) and u.points[1]["black"] == 3
    assert all(u.tiles[sq(q)] == "black" for q in ("A5", "B5", "A6", "B6", "E4"))


@pytest.mark.variant("TE-BASE-72", "TE-Z-01", "TE-BASE-59")
def test_war_joining_two_treasures_then_the_winners_trader_collects():
    s = game()
    tile(s, "C5", "red", treasure=True)
    tile(s, "D5", "red")
    tile(s, "F5", "red")
    tile(s, "G5", "red", treasure=True)
    tile(s, "B6", "green")
    tile(s, "H6", "green")
    leader(s, "C6", 0, "green")
    leader(s, "G6", 1, "green")
    hand(s, 0, black=1, green=1)
    t, _ = act(s, T(0, "black", "E5"))
    assert t.conflict["colour"] == "green"
    t, _ = acts(t, K(0, 1), K(1, 0))   # 2 against 1
    assert t.leader_square(1, "green") is None and sq("H6") not in t.tiles
    assert t.points[0]["green"] == 2
    assert t.phase == "treasure" and t.ctx["treasure"] == {"player": 0, "squares": [J("C5"), J("G5")]}
    t, _ = act(t, {"type": "treasure", "player": 0, "at": J("G5")})
    assert t.collected == [1, 0] and sq("C5") in t.treasures and t.phase == "action"


def monument_war():
    s = game()
    tile(s, "C5", "red")
    tile(s, "D5", "black")
    leader(s, "C6", 0, "black")           # west: C5 D5 C6, 1 black
    tiles(s, "black", "E6", "F5", "F6")
    tile(s, "G5", "red")
    leader(s, "G6", 1, "black")           # east: E6 F5 F6 G5 G6, 3 black
    hand(s, 0, black=4)
    hand(s, 1, black=1)
    return s


@pytest.mark.variant("TE-BASE-62", "TE-Z-11", "TE-BASE-40")
def test_monument_block_broken_by_the_war_offers_nothing():
    t, _ = act(monument_war(), T(0, "black", "E5"))   # E5 F5 / E6 F6 all black
    assert (t.conflict["attacker_strength"], t.conflict["defender_strength"]) == (1, 3)
    t, _ = acts(t, K(0, 3), K(1, 0))   # 4 against 3: E6 F5 F6 removed
    assert {sq("E6"), sq("F5"), sq("F6")}.isdisjoint(t.tiles) and t.points[0]["black"] == 4
    assert t.phase == "action" and t.ctx is None and all(v is None for v in t.monuments.values())


@pytest.mark.variant("TE-BASE-62", "TE-Z-11", "TE-BASE-40")
def test_monument_block_kept_by_the_war_is_offered_after_it():
    t, _ = act(monument_war(), T(0, "black", "E5"))
    t, _ = acts(t, K(0, 0), K(1, 0))   # 1 against 3: only D5 removed
    assert sq("D5") not in t.tiles and t.points[1]["black"] == 2
    assert t.phase == "monument" and t.ctx["monument"]["blocks"] == [J("E5")]


# ---- refusals ----------------------------------------------------------------------------

@pytest.mark.variant("TE-BASE-25", "TE-BASE-26")
@pytest.mark.parametrize("raw,by_site,rule", [
    (["pass"], False, "TE-BASE-26"),                                  # not an object
    ({"player": 0}, False, "TE-BASE-26"),                             # no type
    ({"type": "fly", "player": 0}, False, "TE-BASE-26"),              # no such order
    ({"type": "timeout", "player": 0}, False, "TE-BASE-25"),          # the site's order, from a seat
    ({"type": "timeout", "player": 1}, True, "TE-BASE-25"),           # seat 1 owes nothing now
    ({"type": "timeout", "player": 0, "x": 1}, True, "TE-BASE-25"),   # a malformed timeout
])
def test_every_refusal_names_a_rule(raw, by_site, rule):
    s = game()
    before = s.digest()
    with pytest.raises(IllegalOrder) as e:
        G.apply(s, raw, by_site=by_site)
    assert e.value.rule == rule and e.value.message
    assert s.digest() == before


@pytest.mark.variant("TE-BASE-43")
def test_a_leader_on_a_catastrophe_square_is_refused_by_the_dead_square_rule():
    s = game()
    tile(s, "E5", "red")
    s.catastrophes.add(sq("E6"))
    s.catastrophes_left[1] -= 1
    before = s.digest()
    with pytest.raises(IllegalOrder) as e:
        act(s, L(0, "red", "E6"))
    assert e.value.rule == "TE-BASE-43" and "catastrophe" in e.value.message
    assert s.digest() == before


@pytest.mark.variant("TE-BASE-76")
def test_an_order_after_a_bag_ending_cites_the_bag_rule():
    s = game()
    hand(s, 0, red=1)
    s.bag = []
    t, _ = act(s, {"type": "swap", "player": 0, "tiles": {"red": 1}})
    assert t.finished and t.hands[0]["red"] == 0
    with pytest.raises(IllegalOrder) as e:
        act(t, {"type": "pass", "player": 0})
    assert e.value.rule == "TE-BASE-76"


# ---- monuments ---------------------------------------------------------------------------

@pytest.mark.variant("TE-BASE-71", "TE-BASE-69")
def test_monument_scores_only_the_active_players_leaders_in_its_kingdom():
    s = game()
    for q in ("E5", "F5", "E6", "F6"):
        tile(s, q, "black", face_down=True)
    s.monuments["red-black"] = sq("E5")
    tiles(s, "red", "D5", "G5", "D6")
    leader(s, "D4", 0, "black")   # archer's king: D5 beside it
    leader(s, "G6", 1, "red")     # bull's priest, in the same kingdom
    leader(s, "C6", 0, "blue")    # archer's farmer: not a colour of the monument
    t, ev = act(s, {"type": "pass", "player": 0})
    assert t.points[0] == {"red": 0, "blue": 0, "green": 0, "black": 1}
    assert t.points[1] == {"red": 0, "blue": 0, "green": 0, "black": 0}
    t, ev = act(t, {"type": "pass", "player": 1})   # bull's turn: now his priest scores
    assert t.points[1] == {"red": 1, "blue": 0, "green": 0, "black": 0}
    assert t.points[0]["black"] == 1
    # without leaders the monument's region is no kingdom: nothing for anyone
    for q in ("D4", "G6", "C6"):
        del t.leaders[sq(q)]
    t, _ = act(t, {"type": "pass", "player": 0})
    assert t.points[0]["black"] == 1 and t.points[1]["red"] == 1


@pytest.mark.variant("TE-BASE-37", "TE-BASE-61", "TE-BASE-40")
def test_uniting_tile_without_war_drops_the_marker_then_offers_its_monument():
    s = game()
    tiles(s, "red", "C5", "H5")
    tiles(s, "green", "D5", "E6", "F6", "F5")   # F5 F6 E6 and the tile on E5: a 2x2 of markets
    leader(s, "C6", 0, "red")                   # west: C5 C6 D5
    tile(s, "G5", "green")
    leader(s, "H6", 1, "black")                 # east: E6 F5 F6 G5 H5 H6
    hand(s, 0, green=1)
    t, ev = act(s, T(0, "green", "E5"))
    assert t.unification is None and t.conflict is None
    assert all(sum(p.values()) == 0 for p in t.points)   # the uniting tile scores nothing
    assert t.phase == "monument" and t.ctx["monument"]["blocks"] == [J("E5")]
    assert "the unification marker leaves E5" in text(ev)


# ---- legal orders and hidden information -------------------------------------------------

def _candidates(s, seat):
    """Every order of the current decision's types, over every square and count."""
    sqs = [[c, r] for r in range(11) for c in range(16)]
    p = s.phase
    out = []
    if p == "action":
        out.append({"type": "pass", "player": seat})
        for c in COLOURS:
            out.append({"type": "withdraw", "player": seat, "colour": c})
            for q in sqs:
                out.append({"type": "leader", "player": seat, "colour": c, "to": q})
                out.append({"type": "tile", "player": seat, "colour": c, "to": q})
        out += [{"type": "catastrophe", "player": seat, "to": q} for q in sqs]
        for combo in product(range(7), repeat=4):
            if 1 <= sum(combo) <= 6:
                out.append({"type": "swap", "player": seat,
                            "tiles": {c: n for c, n in zip(COLOURS, combo) if n}})
    elif p == "commit":
        out = [K(seat, n) for n in range(7)]
    elif p == "war_order":
        out = [{"type": "war_order", "player": seat, "colour": c} for c in COLOURS]
    elif p == "treasure":
        out = [{"type": "treasure", "player": seat, "at": q} for q in sqs]
    elif p == "monument":
        out = [{"type": "monument", "player": seat, "monument": None, "at": None}]
        out += [{"type": "monument", "player": seat, "monument": m, "at": q}
                for m in MONUMENTS for q in sqs]
    return out


def _random_positions(seed, players, n_orders):
    s = G.new_game(G.parse_options({"players": players}), seed)
    r = random.Random(seed)
    out = []
    for k in range(n_orders):
        if s.finished:
            break
        opts = legal_orders(s, decider(s))
        if s.phase != "action" or k % 30 == 10:
            out.append(s.copy())
        main = [o for o in opts if o["type"] not in ("swap", "pass")]
        o = r.choice(main) if main and s.phase == "action" else r.choice(opts)
        engine.apply_in_place(s, o)
    return out


@pytest.mark.variant("TE-BASE-26")
def test_legal_orders_are_exactly_the_orders_apply_accepts():
    """Brute force: every candidate order of the decision through ``apply``; the accepted ones
    are exactly ``legal_orders`` (a refusal names a TE ID and leaves the state untouched)."""
    positions = _random_positions(10, 3, 200) + _random_positions(9, 2, 200)
    kinds = [p.phase for p in positions]
    assert kinds.count("action") >= 6 and {"commit", "treasure", "monument", "war_order"} <= set(kinds)
    for s in positions:
        seat = decider(s)
        before = s.dumps()
        accepted = set()
        for o in _candidates(s, seat):
            try:
                G.apply(s, o)
            except IllegalOrder as e:
                assert e.rule.startswith("TE-"), (o, e)
                continue
            accepted.add(json.dumps(o, sort_keys=True))
        assert s.dumps() == before
        legal = {json.dumps(o, sort_keys=True) for o in legal_orders(s, seat)}
        assert legal == accepted, (s.phase, sorted(legal ^ accepted)[:4])


def _scramble(s, seat, r):
    """The same position with every other hand and the bag's order redrawn."""
    t = s.copy()
    pool = list(t.bag)
    sizes = {}
    for p in range(t.players):
        if p != seat:
            sizes[p] = sum(t.hands[p].values())
            for c in COLOURS:
                pool += [c] * t.hands[p][c]
                t.hands[p][c] = 0
    r.shuffle(pool)
    for p, k in sizes.items():
        for _ in range(k):
            t.hands[p][pool.pop()] += 1
    t.bag = pool
    return t


@pytest.mark.variant("TE-BASE-77", "TE-Z-09")
def test_a_seats_view_and_events_do_not_depend_on_other_hands_or_the_bag():
    r = random.Random(3)
    s = G.new_game(G.parse_options({"players": 3}), 11)
    changed = 0
    for k in range(150):
        if s.finished:
            break
        for viewer in (0, 1, 2, None):
            t = _scramble(s, -1 if viewer is None else viewer, r)
            changed += t.hands != s.hands
            assert json.dumps(G.view(s, viewer), sort_keys=True) == json.dumps(G.view(t, viewer), sort_keys=True)
        seat = decider(s)
        opts = legal_orders(s, seat)
        main = [o for o in opts if o["type"] not in ("swap", "pass")]
        o = r.choice(main) if main and s.phase == "action" else r.choice(opts)
        new, ev = G.apply(s, o)
        for viewer in range(3):
            if viewer == seat:
                continue
            t = _scramble(s, viewer, random.Random(k))
            try:
                _, ev2 = G.apply(t, o)
            except IllegalOrder:
                continue   # the decider's order depends on his own (scrambled) hand
            # what the viewer reads, leaving out what he draws himself (that is his own hand)
            def seen(evs):
                return [e.text for e in evs if e.to is None or (viewer in e.to and e.to != [viewer])]
            assert seen(ev) == seen(ev2)
            assert all(e.to is None or len(e.to) == 1 for e in ev)
        s = new
    assert changed > 100   # the scramble did change the hidden hands


@pytest.mark.variant("TE-BASE-06", "TE-BASE-77")
def test_a_reloaded_state_gives_the_same_view():
    """The site stores the state as JSON and reloads it for every page: the view must be a
    function of the state, not of the order its dicts were filled in."""
    for opts in ({"players": 2}, {"players": 3, "buildings": True}):
        s = G.new_game(G.parse_options(opts), 4)
        t = TEState.loads(s.dumps())
        assert t.digest() == s.digest()
        for seat in (0, 1, None):
            assert G.view(t, seat) == G.view(s, seat)
        assert [m["id"] for m in G.view(t, 0)["monuments"]] == list(MONUMENTS)


@pytest.mark.variant("TE-BASE-48")
def test_a_state_built_from_another_ones_json_shares_nothing_with_it():
    s = game()
    tiles(s, "red", "E5", "F5")
    leader(s, "E6", 1, "red")
    hand(s, 0, red=2)
    s, _ = act(s, L(0, "red", "F6"))          # a revolt: the state holds a conflict and a ctx
    before = s.dumps()
    t = TEState.from_json(s.to_json())
    engine.apply_in_place(t, K(0, 2))
    engine.apply_in_place(t, K(1, 0))
    assert t.conflict is None and t.points[0]["red"] == 1
    assert s.dumps() == before and s.conflict["attacker_committed"] is None


@pytest.mark.variant("TE-BASE-72", "TE-BASE-77")
def test_changing_a_view_or_a_decision_never_changes_the_state():
    s = game()
    tile(s, "E5", "red", treasure=True)
    tile(s, "G5", "red", treasure=True)
    tile(s, "F5", "black")
    s, _ = act(s, L(0, "green", "E6"))
    assert s.phase == "treasure"
    before = s.dumps()
    v = G.view(s, 0)
    v["pending"][0]["options"]["squares"].reverse()
    v["pending"][0]["options"]["squares"][0][0] = 99
    v["options"]["players"] = 4
    d = G.pending(s)[0]
    d.options["squares"].clear()
    assert s.dumps() == before
    assert G.view(s, 0)["pending"][0]["options"]["squares"] == [J("E5"), J("G5")]


# ---- invariants --------------------------------------------------------------------------

@pytest.mark.variant("TE-BASE-35", "TE-BASE-61", "TE-BASE-72")
def test_the_invariants_catch_what_the_review_looks_for():
    s = game()
    base = set(violations(s))   # a cleared test board keeps 3 of the 10 treasures

    def new(t):
        return [v for v in violations(t) if v not in base]

    assert new(s) == []
    t = s.copy()
    tile(t, "F5", "blue")                         # a farm on land (TE-BASE-35)
    assert any("farm on land" in v for v in new(t))
    t = s.copy()
    tile(t, "E4", "red")
    t.tiles[sq("D4")] = t.tiles.pop(sq("E4"))    # a temple on the river D4
    assert any("on a river" in v for v in new(t))
    t = s.copy()
    tile(t, "E5", "red", treasure=True)
    tile(t, "F5", "red", treasure=True)
    leader(t, "E6", 0, "green")                   # a trader with two treasures, settled (TE-BASE-72)
    assert any("two treasures" in v for v in new(t))
    t = s.copy()
    tile(t, "E5", "red")
    t.unification = sq("E5")                      # the marker left behind (TE-BASE-61)
    assert any("unification" in v for v in new(t))


@pytest.mark.variant("TE-BASE-48", "TE-BASE-46")
def test_the_view_of_a_kings_revolt_names_the_leaders_and_the_red_tiles_that_count():
    s = game()
    tiles(s, "red", "E5", "F5")
    leader(s, "E6", 1, "black")
    t, _ = act(s, L(0, "black", "F6"))
    for seat in (0, 1, None):
        c = G.view(t, seat)["conflict"]
        assert (c["kind"], c["colour"], c["leader"]) == ("revolt", "red", "black")
        assert (c["attacker_square"], c["defender_square"]) == (J("F6"), J("E6"))
