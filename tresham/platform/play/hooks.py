"""The clock as play knows it: registered by the clock app when the site starts.

play stands at the bottom of the site's apps and imports none of them (docs/platform.md, "Apps,
one concern each"). Yet every accepted order must bring the game's due rows up to date in its
own transaction, and the game's pages and JSON show its deadlines: both are the clock's, which
stands above play. So play says here what it needs of a clock (:class:`Clock`), and the clock
app registers its own at start-up (``clock.apps.ClockConfig.ready``). The apps between play
and the clock (ratings, accounts, lobby) ask the clock through the same hook:
``services.reschedule`` after a seat changes, ``clock().missed`` for a player's reliability.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ImproperlyConfigured


@dataclass(frozen=True)
class Clock:
    """What the site's clock does for play and the apps below it."""

    #: ``(game, rules, state, now=None)``: bring the game's due rows (its bots' turns, its
    #: deadlines and timers) up to date for ``state``, inside the caller's transaction; gives
    #: the rows now stored (``signals.changed`` passes them on as ``due``).
    reschedule: Callable[..., list]
    #: ``(game)``: the deadlines the game's pages and JSON show (``clock.shown.GameDeadlines``:
    #: ``timed``, ``seats``, ``timers``, ``running``, ``of_seat(seat)``).
    deadlines: Callable[[Any], Any]
    #: ``(user_ids)``: for each of these users who let any pass, how many deadlines he let pass
    #: with no standing order applied in his stead (the ratings' reliability words).
    missed: Callable[[Iterable[int]], dict[int, int]]


_clock: Clock | None = None


def register_clock(clock: Clock) -> None:
    """The clock app's, at start-up (a second registration replaces the first)."""
    global _clock
    _clock = clock


def clock() -> Clock:
    """The registered clock; ImproperlyConfigured when the clock app is not installed."""
    if _clock is None:
        raise ImproperlyConfigured("no clock is registered: tresham.platform.clock must be in INSTALLED_APPS")
    return _clock


#: what other apps read with a game's row when the order path locks it (``services.lock``):
#: name -> a function giving the expression to annotate the row with (its OuterRef("pk") is the
#: game). One read instead of one more statement in every order: the webhooks' "has this game
#: any?" (``feeds``), read as ``getattr(game, name, None)`` (None: not read with this row).
_lock_reads: dict[str, Callable[[], Any]] = {}


def read_with_lock(name: str, expression: Callable[[], Any]) -> None:
    """Have the order path read ``expression()`` as ``game.<name>`` with the locked game row."""
    _lock_reads[name] = expression


def lock_reads() -> dict[str, Any]:
    return {name: make() for name, make in _lock_reads.items()}
