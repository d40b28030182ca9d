"""What the lobby tells the rest of the site, after the change is committed.

The mail issue connects its receivers here (SITE-QUEUE-07, SITE-EMAIL-01/02); nothing is sent
from inside a transaction, so a rolled-back join never mails anybody. Each signal is sent
with ``sender=Game`` and the keyword arguments below; a failing receiver is logged and never
undoes the join (``send_robust``).

- :data:`player_joined` -- ``game``, ``seat`` (index), ``user`` (None for a bot), ``via``:
  one of :data:`VIA` -- every member gets a mail "a new player joined" (SITE-QUEUE-07).
- :data:`game_filled` -- ``game``: every seat is taken and nation picking starts; every
  member gets a mail (SITE-QUEUE-07).
- :data:`friend_added` -- ``game``, ``user`` (the friend), ``by`` (the creator): the friend
  gets a mail (SITE-CREATE-14, SITE-EMAIL-02).
"""
from __future__ import annotations

import logging

from django.db import transaction
from django.dispatch import Signal

from ..play.models import Game

log = logging.getLogger(__name__)

#: how a seat was taken
VIA = ("creator", "manual", "queue", "friend", "bot", "replacement")

player_joined = Signal()
game_filled = Signal()
friend_added = Signal()


def send_after_commit(signal: Signal, **kwargs) -> None:
    """Send ``signal`` once the current transaction commits (at once outside one)."""
    def send() -> None:
        for receiver, result in signal.send_robust(sender=Game, **kwargs):
            if isinstance(result, Exception):
                log.error("lobby signal receiver %r failed: %r", receiver, result, exc_info=result)

    transaction.on_commit(send)
