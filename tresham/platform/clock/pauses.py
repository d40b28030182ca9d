"""Pauses (SITE-PAUSE-01..07): a player's absence moves the deadlines of all his games.

One request pauses every game the requester plays (SITE-PAUSE-02): the pause belongs to him,
not to a game, so it also covers any game he joins while it lasts (the schedule counts the
pauses of a game's current players, ``schedule.pauses_of``). Creating or removing a pause
rewrites the due rows of each of his games being played in the same transaction, so no
deadline can pass on the old times once the change is committed.

Rulings (the manual is silent on them; see the report of the issue):

- dates are read on the requester's own calendar (his profile's time zone): a pause from
  Start Date to End Date runs from the start of the first day to the end of the last, and a
  start earlier than now (today's date) starts now -- a pause never reaches into the past;
- at most :data:`MAX_DAYS` days: a longer absence stops every table he sits at for too long;
  the code of conduct asks him to quit then (rule 6), so someone can take over his nation;
- it starts at most :data:`MAX_AHEAD_DAYS` days ahead: plans further off are guesses;
- his pauses standing (not removed, not over) never overlap and number at most
  :data:`MAX_STANDING`; pauses that follow one another without a gap (a removed pause's last
  24 hours included) count as one for :data:`MAX_DAYS`, so chaining requests cannot stretch
  a pause past it;
- "Remove" (SITE-PAUSE-05/06, SZ-12: the requester or an administrator) keeps the pause in
  force for :setting:`TRESHAM_PAUSE_TAIL_HOURS` more hours: its end becomes
  ``min(end, now + 24 h)``; a pause that would only begin after that never takes effect.

Every refusal is a :class:`PauseError` (or a subclass) with a clear message; nothing is
changed then.
"""
from __future__ import annotations

import datetime as dt
import unicodedata
import zoneinfo
from collections.abc import Iterable

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from ..errors import Refusal
from ..lobby.seats import lock_people
from ..play import services as play
from ..play.models import EventRecord, Game, Seat, display_name
from . import signals
from .models import Pause

#: the longest pause, in days on the requester's calendar (chained pauses together)
MAX_DAYS = 30
#: how far ahead a pause may start, in days
MAX_AHEAD_DAYS = 90
#: how many pauses of one player may stand (in force or to come) at once
MAX_STANDING = 3
#: the longest reason, in characters (the model's limit)
MAX_REASON = 500
#: attempts at locking a requester's games while his seats change under us
_ATTEMPTS = 5


class PauseError(Refusal):
    """A pause request or removal refused; nothing was changed."""

    status, code = 400, "bad_pause"


class NotYourPause(PauseError):
    status, code = 403, "not_your_pause"


class NoSuchPause(PauseError):
    status, code = 404, "no_such_pause"


class PauseOver(PauseError):
    status, code = 409, "pause_over"


class _SeatsChanged(Exception):
    """The requester took a seat while we locked his games: lock them again."""


# ---- reading -----------------------------------------------------------------------------------
def tail() -> dt.timedelta:
    """How long a removed pause stays in force (SITE-PAUSE-06)."""
    return dt.timedelta(hours=settings.TRESHAM_PAUSE_TAIL_HOURS)


def in_force_until(p: Pause) -> dt.datetime:
    """The end of the pause as it now stands: its end, or for a removed pause the end of its
    last :func:`tail` hours, whichever is sooner. A pause whose result is not after its
    start never takes effect."""
    if p.removed_at is None:
        return p.end
    return min(p.end, p.removed_at + tail())


def takes_effect(p: Pause) -> bool:
    """Whether the pause moves any deadline at all (False: removed before it began)."""
    return in_force_until(p) > p.start


def state_of(p: Pause, now: dt.datetime | None = None) -> str:
    """"to come", "in force", "over" or "cancelled" (removed before it began)."""
    now = now or timezone.now()
    if not takes_effect(p):
        return "cancelled"
    until = in_force_until(p)
    if until <= now:
        return "over"
    return "in force" if p.start <= now else "to come"


def standing(user_ids: Iterable[int], now: dt.datetime) -> QuerySet:
    """Pauses of these users that are not over (removed ones in their last hours included)."""
    return Pause.objects.filter(user_id__in=list(user_ids), end__gt=now).select_related("user__profile")


def effective(user_ids: Iterable[int], now: dt.datetime) -> list[Pause]:
    """Pauses of these users still to move a deadline: in force or to come, by start."""
    return [p for p in standing(user_ids, now).order_by("start", "pk")
            if takes_effect(p) and in_force_until(p) > now]


def of_game(game: Game, now: dt.datetime | None = None) -> list[Pause]:
    """The pauses that move the deadlines of ``game``: those of its current players."""
    now = now or timezone.now()
    users = [uid for uid in game.seats.filter(user__isnull=False).values_list("user_id", flat=True)]
    return effective(users, now)


