"""``{% list_deadlines rows as deadlines %}`` and ``deadlines|deadline_for:game``: the game
list's deadlines (the viewer's own, else the game's next one), all the page's games in one
query. The templates render the moments in the viewer's own time zone."""
from __future__ import annotations

from django import template

from .. import shown

register = template.Library()


@register.simple_tag
def list_deadlines(rows) -> dict:
    """Game id -> :class:`~tresham.platform.clock.shown.ListDeadline` for the list's lines."""
    rows = list(rows or [])
    return shown.of_games([r.game for r in rows], {r.game.pk: r.your_seat for r in rows})


@register.filter
def deadline_for(deadlines: dict, game):
    """The line's deadline of ``game`` (None: the list has none for it)."""
    return (deadlines or {}).get(getattr(game, "pk", game))
