"""What a game's own page uses to give an order from a conversation of the table talk with the
game's own controls (SITE-CHAT-03, ``Offers.talk_page``): the conversation links that page as
``<page>?to=<seat>&talk=<conversation id>``; the page asks :func:`conversation_for` what to say
of it and gives the order through :func:`give_order`, so that the conversation holds it, in the
order's transaction, exactly as the conversation's own form does."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages as flash
from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from ...games.contract import IllegalOrder
from ..errors import Refusal
from ..play import services as play
from ..play.gamepages import Viewer, see_other
from . import access, services
from .models import Conversation


@dataclass(frozen=True)
class FromTalk:
    """The conversation a game's page gives an order from: its id, the members other than the
    viewer (seat, label), and its address."""

    id: int
    others: list[tuple[int, str]]
    url: str


def conversation_for(v: Viewer, raw: str | None) -> FromTalk | None:
    """The conversation ``raw`` (the page's ``talk`` parameter) if the viewer may give an order
    from it now; None for none, a malformed id, or one he does not write in (the page then
    works as without it)."""
    if not raw or not str(raw).isdigit() or v.seat is None:
        return None
    conv = Conversation.objects.filter(game=v.game, pk=int(raw)).first()
    if conv is None or not access.can_write(conv, v.game, v.seat):
        return None
    return FromTalk(conv.pk, [(s, v.seat_label(s)) for s in conv.seats if s != v.seat],
                    reverse("talk:conversation", args=[v.game.pk, conv.pk]))


def give_order(request: HttpRequest, v: Viewer, talk: FromTalk, order: dict, *, text: str, key: str | None,
               revision: int | None, again: Callable[[dict[str, str], int], HttpResponse]) -> HttpResponse:
    """Give ``order`` from the conversation ``talk`` (``services.give_order``: a talk order
    type, to one of its seats, through the one order path); accepted -> 303 to the
    conversation, which shows it; refused -> ``again(error, status)``, nothing changed."""
    try:
        services.give_order(v.game.pk, talk.id, request.user, order, text=text, client_key=key, revision=revision)
    except IllegalOrder as e:
        return again({"rule": e.rule, "message": e.message}, 400)
    except play.Stale:
        return again({"code": "stale", "message": "The game has changed since you looked: look again, and "
                                                  "send your order again if it still stands."}, 409)
    except Refusal as e:
        return again({"message": e.message}, e.status)
    flash.success(request, "Your order is given; the conversation shows it.")
    return see_other(talk.url)
