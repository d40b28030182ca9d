"""Engine-level rulings: the phase machine itself."""

import pytest  # noqa: E402


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


