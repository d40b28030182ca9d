"""Mails of the accounts app (a password reset, a moderation decision, a report for the
administrators): the mail app writes them to its outbox in the transaction that caused them
(a rolled-back change mails nobody) and sends them at once or once it commits; a mail the
server refuses then is retried by the worker.

The mail app stands above accounts (docs/platform.md, "Apps, one concern each"): accounts
asks for a mail by sending :data:`wanted`, which the mail app's receiver answers
(``mail/receivers.py``). Its keyword arguments: ``to`` (an address or several), ``subject``,
``body``, ``key`` (what the mail reports, when the caller can say: the same key mails once),
``user`` (the account, when known), ``html`` (an HTML part), ``at_once`` (send now, not after
the commit). Unlike the game mails' signals, a failure here is the caller's: the mail is the
point of the request.
"""
from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.dispatch import Signal

wanted = Signal()


def send(to: str | Iterable[str], subject: str, body: str, *, key: str | None = None, user=None, html: str = "",
         at_once: bool = False) -> None:
    """Have the mail app enqueue this mail (and send it: at once, or after the current commit)."""
    if not wanted.has_listeners():
        raise ImproperlyConfigured("nothing sends the accounts' mails: tresham.platform.mail must be in "
                                   "INSTALLED_APPS")
    wanted.send(sender=None, to=to, subject=subject, body=body, key=key, user=user, html=html, at_once=at_once)


def send_after_commit(subject: str, body: str, to: Iterable[str]) -> None:
    """Mail a plain-text message to ``to`` (empty addresses dropped): enqueued now, sent after
    the current commit."""
    recipients = sorted({a for a in to if a})
    if recipients:
        send(recipients, f"[Tresham] {subject}", body)


def site_link(path: str) -> str:
    """An absolute address on the site, for mails."""
    return settings.SITE_URL.rstrip("/") + path
