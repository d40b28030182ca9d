"""A message reported and read by a moderator with its conversation, the reading logged
(SITE-CHAT-04)."""
from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client

from tresham.platform.accounts.models import Report as AccountReport
from tresham.platform.talk.models import ModeratorRead, Report

from ..conftest import post_json

pytestmark = pytest.mark.django_db

INSULT = "You are a <cheat> and everyone knows it"


@pytest.fixture
def staff(make_user):
    return make_user("sheriff", email="sheriff@example.org", is_staff=True, is_superuser=True)


@pytest.mark.site("SITE-CHAT-04")
def test_a_member_reports_a_message_and_a_moderator_reads_it_with_its_conversation_logged(
        talk, staff, django_capture_on_commit_callbacks):
    t = talk
    conv = t.start(t.bob, [0], "Shall we?")
    bad = t.write(t.alice, conv["id"], INSULT).json()
    t.write(t.bob, conv["id"], "That was rude")
    url = f"{t.url(conv['id'])}/messages/{bad['id']}/report"
    with django_capture_on_commit_callbacks(execute=True):
        r = post_json(t.c(t.bob), url, {"rule": 1, "reason": "insults me in our conversation"})
    assert r.status_code == 201, r.content
    filed = AccountReport.objects.get()
    assert (filed.reporter, filed.reported, filed.game_id, filed.rule) == (t.bob, t.alice, t.game.pk, 1)
    assert filed.reason.startswith("insults me in our conversation")
    link = f"/games/{t.game.pk}/talk/{conv['id']}/moderate/{bad['id']}/"
    assert link in filed.reason
    assert Report.objects.get().message_id == bad["id"]
    staff_mail = [m for m in mail.outbox if "sheriff@example.org" in m.to]
    assert len(staff_mail) == 1 and link in staff_mail[0].body
    # the moderator reads the message within its whole conversation; his reading is logged
    admin = Client()
    admin.force_login(staff)
    html = admin.get(link).content.decode()
    assert "Shall we?" in html and "That was rude" in html
    assert "You are a &lt;cheat&gt; and everyone knows it" in html and "<cheat>" not in html
    assert '<li id="m%d" class="reported">' % bad["id"] in html
    read = ModeratorRead.objects.get()
    assert (read.moderator, read.moderator_name, read.conversation_id, read.report.report_id) == (
        staff, "sheriff", conv["id"], filed.pk)
    admin.get(link)
    assert ModeratorRead.objects.count() == 2  # every opening
    assert "sheriff" in admin.get(link).content.decode()  # the log shows on the page
    # the report stands among the moderators' reports, linking the page
    listing = admin.get("/admin/talk/report/").content.decode()
    assert link in listing


@pytest.mark.site("SITE-CHAT-04")
def test_nobody_but_a_moderator_opens_the_reported_conversation(talk, staff):
    t = talk
    conv = t.start(t.bob, [0], "hello")
    bad = t.write(t.alice, conv["id"], INSULT).json()
    post_json(t.c(t.bob), f"{t.url(conv['id'])}/messages/{bad['id']}/report",
              {"rule": 1, "reason": "insults me in our conversation"})
    link = f"/games/{t.game.pk}/talk/{conv['id']}/moderate/{bad['id']}/"
    for who in (t.carol, t.erin, t.bob):
        r = t.c(who).get(link)
        assert r.status_code == 403 and "cheat" not in r.content.decode()
    assert Client().get(link).status_code == 401
    assert ModeratorRead.objects.count() == 0
    # a moderator opens only a reported message's conversation
    other = t.start(t.carol, [3], "private, never reported")
    msg = t.c(t.carol).get(t.url(other["id"])).json()["messages"][0]
    admin = Client()
    admin.force_login(staff)
    r = admin.get(f"/games/{t.game.pk}/talk/{other['id']}/moderate/{msg['id']}/")
    assert r.status_code == 404 and "never reported" not in r.content.decode()


@pytest.mark.site("SITE-CHAT-04")
def test_a_report_is_refused_without_a_reason_about_oneself_or_from_outside(talk):
    t = talk
    conv = t.start(t.bob, [0], "hello")
    mine = t.c(t.bob).get(t.url(conv["id"])).json()["messages"][0]
    theirs = t.write(t.alice, conv["id"], INSULT).json()
    base = f"{t.url(conv['id'])}/messages"
    r = post_json(t.c(t.bob), f"{base}/{theirs['id']}/report", {"rule": 1, "reason": "bad"})
    assert r.status_code == 400 and r.json()["error"] == "bad_reason"
    r = post_json(t.c(t.bob), f"{base}/{mine['id']}/report", {"rule": 1, "reason": "reporting myself now"})
    assert r.status_code == 400 and r.json()["error"] == "not_yourself"
    r = post_json(t.c(t.carol), f"{base}/{theirs['id']}/report", {"rule": 1, "reason": "I was not even there"})
    assert r.status_code == 403
    r = post_json(t.c(t.bob), f"{base}/999999/report", {"rule": 1, "reason": "no such message here"})
    assert r.status_code == 404
    assert AccountReport.objects.count() == 0 and Report.objects.count() == 0


@pytest.mark.site("SITE-CHAT-04")
def test_the_page_reports_a_message(talk):
    t = talk
    conv = t.start(t.bob, [0], "hello")
    theirs = t.write(t.alice, conv["id"], INSULT).json()
    page = f"/games/{t.game.pk}/talk/{conv['id']}/"
    report = f"/games/{t.game.pk}/talk/{conv['id']}/report/{theirs['id']}/"
    assert report in t.c(t.bob).get(page).content.decode()
    assert "You are a &lt;cheat&gt;" in t.c(t.bob).get(report).content.decode()
    r = t.c(t.bob).post(report, {"rule": "1", "reason": "insults me in our conversation"})
    assert r.status_code == 303 and r["Location"] == page
    assert Report.objects.get().message_id == theirs["id"]
