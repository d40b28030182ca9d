"""Random-bot games with checks after every order: the invariants hold (every card in exactly
one place), the input state is untouched, the JSON round trip is exact, the game ends by the
rules; the log replays to the same digest."""
from __future__ import annotations

from tresham.games.civcards import engine
from tresham.games.civcards.invariants import violations
from tresham.games.civcards.legal import random_order
from tresham.games.civcards.rules.turn import decider
from tresham.games.civcards.state import CCState
from tresham.rng import Rng

CONFIGS = ({"players": 2}, {"players": 3}, {"players": 4}, {"players": 4, "teams": "adjacent"},
           {"players": 4, "teams": "opposite"})


def play(options: dict, seed: int, timeout_every: int = 23, limit: int = 5000) -> tuple[CCState, list[dict]]:
    s = engine.new_game(options, seed)
    assert violations(s) == []
    r = Rng(seed * 7919 + 1)
    log: list[dict] = []
    for k in range(limit):
        if s.finished:
            break
        seat = decider(s)
        o = {"type": "timeout", "player": seat} if k % timeout_every == 0 else random_order(s, seat, r)
        before = s.digest()
        t, _ = engine.apply(s, o, by_site=True)
        assert s.digest() == before
        bad = violations(t)
        assert bad == [], (o, bad)
        assert CCState.loads(t.dumps()).dumps() == t.dumps()
        log.append(o)
        s = t
    assert s.finished, f"not over after {limit} orders"
    assert s.end_reason == "the last technology was bought"
    assert not s.tech_market and not s.tech_deck
    assert engine.replay(options, seed, log).digest() == s.digest()
    return s, log