def concerning(user, now: dt.datetime | None = None) -> list[Pause]:
    """What the pause page lists for ``user``: his own pauses not over, and those of the
    players of his unfinished games (the pauses that move his games' deadlines)."""
    now = now or timezone.now()
    games = Seat.objects.filter(user=user, status=Seat.Status.PLAYING,
                                game__status__in=[Game.Status.OPEN, Game.Status.ACTIVE]).values("game_id")
    others = Seat.objects.filter(game_id__in=games, user__isnull=False).values_list("user_id", flat=True)
    return effective({user.pk, *others}, now)


def days_of(p: Pause) -> int:
    """The pause's length in days on its requester's calendar, rounded up (what the page shows)."""
    zone = zone_of(p.user)
    span = _wall(in_force_until(p), zone) - _wall(p.start, zone)
    return max(0, span.days + (1 if span % dt.timedelta(days=1) else 0))


def zone_of(user) -> zoneinfo.ZoneInfo:
    """The user's own time zone (UTC if he has none or it is unknown)."""
    profile = getattr(user, "profile", None)
    try:
        return zoneinfo.ZoneInfo(profile.time_zone if profile is not None and profile.time_zone else "UTC")
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


def may_remove(p: Pause, user) -> bool:
    """SZ-12: the requester and the administrators."""
    return user is not None and user.is_authenticated and (p.user_id == user.pk or user.is_staff)


# ---- dates to moments --------------------------------------------------------------------------
def range_of_dates(user, start: dt.date, end: dt.date) -> tuple[dt.datetime, dt.datetime]:
    """The moments (UTC) a pause from ``start`` to ``end`` (dates on ``user``'s calendar, both
    included) covers: the start of the first day to the end of the last. Raises PauseError
    for an end before the start."""
    if not isinstance(start, dt.date) or not isinstance(end, dt.date):
        raise PauseError("the start and end dates are calendar dates")
    if end < start:
        raise PauseError(f"the end date ({end:%d %b %Y}) is before the start date ({start:%d %b %Y})")
    zone = zone_of(user)
    try:
        last = end + dt.timedelta(days=1)
    except OverflowError:
        raise PauseError("the end date is too far ahead") from None
    return _midnight(start, zone), _midnight(last, zone)


def days_between(start: dt.date, end: dt.date) -> int:
    """The number of days a pause from ``start`` to ``end`` requests (both included)."""
    return (end - start).days + 1


def _midnight(day: dt.date, zone: zoneinfo.ZoneInfo) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(0), tzinfo=zone).astimezone(dt.timezone.utc)


def _wall(at: dt.datetime, zone: zoneinfo.ZoneInfo) -> dt.datetime:
    """``at`` as a naive reading of the wall clock of ``zone`` (calendar arithmetic)."""
    return at.astimezone(zone).replace(tzinfo=None)


# ---- checks ------------------------------------------------------------------------------------
def clean_reason(reason) -> str:
    """The reason other players read (SITE-PAUSE-01): required, at most :data:`MAX_REASON`
    characters, no control characters but line breaks and tabs."""
    if not isinstance(reason, str):
        raise PauseError("the reason must be text")
    text = reason.replace("\r\n", "\n").replace("\r", "\n").strip()
    if not text:
        raise PauseError("give a reason: the other players see it (travel, illness, holidays...)")
    if len(text) > MAX_REASON:
        raise PauseError(f"the reason has at most {MAX_REASON} characters ({len(text)} given)")
    if any(unicodedata.category(ch) in ("Cc", "Cs") and ch not in "\n\t" for ch in text):
        raise PauseError("the reason cannot hold control characters")
    return text


def _aware(at, what: str) -> dt.datetime:
    if not isinstance(at, dt.datetime) or at.tzinfo is None or at.utcoffset() is None:
        raise PauseError(f"the pause's {what} must be a moment with its time zone")
    return at.astimezone(dt.timezone.utc)


def _check_range(user, start: dt.datetime, end: dt.datetime, now: dt.datetime) -> dt.datetime:
    """Refuse a range the site does not allow; gives the start (a start before now: now)."""
    if end <= start:
        raise PauseError("a pause ends after it starts")
    if end <= now:
        raise PauseError("that pause would be over already: choose dates from today on")
    start = max(start, now)
    zone = zone_of(user)
    if _wall(start, zone).date() > _wall(now, zone).date() + dt.timedelta(days=MAX_AHEAD_DAYS):
        raise PauseError(f"a pause starts at most {MAX_AHEAD_DAYS} days ahead: ask for it nearer the time")
    if _wall(end, zone) - _wall(start, zone) > dt.timedelta(days=MAX_DAYS):
        raise PauseError(f"a pause lasts at most {MAX_DAYS} days; if you will be away longer, quit the games "
                         "you cannot play so that someone can take over (code of conduct, rule 6)")
    return start


