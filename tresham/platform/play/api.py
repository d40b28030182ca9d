"""The JSON API of games being played: the caller's view, orders, history, messages."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, Query, Router, Schema
from ninja.responses import Status
from pydantic import field_validator

from ...games.contract import AlreadyDone, IllegalOrder
from ..api_errors import ErrorOut
from ..errors import Refusal
from . import hooks, preview, services, visibility
from .options import public_options
from .messages import check_message_limit
from .models import EventRecord, Game, Message, display_name

router = Router(tags=["play"])


class GameSeatOut(Schema):  # a seat of a game being played; the lobby's: lobby.api.LobbySeatOut
    index: int
    name: str
    is_bot: bool
    bot_level: str | None = Field(None, description="a bot seat's level (a key of GET /lobby/new-game's "
                                                    "kinds[].bot_levels, SITE-BOT-05); null: a person's seat")
    status: str
    you: bool


class SeatDeadlineOut(Schema):
    seat: int
    due_at: datetime = Field(description="when the seat's current deadline passes (ISO 8601, UTC)")
    decision: str = Field(description="the kind of decision it is for")
    yours: bool


class TimerOut(Schema):
    name: str = Field(description='the timer, e.g. "embargo" (the trade embargo ends) or "cutoff" '
                                  "(the trade market closes)")
    label: str
    due_at: datetime = Field(description="ISO 8601, UTC")


class DeadlinesOut(Schema):
    no_time_limit: bool = Field(description="the game has no time limit: no deadlines, no defaults")
    seats: list[SeatDeadlineOut] = Field(description="each seat's current deadline (seats owing nothing timed "
                                                     "have none)")
    timers: list[TimerOut] = Field(description="the game's timers running now (the trade market's)")


class GameOut(Schema):
    id: int
    kind: str
    name: str
    status: str
    players: int
    time_limit: int | None = Field(description="seconds per decision; null = no time limit")
    options: dict[str, Any]
    revision: int
    stage: str
    seed_sha256: str
    seed: str | None = Field(description="revealed when the game is over")
    prepared: bool = Field(description="the game started from a prepared position (SITE-SAFE-11)")
    rated: bool = Field(description="the game counts for the rankings when it ends; never one from a prepared "
                                    "position (SITE-SAFE-11)")
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    seats: list[GameSeatOut]
    your_seat: int | None
    view: dict[str, Any] | None = Field(description="the game's view for your seat (or a spectator's)")
    order_types: list[str] = Field(description="the order types you may give now")
    summary: list[dict[str, Any]]
    deadlines: DeadlinesOut = Field(description="the deadlines running now; deadlines are public")


def _level_key(seat) -> str | None:
    level = seat.level
    return level.key if level is not None else None


def game_out(game: Game, user) -> dict[str, Any]:
    """The game as ``user`` may see it: only the view of his own seat, never the state."""
    rules = services.rules_of(game)
    rows = game.seats_now()
    seat = services.seat_among(rows, user)
    seats = [{"index": s.index, "name": s.label, "is_bot": s.is_bot, "bot_level": _level_key(s),
              "status": s.status,
              "you": s.index == seat} for s in rows]
    out: dict[str, Any] = {
        "id": game.pk, "kind": game.kind, "name": game.name, "status": game.status,
        "players": game.players, "time_limit": game.time_limit,
        "options": game.options if game.is_finished else public_options(rules, game.options),
        "revision": game.revision, "stage": game.stage, "seed_sha256": game.seed_sha256,
        "seed": game.seed if game.is_finished else None, "created_at": game.created_at,
        "prepared": game.prepared, "rated": game.is_rated, "started_at": game.started_at, "finished_at": game.finished_at, "seats": seats,
        "your_seat": seat, "view": None, "order_types": [], "summary": [],
        "deadlines": deadlines_out(game, seat),
    }
    if game.state:
        state = rules.loads(game.state)
        if not visibility.sees_game(game, rules, state, seat):
            return out  # an onlooker sees nothing before initial placement is over (SITE-SAFE-04)
        out["view"] = rules.view(state, seat)
        out["order_types"] = rules.accepts(state, seat) if seat is not None else []
        out["summary"] = [{"seat": r.seat, "name": r.name, "points": r.points, **r.columns}
                          for r in rules.summary(state)]
    return out


def deadlines_out(game: Game, seat: int | None) -> dict[str, Any]:
    d = hooks.clock().deadlines(game)
    return {"no_time_limit": not d.timed,
            "seats": [{"seat": x.seat, "due_at": x.at, "decision": x.decision, "yours": x.seat == seat}
                      for x in d.seats],
            "timers": [{"name": t.name, "label": t.label, "due_at": t.at} for t in d.timers]}


@router.get("/games/{game_id}", response=GameOut, auth=None, summary="A game as you may see it")
def get_game(request: HttpRequest, game_id: int):
    """Your own seat's view and the decisions you owe (spectators get the public view)."""
    game = get_object_or_404(Game, pk=game_id)
    return game_out(game, request.user)


