"""The site's signals, connected to their mails: the lobby's (SITE-QUEUE-07, SITE-CREATE-14,
SITE-EMAIL-01/02) and the order path's (your turn, the events' mails, game over).

Both are sent inside the transaction of the change they report (``lobby/signals.py``,
``play/signals.py``); each receiver enqueues in a savepoint of it, so its mails are
committed with the change or not at all. The keys make a second delivery harmless.
"""
from __future__ import annotations

from django.db import transaction

from ..lobby import signals
from ..play import signals as play_signals
from ..play.models import Game
from . import game_mails


def _fresh(game: Game) -> Game | None:
    return Game.objects.filter(pk=game.pk).first()


def on_player_joined(sender, game: Game, seat: int, user=None, via: str = "manual", **kwargs) -> None:
    with transaction.atomic():
        g = _fresh(game)
        if g is not None:
            game_mails.player_joined(g, seat, user, via)
            game_mails.seat_taken_over(g, seat, user)


def on_game_filled(sender, game: Game, **kwargs) -> None:
    with transaction.atomic():
        g = _fresh(game)
        if g is not None:
            game_mails.game_filled(g)


def on_friend_added(sender, game: Game, user, by=None, **kwargs) -> None:
    with transaction.atomic():
        g = _fresh(game)
        if g is not None:
            game_mails.friend_added(g, user, by)


def on_game_changed(sender, game: Game, rules, before, after, events, due, **kwargs) -> None:
    """An accepted order: its mails, in the order's own transaction (a savepoint of it)."""
    with transaction.atomic():
        game_mails.after_order(game, rules, before, after, events, due)


def connect() -> None:
    play_signals.changed.connect(on_game_changed, dispatch_uid="mail.game_changed")
    signals.player_joined.connect(on_player_joined, dispatch_uid="mail.player_joined")
    signals.game_filled.connect(on_game_filled, dispatch_uid="mail.game_filled")
    signals.friend_added.connect(on_friend_added, dispatch_uid="mail.friend_added")
