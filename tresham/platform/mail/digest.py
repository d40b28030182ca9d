"""The daily digest: a user who chose it gets his game mails of the day in one mail.

His game mails wait (status ``digest``); :func:`run`, called by the worker (``sender.drain``),
makes each digest once the recipient's own clock has reached ``TRESHAM_MAIL_DIGEST_HOUR``
(7:00 by default): one mail holding every mail that waited since before that hour, the day's
digest being keyed ``digest:<user>:<date>`` (his date), and marks them ``digested`` in the
same transaction. Running it again -- or two workers at once -- makes nothing more. A mail
that comes after the hour waits for the next day's digest. A "your turn" mail whose decision
was given meanwhile is left out (SITE-NOTIFY-01), the messages it carried going to the next
mail. The digest is for every game whose mails its recipient takes in it: those of his
site-wide choice, and those of the games he chose to read there (SITE-NOTIFY-03).
"""
from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from ..play.models import display_name
from . import attention, outbox
from .models import Outbox
from .render import site_link, when, zone_of

S = Outbox.Status


def cutoff(now: dt.datetime, tz, hour: int) -> dt.datetime:
    """The last digest hour in zone ``tz`` at or before ``now``."""
    local = now.astimezone(tz)
    at = dt.datetime.combine(local.date(), dt.time(hour), tzinfo=tz)
    if at > now:
        at = dt.datetime.combine(local.date() - dt.timedelta(days=1), dt.time(hour), tzinfo=tz)
    return at


def run(now: dt.datetime | None = None) -> int:
    """Make every digest due at ``now``; gives how many were made."""
    now = now or timezone.now()
    waiting = Outbox.objects.filter(status=S.DIGEST, created_at__lte=now, user__isnull=False)
    made = 0
    for user in get_user_model().objects.filter(pk__in=waiting.values("user_id")).select_related("profile"):
        if _make(user, cutoff(now, zone_of(user), settings.TRESHAM_MAIL_DIGEST_HOUR), now):
            made += 1
    return made


def _make(user, cut: dt.datetime, now: dt.datetime) -> bool:
    """One digest of ``user``'s mails waiting from before ``cut``, unless there is one for
    that day already or nothing waits."""
    tz = zone_of(user)
    day = cut.astimezone(tz).date()
    key = f"digest:{user.pk}:{day.isoformat()}"
    with transaction.atomic():
        if Outbox.objects.filter(key=key).exists():
            return False
        parts = list(Outbox.objects.select_for_update()
                     .filter(user=user, status=S.DIGEST, created_at__lt=cut).order_by("created_at", "pk"))
        parts = [p for p in parts if not (p.decisions and attention.drop_unless_owed(p, now))]
        if not parts:
            return False
        subject, body, html = outbox.render("digest", {
            "recipient": display_name(user), "count": len(parts), "day": day,
            "parts": [{"n": i, "subject": p.subject, "body": p.body.rstrip("\n"), "at": when(p.created_at, tz)}
                      for i, p in enumerate(parts, start=1)],
            "site_url": site_link(""),
        })
        row = outbox.enqueue(user, "digest", subject, body, key, html=html, now=now)
        if row.kind != "digest" or row.key != key:
            return False
        Outbox.objects.filter(pk__in=[p.pk for p in parts], status=S.DIGEST).update(status=S.DIGESTED, digest=row)
    return True
