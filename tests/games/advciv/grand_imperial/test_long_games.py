"""Grand Imperial played to the end by bots (issue 13: the liveness and conservation tests every
slice must keep passing): 100 random-bot games of 4 to 8 players and 10 heuristic-bot games,
seeds fixed, with ``sim.play_game``: every invariant (``sim.check_invariants`` with
``GrandImperial.invariants``: the 163 cards, the tokens, aboard ships too, the regional stacks,
the ship records, the luxury dice, the leaders' state) checked after every order and after
every surplus removal, no sampled order refused, no stall, and the order log replaying to the
same final digest.

The turn cap, and why. Heuristic games end by themselves (the A.S.T. finish, 30-46 turns):
no cap; the 10 take 49 s (one process, on the code with leaders, luxury, ships and auctions).
Random-bot games seldom reach the finish: left alone they run for hundreds of turns (on the
slice-5 code alone the 100 took 249 s, the longest 1167 turns; with the leaders and luxury
slices the 110 games took 10 minutes in one process), more than the ~4 minutes of CI's two
cores the issue allows, and every slice to come makes a turn longer. So the random games stop
at the turn limit, ``RANDOM_TURNS`` = 100 (34.1B: the game ends and is scored; 79 of the 100
reach it). Measured on the code with leaders, luxury, ships, city advances, draw plans and
auctions: the 100 random games take 186 s of CPU in one process (7.5 minutes of wall time on
the shared machine, load average near 6), the 10 heuristic ones about a minute; with CI's
``pytest -n auto`` on 2 cores, about 2 minutes for the file. 100 turns still pass through
every phase a hundred times, restacking included. If later slices make them slower, lower the
cap and say so here.
"""
from __future__ import annotations

import pytest

from tresham.games.advciv.grand_imperial.variant import KEY, GrandImperial
from tresham.games.advciv.variant import VARIANTS
from tresham.games.advciv.tools.sim import play_game, seat_bots

GI = {"variant": KEY, "wem": True}
RANDOM = [(4 + i % 5, 13000 + i) for i in range(100)]
#: the random games' turn limit (see above)
RANDOM_TURNS = 100
HEURISTIC = [(4 + i % 5, 14000 + i) for i in range(10)]


@pytest.fixture
def grand_imperial(monkeypatch):
    """Grand Imperial registered for one test (it is not a built-in variant)."""
    monkeypatch.setitem(VARIANTS, KEY, GrandImperial())
    yield VARIANTS[KEY]


def played_clean(rec) -> None:
    assert rec.violations == [], rec.violations[:3]
    assert rec.refused_samples == [], rec.refused_samples[:3]
    assert rec.finished and not rec.stalled and not rec.unfinished, (rec.turns, len(rec.orders))
    assert rec.replay_ok is True


@pytest.mark.slow
@pytest.mark.variant("GI-REGION-15", "GI-EVENT-01", "GI-TRADE-04", "GI-TRADE-05", "GI-TRADE-08")
@pytest.mark.parametrize("players, seed", RANDOM, ids=[f"{p}p-{s}" for p, s in RANDOM])
def test_random_bot_games_end_clean_and_replay(grand_imperial, players, seed):
    played_clean(play_game(players, seed, turns=RANDOM_TURNS, options=dict(GI)))


@pytest.mark.slow
@pytest.mark.variant("GI-REGION-15", "GI-EVENT-01", "GI-TRADE-04", "GI-TRADE-05", "GI-TRADE-08")
@pytest.mark.parametrize("players, seed", HEURISTIC, ids=[f"{p}p-{s}" for p, s in HEURISTIC])
def test_heuristic_bot_games_end_clean_and_replay(grand_imperial, players, seed):
    played_clean(play_game(players, seed, bots=seat_bots("heuristic", players, seed), options=dict(GI)))
