"""tresham/games/advciv/rules/surplus.py: removal of surplus population (26.1, 26.2, 32.241,
SITE-SURPLUS-01); the city support check that follows is tested in test_support.py."""
import pytest

from tresham.games.advciv.context import Context
from tresham.games.advciv.phase import PHASES
from tresham.rng import Rng

from tests.helpers import (FOUR_EAST as NATIONS, at_surplus, pending_by_seat as owed, position,
                           texts, tokens)


ASIA, ASSYRIA, BABYLON, EGYPT = range(4)


# ---- 26.1 Surplus tokens go to stock ------------------------------------------------------------
@pytest.mark.rule("26.1")
@pytest.mark.site("SITE-SURPLUS-01")
def test_surplus_removed_automatically():
    board = {"ur": {"city": "babylon", "tokens": {"babylon": 2, "assyria": 1}},
             "babylonia": {"tokens": {"babylon": 6}}, "susa": {"tokens": {"babylon": 2}}}
    # A game of 31 tokens; Babylon's other one is in treasury (surplus goes to stock, 26.1)
    state, ev = at_surplus(board, players={"babylon": {"stock": 20, "treasury": 1}, "assyria": {"stock": 30}},
                           options={"tokens": 31})
    assert state.phase == "surplus"
    assert tokens(state, "ur", "babylon") == 0 and tokens(state, "ur", "assyria") == 0
    assert tokens(state, "babylonia", "babylon") == 4  # limit 4
    assert tokens(state, "susa", "babylon") == 2  # under the limit of 3: untouched
    assert state.players[BABYLON].stock == 24 and state.players[ASSYRIA].stock == 31
    assert "Babylon removes 4 surplus tokens to stock (Babylonia 2, Ur 2)." in texts(ev)
    assert "Assyria removes 1 surplus token to stock (Ur 1)." in texts(ev)
    assert sorted(owed(state)) == [EGYPT]  # nothing asked of Babylon or Assyria


@pytest.mark.rule("26.1", "30.913", "29.65")
@pytest.mark.site("SITE-SURPLUS-01")
def test_barbarians_obey_limits_and_pirate_cities_need_no_support():
    """Barbarian tokens above an area's limit (and any in a city area) go like everyone's;
    a Pirate city needs no support and is never reduced (30.913)."""
    state, ev = position(nations=["asia", "assyria", "babylon", "egypt"], phase="surplus",
                         board={"ur": {"city": "pirates"},
                                "babylonia": {"tokens": {"barbarians": 6}},
                                "susa": {"city": "babylon", "tokens": {"barbarians": 2}},
                                "sumeria": {"tokens": {"babylon": 2}}},
                         players={"babylon": {"stock": 20}}, options={"tokens": 22})
    assert state.board.cities.get("ur") == "pirates"
    assert state.board.tokens["babylonia"] == {"barbarians": 4}  # limit 4
    assert "barbarians" not in state.board.tokens.get("susa", {})
    assert "the Barbarians remove 4 surplus tokens to stock (Babylonia 2, Susa 2)." in texts(ev)
    assert state.board.cities.get("susa") == "babylon"  # 2 tokens support Babylon's city


# ---- 26.11 Agriculture --------------------------------------------------------------------------
@pytest.mark.rule("26.11", "32.241")
@pytest.mark.site("SITE-SURPLUS-01")
def test_agriculture_adds_one_only_where_alone():
    board = {"babylonia": {"tokens": {"babylon": 7}}, "mesopotamia": {"tokens": {"babylon": 4, "assyria": 1}},
             "sumeria": {"tokens": {"babylon": 2}}}
    state, _ = at_surplus(board, players={"babylon": {"civ_cards": ["agriculture"]}})
    assert tokens(state, "babylonia", "babylon") == 5  # limit 4 + 1
    # with Assyria's token present Agriculture gives nothing (hand-made position: after a
    # conflict such an area would already be within the limit)
    assert tokens(state, "mesopotamia", "babylon") == 3
    assert tokens(state, "mesopotamia", "assyria") == 1
    g = Context(state)
    assert g.limit("sumeria", "babylon") == 4 and g.limit("sumeria", "assyria") == 3
    # without the card: the printed limit
    state, _ = at_surplus({"babylonia": {"tokens": {"babylon": 7}}})
    assert tokens(state, "babylonia", "babylon") == 4


# ---- 26.2 Ships never count ---------------------------------------------------------------------
@pytest.mark.rule("26.2")
def test_ships_do_not_count_toward_limits():
    board = {"chaldaea": {"tokens": {"babylon": 3}}}
    state, _ = at_surplus(board, ships={"babylon": ["chaldaea", "chaldaea", "chaldaea"]})
    assert tokens(state, "chaldaea", "babylon") == 2  # limit 2: one token removed
    assert state.board.ships["babylon"] == ["chaldaea", "chaldaea", "chaldaea"]


# ---- 26.1-26.41 Random positions end within the limits and supported ----------------------------
@pytest.mark.rule("26.1", "26.11", "26.31", "26.32", "26.41")
def test_random_positions_end_within_limits_and_supported():
    """Random boards: after the phase (defaults for every decision) no token stands in a
    city area, no area is above its limit, every city is supported, every token is accounted
    for, and no older city is lost while a city built this turn still stands."""
    rng = Rng(11)
    land = sorted(a for a, x in Context(position(nations=NATIONS, phase="over")[0]).areas.items()
                  if x.is_land)
    for _ in range(25):
        board: dict = {}
        for area in rng.sample(land, 30):
            owner = rng.choice(NATIONS)
            if rng.below(3) == 0:
                board[area] = {"city": owner}
            else:
                board[area] = {"tokens": {owner: 1 + rng.below(7)}}
            if rng.below(4) == 0:
                board[area].setdefault("tokens", {})[rng.choice(NATIONS)] = 1 + rng.below(2)
        players = {n: {"civ_cards": ["agriculture"] if rng.below(2) else [],
                       "new_cities": [a for a, b in board.items() if b.get("city") == n and rng.below(2)],
                       "stock": rng.below(20)} for n in NATIONS}
        for n, spec in players.items():  # a nation has 55 tokens (5.1): the rest in treasury
            on_board = sum(b.get("tokens", {}).get(n, 0) for b in board.values())
            spec["stock"] = min(spec["stock"], 55 - on_board)
            spec["treasury"] = 55 - on_board - spec["stock"]
        state, _ = position(nations=NATIONS, phase="over", board=board, players=players)
        g = Context(state)
        before = {p.nation: g.tokens_on_board(p.nation) + p.stock + p.treasury for p in state.players}
        cities_before = {n: set(g.cities_of(n)) for n in NATIONS}
        g.s.phase = "surplus"
        phase = PHASES["surplus"]
        phase.start(g)
        for d in phase.pending(g):
            phase.timeout(g, d.player)
        assert phase.pending(g) == []
        for area, owners in state.board.tokens.items():
            assert area not in state.board.cities
            for owner, n in owners.items():
                assert n <= g.limit(area, owner)
        for p in state.players:
            assert 2 * len(g.cities_of(p.nation)) <= g.tokens_on_board(p.nation)
            assert g.tokens_on_board(p.nation) + p.stock + p.treasury == before[p.nation]
            kept = set(g.cities_of(p.nation))
            assert kept <= cities_before[p.nation]
            lost_old = (cities_before[p.nation] - kept) - set(players[p.nation]["new_cities"])
            if lost_old:  # 26.32: an old city goes only once every new city has gone
                assert not set(players[p.nation]["new_cities"]) & kept
