"""Personal information: the display name others see, the e-mail address for game mails (only
the user with his password, or an administrator, changes it), the time zone, availability."""
from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from tresham.platform.accounts import availability
from tresham.platform.accounts.models import ModerationAction, Report
from tresham.platform.clock import deadlines, schedule

from .helpers import PASSWORD, send

User = get_user_model()
pytestmark = pytest.mark.django_db
UTC = dt.timezone.utc


# ---- the display name (SITE-ACCT-01) -------------------------------------------------------

@pytest.mark.site("SITE-ACCT-01")
def test_other_players_see_the_display_name_never_the_username(make_user, client_for, game_with):
    alice, bob = make_user("alice"), make_user("bob")
    r = send(client_for(alice), "patch", "/api/accounts/me", {"display_name": "Queen Nefertiti"})
    assert r.status_code == 200 and r.json()["name"] == "Queen Nefertiti"
    game = game_with(alice, bob)
    seen = client_for(bob).get(f"/api/games/{game.pk}")
    assert seen.status_code == 200
    assert [s["name"] for s in seen.json()["seats"]] == ["Queen Nefertiti", "bob"]
    assert "alice" not in seen.content.decode()
    # the top bar shows the player his own shown name
    page = client_for(alice).get("/accounts/me/").content.decode()
    assert "Queen Nefertiti" in page
    # emptied, the username is shown again
    r = send(client_for(alice), "patch", "/api/accounts/me", {"display_name": ""})
    assert r.json()["name"] == "alice"


@pytest.mark.site("SITE-ACCT-01")
def test_display_names_are_unique_regardless_of_case_and_cannot_pass_for_another_player(make_user, client_for):
    alice, bob = make_user("alice"), make_user("bob")
    assert send(client_for(alice), "patch", "/api/accounts/me", {"display_name": "Cleopatra"}).status_code == 200
    c = client_for(bob)
    for name, status, code in (("CLEOPATRA", 409, "name_taken"), ("Alice", 409, "name_taken"),
                               ("Moderator", 400, "reserved_name"), ("<script>", 400, "bad_display_name"),
                               ("x", 400, "bad_display_name"), ("two  spaces", 400, "bad_display_name")):
        r = send(c, "patch", "/api/accounts/me", {"display_name": name})
        assert (r.status_code, r.json()["error"]) == (status, code), name
    bob.profile.refresh_from_db()
    assert bob.profile.display_name == ""
    # one's own username, in another case, is fine
    assert send(c, "patch", "/api/accounts/me", {"display_name": "Bob"}).json()["name"] == "Bob"


def test_the_profile_page_saves_the_display_name_and_time_zone(make_user, client_for):
    alice = make_user("alice")
    c = client_for(alice)
    r = c.post("/accounts/me/", {"section": "profile", "display_name": "Darius", "time_zone": "Asia/Tehran"})
    assert r.status_code == 302
    alice.profile.refresh_from_db()
    assert (alice.profile.display_name, alice.profile.time_zone) == ("Darius", "Asia/Tehran")
    r = c.post("/accounts/me/", {"section": "profile", "display_name": "Darius", "time_zone": "Asia/Atlantis"})
    assert r.status_code == 200 and "time_zone" in r.context["form"].errors


# ---- the e-mail address (SITE-ACCT-02) -----------------------------------------------------

@pytest.mark.site("SITE-ACCT-02", "SITE-ACCT-01")
def test_the_user_changes_his_e_mail_address_only_with_his_password(make_user, client_for,
                                                                   django_capture_on_commit_callbacks):
    alice = make_user("alice", email="alice@example.org")
    c = client_for(alice)
    r = send(c, "patch", "/api/accounts/me", {"email": "new@example.org"})
    assert (r.status_code, r.json()["error"]) == (403, "wrong_password")
    r = send(c, "patch", "/api/accounts/me", {"email": "new@example.org", "current_password": "guess",
                                              "display_name": "Changed"})
    assert (r.status_code, r.json()["error"]) == (403, "wrong_password")
    alice.refresh_from_db()
    assert alice.email == "alice@example.org" and alice.profile.display_name == ""  # nothing changed
    with django_capture_on_commit_callbacks(execute=True):
        r = send(c, "patch", "/api/accounts/me", {"email": "new@example.org", "current_password": PASSWORD})
    assert r.status_code == 200 and r.json()["email"] == "new@example.org"
    alice.refresh_from_db()
    assert alice.email == "new@example.org"
    assert sorted(mail.outbox[-1].to) == ["alice@example.org", "new@example.org"]


