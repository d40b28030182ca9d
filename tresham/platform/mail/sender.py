"""The sender: claims due rows of the outbox, sends them over SMTP, marks them sent.

:func:`drain` is the worker's (and the tests'): it makes the digests that are due, then claims one due row at a time in a short
transaction -- ``SELECT ... FOR UPDATE SKIP LOCKED`` on PostgreSQL, so other senders skip the
row; on SQLite the IMMEDIATE write transaction serializes the claims -- and marks it
``sending`` with a lease (:data:`LEASE`) before any byte goes out, so a second sender never
takes it while the first is at work. The mail is then sent outside any transaction (SQLite
keeps no write lock while an SMTP server takes its time) through Django's mail backend: the
SMTP backend with the ``TRESHAM_SMTP_*`` settings. A sent row is marked ``sent``; a refused
one is tried again after an exponential backoff with jitter (:func:`backoff`: 1 min x 2^n,
at most 6 h), and given up (``failed``, shown in the admin with the server's answer) after
``TRESHAM_MAIL_MAX_ATTEMPTS`` tries, or at once when the server refuses the address itself
for good (a 5xx answer to RCPT).

Delivery is **at least once**. A sender killed after the server took the mail but before the
row was marked holds a lease that runs out: the row is due again and is sent a second time.
It cannot be otherwise -- the SMTP server and the database commit separately, and no order of
"send" and "mark" makes both or neither happen -- and losing a mail is worse than repeating
one. The repeat carries the same Message-ID (:attr:`Outbox.message_id`, made from the row),
so mail programs show it once.

Without a mail server (``TRESHAM_MAIL_DELIVER`` false: no ``TRESHAM_SMTP_HOST``) nothing is
sent: due rows are marked ``held`` and stay for the administrators to read in the admin
(and to release there once a server is configured).
"""
from __future__ import annotations

import datetime as dt
import logging
import random
import smtplib
import time
from collections.abc import Callable, Iterable

from django.conf import settings
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db import transaction
from django.utils import timezone

from . import attention, digest, preferences, replies, reminders, talk_batch, unsubscribe
from .models import Delivery, Outbox
from .outbox import is_game_kind

log = logging.getLogger(__name__)

#: How long a claimed row is a sender's: past it, the row is due again (the sender died).
LEASE = dt.timedelta(minutes=10)
#: The first retry waits about this long; each further one twice as long ...
FIRST_RETRY = dt.timedelta(minutes=1)
#: ... but never longer than this.
MAX_RETRY = dt.timedelta(hours=6)
S = Outbox.Status


def backoff(attempts: int, rng: random.Random | None = None) -> dt.timedelta:
    """The wait before the next try of a mail tried ``attempts`` times: 1 min x 2^(attempts-1),
    at most 6 h, of which the second half is random ("equal jitter"), so mails refused together
    do not all come back together."""
    base = min(MAX_RETRY, FIRST_RETRY * 2 ** max(0, attempts - 1))
    r = (rng or random).random()
    return base / 2 + base / 2 * r


def claim(now: dt.datetime | None = None, ids: Iterable[int] | None = None) -> Outbox | None:
    """Take one due row (``pending`` and due, or ``sending`` whose lease ran out), mark it
    ``sending`` until ``now + LEASE`` and count the attempt, in one short transaction; None
    when no row is due (or every due row is another sender's). ``ids``: only among these."""
    now = now or timezone.now()
    with transaction.atomic():
        qs = (Outbox.objects.select_for_update(skip_locked=True)
              .filter(status__in=[S.PENDING, S.SENDING], next_try_at__lte=now))
        if ids is not None:
            qs = qs.filter(pk__in=list(ids))
        row = qs.order_by("next_try_at", "pk").first()
        if row is None:
            return None
        row.status, row.attempts, row.next_try_at = S.SENDING, row.attempts + 1, now + LEASE
        row.save(update_fields=["status", "attempts", "next_try_at"])
        return row


