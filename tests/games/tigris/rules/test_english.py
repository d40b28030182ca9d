"""The English variant's commitments (TE-ENG-01..03; rulings TER-ENG-*), option ``english``."""
import pytest

from tresham.games.contract import IllegalOrder
from tresham.games.tigris import engine
from tresham.games.tigris.legal import legal_orders
from tresham.games.tigris.rules.commit import allowed_counts
from tresham.games.tigris.rules.common import who

from .. import randplay
from ..helpers import J, act, game, hand, leader, sq, tiles

ARCHER = ("D5", "D6", "B6", "B5")   # the archer king's supporters, in the order taken
BULL = ("F5", "F6", "H6", "H5")     # the bull king's


def war(a: int, d: int, a_hand: int, d_hand: int, english: bool = True, a_red: int = 0, d_red: int = 0):
    """A black war on E5 (the archer attacks): ``a`` against ``d`` supporters; the state at
    the attacker's commitment. ``a_red``, ``d_red``: red tiles in hand besides the black, so
    that the hand's size alone (public) does not settle the commitment (SITE-TABLE-08)."""
    s = game(english=english)
    tiles(s, "red", "C5", "G5")
    tiles(s, "black", *ARCHER[:a], *BULL[:d])
    leader(s, "C6", 0, "black")
    leader(s, "G6", 1, "black")
    hand(s, 0, green=1, black=a_hand, red=a_red)
    hand(s, 1, black=d_hand, red=d_red)
    t, _ = act(s, {"type": "tile", "player": 0, "colour": "green", "to": J("E5")})
    assert t.phase == "commit"
    assert (t.conflict["attacker_strength"], t.conflict["defender_strength"]) == (a, d)
    return t


def K(seat, n):
    return {"type": "commit", "player": seat, "tiles": n}


def refused(t, order, rule, words):
    before = t.dumps()
    with pytest.raises(IllegalOrder) as e:
        act(t, order)
    assert e.value.rule == rule and words in str(e.value), str(e.value)
    assert t.dumps() == before


def counts(t):
    """The counts the commit decision shows in the decider's own view (TER-ENG-4)."""
    d = engine.pending(t)[0]
    assert "counts" not in engine.view(t, 1 - d.player)["pending"][0]["options"]
    return engine.view(t, d.player)["pending"][0]["options"]["counts"]


@pytest.mark.variant("TE-ENG-02", "TE-ENG-03")
def test_attacker_must_get_ahead_defender_exactly_ties():
    t = war(1, 3, 4, 2)
    assert allowed_counts(t, "attacker") == [0, 3, 4] and counts(t) == [0, 3, 4]
    for n in (1, 2):
        refused(t, K(0, n), "TE-ENG-02", "commit 0 or 3 to 4")
    t, _ = act(t, K(0, 3))                  # 1 + 3 = 4 against 3
    assert t.hands[0]["black"] == 1 and t.conflict["attacker_committed"] == 3
    assert allowed_counts(t, "defender") == [0, 1] and counts(t) == [0, 1]
    refused(t, K(1, 2), "TE-ENG-03", "exactly 1 to tie at 4")
    t, _ = act(t, K(1, 1))                  # 3 + 1 = 4: the tie goes to the defender
    assert t.leader_square(0, "black") is None and t.leader_square(1, "black") == sq("G6")
    assert t.points[1]["black"] == 2        # the archer's D5 and his king
    assert t.hands[1]["black"] == 1


@pytest.mark.variant("TE-ENG-02")
def test_attacker_without_a_chance_commits_nothing():
    t = war(1, 3, 2, 0, a_red=4)
    assert allowed_counts(t, "attacker") == [0]
    refused(t, K(0, 1), "TE-ENG-02", "cannot get ahead, so he commits nothing")
    refused(t, K(0, 2), "TE-ENG-02", "with 1 against 3 and 2 in hand")
    refused(t, K(0, 3), "TE-BASE-56", "he holds 2")   # more than he holds: the base rule


@pytest.mark.variant("TE-ENG-02")
def test_attacker_already_ahead_may_commit_any_number():
    t = war(3, 1, 2, 3, d_red=3)
    assert allowed_counts(t, "attacker") == [0, 1, 2]
    t, _ = act(t, K(0, 2))                  # 5 against 1
    assert allowed_counts(t, "defender") == [0]   # 4 needed, he holds 3
    refused(t, K(1, 3), "TE-ENG-03", "cannot reach 5 from 1 with 3 in hand")
    t, _ = act(t, K(1, 0))
    assert t.leader_square(1, "black") is None and t.points[0]["black"] == 2


