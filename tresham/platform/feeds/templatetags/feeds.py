"""The feeds' parts of other apps' pages: the calendar section of the account page and the
webhooks link of the game page (docs/platform.md: pages show another app's parts through its
template tags)."""
from __future__ import annotations

from django import template

from ..models import CalendarKey
from ..views import FRESH
from ..webhooks import is_member

register = template.Library()


@register.inclusion_tag("feeds/_calendar_panel.html", takes_context=True)
def calendar_panel(context) -> dict:
    request = context.get("request")
    user = getattr(request, "user", None)
    key = CalendarKey.objects.filter(user=user).first() if user is not None and user.is_authenticated else None
    fresh = request.session.pop(FRESH, "") if request is not None and key is not None else ""
    return {"key": key, "fresh": fresh, "csrf_token": context.get("csrf_token")}


@register.inclusion_tag("feeds/_webhooks_link.html", takes_context=True)
def webhooks_link(context, game) -> dict:
    request = context.get("request")
    user = getattr(request, "user", None)
    return {"game": game, "member": is_member(game, user), "count": game.webhooks.filter(active=True).count()}
