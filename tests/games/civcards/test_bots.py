"""The bots: every order they give is legal, each is deterministic given its seed, and the
heuristic bot beats the random one."""
from __future__ import annotations

from tresham.games.civcards import engine
from tresham.games.civcards.bots import heuristic_bot, random_bot
from tresham.games.civcards.bots.levels import LEVELS
from tresham.games.civcards.invariants import violations
from tresham.games.civcards.legal import buy_orders
from tresham.games.civcards.rules.end import places
from tresham.games.civcards.rules.turn import decider

from .helpers import at_buy, started


def test_every_listed_purchase_is_accepted():
    s = at_buy(started(4, 5, teams="opposite"))
    s.seats[0]["res"] = {"food": 30, "production": 30, "commerce": 30}
    s.seats[0]["hand"] += [s.play_deck.pop() for _ in range(10)]
    orders = buy_orders(s, 0)
    assert {o["type"] for o in orders} >= {"buy_plot", "buy_population", "buy_tech", "exchange", "give", "end_buy"}
    for o in orders:
        t, _ = engine.apply(s, o)
        assert violations(t) == []


def test_the_heuristic_beats_random():
    wins = 0
    for g in range(6):
        s = engine.new_game({"players": 2}, 100 + g)
        h = g % 2
        k = 0
        while not s.finished:
            d = decider(s)
            bot = heuristic_bot if d == h else random_bot
            s, _ = engine.apply(s, bot(s, d, f"{g}.{k}"), by_site=True)
            k += 1
        wins += places(s)[h] == 1
    assert wins == 6


def test_bots_are_deterministic_and_wait_when_owed_nothing():
    s = started(3, 2)
    d = decider(s)
    for level in LEVELS:
        assert level.play(s, d, "a") == level.play(s, d, "a")
        assert level.play(s, (d + 1) % 3, "a") == {"type": "bot_default", "player": (d + 1) % 3}
    assert [lv.key for lv in LEVELS] == ["heuristic", "random"]
