"""A game's due rows, computed from the rules' pending decisions and timers.

Called in the transaction of every accepted order (``play.services``), of every seat change
(joins, quits, removals) and of every pause change: the rows are computed as a whole and
only those that differ are written (most orders change one row or none), and a decision
still owed keeps the time it started, so its deadline does not move because someone else
acted (SITE-TIME-01).

- a bot's seat owing a decision, or whose answer someone awaits (``Decision.answer_due``):
  due now;
- a player's timed decision: due at his deadline (the game's time limit from when the
  decision began, x1.5 for the first player of a phase, moved by his availability and by
  pauses; ``deadlines.personal_deadline``); a seat nobody holds: the same deadline, and the
  default applies (or a bot, if the creator chose so);
- a game timer (the trade embargo's end, the market's cutoff): due when ``deadlines``
  says, its order given by the platform;
- no time limit: no deadline at all (SITE-TIME-05) -- bots still play.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import zoneinfo
from typing import Any

from django.conf import settings
from django.db.models import Exists, OuterRef, prefetch_related_objects
from django.utils import timezone

from ...games.contract import GameRules
from ..play.models import display_name
from . import deadlines, signals
from .models import Due
from .pauses import effective, in_force_until


def decision_key(stage: str, seat: int, kind: str, prompt: str) -> str:
    """A decision's identity while it stays owed: the same stage, seat, kind and question."""
    h = hashlib.sha1(prompt.encode()).hexdigest()[:8]
    return f"{stage}|{seat}|{kind}|{h}"[:200]


def availability_of(user) -> deadlines.Availability | None:
    """The user's daily windows in his own zone (None: available at any time)."""
    if user is None:
        return None
    windows = tuple(deadlines.Window(w.start, w.end) for w in user.availability.all())
    if not windows:
        return None
    profile = getattr(user, "profile", None)
    return deadlines.Availability(zoneinfo.ZoneInfo(profile.time_zone if profile else "UTC"), windows)


def pauses_of(game, now: dt.datetime) -> list[deadlines.Pause]:
    """Pauses in force or to come of anyone seated in the game: a pause pauses all its
    requester's games (SITE-PAUSE-02), so it moves every deadline of those games; a removed
    pause only for its last hours (``pauses.in_force_until``), and not at all if it was
    removed before it began."""
    users = [s.user_id for s in game.seats_now() if s.user_id]
    return [deadlines.Pause(p.start, in_force_until(p), p.reason, display_name(p.user))
            for p in effective(users, now)]


def has_due_rows():
    """Whether the game (the order path's locked row, ``play.hooks.read_with_lock``) has due rows."""
    return Exists(Due.objects.filter(game=OuterRef("pk")))


def reschedule(game, rules: GameRules, state: Any, now: dt.datetime | None = None) -> list[Due]:
    """Bring the game's due rows up to date (inside the caller's transaction); gives them.
    The rows stored are read unless the order path read with the game's lock that there are
    none (``game.has_due_rows`` False: a game with no time limit and no bot, most orders)."""
    now = now or timezone.now()
    none_stored = getattr(game, "has_due_rows", None) is False
    old = {} if none_stored else {r.key: r for r in Due.objects.filter(game=game)}
    if rules.finished(state) or game.status != "active":
        _write(old, [])
        if hasattr(game, "has_due_rows"):
            game.has_due_rows = False
        return []
    seats = {s.index: s for s in game.seats_now()}
    limit = dt.timedelta(seconds=game.time_limit) if game.time_limit else None
    if limit:  # the players' daily windows count only against a time limit
        prefetch_related_objects([s.user for s in seats.values() if s.user_id], "availability")
    pauses = pauses_of(game, now) if limit else []
    stage = rules.stage(state)
    rows: list[Due] = []
    taken: set[str] = set()

    def add(key: str, **fields) -> None:
        if key in taken:
            return
        taken.add(key)
        started = old[key].started_at if key in old else now
        rows.append(Due(game=game, key=key, started_at=started, revision=game.revision, **fields))

    for d in rules.pending(state):
        if not (d.required or d.answer_due):
            continue
        seat = seats.get(d.player)
        if seat is None:
            continue
        key = decision_key(stage, d.player, d.kind, d.prompt)
        vacant = seat.user_id is None and not seat.is_bot
        if seat.is_bot or (vacant and game.bots_take_vacant_seats):
            add(key, seat=d.player, action=Due.Action.BOT, decision=d.kind, due_at=now)
            continue
        if limit is None or not d.timed or not d.required:
            continue
        started = old[key].started_at if key in old else now
        dl = deadlines.personal_deadline(started, limit, d.deadline_factor,
                                         None if vacant else availability_of(seat.user), pauses,
                                         cap=dt.timedelta(days=settings.TRESHAM_AVAILABILITY_CAP_DAYS))
        add(key, seat=d.player, action=Due.Action.TIMEOUT, decision=d.kind, due_at=dl.at, notes=dl.reasons)
    if limit is not None:
        for t in rules.timers(state):
            started = old[t.key].started_at if t.key in old else now
            if t.seats:  # examined once for each player it names (SITE-AVAIL-03)
                avails = [availability_of(seats[s].user) if s in seats else None for s in t.seats]
                dl = deadlines.market_cutoff(started, limit, max(1, round(t.limits)), avails, pauses,
                                             cap=dt.timedelta(days=settings.TRESHAM_AVAILABILITY_CAP_DAYS))
                at, notes = dl.at, dl.reasons
            else:  # e.g. the embargo's end: only pauses move it (SITE-PAUSE-04)
                at, notes = deadlines.extend_for_pauses(started + limit * t.limits, pauses), []
            add(t.key, seat=None, action=Due.Action.TIMER, decision=(t.label or t.key)[:40], order=t.order,
                due_at=at, notes=notes)
    vacant_days = settings.TRESHAM_VACANT_SEAT_DAYS
    for s in seats.values():
        if s.vacant_since is not None and s.user_id is None and not s.is_bot and vacant_days:
            add(f"depart|{s.index}", seat=s.index, action=Due.Action.DEPART, decision="depart",
                due_at=s.vacant_since + dt.timedelta(days=vacant_days))
    stored = _write(old, rows)
    if hasattr(game, "has_due_rows"):  # read with the lock: kept true for the rest of the transaction
        game.has_due_rows = bool(stored)
    return stored


#: what makes two rows of the same key the same row
_SAME = ("seat", "action", "decision", "order", "started_at", "due_at", "notes")


def _write(old: dict[str, Due], rows: list[Due]) -> list[Due]:
    """Make the stored rows ``rows``: a row equal to the stored one of its key stays as it is;
    the others are deleted or inserted. Gives the rows now stored."""
    kept: dict[str, Due] = {}
    fresh: list[Due] = []
    for r in rows:
        o = old.get(r.key)
        if o is not None and all(getattr(o, f) == getattr(r, f) for f in _SAME):
            kept[r.key] = o
        else:
            fresh.append(r)
    stale = [o.pk for k, o in old.items() if k not in kept]
    if stale:
        Due.objects.filter(pk__in=stale).delete()
    if fresh:
        Due.objects.bulk_create(fresh)
        timeouts = [r for r in fresh if r.action == Due.Action.TIMEOUT]
        if timeouts:  # new deadlines: the mail app's reminders hang on them (SITE-NOTIFY-02)
            signals.send(signals.deadlines_set, game=timeouts[0].game, rows=timeouts)
    return [kept.get(r.key, r) for r in rows]
