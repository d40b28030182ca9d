"""Failed logins are throttled per (account, address) pair with a growing wait (SITE-SAFE-06):
the first ``TRESHAM_LOGIN_FAILURES`` (8) failures of a pair are free; the 8th and each one
after it make the pair wait, 1 minute after the 8th and twice as long after each further one,
at most an hour; a pair's failures are forgotten a day after its last. Failures from one address
never hold back another account, and failures against an account never hold back its owner at
an address that has not failed. The login page, the API and every place that asks for the
password again count together. No test sleeps: the stored failure times are moved back."""
from __future__ import annotations

import datetime as dt

import pytest
from axes.models import AccessAttempt
from django.db.models import F
from django.test import Client

from .helpers import PASSWORD, api_login, send

pytestmark = [pytest.mark.django_db, pytest.mark.site("SITE-SAFE-06")]
FREE = 8  # failures of a pair before the first wait
FIRST_WAIT = 60  # seconds after the 8th failure
MAX_WAIT = 3600


def travel(seconds: float) -> None:
    """As if ``seconds`` had passed since every failure recorded."""
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - dt.timedelta(seconds=seconds))


def failures(username: str, address: str) -> int:
    return sum(AccessAttempt.objects.filter(username=username, ip_address=address)
               .values_list("failures_since_start", flat=True))


def retry_after(r) -> int:
    return int(r.headers["Retry-After"])


def test_failures_from_one_address_never_lock_other_accounts_out(make_user):
    """The finding: eight wrong passwords from one address locked every account out of it."""
    victims = [make_user(f"victim{i}").username for i in range(FREE)]
    make_user("alice"), make_user("carol")
    for name in victims:  # one wrong password each, from one address
        assert api_login(name, "wrong", address="192.0.2.66")[1].status_code == 401
    for _ in range(FREE + 4):  # and alice's account guessed there until it must wait
        r = api_login("alice", "wrong", address="192.0.2.66")[1]
    assert r.status_code == 429
    # carol, behind the same address, logs in; the victims' next try is a plain failure
    c, r = api_login("carol", PASSWORD, address="192.0.2.66")
    assert r.status_code == 200 and c.get("/api/accounts/me").json()["username"] == "carol"
    assert api_login("victim0", "wrong", address="192.0.2.66")[1].status_code == 401
    assert api_login("victim1", PASSWORD, address="192.0.2.66")[1].status_code == 200


def test_failures_against_an_account_never_lock_its_owner_out_of_an_address_that_has_not_failed(make_user):
    """The finding: failures against one account locked its owner out everywhere."""
    make_user("alice")
    for i in range(30):  # one wrong password from each of 30 addresses
        assert api_login("alice", "wrong", address=f"198.51.100.{i + 1}")[1].status_code == 401
    for _ in range(FREE + 2):  # and many from one more
        r = api_login("alice", "wrong", address="198.51.100.99")[1]
    assert r.status_code == 429
    # the owner, at home
    c, r = api_login("alice", PASSWORD, address="203.0.113.50")
    assert r.status_code == 200 and c.get("/api/accounts/me").json()["username"] == "alice"
    # the guesser's own address still waits, even with the right password
    r = api_login("alice", PASSWORD, address="198.51.100.99")[1]
    assert r.status_code == 429 and r.json()["error"] == "locked_out"


def test_after_eight_failures_of_a_pair_each_attempt_waits_twice_as_long_as_the_last(make_user):
    make_user("alice")
    here = "192.0.2.7"
    for _ in range(FREE - 1):
        assert api_login("alice", "wrong", address=here)[1].status_code == 401
    r = api_login("alice", "wrong", address=here)[1]  # the 8th
    assert r.status_code == 429 and retry_after(r) == FIRST_WAIT
    assert r.json() == {"error": "locked_out", "retry_after": FIRST_WAIT, "message": (
        "Too many failed logins to this account from your address: try again in 1 minute. "
        "Logging in from elsewhere is not affected. If you forgot your password, reset it by e-mail.")}
    # while it waits even the right password is refused, unchecked and not counted
    travel(30)
    r = api_login("alice", PASSWORD, address=here)[1]
    assert r.status_code == 429 and retry_after(r) == FIRST_WAIT - 30
    assert failures("alice", here) == FREE
    # the wait over, one more wrong password: twice the wait; then twice again
    travel(31)
    r = api_login("alice", "wrong", address=here)[1]
    assert r.status_code == 429 and retry_after(r) == 2 * FIRST_WAIT and "in 2 minutes" in r.json()["message"]
    travel(2 * FIRST_WAIT - 1)
    assert retry_after(api_login("alice", PASSWORD, address=here)[1]) == 1
    travel(1)
    r = api_login("alice", "wrong", address=here)[1]
    assert r.status_code == 429 and retry_after(r) == 4 * FIRST_WAIT
    assert failures("alice", here) == FREE + 2
    # never more than an hour
    AccessAttempt.objects.filter(username="alice").update(failures_since_start=40)
    r = api_login("alice", PASSWORD, address=here)[1]
    assert r.status_code == 429 and retry_after(r) == MAX_WAIT and "in 1 hour" in r.json()["message"]
    # the wait over, the right password logs in and the pair starts afresh
    travel(MAX_WAIT)
    assert api_login("alice", PASSWORD, address=here)[1].status_code == 200
    assert failures("alice", here) == 0
    for _ in range(FREE - 1):
        assert api_login("alice", "wrong", address=here)[1].status_code == 401


