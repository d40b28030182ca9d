"""Bad input at the API and the pages gets a clear 4xx and changes nothing (never a 5xx), on
SQLite and PostgreSQL alike (PostgreSQL cannot even compare a text with a NUL in it)."""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tresham.platform.accounts.models import Friendship, Report

from .helpers import PASSWORD, send

pytestmark = pytest.mark.django_db
NUL = "bob\x00"
HUGE = 10 ** 30


def test_the_anonymous_endpoints_refuse_bad_input_with_4xx(make_user):
    make_user("bob")
    c = Client()
    cases = [
        ("post", "/api/accounts/login", {"username": NUL, "password": PASSWORD}),
        ("post", "/api/accounts/login", {"username": ["bob"], "password": PASSWORD}),
        ("post", "/api/accounts/login", {"username": "bob"}),
        ("post", "/api/accounts/login", None),
        ("post", "/api/accounts/register", {"username": NUL, "email": "a@example.org", "password1": "x",
                                            "password2": "x"}),
        ("post", "/api/accounts/register", {"username": "u" * 151, "email": "a@example.org", "password1": "x",
                                            "password2": "x"}),
        ("post", "/api/accounts/password-reset", {"email": "a\x00@example.org"}),
        ("post", "/api/accounts/password-reset", {"email": "no address"}),
        ("post", "/api/accounts/password-reset/confirm", {"uid": NUL, "token": "t", "new_password1": "a",
                                                          "new_password2": "a"}),
        ("post", "/api/accounts/password-reset/confirm", {"uid": "MTAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMA",
                                                          "token": "t", "new_password1": "a", "new_password2": "a"}),
    ]
    for method, path, body in cases:
        r = send(c, method, path, body)
        assert 400 <= r.status_code < 500 and "error" in r.json(), (path, body, r.status_code)
    assert get_user_model().objects.count() == 1


def test_the_logged_in_endpoints_refuse_bad_input_with_4xx(make_user, client_for):
    alice, bob = make_user("alice"), make_user("bob")
    c = client_for(alice)
    cases = [
        ("patch", "/api/accounts/me", {"display_name": NUL}),
        ("patch", "/api/accounts/me", {"time_zone": "Europe/Paris\x00"}),
        ("patch", "/api/accounts/me", {"email": "x\x00@example.org", "current_password": PASSWORD}),
        ("patch", "/api/accounts/me", {"display_name": 5}),
        ("put", "/api/accounts/me/availability", {"windows": [{"start": "noon", "end": "13:00"}]}),
        ("put", "/api/accounts/me/availability", {"windows": "13:00-14:00"}),
        ("post", "/api/accounts/friends", {"name": NUL}),
        ("post", "/api/accounts/friends", {"name": ""}),
        ("post", f"/api/accounts/friends/{HUGE}/accept", None),
        ("post", "/api/accounts/friends/-1/decline", None),
        ("delete", f"/api/accounts/friends/{HUGE}", None),
        ("post", "/api/accounts/reports", {"player": NUL, "rule": 2, "reason": "a long enough reason"}),
        ("post", "/api/accounts/reports", {"player": "bob", "rule": 2, "reason": "a long enough reason",
                                           "game_id": HUGE}),
        ("post", "/api/accounts/reports", {"player": "bob", "rule": 2 ** 40, "reason": "a long enough reason"}),
        ("post", "/api/accounts/reports", {"player": "bob", "rule": 2, "reason": "x" * 2001}),
        ("post", "/api/accounts/password", {"old_password": NUL, "new_password1": "a", "new_password2": "a"}),
    ]
    for method, path, body in cases:
        r = send(c, method, path, body)
        assert 400 <= r.status_code < 500 and "error" in r.json(), (path, body, r.status_code)
    alice.refresh_from_db()
    assert (alice.profile.display_name, alice.profile.time_zone, alice.email) == ("", "UTC", "alice@example.org")
    assert not Friendship.objects.exists() and not Report.objects.exists()


def test_the_pages_refuse_bad_input_with_a_form_error(make_user, client_for):
    alice = make_user("alice")
    make_user("bob")
    c = client_for(alice)
    for path, data in (("/accounts/friends/", {"do": "request", "name": NUL}),
                       ("/accounts/report/", {"player": NUL, "rule": "2", "reason": "a long enough reason"}),
                       ("/accounts/report/", {"player": "bob", "rule": "2", "reason": "a long enough reason",
                                              "game": str(HUGE)}),
                       ("/accounts/me/", {"section": "profile", "display_name": NUL, "time_zone": "UTC"}),
                       ("/accounts/me/email/", {"email": "a@example.org", "password": NUL})):
        r = c.post(path, data)
        assert r.status_code == 200 and r.context["form"].errors, path
    r = c.post("/accounts/friends/", {"do": "accept", "user": str(HUGE)})
    assert r.status_code == 302
    r = Client().post("/accounts/login/", {"username": NUL, "password": PASSWORD})
    assert r.status_code == 200 and r.context["form"].errors
    assert not Report.objects.exists() and not Friendship.objects.exists()
