"""A game that ends is rated in the transaction that ends it (play.signals.changed)."""
from __future__ import annotations

import logging

from django.db import transaction
from django.dispatch import receiver

from ..play.signals import changed
from . import record, services

log = logging.getLogger(__name__)


@receiver(changed, dispatch_uid="ratings.after_order")
def after_order(sender, *, game, rules, before, after, **kwargs) -> None:
    """Rate the game that has just ended, unless it started from a prepared position: such a
    game is never rated (SITE-SAFE-11)."""
    if not rules.finished(after) or (before is not None and rules.finished(before)):
        return
    if not game.is_rated:
        return
    with transaction.atomic():  # its own savepoint: a failure here undoes only the rating
        services.rate(game, game.kind, record.game_record(game, rules, after))