class OrderIn(Schema):
    order: dict[str, Any] = Field(description="an order of the game's kind (see the components "
                                              "<kind>.Order); `player` may be left out: it is your seat")
    client_key: str | None = Field(None, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$",
                                   description="any unique text: a retried request with the same key "
                                               "is answered with the first result, never applied twice")
    revision: int | None = Field(None, ge=0, description="the revision you decided on: an older one gets 409")


class OrderOut(Schema):
    game_id: int
    revision: int
    events: list[dict[str, Any]]
    replayed: bool
    already_done: bool = Field(False, description="200: the order repeats what your seat has already done and "
                                                  "would change nothing (SITE-SAFE-10): it was not logged and "
                                                  "the revision is the game's current one")
    message: str | None = Field(None, description="with already_done: what is already done")


@router.post("/games/{game_id}/orders", response={200: OrderOut, 201: OrderOut, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut,
                                                 404: ErrorOut, 409: ErrorOut, 413: ErrorOut, 422: ErrorOut},
             summary="Give an order for your seat")
def post_order(request: HttpRequest, game_id: int, body: OrderIn):
    """Apply one order for your seat (201). Refused orders get 400 with the rule and the reason
    and change nothing; a stale ``revision`` gets 409 with the current one. An order that
    repeats what your seat has already done and would change nothing ("Done" twice) gets 200
    with ``already_done`` and is not logged (SITE-SAFE-10)."""
    if not request.user.is_authenticated:
        raise services.NotYourSeat("you have no seat in this game")
    try:  # the game's row, its seats and the client key's first answer: read once, locked, by submit
        out = services.submit(game_id, body.order, seat=services.OWN, account=request.user,
                              client_key=body.client_key, revision=body.revision)
    except services.GameNotFound:
        raise Http404(f"there is no game {game_id}") from None
    except AlreadyDone as e:
        current = Game.objects.values_list("revision", flat=True).get(pk=game_id)
        return Status(200, {"game_id": game_id, "revision": current, "events": [], "replayed": False,
                            "already_done": True, "message": f"already done: {e.message}"})
    return Status(201, {"game_id": out.game_id, "revision": out.revision, "events": out.events,
                        "replayed": out.replayed})


class PreviewIn(Schema):
    order: dict[str, Any] | None = Field(None, description="an order of the game's kind, as for `orders`; "
                                                           "`player` may be left out: it is your seat")
    form: str | None = Field(None, max_length=100, description="instead of `order`: the id of one of the game "
                                                               "page's decision forms open to you now")
    values: dict[str, list[str]] = Field(default_factory=dict, description="with `form`: its controls as the page "
                                         "posts them, each name (`f.<field>`, `f.<field>.<choice>`) with its values")


class PreviewOut(Schema):
    game_id: int
    revision: int = Field(description="the revision the preview was computed on")
    ok: bool = Field(description="the rules would accept the order now; false (a form's values only): the "
                                 "form's fields or the rules would refuse it, and `message` (with `rule`) says why")
    order: dict[str, Any] | None = Field(description="the order previewed, as it would be given (null: the form's "
                                                     "values make no order)")
    lines: list[str] = Field(description="what the order would cost and do, in sentences: tokens levied, "
                                         "treasury, cards spent, cities that cannot be supported, surplus "
                                         "removed, points scored, what follows; or the refusal")
    rule: str | None = Field(None, description="not ok: the rule the order breaks")
    message: str | None = Field(None, description="not ok: why the order would be refused")
    part: str | None = Field(None, description="not ok for one item of a batch (SITE-TABLE-07): the order's list "
                                               'holding it, e.g. "moves"; the others stand')
    index: int | None = Field(None, description="with part: the refused item's place in that list (0 first)")
    reason: str | None = Field(None, description="with part: why that item is refused")


@router.post("/games/{game_id}/preview", response={200: PreviewOut, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut,
                                                  404: ErrorOut, 409: ErrorOut, 413: ErrorOut, 422: ErrorOut},
             summary="What an order would cost and do, before you give it")
