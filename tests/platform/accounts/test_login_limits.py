"""Failed logins are limited per account and per address (django-axes: 8 failures, 15 minutes),
through the login page, the API, and every place that asks for the password again."""
from __future__ import annotations

import datetime as dt

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.test import Client

from tresham.platform.accounts.views import LOCKED_OUT_MESSAGE

from .helpers import PASSWORD, api_login, send

pytestmark = pytest.mark.django_db
LIMIT = 8


def test_the_limit_is_eight_failures_for_fifteen_minutes():
    assert (settings.AXES_FAILURE_LIMIT, settings.AXES_COOLOFF_TIME) == (LIMIT, 0.25)
    assert settings.AXES_LOCKOUT_PARAMETERS == ["username", "ip_address"]


def test_eight_failures_for_one_account_from_many_addresses_lock_that_account(make_user):
    make_user("alice"), make_user("bob")
    for i in range(LIMIT - 1):
        _, r = api_login("alice", "wrong", address=f"198.51.100.{i + 1}")
        assert r.status_code == 401
    _, r = api_login("alice", "wrong", address="198.51.100.8")
    assert r.status_code == 429
    # the right password, from yet another address: still locked, with a clear message
    _, r = api_login("alice", PASSWORD, address="203.0.113.50")
    assert r.status_code == 429
    assert r.json() == {"error": "locked_out", "message": LOCKED_OUT_MESSAGE}
    assert "15 minutes" in r.json()["message"]
    # another account from another address is not affected
    c, r = api_login("bob", PASSWORD, address="203.0.113.51")
    assert r.status_code == 200 and c.get("/api/accounts/me").json()["username"] == "bob"


def test_eight_failures_for_many_accounts_from_one_address_lock_that_address(make_user):
    names = [make_user(f"victim{i}").username for i in range(LIMIT)]
    make_user("carol"), make_user("dave")
    for name in names[:-1]:
        assert api_login(name, "wrong", address="192.0.2.66")[1].status_code == 401
    assert api_login(names[-1], "wrong", address="192.0.2.66")[1].status_code == 429
    _, r = api_login("carol", PASSWORD, address="192.0.2.66")
    assert r.status_code == 429 and r.json()["error"] == "locked_out"
    # carol from her own address, and dave from another, log in
    assert api_login("carol", PASSWORD, address="192.0.2.10")[1].status_code == 200
    assert api_login("dave", PASSWORD, address="192.0.2.11")[1].status_code == 200


def test_the_login_page_is_limited_too_and_says_why(make_user):
    make_user("alice")
    for i in range(LIMIT - 1):
        r = Client().post("/accounts/login/", {"username": "alice", "password": "wrong"},
                          REMOTE_ADDR=f"198.51.100.{i + 1}")
        assert r.status_code == 200
    # the API and the page count together
    assert api_login("alice", "wrong", address="198.51.100.99")[1].status_code == 429
    r = Client().post("/accounts/login/", {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="203.0.113.9")
    assert r.status_code == 429
    assert LOCKED_OUT_MESSAGE in r.content.decode()


def test_a_successful_login_does_not_wipe_the_failures_counted_against_an_address(make_user):
    """With axes' reset-on-success, logging into one's own account would clear the address's
    count: an attacker could try 7 passwords, log in as himself, and start again."""
    victims = [make_user(f"victim{i}").username for i in range(LIMIT)]
    make_user("mallory")
    for name in victims[:LIMIT - 1]:
        assert api_login(name, "guess", address="192.0.2.200")[1].status_code == 401
    assert api_login("mallory", PASSWORD, address="192.0.2.200")[1].status_code == 200
    assert api_login(victims[-1], "guess", address="192.0.2.200")[1].status_code == 429


def test_password_checks_after_login_count_as_failed_logins(make_user, client_for):
    """Guessing through the e-mail change or the password change is limited like a login."""
    alice = make_user("alice", email="alice@example.org")
    c = client_for(alice)
    for i in range(LIMIT - 1):
        r = send(c, "patch", "/api/accounts/me", {"email": "new@example.org", "current_password": f"guess{i}"})
        assert r.status_code == 403
    r = send(c, "post", "/api/accounts/password", {"old_password": "guess", "new_password1": "brand-new-secret-1",
                                                   "new_password2": "brand-new-secret-1"})
    assert r.status_code == 429
    alice.refresh_from_db()
    assert alice.email == "alice@example.org" and alice.check_password(PASSWORD)


def test_failures_expire_after_the_cool_off(make_user):
    make_user("alice")
    for i in range(LIMIT):
        api_login("alice", "wrong", address=f"198.51.100.{i + 1}")
    assert api_login("alice", PASSWORD, address="203.0.113.1")[1].status_code == 429
    AccessAttempt.objects.update(attempt_time=dt.datetime.now(dt.timezone.utc) - dt.timedelta(minutes=16))
    assert api_login("alice", PASSWORD, address="203.0.113.1")[1].status_code == 200


def test_a_password_reset_unlocks_the_account(make_user):
    from urllib.parse import urlparse

    from .helpers import last_link

    make_user("alice", email="alice@example.org")
    for i in range(LIMIT):
        api_login("alice", "wrong", address=f"198.51.100.{i + 1}")
    assert api_login("alice", PASSWORD, address="203.0.113.1")[1].status_code == 429
    send(Client(), "post", "/api/accounts/password-reset", {"email": "alice@example.org"})
    uid, token = urlparse(last_link()).path.strip("/").split("/")[-2:]
    r = send(Client(), "post", "/api/accounts/password-reset/confirm",
             {"uid": uid, "token": token, "new_password1": "brand-new-secret-1", "new_password2": "brand-new-secret-1"})
    assert r.status_code == 200
    assert api_login("alice", "brand-new-secret-1", address="203.0.113.1")[1].status_code == 200
