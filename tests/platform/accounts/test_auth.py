"""Registering, logging in and out, passwords (change and reset by e-mail), CSRF, Argon2."""
from __future__ import annotations

from urllib.parse import urlparse

import pytest
from django.conf import settings
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.hashers import check_password, identify_hasher
from django.core import mail
from django.test import Client, override_settings

from .helpers import PASSWORD, api_login, last_link, send

User = get_user_model()
pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-quite-new-secret-9"


def _register_page(client: Client, **fields):
    data = {"username": "alice", "email": "alice@example.org", "password1": "sunny-river-42",
            "password2": "sunny-river-42", "display_name": "", "time_zone": "UTC", **fields}
    return client.post("/accounts/register/", data)


# ---- registering -------------------------------------------------------------------------

@pytest.mark.site("SITE-ACCT-01")
def test_the_register_page_opens_an_account_with_its_profile_and_logs_it_in():
    c = Client()
    r = _register_page(c, display_name="Hammurabi", time_zone="Asia/Baghdad")
    assert r.status_code == 302
    user = User.objects.get(username="alice")
    assert (user.email, user.profile.display_name, user.profile.time_zone) == \
        ("alice@example.org", "Hammurabi", "Asia/Baghdad")
    page = c.get("/accounts/me/")
    assert page.status_code == 200 and "Hammurabi" in page.content.decode()


@pytest.mark.site("SITE-TABLE-12")
def test_the_register_page_lets_the_browser_fill_the_time_zone_only_when_first_shown():
    """The time zone starts at UTC, marked for the browser's own zone (time_zone.js, checked
    in tests/browser/test_new_game_and_register.py); a form sent back with an error keeps the
    zone chosen, unmarked."""
    import re

    c = Client()
    page = c.get("/accounts/register/").content.decode()
    select = re.search(r'<select name="time_zone"[^>]*>', page).group(0)
    assert 'data-fill="browser-zone"' in select
    assert re.search(r'<option value="UTC" selected>UTC</option>', page)
    assert '<script src="/static/tresham/time_zone.js" defer></script>' in page
    r = _register_page(c, password2="another-river-43", time_zone="Europe/Lisbon")
    assert r.status_code == 200 and not User.objects.exists()
    page = r.content.decode()
    assert 'data-fill' not in re.search(r'<select name="time_zone"[^>]*>', page).group(0)
    assert re.search(r'<option value="Europe/Lisbon" selected>Europe/Lisbon</option>', page)


def test_registering_applies_the_sites_password_validators_and_changes_nothing_when_refused():
    c = Client()
    r = _register_page(c, password1="12345678", password2="12345678")
    assert r.status_code == 200
    errors = r.context["form"].errors["password2"]
    assert any("too common" in e for e in errors) and any("entirely numeric" in e for e in errors)
    r = _register_page(c, password1="sunny-river-42", password2="sunny-river-43")
    assert "password2" in r.context["form"].errors
    r = _register_page(c, username="alice", password1="alice-example", password2="alice-example",
                       email="alice-example@example.org")
    assert any("similar" in e for e in r.context["form"].errors["password2"])
    assert not User.objects.exists()


@pytest.mark.site("SITE-ACCT-02")
def test_usernames_and_email_addresses_are_unique_regardless_of_case(make_user):
    make_user("alice", email="Alice@Example.org")
    r = _register_page(Client(), username="ALICE", email="other@example.org")
    assert "username" in r.context["form"].errors
    r = _register_page(Client(), username="bob", email="alice@example.ORG")
    assert r.context["form"].errors["email"] == ["another account has this e-mail address"]
    assert User.objects.count() == 1


def test_the_database_refuses_case_variants_even_past_the_forms(make_user):
    from django.db import IntegrityError, transaction

    make_user("alice", email="alice@example.org")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user("Alice", "x@example.org", PASSWORD)
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user("carol", "ALICE@example.org", PASSWORD)
    assert User.objects.count() == 1


def test_reserved_names_cannot_be_registered():
    r = _register_page(Client(), username="Admin")
    assert r.context["form"].errors["username"] == ["'Admin' is reserved"]


def test_the_api_registers_and_logs_in():
    c = Client()
    r = send(c, "post", "/api/accounts/register", {"username": "bob", "email": "bob@example.org",
                                                   "password1": "sunny-river-42", "password2": "sunny-river-42",
                                                   "display_name": "Sargon", "time_zone": "Europe/Rome"})
    assert r.status_code == 201, r.content
    assert r.json()["name"] == "Sargon" and r.json()["time_zone"] == "Europe/Rome"
    me = c.get("/api/accounts/me")
    assert me.status_code == 200 and me.json()["username"] == "bob"


