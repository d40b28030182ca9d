"""Writing to the outbox: one row per key, inside the change's transaction, its status from
the recipient's choice."""
from __future__ import annotations

import pytest
from django.db import transaction

from tresham.platform.mail import outbox, preferences
from tresham.platform.mail.models import Outbox


def _enqueue(user, key="turn:7:3:1", kind="turn", **kw):
    with transaction.atomic():
        return outbox.enqueue(user, kind, kw.pop("subject", "[Tresham] Crete: your turn"),
                              kw.pop("body", "Move.\n"), key, **kw)


def test_the_same_key_enqueued_twice_is_one_mail(person):
    alice = person("alice")
    first = _enqueue(alice, body="first text\n")
    again = _enqueue(alice, body="second text\n", subject="another subject")
    assert again.pk == first.pk
    assert list(Outbox.objects.values_list("key", "body", "subject")) == \
        [("turn:7:3:1", "first text\n", "[Tresham] Crete: your turn")]


@pytest.mark.django_db(transaction=True)
def test_a_mail_commits_with_its_change_or_not_at_all(person):
    alice = person("alice")
    with pytest.raises(ZeroDivisionError):
        with transaction.atomic():
            alice.profile.display_name = "Changed"
            alice.profile.save()
            outbox.enqueue(alice, "turn", "[Tresham] x", "body\n", "turn:1:1:1")
            1 / 0
    alice.profile.refresh_from_db()
    assert alice.profile.display_name == "Alice" and not Outbox.objects.exists()
    with transaction.atomic():
        outbox.enqueue(alice, "turn", "[Tresham] x", "body\n", "turn:1:1:1")
    assert Outbox.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_game_mail_outside_a_transaction_is_refused(person):
    alice = person("alice")
    with pytest.raises(RuntimeError, match="inside the transaction"):
        outbox.enqueue(alice, "turn", "[Tresham] x", "body\n", "turn:1:1:1")
    assert not Outbox.objects.exists()
    # a service mail (a password reset: its row is the only change) may be written alone
    row = outbox.enqueue_service("alice@example.org", "[Tresham] Choose a new password", "link\n")
    assert (row.kind, row.status, row.user) == ("account", "pending", alice)


def test_a_bad_kind_or_key_is_refused(person):
    alice = person("alice")
    with pytest.raises(outbox.MailError, match="no mail kind"):
        _enqueue(alice, kind="spam")
    with pytest.raises(outbox.MailError, match="key"):
        _enqueue(alice, key="k" * 201)
    with pytest.raises(outbox.MailError, match="key"):
        _enqueue(alice, key="")
    assert not Outbox.objects.exists()


@pytest.mark.site("SITE-EMAIL-06")
def test_a_mails_status_follows_the_recipients_choice(person):
    alice, bob, carol, dan = person("alice"), person("bob"), person("carol"), person("dan", email="")
    preferences.set_delivery(bob, "digest")
    preferences.set_delivery(carol, "none")
    rows = {u.username: _enqueue(u, key=f"turn:1:1:{u.pk}") for u in (alice, bob, carol, dan)}
    assert {k: (r.status, r.address, r.last_error) for k, r in rows.items()} == {
        "alice": ("pending", "alice@example.org", ""),
        "bob": ("digest", "bob@example.org", ""),
        "carol": ("skipped", "carol@example.org", "the recipient takes no game mails"),
        "dan": ("skipped", "", "no e-mail address"),
    }
    # service mails go whatever the choice
    row = outbox.enqueue_service("carol@example.org", "[Tresham] Your report", "text\n")
    assert (row.status, row.user) == ("pending", carol)


def test_a_changed_choice_applies_to_the_mails_not_sent_yet(person):
    alice = person("alice")
    waiting = _enqueue(alice, key="turn:1:1:a")
    preferences.set_delivery(alice, "digest")
    waiting.refresh_from_db()
    assert waiting.status == "digest"
    preferences.set_delivery(alice, "immediate")
    waiting.refresh_from_db()
    assert waiting.status == "pending"
    preferences.set_delivery(alice, "none")
    waiting.refresh_from_db()
    assert (waiting.status, waiting.last_error) == ("skipped", "the recipient takes no game mails")
    with pytest.raises(ValueError):
        preferences.set_delivery(alice, "weekly")
    assert preferences.delivery_of(alice) == "none"


def test_subjects_are_one_line_and_bodies_tidy():
    assert outbox.one_line("[Tresham]  Crete:\nyour\r\nturn ") == "[Tresham] Crete: your turn"
    assert len(outbox.one_line("x" * 500)) == 200
    assert outbox.tidy("a  \n\n\n\nb\n\n") == "a\n\nb\n"
