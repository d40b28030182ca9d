"""What the lobby tells the rest of the site, inside the transaction of the change.

The mail app connects its receivers here (SITE-QUEUE-07, SITE-EMAIL-01/02); they write their
outbox rows in the join's own transaction, so a rolled-back join mails nobody and a
committed one cannot lose its mail. Each signal is sent with ``sender=Game`` and the keyword
arguments below; a receiver works in a savepoint of its own, and one that fails is logged
and never undoes the join (``send_robust``).

- :data:`player_joined` -- ``game``, ``seat`` (index), ``user`` (None for a bot), ``via``:
  one of :data:`VIA` -- every member gets a mail "a new player joined" (SITE-QUEUE-07);
  sent after a running game's due rows are his, so one taking over a seat that owes a
  decision is told it is his turn, with his deadline.
- :data:`game_filled` -- ``game``: every seat is taken and nation picking starts; every
  member gets a mail (SITE-QUEUE-07).
- :data:`friend_added` -- ``game``, ``user`` (the friend), ``by`` (the creator): the friend
  gets a mail (SITE-CREATE-14, SITE-EMAIL-02).
"""
from __future__ import annotations

import logging

from django.dispatch import Signal

from ..play.models import Game

log = logging.getLogger(__name__)

#: how a seat was taken
VIA = ("creator", "manual", "queue", "friend", "bot", "replacement")

player_joined = Signal()
game_filled = Signal()
friend_added = Signal()


def send(signal: Signal, **kwargs) -> None:
    """Send ``signal`` now, inside the caller's transaction (see the module's text)."""
    for receiver, result in signal.send_robust(sender=Game, **kwargs):
        if isinstance(result, Exception):
            log.error("lobby signal receiver %r failed: %r", receiver, result, exc_info=result)