def post_preview(request: HttpRequest, game_id: int, body: PreviewIn):
    """What an order for your seat would cost and do now (SITE-TABLE-05), computed from what
    your seat may know; nothing is changed or logged. Give either ``order`` or a decision
    ``form`` with its ``values``. An ``order`` the rules refuse gets 400 with the rule and the
    reason (one move of a batch: ``part``, ``index``, ``reason``, SITE-TABLE-07), as
    ``orders`` would answer it. A ``form`` whose values the form's fields or the rules would
    refuse (a form being filled in) is answered 200 with ``ok`` false, the rule and the reason
    (docs/rulings/table.md TBL-17), and so is a form no longer open (the page is a step behind
    the game; its live update follows). A request that is wrong is refused: 400 for neither or
    both of ``order`` and ``form``, 403 for a game you do not play or another seat's order,
    409 for a game not being played, 404 for a game without
    previews, 422 for a body that does not fit this schema."""
    seat = services.seat_in(game_id, request.user)
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise Http404(f"there is no game {game_id}")
    if seat is None:
        raise services.NotYourSeat("only the game's players preview their orders")
    if (body.order is None) == (body.form is None):
        raise Refusal("give either an order or a form with its values", code="bad_request")
    out: dict[str, Any] = {"game_id": game.pk, "revision": game.revision, "ok": True, "order": None}
    if body.order is not None:  # an order the rules refuse: 400, as `orders` answers it
        given = body.order.get("player", seat)
        if given != seat or isinstance(given, bool):
            raise services.NotYourSeat(f"you play seat {seat}; you cannot preview orders for seat {given!r}"[:200])
        shown = preview.preview(game, seat, body.order)
        return {**out, "order": shown.order, "lines": shown.lines}
    preview.playing(game)
    try:  # a form being filled in: its refusal is the preview's answer (TBL-17)
        order = preview.order_of_form(game, seat, body.form, preview.form_values(body.values))
        out["order"] = {**order, "player": seat}
        shown = preview.preview(game, seat, order)
    except preview.FormClosed as e:  # the page is a step behind the game: its live update follows
        out.update(ok=False, message=e.message, lines=[f"Refused: {e.message}"])
        return out
    except IllegalOrder as e:
        out.update(ok=False, rule=e.rule, message=e.message, lines=[f"Refused: {e.message}"])
        if e.part is not None:
            out.update(part=e.part, index=e.index, reason=e.reason or e.message)
        return out
    return {**out, "order": shown.order, "lines": shown.lines}


class EventOut(Schema):
    seq: int
    text: str
    kind: str
    private: bool
    at: datetime


@router.get("/games/{game_id}/history", response=list[EventOut], auth=None, summary="The game's history")
def history(request: HttpRequest, game_id: int, after: int | None = Query(None, ge=0),
            limit: int = Query(500, ge=1, le=2000)):
    """Events you may see (public ones, and your seat's private ones), oldest first: all of
    them, from the deal (seq 0), or those after order ``after``. A page holds ``limit``
    events or a little more: never half of an order's events, so the next page is
    ``after=<the last seq>``. None to anyone but the game's players before its initial
    placement is over (SITE-SAFE-04)."""
    game = get_object_or_404(Game, pk=game_id)
    seat = services.seat_of(game, request.user)
    if not visibility.sees_stored_game(game, seat):
        return []
    rows = EventRecord.objects.filter(game=game).order_by("seq", "n")
    if after is not None:
        rows = rows.filter(seq__gt=after)
    out = []
    for r in rows.iterator():
        if len(out) >= limit and r.seq != out[-1]["seq"]:
            break
        if visibility.sees_event(r, seat):
            out.append({"seq": r.seq, "text": r.text, "kind": r.kind, "private": r.to is not None, "at": r.at})
    return out


class MessageIn(Schema):
    text: str = Field(min_length=1, max_length=2000, description="plain text (no NUL character)")

    @field_validator("text")
    @classmethod
    def storable(cls, v: str) -> str:
        """No NUL and no lone surrogate: no database stores them as text."""
        if "\x00" in v or any("\ud800" <= c <= "\udfff" for c in v):
            raise ValueError("text may not hold a NUL character or half of a surrogate pair")
        return v


class MessageOut(Schema):
    id: int
    author: str
    seat: int | None
    text: str
    at: datetime


@router.get("/games/{game_id}/messages", response=list[MessageOut], auth=None, summary="Messages between players")
def messages(request: HttpRequest, game_id: int):
    """The table's messages, oldest first: none to anyone but the game's players before its
    initial placement is over (SITE-SAFE-04)."""
    game = get_object_or_404(Game, pk=game_id)
    if not visibility.sees_stored_game(game, services.seat_of(game, request.user)):
        return []
    return [{"id": m.pk, "author": _author(m), "seat": m.seat, "text": m.text, "at": m.at}
            for m in game.messages.select_related("author__profile")]


@router.post("/games/{game_id}/messages", response={201: MessageOut, 403: ErrorOut, 404: ErrorOut, 429: ErrorOut},
             summary="Write to the other players")
def post_message(request: HttpRequest, game_id: int, body: MessageIn):
    game = get_object_or_404(Game, pk=game_id)
    seat = services.seat_of(game, request.user)
    if seat is None:
        raise services.NotYourSeat("only the game's players write to its table")
    with transaction.atomic():
        services.lock(game.pk)
        check_message_limit(request.user)
        m = Message.objects.create(game=game, author=request.user, seat=seat, text=body.text)
    return Status(201, {"id": m.pk, "author": _author(m), "seat": m.seat, "text": m.text, "at": m.at})


def _author(m: Message) -> str:
    return display_name(m.author) if m.author else "(deleted account)"