def test_the_api_refuses_a_bad_registration_with_a_clear_error():
    c = Client()
    r = send(c, "post", "/api/accounts/register", {"username": "bob", "email": "bob@example.org",
                                                   "password1": "sunny-river-42", "password2": "other-river-42"})
    assert r.status_code == 400
    assert r.json()["error"] == "password_mismatch" and "password2" in r.json()["message"]
    r = send(c, "post", "/api/accounts/register", {"username": "bob", "email": "not an address",
                                                   "password1": "sunny-river-42", "password2": "sunny-river-42"})
    assert r.status_code == 400 and r.json()["error"] == "invalid" and r.json()["message"].startswith("email")
    r = send(c, "post", "/api/accounts/register", {"username": "bob"})
    assert r.status_code == 422 and r.json()["error"] == "bad_request"
    assert not User.objects.exists()
    assert c.get("/api/accounts/me").status_code == 401


# ---- logging in and out --------------------------------------------------------------------

def _cookie_flags(response):
    cookie = response.cookies[settings.SESSION_COOKIE_NAME]
    return bool(cookie["httponly"]), cookie["samesite"]


def test_the_login_page_sets_an_httponly_lax_session_and_logout_ends_it(make_user):
    make_user("alice")
    c = Client()
    r = c.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    assert r.status_code == 302
    assert _cookie_flags(r) == (True, "Lax")
    assert c.get("/api/accounts/me").json()["username"] == "alice"
    r = c.post("/accounts/logout/")
    assert r.status_code == 302
    assert c.get("/api/accounts/me").status_code == 401


def test_the_login_page_refuses_a_wrong_password(make_user):
    """The page comes back with the reason and the name filled in, the session stays anonymous;
    the right password then logs in from the same client (the control)."""
    make_user("alice")
    c = Client()
    r = c.post("/accounts/login/", {"username": "alice", "password": "wrong"})
    html = r.content.decode()
    assert r.status_code == 200 and "<h1>Log in</h1>" in html
    assert ("Please enter a correct username and password. Note that both fields may be "
            "case-sensitive.") in html
    assert 'name="username" value="alice"' in html
    assert "_auth_user_id" not in c.session
    assert c.get("/api/accounts/me").status_code == 401
    assert c.get("/accounts/me/").status_code == 302
    r = c.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    assert r.status_code == 302 and c.get("/api/accounts/me").json()["username"] == "alice"


def test_the_api_logs_in_with_an_httponly_lax_session_and_logs_out(make_user):
    make_user("alice")
    c, r = api_login("alice")
    assert r.status_code == 200 and r.json()["username"] == "alice"
    assert _cookie_flags(r) == (True, "Lax")
    r = send(c, "post", "/api/accounts/logout")
    assert r.status_code == 200
    assert c.get("/api/accounts/me").status_code == 401


def test_the_api_refuses_wrong_credentials(make_user):
    make_user("alice")
    c, r = api_login("alice", "wrong-password")
    assert r.status_code == 401 and r.json()["error"] == "bad_credentials"
    c, r = api_login("nobody-here", "wrong-password")
    assert r.status_code == 401 and r.json()["error"] == "bad_credentials"


def test_unsafe_api_calls_need_the_csrf_token_which_the_api_hands_out(make_user):
    make_user("alice")
    c = Client(enforce_csrf_checks=True)
    r = send(c, "post", "/api/accounts/login", {"username": "alice", "password": PASSWORD})
    assert r.status_code == 403 and r.json()["error"] == "csrf_failed"
    token = c.get("/api/accounts/csrf").json()["csrf_token"]
    assert settings.CSRF_COOKIE_NAME in c.cookies
    r = send(c, "post", "/api/accounts/login", {"username": "alice", "password": PASSWORD}, HTTP_X_CSRFTOKEN=token)
    assert r.status_code == 200
    # logged in now: SessionAuth checks the token of unsafe calls (login rotated it)
    r = send(c, "post", "/api/accounts/friends", {"name": "someone"})
    assert r.status_code == 403
    token = c.get("/api/accounts/csrf").json()["csrf_token"]
    r = send(c, "post", "/api/accounts/logout", HTTP_X_CSRFTOKEN=token)
    assert r.status_code == 200


# ---- passwords ---------------------------------------------------------------------------