def _check_against_others(user, start: dt.datetime, end: dt.datetime, now: dt.datetime) -> None:
    """His other pauses: no overlap with one standing, at most :data:`MAX_STANDING`, and no
    unbroken chain longer than :data:`MAX_DAYS` days. Call with his row locked."""
    mine = [p for p in effective([user.pk], now)]
    kept = [p for p in mine if p.removed_at is None]
    zone = zone_of(user)
    for p in kept:
        if p.start < end and start < p.end:
            raise PauseError(f"you already have a pause from {_text(p.start, zone)} to {_text(p.end, zone)}: "
                             "a new one may not overlap it (remove it first, or choose other dates)")
    if len(kept) >= MAX_STANDING:
        raise PauseError(f"you have {len(kept)} pauses to come or in force; at most {MAX_STANDING} may stand at once")
    lo, hi = start, end
    spans = sorted(((p.start, in_force_until(p)) for p in mine), key=lambda s: s[0])
    changed = True
    while changed:  # grow [lo, hi] by every pause that touches it
        changed = False
        for s, e in spans:
            if s <= hi and lo <= e and (s < lo or e > hi):
                lo, hi, changed = min(lo, s), max(hi, e), True
    if _wall(hi, zone) - _wall(lo, zone) > dt.timedelta(days=MAX_DAYS):
        raise PauseError(f"with your other pauses this one would pause your games from {_text(lo, zone)} to "
                         f"{_text(hi, zone)} without a break: at most {MAX_DAYS} days in a row")


def _text(at: dt.datetime, zone: zoneinfo.ZoneInfo) -> str:
    local = at.astimezone(zone)
    return f"{local:%a} {local.day} {local:%b %Y %H:%M} {local.tzname()}"


# ---- changing ----------------------------------------------------------------------------------
def _active_game_ids(user_id: int) -> list[int]:
    return sorted(set(Seat.objects.filter(user_id=user_id, status=Seat.Status.PLAYING,
                                          game__status=Game.Status.ACTIVE).values_list("game_id", flat=True)))


def _with_games_locked(user_id: int, change):
    """Run ``change(games)`` in one transaction holding the locks of ``user_id``'s games being
    played (in id order, as every seat change takes them: game first, then people) and of his
    own row; if he took a seat meanwhile, start again with that game too."""
    for _ in range(_ATTEMPTS):
        try:
            with transaction.atomic():
                ids = _active_game_ids(user_id)
                games = [play.lock(gid) for gid in ids]
                lock_people([user_id])
                if set(_active_game_ids(user_id)) - set(ids):
                    raise _SeatsChanged
                return change(games)
        except _SeatsChanged:
            continue
    raise PauseError("your games changed while the pause was being recorded: please try again")


def _reschedule_all(games: list[Game], now: dt.datetime) -> None:
    for g in games:
        play.reschedule(g, now)


def _event(game: Game, text: str, kind: str, **data) -> None:
    n = EventRecord.objects.filter(game=game, seq=game.revision).count()
    EventRecord.objects.create(game=game, seq=game.revision, n=n, text=text, kind=kind, data=data)


def request_pause(user, start: dt.datetime, end: dt.datetime, reason: str, *,
                  now: dt.datetime | None = None) -> Pause:
    """"Submit Game Pause Request" (SITE-PAUSE-01/02): a pause of all ``user``'s games from
    ``start`` to ``end`` (aware moments). Checked (module docstring), recorded, every game he
    plays rescheduled (SITE-PAUSE-03/04), a line in each game's history and a mail to its
    players, in one transaction."""
    now = now or timezone.now()
    start, end = _aware(start, "start"), _aware(end, "end")
    reason = clean_reason(reason)
    start = _check_range(user, start, end, now)

    def change(games: list[Game]) -> Pause:
        _check_against_others(user, start, end, now)
        pause = Pause.objects.create(user=user, start=start, end=end, reason=reason)
        _reschedule_all(games, now)
        name = display_name(user)
        zone = dt.timezone.utc
        for g in games:
            _event(g, f"{name} will be away from {_text(start, zone)} to {_text(end, zone)} ({reason}): "
                      "deadlines that would fall in that time move to its end.", "pause_requested", pause=pause.pk)
            _mail_pause_started(g, pause)
        return pause

    return _with_games_locked(user.pk, change)