@pytest.mark.variant("TE-ENG-01", "TE-ENG-02", "TE-ENG-03")
def test_without_the_option_any_number_and_with_it_no_dumping():
    base = war(1, 3, 4, 4, english=False)
    assert allowed_counts(base, "attacker") == [0, 1, 2, 3, 4]
    t, _ = act(base, K(0, 1))               # a useless tile: 2 against 3, allowed in the base game
    assert allowed_counts(t, "defender") == [0, 1, 2, 3, 4]
    eng = war(1, 3, 4, 4)
    assert allowed_counts(eng, "attacker") == [0, 3, 4]
    t, _ = act(eng, K(0, 4))                # 5 against 3
    assert allowed_counts(t, "defender") == [0, 2]   # 3 or 4 would be tiles thrown away
    refused(t, K(1, 4), "TE-ENG-03", "exactly 2")


@pytest.mark.variant("TE-ENG-02", "TE-ENG-03")
def test_revolt_with_temples():
    s = game(english=True)
    tiles(s, "red", "E5", "F5", "G6")
    leader(s, "E6", 1, "red")               # bull's priest: E5 -> 1
    hand(s, 0, red=3)
    hand(s, 1, red=2)
    t, _ = act(s, {"type": "leader", "player": 0, "colour": "red", "to": J("F6")})  # 2 temples
    assert t.conflict["kind"] == "revolt"
    assert allowed_counts(t, "attacker") == [0, 1, 2, 3]   # already ahead
    t, _ = act(t, K(0, 1))                  # 3 against 1
    assert allowed_counts(t, "defender") == [0, 2]
    refused(t, K(1, 1), "TE-ENG-03", "exactly 2 to tie at 3")
    t, _ = act(t, K(1, 2))
    assert t.leader_square(0, "red") is None and t.points[1]["red"] == 1


@pytest.mark.variant("TE-ENG-02", "TE-ENG-03")
def test_timeout_default_and_legal_orders():
    t = war(1, 3, 4, 2)
    assert legal_orders(t, 0) == [K(0, 0), K(0, 3), K(0, 4)]
    assert engine.pending(t)[0].default == "commit nothing"
    u, _ = act(t, {"type": "timeout", "player": 0}, by_site=True)
    assert u.hands[0]["black"] == 4
    # 3 already beats 1: the defender has no choice and is not asked (SITE-TABLE-08)
    assert u.conflict is None and u.leader_square(0, "black") is None


@pytest.mark.variant("TE-ENG-02", "TE-ENG-03")
def test_random_legal_play_english():
    opts = {"players": 2, "english": True}
    start = engine.new_game(opts, 11)
    end, log, seen = randplay.play(start, 11, orders=400)
    assert seen["commit"] >= 2
    assert engine.replay(opts, 11, log).digest() == end.digest()


@pytest.mark.site("SITE-TABLE-08")
@pytest.mark.variant("TE-ENG-03")
def test_a_defender_already_winning_is_not_asked():
    """Issue 24, no empty decisions: the defender's 2 beat the attacker's 1 + 0 committed, so
    the English variant leaves him only "nothing" (public facts: both strengths and the
    commitment); it is applied at once with a history line, and the war is settled (his 3
    black tiles stay in his hand)."""
    t, ev = act(war(1, 2, 0, 3, a_red=5), K(0, 0))
    assert t.phase != "commit" and t.conflict is None
    assert t.leader_square(0, "black") is None and t.hands[1]["black"] == 3
    words = [e.text for e in ev]
    assert (f"{who(1)}, the defender, has no choice but to commit nothing: he already wins with 2 "
            "against 1 (TE-ENG-03)") in words


@pytest.mark.site("SITE-TABLE-08")
@pytest.mark.variant("TE-BASE-56")
def test_a_defender_whose_hand_might_hold_tiles_is_still_asked():
    """Whether a hand holds tiles of the war's colour is the seat's secret: a defender with
    tiles in hand but none black is asked all the same (skipping him would tell the
    attacker he has none); only public facts make a decision empty."""
    s = game()
    tiles(s, "red", "C5", "G5")
    tiles(s, "black", "D5", "F5")
    leader(s, "C6", 0, "black")
    leader(s, "G6", 1, "black")
    hand(s, 0, green=1, black=2)
    hand(s, 1, red=4)
    t, _ = act(s, {"type": "tile", "player": 0, "colour": "green", "to": J("E5")})
    t, _ = act(t, K(0, 1))
    assert t.phase == "commit" and engine.pending(t)[0].player == 1
    assert legal_orders(t, 1) == [K(1, 0)]
