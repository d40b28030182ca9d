"""The arithmetic of the site's clock, as pure functions (no database, no models).

Everything here works on aware datetimes and answers in UTC; durations are ``timedelta``
(elapsed time: a 24-hour limit started the day before a daylight-saving change ends 24 real
hours later, which the wall clock shows as 23 or 25 hours).

Rules this module settles (see also the docstrings):

* **Availability is read on the player's wall clock** (SITE-AVAIL-01): he is available exactly
  when his clock, in his zone, shows a time inside one of his windows (a window contains its
  start, not its end; an end before the start runs past midnight; no windows: always
  available). Across daylight-saving changes this gives:

  - a window whose start does not exist that day (02:30 on a spring-forward night) begins at
    the first existing local time after it (03:00), if that is still before its end; a window
    lying wholly inside the skipped hour does not occur that day;
  - a window whose start happens twice (01:30 on a fall-back night) begins at its first
    occurrence; while the clock repeats the hour the player is available again whenever it
    shows a time inside the window;
  - the next window start after a 23- or 25-hour day is the wall-clock time, not 24 hours on.

* **Pauses are real absences** (SITE-PAUSE-03): a deadline inside a pause ``[start, end)``
  moves to its end, again while that end lies inside another pause; a deadline after the end
  stays where it was (the game is not frozen). Pauses are never capped.

* **A personal deadline** is the earliest moment at or after its base that is inside the
  player's availability and outside every pause. Availability may not move it more than
  ``cap`` (7 days) of time outside pauses beyond the base: if it would, the deadline is the
  moment at which that much unpaused time has passed, and its reasons say so.

* **The trade cutoff** examines each player still in the market exactly once, in the order the
  game's timer lists them (``Timer.seats``, SZ-11); a pause holds the cutoff out of its range before and after that pass.
"""
from __future__ import annotations

import datetime as dt
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import overload
from zoneinfo import ZoneInfo

UTC = dt.timezone.utc

#: SITE-TIME-02 / SZ-10: the first player of a phase gets 1.5 × the time limit.
FIRST_PLAYER_FACTOR = 1.5

#: How far availability alone may move a deadline beyond its base (time inside pauses aside).
DEFAULT_CAP = dt.timedelta(days=7)

# Offsets of real zones change at most once in this span (tzdata since 1970): transitions are
# looked for by sampling the offset this often and bisecting where it changes.
_SAMPLE = dt.timedelta(hours=2)
# How many local days after the current one hold the next window start (windows are daily;
# at most one day's occurrence can be lost to a skipped hour).
_DAYS_AHEAD = 3


# ---- values ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Window:
    """A daily availability window on the wall clock (SITE-AVAIL-01, SITE-ACCT-03): from
    ``start`` (included) to ``end`` (excluded), both naive local times; ``end`` before ``start``
    runs past midnight (22:00-02:00)."""

    start: dt.time
    end: dt.time

    def __post_init__(self) -> None:
        if not isinstance(self.start, dt.time) or not isinstance(self.end, dt.time):
            raise TypeError("a window's start and end are datetime.time values")
        if self.start.tzinfo is not None or self.end.tzinfo is not None:
            raise ValueError("a window's times are wall-clock times, without a time zone")
        if self.start.replace(fold=0) == self.end.replace(fold=0):
            raise ValueError(f"the window {self.start:%H:%M}-{self.end:%H:%M} is empty")

    def contains(self, clock: dt.time) -> bool:
        """Whether a wall-clock reading lies in the window."""
        clock = clock.replace(tzinfo=None, fold=0)
        if self.start < self.end:
            return self.start <= clock < self.end
        return clock >= self.start or clock < self.end


@dataclass(frozen=True)
class Availability:
    """A player's daily windows read in his zone (SITE-AVAIL-01); no windows: always
    available. ``who`` names him in the reasons given for a move ("" for "you")."""

    zone: ZoneInfo
    windows: tuple[Window, ...] = ()
    who: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.zone, dt.tzinfo):
            raise TypeError("an availability's zone is a ZoneInfo")
        object.__setattr__(self, "windows", tuple(self.windows))
        if not all(isinstance(w, Window) for w in self.windows):
            raise TypeError("an availability's windows are Window values")


