"""An account's calendar of deadlines (SITE-FEED-01): a secret iCalendar address (RFC 5545).

The address is ``/calendar/<token>.ics``; the token is random (256 bits), shown to its owner
once and stored only as its SHA-256 (:class:`~.models.CalendarKey`). Renewing makes a new
token and forgets the old one's digest: the old address answers 404 from then on.

The feed lists, at the moment it is read, each open deadline of the account's seats in games
being played -- a decision the game waits on from him, at his own deadline (the clock's due
row), or, for a decision the game's timers end for everyone (the trade market), at the end of
the timers -- and his pauses not yet over. An event's UID is made from the game and the
decision's clock key, which stays the same while the decision is owed: when a pause, an
availability change or a replacement moves the deadline, the same event moves. A pause's UID
is its row's.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import re
import secrets
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from icalendar import Calendar, Event

from ..accounts.mails import site_link
from ..clock.models import Due, Pause
from ..clock.pauses import in_force_until, takes_effect
from ..clock.schedule import decision_key
from ..play import services
from ..play.models import Game, Seat
from .models import CalendarKey

#: what a token looks like (``secrets.token_urlsafe(32)``); anything else is 404 unread
TOKEN = re.compile(r"^[A-Za-z0-9_-]{20,100}$")
#: pauses that ended longer ago than this are left out
PAST_PAUSES = dt.timedelta(days=7)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def renew(user, now: dt.datetime | None = None) -> str:
    """Give ``user`` a new calendar address (his first, or in place of the old one, which
    stops working); gives its token, which is stored nowhere."""
    token = secrets.token_urlsafe(32)
    with transaction.atomic():
        CalendarKey.objects.update_or_create(user=user, defaults={"digest": digest(token),
                                                                  "created_at": now or timezone.now()})
    return token


def stop(user) -> bool:
    """Take ``user``'s calendar address away; whether he had one."""
    n, _ = CalendarKey.objects.filter(user=user).delete()
    return bool(n)


def address(token: str) -> str:
    return site_link(f"/calendar/{token}.ics")


def user_of(token: str):
    """The active account whose address ``token`` is, or None."""
    if not TOKEN.match(token or ""):
        return None
    key = CalendarKey.objects.filter(digest=digest(token)).select_related("user").first()
    if key is None or not key.user.is_active:
        return None
    return key.user


def _domain() -> str:
    return urlsplit(settings.SITE_URL).hostname or "tresham"


def uid_of(game_id: int, key: str) -> str:
    """A deadline's identity: its game and its decision's clock key."""
    return f"deadline-{game_id}-{hashlib.sha256(key.encode()).hexdigest()[:24]}@{_domain()}"


def _deadline_events(user, now: dt.datetime) -> list[Event]:
    events = []
    seats = (Seat.objects.filter(user=user, status=Seat.Status.PLAYING, game__status=Game.Status.ACTIVE)
             .select_related("game").order_by("game_id"))
    for seat in seats:
        game = seat.game
        if not game.state:
            continue
        rules = services.rules_of(game)
        state = rules.loads(game.state)
        if rules.finished(state):
            continue
        stage = rules.stage(state)
        rows = list(Due.objects.filter(game=game, action__in=[Due.Action.TIMEOUT, Due.Action.TIMER]))
        by_key = {r.key: r for r in rows if r.action == Due.Action.TIMEOUT and r.seat == seat.index}
        timers_end = max((r.due_at for r in rows if r.action == Due.Action.TIMER), default=None)
        for d in rules.pending(state):
            if not d.required or d.player != seat.index:
                continue
            key = decision_key(stage, d.player, d.kind, d.prompt)
            row = by_key.get(key)
            at = row.due_at if row is not None else (timers_end if not d.timed else None)
            if at is None:
                continue  # no time limit: no deadline
            link = site_link(f"/games/{game.pk}/")
            ev = Event()
            ev.add("uid", uid_of(game.pk, key))
            ev.add("dtstamp", now)
            ev.add("dtstart", at.astimezone(dt.timezone.utc))
            ev.add("summary", f"Your turn in {game.name}: {d.prompt or d.kind}")
            desc = [f"{game.name}, {stage}: {d.prompt or d.kind}", f"Your deadline; then: {d.default}"
                    if d.default else "Your deadline.", link]
            if row is not None and row.notes:
                desc.insert(2, "; ".join(str(n) for n in row.notes))
            ev.add("description", "\n".join(desc))
            ev.add("url", link)
            ev.add("categories", ["Tresham", "Deadline"])
            ev.add("transp", "TRANSPARENT")
            events.append(ev)
    return events


def _pause_events(user, now: dt.datetime) -> list[Event]:
    events = []
    for p in Pause.objects.filter(user=user, end__gt=now - PAST_PAUSES).order_by("start", "pk"):
        if not takes_effect(p):
            continue
        end = in_force_until(p)
        if end <= now - PAST_PAUSES:
            continue
        ev = Event()
        ev.add("uid", f"pause-{p.pk}@{_domain()}")
        ev.add("dtstamp", now)
        ev.add("dtstart", p.start.astimezone(dt.timezone.utc))
        ev.add("dtend", end.astimezone(dt.timezone.utc))
        ev.add("summary", "Away from Tresham (your pause)")
        ev.add("description", f"{p.reason}\nYour deadlines inside it move to its end.\n{site_link('/pauses/')}")
        ev.add("categories", ["Tresham", "Pause"])
        ev.add("transp", "OPAQUE")
        events.append(ev)
    return events


def feed(user, now: dt.datetime | None = None) -> bytes:
    """The iCalendar text of ``user``'s open deadlines and pauses, as of ``now``."""
    now = now or timezone.now()
    cal = Calendar()
    cal.add("prodid", "-//Tresham//Deadlines//EN")
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", "Tresham: your deadlines")
    cal.add("refresh-interval", dt.timedelta(hours=1), parameters={"VALUE": "DURATION"})
    cal.add("x-published-ttl", "PT1H")
    for ev in _deadline_events(user, now) + _pause_events(user, now):
        cal.add_component(ev)
    return cal.to_ical()