def request_pause_for_dates(user, start: dt.date, end: dt.date, reason: str, *,
                            now: dt.datetime | None = None) -> Pause:
    """The page's and the API's request: dates on ``user``'s own calendar, both included."""
    now = now or timezone.now()
    if isinstance(start, dt.date) and isinstance(end, dt.date):
        today = now.astimezone(zone_of(user)).date()
        if start < today:
            raise PauseError(f"the start date ({start:%d %b %Y}) is in the past: the earliest is today")
        try:
            limit = today + dt.timedelta(days=MAX_AHEAD_DAYS)
        except OverflowError:  # pragma: no cover - today is not near the year 9999
            limit = dt.date.max
        if start > limit:
            raise PauseError(f"a pause starts at most {MAX_AHEAD_DAYS} days ahead: ask for it nearer the time")
        if end >= start and days_between(start, end) > MAX_DAYS:
            raise PauseError(f"you asked for {days_between(start, end)} days: a pause lasts at most {MAX_DAYS} "
                             "days; if you will be away longer, quit the games you cannot play so that someone "
                             "can take over (code of conduct, rule 6)")
    lo, hi = range_of_dates(user, start, end)
    return request_pause(user, lo, hi, reason, now=now)


def remove_pause(pause_id: int, by, *, now: dt.datetime | None = None) -> Pause:
    """"Remove" (SITE-PAUSE-05/06): the pause stays in force :func:`tail` more hours, then
    ends; only its requester or an administrator may (SZ-12). His games are rescheduled, each
    game's history says so and its players are mailed, in one transaction."""
    now = now or timezone.now()
    if isinstance(pause_id, bool) or not isinstance(pause_id, int):
        raise NoSuchPause("there is no such pause")
    owner = Pause.objects.filter(pk=pause_id).values_list("user_id", flat=True).first()
    if owner is None:
        raise NoSuchPause(f"there is no pause {pause_id}")

    def change(games: list[Game]) -> Pause:
        pause = Pause.objects.select_for_update(of=("self",)).select_related("user__profile").get(pk=pause_id)
        if not may_remove(pause, by):
            raise NotYourPause("only the player who asked for a pause, or an administrator, may remove it")
        if pause.removed_at is not None:
            raise PauseOver("this pause was removed already")
        if in_force_until(pause) <= now:
            raise PauseOver("this pause is over already")
        pause.removed_at, pause.removed_by = now, by
        cut = min(pause.end, now + tail())
        if cut > pause.start:
            pause.end = cut  # else it never begins; its dates stay on record
        pause.save(update_fields=["removed_at", "removed_by", "end"])
        _reschedule_all(games, now)
        name = display_name(by)
        until = in_force_until(pause)
        for g in games:
            if takes_effect(pause):
                text = (f"{name} removes the pause of {display_name(pause.user)}; it stays in force until "
                        f"{_text(until, dt.timezone.utc)}.")
            else:
                text = f"{name} cancels the pause {display_name(pause.user)} had asked for; it never begins."
            _event(g, text, "pause_removed", pause=pause.pk)
            _mail_pause_removed(g, pause, by)
        return pause

    return _with_games_locked(owner, change)


# ---- mails -------------------------------------------------------------------------------------
def _mail_pause_started(game: Game, pause: Pause) -> None:
    """"A pause of the game is asked for" (the mail app's receiver of :mod:`.signals`), in this
    transaction."""
    signals.send(signals.pause_started, game=game, pause=pause)


def _mail_pause_removed(game: Game, pause: Pause, by) -> None:
    """"A pause is removed", in this transaction (``ends_at`` None: it never began)."""
    signals.send(signals.pause_removed, game=game, pause=pause, by=by,
                 ends_at=in_force_until(pause) if takes_effect(pause) else None)


def sees_reasons(game: Game, viewer) -> bool:
    """The reasons are for the game's players (and administrators), not for onlookers."""
    return viewer is not None and viewer.is_authenticated and (
        viewer.is_staff or game.seats.filter(user=viewer).exists())


def visible_pauses(game: Game, viewer, now: dt.datetime | None = None) -> list[dict]:
    """The pauses a game's page shows (SITE-PAUSE-01: other players see why): who, from when
    to when, and -- for the game's players and administrators -- the reason."""
    now = now or timezone.now()
    seated = sees_reasons(game, viewer)
    out = []
    for p in of_game(game, now):
        out.append({"id": p.pk, "who": display_name(p.user), "start": p.start, "end": in_force_until(p),
                    "removed": p.removed_at is not None, "state": state_of(p, now),
                    "reason": p.reason if seated else None, "mine": viewer is not None and p.user_id == viewer.pk})
    return out


__all__ = ["PauseError", "NotYourPause", "NoSuchPause", "PauseOver", "request_pause", "request_pause_for_dates",
           "remove_pause", "in_force_until", "sees_reasons", "takes_effect", "state_of", "of_game", "concerning", "visible_pauses",
           "may_remove", "days_of", "range_of_dates", "days_between", "MAX_DAYS", "MAX_AHEAD_DAYS", "MAX_STANDING"]
