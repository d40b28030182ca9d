"""A real site for the platform's tests: ``tresham serve`` in a subprocess (uvicorn, the ASGI
application, the worker) on the test database, and HTTP clients that open an account and log
in through the JSON API as a person's browser would.

Import the fixture into a test module: ``from .serving import live_site  # noqa: F401``.
"""
from __future__ import annotations

import itertools
import secrets

import httpx
import pytest

from tresham.platform.bench import ServerProcess, database_url

_accounts = itertools.count(1)
PASSWORD_LENGTH = 16


def site_env(data_dir) -> dict[str, str]:
    """The environment of a server process on this test's database, with the site's real
    settings (not the test settings), the test process's secret key and mails kept in memory."""
    from django.conf import settings
    from django.db import connection

    return {"TRESHAM_DATA_DIR": str(data_dir), "TRESHAM_DATABASE_URL": database_url(connection.settings_dict),
            "TRESHAM_SECRET_KEY": settings.SECRET_KEY, "DJANGO_SETTINGS_MODULE": "tresham.platform.settings",
            "TRESHAM_TESTING": "1",
            # the tests open many accounts from 127.0.0.1; the limit has tests of its own
            "TRESHAM_REGISTRATIONS_PER_DAY": "0"}


@pytest.fixture
def live_site(transactional_db, tmp_path):
    """``tresham serve`` on the test database (committed rows are shared with the test);
    stopped before the database is emptied."""
    with ServerProcess(site_env(tmp_path / "var")) as server:
        yield server


class SiteClient:
    """One person's browser on the site: its own cookies, and the CSRF token sent back on
    every request as the site's pages do."""

    def __init__(self, base_url: str) -> None:
        self.http = httpx.Client(base_url=base_url, timeout=60)
        self.refresh_csrf()

    def refresh_csrf(self) -> None:
        """GET /api/accounts/csrf: the token (logging in rotates it)."""
        r = self.http.get("/api/accounts/csrf")
        assert r.status_code == 200, r.text
        self.http.headers["X-CSRFToken"] = r.json()["csrf_token"]

    def get(self, path: str, **kw) -> httpx.Response:
        return self.http.get(path, **kw)

    def post(self, path: str, body=None, **kw) -> httpx.Response:
        return self.http.post(path, json=body if body is not None else {}, **kw)

    def close(self) -> None:
        self.http.close()


def register_and_login(base_url: str, username: str | None = None) -> tuple[SiteClient, str]:
    """Open an account through the API (POST /api/accounts/register), then log in with it from
    another browser (POST /api/accounts/login); gives that logged-in client and the username."""
    username = username or f"player{next(_accounts)}x{secrets.token_hex(2)}"
    password = secrets.token_urlsafe(PASSWORD_LENGTH)
    first = SiteClient(base_url)
    r = first.post("/api/accounts/register", {"username": username, "email": f"{username}@example.org",
                                              "password1": password, "password2": password})
    assert r.status_code == 201, r.text
    first.close()
    c = SiteClient(base_url)
    r = c.post("/api/accounts/login", {"username": username, "password": password})
    assert r.status_code == 200, r.text
    c.refresh_csrf()
    return c, username