@pytest.mark.site("SITE-ACCT-02")
def test_an_e_mail_address_belongs_to_one_account_regardless_of_case(make_user, client_for):
    make_user("alice", email="alice@example.org")
    bob = make_user("bob", email="bob@example.org")
    r = send(client_for(bob), "patch", "/api/accounts/me", {"email": "ALICE@example.org", "current_password": PASSWORD})
    assert (r.status_code, r.json()["error"]) == (409, "email_taken")
    r = send(client_for(bob), "patch", "/api/accounts/me", {"email": "not-an-address", "current_password": PASSWORD})
    assert (r.status_code, r.json()["error"]) == (400, "bad_email")
    bob.refresh_from_db()
    assert bob.email == "bob@example.org"


@pytest.mark.site("SITE-ACCT-02")
def test_the_e_mail_page_needs_the_password(make_user, client_for):
    alice = make_user("alice", email="alice@example.org")
    c = client_for(alice)
    r = c.post("/accounts/me/email/", {"email": "new@example.org", "password": "guess"})
    assert r.status_code == 200 and r.context["form"].errors["password"] == ["the password is not right"]
    r = c.post("/accounts/me/email/", {"email": "new@example.org", "password": PASSWORD})
    assert r.status_code == 302
    alice.refresh_from_db()
    assert alice.email == "new@example.org"


@pytest.mark.site("SITE-ACCT-02")
def test_nobody_else_but_an_administrator_changes_a_users_e_mail_address(make_user, client_for, admin_client,
                                                                         admin_user,
                                                                         django_capture_on_commit_callbacks):
    alice = make_user("alice", email="alice@example.org")
    bob = make_user("bob", email="bob@example.org")
    url = f"/admin/auth/user/{alice.pk}/change/"
    # a player has no way to reach another account: his /me is his own, the admin is closed to him
    r = send(client_for(bob), "patch", "/api/accounts/me", {"email": "x@example.org", "current_password": PASSWORD})
    assert r.json()["username"] == "bob" and r.json()["email"] == "x@example.org"
    assert client_for(bob).get(url).status_code == 302
    r = client_for(bob).post(url, {"username": "alice", "email": "stolen@example.org"})
    assert r.status_code == 302 and r["Location"].startswith("/admin/login/")
    alice.refresh_from_db()
    assert alice.email == "alice@example.org"
    # an administrator does, giving a reason, and the change is logged
    form = admin_client.get(url).context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None and k not in ("groups", "user_permissions",
                                                                                  "password", "last_login")}
    data.update({"date_joined_0": alice.date_joined.strftime("%Y-%m-%d"),
                 "date_joined_1": alice.date_joined.strftime("%H:%M:%S"), "is_active": "on",
                 "email": "alice@new.example.org", "moderation_reason": ""})
    data.update({f"{p}-{k}": v for p in ("profile", "availability")
                 for k, v in (("TOTAL_FORMS", "0"), ("INITIAL_FORMS", "0"), ("MIN_NUM_FORMS", "0"),
                              ("MAX_NUM_FORMS", "1000"))})
    data.update({"profile-TOTAL_FORMS": "1", "profile-INITIAL_FORMS": "1",
                 "profile-0-id": str(alice.profile.pk), "profile-0-user": str(alice.pk)})
    r = admin_client.post(url, data)
    assert r.status_code == 200 and "moderation_reason" in r.context["adminform"].form.errors
    alice.refresh_from_db()
    assert alice.email == "alice@example.org" and not ModerationAction.objects.exists()
    r = admin_client.post(url, {**data, "email": "X@example.org", "moderation_reason": "asked by mail"})
    assert r.status_code == 200 and "email" in r.context["adminform"].form.errors
    with django_capture_on_commit_callbacks(execute=True):
        r = admin_client.post(url, {**data, "moderation_reason": "the player lost his mailbox; checked by phone"})
    assert r.status_code == 302, r.context["adminform"].form.errors if r.context else r
    alice.refresh_from_db()
    assert alice.email == "alice@new.example.org"
    (log,) = ModerationAction.objects.all()
    assert (log.kind, log.actor, log.target, log.detail) == ("email", admin_user, alice,
                                                             "alice@example.org -> alice@new.example.org")
    assert log.reason == "the player lost his mailbox; checked by phone"
    assert sorted(mail.outbox[-1].to) == ["alice@example.org", "alice@new.example.org"]


