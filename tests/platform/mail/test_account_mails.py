"""The accounts app's mails go through the outbox too: a password reset and an address change
reach the real SMTP server as service mails (always sent, no unsubscribe link), and a change
that is rolled back mails nobody."""
from __future__ import annotations

import pytest
from django.db import transaction
from django.test import Client

from tresham.platform.accounts.mails import send_after_commit
from tresham.platform.mail import preferences, sender
from tresham.platform.mail.models import Outbox


def test_a_password_reset_is_an_outbox_row_sent_at_once_over_smtp(smtp, person):
    alice = person("alice")
    preferences.set_delivery(alice, "none")  # takes no game mails: a reset still comes
    r = Client().post("/accounts/password-reset/", {"email": "alice@example.org"})
    assert r.status_code == 302
    (row,) = Outbox.objects.all()
    assert (row.kind, row.status, row.user, row.address, row.attempts) == ("account", "sent", alice,
                                                                          "alice@example.org", 1)
    assert row.key.startswith("password-reset:")
    (got,) = smtp.received
    assert got.rcpt_tos == ["alice@example.org"] and got["Subject"] == "[Tresham] Choose a new password"
    assert got["Message-ID"] == row.message_id and got["List-Unsubscribe"] is None
    assert "https://tresham.example.org/accounts/reset/" in got.text


def test_an_account_mail_refused_by_the_server_is_retried_by_the_worker(smtp, person):
    person("alice")
    smtp.data_replies = ["421 4.3.2 Service shutting down"]
    Client().post("/accounts/password-reset/", {"email": "alice@example.org"})
    (row,) = Outbox.objects.all()
    assert (row.status, row.attempts) == ("pending", 1) and smtp.received == []
    assert sender.drain(now=row.next_try_at) == 1
    assert smtp.received[0]["Message-ID"] == row.message_id


@pytest.mark.django_db(transaction=True)
def test_an_accounts_mail_is_sent_after_its_commit_and_never_for_a_rolled_back_change(smtp, person):
    person("alice")
    with pytest.raises(ZeroDivisionError):
        with transaction.atomic():
            send_after_commit("Your e-mail address was changed", "It was changed.\n",
                              ["alice@example.org", "alice@new.example.org"])
            1 / 0
    assert not Outbox.objects.exists() and smtp.received == []
    with transaction.atomic():
        send_after_commit("Your e-mail address was changed", "It was changed.\n",
                          ["alice@example.org", "alice@new.example.org", ""])
        assert smtp.received == []  # not before the commit
    (got,) = smtp.received
    assert sorted(got.rcpt_tos) == ["alice@example.org", "alice@new.example.org"]
    assert got["Subject"] == "[Tresham] Your e-mail address was changed"
    (row,) = Outbox.objects.all()
    assert row.status == "sent" and row.addresses == ["alice@example.org", "alice@new.example.org"]
