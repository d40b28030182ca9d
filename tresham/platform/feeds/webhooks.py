"""A game's webhooks (SITE-FEED-02): its members add and remove them.

A member is the holder of one of the game's seats now. Each webhook belongs to the member who
added it: he alone (or staff) removes it, he alone sees its whole address (a chat's webhook
address is its password); the other members see its kind, its host and whether it is on. One
webhook per address per game, at most ``TRESHAM_WEBHOOKS_PER_GAME`` each game. A refusal
changes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.db import IntegrityError, transaction

from ..play.models import Game, Seat, display_name
from . import targets
from .errors import FeedError, NoSuchWebhook, NotAMember
from .models import Webhook


def is_member(game: Game, user) -> bool:
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return Seat.objects.filter(game=game, user=user, status=Seat.Status.PLAYING).exists()


def require_member(game: Game, user) -> None:
    if not is_member(game, user):
        raise NotAMember("only the game's players may see and add its webhooks")


@dataclass(frozen=True)
class Shown:
    """A webhook as a member sees it."""

    id: int
    kind: str
    address: str  # whole for its owner, else only its host
    owner: str
    yours: bool
    active: bool
    failures: int
    last_error: str


def shown(hook: Webhook, user) -> Shown:
    mine = hook.owner_id == getattr(user, "pk", None)
    host = urlsplit(hook.url).hostname or "?"
    return Shown(hook.pk, hook.kind, hook.url if mine else f"{host}/\u2026", display_name(hook.owner), mine,
                 hook.active, hook.failures, hook.last_error if mine else "")


def of_game(game: Game, user) -> list[Shown]:
    """The game's webhooks as ``user`` (a member) sees them."""
    require_member(game, user)
    return [shown(h, user) for h in game.webhooks.select_related("owner__profile").order_by("pk")]


def add(game: Game, user, url: str, kind: str) -> Webhook:
    """Add a webhook to ``game`` for ``user`` (a member): refused with :class:`FeedError`
    (nothing written) for a bad address, an unknown kind, a game over, a second webhook of
    the same address, or one too many."""
    require_member(game, user)
    if game.is_finished:
        raise FeedError("the game is over: it has nothing more to announce")
    if kind not in Webhook.Kind.values:
        raise FeedError(f"a webhook is of kind {' or '.join(Webhook.Kind.values)}, not {kind!r}")
    url = targets.check(url)
    with transaction.atomic():
        if Webhook.objects.filter(game=game, url=url).exists():
            raise FeedError("this game already posts to that address", status=409, code="duplicate_webhook")
        if Webhook.objects.filter(game=game).count() >= settings.TRESHAM_WEBHOOKS_PER_GAME:
            raise FeedError(f"a game has at most {settings.TRESHAM_WEBHOOKS_PER_GAME} webhooks", status=409,
                            code="too_many_webhooks")
        try:
            with transaction.atomic():
                return Webhook.objects.create(game=game, owner=user, url=url, kind=kind)
        except IntegrityError:  # added at the same moment by another request
            raise FeedError("this game already posts to that address", status=409,
                            code="duplicate_webhook") from None


def remove(game: Game, user, hook_id: int) -> None:
    """Remove the webhook ``hook_id`` of ``game``: its owner's (or staff's) to do; its
    undelivered messages go with it."""
    hook = Webhook.objects.filter(game=game, pk=hook_id).first()
    if hook is None:
        raise NoSuchWebhook("this game has no such webhook")
    if hook.owner_id != getattr(user, "pk", None) and not getattr(user, "is_staff", False):
        raise NotAMember("only the player who added a webhook removes it", code="not_yours")
    hook.delete()
