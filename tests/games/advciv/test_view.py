"""tresham/games/advciv/view.py: per-player views (what a seat may see) and the bots'
information state."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.context import Context

from tests.helpers import position


# ---- Context options are shown to every player (SITE-CREATE-10, -12, -15) --------------------------
@pytest.mark.site("SITE-CREATE-15", "SITE-CREATE-12")
def test_game_options_are_visible_to_every_player():
    s = engine.new_game({"players": 3, "stoic": True, "hand_limit": 10}, seed=1)
    for seat in (0, 1, 2, None):
        v = engine.view(s, seat)
        assert v["options"]["stoic"] is True and v["options"]["hand_limit"] == 10


@pytest.mark.site("SITE-CREATE-10")
def test_only_active_calamity_option_reaches_every_view():
    st = engine.new_game({"players": 3, "only_active_calamity": True}, seed=1)
    assert all(engine.view(st, s)["options"]["only_active_calamity"] is True for s in range(3))
    st = engine.new_game({"players": 3}, seed=1)
    assert engine.view(st, 0)["options"]["only_active_calamity"] is False


# ---- A seat's decisions -------------------------------------------------------------------------
def test_view_lists_only_the_viewers_own_decisions():
    from tresham.games.advciv import engine

    s = engine.new_game({"players": 4}, seed=3)
    for seat in range(4):
        v = engine.view(s, seat)
        assert all(d["player"] == seat for d in v["decisions"])
        assert [d["player"] for d in v["decisions"]] == [seat]  # everyone may pick or pre-select
    assert "decisions" not in engine.view(s, None)


# ---- information_state: other players' early orders stay hidden ---------------------------------
def test_information_state_hides_other_players_early_orders():
    """Moves entered early are secret until carried out (SITE-MOVE-05): a bot deciding for
    one seat never sees another seat's pending moves."""
    from tresham.games.advciv.view import information_state

    state, _ = position(nations=["egypt", "babylon", "assyria", "asia"], phase="movement",
                        board={"thebes": {"tokens": {"egypt": 3}}, "susa": {"tokens": {"babylon": 3}},
                               "nineveh": {"tokens": {"assyria": 2}}, "kuban": {"tokens": {"asia": 1}}})
    order = state.step["order"]
    last = order[-1]
    nation = state.players[last].nation
    src = next(iter(Context(state).token_areas(nation)))
    dst = sorted(Context(state).areas[src].land_adj)[0]
    state, _ = engine.apply(state, {"type": "move", "player": last, "moves": [{"from": src, "to": dst, "count": 1}],
                                    "voyages": [], "done": "done"})
    assert str(last) in state.step["plans"]
    assert str(last) not in information_state(state, order[0]).step["plans"]
    assert str(last) in information_state(state, last).step["plans"]
