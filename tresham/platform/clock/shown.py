"""The deadlines a game shows: each seat's current deadline, the game's timers (e.g. a trade
embargo's end and a market's cutoff), or no time limit at all.

Read from the clock's due rows (:class:`~.models.Due`), which every accepted order, seat
change and pause rewrites, so what the pages and the API show is what the worker will carry
out. Deadlines are public: who the game waits on is shown to everyone, and so is until when
(SITE-TIME-01); *why* a deadline is where it is (a player's availability, a pause and its
reason) is not part of this. The moments are aware datetimes in UTC; the pages render them
in the viewer's own time zone (``accounts.middleware.UserTimeZone`` activates it), the API
gives them as ISO 8601 in UTC.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..play.models import Game
from .models import Due

_SHOWN = (Due.Action.TIMEOUT, Due.Action.TIMER)


@dataclass(frozen=True)
class SeatDeadline:
    """A seat's current deadline: the earliest of its decisions' (the one that passes first)."""

    seat: int
    at: dt.datetime
    decision: str  # the decision's kind


@dataclass(frozen=True)
class TimerDeadline:
    """A game timer: ``name`` is the last part of its key ("embargo", "cutoff"), ``label``
    what happens then, in the game's words ("the trade market closes")."""

    name: str
    label: str
    at: dt.datetime

    @property
    def text(self) -> str:
        return self.label[:1].upper() + self.label[1:] if self.label else self.name


@dataclass
class GameDeadlines:
    """A game's running deadlines. ``timed``: the game has a time limit (False: "no time
    limit", there are no deadlines and no defaults, SITE-TIME-05)."""

    timed: bool
    seats: list[SeatDeadline] = field(default_factory=list)
    timers: list[TimerDeadline] = field(default_factory=list)

    def of_seat(self, seat: int | None) -> SeatDeadline | None:
        return next((d for d in self.seats if d.seat == seat), None)

    @property
    def running(self) -> bool:
        return bool(self.seats or self.timers)


def _timer(row: Due) -> TimerDeadline:
    return TimerDeadline(row.key.rsplit(":", 1)[-1], row.decision, row.due_at)


def _collect(timed: bool, rows: Iterable[Due]) -> GameDeadlines:
    out = GameDeadlines(timed)
    seen: set[int] = set()
    for r in rows:  # by due_at: a seat's first row is its current deadline
        if r.action == Due.Action.TIMER:
            out.timers.append(_timer(r))
        elif r.seat is not None and r.seat not in seen:
            seen.add(r.seat)
            out.seats.append(SeatDeadline(r.seat, r.due_at, r.decision))
    out.seats.sort(key=lambda d: d.seat)
    return out


def of_game(game: Game) -> GameDeadlines:
    """The deadlines running in ``game`` now (none unless it is being played)."""
    timed = game.time_limit is not None
    if game.status != Game.Status.ACTIVE or not timed:
        return GameDeadlines(timed)
    return _collect(timed, Due.objects.filter(game=game, action__in=_SHOWN).order_by("due_at", "pk"))


def seat_deadline(rows: Iterable[Due], seat: int) -> dt.datetime | None:
    """The deadline ``seat`` works to among a game's due ``rows`` (e.g. the rows an order has
    just written): its current one as the game page shows it, else the end of the game's
    timers (the market's cutoff ends trade for everyone), else none."""
    d = _collect(True, sorted((r for r in rows if r.action in _SHOWN), key=lambda r: r.due_at))
    own = d.of_seat(seat)
    return own.at if own is not None else max((t.at for t in d.timers), default=None)


@dataclass(frozen=True)
class ListDeadline:
    """What a line of the game list shows: the viewer's own deadline in the game, else the
    game's next one; or that the game has no time limit."""

    timed: bool
    yours: dt.datetime | None = None
    next: dt.datetime | None = None


def of_games(games: Iterable[Game], seats: dict[int, int | None]) -> dict[int, ListDeadline]:
    """For the lines of a list, in one query: game id -> :class:`ListDeadline`. ``seats``:
    game id -> the viewer's seat in it (None: none)."""
    games = list(games)
    running = [g.pk for g in games if g.status == Game.Status.ACTIVE and g.time_limit is not None]
    rows: dict[int, list[Due]] = {}
    if running:
        for r in Due.objects.filter(game_id__in=running, action__in=_SHOWN).order_by("due_at", "pk"):
            rows.setdefault(r.game_id, []).append(r)
    out: dict[int, ListDeadline] = {}
    for g in games:
        mine = seats.get(g.pk)
        own = next((r.due_at for r in rows.get(g.pk, []) if r.action == Due.Action.TIMEOUT and r.seat == mine
                    and mine is not None), None)
        first = rows[g.pk][0].due_at if rows.get(g.pk) else None
        out[g.pk] = ListDeadline(g.time_limit is not None, own, first)
    return out
