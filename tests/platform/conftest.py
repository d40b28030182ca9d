"""Fixtures of the platform's tests (run on SQLite and, in CI, on PostgreSQL too)."""
from __future__ import annotations

import itertools

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

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


def post_json(client: Client, path: str, body, **extra):
    """POST ``body`` as JSON; gives the response."""
    import json

    return client.post(path, data=json.dumps(body), content_type="application/json", **extra)
