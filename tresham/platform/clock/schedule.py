"""Which due rows a game has now: computed from the rules' pending decisions."""
from __future__ import annotations

from typing import Any

from django.utils import timezone

from ...games.base import GameRules
from .models import Due


def reschedule(game, rules: GameRules, state: Any) -> None:
    """Replace the game's due rows (inside the order's transaction): a bot seat owing a
    decision is due now."""
    Due.objects.filter(game=game).delete()
    if rules.finished(state):
        return
    bots = set(game.seats.filter(is_bot=True).values_list("index", flat=True))
    now = timezone.now()
    rows = []
    for d in rules.pending(state):
        if d.required and d.player in bots and not any(r.seat == d.player for r in rows):
            rows.append(Due(game=game, seat=d.player, action=Due.Action.BOT, due_at=now,
                            revision=game.revision))
    Due.objects.bulk_create(rows)
