"""Long random games (playout.py): 1,000 random-bot games of 2, 3 and 4 players over the
options (marked slow, in chunks for xdist), and 20 of them as an everyday guard.

Every game must end by the rules -- at the end of a turn with 2 or fewer treasures on the
board (TE-BASE-75) or when the bag cannot complete a draw (TE-BASE-76) -- within 2,000
orders; ``invariants.violations`` must be empty after every order; every 25th order the
JSON round trip keeps the digest and ``apply`` leaves its input untouched; and the log
replays from options, seed and orders to the same digest.
"""
from collections import Counter

import pytest

from tresham.games.tigris.tools.playout import play

MAX_ORDERS = 2000
#: the option mixes, cycled over the games (every addition has landed: TE-ADVB, TE-BLD,
#: TE-ENG, TE-WON)
MIXES = [
    {},
    {"board": "advanced"},
    {"buildings": True},
    {"english": True},
    {"wonder": True},
    {"board": "advanced", "buildings": True, "english": True, "wonder": True},
]
GAMES = 1000
CHUNKS = 20


def spec(i: int) -> tuple[dict, int]:
    """Game ``i``: 2, 3, 4 players in turn, the option mixes cycled every three games (so each
    player count meets each mix), seed 70000 + i."""
    return {"players": 2 + i % 3, **MIXES[(i // 3) % len(MIXES)]}, 70000 + i


def check_games(indices) -> Counter:
    """Play the games and check each (module docstring); the ends by kind."""
    ends: Counter = Counter()
    for i in indices:
        options, seed = spec(i)
        rec = play(options, seed, max_orders=MAX_ORDERS)
        where = f"game {i} ({options}, seed {seed})"
        assert not rec.stalled, f"{where} stalled: {MAX_ORDERS} orders without an end"
        assert rec.finished, where
        assert rec.violations == [], f"{where}: {rec.violations[:3]}"
        assert rec.roundtrips == len(rec.orders) // 25 and rec.roundtrip_failures == [], where
        assert rec.replay_ok, f"{where}: the replay does not reach the same digest"
        if rec.end == "treasures":
            assert rec.treasures_left <= 2, where
        else:
            assert rec.end == "bag" and rec.bag_left == 0, f"{where}: {rec.end_reason}"
        assert len(rec.places) == options["players"] and min(rec.places) == 1, where
        ends[rec.end] += 1
    return ends


@pytest.mark.slow
@pytest.mark.variant("TE-BASE-75", "TE-BASE-76")
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_a_thousand_random_games(chunk, record_property):
    size = GAMES // CHUNKS
    ends = check_games(range(chunk * size, (chunk + 1) * size))
    record_property("ends", dict(ends))
    assert sum(ends.values()) == size


@pytest.mark.variant("TE-BASE-75", "TE-BASE-76")
def test_twenty_random_games(record_property):
    """The everyday guard: games 0..19 of the long run (all player counts and mixes)."""
    ends = check_games(range(20))
    record_property("ends", dict(ends))
    assert sum(ends.values()) == 20
