"""Starting a game (CCG-SET-01..07, CCG-CARD-05, CCG-CONF-01, CCG-OV-01)."""
from __future__ import annotations

import pytest

from tresham.games.civcards import engine
from tresham.games.civcards.rules.turn import decider
from tresham.games.contract import IllegalOrder

from .helpers import fresh, go, sound, started


def timeout(s):
    return go(s, {"type": "timeout", "player": decider(s)}, by_site=True)[0]


@pytest.mark.variant("CCG-OV-01")
def test_two_to_four_players():
    for n in (2, 3, 4):
        s = fresh(n)
        assert len(s.seats) == n
    for bad in (1, 5, "3", 3.0):
        with pytest.raises(IllegalOrder, match="players"):
            engine.parse_options({"players": bad})


@pytest.mark.variant("CCG-SET-01")
def test_three_decks_shuffled_apart():
    s, t = fresh(4, seed=1), fresh(4, seed=2)
    cards = s.cards
    assert all(cards.kind(c) == "plot" for c in s.plot_deck)
    assert all(cards.kind(c) == "technology" for c in s.tech_deck)
    assert {cards.kind(c) for c in s.play_deck} == {"unit", "building", "wonder", "bonus"}
    assert len(s.tech_deck) == 16 and len(s.play_deck) == 83
    assert s.play_deck != t.play_deck and s.tech_deck != t.tech_deck
    assert sorted(s.play_deck) == sorted(t.play_deck)
    # the same seed deals the same game
    assert fresh(4, seed=1).digest() == s.digest()


@pytest.mark.variant("CCG-SET-02", "CCG-SET-03")
def test_two_plots_dealt_then_the_first_draft_clockwise_from_left_of_dealer():
    s = sound(fresh(3, seed=5))
    assert s.dealer == 2 and s.first() == 0
    assert [len(st["plots"]) for st in s.seats] == [2, 2, 2]
    assert s.phase == "draft1" and len(s.draft) == 3 and s.queue == [0, 1, 2]
    row = list(s.draft)
    s, _ = go(s, {"type": "pick", "player": 0, "plot": row[1]})
    assert s.seats[0]["plots"][-1]["id"] == row[1] and s.queue == [1, 2]
    with pytest.raises(IllegalOrder, match="waits on Egypt"):
        engine.apply(s, {"type": "pick", "player": 2, "plot": row[0]})
    with pytest.raises(IllegalOrder, match="not in the draft"):
        engine.apply(s, {"type": "pick", "player": 1, "plot": "oasis.1"})
    s, _ = go(s, {"type": "pick", "player": 1, "plot": row[2]})
    # the last plot goes to the last picker without a decision (CCR-FORCED)
    assert s.seats[2]["plots"][-1]["id"] == row[0]
    assert s.phase == "draft2"


@pytest.mark.variant("CCG-SET-04")
def test_second_draft_dealer_first_counter_clockwise():
    s = fresh(4, seed=3)
    d = s.dealer
    while s.phase == "draft1":
        s = timeout(s)
    assert s.phase == "draft2" and len(s.draft) == 4
    assert s.queue == [d, (d - 1) % 4, (d - 2) % 4, (d - 3) % 4]
    assert [len(st["plots"]) for st in s.seats] == [3, 3, 3, 3]


@pytest.mark.variant("CCG-SET-05", "CCG-CONF-01")
def test_market_of_three_and_four_starting_plots():
    s = fresh(2, seed=4)
    while s.phase in ("draft1", "draft2"):
        s = timeout(s)
    assert len(s.plot_market) == 3 and len(s.tech_market) == 3
    assert len(s.tech_deck) == 13
    assert [len(st["plots"]) for st in s.seats] == [4, 4]  # 2 dealt + 2 drafted
    assert len(s.plot_deck) == 30 - 8 - 3


@pytest.mark.variant("CCG-CARD-05", "CCG-CONF-01")
def test_four_starting_plots_and_the_free_population_on_any():
    s = fresh(2, seed=4)
    while s.phase != "free_pop":
        s = timeout(s)
    p = s.queue[0]
    assert p == s.first()
    fourth = s.seats[p]["plots"][3]["id"]  # a drafted plot: any of the four
    s, texts = go(s, {"type": "free_population", "player": p, "plot": fourth})
    assert s.plot(p, fourth)["pop"] == 1
    assert sum(pl["pop"] for pl in s.seats[p]["plots"]) == 1
    with pytest.raises(IllegalOrder, match="not one of your plots"):
        engine.apply(s, {"type": "free_population", "player": 1 - p, "plot": fourth})


@pytest.mark.variant("CCG-SET-06")
def test_opening_hands_6_7_8_9_then_two_discards_in_the_same_order():
    s = fresh(4, seed=9)
    while s.phase != "opening_discard":
        s = timeout(s)
    f = s.first()
    order = [(f + i) % 4 for i in range(4)]
    assert [len(s.seats[p]["hand"]) for p in order] == [6, 7, 8, 9]
    assert s.queue == order and s.need == 2
    assert len(s.play_deck) == 83 - 30
    first_hand = s.seats[f]["hand"]
    with pytest.raises(IllegalOrder, match="discard 2 cards, not 1"):
        engine.apply(s, {"type": "discard", "player": f, "cards": first_hand[:1]})
    s, _ = go(s, {"type": "discard", "player": f, "cards": first_hand[:2]})
    assert len(s.seats[f]["hand"]) == 4 and len(s.discard) == 2 and s.queue == order[1:]
    while s.phase == "opening_discard":
        s = timeout(s)
    assert [len(s.seats[p]["hand"]) for p in order] == [4, 5, 6, 7]


@pytest.mark.variant("CCG-SET-07")
def test_first_turn_is_left_of_the_dealer():
    for seed in range(6):
        s = started(3, seed=seed)
        assert s.turn == 1 and s.active == (s.dealer + 1) % 3
        assert s.phase in ("collect", "buy")


def test_dealer_from_the_seed_and_the_orders_around_him():
    dealers = {fresh(4, seed=k).dealer for k in range(20)}
    assert dealers == {0, 1, 2, 3}
