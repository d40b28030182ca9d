"""The table talk's JSON API (SITE-CHAT-01..06): a game's conversations, their messages, an
order given from one, a message reported, the unread counts. Every refusal is the API's
``ErrorOut``; only a conversation's members (the holders of its seats now) read it, until the
game is over with its talk revealed (``access``)."""
from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from django.http import HttpRequest
from ninja import Field, Query, Router, Schema
from ninja.responses import Status
from pydantic import StrictInt

from ..api_errors import ErrorOut
from ..boundary import ID_RANGE
from ..play import services as play
from ..play.models import Game, Seat, display_name
from . import access, reports, services
from .models import MAX_TEXT, Conversation, Message

router = Router(tags=["talk"])

#: A game's id in a query: a whole number a database column holds (``boundary.ID_RANGE``);
#: another is refused with 422, never sent to the database (SITE-SAFE-02).
GameId = Annotated[int, Field(ge=1, le=ID_RANGE[1])]

ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut, 422: ErrorOut}


class TalkSeatOut(Schema):
    seat: int = Field(description="the seat (0 = seat 1)")
    name: str = Field(description="the seat as the game names it, with its player: \"Egypt (alice)\"")
    you: bool


class TalkMessageOut(Schema):
    id: int
    seat: int = Field(description="the seat it was written from")
    author: str = Field(description="who held the seat and wrote it")
    text: str = Field(description="plain text as written (a page shows it escaped)")
    at: datetime
    order: list[str] | None = Field(None, description="an order given from the conversation: its events you may "
                                                      "see (a trade offer: what you were offered, or what you "
                                                      "gave and said)")


class ConversationOut(Schema):
    id: int
    game: int
    seats: list[TalkSeatOut]
    started_by: int
    created_at: datetime
    unread: int = Field(description="messages you have not read (0 for a reader without a seat)")
    last_at: datetime | None


class ConversationDetailOut(ConversationOut):
    messages: list[TalkMessageOut] = Field(description="oldest first; reading them marks them read")
    writable: bool = Field(description="you may write in it now (a member, while the game is played)")
    talk_orders: list[str] = Field(description="order types you may give from it (the game's)")


class TalkStartIn(Schema):
    seats: list[StrictInt] = Field(min_length=1, max_length=16, description="the other seats (0 = seat 1), each held "
                                                                      "by a person")
    text: str = Field(min_length=1, max_length=MAX_TEXT, description="the first message, plain text")


class TalkTextIn(Schema):
    text: str = Field(min_length=1, max_length=MAX_TEXT, description="plain text")


class TalkOrderIn(Schema):
    order: dict[str, Any] = Field(description="an order of one of the game's talk order types (a trade offer), "
                                              "naming a seat of the conversation; `player` may be left out")
    text: str = Field("", max_length=MAX_TEXT, description="a message to go with it")
    client_key: str | None = Field(None, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$",
                                   description="a retried request with the same key gives the first answer")
    revision: int | None = Field(None, ge=0, description="the game's revision you decided on: an older one gets 409")


class TalkOrderOut(Schema):
    message: TalkMessageOut
    revision: int = Field(description="the game's revision after the order")
    replayed: bool


class TalkReportIn(Schema):
    rule: int = Field(description="the number of the code of conduct's rule it breaks (GET /api/accounts/conduct)")
    reason: str = Field(min_length=1, max_length=2000, description="what is wrong, in a few words")


class TalkReportOut(Schema):
    id: int = Field(description="the report's number")
    message: int
    status: str


class TalkUnreadOut(Schema):
    game: int
    unread: int


def _names(game: Game) -> dict[int, str]:
    """Each seat as the talk names it: the seat's name in the game and its player."""
    names: dict[int, str] = {}
    rules = play.rules_of(game)
    if game.state:
        state = rules.loads(game.state)
        if rules.placement_done(state) or game.is_finished:
            names = {r.seat: r.name for r in rules.summary(state)}
    out = {}
    for s in game.seats_now():
        who = "bot" if s.is_bot else ("nobody" if s.user_id is None else display_name(s.user))
        out[s.index] = f"{names.get(s.index) or f'Seat {s.index + 1}'} ({who})"
    return out


