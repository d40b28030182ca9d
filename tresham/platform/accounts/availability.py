"""Availability (SITE-ACCT-03): the daily windows, in his own time zone, when a user can play;
a user without windows is available at any time. The clock reads them to move his deadlines
(``clock.schedule.availability_of``, the arithmetic in ``clock.deadlines``: SITE-AVAIL-*)."""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.db import transaction

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
