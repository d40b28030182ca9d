"""Taking seats: joining a game, giving a seat to a bot; the game starts when every seat is
taken (SITE-QUEUE-07)."""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from ..play import services as play
from ..play.models import Game, Seat


class LobbyError(play.PlayError):
    status, code = 409, "cannot_join"


def _free_seat(game: Game, index: int | None = None) -> Seat:
    qs = game.seats.select_for_update().filter(status=Seat.Status.OPEN, user__isnull=True, is_bot=False)
    if index is not None:
        qs = qs.filter(index=index)
    seat = qs.order_by("index").first()
    if seat is None:
        raise LobbyError("no seat is free in this game" if index is None else f"seat {index} is not free")
    return seat


def join(game_id: int, user, *, index: int | None = None) -> Seat:
    """Seat ``user`` in an open game (or in an open seat of a game being played); the game
    starts once every seat is taken."""
    with transaction.atomic():
        game = play.lock(game_id)
        if game.status == Game.Status.FINISHED:
            raise LobbyError("the game is over")
        if game.seats.filter(user=user).exists():
            raise LobbyError("you already have a seat in this game")
        seat = _free_seat(game, index)
        seat.user, seat.status, seat.joined_at = user, Seat.Status.PLAYING, timezone.now()
        seat.save(update_fields=["user", "status", "joined_at"])
        _start_if_full(game)
        return seat


def add_bot(game_id: int, index: int | None = None) -> Seat:
    """Give a free seat to the game's bot (the creator's choice): it plays through the same
    order path as a person, as soon as it owes a decision."""
    with transaction.atomic():
        game = play.lock(game_id)
        if game.status == Game.Status.FINISHED:
            raise LobbyError("the game is over")
        seat = _free_seat(game, index)
        seat.is_bot, seat.status, seat.joined_at = True, Seat.Status.PLAYING, timezone.now()
        seat.save(update_fields=["is_bot", "status", "joined_at"])
        if game.status == Game.Status.ACTIVE:
            from ..clock.schedule import reschedule

            reschedule(game, play.rules_of(game), play.current_state(game))
        _start_if_full(game)
        return seat


def _start_if_full(game: Game) -> None:
    if game.status == Game.Status.OPEN and not game.seats.filter(status=Seat.Status.OPEN).exists():
        play.start_game(game)
