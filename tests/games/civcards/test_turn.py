"""The turn's steps and the end of the game (CCG-TURN-03..05, CCG-EXT-02/05, CCG-OV-02/03)."""
from __future__ import annotations

import pytest

from tresham.games.civcards import engine

from .helpers import at_buy, go, hand, plots, res, started, techs


def to_discard(s, p=0):
    s.active, s.phase = p, "attack"
    return go(s, {"type": "attack", "player": p, "attacks": []})


@pytest.mark.variant("CCG-TURN-04")
def test_draw_4_then_discard_2():
    s = started(2, 1)
    hand(s, 0, "food_1")
    s, _ = to_discard(s)
    assert len(s.seats[0]["hand"]) == 5 and s.need == 2
    h = s.seats[0]["hand"]
    s, _ = go(s, {"type": "discard", "player": 0, "cards": h[:2]})
    assert len(s.seats[0]["hand"]) == 3 and s.active == 1 and s.turn == 2


@pytest.mark.variant("CCG-EXT-02")
def test_culture_holder_draws_5_discards_3():
    s = started(2, 1)
    hand(s, 0)
    s.culture = 0
    plots(s, 0, "grassland", "plains", "hills", "river")
    from .helpers import build_on
    build_on(s, 0, s.seats[0]["plots"][0]["id"], "library")
    s, _ = to_discard(s)
    assert len(s.seats[0]["hand"]) == 5 and s.need == 3


@pytest.mark.variant("CCG-EXT-05")
def test_astronomy_and_pottery_draw_right_before_the_discard():
    s = started(2, 1)
    hand(s, 0)
    techs(s, 0, "astronomy", "pottery")
    s, texts = to_discard(s)
    assert len(s.seats[0]["hand"]) == 6 and s.need == 2
    i = texts.index("Rome draws 2 extra cards (technologies and buildings)")
    assert texts[i - 2] == "Rome draws 4 cards" and texts[i + 1] == "Rome draws 2 cards"


@pytest.mark.variant("CCG-TURN-05")
def test_resources_are_kept_between_turns():
    s = at_buy(started(2, 1))
    plots(s, 0, "floodplain", "mountains", "oasis", "tundra")
    res(s, 0, food=4, production=3, commerce=2)
    hand(s, 0)
    s, _ = go(s, {"type": "end_buy", "player": 0})
    while s.active == 0:
        s, _ = go(s, {"type": "timeout", "player": s.active}, by_site=True)
    while s.active == 1:
        s, _ = go(s, {"type": "timeout", "player": s.active}, by_site=True)
    # Rome's second turn, the printed yields added to what he kept: Food 4 + 3 (floodplain) + 2
    # (tundra), Production 3 + 3 (mountains) + 1 (tundra) + 1 (oasis), Commerce 2 + 2 (oasis)
    assert s.active == 0 and s.phase == "buy"
    got = engine.view(s, 0)["players"][0]["resources"]
    assert got == {"food": 4 + 3 + 2, "production": 3 + 3 + 1 + 1, "commerce": 2 + 2}


@pytest.mark.variant("CCG-OV-03")
def test_last_tech_ends_the_game_at_the_end_of_the_turn():
    s = at_buy(started(2, 1))
    last = s.tech_market[0]
    for t in s.tech_market[1:] + s.tech_deck:   # every other technology already bought
        s.seats[1]["techs"].append(t)
    s.tech_market, s.tech_deck = [last], []
    res(s, 0, commerce=20)
    s, texts = go(s, {"type": "buy_tech", "player": 0, "tech": last})
    assert "the last technology is bought: the game ends at the end of this turn" in texts
    assert not s.finished and s.ending
    s, _ = go(s, {"type": "end_buy", "player": 0})
    while not s.finished:
        assert s.active == 0  # the buyer's turn is played out, nobody else's
        s, texts = go(s, {"type": "timeout", "player": engine.pending(s)[0].player}, by_site=True)
    assert s.phase == "over" and texts[-1] == "the game is over: the last technology was bought"
    assert engine.pending(s) == []


@pytest.mark.variant("CCG-TURN-04")
def test_play_deck_refilled_from_the_discards():
    s = started(2, 1)
    hand(s, 0)
    s.discard += s.play_deck[2:]
    s.play_deck = s.play_deck[:2]
    n = len(s.discard)
    s, texts = to_discard(s)
    assert len(s.seats[0]["hand"]) == 4
    assert f"the discard pile is shuffled into a new play deck ({n} cards)" in texts
    assert len(s.play_deck) == n - 2 and s.discard == []


@pytest.mark.variant("CCG-OV-02", "CCG-TURN-03")
def test_a_whole_game_gathers_buys_builds_and_fights():
    """Heuristic bots play a 3-player game: resources gathered, plots, population, buildings,
    wonders and technologies bought, attacks made, until the last technology."""
    from tresham.games.civcards.bots import heuristic_bot
    from tresham.games.civcards.rules.turn import decider
    s = engine.new_game({"players": 3}, 11)
    kinds = set()
    k = 0
    while not s.finished:
        d = decider(s)
        s, ev = engine.apply(s, heuristic_bot(s, d, f"x{k}"), by_site=True)
        kinds |= {e.kind for e in ev}
        k += 1
    assert {"collect", "buy", "build", "attack", "steal", "counter", "end"} <= kinds
    assert sum(len(st["techs"]) for st in s.seats) == 16
