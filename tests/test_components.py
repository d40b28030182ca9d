"""Sections 1-14: the game's description, components, map and pieces, checked on the data
and on play."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.data import load
from tresham.games.advciv.game import Game, board_areas
from tresham.games.base import IllegalOrder
from tresham.sim import play_game
from tests.helpers import play, position


def _advance_to(state, *phases, limit=200):
    """Answer every decision with its default until the game is in one of ``phases``."""
    for _ in range(limit):
        if state.phase in phases:
            return state
        seat = next(d.player for d in engine.pending(state) if d.required)
        state, _ = play(state, engine.default(state, seat))
    raise AssertionError(f"never reached {phases}; now in {state.phase}, turn {state.turn}")


@pytest.mark.rule("1.3", "34.1", "34.2")
def test_time_limit_finishes_the_current_turn():
    """A game with a fixed limit of 3 turns is scored after turn 3 is complete."""
    rec = play_game(3, seed=2, turns=3, replay=False)
    assert rec.finished and rec.turns == 3


@pytest.mark.rule("2.1", "35.2")
def test_winner_is_most_victory_points_not_furthest_on_the_ast():
    """Thrace stands further on the A.S.T. (space 5 = 500), but Crete's cards outscore it."""
    state, _ = position(nations=["crete", "thrace"], phase="ast", turn=5,
                        options={"turn_limit": 5},
                        board={"knossos": {"city": "crete"}, "athens": {"city": "thrace"}},
                        players={"crete": {"ast": 2, "civ_cards": ["philosophy", "law", "monotheism"]},
                                 "thrace": {"ast": 5}})
    assert state.finished
    g = Game(state)
    assert g.score("crete") > g.score("thrace")
    assert state.winners == [0]


@pytest.mark.rule("4.61")
def test_western_extension_changes_start_areas():
    s = engine.new_game({"players": 7, "wem": True}, seed=1)
    first = s.step["order"][0]
    with pytest.raises(IllegalOrder, match="4.6"):
        engine.apply(s, {"type": "pick", "player": first, "nation": "italy", "area": "etruria"})
    s2, _ = engine.apply(s, {"type": "pick", "player": first, "nation": "italy", "area": "baetica"})
    assert s2.board.tokens["baetica"] == {"italy": 1}
    assert "baetica" not in board_areas("full_7p", False)


@pytest.mark.rule("10.1", "10.3")
def test_ast_card_nine_stacks_one_per_value():
    s = engine.new_game({"players": 6}, seed=3)
    d = load()
    assert len(s.stacks) == 9
    for value, stack in enumerate(s.stacks, start=1):
        assert all(d.card_value(c) == value for c in stack)


@pytest.mark.rule("12.1")
def test_pick_order_decides_only_who_chooses_first():
    s = engine.new_game({"players": 4}, seed=12)
    order = s.step["order"]
    assert sorted(order) == [0, 1, 2, 3]
    s = _advance_to(s, "tax", "population", "ships", "movement")
    assert s.phase != "pick" and all(p.nation for p in s.players)
