"""The time limits per turn the site offers (SITE-CREATE-07, SITE-QUEUE-01).

A limit is a number of seconds; ``None`` is "No time limit" (a game that never times out,
even in initial placement), which counts as longer than every timed limit."""
from __future__ import annotations

HOUR = 3600
DAY = 24 * HOUR

#: (seconds or None, label), shortest first; None ("No time limit") last
CHOICES: list[tuple[int | None, str]] = [
    (1 * HOUR, "1 hour"), (2 * HOUR, "2 hours"), (4 * HOUR, "4 hours"), (8 * HOUR, "8 hours"),
    (12 * HOUR, "12 hours"), (24 * HOUR, "24 hours"), (36 * HOUR, "36 hours"), (48 * HOUR, "48 hours"),
    (3 * DAY, "3 days"), (4 * DAY, "4 days"), (5 * DAY, "5 days"), (7 * DAY, "7 days"),
    (None, "No time limit"),
]
VALUES: frozenset[int | None] = frozenset(v for v, _ in CHOICES)

#: a new game's limit unless its creator chooses another
DEFAULT = 24 * HOUR
#: the queue's range unless the player chooses another
QUEUE_DEFAULT_MIN, QUEUE_DEFAULT_MAX = 12 * HOUR, 3 * DAY


def label(seconds: int | None) -> str:
    """The words for a limit ("24 hours", "No time limit"; other values in hours)."""
    for v, text in CHOICES:
        if v == seconds:
            return text
    assert seconds is not None
    if seconds % HOUR == 0:
        return f"{seconds // HOUR} hours"
    return f"{seconds // 60} minutes"


def is_offered(seconds: object) -> bool:
    """Whether ``seconds`` is one of the limits the site offers."""
    return (seconds is None or (isinstance(seconds, int) and not isinstance(seconds, bool))) and seconds in VALUES


def key(seconds: int | None) -> float:
    """Sort key: None ("No time limit") after every timed limit."""
    return float("inf") if seconds is None else float(seconds)


def form_value(seconds: int | None) -> str:
    """How a limit travels in an HTML form ("none" for no time limit)."""
    return "none" if seconds is None else str(seconds)


def from_form(text: str) -> int | None:
    """The limit a form value names; ValueError if it is not one the site offers."""
    if text == "none":
        return None
    if not text.isdigit():
        raise ValueError(text)
    seconds = int(text)
    if seconds not in VALUES:
        raise ValueError(text)
    return seconds
