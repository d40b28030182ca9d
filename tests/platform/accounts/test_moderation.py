"""The code of conduct, reports, and the administrators' sanctions (SITE-CONDUCT-01..11).

The site cannot make anyone friendly; what it can do for each rule of conduct is: show the
rule, let a player report a breach of it, let an administrator act on the report, and keep a
log of what he did. The tests walk that chain for each rule a player can report under.
"""
from __future__ import annotations

import datetime as dt
import re
from html import escape

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.utils import timezone

from tests.shared_folder import shared
from tresham.platform.accounts import conduct
from tresham.platform.accounts.models import ModerationAction, Report

from .helpers import PASSWORD, api_login, send

User = get_user_model()
pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(make_user):
    """An administrator (superuser, staff) who receives the report mails."""
    return make_user("sheriff", email="sheriff@example.org", is_staff=True, is_superuser=True)


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    """Run the after-commit callbacks (the mails) of the block at its end."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def _act(admin: Client, model: str, action: str, ids, **form):
    """Run an admin action (its confirmation page, then the confirmed post)."""
    url = f"/admin/accounts/{model}/" if model != "user" else "/admin/auth/user/"
    first = admin.post(url, {"action": action, "_selected_action": [str(i) for i in ids]})
    assert first.status_code == 200, first
    return admin.post(url, {"action": action, "_selected_action": [str(i) for i in ids], "apply": "1", **form})


# ---- the code of conduct ---------------------------------------------------------------------

@pytest.mark.site("SITE-CONDUCT-01", "SITE-CONDUCT-02", "SITE-CONDUCT-03", "SITE-CONDUCT-04", "SITE-CONDUCT-05",
                  "SITE-CONDUCT-06", "SITE-CONDUCT-07", "SITE-CONDUCT-08", "SITE-CONDUCT-09", "SITE-CONDUCT-10",
                  "SITE-CONDUCT-11")
def test_the_conduct_page_shows_the_eleven_rules_numbered():
    page = Client().get("/accounts/conduct/").content.decode()
    for r in conduct.RULES:
        assert f'id="rule-{r.number}"' in page and r.site_id in page and escape(r.title) in page
    assert len(conduct.RULES) == 11
    assert [r["id"] for r in Client().get("/api/accounts/conduct").json()] == \
        [f"SITE-CONDUCT-{n:02d}" for n in range(1, 12)]


def test_the_rules_are_in_the_sites_own_words():
    """No run of eight words of the original code of conduct (the shared folder's seed 07)
    is copied."""
    original = shared("seeds", "readable", "07-code-of-conduct.txt").read_text(encoding="utf-8")
    assert len(re.findall(r"[a-z']+", original.lower())) > 500  # the whole text, not an empty file
    ours = " ".join(r.text for r in conduct.RULES).lower()
    words = re.findall(r"[a-z']+", original.lower())
    for i in range(len(words) - 7):
        assert " ".join(words[i:i + 8]) not in ours


REPORTABLE = [pytest.param(n, marks=pytest.mark.site(site_id, "SITE-CONDUCT-10"), id=site_id) for n, site_id in (
    (1, "SITE-CONDUCT-01"), (2, "SITE-CONDUCT-02"), (3, "SITE-CONDUCT-03"), (4, "SITE-CONDUCT-04"),
    (5, "SITE-CONDUCT-05"), (6, "SITE-CONDUCT-06"), (7, "SITE-CONDUCT-07"), (8, "SITE-CONDUCT-08"),
    (11, "SITE-CONDUCT-11"))]


def test_every_rule_but_9_and_10_can_be_reported_under():
    assert [r.number for r in conduct.REPORTABLE] == [p.values[0] for p in REPORTABLE]


@pytest.mark.parametrize("rule", REPORTABLE)
def test_a_breach_is_shown_reported_acted_on_and_logged(rule, make_user, client_for, staff, game_with, on_commit):
    """The chain for each rule a player may report under: the rule is on the conduct page, a
    player reports a breach (about a game), the administrators get a mail, one of them warns
    the player from the report, and the warning is in the log and told to the player."""
    alice, bob = make_user("alice"), make_user("bob", email="bob@example.org")
    game = game_with(alice, bob, name="Crete 2000 BC")
    assert f'id="rule-{rule}"' in Client().get("/accounts/conduct/").content.decode()
    with on_commit():
        r = send(client_for(alice), "post", "/api/accounts/reports",
                 {"player": "bob", "rule": rule, "reason": "what he did at the table, in detail", "game_id": game.pk})
    assert r.status_code == 201 and r.json()["status"] == "open" and r.json()["game_id"] == game.pk
    (report,) = Report.objects.all()
    assert (report.reporter, report.reported, report.rule, report.game) == (alice, bob, rule, game)
    (to_staff,) = mail.outbox
    assert to_staff.to == ["sheriff@example.org"] and f"/admin/accounts/report/{report.pk}/change/" in to_staff.body
    assert "Crete 2000 BC" in to_staff.body and f"rule {rule}" in to_staff.body
    admin = client_for(staff)
    assert "bob" in admin.get("/admin/accounts/report/?status__exact=open").content.decode()
    with on_commit():
        r = _act(admin, "report", "warn_reported", [report.pk], reason="keep to the code, please")
    assert r.status_code == 302
    (log,) = ModerationAction.objects.all()
    assert (log.kind, log.actor, log.target, log.reason, log.report) == \
        ("warn", staff, bob, "keep to the code, please", report)
    report.refresh_from_db()
    assert (report.status, report.handled_by) == ("actioned", staff)
    assert [m.to for m in mail.outbox[1:]] == [["alice@example.org"], ["bob@example.org"]]
    assert "keep to the code, please" in mail.outbox[2].body
    assert client_for(alice).get("/api/accounts/reports").json()[0]["status"] == "actioned"
    assert "keep to the code, please" in client_for(bob).get("/accounts/me/").content.decode()
    assert "/admin/accounts/report/" not in client_for(bob).get("/accounts/report/").content.decode()


@pytest.mark.site("SITE-CONDUCT-09")
def test_hard_play_within_the_rules_is_no_breach(make_user, client_for, staff):
    """Rule 9 cannot be reported under; a report about a broken trade promise is dismissed
    without a sanction (and the dismissal is logged)."""
    alice, bob = make_user("alice"), make_user("bob")
    assert not conduct.BY_NUMBER[9].reportable
    r = send(client_for(alice), "post", "/api/accounts/reports",
             {"player": "bob", "rule": 9, "reason": "he attacked me together with the others"})
    assert (r.status_code, r.json()["error"]) == (400, "bad_rule")
    r = send(client_for(alice), "post", "/api/accounts/reports",
             {"player": "bob", "rule": 1, "reason": "promised three cards, sent two and a calamity"})
    assert r.status_code == 201
    report = Report.objects.get()
    r = _act(client_for(staff), "report", "dismiss_reported", [report.pk],
             reason="within the game's rules (conduct rule 9)")
    assert r.status_code == 302
    report.refresh_from_db()
    bob.profile.refresh_from_db()
    assert report.status == "dismissed"
    assert (bob.profile.banned, bob.profile.suspended_until) == (False, None)
    assert ModerationAction.objects.get().kind == "dismiss"
    assert api_login("bob")[1].status_code == 200


@pytest.mark.site("SITE-CONDUCT-10")
def test_reports_are_limited_so_they_cannot_be_used_to_spam(make_user, client_for):
    alice = make_user("alice")
    others = [make_user(f"p{i}") for i in range(4)]
    c = client_for(alice)
    body = {"rule": 2, "reason": "insults in the table chat"}
    r = send(c, "post", "/api/accounts/reports", {**body, "player": "alice"})
    assert (r.status_code, r.json()["error"]) == (400, "not_yourself")
    r = send(c, "post", "/api/accounts/reports", {**body, "player": "nobody-like-this"})
    assert (r.status_code, r.json()["error"]) == (404, "no_such_user")
    r = send(c, "post", "/api/accounts/reports", {**body, "player": "p0", "game_id": 999999})
    assert (r.status_code, r.json()["error"]) == (404, "no_such_game")
    r = send(c, "post", "/api/accounts/reports", {**body, "player": "p0", "reason": "bad"})
    assert r.status_code == 422
    for o in others[:3]:
        assert send(c, "post", "/api/accounts/reports", {**body, "player": o.username}).status_code == 201
    r = send(c, "post", "/api/accounts/reports", {**body, "player": "p0"})
    assert (r.status_code, r.json()["error"]) == (409, "already_reported")
    r = send(c, "post", "/api/accounts/reports", {**body, "player": "p3"})
    assert (r.status_code, r.json()["error"]) == (429, "too_many_reports")
    assert Report.objects.count() == 3
    # a day later the limit is free again
    Report.objects.update(created_at=timezone.now() - dt.timedelta(hours=25))
    assert send(c, "post", "/api/accounts/reports", {**body, "player": "p3"}).status_code == 201


@pytest.mark.site("SITE-CONDUCT-10")
def test_the_report_page_files_a_report(make_user, client_for, game_with):
    alice, bob = make_user("alice"), make_user("bob")
    bob.profile.display_name = "Xerxes"
    bob.profile.save()
    game = game_with(alice, bob)
    c = client_for(alice)
    form = c.get(f"/accounts/report/?player=Xerxes&game={game.pk}").context["form"]
    assert (form.initial["player"], form.initial["game"]) == ("Xerxes", str(game.pk))
    r = c.post("/accounts/report/", {"player": "Xerxes", "game": str(game.pk), "rule": "6",
                                     "reason": "has not played for two weeks and does not quit"})
    assert r.status_code == 302
    assert Report.objects.get().rule == 6
    assert "Xerxes" in c.get("/accounts/report/").content.decode()
    r = c.post("/accounts/report/", {"player": "Xerxes", "rule": "9", "reason": "x" * 20})
    assert r.status_code == 200 and "rule" in r.context["form"].errors


# ---- sanctions -------------------------------------------------------------------------------

@pytest.mark.site("SITE-CONDUCT-10")
def test_every_sanction_changes_the_account_and_is_logged(make_user, client_for, staff, on_commit):
    bob = make_user("bob", email="bob@example.org")
    admin = client_for(staff)
    until = timezone.now() + dt.timedelta(days=3)
    steps = [("warn_accounts", {"reason": "mind your language"}, "warn", (False, None)),
             ("suspend_accounts", {"reason": "insults after a warning",
                                   "until": until.strftime("%Y-%m-%dT%H:%M")}, "suspend", (False, "until")),
             ("lift_accounts", {"reason": "apologised"}, "lift", (False, None)),
             ("ban_accounts", {"reason": "a second account in the same game"}, "ban", (True, None)),
             ("lift_accounts", {"reason": "ban lifted on appeal"}, "lift", (False, None))]
    for action, form, kind, (banned, suspended) in steps:
        with on_commit():
            r = _act(admin, "user", action, [bob.pk], **form)
        assert r.status_code == 302, action
        bob.profile.refresh_from_db()
        assert bob.profile.banned is banned
        assert (bob.profile.suspended_until is not None) == (suspended == "until")
        log = ModerationAction.objects.first()
        assert (log.kind, log.actor, log.target, log.actor_name, log.target_name, log.reason) == \
            (kind, staff, bob, "sheriff", "bob", form["reason"])
        assert mail.outbox[-1].to == ["bob@example.org"] and form["reason"] in mail.outbox[-1].body
    assert list(ModerationAction.objects.order_by("pk").values_list("kind", flat=True)) == \
        ["warn", "suspend", "lift", "ban", "lift"]
    assert ModerationAction.objects.get(kind="suspend").until.replace(second=0, microsecond=0) == \
        until.replace(second=0, microsecond=0)


@pytest.mark.site("SITE-CONDUCT-02", "SITE-CONDUCT-10")
def test_an_offensive_display_name_is_cleared_and_logged(make_user, client_for, staff):
    bob = make_user("bob")
    bob.profile.display_name = "Rude Name"
    bob.profile.save()
    r = _act(client_for(staff), "user", "rename_accounts", [bob.pk], reason="an insult as a name")
    assert r.status_code == 302
    bob.profile.refresh_from_db()
    assert bob.profile.display_name == ""
    log = ModerationAction.objects.get()
    assert (log.kind, log.detail) == ("rename", "was 'Rude Name'")


def test_a_sanction_needs_a_reason_and_a_suspension_a_future_end(make_user, client_for, staff):
    bob = make_user("bob")
    admin = client_for(staff)
    r = _act(admin, "user", "ban_accounts", [bob.pk], reason="")
    assert r.status_code == 200 and "reason" in r.context["form"].errors
    r = _act(admin, "user", "suspend_accounts", [bob.pk], reason="spam")
    assert r.status_code == 200 and "until" in r.context["form"].errors
    past = (timezone.now() - dt.timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
    r = _act(admin, "user", "suspend_accounts", [bob.pk], reason="spam", until=past)
    assert r.status_code == 200 and "until" in r.context["form"].errors
    r = _act(admin, "user", "ban_accounts", [staff.pk], reason="testing")
    assert r.status_code == 302
    bob.profile.refresh_from_db()
    staff.profile.refresh_from_db()
    assert not bob.profile.banned and not staff.profile.banned and bob.profile.suspended_until is None
    assert not ModerationAction.objects.exists()


def test_a_closed_report_is_not_decided_twice(make_user, client_for, staff):
    alice, bob = make_user("alice"), make_user("bob")
    send(client_for(alice), "post", "/api/accounts/reports", {"player": "bob", "rule": 2, "reason": "insults, twice"})
    report = Report.objects.get()
    admin = client_for(staff)
    _act(admin, "report", "ban_reported", [report.pk], reason="insults")
    _act(admin, "report", "dismiss_reported", [report.pk], reason="second look")
    report.refresh_from_db()
    assert report.status == "actioned"
    assert list(ModerationAction.objects.values_list("kind", flat=True)) == ["ban"]


def test_the_moderation_log_cannot_be_edited_in_the_admin(make_user, client_for, staff):
    bob = make_user("bob")
    admin = client_for(staff)
    _act(admin, "user", "warn_accounts", [bob.pk], reason="a warning")
    log = ModerationAction.objects.get()
    assert admin.get("/admin/accounts/moderationaction/").status_code == 200
    assert admin.get("/admin/accounts/moderationaction/?kind__exact=warn").status_code == 200
    assert admin.get("/admin/accounts/moderationaction/add/").status_code == 403
    assert admin.post(f"/admin/accounts/moderationaction/{log.pk}/delete/", {"post": "yes"}).status_code == 403
    with pytest.raises(RuntimeError):
        log.delete()
    assert ModerationAction.objects.count() == 1


# ---- banned and suspended accounts -----------------------------------------------------------

@pytest.mark.site("SITE-CONDUCT-10")
def test_a_banned_account_cannot_log_in(make_user, client_for, staff):
    bob = make_user("bob")
    _act(client_for(staff), "user", "ban_accounts", [bob.pk], reason="cheating with two accounts")
    _, r = api_login("bob")
    assert (r.status_code, r.json()["error"]) == (403, "account_restricted")
    assert "banned" in r.json()["message"]
    c = Client()
    r = c.post("/accounts/login/", {"username": "bob", "password": PASSWORD})
    assert r.status_code == 200 and r.context["form"].errors["__all__"] == ["This account is banned from the site."]
    assert c.get("/api/accounts/me").status_code == 401


@pytest.mark.site("SITE-CONDUCT-10")
def test_a_suspended_account_cannot_log_in_until_the_end_shown_in_its_time_zone(make_user, client_for, staff):
    bob = make_user("bob")
    bob.profile.time_zone = "Asia/Tokyo"
    bob.profile.save()
    until = dt.datetime(2099, 1, 5, 12, 0, tzinfo=dt.timezone.utc)
    _act(client_for(staff), "user", "suspend_accounts", [bob.pk], reason="rude", until="2099-01-05T12:00")
    bob.profile.refresh_from_db()
    assert bob.profile.suspended_until == until
    _, r = api_login("bob")
    assert r.status_code == 403
    assert r.json()["message"] == "This account is suspended until 2099-01-05 21:00 (Asia/Tokyo)."
    type(bob.profile).objects.filter(pk=bob.profile.pk).update(suspended_until=timezone.now() - dt.timedelta(1))
    assert api_login("bob")[1].status_code == 200


@pytest.mark.site("SITE-CONDUCT-10")
def test_a_banned_players_open_session_is_logged_out_and_cannot_act(make_user, client_for, staff):
    alice, bob = make_user("alice"), make_user("bob")
    api_client, _ = api_login("bob")
    page_client = client_for(bob)
    assert send(api_client, "post", "/api/accounts/friends", {"name": "alice"}).status_code == 201
    _act(client_for(staff), "user", "ban_accounts", [bob.pk], reason="harassment")
    r = send(api_client, "post", "/api/accounts/reports", {"player": "alice", "rule": 1, "reason": "revenge report"})
    assert (r.status_code, r.json()["error"]) == (403, "account_restricted")
    assert api_client.get("/api/accounts/me").status_code == 401  # logged out
    r = page_client.get("/accounts/friends/")
    assert r.status_code == 403 and "banned" in r.content.decode()
    assert page_client.get("/accounts/friends/").status_code == 302  # to the login page
    assert not Report.objects.exists()


# ---- one person, several accounts (SITE-ACCT-07, SITE-CONDUCT-08) ----------------------------

@pytest.mark.site("SITE-ACCT-07", "SITE-CONDUCT-08")
def test_administrators_see_accounts_that_logged_in_from_the_same_address_and_their_shared_games(
        make_user, client_for, staff, game_with):
    ann, twin, carol, dan = (make_user(n) for n in ("ann", "twin", "carol", "dan"))
    twin.profile.display_name = "Second Self"
    twin.profile.save()
    api_login("ann", address="203.0.113.7")
    api_login("twin", address="203.0.113.7")
    api_login("carol", address="198.51.100.9")
    api_login("dan", address="203.0.113.99")  # the same /24 network, another address
    game = game_with(ann, twin, carol, name="Babylon Falls")
    game_with(ann, carol, name="Other Table")
    admin = client_for(staff)
    page = admin.get(f"/admin/auth/user/{ann.pk}/change/").content.decode()
    evidence = page[page.index("Accounts seen at the same address"):]
    assert "Second Self" in evidence and "same address" in evidence
    assert f"Babylon Falls (#{game.pk})" in evidence and "Other Table" not in evidence.split("dan")[0]
    assert "dan" in evidence and "same network only" in evidence
    assert "carol" not in evidence
    # the filter of the accounts list finds both
    listed = admin.get("/admin/auth/user/?shares_address=yes").context["cl"].result_list
    assert sorted(u.username for u in listed) == ["ann", "twin"]
    # the address itself is never stored
    from tresham.platform.accounts.models import LoginRecord

    rows = list(LoginRecord.objects.values_list("address_hash", "network_hash", "user_agent"))
    assert len(rows) == 4 and not any("203.0.113" in " ".join(r) for r in rows)
    # and the administrator acts on it
    r = _act(admin, "user", "ban_accounts", [twin.pk], reason="second account of ann in Babylon Falls")
    assert r.status_code == 302
    twin.profile.refresh_from_db()
    assert twin.profile.banned and ModerationAction.objects.get().target == twin


def test_every_model_has_an_admin_page(make_user, client_for, staff):
    admin = client_for(staff)
    for model in ("profile", "report", "moderationaction", "friendship", "loginrecord", "availabilitywindow"):
        r = admin.get(f"/admin/accounts/{model}/")
        assert r.status_code == 200, model
    assert admin.get("/admin/auth/user/?sanction=banned&q=bob").status_code == 200
    assert admin.get("/admin/accounts/report/?status__exact=open&rule__exact=2").status_code == 200
