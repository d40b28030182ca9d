"""Who reads which conversation (SITE-CHAT-01, SITE-CHAT-05): the one answer every page,
endpoint and mail of the table talk asks.

- A conversation is its seats': the person who holds one of its seats now (a seat he plays)
  reads it and writes in it while the game is played; nobody else -- not the game's other
  players, not a spectator, not who held the seat before (a player who quit or was removed:
  403), not a moderator outside a report (``reports``).
- Once the game is over, if its creator chose "reveal the table talk after the game"
  (``Game.reveal_talk``, off by default), every conversation is readable by all, visitors
  included; nobody writes any more.
"""
from __future__ import annotations

from django.db.models import QuerySet

from ..play import services
from ..play.models import Game, Seat
from .models import Conversation


def revealed(game: Game) -> bool:
    """Every conversation of the game is readable by all (SITE-CHAT-05)."""
    return game.is_finished and game.reveal_talk


def seat_of(game: Game, user) -> int | None:
    """The seat ``user`` plays in ``game`` now, or None."""
    return services.seat_of(game, user)


def can_read(conversation: Conversation, game: Game, seat: int | None) -> bool:
    """Whether the holder of ``seat`` (None: anyone without a seat in the game) reads it."""
    if revealed(game):
        return True
    return seat is not None and seat in conversation.seats


def can_write(conversation: Conversation, game: Game, seat: int | None) -> bool:
    """Whether the holder of ``seat`` writes in it: a member, while the game is played."""
    return game.status == Game.Status.ACTIVE and seat is not None and seat in conversation.seats


def readable(game: Game, seat: int | None) -> QuerySet[Conversation]:
    """The conversations of ``game`` the holder of ``seat`` reads, oldest first."""
    qs = Conversation.objects.filter(game=game).order_by("pk")
    if revealed(game):
        return qs
    if seat is None:
        return qs.none()
    return qs.filter(members__seat=seat)


def people_seats(game: Game) -> dict[int, object]:
    """The seats of ``game`` held by a person now (not a bot, not vacant), with their users."""
    return {s.index: s.user for s in game.seats_now()
            if s.user_id is not None and not s.is_bot and s.status == Seat.Status.PLAYING}
