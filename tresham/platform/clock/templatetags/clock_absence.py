"""``{% game_pauses game %}``: the pauses that move a game's deadlines, for its pages."""
from __future__ import annotations

from django import template

from .. import pauses

register = template.Library()


@register.inclusion_tag("clock/pauses_in_game.html", takes_context=True)
def game_pauses(context, game) -> dict:
    """The game's pauses as the viewer may see them (reasons only for its players)."""
    request = context.get("request")
    user = getattr(request, "user", None)
    rows = pauses.visible_pauses(game, user) if game is not None and game.status == "active" else []
    return {"game_pauses": rows, "show_link": bool(user is not None and user.is_authenticated
                                                    and game.seats.filter(user=user).exists())}
