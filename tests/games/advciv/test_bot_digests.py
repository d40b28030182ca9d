"""Seeded bot games replay to the same end (issue 28: the engine and its bots made cheaper,
"same games, same outcomes").

Each game below is played by ``tools/sim.play_game`` with one bot level at every seat (the
heuristic, the trader, or one trader among heuristics), 3 to 7 players, the plain game, the
Western Extension Map with the expansion's calamities, and Grand Imperial. The test asserts
the number of orders, a hash of the whole order log and the final state's digest
(``GameState.digest``, the SHA-256 of its JSON): a change to the calamity-loss search, the
hand values, ``engine.pending`` or ``view.information_state`` that altered any bot's choice,
any draw of the generator or any rule's outcome would move one of them.

The figures were recorded on main at commit 35ae2e4, before the optimisation (issue 28's
"the bots and the engine"). Print them anew with ``python -m tests.games.advciv.test_bot_digests``
-- only for a change of the rules or the bots that is meant, with the reason in the commit.
"""
from __future__ import annotations

import hashlib
import json

import pytest

from tresham.games.advciv.tools.sim import play_game, seat_bots

GI = {"variant": "grand_imperial", "wem": True}
EXPANSION = {"wem": True, "ep_major": True, "ep_minor": True}

#: name -> (players, seed, bots, turn cap, options, slow).
GAMES: dict[str, tuple[int, int, str, int, dict, bool]] = {
    "heuristic-3p": (3, 2, "heuristic", 60, {}, False),
    "trader-5p": (5, 3, "trader", 60, {}, False),
    "heuristic-7p": (7, 1, "heuristic", 60, {}, True),
    "trader-7p": (7, 4, "trader", 60, {}, True),
    "trader-vs-heuristic-7p": (7, 9, "trader-vs-heuristic", 40, {}, True),
    "trader-5p-expansion": (5, 8, "trader", 30, EXPANSION, False),
    "heuristic-4p-grand-imperial": (4, 5, "heuristic", 20, GI, True),
    "trader-6p-grand-imperial": (6, 6, "trader", 12, GI, True),
}

#: Recorded on main at commit 35ae2e4, before the optimisation: name -> (orders, SHA-256 of
#: the order log, final state digest).
RECORDED: dict[str, tuple[int, str, str]] = {
    "heuristic-3p": (1185, "bb3f8258e5af1a17899f70ce4eea4413335c3e0cfb281c31a2194860d08fbb41",
                     "ffaf530a65970fa3aa95adb3c97bf7818bcc6826cb64c83839b1d02bfa387bfb"),
    "trader-5p": (1902, "091ecdab5aeeae7f48bfa1323d9d81d74d48046d65e3ddcfbd54cee8ec40a5a1",
                  "c6af2d40d9caf765d5d94b3cb545a544b4f74ba8a9414ff8c819a8d333fc0ffa"),
    "heuristic-7p": (2750, "23f6fcc06d765cd13d61543db961d6527c4fb3eeb63657506727dbd16d50ddce",
                     "8ea2324231e869a68607fd0968c579aebd90e67a28b65cb1de41f2d62a88031e"),
    "trader-7p": (3271, "dff1dbe798cabef23055dd9e6308388787106730b50870e31bda13001a075fbe",
                  "37840a522e436b9107b37768f6c860becf06d37b9c6ea7eea69c316ed546e4b1"),
    "trader-vs-heuristic-7p": (1780, "51e66f2f6ed4dd4ba41ce42529d53f3aaef079392e513a0aaac290c142806a16",
                               "73036e1ab06aa23f2a1adfbbd1b7ba19ea00a6024f1f3e7bb83a49c3c92d50f5"),
    "trader-5p-expansion": (1450, "f43f58c3ac579c8e8421876f4289ae48bf94cc636db644f31e3796e1d8f0edf8",
                            "55a2e7604b74fb66021f9cff104122b265552048ee42a2d077b38edf85ee1c93"),
    "heuristic-4p-grand-imperial": (649, "149a24c8ebc322165695feaf61e3bf61b9970425fe08921ed63f0e400d566928",
                                    "47d1e84b6355ae88884a464af633da7a449ff856e13f2f0c92a906abc2a2f188"),
    "trader-6p-grand-imperial": (923, "30f102ae889b9b828b16ef8466ec38084f8363d56d21c348f4473a85b84ed4da",
                                 "6e990228475573114bf54935d40e930e214a67386266b08eb8b7e8e8160455b3"),
}


def outcome(name: str) -> tuple[int, str, str]:
    """Play game ``name`` of :data:`GAMES`: (orders, hash of the order log, final digest)."""
    players, seed, bots, turns, options, _ = GAMES[name]
    rec = play_game(players, seed, bots=seat_bots(bots, players, seed), turns=turns, check=False,
                    replay=False, options=dict(options))
    assert rec.finished and not rec.violations and not rec.refused_samples, rec.violations
    log = json.dumps(rec.orders, sort_keys=True, separators=(",", ":"))
    state = _final_state(players, seed, turns, options, rec.orders)
    return len(rec.orders), hashlib.sha256(log.encode()).hexdigest(), state.digest()


def _final_state(players: int, seed: int, turns: int, options: dict, orders: list[dict]):
    """The final state, rebuilt from the order log (``engine.replay``, as the site does)."""
    from tresham.games.advciv import engine

    return engine.replay({"players": players, **options, "turn_limit": turns}, seed, orders)


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=pytest.mark.slow) if GAMES[n][5] else n for n in GAMES])
def test_seeded_bot_games_end_as_recorded(name):
    """The game takes the recorded number of orders, the same orders, and ends in the
    recorded state."""
    orders, log, digest = outcome(name)
    want_orders, want_log, want_digest = RECORDED[name]
    assert orders == want_orders
    assert log == want_log
    assert digest == want_digest


if __name__ == "__main__":
    for key in GAMES:
        print(f"    {key!r}: {outcome(key)!r},")
