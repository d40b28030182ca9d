"""Shared fixtures."""
import pytest

from tresham.games.advciv import engine


@pytest.fixture
def fresh7():
    return engine.new_game({"players": 7}, seed=7)