def message_of(row: Outbox, addresses: list[str]) -> EmailMultiAlternatives:
    """The mail of ``row`` to ``addresses``: its Message-ID (the same on every attempt); for a
    mail about decisions still owed, a reply address of its own and the commands a reply may
    give (``replies.outgoing``, SITE-MAILIN-01: a new secret each time it is sent); for a game
    mail the footer and headers of the one-click unsubscribe (RFC 2369, RFC 8058)."""
    headers = {"Message-ID": row.message_id, "Auto-Submitted": "auto-generated", "X-Tresham-Kind": row.kind}
    body = row.body
    reply_to, how = replies.outgoing(row)
    if reply_to:
        headers["Reply-To"] = reply_to
        body = body.rstrip("\n") + "\n\n" + how + "\n"
    if is_game_kind(row.kind) and row.user is not None:
        link = unsubscribe.link(row.user)
        headers["List-Unsubscribe"] = f"<{link}>"
        headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        headers["List-Id"] = f"Tresham game mails <games.{settings.TRESHAM_MAIL_DOMAIN}>"
        body = body.rstrip("\n") + "\n\n" + unsubscribe.footer(row.user)
    msg = EmailMultiAlternatives(row.subject, body, settings.DEFAULT_FROM_EMAIL, addresses, headers=headers)
    if row.html:
        msg.attach_alternative(row.html, "text/html")
    return msg


def _permanent(error: Exception) -> bool:
    """The server refused the address itself for good (5xx to every recipient)."""
    return isinstance(error, smtplib.SMTPRecipientsRefused) and bool(error.recipients) and \
        all(code >= 500 for code, _ in error.recipients.values())


def _describe(error: Exception) -> str:
    if isinstance(error, smtplib.SMTPResponseException):
        msg = error.smtp_error.decode(errors="replace") if isinstance(error.smtp_error, bytes) else str(error.smtp_error)
        return f"{error.smtp_code} {msg}"
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return "; ".join(f"{addr}: {code} {m.decode(errors='replace') if isinstance(m, bytes) else m}"
                         for addr, (code, m) in error.recipients.items())
    return f"{type(error).__name__}: {error}"


def _mark_sent(row: Outbox, addresses: list[str], now: dt.datetime) -> None:
    Outbox.objects.filter(pk=row.pk).update(status=S.SENT, sent_at=now, address="\n".join(addresses),
                                            last_error="")


def _mark_failed(row: Outbox, error: str, permanent: bool, now: dt.datetime) -> None:
    if permanent or row.attempts >= settings.TRESHAM_MAIL_MAX_ATTEMPTS:
        Outbox.objects.filter(pk=row.pk).update(status=S.FAILED, last_error=error[:2000])
        log.warning("mail %s given up after %s attempts: %s", row.pk, row.attempts, error)
    else:
        Outbox.objects.filter(pk=row.pk).update(status=S.PENDING, next_try_at=now + backoff(row.attempts),
                                                last_error=error[:2000])


def _skip(row: Outbox, why: str) -> None:
    Outbox.objects.filter(pk=row.pk).update(status=S.SKIPPED, last_error=why)
    talk_batch.give_back(row)


def _addresses_now(row: Outbox) -> tuple[list[str] | None, str]:
    """Where the row goes now, or (None, why not): a game mail goes to its user's current
    address (SITE-EMAIL-06) unless he has since chosen no game mails."""
    if not is_game_kind(row.kind):
        return (row.addresses or None), "no e-mail address"
    user = row.user
    if user is None or not user.is_active:
        return None, "the account is not active"
    if preferences.delivery_of(user) == Delivery.NONE:
        return None, "the recipient takes no game mails"
    if row.game_id is not None and preferences.delivery_for(user, row.game_id) == Delivery.NONE:
        return None, "the recipient muted this game"
    return ([user.email] if user.email else None), "no e-mail address"


