"""tresham/games/advciv/state.py: the game state's exact JSON round trip and its copy."""


# ---- JSON round trip and copy -------------------------------------------------------------------
def test_json_round_trip_exact(fresh7):
    text = fresh7.dumps()
    again = type(fresh7).loads(text)
    assert again.dumps() == text and again == fresh7


def test_copy_equals_json_round_trip_and_is_independent():
    """The fast state copy is exactly a JSON round trip, and shares nothing mutable."""
    from tresham.games.advciv.state import GameState
    from tresham.games.advciv.tools.sim import play_game
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
