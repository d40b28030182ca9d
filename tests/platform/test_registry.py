"""The registry finds games in three places, each over the one before: the built-in
``GAMES``, the installed packages' entry points (group ``tresham.games``) and the setting
``TRESHAM_GAMES``; the first built-in game is the one meant when none is named."""
from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

from tresham.games import registry


@pytest.fixture
def packaged(monkeypatch):
    """A package that declares "count3" (the test_layout game) as an entry point."""
    eps = [EntryPoint("count3", "tests.platform.test_layout:CountToThree", registry.ENTRY_POINTS)]

    def entry_points(group=None):
        return [e for e in eps if e.group == group]

    registry.installed.cache_clear()
    monkeypatch.setattr("importlib.metadata.entry_points", entry_points)
    yield
    registry.installed.cache_clear()


def test_a_game_declared_by_an_installed_package_is_offered(packaged, settings):
    settings.TRESHAM_GAMES = {}
    assert registry.names() == ["advciv", "civcards", "count3", "tigris"]
    assert registry.get("count3").title == "Count to three"
    assert registry.default_name() == "advciv"


def test_the_setting_goes_over_the_entry_points_and_the_built_in_games(packaged, settings):
    settings.TRESHAM_GAMES = {"count3": "tests.platform.test_layout:CountToThree",
                              "tigris": "tests.platform.test_layout:CountToThree"}
    assert registry.get("tigris").name == "count3"  # the setting's class, not the built-in one
    with pytest.raises(registry.UnknownGame):
        registry.get("chess")


def test_the_real_installation_declares_no_extra_game(settings):
    registry.installed.cache_clear()
    settings.TRESHAM_GAMES = {}
    assert registry.names() == ["advciv", "civcards", "tigris"]