# ---- the time zone ---------------------------------------------------------------------------

def test_time_zones_are_iana_names(make_user, client_for):
    alice = make_user("alice")
    c = client_for(alice)
    for bad in ("Mars/Olympus_Mons", "CET+1", "europe/paris", ""):
        r = send(c, "patch", "/api/accounts/me", {"time_zone": bad})
        assert (r.status_code, r.json()["error"]) == (400, "bad_time_zone"), bad
    alice.profile.refresh_from_db()
    assert alice.profile.time_zone == "UTC"
    assert send(c, "patch", "/api/accounts/me", {"time_zone": "America/Sao_Paulo"}).json()["time_zone"] == \
        "America/Sao_Paulo"


def test_times_on_the_pages_are_shown_in_the_users_time_zone(make_user, client_for):
    alice, bob = make_user("alice"), make_user("bob")
    Report.objects.create(reporter=alice, reported=bob, rule=1, reason="rude words in the chat")
    Report.objects.update(created_at=dt.datetime(2027, 1, 5, 12, 0, tzinfo=UTC))
    c = client_for(alice)
    assert "2027-01-05 12:00" in c.get("/accounts/report/").content.decode()
    send(c, "patch", "/api/accounts/me", {"time_zone": "Europe/Paris"})
    assert "2027-01-05 13:00" in c.get("/accounts/report/").content.decode()
    send(c, "patch", "/api/accounts/me", {"time_zone": "America/New_York"})
    assert "2027-01-05 07:00" in c.get("/accounts/report/").content.decode()


# ---- availability (SITE-ACCT-03) --------------------------------------------------------------
def is_available(user, at: dt.datetime) -> bool:
    """Whether the clock, which moves a player's deadlines by his windows (SITE-AVAIL-*), finds
    ``user`` (read afresh) available at ``at``."""
    return deadlines.is_available(at, schedule.availability_of(User.objects.get(pk=user.pk)))


def next_available(user, at: dt.datetime) -> dt.datetime:
    """The first moment at or after ``at`` the clock finds ``user`` available."""
    return deadlines.next_available(at, schedule.availability_of(User.objects.get(pk=user.pk)))


@pytest.mark.site("SITE-ACCT-03")
def test_availability_windows_are_read_in_the_users_time_zone(make_user, client_for):
    alice = make_user("alice")
    c = client_for(alice)
    send(c, "patch", "/api/accounts/me", {"time_zone": "America/New_York"})
    r = send(c, "put", "/api/accounts/me/availability", {"windows": [{"start": "13:00", "end": "15:00"}]})
    assert r.status_code == 200 and r.json() == [{"start": "13:00:00", "end": "15:00:00"}]
    assert c.get("/api/accounts/me").json()["availability"] == [{"start": "13:00:00", "end": "15:00:00"}]
    # 1 July: New York is UTC-4, so the window is 17:00-19:00 UTC
    assert is_available(alice, dt.datetime(2027, 7, 1, 18, 30, tzinfo=UTC))
    assert not is_available(alice, dt.datetime(2027, 7, 1, 19, 0, tzinfo=UTC))
    assert next_available(alice, dt.datetime(2027, 7, 1, 20, 0, tzinfo=UTC)) == \
        dt.datetime(2027, 7, 2, 17, 0, tzinfo=UTC)
    assert next_available(alice, dt.datetime(2027, 7, 1, 12, 0, tzinfo=UTC)) == \
        dt.datetime(2027, 7, 1, 17, 0, tzinfo=UTC)
    # in January New York is UTC-5
    assert next_available(alice, dt.datetime(2027, 1, 10, 12, 0, tzinfo=UTC)) == \
        dt.datetime(2027, 1, 10, 18, 0, tzinfo=UTC)


