"""Writing mails to the outbox.

:func:`enqueue` writes one row and never sends anything. **Call it inside the transaction of
the change the mail reports**: the change and its mail then commit together, or neither does
-- a rolled-back order mails nobody, and a committed one cannot lose its mail, because the
sender works from committed rows only. (A game mail enqueued outside any transaction is
refused with RuntimeError; a service mail -- a password reset, whose row is the only change --
may be.) Its ``key`` names what the mail reports (``turn:<game>:<revision>:<user>``): the same
key enqueued twice gives the one row, so a retried change never mails twice.

Two families of kinds:

- game mails (:data:`GAME_KINDS`): the recipient's preference applies (each at once, a daily
  digest, or none), they go to his current address, and every one carries the one-click
  unsubscribe link and headers;
- service mails (:data:`SERVICE_KINDS`): about the account itself (a password reset, a changed
  address, a moderation decision, a report for the administrators). They always go, at once,
  to the address given, and have no unsubscribe link: no preference stops them.

:func:`enqueue_for_game` renders a game mail per recipient from ``templates/mail/<kind>.txt``
(and ``<kind>_subject.txt``) with what that recipient may see (:mod:`.render`).
"""
from __future__ import annotations

import re
import uuid
from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.template.loader import render_to_string
from django.template import TemplateDoesNotExist
from django.utils import timezone

from . import preferences, render as facts
from .models import GAME_KINDS, SERVICE_KINDS, Delivery, Outbox, ReplyToken

MAX_KEY = Outbox._meta.get_field("key").max_length
MAX_SUBJECT = Outbox._meta.get_field("subject").max_length


class MailError(ValueError):
    """A mail that cannot be enqueued as given (an unknown kind, a key too long)."""


def is_game_kind(kind: str) -> bool:
    return kind in GAME_KINDS


def one_line(text: str, limit: int = MAX_SUBJECT) -> str:
    """A subject: one line, spaces collapsed, at most ``limit`` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "\u2026"


def tidy(text: str) -> str:
    """A rendered text body: no trailing spaces, at most one empty line in a row, one final
    newline."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip("\n") + "\n"


def enqueue(user, kind: str, subject: str, body: str, key: str, *, address: str | None = None,
            html: str = "", game=None, now=None, delivery: str | None = None, not_before=None,
            decisions: list | None = None, talk: dict | None = None, reply_for: list | None = None) -> Outbox:
    """Write one mail to the outbox, inside the caller's transaction; gives its row (the row
    already there if ``key`` was enqueued before -- nothing is written then).

    ``user``: the recipient (None for a service mail to an address alone). ``address``: a
    service mail's address (default: the user's); a game mail always goes to the user's own
    address (SITE-EMAIL-06). The row's status follows from the recipient: a game mail for a
    user who takes no mails of the game (none at all, or the game muted), or any mail without
    an address, is kept as ``skipped``; a game mail of a game he takes in his digest waits for
    it; everything else is ``pending`` (``delivery``: the :class:`Delivery` to use instead of
    the recipient's for the game, ``preferences.delivery_for``). ``not_before``: not sent
    before then. ``decisions``: those a "your turn" mail or a reminder is about (sent only
    while one is owed); ``talk``: the conversations' messages it carries (``talk_batch``);
    ``reply_for``: the decisions a reply to it may give when they are not its ``decisions``
    (the answer to a reply, :mod:`.replies`)."""
    if kind not in GAME_KINDS and kind not in SERVICE_KINDS:
        raise MailError(f"no mail kind {kind!r}")
    if not key or len(key) > MAX_KEY:
        raise MailError(f"a mail's key has 1 to {MAX_KEY} characters")
    game_mail = is_game_kind(kind)
    if game_mail and not connection.in_atomic_block:
        raise RuntimeError("a game mail is enqueued inside the transaction of the change it reports")
    now = now or timezone.now()
    if game_mail:
        address = (user.email if user is not None else "") or ""
    else:
        address = address if address is not None else (user.email if user is not None else "")
    status, why = Outbox.Status.PENDING, ""
    if not address:
        status, why = Outbox.Status.SKIPPED, "no e-mail address"
    elif game_mail:
        if user is None or not user.is_active:
            status, why = Outbox.Status.SKIPPED, "the account is not active"
        else:
            choice = delivery if delivery is not None else preferences.delivery_for(user, game)
            if choice == Delivery.NONE:
                status, why = Outbox.Status.SKIPPED, "the recipient takes no mails of this game" if (
                    game is not None and preferences.delivery_of(user) != Delivery.NONE) else \
                    "the recipient takes no game mails"
            elif choice == Delivery.DIGEST and kind != "digest":
                status = Outbox.Status.DIGEST
    row = Outbox(key=key, user=user, address=address, kind=kind, game=game, subject=one_line(subject),
                 body=body, html=html, status=status, created_at=now, next_try_at=max(now, not_before or now),
                 last_error=why, decisions=list(decisions or []), talk=dict(talk or {}),
                 reply_for=list(reply_for or []))
    try:
        with transaction.atomic():  # a savepoint: the key enqueued before, or at once elsewhere
            row.save(force_insert=True)
    except IntegrityError:
        return Outbox.objects.get(key=key)  # the mail is already there: nothing is written
    return row


