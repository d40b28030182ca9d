"""The JSON API of the lobby, under /api/lobby/: the game lists, creating and joining games,
bot seats and the player queue. Refusals are JSON ``{"error", "message"}`` with a 4xx
status and change nothing; bad game options get the game's own message (``illegal_order``)."""
from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from django.contrib.auth import get_user_model
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from pydantic import StrictBool
from ninja import Field, Query, Router, Schema, Status

from ...games import registry
from ..api_errors import ERRORS, ErrorOut
from ..play.models import Game, display_name
from ..ratings import shown
from . import detail, lists, meta, queue, seats, services, timelimits
from .models import QueueEntry
from .names import game_name

router = Router(tags=["lobby"])


# ---- lists ----------------------------------------------------------------------------------
class LobbySeatOut(Schema):  # a seat as the lobby shows it; a game's own: play.api.GameSeatOut
    index: int
    name: str = Field(description="the player's name, \"Bot (Heuristic)\" for a bot seat, \"(open seat)\"")
    is_bot: bool
    bot_level: str | None = Field(None, description="a bot seat's level (a key of GET /lobby/new-game's "
                                                    "kinds[].bot_levels, SITE-BOT-05); null: not a bot seat")
    open: bool = Field(description="awaiting a player")
    you: bool
    pick_number: int | None = Field(description="pick order, 1 = first; known once the game is full")
    reliability: str | None = Field(None, description="Open tab: the seated player's record in words "
                                                      "(missed deadlines, games left); null: open seat, bot")


class GameRowOut(Schema):
    id: int
    kind: str
    kind_title: str = Field(description="the game's title, as people read it")
    name: str
    status: str
    stage: str
    players: int
    taken: int
    time_limit: int | None = Field(description="seconds per turn; null = no time limit")
    time_limit_label: str
    replacement: bool = Field(description="a running game with a seat awaiting a replacement")
    created_at: datetime
    finished_at: datetime | None
    your_seat: int | None
    pick_number: int | None = Field(description="your pick-order number once known (SITE-QUEUE-05)")
    seats: list[LobbySeatOut]
    prepared: bool = Field(description="the game starts from a prepared position (SITE-SAFE-11)")
    rated: bool = Field(description="the game counts for the rankings when it ends; never one from a prepared "
                                    "position (SITE-SAFE-11)")
    recommended: bool = Field(False, description="Open tab: the Recommended Game, whose players are closest "
                                                 "to you in skill (SITE-REC-01); the others follow by closeness")


class PersonOut(Schema):
    username: str
    name: str


class ListOut(Schema):
    tab: str
    total: int
    games: list[GameRowOut]
    blocked_with: list[PersonOut] = Field(description="Open tab: players you share 3 unfinished games with; "
                                                       "games with them are not listed (SITE-META-03)")


def row_out(r: lists.GameRow) -> dict[str, Any]:
    g = r.game
    return {"id": g.pk, "kind": g.kind, "kind_title": r.title, "name": g.name, "status": g.status, "stage": g.stage,
            "players": g.players, "taken": r.taken, "time_limit": g.time_limit,
            "time_limit_label": r.time_limit_label, "replacement": r.replacement, "created_at": g.created_at,
            "finished_at": g.finished_at, "your_seat": r.your_seat, "pick_number": r.pick_number,
            "seats": [s.__dict__ for s in r.seats], "prepared": g.prepared, "rated": g.is_rated}


def person_out(u) -> dict[str, str]:
    return {"username": u.username, "name": display_name(u)}


