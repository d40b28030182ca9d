"""The bots (bots/): they decide on the seat's information state only, always give legal
orders, and the greedy bot beats the random one."""
import json
import random

import pytest

from tresham.games.tigris import engine
from tresham.games.tigris.bots import greedy_bot, info_state, random_bot, strong_bot
from tresham.games.tigris.legal import legal_orders
from tresham.games.tigris.tools.playout import play
from tresham.games.tigris.rules.turn import decider
from tresham.games.tigris.state import COLOURS, TEState
from tresham.games.tigris.site.rules import TigrisEuphrates

from .helpers import J, act, game, hand, leader, sq, tiles

G = TigrisEuphrates()
OPTIONS = [{"players": 2}, {"players": 3, "board": "advanced", "buildings": True},
           {"players": 4, "english": True, "wonder": True},
           {"players": 2, "board": "advanced", "buildings": True, "english": True, "wonder": True}]


def walk(options: dict, seed: int, bot=random_bot, limit: int = 2000):
    """Every (state, seat) a game played by ``bot`` for all seats waits on."""
    s = engine.new_game(options, seed)
    k = 0
    while not s.finished and k < limit:
        seat = decider(s)
        yield s, seat
        s, _ = engine.apply(s, bot(s, seat, f"{seed}:{k}"))
        k += 1
    assert s.finished


def hide_differently(s: TEState, seat: int, seed: int) -> TEState:
    """``s`` with every other hand redrawn from the bag (same sizes) and the bag reshuffled:
    what ``seat`` cannot know, changed."""
    t = s.copy()
    for p in range(t.players):
        if p == seat:
            continue
        for c in COLOURS:
            t.bag += [c] * t.hands[p][c]
    r = random.Random(seed)
    r.shuffle(t.bag)
    for p in range(t.players):
        if p == seat:
            continue
        size = sum(s.hands[p].values())
        t.hands[p] = {c: 0 for c in COLOURS}
        for _ in range(size):
            t.hands[p][t.bag.pop()] += 1
    return t


@pytest.mark.parametrize("options", OPTIONS)
def test_the_information_state_gives_the_rules_legal_orders(options):
    """The state rebuilt from a seat's view has exactly the real state's legal orders for
    that seat, at every decision of a whole game."""
    n = 0
    for s, seat in walk(options, 11):
        v = G.view(s, seat)
        assert legal_orders(info_state(v), seat) == legal_orders(s, seat)
        n += 1
    assert n > 100


@pytest.mark.parametrize("bot", [greedy_bot, random_bot, strong_bot])
def test_the_choice_ignores_other_hands_and_the_bags_order(bot):
    """Two states that differ only in the other hands and the bag's order: the same view,
    the same order, at every 5th decision of two games (3 and 2 players)."""
    checked = differed = 0
    for options, seed in (({"players": 3}, 21), ({"players": 2, "board": "advanced"}, 22)):
        for k, (s, seat) in enumerate(walk(options, seed, bot)):
            if k % 5:
                continue
            t = hide_differently(s, seat, 1000 + k)
            differed += t.hands != s.hands or t.bag != s.bag
            assert t.hands[seat] == s.hands[seat] and len(t.bag) == len(s.bag)
            assert G.view(t, seat) == G.view(s, seat)
            assert bot(t, seat, f"x{k}") == bot(s, seat, f"x{k}")
            checked += 1
    assert checked > 40 and differed > 0.9 * checked


@pytest.mark.parametrize("bot", [greedy_bot, random_bot, strong_bot])
@pytest.mark.parametrize("options", OPTIONS)
def test_the_bots_always_give_legal_orders(bot, options):
    """Each order is one of ``legal_orders`` and the rules take it, to the game's end."""
    for seed in (31, 32):
        n = 0
        for s, seat in walk(options, seed, bot):
            o = bot(s, seat, f"{seed}:{n}")
            assert o in legal_orders(s, seat)
            n += 1
        assert n > 50


@pytest.mark.parametrize("options", OPTIONS[:2])
def test_the_random_bot_is_uniform_over_the_legal_orders(options):
    """At every decision its order is ``Random(seed).choice(legal_orders(...))`` on the
    seat's information state (the action decision draws it without building the rest)."""
    n = 0
    for s, seat in walk(options, 61):
        seed = f"u{n}"
        expect = random.Random(seed).choice(legal_orders(info_state(G.view(s, seat)), seat))
        assert random_bot(s, seat, seed) == expect
        n += 1
    assert n > 100


def test_random_bot_is_seeded_by_its_string():
    s = engine.new_game({"players": 2}, 5)
    seat = decider(s)
    picks = {json.dumps(random_bot(s, seat, f"k{i}"), sort_keys=True) for i in range(30)}
    assert len(picks) > 10  # hundreds of legal orders: thirty seeds rarely agree
    assert random_bot(s, seat, "same") == random_bot(s, seat, "same")


def test_a_seat_that_owes_nothing_gets_the_timeout_order():
    s = engine.new_game({"players": 2}, 5)
    other = 1 - decider(s)
    assert greedy_bot(s, other, "x") == {"type": "timeout", "player": other}
    assert G.bot(s, other, "x") == {"type": "timeout", "player": other}
    assert G.bot(s, decider(s), "x") in legal_orders(s, decider(s))


