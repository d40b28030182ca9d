"""What the table talk tells the apps above it (the mail app), inside the transaction that
writes the message: :data:`posted`, with ``message`` (a :class:`.models.Message`) and ``game``.
A receiver works in a savepoint of its own; its failure is logged and the message stands."""
from __future__ import annotations

import logging

from django.dispatch import Signal

from .models import Message

log = logging.getLogger(__name__)

posted = Signal()


def send_posted(**kwargs) -> None:
    for receiver, result in posted.send_robust(sender=Message, **kwargs):
        if isinstance(result, Exception):
            log.error("a receiver of talk.signals.posted failed: %r", receiver, exc_info=result)