def test_a_successful_login_clears_only_its_own_pair(make_user):
    """Logging into one's own account forgets that pair's failures, not those of another
    account guessed from the same address."""
    make_user("mallory"), make_user("victim")
    here = "192.0.2.200"
    for _ in range(FREE - 1):
        assert api_login("victim", "guess", address=here)[1].status_code == 401
        assert api_login("mallory", "typo", address=here)[1].status_code == 401
    assert api_login("mallory", PASSWORD, address=here)[1].status_code == 200
    assert failures("mallory", here) == 0 and failures("victim", here) == FREE - 1
    assert api_login("victim", "guess", address=here)[1].status_code == 429


def test_the_login_page_counts_with_the_api_and_says_when_to_try_again(make_user):
    make_user("alice")
    here = "198.51.100.8"
    for _ in range(FREE - 1):
        r = Client().post("/accounts/login/", {"username": "alice", "password": "wrong"}, REMOTE_ADDR=here)
        assert r.status_code == 200 and "Please enter a correct username and password" in r.content.decode()
    assert api_login("alice", "wrong", address=here)[1].status_code == 429  # the 8th, through the API
    travel(15)
    refused = Client()
    r = refused.post("/accounts/login/", {"username": "alice", "password": PASSWORD}, REMOTE_ADDR=here)
    assert r.status_code == 429 and r["Retry-After"] == str(FIRST_WAIT - 15)
    html = r.content.decode()
    assert "Too many failed logins to this account from your address: try again in 45 seconds." in html
    assert refused.get("/api/accounts/me").status_code == 401  # not logged in
    # from another address the page logs her in
    c = Client()
    r = c.post("/accounts/login/", {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="203.0.113.9")
    assert r.status_code == 302 and c.get("/api/accounts/me").json()["username"] == "alice"


def test_password_checks_after_login_count_as_failed_logins(make_user, client_for):
    """Guessing through the e-mail change or the password change waits like a login (the
    session's address, 127.0.0.1 in the test client)."""
    alice = make_user("alice", email="alice@example.org")
    c = client_for(alice)
    for i in range(FREE - 1):
        r = send(c, "patch", "/api/accounts/me", {"email": "new@example.org", "current_password": f"guess{i}"})
        assert r.status_code == 403
    r = send(c, "post", "/api/accounts/password", {"old_password": "guess", "new_password1": "brand-new-secret-1",
                                                   "new_password2": "brand-new-secret-1"})
    assert r.status_code == 429 and retry_after(r) == FIRST_WAIT
    alice.refresh_from_db()
    assert alice.email == "alice@example.org" and alice.check_password(PASSWORD)
    assert failures("alice", "127.0.0.1") == FREE


def test_a_pairs_failures_are_forgotten_a_day_after_its_last(make_user):
    make_user("alice")
    for _ in range(FREE - 1):
        api_login("alice", "wrong", address="198.51.100.1")
    travel(24 * 3600 + 1)
    for _ in range(FREE - 1):
        assert api_login("alice", "wrong", address="198.51.100.1")[1].status_code == 401
    assert failures("alice", "198.51.100.1") == FREE - 1


def test_a_password_reset_clears_every_pair_of_the_account(make_user):
    from urllib.parse import urlparse

    from .helpers import last_link

    make_user("alice", email="alice@example.org")
    for _ in range(FREE):
        api_login("alice", "wrong", address="198.51.100.1")
    assert api_login("alice", PASSWORD, address="198.51.100.1")[1].status_code == 429
    send(Client(), "post", "/api/accounts/password-reset", {"email": "alice@example.org"})
    uid, token = urlparse(last_link()).path.strip("/").split("/")[-2:]
    r = send(Client(), "post", "/api/accounts/password-reset/confirm",
             {"uid": uid, "token": token, "new_password1": "brand-new-secret-1", "new_password2": "brand-new-secret-1"})
    assert r.status_code == 200
    assert api_login("alice", "brand-new-secret-1", address="198.51.100.1")[1].status_code == 200