@dataclass(frozen=True)
class Pause:
    """A pause (SITE-PAUSE-03): deadlines inside ``[start, end)`` (aware datetimes) move to its
    end. ``reason`` is the requester's text; ``who`` names him in the reasons of a move."""

    start: dt.datetime
    end: dt.datetime
    reason: str = ""
    who: str = ""

    def __post_init__(self) -> None:
        _utc(self.start, "a pause's start")
        _utc(self.end, "a pause's end")
        if self.end <= self.start:
            raise ValueError("a pause ends after it starts")

    def holds(self, at: dt.datetime) -> bool:
        """Whether the moment ``at`` lies inside the pause."""
        return self.start <= at < self.end


@dataclass(frozen=True)
class Deadline:
    """A computed deadline: ``at`` (UTC), the ``base`` it was computed from, every move in
    words (``reasons``), and whether the cap of availability moves cut it short."""

    at: dt.datetime
    base: dt.datetime
    reasons: list[str] = field(default_factory=list)
    capped: bool = False


# ---- availability ---------------------------------------------------------------------------

def is_available(at: dt.datetime, avail: Availability | None) -> bool:
    """Whether the player's wall clock at the aware moment ``at`` shows a time inside one of his
    windows (SITE-AVAIL-01); ``None`` or no windows: always."""
    if avail is None or not avail.windows:
        _utc(at)
        return True
    clock = _utc(at).astimezone(avail.zone).time()
    return any(w.contains(clock) for w in avail.windows)


def next_available(at: dt.datetime, avail: Availability | None) -> dt.datetime:
    """The first moment at or after ``at`` when the player is available (SITE-AVAIL-02), in
    UTC: ``at`` itself if he is, else the next moment his clock enters a window (a window
    start; across a daylight-saving change, the first existing time after a skipped start, the
    first occurrence of a repeated one, or the moment the clock jumps into a window)."""
    u = _utc(at)
    if is_available(u, avail):
        return u
    assert avail is not None
    zone = avail.zone
    today = u.astimezone(zone).date()
    candidates = set(_transitions(zone, u, _add(u, dt.timedelta(days=_DAYS_AHEAD + 1))))
    for k in range(-1, _DAYS_AHEAD + 1):
        day = today + dt.timedelta(days=k)
        for w in avail.windows:
            candidates.update(_readings(zone, dt.datetime.combine(day, w.start)))
    for c in sorted(candidates):
        if c >= u and is_available(c, avail):
            return c
    raise RuntimeError(f"no window of {avail.windows!r} occurs within {_DAYS_AHEAD} days")  # pragma: no cover


def _readings(zone: ZoneInfo, local: dt.datetime) -> list[dt.datetime]:
    """The moments (UTC) when the clock of ``zone`` shows the naive ``local``: none in a
    skipped hour, two in a repeated one."""
    out = []
    for fold in (0, 1):
        u = local.replace(tzinfo=zone, fold=fold).astimezone(UTC)
        if u.astimezone(zone).replace(tzinfo=None) == local:
            out.append(u)
    return out


def _offset(zone: ZoneInfo, u: dt.datetime) -> dt.timedelta | None:
    return u.astimezone(zone).utcoffset()


def _transitions(zone: ZoneInfo, lo: dt.datetime, hi: dt.datetime) -> list[dt.datetime]:
    """The moments in ``(lo, hi]`` at which the zone's offset changes (to the microsecond)."""
    out = []
    t, before = lo, _offset(zone, lo)
    while t < hi:
        n = min(t + _SAMPLE, hi)
        after = _offset(zone, n)
        if after != before:
            a, b = t, n  # offset(a) == before, offset(b) == after
            while b - a > dt.timedelta(microseconds=1):
                m = a + (b - a) // 2
                a, b = (m, b) if _offset(zone, m) == before else (a, m)
            out.append(b)
        t, before = n, after
    return out


# ---- pauses ---------------------------------------------------------------------------------

@overload
def extend_for_pauses(at: dt.datetime, pauses: Iterable[Pause]) -> dt.datetime: ...
@overload
def extend_for_pauses(at: None, pauses: Iterable[Pause]) -> None: ...


def extend_for_pauses(at: dt.datetime | None, pauses: Iterable[Pause]) -> dt.datetime | None:
    """SITE-PAUSE-03: a deadline inside a pause moves to the pause's end, and again while that
    end lies inside another pause (overlapping or adjacent pauses); a deadline outside every
    pause stays. A game timer that names no player (the trade embargo's end, half a time limit
    after the market opens: SITE-MARKET-01, SITE-PAUSE-04) is moved by this alone. ``None``
    (no time limit) stays ``None``. In UTC."""
    if at is None:
        return None
    return _out_of_pauses(_utc(at), tuple(pauses))[0]


