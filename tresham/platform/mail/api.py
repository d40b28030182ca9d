"""The mail preferences in the JSON API: the site-wide choice (each mail at once, a daily
digest, none), the reminders before a deadline (SITE-NOTIFY-02) and each game's choice (every
mail, in the digest, muted: SITE-NOTIFY-03)."""
from __future__ import annotations

from django.http import HttpRequest
from ninja import Field, Router, Schema
from pydantic import StrictInt

from ..api_errors import ErrorOut
from ..errors import Refusal
from ..play.models import Game
from . import preferences
from .models import Delivery, GameDelivery
from .preferences import MAX_BEFORE, MAX_SHARE
from .views import my_games

router = Router(tags=["mail"])


class GameMailOut(Schema):
    game: int
    name: str
    delivery: str = Field(description='your choice for this game: "every", "digest", "muted", or "" (your '
                                      "site-wide choice)")
    effective: str = Field(description='how its mails reach you now: "immediate", "digest" or "none"')


class MailPreferencesOut(Schema):
    delivery: str = Field(description='all game mails: "immediate", "digest" (one a day) or "none"')
    remind_share: int = Field(description="a reminder when this share (percent) of a decision's time is left; "
                                          "0: none (default 20)")
    remind_before: int = Field(description="a reminder this many minutes before a deadline; 0: none (default 60)")
    games: list[GameMailOut] = Field(description="the games you play now")


class MailPreferencesIn(Schema):
    delivery: str | None = Field(None, description='"immediate", "digest" or "none"; null: unchanged')
    remind_share: StrictInt | None = Field(None, ge=0, le=MAX_SHARE, description="null: unchanged")
    remind_before: StrictInt | None = Field(None, ge=0, le=MAX_BEFORE, description="null: unchanged")


class GameMailIn(Schema):
    delivery: str = Field(description='"every", "digest", "muted", or "" for your site-wide choice')


def _game_out(user, game: Game) -> dict:
    return {"game": game.pk, "name": game.name, "delivery": preferences.game_choice(user, game),
            "effective": preferences.delivery_for(user, game)}


def _out(user) -> dict:
    r = preferences.reminders_of(user)
    return {"delivery": preferences.delivery_of(user), "remind_share": r.share, "remind_before": r.before,
            "games": [_game_out(user, g) for g in my_games(user)]}


@router.get("/mail/preferences", response={200: MailPreferencesOut, 401: ErrorOut}, summary="Your mail preferences")
def get_preferences(request: HttpRequest):
    """How your game mails reach you, your reminders, and each game's choice."""
    return _out(request.user)


@router.put("/mail/preferences", response={200: MailPreferencesOut, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut,
                                           422: ErrorOut}, summary="Change your mail preferences")
def put_preferences(request: HttpRequest, body: MailPreferencesIn):
    """Change what is given (the rest stays): the site-wide choice applies at once to the mails
    not sent yet; changed reminders are written again for your running deadlines."""
    if body.delivery is not None and body.delivery not in Delivery.values:
        raise Refusal(f"delivery is one of {', '.join(Delivery.values)}", code="bad_request")
    if body.delivery is not None:
        preferences.set_delivery(request.user, body.delivery, changed_by="api")
    if body.remind_share is not None or body.remind_before is not None:
        now = preferences.reminders_of(request.user)
        preferences.set_reminders(request.user,
                                  share=now.share if body.remind_share is None else body.remind_share,
                                  before=now.before if body.remind_before is None else body.remind_before)
    return _out(request.user)


@router.put("/games/{game_id}/mail", response={200: GameMailOut, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut,
                                               404: ErrorOut, 422: ErrorOut}, summary="Choose a game's mails")
def put_game_mail(request: HttpRequest, game_id: int, body: GameMailIn):
    """Every mail of this game, only in your daily digest, or none (muted); "" follows your
    site-wide choice (SITE-NOTIFY-03). For a game you play now."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise Refusal(f"there is no game {game_id}", code="not_found", status=404)
    if not any(g.pk == game.pk for g in my_games(request.user)):
        raise Refusal("you play no seat in this game now", code="not_your_game", status=403)
    if body.delivery not in GameDelivery.values and body.delivery != "":
        raise Refusal(f"delivery is one of {', '.join(GameDelivery.values)} or \"\"", code="bad_request")
    preferences.set_game_delivery(request.user, game, body.delivery)
    return _game_out(request.user, game)
