"""Rate limits on what an account does (SITE-SAFE-09): creating games, sending messages, and
opening accounts (counted per address, as there is no account yet).

``settings.RATE_LIMITS`` maps each limit's name to ``(most, seconds)``: at most ``most`` in
any ``seconds`` (0: no limit). A limit counts the stored rows of what it limits (games by
their creator, table messages by their author, registrations by their address's hash): no
counter of its own, nothing in a process's memory, so every server process shares it on
SQLite and PostgreSQL alike. The caller checks inside the transaction that creates the row,
holding a lock that serializes the actor's requests (the creator's row, the game's row, the
address's row), so two requests at once cannot both take the last place. Beyond a limit,
:class:`RateLimited`: the API answers 429 with ``Retry-After`` and ``{"error":
"rate_limited", "message": ...}``, the pages the same message and header.

The table's messages are checked by ``play.messages.check_limit``; a new kind of message
(private conversations) joins the messages' limit by passing its own rows to :func:`check`
with the table's: ``check("messages", (table, "at"), (private, "at"))``.
"""
from __future__ import annotations

import datetime as dt
import math

from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone

from .errors import Refusal

#: What each limit says once reached: {n} the count, {span} the window, {wait} the time left.
MESSAGES = {
    "games": "You created {n} game{s} in the last {span}, the most the site allows: you can create another "
             "in {wait}.",
    "messages": "You sent {n} message{s} in the last {span}, the most the site allows: you can send another "
                "in {wait}.",
    "registrations": "{n} account{s} {were} opened from your address in the last {span}, the most the site "
                     "allows: try again in {wait}.",
}


def in_words(seconds: int) -> str:
    """A wait in words, rounded up: '45 seconds', '2 minutes', '4 hours'."""
    if seconds < 60:
        n, unit = max(seconds, 1), "second"
    elif seconds < 3600:
        n, unit = math.ceil(seconds / 60), "minute"
    else:
        n, unit = math.ceil(seconds / 3600), "hour"
    return f"{n} {unit}{'s' if n != 1 else ''}"


def span_words(seconds: int) -> str:
    """A window in words: 'hour', '10 minutes', '24 hours', '30 seconds'."""
    for size, unit in ((3600, "hour"), (60, "minute"), (1, "second")):
        if seconds % size == 0:
            n = seconds // size
            return unit if n == 1 else f"{n} {unit}s"
    return f"{seconds} seconds"


class RateLimited(Refusal):
    """A limit is reached: nothing was done; ``retry_after`` seconds until there is room."""

    status, code = 429, "rate_limited"

    def __init__(self, name: str, most: int, window: int, retry_after: int) -> None:
        self.name, self.most, self.window, self.retry_after = name, most, window, retry_after
        super().__init__(MESSAGES[name].format(n=most, s="s" if most != 1 else "", were="were" if most != 1 else "was",
                                               span=span_words(window), wait=in_words(retry_after)))

    def headers(self) -> dict[str, str]:
        return {"Retry-After": str(self.retry_after)}


def rate(name: str) -> tuple[int, int]:
    """(most, seconds) of the limit ``name``."""
    most, seconds = settings.RATE_LIMITS[name]
    return max(0, int(most)), max(1, int(seconds))


def check(name: str, *sources: tuple[QuerySet, str], now: dt.datetime | None = None) -> None:
    """Raise :class:`RateLimited` if the rows of ``sources`` (each a queryset of what the actor
    did and the name of its time field) already reach the limit ``name`` in its window."""
    most, seconds = rate(name)
    if not most:
        return
    now = now or timezone.now()
    since = now - dt.timedelta(seconds=seconds)
    times: list[dt.datetime] = []
    for qs, field in sources:
        times += qs.filter(**{f"{field}__gt": since}).order_by(f"-{field}").values_list(field, flat=True)[:most]
    if len(times) < most:
        return
    times.sort(reverse=True)
    # room again when the most-th newest leaves the window
    left = (times[most - 1] + dt.timedelta(seconds=seconds) - now).total_seconds()
    raise RateLimited(name, most, seconds, max(1, math.ceil(left)))


def limited(response, exc: Exception):
    """``response`` (a page saying why ``exc`` refused) with the refusal's headers: Retry-After
    when ``exc`` is a rate limit."""
    if isinstance(exc, Refusal):
        for name, value in exc.headers().items():
            response[name] = value
    return response
