"""The same-opponent limit (SITE-META-01..03): a user shares at most three unfinished games
with any other user.

A game counts while it is not finished and both hold a playing seat in it (a game waiting
for players counts: they are in it). A seat given up (quit, removal: the seat is open again)
no longer counts. :func:`check_same_opponent_limit` is the one check; every way of taking a
seat calls it inside the transaction that takes the seat (``seats.take_seat``).
"""
from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.db.models import Count, QuerySet

from ..errors import Refusal
from ..play.models import Game, Seat, display_name

#: games two users may share at once (SITE-META-01)
LIMIT = 3
LIVE = (Game.Status.OPEN, Game.Status.ACTIVE)


class SameOpponentLimit(Refusal):
    status, code = 409, "same_opponent_limit"


def _shared_with(user) -> QuerySet:
    """Other people's playing seats in the unfinished games where ``user`` plays."""
    return (Seat.objects.filter(status=Seat.Status.PLAYING, user__isnull=False, game__status__in=LIVE,
                                game__seats__user=user, game__seats__status=Seat.Status.PLAYING)
            .exclude(user=user))


def shared_counts(user, others: Iterable[int]) -> dict[int, int]:
    """For each user id in ``others``: the unfinished games he and ``user`` both play in."""
    rows = (_shared_with(user).filter(user_id__in=list(others))
            .values("user_id").annotate(n=Count("game_id", distinct=True)))
    return {r["user_id"]: r["n"] for r in rows}


def blocked_ids(user) -> list[int]:
    """Ids of the users ``user`` already shares :data:`LIMIT` unfinished games with."""
    if user is None or not user.is_authenticated:
        return []
    rows = (_shared_with(user).values("user_id").annotate(n=Count("game_id", distinct=True))
            .filter(n__gte=LIMIT).values_list("user_id", flat=True))
    return list(rows)


def blocked_with(user) -> list:
    """The users ``user`` is blocked with (SITE-META-03), by name."""
    ids = blocked_ids(user)
    users = get_user_model().objects.filter(pk__in=ids).select_related("profile")
    return sorted(users, key=lambda u: display_name(u).lower())


def check_same_opponent_limit(user, game: Game) -> None:
    """Refuse ``user`` a seat in ``game`` if he already shares :data:`LIMIT` unfinished games
    with someone playing in it (SITE-META-02). Call inside the seat-taking transaction, with
    the rows of ``user`` and of the game's players locked (``seats.take_seat``)."""
    others = [uid for uid in game.seats.filter(status=Seat.Status.PLAYING, user__isnull=False)
              .exclude(user=user).values_list("user_id", flat=True)]
    if not others:
        return
    full = [uid for uid, n in shared_counts(user, others).items() if n >= LIMIT]
    if full:
        names = ", ".join(sorted(display_name(u) for u in
                                 get_user_model().objects.filter(pk__in=full).select_related("profile")))
        raise SameOpponentLimit(
            f"{display_name(user)} already plays {LIMIT} unfinished games with {names}: no more games "
            "together until one of those ends or one of you quits it")