def render(kind: str, context: dict[str, Any]) -> tuple[str, str, str]:
    """(subject, text, html) of a mail from ``mail/<kind>_subject.txt``, ``mail/<kind>.txt``
    and, when there is one, ``mail/<kind>.html``."""
    subject = one_line(render_to_string(f"mail/{kind}_subject.txt", context))
    text = tidy(render_to_string(f"mail/{kind}.txt", context))
    try:
        html = render_to_string(f"mail/{kind}.html", context)
    except TemplateDoesNotExist:
        html = ""
    return subject, text, html


def enqueue_for_game(game, kind: str, recipients: Iterable, key: str, *, context: dict[str, Any] | None = None,
                     state=None, deadline=None, times: dict | None = None) -> list[Outbox]:
    """Render and enqueue a game mail of ``kind`` for each recipient, inside the caller's
    transaction; gives the rows.

    ``recipients``: users (a user with a seat in the game sees his own seat's decisions).
    ``key``: the key with ``{user}`` where the recipient's id goes. ``context``: what the
    template gets besides the game's public facts, the recipient's name, seat, time zone and
    own decisions (:func:`.render.context_for`). ``deadline`` and the ``times`` by name: aware
    datetimes, shown in the recipient's own time zone (``deadline_text``, ``<name>_text``)."""
    if "{user}" not in key:
        raise MailError("a game mail's key names its recipient: put {user} in it")
    public = facts.PublicFacts.of(game, state)
    rows = []
    for user in dict.fromkeys(recipients):
        if user is None:
            continue
        ctx = facts.context_for(public, user, times={"deadline": deadline, **(times or {})})
        ctx.update(context or {})
        subject, text, html = render(kind, ctx)
        rows.append(enqueue(user, kind, subject, text, key.format(user=user.pk), html=html, game=game))
    return rows


def enqueue_service(to: str | Iterable[str], subject: str, body: str, *, key: str | None = None, user=None,
                    html: str = "") -> Outbox:
    """Enqueue a service mail (:data:`SERVICE_KINDS`: about the account itself) to the address
    ``to``, or to several addresses in one mail (an account's old and new address); ``user``:
    its account, when known (found by the first address otherwise). ``key``: what it reports,
    when the caller can say (a reset link's token); else the mail is one of its kind."""
    addresses = [to] if isinstance(to, str) else list(to)
    addresses = sorted({a.strip() for a in addresses if a and a.strip()})
    if user is None and addresses:
        user = get_user_model().objects.filter(email__iexact=addresses[0]).first()
    return enqueue(user, "account", subject, body, key or f"account:{uuid.uuid4().hex}",
                   address="\n".join(addresses), html=html)


def prune(before) -> int:
    """Delete the mails done with before ``before`` (sent, sent in a digest, not sent by the
    recipient's choice), and the reply addresses used before then; held and failed mails stay
    for the administrators. Gives how many mails."""
    S = Outbox.Status
    done = Outbox.objects.filter(created_at__lt=before, status__in=[S.SENT, S.DIGESTED, S.SKIPPED])
    # a digest goes last, with its parts (they point to it)
    n, _ = done.exclude(kind="digest").delete()
    m, _ = done.filter(kind="digest").delete()
    ReplyToken.objects.filter(used_at__lt=before).delete()  # a used reply address answers "used" until then
    return n + m
