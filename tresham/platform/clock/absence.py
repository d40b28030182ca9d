"""Absent players: missed deadlines, removal, quitting, and seats nobody takes.

- :func:`missed` charges one missed deadline to the seat's holder (SITE-TIME-04) and removes
  him once he has missed ``min(site maximum, round, players)`` in a row (SITE-REMOVE-01/02);
  his own next order resets the run (``play.services.submit``).
- :func:`remove` and :func:`quit_seat` open the seat (SITE-QUIT-03, SITE-REMOVE-01): it
  shows in the Open list and the queue may fill it; until someone takes it its deadlines take
  the defaults without charging anyone (SZ-13), or a bot plays it if the creator chose so.
- :func:`depart_vacant_seat`: a seat left empty for ``TRESHAM_VACANT_SEAT_DAYS`` departs per
  15.6 (the game's ``depart`` platform order).

Every function runs inside a transaction holding the game's lock.
"""
from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.utils import timezone

from ...games.base import Event, IllegalOrder
from ..play import services
from ..play.models import EventRecord, Game, Seat, Tenure, display_name
from .models import MissedOrder, StandingOrder


def threshold(game: Game, rules, state) -> int:
    """Missed deadlines in a row that remove a player: min(site max, round, players)."""
    return max(1, min(settings.TRESHAM_REMOVAL_MAX, rules.round(state), game.players))


def missed(game: Game, seat: Seat, decision: str, *, standing: bool) -> bool:
    """Charge one missed deadline to the seat's holder; gives True if it removed him. A
    standing order applied counts too: he was not there (the history says which it was)."""
    if seat.user_id is None:
        return False
    MissedOrder.objects.create(user_id=seat.user_id, game=game, seat=seat.index, decision=decision,
                               standing=standing)
    seat.refresh_from_db(fields=["missed_in_a_row", "user"])
    seat.missed_in_a_row += 1
    seat.save(update_fields=["missed_in_a_row"])
    game.refresh_from_db()
    rules = services.rules_of(game)
    if game.status == Game.Status.ACTIVE and seat.missed_in_a_row >= threshold(game, rules, rules.loads(game.state)):
        remove(game, seat, why=f"missed {seat.missed_in_a_row} deadline{'s' if seat.missed_in_a_row != 1 else ''} in a row")
        return True
    return False


def _vacate(game: Game, seat: Seat, end: str, text: str, now: dt.datetime | None = None) -> None:
    now = now or timezone.now()
    user = seat.user
    Tenure.objects.filter(game=game, seat=seat.index, user=user, ended_at__isnull=True).update(ended_at=now, ended=end)
    StandingOrder.objects.filter(game=game, seat=seat.index, user=user).delete()
    seat.user, seat.status, seat.vacant_since, seat.missed_in_a_row = None, Seat.Status.OPEN, now, 0
    seat.save(update_fields=["user", "status", "vacant_since", "missed_in_a_row"])
    _platform_event(game, text, "seat_opened", seat=seat.index)
    from .schedule import reschedule_game

    reschedule_game(game, now)


def _platform_event(game: Game, text: str, kind: str, **data) -> None:
    """A public event of the site's own (not an order's) in the game's history, after the
    game's latest order."""
    n = EventRecord.objects.filter(game=game, seq=game.revision).count()
    EventRecord.objects.create(game=game, seq=game.revision, n=n, text=text, kind=kind, data=data)


def remove(game: Game, seat: Seat, *, why: str) -> None:
    """Remove the seat's holder for absence (SITE-REMOVE-01): the seat opens."""
    name = display_name(seat.user)
    _vacate(game, seat, Tenure.End.REMOVED, f"{name} is removed from the game ({why}); the seat awaits a "
            "replacement.")
    _after_vacancy(game, seat.index)


def quit_seat(game: Game, user, *, replacement=None) -> Seat:
    """``user`` quits (SITE-QUIT-04): the seat passes to ``replacement`` (a friend not in the
    game, SITE-QUIT-02) or opens to everyone (SITE-QUIT-03)."""
    seat = game.seats.select_for_update().filter(user=user, status=Seat.Status.PLAYING).first()
    if seat is None:
        raise services.NotYourSeat("you have no seat in this game")
    if game.status == Game.Status.FINISHED:
        raise services.GameOver("the game is over")
    name = display_name(user)
    if replacement is not None:
        from ..accounts.services import are_friends

        if not are_friends(user, replacement):
            raise services.PlayError("a replacement must be one of your friends")
    _vacate(game, seat, Tenure.End.QUIT,
            f"{name} quits the game" + (f"; {display_name(replacement)} takes over." if replacement else
                                        "; the seat awaits a replacement."))
    if replacement is not None:
        from ..lobby.services import take_seat

        take_seat(game, replacement, index=seat.index, via="replacement")
    else:
        _after_vacancy(game, seat.index)
    seat.refresh_from_db()
    return seat


def _after_vacancy(game: Game, index: int) -> None:
    """Once committed, offer the open seat to the queue (SITE-QUIT-03, SITE-QUEUE-03): each
    placement is its own transaction (``lobby.queue``)."""
    from django.db import transaction

    from ..lobby.queue import fill_from_queue

    gid = game.pk
    transaction.on_commit(lambda: fill_from_queue(gid))


def depart_vacant_seat(game: Game, rules, state, index: int, now: dt.datetime) -> None:
    """Nobody took the seat in time: its nation leaves the game (15.6) and the seat closes."""
    seat = game.seats.select_for_update().get(index=index)
    if seat.user_id is not None or seat.is_bot:
        return
    seat.vacant_since = None
    seat.status = Seat.Status.DEPARTED  # closed: nobody can take a departed nation's seat
    seat.save(update_fields=["vacant_since", "status"])
    try:
        services.submit(game.pk, {"type": "depart", "player": index}, seat=None, by_platform=True,
                        reason="vacant seat", notes=[Event(f"Nobody took seat {index + 1} in "
                                                           f"{settings.TRESHAM_VACANT_SEAT_DAYS} days.",
                                                           "seat_departed")])
    except IllegalOrder:
        pass  # already departed (or no nation): nothing more to do
