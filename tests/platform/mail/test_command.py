"""``tresham manage mail ...``: send, digest, status, prune."""
from __future__ import annotations

import datetime as dt
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction
from django.utils import timezone

from tresham.platform.mail import outbox
from tresham.platform.mail.models import Outbox


def _run(*args) -> str:
    out = StringIO()
    call_command("mail", *args, stdout=out)
    return out.getvalue()


def test_the_mail_command_sends_counts_and_prunes(smtp, person):
    alice = person("alice")
    long_ago = timezone.now() - dt.timedelta(days=200)
    with transaction.atomic():
        old = outbox.enqueue(alice, "turn", "[Tresham] old", "x\n", "turn:1:1:1", now=long_ago)
        outbox.enqueue(alice, "turn", "[Tresham] new", "x\n", "turn:1:2:1")
        failed = outbox.enqueue(alice, "turn", "[Tresham] failed", "x\n", "turn:1:3:1", now=long_ago)
    Outbox.objects.filter(pk=failed.pk).update(status="failed")
    assert _run("status") == "failed: 1\npending: 2\n"
    assert _run("send") == "2 mail(s) sent\n" and len(smtp.received) == 2
    assert _run("digest") == "0 digest(s) made\n"
    assert _run("prune", "--days", "90") == "1 mail(s) deleted\n"
    assert not Outbox.objects.filter(pk=old.pk).exists() and Outbox.objects.filter(pk=failed.pk).exists()
    assert _run("status") == "failed: 1\nsent: 1\n"
    with pytest.raises(CommandError):
        _run("prune", "--days", "0")
    with pytest.raises(CommandError):
        _run("resend")
