"""The sender against a real SMTP server on the loopback: what the server receives (envelope,
headers, text), retries with backoff when it refuses, giving up, a crash between sending and
marking (the same Message-ID again), and mails held when no server is configured."""
from __future__ import annotations

import datetime as dt
import os
import re
import subprocess
import sys

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult
from django.db import transaction
from django.test import Client
from django.utils import timezone

from tresham.platform.clock import worker
from tresham.platform.mail import outbox, preferences, sender, unsubscribe
from tresham.platform.mail.models import Outbox

from .conftest import Collector, _free_port

T0 = dt.datetime(2024, 1, 15, 12, 0, tzinfo=dt.timezone.utc)
MSGID = re.compile(r"^<outbox-(\d+)\.([0-9a-f]{16})@games\.example\.org>$")


def _game_mail(user, key: str = "turn:1:5:x", subject: str = "[Tresham] Crete: your turn", body: str = "Move.\n",
               now=T0) -> Outbox:
    with transaction.atomic():
        return outbox.enqueue(user, "turn", subject, body, key, now=now)


@pytest.mark.site("SITE-EMAIL-06")
def test_the_server_receives_the_mail_with_its_message_id_unsubscribe_headers_and_text(smtp, person):
    alice = person("alice")
    row = _game_mail(alice, body="Alice, it is your turn in Crete.\n")
    # SITE-EMAIL-06: the address of Personal Information when the mail goes, not when it was written
    alice.email = "alice@new.example.org"
    alice.save()
    assert sender.drain(now=T0) == 1
    (got,) = smtp.received
    assert got.rcpt_tos == ["alice@new.example.org"] and got.mail_from == "tresham@games.example.org"
    assert got["To"] == "alice@new.example.org" and got["From"] == "Tresham <tresham@games.example.org>"
    assert got["Subject"] == "[Tresham] Crete: your turn"
    m = MSGID.match(got["Message-ID"])
    assert m and int(m.group(1)) == row.pk and got["Message-ID"] == row.message_id
    link = f"https://tresham.example.org/mail/unsubscribe/{unsubscribe.token_for(alice)}/"
    assert got["List-Unsubscribe"].strip() == f"<{link}>"  # a long header is folded after its colon
    assert got["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert got["Auto-Submitted"] == "auto-generated"
    assert got.text.startswith("Alice, it is your turn in Crete.\n\n-- \n")
    assert f"Stop all game mails (one click, no login): {link}" in got.text
    assert "https://tresham.example.org/mail/preferences/" in got.text
    row.refresh_from_db()
    assert (row.status, row.attempts, row.address, row.last_error) == ("sent", 1, "alice@new.example.org", "")
    assert row.sent_at == T0
    assert sender.drain(now=T0 + dt.timedelta(hours=1)) == 0 and len(smtp.received) == 1


def test_each_pass_of_the_worker_sends_what_the_outbox_holds(smtp, person):
    """The mail app hands its sender to the clock's worker when the site starts
    (``mail.apps``; the clock imports nothing of the mail): one pass of the worker (a thread of
    ``tresham serve``, or ``tresham worker``) sends the mails due."""
    alice = person("alice")
    row = _game_mail(alice, body="Alice, it is your turn in Crete.\n", now=timezone.now())
    assert "mail" in worker.EACH_PASS
    assert worker.one_pass() == 1
    (got,) = smtp.received
    assert got.rcpt_tos == ["alice@example.org"] and "Alice, it is your turn in Crete." in got.text
    row.refresh_from_db()
    assert row.status == Outbox.Status.SENT
    assert worker.one_pass() == 0 and len(smtp.received) == 1  # nothing more to do


def test_a_refused_mail_is_tried_again_after_a_growing_wait_and_then_sent(smtp, person):
    alice = person("alice")
    row = _game_mail(alice)
    smtp.data_replies = ["451 4.3.0 Try again later", "451 4.3.0 Still busy"]
    assert sender.drain(now=T0) == 0
    row.refresh_from_db()
    assert (row.status, row.attempts) == ("pending", 1) and row.last_error == "451 4.3.0 Try again later"
    first_wait = row.next_try_at - T0  # 1 min, of which the second half is random
    assert dt.timedelta(seconds=30) <= first_wait <= dt.timedelta(seconds=60)
    assert sender.drain(now=T0 + dt.timedelta(seconds=29)) == 0  # not due yet: nothing sent, nothing tried
    row.refresh_from_db()
    assert row.attempts == 1
    t1 = row.next_try_at
    assert sender.drain(now=t1) == 0
    row.refresh_from_db()
    assert (row.status, row.attempts, row.last_error) == ("pending", 2, "451 4.3.0 Still busy")
    assert dt.timedelta(seconds=60) <= row.next_try_at - t1 <= dt.timedelta(seconds=120)  # 2 min
    assert smtp.received == []
    assert sender.drain(now=row.next_try_at) == 1
    (got,) = smtp.received
    assert got["Message-ID"] == row.message_id
    row.refresh_from_db()
    assert (row.status, row.attempts, row.last_error) == ("sent", 3, "")


def test_the_backoff_doubles_up_to_six_hours():
    class Fixed:
        def __init__(self, r):
            self.r = r

        def random(self):
            return self.r

    minute = dt.timedelta(minutes=1)
    assert [sender.backoff(n, Fixed(1.0)) for n in (1, 2, 3, 4)] == [minute, 2 * minute, 4 * minute, 8 * minute]
    assert sender.backoff(1, Fixed(0.0)) == minute / 2
    assert sender.backoff(9, Fixed(1.0)) == dt.timedelta(hours=4, minutes=16)
    assert sender.backoff(10, Fixed(1.0)) == sender.backoff(30, Fixed(1.0)) == dt.timedelta(hours=6)


def test_a_mail_refused_every_time_is_given_up_after_the_last_attempt_and_shown_to_the_administrators(
        smtp, person, settings, make_user, client_for):
    settings.TRESHAM_MAIL_MAX_ATTEMPTS = 3
    row = _game_mail(person("alice"), subject="[Tresham] Crete: a mail nobody takes")
    smtp.data_replies = ["451 4.7.1 Greylisted, come back later"] * 5
    now = T0
    for attempt in (1, 2, 3):
        assert sender.drain(now=now) == 0
        row.refresh_from_db()
        assert row.attempts == attempt
        now = row.next_try_at
    assert (row.status, row.last_error) == ("failed", "451 4.7.1 Greylisted, come back later")
    assert sender.drain(now=now + dt.timedelta(days=1)) == 0
    row.refresh_from_db()
    assert row.attempts == 3 and smtp.received == []
    admin = client_for(make_user("sheriff", is_staff=True, is_superuser=True))
    page = admin.get("/admin/mail/outbox/?status__exact=failed").content.decode()
    assert "a mail nobody takes" in page
    page = admin.get(f"/admin/mail/outbox/{row.pk}/change/").content.decode()
    assert "451 4.7.1 Greylisted, come back later" in page and "Move." in page


def test_an_address_the_server_refuses_for_good_is_given_up_at_once(smtp, person):
    ghost = person("ghost")
    smtp.refuse = {"ghost@example.org"}
    row = _game_mail(ghost)
    assert sender.drain(now=T0) == 0
    row.refresh_from_db()
    assert (row.status, row.attempts) == ("failed", 1)
    assert row.last_error.startswith("ghost@example.org: 550 5.1.1 No such mailbox here")


class Killed(BaseException):
    """The process dies (nothing catches it)."""


def test_a_sender_killed_between_sending_and_marking_resends_the_same_message_id(smtp, person, monkeypatch):
    """At least once: the server has the mail, the row still says "sending"; when the lease
    runs out the mail goes again, as the same message."""
    row = _game_mail(person("alice"))

    def die(*args, **kwargs):
        raise Killed()

    with monkeypatch.context() as m:
        m.setattr(sender, "_mark_sent", die)
        with pytest.raises(Killed):
            sender.drain(now=T0)
    assert len(smtp.received) == 1
    row.refresh_from_db()
    assert (row.status, row.attempts) == ("sending", 1)
    assert sender.drain(now=T0 + sender.LEASE - dt.timedelta(seconds=1)) == 0  # still the dead sender's
    assert sender.drain(now=T0 + sender.LEASE) == 1
    first, second = smtp.received
    assert first["Message-ID"] == second["Message-ID"] == row.message_id
    assert first.text == second.text and first["Subject"] == second["Subject"]
    row.refresh_from_db()
    assert (row.status, row.attempts) == ("sent", 2)


def test_without_a_mail_server_mails_are_held_and_the_administrators_read_them(smtp, person, settings,
                                                                                make_user, client_for):
    settings.TRESHAM_MAIL_DELIVER = False  # what settings.py makes of no TRESHAM_SMTP_HOST
    row = _game_mail(person("alice"), subject="[Tresham] Crete: your turn", body="Alice, move your ships.\n")
    assert sender.drain(now=T0) == 0
    row.refresh_from_db()
    assert (row.status, row.attempts) == ("held", 0) and smtp.received == []
    admin = client_for(make_user("sheriff", is_staff=True, is_superuser=True))
    assert "Crete: your turn" in admin.get("/admin/mail/outbox/?status__exact=held").content.decode()
    page = admin.get(f"/admin/mail/outbox/{row.pk}/change/").content.decode()
    assert "Alice, move your ships." in page and row.message_id.replace("<", "&lt;").replace(">", "&gt;") in page
    # a server is configured: the administrator releases the held mail
    settings.TRESHAM_MAIL_DELIVER = True
    r = admin.post("/admin/mail/outbox/", {"action": "send_again", "_selected_action": [row.pk]})
    assert r.status_code == 302
    row.refresh_from_db()
    assert row.status == "pending"
    assert sender.drain() == 1 and smtp.received[0]["Message-ID"] == row.message_id


def test_the_outbox_cannot_be_edited_or_added_to_in_the_admin(person, make_user, client_for):
    row = _game_mail(person("alice"))
    admin = client_for(make_user("sheriff", is_staff=True, is_superuser=True))
    assert admin.get("/admin/mail/outbox/add/").status_code == 403
    r = admin.post(f"/admin/mail/outbox/{row.pk}/change/", {"subject": "changed", "body": "changed"})
    assert r.status_code == 403
    row.refresh_from_db()
    assert row.subject == "[Tresham] Crete: your turn"


def _settings_of(env: dict[str, str], tmp_path) -> dict[str, str]:
    """The mail settings the site derives from this environment (a fresh interpreter)."""
    code = ("import json; from tresham.platform import settings as s; print(json.dumps({k: getattr(s, k) for k in "
            "['EMAIL_BACKEND', 'EMAIL_HOST', 'EMAIL_PORT', 'EMAIL_USE_TLS', 'EMAIL_USE_SSL', 'EMAIL_HOST_USER', "
            "'EMAIL_HOST_PASSWORD', 'DEFAULT_FROM_EMAIL', 'TRESHAM_MAIL_DELIVER', 'TRESHAM_MAIL_DOMAIN']}))")
    base = {k: v for k, v in os.environ.items() if not k.startswith("TRESHAM_") and k != "DJANGO_SETTINGS_MODULE"}
    out = subprocess.run([sys.executable, "-c", code], env={**base, "TRESHAM_DATA_DIR": str(tmp_path), **env},
                         capture_output=True, text=True, check=True).stdout
    import json

    return json.loads(out)


def test_the_smtp_settings_come_from_the_environment(tmp_path):
    s = _settings_of({}, tmp_path)
    assert (s["TRESHAM_MAIL_DELIVER"], s["EMAIL_BACKEND"]) == (False, "django.core.mail.backends.dummy.EmailBackend")
    s = _settings_of({"TRESHAM_SMTP_HOST": "smtp.example.org", "TRESHAM_SMTP_USER": "site",
                      "TRESHAM_SMTP_PASSWORD": "s3cret", "TRESHAM_MAIL_FROM": "Civ <civ@play.example.org>"}, tmp_path)
    assert s == {"EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend", "EMAIL_HOST": "smtp.example.org",
                 "EMAIL_PORT": 587, "EMAIL_USE_TLS": True, "EMAIL_USE_SSL": False, "EMAIL_HOST_USER": "site",
                 "EMAIL_HOST_PASSWORD": "s3cret", "DEFAULT_FROM_EMAIL": "Civ <civ@play.example.org>",
                 "TRESHAM_MAIL_DELIVER": True, "TRESHAM_MAIL_DOMAIN": "play.example.org"}
    s = _settings_of({"TRESHAM_SMTP_HOST": "relay", "TRESHAM_SMTP_STARTTLS": "0", "TRESHAM_SMTP_PORT": "2525"}, tmp_path)
    assert (s["EMAIL_PORT"], s["EMAIL_USE_TLS"], s["TRESHAM_MAIL_DELIVER"]) == (2525, False, True)
    s = _settings_of({"TRESHAM_SMTP_HOST": "relay", "TRESHAM_SMTP_SSL": "1"}, tmp_path)
    assert (s["EMAIL_PORT"], s["EMAIL_USE_TLS"], s["EMAIL_USE_SSL"]) == (465, False, True)


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
def test_the_sender_logs_in_with_the_configured_user_and_password(smtp, person, settings):
    logins = []

    def authenticator(server, session, envelope, mechanism, auth_data):
        logins.append((mechanism, auth_data.login, auth_data.password))
        ok = (auth_data.login, auth_data.password) == (b"site", b"s3cret")
        return AuthResult(success=ok)

    handler = Collector()
    port = _free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port, authenticator=authenticator,
                            auth_require_tls=False, auth_required=True)
    controller.start()
    try:
        settings.EMAIL_PORT, settings.EMAIL_HOST_USER, settings.EMAIL_HOST_PASSWORD = port, "site", "s3cret"
        _game_mail(person("alice"))
        assert sender.drain(now=T0) == 1
        assert [(u, p) for _, u, p in logins] == [(b"site", b"s3cret")]
        assert handler.received[0].rcpt_tos == ["alice@example.org"]
        # a wrong password: refused (smtplib tries each mechanism), the mail waits for its next try
        settings.EMAIL_HOST_PASSWORD, settings.EMAIL_TIMEOUT = "wrong", 2
        row = _game_mail(person("bob"), key="turn:1:5:bob")
        assert sender.drain(now=T0) == 0
        row.refresh_from_db()
        assert (row.status, row.attempts) == ("pending", 1) and row.last_error and len(handler.received) == 1
    finally:
        controller.stop()


def test_a_mail_without_an_address_is_kept_but_not_sent(smtp, person):
    nobody = person("nobody", email="")
    row = _game_mail(nobody)
    assert (row.status, row.last_error) == ("skipped", "no e-mail address")
    assert sender.drain(now=T0) == 0 and smtp.received == []


def test_the_unsubscribe_link_of_a_received_mail_works(smtp, person):
    alice = person("alice")
    _game_mail(alice)
    sender.drain(now=T0)
    link = smtp.received[0]["List-Unsubscribe"].strip().strip("<>")
    assert Client().post(link.removeprefix("https://tresham.example.org"),
                         {"List-Unsubscribe": "One-Click"}).status_code == 200
    assert preferences.delivery_of(alice) == "none"
