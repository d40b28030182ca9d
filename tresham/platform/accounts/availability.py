"""Availability (SITE-ACCT-03): the daily windows, in his own time zone, when a user can play.
The clock moves deadlines with :func:`next_available` (SITE-AVAIL-*); a user without windows
is available at any time."""
from __future__ import annotations

import datetime as dt
import zoneinfo
from collections.abc import Iterable

from django.db import transaction

from ..clock import deadlines
from .errors import AccountError
from .models import AvailabilityWindow, Profile

#: At most this many windows a day.
MAX_WINDOWS = 6

Window = tuple[dt.time, dt.time]


def windows_of(user) -> list[Window]:
    """The user's windows, by start time."""
    return [(w.start, w.end) for w in AvailabilityWindow.objects.filter(user=user).order_by("start")]


def _minutes(t: dt.time) -> int:
    return t.hour * 60 + t.minute


def _spans(windows: Iterable[Window]) -> list[tuple[int, int]]:
    """Windows as minute ranges of one day, those past midnight split in two."""
    out = []
    for start, end in windows:
        s, e = _minutes(start), _minutes(end)
        out.extend([(s, e)] if s < e else [(s, 24 * 60), (0, e)])
    return out


def check_windows(windows: list[Window]) -> list[Window]:
    """The windows normalised (whole minutes, sorted); refused when a window is empty, two
    overlap, or there are more than :data:`MAX_WINDOWS`."""
    if len(windows) > MAX_WINDOWS:
        raise AccountError("too_many_windows", f"at most {MAX_WINDOWS} availability windows")
    clean = sorted((s.replace(second=0, microsecond=0, tzinfo=None), e.replace(second=0, microsecond=0, tzinfo=None))
                   for s, e in windows)
    for s, e in clean:
        if s == e:
            raise AccountError("empty_window", f"the window {s:%H:%M}-{e:%H:%M} is empty")
    spans = sorted(_spans(clean))
    for (s1, e1), (s2, e2) in zip(spans, spans[1:]):
        if s2 < e1:
            raise AccountError("overlapping_windows", "availability windows must not overlap")
    return clean


def set_windows(user, windows: list[Window]) -> list[Window]:
    """Replace the user's windows (an empty list: available at any time)."""
    clean = check_windows(windows)
    with transaction.atomic():
        Profile.objects.select_for_update().get(user=user)
        AvailabilityWindow.objects.filter(user=user).delete()
        AvailabilityWindow.objects.bulk_create(AvailabilityWindow(user=user, start=s, end=e) for s, e in clean)
    return clean


def _zone(user) -> zoneinfo.ZoneInfo:
    profile = Profile.objects.filter(user=user).only("time_zone").first()
    return zoneinfo.ZoneInfo(profile.time_zone if profile else "UTC")


def availability_of(user, windows: list[Window] | None = None) -> deadlines.Availability:
    """The user's availability as the clock's pure value (his zone and windows)."""
    windows = windows_of(user) if windows is None else windows
    return deadlines.Availability(_zone(user), tuple(deadlines.Window(s, e) for s, e in windows if s != e))


def is_available(user, at: dt.datetime, *, windows: list[Window] | None = None) -> bool:
    """Whether the (aware) moment ``at`` lies inside one of the user's windows, read in his
    time zone (a window contains its start, not its end); see
    :func:`tresham.platform.clock.deadlines.is_available`."""
    return deadlines.is_available(at, availability_of(user, windows))


def next_available(user, at: dt.datetime) -> dt.datetime:
    """``at`` if the user is available then, else the next start of one of his windows (an
    aware datetime, in UTC), correct across daylight-saving changes; see
    :func:`tresham.platform.clock.deadlines.next_available`."""
    return deadlines.next_available(at, availability_of(user))
