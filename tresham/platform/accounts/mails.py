"""Mails of the accounts app, sent once the transaction that caused them commits (a rolled-back
change sends nothing). They go through Django's ``EMAIL_BACKEND`` for now."""
from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction


def send_after_commit(subject: str, body: str, to: Iterable[str]) -> None:
    """Send a plain-text mail to ``to`` (empty addresses dropped) after the current commit."""
    recipients = sorted({a for a in to if a})
    if not recipients:
        return

    def send() -> None:
        send_mail(f"[Tresham] {subject}", body, settings.DEFAULT_FROM_EMAIL, recipients, fail_silently=True)

    transaction.on_commit(send)


def site_link(path: str) -> str:
    """An absolute address on the site, for mails."""
    return settings.SITE_URL.rstrip("/") + path
