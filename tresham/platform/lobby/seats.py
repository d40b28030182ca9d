""":func:`take_seat`, the one way a person gets a seat -- the creator's own, a friend added at
creation (SITE-CREATE-14), a manual join from the Open list (SITE-QUEUE-08), the queue
(SITE-QUEUE-06), a replacement in a running game -- so its checks (the game is not over, one
seat per person, the same-opponent limit SITE-META-02, a free seat) hold on every path. It
runs inside the caller's transaction with the game's row locked and the rows of the joining
user and of everyone seated locked in id order: two joins that could together break a rule
touch the same rows, so they happen one after the other (PostgreSQL); SQLite's IMMEDIATE
transactions serialize every write anyway.

A game starts when every seat is taken (:func:`start_if_full`, SITE-QUEUE-07); the rules
then draw the pick order (SITE-PICK-01), which the lobby keeps for its lists.
"""
from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.utils import timezone

from ..errors import Refusal
from ..play import services as play
from ..play.models import Game, Seat, Tenure, display_name
from . import meta, signals
from .models import PickOrder


class LobbyError(Refusal):
    """A seat or a game the lobby refuses (nothing was changed)."""

    status, code = 409, "cannot_join"


class BadRequest(Refusal):
    status, code = 400, "bad_request"


def lock_people(user_ids: Iterable[int]) -> None:
    """Lock the rows of these users, in id order (no two transactions wait on each other)."""
    ids = sorted(set(user_ids))
    if ids:
        list(get_user_model().objects.select_for_update().filter(pk__in=ids).order_by("pk").values_list("pk"))


def free_seat(game: Game, index: int | None = None) -> Seat:
    qs = game.seats.select_for_update().filter(status=Seat.Status.OPEN, user__isnull=True, is_bot=False)
    if index is not None:
        qs = qs.filter(index=index)
    seat = qs.order_by("index").first()
    if seat is None:
        if index is None:
            raise LobbyError("no seat is free in this game")
        raise LobbyError(f"seat {index + 1} is not free" if 0 <= index < game.players
                         else f"the game has seats 1 to {game.players} only")
    return seat


def join_problem(game: Game, user) -> str | None:
    """Why ``user`` could not take a seat in ``game`` now (None: he can), without locking:
    what the Open list and the game's page show. :func:`take_seat` checks again, locked."""
    if game.status == Game.Status.FINISHED:
        return "the game is over"
    if game.seats.filter(user=user).exists():
        return "you already have a seat in this game"
    if not game.seats.filter(status=Seat.Status.OPEN, user__isnull=True, is_bot=False).exists():
        return "no seat is free in this game"
    try:
        meta.check_same_opponent_limit(user, game)
    except meta.SameOpponentLimit as e:
        return e.message
    return None


def take_seat(game: Game, user, *, index: int | None = None, via: str = "manual") -> Seat:
    """Seat ``user`` in ``game`` (a free seat, or seat ``index``). Call inside a transaction
    holding the game's lock (``services.join``). Raises LobbyError / SameOpponentLimit, having
    changed nothing; the game starts if this was its last free seat."""
    assert via in signals.VIA
    if game.status == Game.Status.FINISHED:
        raise LobbyError("the game is over")
    seated = list(game.seats.filter(user__isnull=False).values_list("user_id", flat=True))
    lock_people([user.pk, *seated])
    if user.pk in seated:
        raise LobbyError(f"{display_name(user)} already has a seat in this game")
    meta.check_same_opponent_limit(user, game)
    seat = free_seat(game, index)
    seat.user, seat.status, seat.joined_at = user, Seat.Status.PLAYING, timezone.now()
    seat.vacant_since, seat.missed_in_a_row = None, 0
    seat.save(update_fields=["user", "status", "joined_at", "vacant_since", "missed_in_a_row"])
    Tenure.objects.create(game=game, seat=seat.index, user=user, replacement=game.status == Game.Status.ACTIVE)
    if game.status == Game.Status.ACTIVE:  # a replacement: the seat's decisions are his now
        play.reschedule(game)
    signals.send(signals.player_joined, game=game, seat=seat.index, user=user, via=via)
    start_if_full(game)
    return seat


def start_if_full(game: Game) -> None:
    """Start the game once no seat is open (SITE-QUEUE-07: nation picking starts) and keep
    the pick order the rules drew (SITE-PICK-01)."""
    if game.status == Game.Status.OPEN and not game.seats.filter(status=Seat.Status.OPEN).exists():
        play.start_game(game)
        rules = play.rules_of(game)
        pick = rules.offers.pick_order
        order = pick(rules.loads(game.state)) if pick is not None else None
        if order is not None:
            PickOrder.objects.create(game=game, seats=list(order))
        signals.send(signals.game_filled, game=game)