@router.get("/lobby/games", response={200: ListOut, **ERRORS}, summary="A tab of the game list")
def game_list(request: HttpRequest, tab: Literal["active", "open", "completed"] = "active",
              limit: int = Query(100, ge=1, le=500), offset: int = Query(0, ge=0, le=1_000_000_000)):
    """Active: your unfinished games (SITE-LIST-02); Open: games waiting for players, new or
    needing a replacement, without those of players you are blocked with (SITE-LIST-03,
    SITE-META-03), the Recommended Game first, then the others by how close their players'
    skill is to yours (SITE-REC-01..03), with each seated player's reliability; Completed:
    the games you finished (SITE-LIST-05)."""
    user = request.user
    blocked: list = []
    if tab == "active":
        qs = lists.active(user)
    elif tab == "completed":
        qs = lists.completed(user)
    else:
        blocked = meta.blocked_with(user)
        first, rest = shown.recommend(user, lists.open_games(user, [u.pk for u in blocked]))
        ordered = ([first] if first else []) + rest  # SITE-REC-01/02, by closeness of skill
        games = ordered[offset:offset + limit]
        rows = lists.rows(games, user)
        shown.add_reliability(rows, games)
        out = [row_out(r) for r in rows]
        if first is not None and offset == 0 and out:
            out[0]["recommended"] = True
        return {"tab": tab, "total": len(ordered), "games": out, "blocked_with": [person_out(u) for u in blocked]}
    total = qs.count()
    return {"tab": tab, "total": total, "games": [row_out(r) for r in lists.rows(qs[offset:offset + limit], user)],
            "blocked_with": [person_out(u) for u in blocked]}


# ---- one game -------------------------------------------------------------------------------
class OptionOut(Schema):
    name: str
    label: str
    value: Any
    text: str


class GameDetailOut(GameRowOut):
    title: str
    creator: str | None
    options: list[OptionOut] = Field(description="the game's options, visible to everyone (SITE-CREATE-15)")
    can_join: bool
    join_problem: str | None = Field(description="why you cannot join (null: you can)")
    shown: bool = Field(description="initial placement is complete: the game's state may be seen (SITE-LIST-04)")
    bots_take_vacant_seats: bool = Field(description="a bot plays a seat its player left, until someone takes it")
    rated_against_bots: bool = Field(description="the creator chose that the game counts for the rankings even "
                                                 "if one person at most plays it, against bots only (SITE-BOT-04)")
    reveal_talk: bool = Field(description="once the game is over, every private conversation of its table talk is "
                                          "readable by all (SITE-CHAT-05)")
    summary: list[dict[str, Any]]
    places: list[int] | None
    links: dict[str, str]


def detail_out(game: Game, user) -> dict[str, Any]:
    d = detail.game_detail(game, user)
    out = row_out(d.row)
    out.update({"title": d.title, "creator": display_name(d.game.creator) if d.game.creator else None,
                "options": [o.__dict__ for o in d.options], "can_join": d.join_problem is None,
                "join_problem": d.join_problem,
                "shown": d.shown, "summary": d.summary, "places": d.places, "links": d.links,
                "bots_take_vacant_seats": d.game.bots_take_vacant_seats, "reveal_talk": d.game.reveal_talk,
                "rated_against_bots": d.game.rated_against_bots})
    return out


@router.get("/lobby/games/{game_id}", response={200: GameDetailOut, **ERRORS}, auth=None,
            summary="A game as the lobby shows it")
def game_detail(request: HttpRequest, game_id: int):
    """Options, seats and whether you may join; the public standing only once initial
    placement is complete (SITE-LIST-04)."""
    return detail_out(get_object_or_404(Game, pk=game_id), request.user)


class JoinIn(Schema):
    seat: int | None = Field(None, ge=0, le=99, description="a seat index; null: the first free seat")


@router.post("/lobby/games/{game_id}/join", response={201: GameDetailOut, **ERRORS}, summary="Join a game")
def join_game(request: HttpRequest, game_id: int, body: JoinIn):
    """Take a free seat of an open game, or a seat awaiting a replacement (SITE-QUEUE-08);
    refused if you already sit there or share 3 games with one of its players (SITE-META-02)."""
    game = get_object_or_404(Game, pk=game_id)
    services.join(game.pk, request.user, index=body.seat)
    return Status(201, detail_out(game, request.user))


class BotIn(Schema):
    seat: int = Field(ge=0, le=99, description="the seat index given to the bot")
    level: str | None = Field(None, max_length=40, description="the bot's level (a key of GET /lobby/new-game's "
                                                               "kinds[].bot_levels); null: the game's default level")


@router.post("/lobby/games/{game_id}/bots", response={201: GameDetailOut, **ERRORS},
             summary="Give a seat to the bot (creator)")