def _out_of_pauses(t: dt.datetime, pauses: Sequence[Pause]) -> tuple[dt.datetime, list[Pause]]:
    """``t`` moved out of the pauses, and the pauses whose ends it was moved to, in order."""
    passed = []
    while True:
        holding = [p for p in pauses if p.holds(t)]
        if not holding:
            return t, passed
        last = max(holding, key=lambda p: p.end)
        passed.append(last)
        t = last.end.astimezone(UTC)


def _merged(pauses: Iterable[Pause]) -> list[tuple[dt.datetime, dt.datetime]]:
    """The pauses as disjoint, sorted UTC intervals (overlapping and adjacent ones joined)."""
    out: list[tuple[dt.datetime, dt.datetime]] = []
    for p in sorted(pauses, key=lambda p: p.start):
        s, e = p.start.astimezone(UTC), p.end.astimezone(UTC)
        if out and s <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out


def _unpaused_after(base: dt.datetime, span: dt.timedelta, pauses: Iterable[Pause]) -> dt.datetime:
    """The first moment outside every pause by which ``span`` of time outside pauses has
    passed since ``base``: the latest a deadline moved by availability may fall."""
    t, remaining = base, span
    for s, e in _merged(pauses):
        if e <= t:
            continue
        if s > t:
            if remaining < s - t:
                return _add(t, remaining)
            remaining -= s - t
        t = e
    return _add(t, remaining)


# ---- deadlines ------------------------------------------------------------------------------

def personal_deadline(start: dt.datetime, limit: dt.timedelta | None, factor: float,
                      avail: Availability | None, pauses: Iterable[Pause], *,
                      cap: dt.timedelta = DEFAULT_CAP) -> Deadline | None:
    """One player's deadline (SITE-TIME-01/02, SITE-AVAIL-02, SITE-PAUSE-03).

    The base is ``start + limit × factor`` (``factor`` 1.5 for the first player of a phase,
    :data:`FIRST_PLAYER_FACTOR`, else 1). The deadline is the earliest moment at or after the
    base inside the player's availability and outside every pause: moving to his next window
    and moving past a pause are repeated until neither moves it (each pause can move it once,
    so this ends). Pauses move it however far they reach; availability may add at most ``cap``
    of time outside pauses: beyond that the deadline is capped there and ``capped`` is set.
    ``limit=None`` (no time limit, SITE-TIME-05) gives ``None``."""
    if limit is None:
        return None
    _check_limit(limit)
    _check_cap(cap)
    if isinstance(factor, bool) or not isinstance(factor, (int, float)) or not math.isfinite(factor) \
            or factor <= 0:
        raise ValueError("the time-limit factor is a positive number")
    base = _add(_utc(start, "the start"), limit * factor)
    pauses = tuple(pauses)
    latest = _unpaused_after(base, cap, pauses)
    zone = avail.zone if avail is not None else UTC
    t, reasons = base, []
    while True:
        n = next_available(t, avail)
        if n > latest:  # only availability can pass ``latest``: it is outside every pause
            reasons.append(_capped(cap, latest, zone))
            return Deadline(latest, base, reasons, capped=True)
        if n != t:
            reasons.append(_moved_to(n, avail))
            t = n
        n, passed = _out_of_pauses(t, pauses)
        if not passed:
            return Deadline(t, base, reasons)
        reasons += [_moved_past(p, zone) for p in passed]
        t = n


