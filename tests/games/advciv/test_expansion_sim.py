"""Issue 12: games with both Expansion Project options (ep_major, ep_minor) played to the end
by bots end with no invariant violation, and rebuild exactly from their order logs."""
from __future__ import annotations

import pytest

from tresham.games.advciv.tools.sim import play_game, seat_bots, summarize

BOTH = {"ep_major": True, "ep_minor": True}


@pytest.mark.slow
@pytest.mark.variant("CPCAL-00a")
def test_two_hundred_random_bot_games_with_the_expansion_calamities():
    records = [play_game(2 + i % 7, seed=5000 + i, turns=40, options=BOTH) for i in range(200)]
    s = summarize(records)
    assert s["games"] == 200 and s["stalled"] == 0 and s["invariant_violations"] == 0, s["examples"]
    assert s["finished"] == 200 and s["replays_ok"] == 200, s
    assert s["refused_samples"] == 0, s["examples"]


@pytest.mark.slow
@pytest.mark.variant("CPCAL-00a")
def test_twenty_heuristic_games_with_the_expansion_calamities():
    records = [play_game(2 + i % 7, seed=7000 + i, bots=seat_bots("heuristic", 2 + i % 7, 7000 + i),
                         turns=40, options=BOTH) for i in range(20)]
    s = summarize(records)
    assert s["games"] == 20 and s["stalled"] == 0 and s["invariant_violations"] == 0, s["examples"]
    assert s["finished"] == 20 and s["replays_ok"] == 20, s