def hold_due(now: dt.datetime | None = None) -> int:
    """No mail server: mark the due rows held (they stay in the outbox); gives how many."""
    now = now or timezone.now()
    due = Outbox.objects.filter(status=S.PENDING, next_try_at__lte=now)
    held = 0
    for row in due.exclude(decisions=[]):  # a turn mail or reminder: only if still owed
        if not attention.drop_if_answered(row, now):
            held += Outbox.objects.filter(pk=row.pk, status=S.PENDING).update(status=S.HELD)
    return held + due.filter(decisions=[]).update(status=S.HELD)


def _run(take: Callable[[], Outbox | None], limit: int, now: Callable[[], dt.datetime]) -> int:
    sent = 0
    conn = None
    try:
        for _ in range(limit):
            row = take()
            if row is None:
                break
            if row.decisions and attention.drop_if_answered(row, now()):
                continue  # the player gave the decision before the mail was due (SITE-NOTIFY-01)
            addresses, why = _addresses_now(row)
            if addresses is None:
                _skip(row, why)
                continue
            try:
                msg = message_of(row, addresses)
                if conn is None:
                    conn = get_connection(fail_silently=False)
                    conn.open()
                conn.send_messages([msg])
            except Exception as e:  # noqa: BLE001 - every failure is the row's, never the worker's
                _mark_failed(row, _describe(e), _permanent(e) or isinstance(e, ValueError), now())
                conn = _close(conn)
                continue
            _mark_sent(row, addresses, now())
            sent += 1
    finally:
        _close(conn)
    return sent


def _close(conn) -> None:
    """Close a connection, if any, whatever state it is in; gives None."""
    if conn is not None:
        try:
            conn.close()
        except Exception:  # noqa: BLE001 - a broken connection is dropped either way
            pass
    return None


#: The worker looks for due digests at most this often (they fall due at a whole hour).
DIGEST_EVERY = 60.0
_digests_looked_at: float | None = None


def make_due_digests(now: dt.datetime | None = None) -> int:
    """The digests due now (:func:`.digest.run`), looked for at most once a minute unless
    ``now`` is given; gives how many were made."""
    global _digests_looked_at
    mono = time.monotonic()
    if now is None and _digests_looked_at is not None and mono - _digests_looked_at < DIGEST_EVERY:
        return 0
    _digests_looked_at = mono
    return digest.run(now)


def drain(limit: int = 100, now: dt.datetime | None = None) -> int:
    """The worker's pass (and the tests'): write the "your turn" mails of the decisions orders
    noted and the reminders of the deadlines they set, the due reminders and conversation batches,
    make the due digests, then send the due mails, at most ``limit``; gives how many were sent.
    Several senders may run at once (threads, processes): none sends a row another has
    claimed. ``now``: the time to act at (tests)."""
    attention.open_notices()
    reminders.open_pending()
    reminders.run(now)
    attention.sweep(now)
    talk_batch.run(now)
    make_due_digests(now)
    if not settings.TRESHAM_MAIL_DELIVER:
        hold_due(now)
        return 0
    clock = (lambda: now) if now is not None else timezone.now
    return _run(lambda: claim(clock()), limit, clock)


def deliver(ids: Iterable[int]) -> int:
    """Send these rows now, in this thread, if they are due (the service mails a person waits
    for: a password reset). Call it once the rows are committed; a row that fails here is left
    to the worker's retries like any other."""
    ids = list(ids)
    if not ids:
        return 0
    if not settings.TRESHAM_MAIL_DELIVER:
        Outbox.objects.filter(pk__in=ids, status=S.PENDING).update(status=S.HELD)
        return 0
    return _run(lambda: claim(timezone.now(), ids), len(ids), timezone.now)


def deliver_after_commit(ids: Iterable[int]) -> None:
    """:func:`deliver` these rows once the current transaction commits."""
    ids = list(ids)
    if ids:
        transaction.on_commit(lambda: _deliver_quietly(ids))


def _deliver_quietly(ids: list[int]) -> None:
    try:
        deliver(ids)
    except Exception:  # noqa: BLE001 - the rows stay due: the worker sends them
        log.exception("sending mails %s at once failed; the worker will retry", ids)
