"""What the order path tells the rest of the site, inside the order's own transaction.

:data:`changed` is sent by :func:`.services.submit` (and when a game is dealt) after the new
state, its log entry, its events and its due rows are written and before the transaction
commits, so whatever a receiver writes -- the mail app's outbox rows, for one -- is committed
with the change it reports or not at all (nothing is lost, nothing is doubled). A receiver
does its writes in a savepoint of its own (``with transaction.atomic():``) so that, if it
fails, it undoes only its own writes: the failure is logged and the order stands.

Keyword arguments, with ``sender=Game``:

- ``game`` -- the game row, its ``revision`` the new one;
- ``rules`` -- the game's :class:`~tresham.games.contract.GameRules`;
- ``before`` -- the state before the order (None when the game was just dealt);
- ``after`` -- the state after it;
- ``events`` -- the order's events, the platform's notes first (empty when just dealt);
- ``due`` -- the game's new due rows (the clock's deadlines, timers, bot moves).
"""
from __future__ import annotations

import logging

from django.dispatch import Signal

from .models import Game

log = logging.getLogger(__name__)

changed = Signal()


def send_changed(**kwargs) -> None:
    """Send :data:`changed` to every receiver (see the module's text); a failure is logged."""
    for receiver, result in changed.send_robust(sender=Game, **kwargs):
        if isinstance(result, Exception):
            log.error("a receiver of play.signals.changed failed: %r", receiver, exc_info=result)
