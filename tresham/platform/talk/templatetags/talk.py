"""``{% talk_panel game %}``: the table talk on a game's page (the viewer's unread messages and
a link to his conversations; the live pages' mark), and ``{% talk_unread rows as unread %}`` /
``unread|unread_for:game`` for the game list (SITE-CHAT-02). Nothing for anyone without a
seat, unless the game is over with its talk revealed (a link only)."""
from __future__ import annotations

from django import template
from django.urls import reverse

from .. import access, services

register = template.Library()


@register.inclusion_tag("talk/_unread.html", takes_context=True)
def talk_panel(context, game) -> dict:
    request = context.get("request")
    user = getattr(request, "user", None)
    seat = access.seat_of(game, user) if user is not None else None
    out = {"game": game, "seat": seat, "revealed": access.revealed(game), "url": reverse("talk:index", args=[game.pk])}
    if seat is not None:
        unread = services.unread_in_game(game, user, seat)
        topic = services.topic_of(game.pk, seat)
        out.update(unread=sum(unread.values()), conversations=len(unread), mark=services.newest_for_seats([topic])[topic])
    return out


@register.simple_tag(takes_context=True)
def talk_unread(context, rows) -> dict[int, int]:
    """Game id -> the viewer's unread conversation messages, for the list's games he plays."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    seats = {r.game.pk: r.your_seat for r in (rows or []) if getattr(r, "your_seat", None) is not None}
    return services.unread_by_game(user, seats)


@register.filter
def unread_for(unread: dict, game) -> int:
    return (unread or {}).get(getattr(game, "pk", game), 0)
