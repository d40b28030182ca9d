"""Mails of the accounts app: written to the site's outbox (``tresham.platform.mail``) in the
transaction that caused them (a rolled-back change mails nobody) and sent once it commits; a
mail the server refuses then is retried by the worker."""
from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings


def send_after_commit(subject: str, body: str, to: Iterable[str]) -> None:
    """Mail a plain-text message to ``to`` (empty addresses dropped): enqueued now, sent after
    the current commit."""
    from ..mail import outbox, sender

    recipients = sorted({a for a in to if a})
    if recipients:
        row = outbox.enqueue_service(recipients, f"[Tresham] {subject}", body)
        sender.deliver_after_commit([row.pk])


def site_link(path: str) -> str:
    """An absolute address on the site, for mails."""
    return settings.SITE_URL.rstrip("/") + path
