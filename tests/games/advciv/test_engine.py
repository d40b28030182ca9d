"""tresham/games/advciv/engine.py: the phase machine, game options and their checks, events
and determinism."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.orders import is_site_order
from tresham.games.contract import IllegalOrder
from tresham.games.advciv.tools.sim import play_game


# ---- 1.1, 16.1-16.8 Number of players, tokens and boards (game options) -------------------------
@pytest.mark.rule("1.1", "16.1")
def test_two_to_eight_players():
    for n in range(2, 9):
        assert len(engine.new_game({"players": n}).players) == n
    for n in (1, 9):
        with pytest.raises(IllegalOrder, match="2 to 8"):
            engine.new_game({"players": n})


@pytest.mark.rule("16.2", "16.3", "16.4", "16.5", "16.6", "16.8")
@pytest.mark.site("SITE-CREATE-06")
def test_tokens_per_player_count():
    expected = {8: 47, 7: 55, 6: 55, 5: 47, 4: 55, 3: 47, 2: 55}
    for n, tokens in expected.items():
        assert engine.new_game({"players": n}).options.tokens == tokens
    assert engine.new_game({"players": 4, "tokens": 40}).options.tokens == 40
    with pytest.raises(IllegalOrder, match="16.1"):
        engine.new_game({"players": 9})


@pytest.mark.rule("16.5")
def test_five_players_use_three_panels():
    """16.5 / Z-10 (ruling R-BOARD-5): five players play on three panels, 47 tokens each."""
    from tresham.games.advciv import engine
    from tresham.games.advciv.context import Context

    s = engine.new_game({"players": 5}, seed=1)
    g = Context(s)
    panels = {a.panel for a in g.areas.values() if a.is_land and a.panel is not None}
    assert panels == {2, 3, 4}
    assert s.options.tokens == 47


@pytest.mark.site("SITE-CREATE-04")
def test_creator_chooses_the_map_part():
    """SITE-CREATE-04: with some player counts the creator picks which part of the map to
    play; 4 players may play the eastern panels (default) or the western part with the
    Western Extension Map (16.6)."""
    east = engine.new_game({"players": 4}, seed=1)
    west = engine.new_game({"players": 4, "board": "four_west_wem", "wem": True}, seed=1)
    from tresham.games.advciv.context import Context

    assert "memphis" in Context(east).areas and "memphis" not in Context(west).areas
    assert "rome" in Context(west).areas and "rome" not in Context(east).areas
    with pytest.raises(IllegalOrder, match="is for"):
        engine.new_game({"players": 4, "board": "three"})


@pytest.mark.site("SITE-CREATE-05")
def test_hand_limit_option():
    st = engine.new_game({"players": 3}, seed=1)
    assert st.options.hand_limit == 8
    st = engine.new_game({"players": 3, "hand_limit": 12}, seed=1)
    assert engine.view(st, 0)["options"]["hand_limit"] == 12
    with pytest.raises(IllegalOrder) as e:
        engine.new_game({"players": 3, "hand_limit": 0}, seed=1)
    assert e.value.rule == "31.71"


# ---- 3.3 No dice: the same seed gives the same game ---------------------------------------------
@pytest.mark.rule("3.3")
def test_no_dice_same_seed_same_game():
    a = play_game(4, seed=9, turns=4, replay=False)
    b = play_game(4, seed=9, turns=4, replay=False)
    c = play_game(4, seed=10, turns=4, replay=False)
    assert a.orders == b.orders and a.orders != c.orders


# ---- The phase machine: refused orders, events, the end of a game without units -----------------
def test_unknown_order_refused_state_unchanged(fresh7):
    h = fresh7.digest()
    with pytest.raises(IllegalOrder) as e:
        engine.apply(fresh7, {"type": "fly", "player": 0})
    assert "unknown order type" in str(e.value)
    assert fresh7.digest() == h


def test_every_event_of_random_games_has_valid_visibility():
    """Events are public (to=None) or addressed to a list of seats; a stray data field named
    'to' once made move events private to an area name (found in review)."""
    from tresham.games.advciv import engine
    from tresham.games.advciv.tools.sim import play_game

    for players, seed in ((4, 2016), (7, 3)):
        rec = play_game(players, seed, turns=6, check=False, replay=False)
        st = engine.new_game({"players": players, "turn_limit": 6}, seed)
        for o in rec.orders:
            for e in engine.apply_in_place(st, o, by_site=is_site_order(o)):
                assert e.to is None or (isinstance(e.to, list) and all(isinstance(x, int) for x in e.to))


def test_game_ends_when_no_nation_has_units():
    """Ruling R-EXTINCT: a game in which every playing nation has lost all its units ends
    (nothing could ever happen again), instead of running turns forever."""
    from tests.helpers import position

    state, events = position(nations=["crete", "thrace"], phase="ast", board={},
                             players={"crete": {"treasury": 3}, "thrace": {}})
    assert state.finished
    assert "no nation has any unit left" in " ".join(e.text for e in events)
    assert state.winners == [0]  # Crete's 3 treasury tokens beat Thrace's 0
