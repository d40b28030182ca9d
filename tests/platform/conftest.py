"""Fixtures of the platform's tests (run on SQLite and, in CI, on PostgreSQL too)."""
from __future__ import annotations

import itertools
import types

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tresham.games import registry
from tresham.platform import urls

_names = itertools.count(1)


@pytest.fixture
def make_user(db):
    """make_user(name=None, password="pw-long-enough", **fields) -> a saved user."""
    def make(username: str | None = None, password: str = "pw-long-enough", **fields):
        username = username or f"user{next(_names)}"
        email = fields.pop("email", f"{username}@example.org")
        return get_user_model().objects.create_user(username, email, password, **fields)

    return make


@pytest.fixture
def client_for(db):
    """client_for(user) -> a Django test client logged in as ``user`` (its own session)."""
    def make(user) -> Client:
        c = Client()
        c.force_login(user)
        return c

    return make


@pytest.fixture
def register_games(settings):
    """register_games({"name": "module:Class", ...}): for one test the site offers these games
    besides its own (the setting ``TRESHAM_GAMES``) as it would had they been registered when
    it started: each game's own app (``Offers.app``) installed, its addresses in the site's URL
    conf (``urls.site_patterns``)."""
    def register(games: dict[str, str]) -> None:
        settings.TRESHAM_GAMES = games
        installed = list(settings.INSTALLED_APPS)
        settings.INSTALLED_APPS = installed + [a for a in registry.apps() if a not in installed]
        site = types.ModuleType("tests_site_urls")
        site.urlpatterns = urls.site_patterns()
        settings.ROOT_URLCONF = site

    return register


def post_json(client: Client, path: str, body, **extra):
    """POST ``body`` as JSON; gives the response."""
    import json

    return client.post(path, data=json.dumps(body), content_type="application/json", **extra)