def market_cutoff(start: dt.datetime, limit: dt.timedelta | None, cutoff_players: int,
                  in_market: Sequence[Availability | None], pauses: Iterable[Pause],
                  cap: dt.timedelta = DEFAULT_CAP) -> Deadline | None:
    """The end of trading (SITE-TIME-03, SITE-MARKET-03..06, SITE-AVAIL-03..05).

    The base is ``start`` (the start of the trade phase, embargo included, SZ-18) +
    ``cutoff_players`` × ``limit`` (the game keeps ``cutoff_players``, the lesser of its count
    when the market opened and the players still in it: it only shrinks, SITE-MARKET-04/05).
    Moved out of the pauses, it is then examined once for each player still in the market, in
    the timer's order (``in_market``; ``None`` = no windows): if it lies outside his windows it
    moves to his next window start, else it stays, even when it then lies outside a window
    examined earlier (SZ-11). Availability may add at most ``cap`` of time outside pauses
    (then capped); a pause holds the result out of its range at the end. Recompute whenever a
    player leaves, with those still in the market. ``limit=None`` gives ``None``."""
    if limit is None:
        return None
    _check_limit(limit)
    _check_cap(cap)
    if isinstance(cutoff_players, bool) or not isinstance(cutoff_players, int) or cutoff_players < 1:
        raise ValueError("the cutoff counts at least one player")
    base = _add(_utc(start, "the start"), limit * cutoff_players)
    pauses = tuple(pauses)
    latest = _unpaused_after(base, cap, pauses)
    t, passed = _out_of_pauses(base, pauses)
    reasons = [_moved_past(p, UTC) for p in passed]
    for i, avail in enumerate(in_market):
        if avail is None or is_available(t, avail):
            continue
        n = next_available(t, avail)
        if n > latest:
            reasons.append(_capped(cap, latest, UTC))
            return Deadline(latest, base, reasons, capped=True)
        reasons.append(_moved_to(n, avail, f"player {i + 1} in the market"))
        t = n
    t, passed = _out_of_pauses(t, pauses)
    reasons += [_moved_past(p, UTC) for p in passed]
    return Deadline(t, base, reasons)


def removal_threshold(site_max: int, round_number: int, players: int) -> int:
    """SITE-REMOVE-02: how many orders in a row a player may miss before removal: the least of
    the site's maximum, the current round and the number of players, and at least 1 (so 1 in
    round 1)."""
    for name, value in (("site_max", site_max), ("round_number", round_number), ("players", players)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} is a whole number, not negative")
    return max(1, min(site_max, round_number, players))


# ---- helpers --------------------------------------------------------------------------------

def _utc(at: dt.datetime, what: str = "the moment") -> dt.datetime:
    if not isinstance(at, dt.datetime):
        raise TypeError(f"{what} is a datetime")
    if at.tzinfo is None or at.utcoffset() is None:
        raise ValueError(f"{what} must be an aware datetime (with a time zone)")
    return at.astimezone(UTC)


def _check_limit(limit: dt.timedelta) -> None:
    if not isinstance(limit, dt.timedelta) or limit <= dt.timedelta(0):
        raise ValueError("a time limit is a positive timedelta (None: no time limit)")


def _check_cap(cap: dt.timedelta) -> None:
    if not isinstance(cap, dt.timedelta) or cap < dt.timedelta(0):
        raise ValueError("the cap is a timedelta, not negative")


def _add(t: dt.datetime, span: dt.timedelta) -> dt.datetime:
    try:
        return t + span
    except OverflowError:
        raise ValueError("the deadline would fall after the year 9999") from None


def _when(at: dt.datetime, zone: dt.tzinfo) -> str:
    """'Sun 29 Mar 2026 09:00 CEST' (seconds shown only when there are some)."""
    local = at.astimezone(zone)
    clock = f"{local:%H:%M:%S}" if local.second or local.microsecond else f"{local:%H:%M}"
    return f"{local:%a} {local.day} {local:%b %Y} {clock} {local.tzname()}"


def _span(span: dt.timedelta) -> str:
    """'7 days', '1 day 12 hours', '90 minutes' → '1 hour 30 minutes'."""
    minutes = int(span.total_seconds() // 60)
    parts = []
    for size, unit in ((1440, "day"), (60, "hour"), (1, "minute")):
        n, minutes = divmod(minutes, size)
        if n:
            parts.append(f"{n} {unit}{'s' if n != 1 else ''}")
    return " ".join(parts) or f"{span.total_seconds():g} seconds"


def _moved_to(at: dt.datetime, avail: Availability | None, anonymous: str = "") -> str:
    zone = avail.zone if avail is not None else UTC
    who = (avail.who if avail is not None else "") or anonymous
    return f"moved to {_when(at, zone)} when {who + ' is' if who else 'you are'} available"


def _moved_past(p: Pause, zone: dt.tzinfo) -> str:
    whose = f"{p.who}'s pause" if p.who else "a pause"
    why = f" ({p.reason})" if p.reason else ""
    return f"moved past {whose}{why} ending {_when(p.end, zone)}"


def _capped(cap: dt.timedelta, at: dt.datetime, zone: dt.tzinfo) -> str:
    return f"availability would move this deadline more than {_span(cap)}; capped at {_when(at, zone)}"
