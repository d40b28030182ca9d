"""The daily digest: a user who chose it gets the day's game mails in one, in the morning of
his own time zone, once."""
from __future__ import annotations

import datetime as dt

from django.db import transaction

from tresham.platform.mail import digest, outbox, preferences, sender
from tresham.platform.mail.models import Outbox

UTC = dt.timezone.utc


def _mail(user, n: int, at: dt.datetime) -> Outbox:
    with transaction.atomic():
        return outbox.enqueue(user, "turn", f"[Tresham] Crete: mail {n}", f"Text of mail {n}.\n",
                              f"turn:1:{n}:{user.pk}", now=at)


def test_a_digest_user_gets_the_days_mails_in_one_mail_the_next_morning(smtp, person):
    alice, bob = person("alice", "Europe/Paris"), person("bob")
    preferences.set_delivery(alice, "digest")
    evening = dt.datetime(2024, 1, 14, 17, 0, tzinfo=UTC)  # 18:00 in Paris
    for n in (1, 2, 3):
        _mail(alice, n, evening + dt.timedelta(hours=n))
    bobs = _mail(bob, 9, evening)  # bob takes each mail at once
    assert sender.drain(now=evening + dt.timedelta(hours=4)) == 1
    assert [r.rcpt_tos for r in smtp.received] == [["bob@example.org"]]
    bobs.refresh_from_db()
    assert bobs.status == "sent"
    # 06:59 in Paris: not yet; 07:00: the digest
    assert digest.run(dt.datetime(2024, 1, 15, 5, 59, tzinfo=UTC)) == 0
    assert digest.run(dt.datetime(2024, 1, 15, 6, 0, tzinfo=UTC)) == 1
    assert digest.run(dt.datetime(2024, 1, 15, 6, 0, tzinfo=UTC)) == 0  # once
    assert digest.run(dt.datetime(2024, 1, 15, 9, 0, tzinfo=UTC)) == 0
    (d,) = Outbox.objects.filter(kind="digest")
    assert d.key == f"digest:{alice.pk}:2024-01-15" and d.status == "pending"
    parts = list(Outbox.objects.filter(digest=d).order_by("created_at"))
    assert [p.subject for p in parts] == [f"[Tresham] Crete: mail {n}" for n in (1, 2, 3)]
    assert {p.status for p in parts} == {"digested"}
    assert sender.drain(now=dt.datetime(2024, 1, 15, 6, 1, tzinfo=UTC)) == 1
    got = smtp.to("alice@example.org")
    assert len(got) == 1  # the three mails were never sent on their own
    (mail,) = got
    assert mail["Subject"] == "[Tresham] Your daily digest: 3 game mails"
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert mail.text.startswith("Alice, your game mails of the day (3):\n\n"
                                "== 1. [Tresham] Crete: mail 1 (Sunday 14 January 2024, 19:00 CET (Europe/Paris)) ==\n\n"
                                "Text of mail 1.\n")
    assert "== 3. [Tresham] Crete: mail 3 (Sunday 14 January 2024, 21:00 CET (Europe/Paris)) ==" in mail.text
    # a mail after the morning's digest waits for the next morning
    _mail(alice, 4, dt.datetime(2024, 1, 15, 10, 0, tzinfo=UTC))
    assert digest.run(dt.datetime(2024, 1, 15, 22, 0, tzinfo=UTC)) == 0
    assert digest.run(dt.datetime(2024, 1, 16, 6, 0, tzinfo=UTC)) == 1
    d2 = Outbox.objects.get(key=f"digest:{alice.pk}:2024-01-16")
    assert list(Outbox.objects.filter(digest=d2).values_list("subject", flat=True)) == ["[Tresham] Crete: mail 4"]


def test_the_workers_drain_makes_the_digests_then_sends(smtp, person):
    alice = person("alice", "Asia/Tokyo")
    preferences.set_delivery(alice, "digest")
    _mail(alice, 1, dt.datetime(2024, 1, 14, 12, 0, tzinfo=UTC))
    assert sender.drain(now=dt.datetime(2024, 1, 14, 21, 59, tzinfo=UTC)) == 0  # 06:59 in Tokyo
    assert sender.drain(now=dt.datetime(2024, 1, 14, 22, 0, tzinfo=UTC)) == 1
    assert smtp.received[0]["Subject"] == "[Tresham] Your daily digest: 1 game mail"


def test_leaving_the_digest_sends_what_waited_for_it(smtp, person):
    alice = person("alice")
    preferences.set_delivery(alice, "digest")
    row = _mail(alice, 1, dt.datetime(2024, 1, 14, 12, 0, tzinfo=UTC))
    assert sender.drain(now=dt.datetime(2024, 1, 14, 12, 1, tzinfo=UTC)) == 0
    preferences.set_delivery(alice, "immediate")
    assert sender.drain(now=dt.datetime(2024, 1, 14, 12, 2, tzinfo=UTC)) == 1
    row.refresh_from_db()
    assert row.status == "sent" and smtp.received[0]["Subject"] == "[Tresham] Crete: mail 1"
