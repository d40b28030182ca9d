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