@pytest.mark.site("SITE-ACCT-03")
def test_a_window_may_run_past_midnight_and_no_windows_means_always_available(make_user, client_for):
    alice = make_user("alice")
    c = client_for(alice)
    assert is_available(alice, dt.datetime(2027, 3, 1, 4, 0, tzinfo=UTC))
    send(c, "put", "/api/accounts/me/availability", {"windows": [{"start": "22:00", "end": "02:00"}]})
    assert is_available(alice, dt.datetime(2027, 3, 1, 23, 30, tzinfo=UTC))
    assert is_available(alice, dt.datetime(2027, 3, 2, 1, 59, tzinfo=UTC))
    assert not is_available(alice, dt.datetime(2027, 3, 2, 2, 0, tzinfo=UTC))
    assert next_available(alice, dt.datetime(2027, 3, 2, 9, 0, tzinfo=UTC)) == \
        dt.datetime(2027, 3, 2, 22, 0, tzinfo=UTC)
    send(c, "put", "/api/accounts/me/availability", {"windows": []})
    assert availability.windows_of(alice) == []


@pytest.mark.site("SITE-ACCT-03")
def test_bad_availability_is_refused_and_changes_nothing(make_user, client_for):
    alice = make_user("alice")
    c = client_for(alice)
    send(c, "put", "/api/accounts/me/availability", {"windows": [{"start": "08:00", "end": "09:00"}]})
    for windows, code in (([{"start": "10:00", "end": "12:00"}, {"start": "11:00", "end": "13:00"}],
                           "overlapping_windows"),
                          ([{"start": "23:00", "end": "01:00"}, {"start": "00:30", "end": "02:00"}],
                           "overlapping_windows"),
                          ([{"start": "10:00", "end": "10:00"}], "empty_window")):
        r = send(c, "put", "/api/accounts/me/availability", {"windows": windows})
        assert (r.status_code, r.json()["error"]) == (400, code)
    r = send(c, "put", "/api/accounts/me/availability",
             {"windows": [{"start": f"{h:02d}:00", "end": f"{h:02d}:30"} for h in range(7)]})
    assert r.status_code == 422
    r = send(c, "put", "/api/accounts/me/availability", {"windows": [{"start": "25:00", "end": "26:00"}]})
    assert r.status_code == 422
    assert availability.windows_of(alice) == [(dt.time(8), dt.time(9))]


@pytest.mark.site("SITE-ACCT-03")
def test_the_profile_page_sets_the_availability(make_user, client_for):
    alice = make_user("alice")
    c = client_for(alice)
    data = {"section": "availability", "w-TOTAL_FORMS": "6", "w-INITIAL_FORMS": "0", "w-MIN_NUM_FORMS": "6",
            "w-MAX_NUM_FORMS": "6", "w-0-start": "18:00", "w-0-end": "22:30", "w-1-start": "07:00",
            "w-1-end": "08:00"}
    r = c.post("/accounts/me/", data)
    assert r.status_code == 302
    assert availability.windows_of(alice) == [(dt.time(7), dt.time(8)), (dt.time(18), dt.time(22, 30))]
    r = c.post("/accounts/me/", {**data, "w-2-start": "21:00", "w-2-end": "23:00"})
    assert r.status_code == 200 and r.context["window_error"] == "availability windows must not overlap"
    r = c.post("/accounts/me/", {**data, "w-2-start": "21:00"})
    assert r.status_code == 200 and not r.context["formset"].is_valid()
    assert len(availability.windows_of(alice)) == 2