def test_greedy_beats_random_in_most_two_player_games():
    """20 two-player games, the greedy bot in seat 0 for the even ones, seat 1 for the odd:
    it wins (first place alone) at least 15."""
    wins, greedy_scores, random_scores = 0, [], []
    for g in range(20):
        gseat = g % 2
        rec = play({"players": 2}, 500 + g, {gseat: greedy_bot}, check=False, replay=False)
        assert rec.finished
        wins += rec.places[gseat] == 1 and rec.places[1 - gseat] == 2
        greedy_scores.append(rec.scores[gseat][0])
        random_scores.append(rec.scores[1 - gseat][0])
    assert wins >= 15, (wins, greedy_scores, random_scores)
    assert sorted(greedy_scores)[10] > sorted(random_scores)[10]


# ---- the greedy bot's choices in built positions --------------------------------------------
def revolt_position():
    """Seat 0's priest may revolt on F6 (2 temples, F5 and G6) against Bull's on E6 (1, E5)."""
    s = game()
    tiles(s, "red", "E5", "F5", "G6")
    leader(s, "E6", 1, "red")
    hand(s, 0, red=3, black=3)
    hand(s, 1, red=2, green=2)
    return s


@pytest.mark.variant("TE-BASE-48", "TE-BASE-49")
def test_greedy_commits_what_wins_and_else_nothing():
    s, _ = act(revolt_position(), {"type": "leader", "player": 0, "colour": "red", "to": J("F6")})
    assert s.phase == "commit" and decider(s) == 0
    # attacker 2 against 1: bull holds 4 tiles, guessed at 3 red at most (its share of the
    # unseen tiles plus one), so 1 + 3 - 2 + 1 = 3 red win; seat 0 holds 3
    o = greedy_bot(s, 0, "x")
    assert o == {"type": "commit", "player": 0, "tiles": 3}
    t, _ = act(s, o)
    # defender: 2 + 3 = 5 against 1 + its 2 red: cannot win, commits nothing
    assert greedy_bot(t, 1, "x") == {"type": "commit", "player": 1, "tiles": 0}
    # had the attacker committed nothing, 1 red makes a tie, and a tie holds (TE-BASE-49)
    u, _ = act(s, {"type": "commit", "player": 0, "tiles": 0})
    o = greedy_bot(u, 1, "x")
    assert o == {"type": "commit", "player": 1, "tiles": 1}
    w, _ = act(u, o)
    assert w.leaders.get(sq("E6")) == (1, "red") and sq("F6") not in w.leaders
    assert w.hands[1]["red"] == 1 and w.points[1]["red"] == 1


@pytest.mark.variant("TE-BASE-72")
def test_greedy_sends_its_trader_to_two_treasures():
    s = game()
    tiles(s, "red", "E5", "F5")
    s.treasures |= {sq("E5"), sq("F5")}
    leader(s, "E6", 1, "black")
    hand(s, 0, red=2, black=2, green=2)
    o = greedy_bot(s, 0, "x")
    assert o["type"] == "leader" and o["colour"] == "green"
    assert tuple(o["to"]) in {sq(x) for x in ("D5", "E4", "F4", "G5", "F6")}
    t, _ = act(s, o)
    assert t.phase == "treasure" and decider(t) == 0
    u, _ = act(t, greedy_bot(t, 0, "x"))
    assert u.collected[0] == 1 and len(u.treasures) == 4  # 5 on the board, one taken


def monument_position(owner: int) -> TEState:
    """Red temples on E5, F5, E6 with ``owner``'s priest on G5 (H5 keeps it a temple);
    seat 0 places a red on F6 to close the block."""
    s = game()
    tiles(s, "red", "E5", "F5", "E6", "H5")
    leader(s, "G5", owner, "red")
    hand(s, 0, red=2, black=2)
    t, _ = act(s, {"type": "tile", "player": 0, "colour": "red", "to": J("F6")})
    assert t.phase == "monument"
    return t


@pytest.mark.variant("TE-BASE-62", "TE-BASE-71")
def test_greedy_builds_a_monument_that_scores_for_it_and_only_then():
    t = monument_position(0)
    o = greedy_bot(t, 0, "x")
    assert o["monument"] in ("red-blue", "red-green", "red-black") and o["at"] == J("E5")
    u, _ = act(t, o)
    assert u.monuments[o["monument"]] == sq("E5")
    assert {sq(x) for x in ("E5", "F5", "E6", "F6")} <= u.face_down
    t = monument_position(1)  # bull's priest: the monument would score for bull only
    o = greedy_bot(t, 0, "x")
    assert o == {"type": "monument", "player": 0, "monument": None, "at": None}


@pytest.mark.variant("TE-BASE-38")
def test_greedy_places_a_tile_that_scores_for_it():
    """With a king in a kingdom, a settlement beside it scores 1 black (TE-BASE-38)."""
    s = game()
    tiles(s, "red", "E5")
    leader(s, "E6", 0, "black")
    hand(s, 0, black=1)
    s.leaders[sq("A2")] = (0, "red")  # seat 0's other leaders elsewhere, so none is worth placing
    s.leaders[sq("B1")] = (0, "blue")
    s.leaders[sq("P10")] = (0, "green")
    s.catastrophes_left[0] = 0
    o = greedy_bot(s, 0, "x")
    assert o["type"] == "tile" and o["colour"] == "black"
    t, _ = act(s, o)
    assert t.points[0]["black"] == 1
