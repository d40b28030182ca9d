"""The team game (CCG-TEAM-01..03)."""
from __future__ import annotations

import pytest

from tresham.games.civcards import engine
from tresham.games.civcards.seating import team_of
from tresham.games.contract import IllegalOrder

from .helpers import at_buy, go, res, started


@pytest.mark.variant("CCG-TEAM-01")
def test_two_teams_of_two_seated_adjacent_or_opposite():
    assert [team_of({"teams": "opposite"}, p) for p in range(4)] == [0, 1, 0, 1]
    assert [team_of({"teams": "adjacent"}, p) for p in range(4)] == [0, 0, 1, 1]
    assert team_of({"teams": "none"}, 2) is None
    with pytest.raises(IllegalOrder, match="the team game is for 4 players, not 3"):
        engine.parse_options({"players": 3, "teams": "opposite"})
    with pytest.raises(IllegalOrder, match="option 'teams'"):
        engine.parse_options({"players": 4, "teams": "mixed"})


@pytest.mark.variant("CCG-TEAM-03")
def test_teammates_give_resources_during_their_turn():
    s = at_buy(started(4, 1, teams="opposite"))
    res(s, 0, food=5, commerce=2)
    res(s, 2)
    s, texts = go(s, {"type": "give", "player": 0, "to": 2, "food": 3, "commerce": 2})
    assert s.seats[0]["res"] == {"food": 2, "production": 0, "commerce": 0}
    assert s.seats[2]["res"] == {"food": 3, "production": 0, "commerce": 2}
    assert texts == ["Rome gives Persia 3 Food, 2 Commerce"]
    with pytest.raises(IllegalOrder, match="Egypt is not your teammate"):
        go(s, {"type": "give", "player": 0, "to": 1, "food": 1})
    with pytest.raises(IllegalOrder, match="you have 2 Food, not 5"):
        go(s, {"type": "give", "player": 0, "to": 2, "food": 5})
    with pytest.raises(IllegalOrder, match="not a 'give' order"):  # only in his own turn
        s2 = s.copy()
        s2.phase = "attack"
        go(s2, {"type": "give", "player": 0, "to": 2, "food": 1})
    plain = at_buy(started(4, 1))
    with pytest.raises(IllegalOrder, match="not your teammate"):
        go(plain, {"type": "give", "player": 0, "to": 2, "food": 1})
