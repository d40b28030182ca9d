"""The webhooks' sender (SITE-FEED-02): claims due messages, posts them, retries, switches off.

Run by each pass of the worker (``clock.worker.each_pass``, registered in ``apps.py``), like
the mail's sender, and claimed the same way: one due row at a time in a short transaction
(``SELECT ... FOR UPDATE SKIP LOCKED`` on PostgreSQL), marked ``sending`` with a lease before
anything goes out, then posted outside any transaction. The body is the chat's JSON:
Discord's ``{"content": text}``, Slack's ``{"text": text}``.

A 2xx answer delivers the message and sets the webhook's failures back to 0. Anything else --
no connection, a timeout, a redirect (never followed: it could lead into the operator's
network), a 4xx or 5xx, a host that now resolves to a private address -- is a failure: the
message is tried again after the mail's backoff (1 min x 2^n with jitter, at most 6 h), and
the webhook's failures in a row are counted. At ``TRESHAM_WEBHOOK_MAX_FAILURES`` the webhook
is switched off, its undelivered messages dropped, and its owner mailed once, through the
mail outbox. A 429 ("too many requests") is no failure: the message waits as long as the
chat asks (at most an hour). The game itself never waits on any of this.
"""
from __future__ import annotations

import datetime as dt
import json
import logging
import urllib.error
import urllib.request
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from ..accounts import mails as account_mails
from ..mail.sender import backoff
from . import targets
from .errors import FeedError
from .models import Webhook, WebhookPost

log = logging.getLogger(__name__)

LEASE = dt.timedelta(minutes=5)
MAX_WAIT_429 = dt.timedelta(hours=1)
S = WebhookPost.Status


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        raise urllib.error.HTTPError(req.full_url, code, f"redirected to {newurl} (not followed)", headers, fp)


_opener = urllib.request.build_opener(_NoRedirects)


def body_of(kind: str, text: str) -> bytes:
    """The JSON a chat of ``kind`` takes."""
    return json.dumps({"text": text} if kind == Webhook.Kind.SLACK else {"content": text}).encode()


class Refused(Exception):
    """The webhook did not take the message; ``retry_after``: it asked to wait (429)."""

    def __init__(self, why: str, retry_after: dt.timedelta | None = None) -> None:
        super().__init__(why)
        self.retry_after = retry_after


def send(hook: Webhook, text: str) -> None:
    """Post ``text`` to ``hook``; :class:`Refused` with the reason unless a 2xx answers."""
    parts = urlsplit(hook.url)
    try:
        targets.refuse_private(parts.hostname or "", parts.port or (443 if parts.scheme == "https" else 80))
    except FeedError as e:
        raise Refused(e.message) from None
    req = urllib.request.Request(hook.url, data=body_of(hook.kind, text), method="POST",
                                 headers={"Content-Type": "application/json", "User-Agent": "Tresham webhooks"})
    try:
        with _opener.open(req, timeout=settings.TRESHAM_WEBHOOK_TIMEOUT) as r:
            r.read(4096)
    except urllib.error.HTTPError as e:
        wait = None
        if e.code == 429:
            try:
                wait = min(MAX_WAIT_429, dt.timedelta(seconds=max(1.0, float(e.headers.get("Retry-After", "60")))))
            except (TypeError, ValueError):
                wait = dt.timedelta(seconds=60)
        raise Refused(f"HTTP {e.code} {e.reason}"[:500], retry_after=wait) from None
    except (urllib.error.URLError, OSError, ValueError) as e:
        reason = getattr(e, "reason", e)
        raise Refused(f"no answer: {reason}"[:500]) from None


def claim(now: dt.datetime) -> WebhookPost | None:
    """Take one due message of an active webhook, mark it ``sending`` until ``now + LEASE``
    and count the attempt; None when none is due."""
    with transaction.atomic():
        row = (WebhookPost.objects.select_for_update(skip_locked=True, of=("self",))
               .filter(status__in=[S.PENDING, S.SENDING], next_try_at__lte=now, webhook__active=True)
               .order_by("next_try_at", "pk").first())
        if row is None:
            return None
        row.status, row.attempts, row.next_try_at = S.SENDING, row.attempts + 1, now + LEASE
        row.save(update_fields=["status", "attempts", "next_try_at"])
        return row


def _delivered(row: WebhookPost, now: dt.datetime) -> None:
    with transaction.atomic():
        WebhookPost.objects.filter(pk=row.pk).update(status=S.SENT, sent_at=now, last_error="")
        Webhook.objects.filter(pk=row.webhook_id).update(failures=0, last_error="")


def _failed(row: WebhookPost, error: Refused, now: dt.datetime) -> None:
    why = str(error)[:500]
    with transaction.atomic():
        if error.retry_after is not None:  # the chat asks to wait: no failure
            WebhookPost.objects.filter(pk=row.pk).update(status=S.PENDING, next_try_at=now + error.retry_after,
                                                         last_error=why)
            return
        WebhookPost.objects.filter(pk=row.pk).update(status=S.PENDING, next_try_at=now + backoff(row.attempts),
                                                     last_error=why)
        Webhook.objects.filter(pk=row.webhook_id).update(failures=F("failures") + 1, last_error=why)
        hook = Webhook.objects.select_for_update().get(pk=row.webhook_id)
        if hook.active and hook.failures >= settings.TRESHAM_WEBHOOK_MAX_FAILURES:
            switch_off(hook, now)


def switch_off(hook: Webhook, now: dt.datetime) -> None:
    """Switch ``hook`` off (inside the caller's transaction): its undelivered messages are
    dropped and its owner mailed, once."""
    hook.active, hook.switched_off_at = False, now
    hook.save(update_fields=["active", "switched_off_at"])
    hook.posts.filter(status__in=[S.PENDING, S.SENDING]).update(
        status=S.DROPPED, last_error="the webhook was switched off")
    owner = hook.owner
    if owner.email:
        game = hook.game
        host = urlsplit(hook.url).hostname or "?"
        body = (f"The {hook.get_kind_display().split(' ')[0]} webhook you added to the game {game.name} "
                f"({host}) failed {hook.failures} times in a row and has been switched off; nothing more will "
                f"be posted to it.\n\nThe last answer: {hook.last_error}\n\nThe game goes on as before. To post "
                f"to the chat again, remove the webhook and add it anew on the game's webhooks page:\n"
                f"{account_mails.site_link(f'/games/{game.pk}/webhooks/')}\n")
        account_mails.send(owner.email, f"[Tresham] Your webhook for {game.name} was switched off", body,
                           key=f"webhook-off:{hook.pk}:{now.timestamp():.0f}", user=owner)
    log.warning("webhook %s switched off after %s failures: %s", hook.pk, hook.failures, hook.last_error)


def drain(limit: int = 20, now: dt.datetime | None = None) -> int:
    """The worker's pass (and the tests'): post the due messages, at most ``limit``; gives how
    many were delivered. ``now``: the time to act at (tests)."""
    delivered = 0
    for _ in range(limit):
        at = now or timezone.now()
        row = claim(at)
        if row is None:
            break
        hook = Webhook.objects.filter(pk=row.webhook_id).first()
        if hook is None:
            continue
        try:
            send(hook, row.text)
        except Refused as e:
            _failed(row, e, now or timezone.now())
            continue
        _delivered(row, now or timezone.now())
        delivered += 1
    return delivered
