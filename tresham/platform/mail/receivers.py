"""The lobby's signals, connected to their mails (SITE-QUEUE-07, SITE-CREATE-14,
SITE-EMAIL-01/02).

The lobby sends its signals once its transaction has committed (``lobby/signals.py``), so
these receivers enqueue in a transaction of their own, reading the committed game. A process
killed between the lobby's commit and this enqueue loses those mails (the only mails not
written in the transaction of their change); the keys make a second delivery of a signal
harmless.
"""
from __future__ import annotations

from django.db import transaction

from ..lobby import signals
from ..play.models import Game
from . import game_mails


def _fresh(game: Game) -> Game | None:
    return Game.objects.filter(pk=game.pk).first()


def on_player_joined(sender, game: Game, seat: int, user=None, via: str = "manual", **kwargs) -> None:
    with transaction.atomic():
        g = _fresh(game)
        if g is not None:
            game_mails.player_joined(g, seat, user, via)


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


def connect() -> None:
    signals.player_joined.connect(on_player_joined, dispatch_uid="mail.player_joined")
    signals.game_filled.connect(on_game_filled, dispatch_uid="mail.game_filled")
    signals.friend_added.connect(on_friend_added, dispatch_uid="mail.friend_added")
