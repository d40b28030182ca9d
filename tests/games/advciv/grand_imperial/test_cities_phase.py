"""GI-TURN-07: city construction is the plain phase (25), unchanged, except that a city
rebuilt on a site gets back its surviving advances (``sites.city_built``, GI-CARULE-04;
``GIContext.place_city``). Ruling GIC-21."""
from __future__ import annotations

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.grand_imperial import sites
from tresham.games.advciv.grand_imperial.acquisition import city_draws
from tresham.games.advciv.grand_imperial.variant import KEY
from tresham.games.advciv.variant import game_for
from tresham.games.advciv.tools.sim import check_invariants

from tests.games.advciv.grand_imperial.test_calamities import grand_imperial  # noqa: F401  (the fixture)
from tests.helpers import position

EAST = ["egypt", "babylon", "assyria", "asia"]
EGYPT, BABYLON = 0, 1
#: Egypt: 6 tokens on the Thebes site, 12 in the Sinai (no site), 7 more for support;
#: Babylon: 7 on the Memphis site, 5 in Tanis (a site: too few), 3 in the Fayum.
BOARD = {"thebes": {"tokens": {"egypt": 6}}, "sinai": {"tokens": {"egypt": 12}},
         "upper_egypt": {"tokens": {"egypt": 4}}, "ptolemais": {"tokens": {"egypt": 2}},
         "nubia": {"tokens": {"egypt": 1}}, "memphis": {"tokens": {"babylon": 7}},
         "tanis": {"tokens": {"babylon": 5}}, "fayum": {"tokens": {"babylon": 3}},
         "babylon": {"city": "babylon"}}


def cities_phase(variant: bool, board=BOARD, sites_=None):
    """The cities phase begun on ``board``, in the plain game or in Grand Imperial (the same
    map, the Western Extension's), every decision answered by its timeout (build every city
    that can be built, 25.2)."""
    opts = {"players": 4, "wem": True, **({"variant": KEY} if variant else {})}
    state, _ = position(nations=EAST, options=opts, board=board, phase="pick")
    if sites_:
        state.variant_state["sites"] = sites_
    state.phase, state.step = "cities", {}
    g = game_for(state)
    ph = g.variant.phase("cities")
    assert type(ph).__module__ == "tresham.games.advciv.rules.cities"  # the plain phase, reused
    ph.start(g)
    for _ in range(10):
        owed = [d for d in ph.pending(g) if d.required]
        if not owed:
            break
        ph.timeout(g, owed[0].player)
    assert ph.complete(g)
    g.sync()
    return state


def summary(state):
    return {"cities": dict(sorted(state.board.cities.items())),
            "tokens": {a: dict(sorted(t.items())) for a, t in sorted(state.board.tokens.items()) if any(t.values())},
            "stock": [p.stock for p in state.players], "treasury": [p.treasury for p in state.players]}


@pytest.mark.variant("GI-TURN-07")
def test_the_gi_cities_phase_builds_exactly_as_the_plain_one():
    """The same position: Egypt builds Thebes (6 tokens, a site) and the Sinai (12, no site);
    Babylon builds Memphis (7 on a site, all 7 back to stock) but not Tanis (5). The board,
    stocks and treasuries come out the same in both games: Egypt's stock 30 -> 48 (6 + 12),
    Babylon's 40 -> 47."""
    plain, gi = cities_phase(False), cities_phase(True)
    assert summary(gi) == summary(plain)
    got = summary(gi)
    assert got["cities"] == {"babylon": "babylon", "memphis": "babylon", "sinai": "egypt", "thebes": "egypt"}
    assert got["tokens"].get("tanis") == {"babylon": 5}
    assert got["stock"] == [48, 47, 55, 55] and "memphis" not in got["tokens"]
    assert check_invariants(gi) == []


@pytest.mark.variant("GI-TURN-07", "GI-CARULE-04", "GI-CITYADV-09")
def test_a_city_rebuilt_on_its_site_gets_back_its_surviving_advances():
    """Egypt's Thebes site, its city gone, keeps a MarketPlace face up and a Granary flipped,
    decaying ("flip"). Egypt rebuilds Thebes with 6 tokens: the decay stops, the two advances
    are the city's again (the Granary still flipped), and the city draws 2 cards (1 + the
    MarketPlace's 1)."""
    decaying = {"thebes": {"owner": "egypt", "active": ["marketplace"], "flipped": ["granary"], "decay": "flip"}}
    state = cities_phase(True, sites_=decaying)
    assert state.board.cities.get("thebes") == "egypt"
    assert sites.site(state, "thebes") == {"owner": "egypt", "active": ["marketplace"],
                                           "flipped": ["granary"], "decay": None}
    assert city_draws(game_for(state), "thebes") == (2, 0)
    assert check_invariants(state) == []


@pytest.mark.variant("GI-TURN-07", "GI-CARULE-04")
def test_a_city_built_by_another_nation_on_the_site_finds_its_advances_lost():
    """Babylon builds on Egypt's decaying Memphis site (MarketPlace, Granary): the site is
    gone, the new city has no advance and draws 1 card."""
    decaying = {"memphis": {"owner": "egypt", "active": ["marketplace"], "flipped": ["granary"], "decay": "lose"}}
    state = cities_phase(True, sites_=decaying)
    assert state.board.cities.get("memphis") == "babylon"
    assert sites.site(state, "memphis") is None
    assert city_draws(game_for(state), "memphis") == (1, 0)
    assert check_invariants(state) == []
