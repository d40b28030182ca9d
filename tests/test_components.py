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


