"""What the clock tells the rest of the site, inside the transaction of the change.

The mail app connects its receivers here (``mail/receivers.py``): the pause, quit and removal
mails are written to its outbox in the change's own transaction, so a rolled-back change
mails nobody and a committed one cannot lose its mail, as with the lobby's and the order
path's signals (``lobby/signals.py``, ``play/signals.py``). Each signal is sent with
``sender=Game`` and the keyword arguments below; a receiver works in a savepoint of its own,
and one that fails is logged and never undoes the change (``send_robust``).

- :data:`pause_started` -- ``game``, ``pause`` (``clock.Pause``): a player of the game asked
  for a pause (SITE-PAUSE-01);
- :data:`pause_removed` -- ``game``, ``pause``, ``by`` (who removed it), ``ends_at`` (when it
  stops being in force; None: it never began) (SITE-PAUSE-05/06);
- :data:`player_quit` -- ``game``, ``seat`` (index), ``quitter``, ``replacement`` (his named
  friend, or None), ``ref`` (what tells this quit from another of the same seat)
  (SITE-QUIT-04);
- :data:`player_removed` -- ``game``, ``seat``, ``removed``, ``missed`` (the deadlines missed
  in a row), ``ref`` (SITE-REMOVE-01);
- :data:`deadlines_set` -- ``game``, ``rows``: the game's new timeout rows (``clock.Due``,
  saved), each a deadline that begins or moves, written in this transaction (the mail app's
  reminders, SITE-NOTIFY-02, hang on them: a row deleted takes its reminders with it).
"""
from __future__ import annotations

import logging

from django.dispatch import Signal

from ..play.models import Game

log = logging.getLogger(__name__)

pause_started = Signal()
pause_removed = Signal()
player_quit = Signal()
player_removed = Signal()
deadlines_set = Signal()


def send(signal: Signal, **kwargs) -> None:
    """Send ``signal`` now, inside the caller's transaction (see the module's text)."""
    for receiver, result in signal.send_robust(sender=Game, **kwargs):
        if isinstance(result, Exception):
            log.error("clock signal receiver %r failed: %r", receiver, result, exc_info=result)