def conversation_out(conv: Conversation, game: Game, seat: int | None, names: dict[int, str],
                     unread: dict[int, int]) -> dict[str, Any]:
    last = conv.messages.order_by("-pk").values_list("at", flat=True).first()
    return {"id": conv.pk, "game": game.pk, "started_by": conv.started_by, "created_at": conv.created_at,
            "seats": [{"seat": s, "name": names.get(s, f"Seat {s + 1}"), "you": s == seat} for s in conv.seats],
            "unread": unread.get(conv.pk, 0), "last_at": last}


def messages_out(game: Game, messages: list[Message], seat: int | None) -> list[dict[str, Any]]:
    events = services.order_events(game, {m.order_seq for m in messages if m.order_seq}, seat)
    return [{"id": m.pk, "seat": m.seat, "author": display_name(m.author) if m.author else "(deleted account)",
             "text": m.text, "at": m.at, "order": events.get(m.order_seq) if m.order_seq else None}
            for m in messages]


def _game(game_id: int) -> Game:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise play.GameNotFound(f"there is no game {game_id}")
    return game


def _readable(game: Game, user, conversation_id: int) -> tuple[Conversation, int | None]:
    seat = access.seat_of(game, user)
    conv = Conversation.objects.filter(game=game, pk=conversation_id).first()
    if conv is None and (seat is not None or access.revealed(game)):
        raise services.NoSuchConversation(f"game {game.pk} has no conversation {conversation_id}")
    if conv is None or not access.can_read(conv, game, seat):  # a stranger learns not even which exist
        raise services.NotMember("only its members read a conversation" if user.is_authenticated
                                 else "only its members read a conversation: log in first")
    return conv, seat


@router.get("/games/{game_id}/conversations", response={200: list[ConversationOut], **ERRORS}, auth=None,
            summary="Your conversations in a game")
def conversations(request: HttpRequest, game_id: int):
    """The conversations of your seat in the game (SITE-CHAT-01), oldest first, with the
    messages you have not read; all of them once the game is over if its talk is revealed
    (SITE-CHAT-05). 403 for anyone else: only the game's players talk."""
    game = _game(game_id)
    seat = access.seat_of(game, request.user)
    if seat is None and not access.revealed(game):
        raise services.NotMember("only the game's players have conversations in it")
    unread = services.unread_in_game(game, request.user, seat) if seat is not None else {}
    names = _names(game)
    return [conversation_out(c, game, seat, names, unread) for c in access.readable(game, seat)]


@router.post("/games/{game_id}/conversations", response={200: ConversationDetailOut, 201: ConversationDetailOut,
                                                         **ERRORS, 429: ErrorOut},
             summary="Start a conversation")
def start(request: HttpRequest, game_id: int, body: TalkStartIn):
    """Start a conversation from your seat with other seats held by people, with its first
    message (201); if the conversation of exactly these seats exists, the message goes there
    (200). Only its members will read it (SITE-CHAT-01); the messages' limit applies (429,
    SITE-CHAT-06)."""
    conv, _, created = services.start(game_id, request.user, body.seats, body.text)
    return Status(201 if created else 200, detail_out(conv, request.user))


def detail_out(conv: Conversation, user) -> dict[str, Any]:
    """The conversation with its messages as ``user`` reads it (marking them read)."""
    game = conv.game
    seat = access.seat_of(game, user)
    msgs = list(conv.messages.select_related("author__profile").order_by("pk"))
    unread = services.unread_in_game(game, user, seat) if seat is not None else {}
    out = conversation_out(conv, game, seat, _names(game), unread)
    if msgs and seat is not None:
        services.mark_read(conv, user, msgs[-1].pk)
    writable = access.can_write(conv, game, seat)
    out.update(messages=messages_out(game, msgs, seat), writable=writable,
               talk_orders=sorted(services.talk_orders(play.rules_of(game))) if writable else [])
    return out


