"""The site's signals, connected to their mails: the lobby's (SITE-QUEUE-07, SITE-CREATE-14,
SITE-EMAIL-01/02), the clock's (pauses, quits, removals: SITE-PAUSE-01/05, SITE-QUIT-04,
SITE-REMOVE-01), the order path's (your turn, the events' mails, game over) and the accounts'
(a password reset, a moderation notice), the clock's new deadlines (their reminders) and the
table talk's messages (batched into the members' next mails).

The game mails' signals are sent inside the transaction of the change they report
(``lobby/signals.py``, ``clock/signals.py``, ``play/signals.py``); each receiver enqueues in a
savepoint of it, so its mails are committed with the change or not at all. The keys make a
second delivery harmless. The mail app stands above the apps it listens to (docs/platform.md,
"Apps, one concern each"): they never import it.
"""
from __future__ import annotations

from django.db import transaction

from ..accounts import mails as account_mails
from ..clock import signals as clock_signals
from ..lobby import signals
from ..play import signals as play_signals
from ..play.models import Game
from ..talk import signals as talk_signals
from . import game_mails, outbox, reminders, sender as mail_sender, talk_batch


def _fresh(game: Game) -> Game | None:
    return Game.objects.filter(pk=game.pk).first()


def on_player_joined(sender, game: Game, seat: int, user=None, via: str = "manual", **kwargs) -> None:
    with transaction.atomic():
        g = _fresh(game)
        if g is not None:
            game_mails.player_joined(g, seat, user, via)
            game_mails.seat_taken_over(g, seat, user)
            reminders.rewrite_seat(g, seat)  # his reminders, not his predecessor's


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


def on_pause_started(sender, game: Game, pause, **kwargs) -> None:
    with transaction.atomic():
        game_mails.pause_started(game, pause.pk, by=pause.user, starts=pause.start, until=pause.end,
                                 reason=pause.reason)


def on_pause_removed(sender, game: Game, pause, by=None, ends_at=None, **kwargs) -> None:
    with transaction.atomic():
        game_mails.pause_removed(game, pause.pk, by=by, ends_at=ends_at)


def on_player_quit(sender, game: Game, seat: int, quitter, replacement=None, ref=None, **kwargs) -> None:
    with transaction.atomic():
        game_mails.player_quit(game, seat, quitter, replacement=replacement, ref=ref)


def on_player_removed(sender, game: Game, seat: int, removed, missed=None, ref=None, **kwargs) -> None:
    with transaction.atomic():
        game_mails.player_removed(game, seat, removed, missed=missed, ref=ref)


def on_deadlines_set(sender, game: Game, rows, **kwargs) -> None:
    """New deadlines (``clock.signals.deadlines_set``): their reminders noted in their
    transaction, written out by the worker (SITE-NOTIFY-02)."""
    with transaction.atomic():
        reminders.note(game, rows)


def on_talk_posted(sender, message, game: Game, **kwargs) -> None:
    """A message of the table talk (``talk.signals.posted``): its other members are woken for
    a batch of what they have not read (SITE-CHAT-02)."""
    with transaction.atomic():
        talk_batch.on_posted(message, game)


def on_account_mail(sender, to, subject: str, body: str, key: str | None = None, user=None, html: str = "",
                    at_once: bool = False, **kwargs) -> None:
    """A mail about an account (``accounts.mails.wanted``): written to the outbox, then sent at
    once (a password reset, whose row is the only change) or once the change commits."""
    row = outbox.enqueue_service(to, subject, body, key=key, user=user, html=html)
    if at_once:
        mail_sender.deliver([row.pk])
    else:
        mail_sender.deliver_after_commit([row.pk])


def connect() -> None:
    play_signals.changed.connect(on_game_changed, dispatch_uid="mail.game_changed")
    signals.player_joined.connect(on_player_joined, dispatch_uid="mail.player_joined")
    signals.game_filled.connect(on_game_filled, dispatch_uid="mail.game_filled")
    signals.friend_added.connect(on_friend_added, dispatch_uid="mail.friend_added")
    clock_signals.pause_started.connect(on_pause_started, dispatch_uid="mail.pause_started")
    clock_signals.pause_removed.connect(on_pause_removed, dispatch_uid="mail.pause_removed")
    clock_signals.player_quit.connect(on_player_quit, dispatch_uid="mail.player_quit")
    clock_signals.player_removed.connect(on_player_removed, dispatch_uid="mail.player_removed")
    account_mails.wanted.connect(on_account_mail, dispatch_uid="mail.account")
    clock_signals.deadlines_set.connect(on_deadlines_set, dispatch_uid="mail.deadlines_set")
    talk_signals.posted.connect(on_talk_posted, dispatch_uid="mail.talk_posted")