def add_bot(request: HttpRequest, game_id: int, body: BotIn):
    game = get_object_or_404(Game, pk=game_id)
    services.give_seat_to_bot(game.pk, request.user, body.seat, body.level)
    return Status(201, detail_out(game, request.user))


# ---- creating -------------------------------------------------------------------------------
class ChoiceOut(Schema):
    value: int | None
    label: str


class BotLevelOut(Schema):
    key: str = Field(description="the level's name in bot_levels and the seats' bot_level")
    label: str
    note: str = Field(description="what it plays like")


class KindOut(Schema):
    kind: str
    title: str
    min_players: int
    max_players: int
    bot_levels: list[BotLevelOut] = Field(description="the levels of the game's bot, the first the default "
                                                      "(SITE-BOT-05); empty: its bot seats take the defaults")
    options_schema: dict[str, Any]
    fields: list[dict[str, Any]] = Field(description="the creation form: labels, offered values, suggestions")


class NewGameFormOut(Schema):
    name: str = Field(description="a random name; keep it or give your own (SITE-CREATE-02)")
    kinds: list[KindOut]
    time_limits: list[ChoiceOut]
    default_time_limit: int
    friends: list[PersonOut] = Field(description="your mutual friends, who can be added (SITE-CREATE-14)")


@router.get("/lobby/new-game", response={200: NewGameFormOut, **ERRORS}, summary="What a new game may be")
def new_game_form(request: HttpRequest):
    kinds = []
    for kind in registry.names():
        r = registry.get(kind)
        kinds.append({"kind": kind, "title": r.title, "min_players": r.min_players, "max_players": r.max_players,
                      "bot_levels": [{"key": b.key, "label": b.label, "note": b.note} for b in r.offers.bots],
                      "options_schema": r.options_schema(), "fields": [f.to_json() for f in r.option_fields()]})
    return {"name": game_name(), "kinds": kinds, "default_time_limit": timelimits.DEFAULT,
            "time_limits": [{"value": v, "label": t} for v, t in timelimits.CHOICES],
            "friends": [person_out(u) for u in services.friends_of(request.user)]}


class CreateGameIn(Schema):
    kind: str | None = Field(None, max_length=40, description="the game (a registry name, GET /lobby/new-game's "
                                                                "kinds); null: the site's first game")
    name: str | None = Field(None, max_length=200, description="null: a random name")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's options (components <kind>.Options)")
    time_limit: int | None = Field(timelimits.DEFAULT, description="seconds per turn, one of GET /lobby/new-game's "
                                                                   "time_limits; null = no time limit")
    friends: list[str] = Field(default_factory=list, max_length=7, description="usernames of mutual friends to seat")
    bot_seats: list[int] = Field(default_factory=list, max_length=8, description="seat indexes (0 = seat 1) for the bot")
    bot_levels: dict[str, str] = Field(default_factory=dict, description="the level of a bot seat, by its index "
                                       "(\"1\": \"random\"): a key of GET /lobby/new-game's kinds[].bot_levels; a "
                                       "bot seat not named plays the game's default level (SITE-BOT-05)")
    rated_against_bots: StrictBool = Field(False, description="the game counts for the rankings even if one person "
                                           "at most plays it, every other seat a bot's; false: such a game is not "
                                           "rated (SITE-BOT-04)")
    take_seat: bool = Field(True, description="you play seat index 0; false: only create the game")
    bots_take_vacant_seats: bool = Field(False, description="a bot plays a seat whose player quit or was removed "
                                                            "until someone takes it; false: the defaults apply")
    reveal_talk: StrictBool = Field(False, description="once the game is over, every private conversation of its table "
                                                 "talk is readable by all (SITE-CHAT-05); false: only its members "
                                                 "ever read one")


