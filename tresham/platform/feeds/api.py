"""The feeds' JSON API: the account's calendar address (SITE-FEED-01) and a game's webhooks
(SITE-FEED-02), its players only (403 otherwise). Every refusal is the API's ``ErrorOut``
and changes nothing."""
from __future__ import annotations

from datetime import datetime

from django.http import HttpRequest
from ninja import Field, Router, Schema
from ninja.responses import Status

from ..api_errors import ErrorOut
from ..play.models import Game
from ..play.services import GameNotFound
from . import calfeed, webhooks
from .models import MAX_URL, CalendarKey, Webhook

router = Router(tags=["feeds"])

ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut, 422: ErrorOut}


class CalendarOut(Schema):
    has_address: bool = Field(description="the account has a calendar address now")
    created_at: datetime | None = Field(None, description="when it was made")
    url: str | None = Field(None, description="the new address: given once, when it is made (the site keeps only "
                                              "a fingerprint of it)")


class WebhookOut(Schema):
    id: int
    kind: str = Field(description="discord or slack")
    address: str = Field(description="the whole address for the player who added it, its host for the others")
    owner: str
    yours: bool
    active: bool = Field(description="false once switched off after repeated failures")
    failures: int = Field(description="failed deliveries in a row")
    last_error: str = Field(description="the last failure (its owner only)")


class WebhookIn(Schema):
    url: str = Field(min_length=1, max_length=MAX_URL, description="the chat's webhook address, http(s) on a public host")
    kind: str = Field("discord", description="discord ({\"content\": ...}) or slack ({\"text\": ...})")


def _game(game_id: int) -> Game:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise GameNotFound(f"there is no game {game_id}")
    return game


@router.get("/calendar", response={200: CalendarOut, **ERRORS}, operation_id="feeds_calendar")
def calendar_get(request: HttpRequest):
    """Whether the account has a calendar address (the address itself is shown only when made)."""
    key = CalendarKey.objects.filter(user=request.user).first()
    return CalendarOut(has_address=key is not None, created_at=key.created_at if key else None)


@router.post("/calendar", response={201: CalendarOut, **ERRORS}, operation_id="feeds_calendar_renew")
def calendar_post(request: HttpRequest):
    """Make the account's calendar address anew: the old one answers 404 from now on."""
    url = calfeed.address(calfeed.renew(request.user))
    key = CalendarKey.objects.get(user=request.user)
    return Status(201, CalendarOut(has_address=True, created_at=key.created_at, url=url))


@router.delete("/calendar", response={204: None, **ERRORS}, operation_id="feeds_calendar_stop")
def calendar_delete(request: HttpRequest):
    """Stop the account's calendar address."""
    calfeed.stop(request.user)
    return Status(204, None)


@router.get("/games/{game_id}/webhooks", response={200: list[WebhookOut], **ERRORS}, operation_id="feeds_webhooks")
def webhooks_get(request: HttpRequest, game_id: int):
    """The game's webhooks (its players only)."""
    return [WebhookOut(**vars(h)) for h in webhooks.of_game(_game(game_id), request.user)]


@router.post("/games/{game_id}/webhooks", response={201: WebhookOut, **ERRORS}, operation_id="feeds_webhook_add")
def webhooks_post(request: HttpRequest, game_id: int, payload: WebhookIn):
    """Add a webhook to the game (its players only; one per address; nothing is sent to it
    until there is something to tell)."""
    hook = webhooks.add(_game(game_id), request.user, payload.url, payload.kind)
    return Status(201, WebhookOut(**vars(webhooks.shown(hook, request.user))))


@router.delete("/games/{game_id}/webhooks/{hook_id}", response={204: None, **ERRORS},
               operation_id="feeds_webhook_remove")
def webhooks_delete(request: HttpRequest, game_id: int, hook_id: int):
    """Remove a webhook you added (its undelivered messages go with it)."""
    webhooks.remove(_game(game_id), request.user, hook_id)
    return Status(204, None)
