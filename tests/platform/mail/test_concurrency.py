"""Several senders at once (threads, each its own database connection) against one real SMTP
server: every mail arrives exactly once. Several digest runs at once make one digest. Runs on
SQLite (a file database) and PostgreSQL."""
from __future__ import annotations

import datetime as dt
import threading
from collections import Counter

import pytest
from django.db import connection, transaction

from tresham.platform.mail import digest, outbox, preferences, sender
from tresham.platform.mail.models import Outbox

pytestmark = pytest.mark.django_db(transaction=True)

SENDERS = 4
MAILS = 40


def _together(n: int, work) -> list[BaseException]:
    barrier = threading.Barrier(n)
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            barrier.wait(timeout=30)
            work(i)
        except BaseException as e:  # noqa: BLE001 - reported by the test
            errors.append(e)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return errors


def test_senders_at_once_never_send_a_mail_twice(smtp, person):
    users = [person(f"p{i}") for i in range(4)]
    with transaction.atomic():
        rows = [outbox.enqueue(users[i % 4], "turn", f"[Tresham] mail {i}", f"text {i}\n", f"turn:1:{i}:{{u}}".format(u=i))
                for i in range(MAILS)]
    counts: list[int] = [0] * SENDERS
    errors = _together(SENDERS, lambda i: counts.__setitem__(i, sender.drain(limit=MAILS)))
    assert errors == []
    ids = Counter(r["Message-ID"] for r in smtp.received)
    assert sum(counts) == MAILS and len(smtp.received) == MAILS
    assert set(ids) == {r.message_id for r in rows} and set(ids.values()) == {1}
    assert sorted(r["Subject"] for r in smtp.received) == sorted(f"[Tresham] mail {i}" for i in range(MAILS))
    assert set(Outbox.objects.values_list("status", "attempts")) == {("sent", 1)}


def test_digest_runs_at_once_make_one_digest(person):
    alice = person("alice", "Europe/Paris")
    preferences.set_delivery(alice, "digest")
    t = dt.datetime(2024, 1, 14, 18, 0, tzinfo=dt.timezone.utc)
    with transaction.atomic():
        for i in range(5):
            outbox.enqueue(alice, "turn", f"[Tresham] mail {i}", "text\n", f"turn:1:{i}:{alice.pk}",
                           now=t + dt.timedelta(minutes=i))
    at = dt.datetime(2024, 1, 15, 6, 30, tzinfo=dt.timezone.utc)  # 7:30 in Paris
    made = [0] * SENDERS
    errors = _together(SENDERS, lambda i: made.__setitem__(i, digest.run(at)))
    assert errors == [] and sum(made) == 1
    (d,) = Outbox.objects.filter(kind="digest")
    assert d.key == f"digest:{alice.pk}:2024-01-15"
    assert Outbox.objects.filter(status="digested", digest=d).count() == 5