def test_the_password_page_changes_the_password_after_the_old_one(make_user, client_for):
    user = make_user("alice")
    c = client_for(user)
    r = c.post("/accounts/password/", {"old_password": "wrong", "new_password1": NEW_PASSWORD,
                                       "new_password2": NEW_PASSWORD})
    assert r.status_code == 200 and "old_password" in r.context["form"].errors
    r = c.post("/accounts/password/", {"old_password": PASSWORD, "new_password1": NEW_PASSWORD,
                                       "new_password2": NEW_PASSWORD})
    assert r.status_code == 302
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD) and not user.check_password(PASSWORD)
    assert c.get("/api/accounts/me").status_code == 200  # the session survives


def test_the_api_changes_the_password_and_keeps_the_session(make_user, client_for):
    user = make_user("alice")
    c = client_for(user)
    r = send(c, "post", "/api/accounts/password", {"old_password": PASSWORD, "new_password1": "short",
                                                   "new_password2": "short"})
    assert r.status_code == 400 and r.json()["error"] == "password_too_short"
    r = send(c, "post", "/api/accounts/password", {"old_password": PASSWORD, "new_password1": NEW_PASSWORD,
                                                   "new_password2": NEW_PASSWORD})
    assert r.status_code == 200
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    assert c.get("/api/accounts/me").status_code == 200


def test_a_password_is_reset_through_the_mailed_link_end_to_end(make_user):
    make_user("alice", email="alice@example.org")
    c = Client()
    r = c.post("/accounts/password-reset/", {"email": "ALICE@example.org"})
    assert r.status_code == 302 and len(mail.outbox) == 1
    assert mail.outbox[0].to == ["alice@example.org"]
    link = last_link()
    assert link.startswith(settings.SITE_URL + "/accounts/reset/")
    r = c.get(urlparse(link).path)
    assert r.status_code == 302  # Django hides the token behind a set-password address
    form_url = r["Location"]
    r = c.post(form_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert r.status_code == 302 and r["Location"] == "/accounts/reset/done/"
    assert authenticate(request=_request(), username="alice", password=NEW_PASSWORD) is not None
    # the link works once
    r = Client().get(urlparse(link).path, follow=True)
    assert r.context["validlink"] is False


def _request():
    from django.test import RequestFactory

    return RequestFactory().post("/accounts/login/")


def test_a_reset_for_an_unknown_address_looks_the_same_and_sends_nothing(make_user):
    make_user("alice", email="alice@example.org")
    r = Client().post("/accounts/password-reset/", {"email": "stranger@example.org"})
    assert r.status_code == 302 and r["Location"] == "/accounts/password-reset/sent/"
    assert mail.outbox == []
    r = send(Client(), "post", "/api/accounts/password-reset", {"email": "stranger@example.org"})
    assert r.status_code == 202 and mail.outbox == []


def test_the_api_resets_a_password_with_the_mailed_uid_and_token(make_user):
    user = make_user("alice", email="alice@example.org")
    r = send(Client(), "post", "/api/accounts/password-reset", {"email": "alice@example.org"})
    assert r.status_code == 202 and len(mail.outbox) == 1
    uid, token = urlparse(last_link()).path.strip("/").split("/")[-2:]
    body = {"uid": uid, "token": token, "new_password1": NEW_PASSWORD, "new_password2": "different-one-77"}
    r = send(Client(), "post", "/api/accounts/password-reset/confirm", body)
    assert r.status_code == 400 and r.json()["error"] == "password_mismatch"
    r = send(Client(), "post", "/api/accounts/password-reset/confirm", {**body, "new_password2": NEW_PASSWORD})
    assert r.status_code == 200
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    r = send(Client(), "post", "/api/accounts/password-reset/confirm", {**body, "new_password2": NEW_PASSWORD})
    assert r.status_code == 400 and r.json()["error"] == "invalid_link"
    r = send(Client(), "post", "/api/accounts/password-reset/confirm", {**body, "uid": "!!"})
    assert r.status_code == 400 and r.json()["error"] == "invalid_link"


def test_argon2_is_the_sites_password_hasher():
    assert settings.SITE_PASSWORD_HASHERS[0] == "django.contrib.auth.hashers.Argon2PasswordHasher"
    with override_settings(PASSWORD_HASHERS=settings.SITE_PASSWORD_HASHERS):
        user = User.objects.create_user("alice", "alice@example.org", "sunny-river-42")
        assert user.password.startswith("argon2$")
        assert identify_hasher(user.password).algorithm == "argon2"
        assert check_password("sunny-river-42", user.password)
        assert not check_password("sunny-river-43", user.password)
        assert authenticate(request=_request(), username="alice", password="sunny-river-42") == user
