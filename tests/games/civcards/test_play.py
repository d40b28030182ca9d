"""Random-bot games over 2, 3 and 4 players and the team game end by the rules, with every card
in exactly one place after every order, and replay from their log to the same digest
(``randplay.py``): a few in the normal suite, 1,000 marked ``slow``."""
from __future__ import annotations

import pytest

from tresham.games.civcards import engine

from .randplay import CONFIGS, play


@pytest.mark.variant("CCG-OV-03", "CCG-OV-01")
@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: f"{o['players']}p-{o.get('teams', 'none')}")
def test_random_games_end_by_the_rules(options):
    s, log = play(options, seed=1)
    places = engine.view(s, None)["places"]
    assert sorted(places)[0] == 1 and len(places) == options["players"]
    if options.get("teams"):
        mate = 2 if options["teams"] == "opposite" else 1
        assert places[0] == places[mate]


@pytest.mark.slow
def test_a_thousand_random_games():
    for k in range(1000):
        play(CONFIGS[k % len(CONFIGS)], seed=1000 + k)
