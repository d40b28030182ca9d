"""The JSON API of absences: pauses (SITE-PAUSE-01..06) and quitting a game (SITE-QUIT-01..04).

Refusals are JSON ``{"error", "message"}`` with a 4xx status and change nothing (the site's
handlers in ``platform/api.py`` turn the services' errors into them)."""
from __future__ import annotations

import datetime as dt
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.utils import timezone
from ninja import Field, Router, Schema, Status

from ..api_errors import ERRORS
from ..lobby.services import printable
from ..play.models import Game, display_name
from . import absence, pauses
from .models import Pause

router = Router(tags=["absence"])


# ---- pauses -----------------------------------------------------------------------------------
class PauseOut(Schema):
    id: int
    who: str = Field(description="the player who asked for it")
    mine: bool
    start: dt.datetime
    end: dt.datetime = Field(description="when it stops being in force (a removed pause: 24 hours after its "
                                         "removal at the latest)")
    days: int = Field(description="its length in days on its requester's calendar")
    state: str = Field(description='"to come", "in force", "over" or "cancelled" (removed before it began)')
    removed_at: dt.datetime | None
    reason: str | None = Field(description="why (shown to the players of his games)")
    can_remove: bool = Field(description="you may remove it: you asked for it, or you are an administrator")


class PausesOut(Schema):
    pauses: list[PauseOut] = Field(description="your pauses and those of the players of your games, not over")
    max_days: int
    max_ahead_days: int
    max_standing: int
    tail_hours: int = Field(description="how long a removed pause stays in force")


def pause_out(p: Pause, user, *, reason: bool = True) -> dict[str, Any]:
    """A pause as ``user`` sees it (``reason``: whether he may read why)."""
    return {"id": p.pk, "who": display_name(p.user), "mine": user.is_authenticated and p.user_id == user.pk,
            "start": p.start,
            "end": pauses.in_force_until(p), "days": pauses.days_of(p), "state": pauses.state_of(p),
            "removed_at": p.removed_at, "reason": p.reason if reason else None,
            "can_remove": pauses.may_remove(p, user) and p.removed_at is None and pauses.state_of(p) != "over"}


@router.get("/pauses", response={200: PausesOut, **ERRORS}, summary="Pauses of your games")
def list_pauses(request: HttpRequest):
    """Your pauses and those of the players you share a game with, in force or to come, with
    their reasons (SITE-PAUSE-01, SITE-PAUSE-05)."""
    user = request.user
    return {"pauses": [pause_out(p, user) for p in pauses.concerning(user)], "max_days": pauses.MAX_DAYS,
            "max_ahead_days": pauses.MAX_AHEAD_DAYS, "max_standing": pauses.MAX_STANDING,
            "tail_hours": settings.TRESHAM_PAUSE_TAIL_HOURS}


class PauseIn(Schema):
    start_date: dt.date = Field(description="the first day of the pause, on your own calendar (today or later)")
    end_date: dt.date = Field(description="the last day of the pause (included)")
    reason: str = Field(max_length=2000, description="why: the other players see it (at most 500 characters)")


@router.post("/pauses", response={201: PauseOut, **ERRORS}, summary="Submit Game Pause Request")
def create_pause(request: HttpRequest, body: PauseIn):
    """Pause all your games from the start of ``start_date`` to the end of ``end_date`` (your
    time zone), and any game you join meanwhile (SITE-PAUSE-01/02): deadlines that would fall
    inside move to its end (SITE-PAUSE-03), the market's opening too (SITE-PAUSE-04). Pauses
    are for real absence only (code of conduct, rule 5)."""
    p = pauses.request_pause_for_dates(request.user, body.start_date, body.end_date, body.reason)
    return Status(201, pause_out(p, request.user))


@router.post("/pauses/{pause_id}/remove", response={200: PauseOut, **ERRORS}, summary="Remove a pause")
def remove_pause(request: HttpRequest, pause_id: int):
    """"Remove" (SITE-PAUSE-05/06): the pause stays in force 24 more hours so that every
    player can react, then ends. Only its requester or an administrator may."""
    p = pauses.remove_pause(pause_id, request.user)
    return pause_out(p, request.user)


@router.get("/games/{game_id}/pauses", response={200: list[PauseOut], **ERRORS}, auth=None,
            summary="The pauses that move a game's deadlines")
def game_pauses(request: HttpRequest, game_id: int):
    """The pauses of the game's players, in force or to come; their reasons only for the
    game's players (and administrators)."""
    game = get_object_or_404(Game, pk=game_id)
    user = request.user
    reason = pauses.sees_reasons(game, user)
    return [pause_out(p, user, reason=reason) for p in pauses.of_game(game)]


# ---- quitting -----------------------------------------------------------------------------------
class ReplacementOut(Schema):
    username: str
    name: str
    problem: str | None = Field(description="why this friend cannot take over (null: he can)")


class QuittableOut(Schema):
    game_id: int
    name: str
    status: str = Field(description='"active" (being played) or "open" (waiting for players)')
    stage: str
    seat: int
    replacements: list[ReplacementOut] = Field(description="your friends not in the game (SITE-QUIT-02)")


class QuitListOut(Schema):
    games: list[QuittableOut]


@router.get("/quit", response={200: QuitListOut, **ERRORS}, summary="Quit a Game...")
def quit_list(request: HttpRequest):
    """Every unfinished game you play (SITE-QUIT-01), with the friends who could replace you."""
    user = request.user
    out = []
    for s in absence.quittable(user):
        out.append({"game_id": s.game_id, "name": s.game.name, "status": s.game.status, "stage": s.game.stage,
                    "seat": s.index,
                    "replacements": [{"username": f.username, "name": display_name(f), "problem": why}
                                     for f, why in absence.replacement_choices(s.game, user)]})
    return {"games": out}


class QuitIn(Schema):
    replacement: str | None = Field(None, max_length=150, description="the username of the friend who takes "
                                                                      "over; null: the seat opens to everyone")


class QuitOut(Schema):
    game_id: int
    seat: int
    replacement: str | None = Field(description="who holds the seat now; null: it awaits a player")
    at: dt.datetime


@router.post("/games/{game_id}/quit", response={200: QuitOut, **ERRORS}, summary="Quit a game")
def quit_game(request: HttpRequest, game_id: int, body: QuitIn):
    """Leave the game (SITE-QUIT-04): your seat passes to the friend you name, who takes over
    your nation as it stands (SITE-QUIT-02, 05), or opens to every player, in the Open list
    and to the queue (SITE-QUIT-03). Every player is told."""
    game = get_object_or_404(Game, pk=game_id)
    replacement = None
    if body.replacement is not None and body.replacement.strip():
        if not printable(body.replacement):  # a control character or lone surrogate: nobody's name
            raise absence.NotAFriend("a username holds no control characters")
        replacement = get_user_model().objects.filter(username=body.replacement.strip()).first()
        if replacement is None:
            raise absence.NotAFriend(f"no user is called {body.replacement.strip()[:40]!r}")
    seat = absence.quit_game(game.pk, request.user, replacement=replacement)
    return {"game_id": game.pk, "seat": seat.index,
            "replacement": display_name(seat.user) if seat.user_id else None, "at": timezone.now()}
