"""Engine-level rulings: the phase machine itself."""

def test_game_ends_when_no_nation_has_units():
    """Ruling R-EXTINCT: a game in which every playing nation has lost all its units ends
    (nothing could ever happen again), instead of running turns forever."""
    from tests.helpers import position

    state, events = position(nations=["crete", "thrace"], phase="ast", board={},
                             players={"crete": {"treasury": 3}, "thrace": {}})
    assert state.finished
    assert "no nation has any unit left" in " ".join(e.text for e in events)
    assert state.winners == [0]  # Crete's 3 treasury tokens beat Thrace's 0


def test_copy_equals_json_round_trip_and_is_independent():
    """The fast state copy is exactly a JSON round trip, and shares nothing mutable."""
    from tresham.games.advciv.state import GameState
    from tresham.sim import play_game
    from tresham.games.advciv import engine

    rec = play_game(5, seed=3, turns=6, check=False, replay=False)
    state = engine.replay({"players": 5, "turn_limit": 6}, 3, rec.orders[: len(rec.orders) // 2])
    c = state.copy()
    assert c == GameState.loads(state.dumps())
    assert c.dumps() == state.dumps()
    c.players[0].hand.append("salt")
    c.board.tokens.setdefault("athens", {})["crete"] = 99
    c.stacks[0].clear()
    c.step["x"] = 1
    assert state.dumps() == GameState.loads(state.dumps()).dumps()
    assert "x" not in state.step and state.stacks[0]


def test_every_event_of_random_games_has_valid_visibility():
    """Events are public (to=None) or addressed to a list of seats; a stray data field named
    'to' once made move events private to an area name (found in review)."""
    from tresham.games.advciv import engine
    from tresham.sim import play_game

    for players, seed in ((4, 2016), (7, 3)):
        rec = play_game(players, seed, turns=6, check=False, replay=False)
        st = engine.new_game({"players": players, "turn_limit": 6}, seed)
        for o in rec.orders:
            for e in engine.apply_in_place(st, o):
                assert e.to is None or (isinstance(e.to, list) and all(isinstance(x, int) for x in e.to))


import pytest  # noqa: E402


@pytest.mark.rule("26.41", "32.241")
def test_reduced_city_agriculture_bonus_only_when_alone():
    """A reduced city leaves tokens up to the limit, +1 with Agriculture, but not where another
    nation's tokens stand (32.241). Athens has limit 3 (map data)."""
    from tests.helpers import position
    from tresham.games.advciv.game import Game

    state, _ = position(nations=["crete", "thrace"], phase="movement",
                        board={"athens": {"city": "crete"}, "knossos": {"tokens": {"crete": 1}},
                               "corinth": {"city": "crete", "tokens": {"thrace": 1}},
                               "scythia": {"tokens": {"thrace": 1}}},
                        players={"crete": {"civ_cards": ["agriculture"]}})
    g = Game(state)
    limit_athens, limit_corinth = g.areas["athens"].limit, g.areas["corinth"].limit
    assert g.reduce_city("athens") == limit_athens + 1
    assert g.reduce_city("corinth") == limit_corinth


@pytest.mark.rule("16.5")
def test_five_players_use_three_panels():
    """16.5 / Z-10 (ruling R-BOARD-5): five players play on three panels, 47 tokens each."""
    from tresham.games.advciv import engine
    from tresham.games.advciv.game import Game

    s = engine.new_game({"players": 5}, seed=1)
    g = Game(s)
    panels = {a.panel for a in g.areas.values() if a.is_land and a.panel is not None}
    assert panels == {2, 3, 4}
    assert s.options.tokens == 47


@pytest.mark.rule("35.2", "15.61")
def test_inert_nation_cannot_win():
    """Ruling R-INERT-WIN: Crete departed with the best score; Thrace, still played, wins."""
    from tests.helpers import position

    state, _ = position(nations=["crete", "thrace"], phase="ast", turn=3, options={"turn_limit": 3},
                        board={"athens": {"city": "crete"}, "knossos": {"city": "crete"},
                               "scythia": {"tokens": {"thrace": 2}}},
                        players={"crete": {"inert": True, "civ_cards": ["law"]}, "thrace": {}})
    assert state.finished
    assert state.winners == [1]


def test_view_lists_only_the_viewers_own_decisions():
    from tresham.games.advciv import engine

    s = engine.new_game({"players": 4}, seed=3)
    for seat in range(4):
        v = engine.view(s, seat)
        assert all(d["player"] == seat for d in v["decisions"])
        assert [d["player"] for d in v["decisions"]] == [seat]  # everyone may pick or pre-select
    assert "decisions" not in engine.view(s, None)