@router.get("/games/{game_id}/conversations/{conversation_id}", response={200: ConversationDetailOut, **ERRORS},
            auth=None, summary="A conversation with its messages")
def conversation(request: HttpRequest, game_id: int, conversation_id: int):
    """The conversation's messages, oldest first, read as you (the events of an order given
    from it that your seat may see); it marks them read. 403 unless you hold one of its seats
    now (a player who left his seat no longer reads it), or the game is over with its talk
    revealed."""
    conv, _ = _readable(_game(game_id), request.user, conversation_id)
    return detail_out(conv, request.user)


@router.post("/games/{game_id}/conversations/{conversation_id}/messages",
             response={201: TalkMessageOut, **ERRORS, 429: ErrorOut}, summary="Write in a conversation")
def write(request: HttpRequest, game_id: int, conversation_id: int, body: TalkTextIn):
    """A message to the conversation's members: plain text of at most 2,000 characters
    (SITE-CHAT-06), shown escaped; the messages' limit applies (429 with Retry-After). The
    members' live pages hear that the conversation changed, never what it says; a member away
    gets it in his next mail (SITE-CHAT-02)."""
    m = services.post(game_id, conversation_id, request.user, body.text)
    return Status(201, messages_out(m.conversation.game, [m], m.seat)[0])


@router.post("/games/{game_id}/conversations/{conversation_id}/orders",
             response={201: TalkOrderOut, **ERRORS, 429: ErrorOut}, summary="Give an order from a conversation")
def give_order(request: HttpRequest, game_id: int, conversation_id: int, body: TalkOrderIn):
    """An order the game lets a seat give another from a conversation (a trade offer) to a seat
    of the conversation, through the one order path (400 with the rule if the rules refuse it;
    nothing changes), shown in the conversation (SITE-CHAT-03). What a message says binds no
    one: only the order does."""
    given = services.give_order(game_id, conversation_id, request.user, body.order, text=body.text,
                                client_key=body.client_key, revision=body.revision)
    m = given.message
    return Status(201, {"message": messages_out(m.conversation.game, [m], m.seat)[0],
                        "revision": given.outcome.revision, "replayed": given.outcome.replayed})


@router.post("/games/{game_id}/conversations/{conversation_id}/messages/{message_id}/report",
             response={201: TalkReportOut, **ERRORS, 429: ErrorOut}, summary="Report a message")
def report(request: HttpRequest, game_id: int, conversation_id: int, message_id: int, body: TalkReportIn):
    """Report a message of the conversation to the moderators under a rule of the code of
    conduct (SITE-CHAT-04): a report about its author, whom you cannot report twice while the
    first is open (409); a moderator then reads the message with its conversation, and that
    reading is logged."""
    conv, _ = _readable(_game(game_id), request.user, conversation_id)
    r = reports.report(conv, message_id, request.user, rule=body.rule, reason=body.reason)
    return Status(201, {"id": r.report_id, "message": r.message_id, "status": r.report.status})


@router.get("/talk/unread", response={200: list[TalkUnreadOut], 401: ErrorOut}, summary="Unread messages by game")
def unread(request: HttpRequest, game: list[GameId] = Query(default_factory=list, max_length=100,
                                                                   description="only these games")):
    """For each game you play now with unread conversation messages: how many (the game list's
    counts)."""
    seats = play_seats(request.user, game)
    counts = services.unread_by_game(request.user, seats)
    return [{"game": g, "unread": n} for g, n in sorted(counts.items())]


def play_seats(user, games: list[int] | None = None) -> dict[int, int]:
    """Game id -> the seat ``user`` plays there now (of ``games`` only, when given)."""
    qs = Seat.objects.filter(user=user, status=Seat.Status.PLAYING, game__status=Game.Status.ACTIVE)
    if games:
        qs = qs.filter(game_id__in=games)
    return dict(qs.values_list("game_id", "index"))
