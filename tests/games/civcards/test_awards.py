"""The Highest Happiness and Culture cards (CCG-EXT-01..03, CCR-AWARDS)."""
from __future__ import annotations

import pytest

from tresham.games.civcards.awards import holder_after

from .helpers import at_buy, go, hand, plots, res, started


@pytest.mark.variant("CCG-EXT-01", "CCG-EXT-02")
def test_claim_needs_2_and_a_sole_lead_and_changes_hands_only_when_beaten():
    assert holder_after([1, 0, 0], None) is None        # below 2
    assert holder_after([2, 2, 0], None) is None        # no sole leader
    assert holder_after([2, 1, 0], None) == 0
    assert holder_after([2, 2, 0], 0) == 0              # a tie: the holder keeps it
    assert holder_after([2, 3, 0], 0) == 1              # a rival has more
    assert holder_after([1, 1, 0], 0) is None           # CCG-EXT-03: below 2, no sole leader
    assert holder_after([1, 3, 3], 0) is None           # CCG-EXT-03: two others have more, tied
    assert holder_after([1, 3, 2], 0) == 1


@pytest.mark.variant("CCG-EXT-01")
def test_a_temple_bought_claims_happiness_and_the_discount_follows():
    s = at_buy(started(2, 1))
    g = plots(s, 0, "grassland", "plains", "hills", "river")[0]
    temple, walls = hand(s, 0, "temple", "walls")
    res(s, 0, production=6)
    s, texts = go(s, {"type": "build", "player": 0, "card": temple, "plot": g})
    assert s.happiness == 0 and "Rome takes the Highest Happiness card (2 points)" in texts
    s, texts = go(s, {"type": "build", "player": 0, "card": walls, "plot": s.seats[0]["plots"][1]["id"]})
    assert "for 2 Production" in texts[0]  # Walls 3 - 1


@pytest.mark.variant("CCG-EXT-02", "CCG-EXT-03")
def test_demolishing_the_library_gives_the_culture_card_up():
    s = at_buy(started(2, 1))
    g = plots(s, 0, "grassland", "plains", "hills", "river")[0]
    (lib,) = hand(s, 0, "library")
    res(s, 0, production=5)
    s, texts = go(s, {"type": "build", "player": 0, "card": lib, "plot": g})
    assert s.culture == 0
    s, texts = go(s, {"type": "demolish", "player": 0, "card": lib})
    assert s.culture is None and "Rome loses the Highest Culture card; nobody holds it now" in texts