@router.post("/lobby/games", response={201: GameDetailOut, **ERRORS, 429: ErrorOut}, summary="Create a game")
def create_game(request: HttpRequest, body: CreateGameIn):
    """Create a game with the game's options (its rules check them, SITE-CREATE-04..13), a
    time limit, friends seated at once (SITE-CREATE-14), bot seats; you take seat 0 unless
    ``take_seat`` is false. Queued players whose range fits are seated after (SITE-QUEUE-02)."""
    friends = users_named(body.friends)
    game = services.create(request.user, kind=body.kind or registry.default_name(), name=body.name, options=body.options,
                           time_limit=body.time_limit, friends=friends, bot_seats=body.bot_seats,
                           take_seat_0=body.take_seat, bots_take_vacant_seats=body.bots_take_vacant_seats,
                           reveal_talk=body.reveal_talk, bot_levels=seat_keys(body.bot_levels),
                           rated_against_bots=body.rated_against_bots)
    return Status(201, detail_out(game, request.user))


def seat_keys(levels: dict[str, str]) -> dict[int, str]:
    """``bot_levels`` with its keys as seat indexes; BadRequest for a key that is not one."""
    out = {}
    for k, v in levels.items():
        if not (isinstance(k, str) and k.isascii() and k.isdigit() and len(k) <= 2):
            raise seats.BadRequest(f"bot_levels: {k[:10]!r} is not a seat index (0 = seat 1)")
        out[int(k)] = v
    return out


def users_named(usernames: list[str]) -> list:
    bad = [n for n in usernames if len(n) > 150 or not services.printable(n)]
    if bad:
        raise seats.BadRequest(f"no user is called {bad[0][:40]!r}")
    found = {u.username: u for u in get_user_model().objects.filter(username__in=usernames)}
    missing = [n for n in usernames if n not in found]
    if missing:
        raise seats.BadRequest(f"no user is called {missing[0][:40]!r}")
    return [found[n] for n in usernames]


# ---- the queue ------------------------------------------------------------------------------
class QueueIn(Schema):
    min_time_limit: int | None = Field(timelimits.QUEUE_DEFAULT_MIN, description="seconds; null = no time limit")
    max_time_limit: int | None = Field(timelimits.QUEUE_DEFAULT_MAX, description="seconds; null = no time limit")
    join_new: bool = Field(True, description="SITE-QUEUE-02, on by default")
    join_in_progress: bool = Field(False, description="SITE-QUEUE-03, off by default")


class QueueEntryOut(Schema):
    min_time_limit: int | None
    max_time_limit: int | None
    join_new: bool
    join_in_progress: bool
    created_at: datetime
    waiting: bool
    game_id: int | None = Field(description="the game the queue placed you in")
    placed_at: datetime | None


class QueueOut(Schema):
    entry: QueueEntryOut | None
    time_limits: list[ChoiceOut]


def entry_out(e: QueueEntry | None) -> dict[str, Any] | None:
    if e is None:
        return None
    return {"min_time_limit": e.min_time_limit, "max_time_limit": e.max_time_limit, "join_new": e.join_new,
            "join_in_progress": e.join_in_progress, "created_at": e.created_at, "waiting": e.waiting,
            "game_id": e.game_id, "placed_at": e.placed_at}


def _queue_out(e: QueueEntry | None) -> dict[str, Any]:
    return {"entry": entry_out(e), "time_limits": [{"value": v, "label": t} for v, t in timelimits.CHOICES]}


@router.get("/lobby/queue", response={200: QueueOut, **ERRORS}, summary="Your place in the player queue")
def get_queue(request: HttpRequest):
    return _queue_out(queue.waiting_entry(request.user))


@router.post("/lobby/queue", response={200: QueueOut, **ERRORS}, summary="Add me to the player queue!")
def post_queue(request: HttpRequest, body: QueueIn):
    """Enter the queue (or change your waiting entry). If a game that fits has a free seat
    you are seated at once and ``entry.game_id`` says where (SITE-QUEUE-06)."""
    e = queue.enqueue(request.user, min_time_limit=body.min_time_limit, max_time_limit=body.max_time_limit,
                      join_new=body.join_new, join_in_progress=body.join_in_progress)
    return _queue_out(e)


class LeftOut(Schema):
    left: bool


@router.delete("/lobby/queue", response={200: LeftOut, **ERRORS}, summary="Leave the player queue")
def delete_queue(request: HttpRequest):
    return {"left": queue.leave(request.user)}
