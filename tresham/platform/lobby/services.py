"""Taking seats and creating games.

:func:`take_seat` is the one way a person gets a seat -- the creator's own, a friend added at
creation (SITE-CREATE-14), a manual join from the Open list (SITE-QUEUE-08), the queue
(SITE-QUEUE-06), a replacement in a running game -- so its checks (the game is not over, one
seat per person, the same-opponent limit SITE-META-02, a free seat) hold on every path. It
runs inside the caller's transaction with the game's row locked and the rows of the joining
user and of everyone seated locked in id order: two joins that could together break a rule
touch the same rows, so they happen one after the other (PostgreSQL); SQLite's IMMEDIATE
transactions serialize every write anyway.

A game starts when every seat is taken (:func:`_start_if_full`, SITE-QUEUE-07); the rules
then draw the pick order (SITE-PICK-01), which the lobby keeps for its lists.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from ...games import registry
from ...games.base import prepared_of
from .. import limits
from ..play import services as play
from ..play.models import Game, Seat, Tenure, display_name
from . import meta, signals, timelimits
from .models import PickOrder
from .names import game_name


class LobbyError(play.PlayError):
    """A seat or a game the lobby refuses (nothing was changed)."""

    status, code = 409, "cannot_join"


class BadRequest(play.PlayError):
    status, code = 400, "bad_request"


class NotCreator(play.PlayError):
    status, code = 403, "not_the_creator"


class StaffOnly(play.PlayError):
    """Only the site's staff may do this (nothing was changed)."""

    status, code = 403, "staff_only"


# ---- taking a seat ------------------------------------------------------------------------
def lock_people(user_ids: Iterable[int]) -> None:
    """Lock the rows of these users, in id order (no two transactions wait on each other)."""
    ids = sorted(set(user_ids))
    if ids:
        list(get_user_model().objects.select_for_update().filter(pk__in=ids).order_by("pk").values_list("pk"))


def _free_seat(game: Game, index: int | None = None) -> Seat:
    qs = game.seats.select_for_update().filter(status=Seat.Status.OPEN, user__isnull=True, is_bot=False)
    if index is not None:
        qs = qs.filter(index=index)
    seat = qs.order_by("index").first()
    if seat is None:
        if index is None:
            raise LobbyError("no seat is free in this game")
        raise LobbyError(f"seat {index + 1} is not free" if 0 <= index < game.players
                         else f"the game has seats 1 to {game.players} only")
    return seat


def join_problem(game: Game, user) -> str | None:
    """Why ``user`` could not take a seat in ``game`` now (None: he can), without locking:
    what the Open list and the game's page show. :func:`take_seat` checks again, locked."""
    if game.status == Game.Status.FINISHED:
        return "the game is over"
    if game.seats.filter(user=user).exists():
        return "you already have a seat in this game"
    if not game.seats.filter(status=Seat.Status.OPEN, user__isnull=True, is_bot=False).exists():
        return "no seat is free in this game"
    try:
        meta.check_same_opponent_limit(user, game)
    except meta.SameOpponentLimit as e:
        return e.message
    return None


def take_seat(game: Game, user, *, index: int | None = None, via: str = "manual") -> Seat:
    """Seat ``user`` in ``game`` (a free seat, or seat ``index``). Call inside a transaction
    holding the game's lock (:func:`join`). Raises LobbyError / SameOpponentLimit, having
    changed nothing; the game starts if this was its last free seat."""
    assert via in signals.VIA
    if game.status == Game.Status.FINISHED:
        raise LobbyError("the game is over")
    seated = list(game.seats.filter(user__isnull=False).values_list("user_id", flat=True))
    lock_people([user.pk, *seated])
    if user.pk in seated:
        raise LobbyError(f"{display_name(user)} already has a seat in this game")
    meta.check_same_opponent_limit(user, game)
    seat = _free_seat(game, index)
    seat.user, seat.status, seat.joined_at = user, Seat.Status.PLAYING, timezone.now()
    seat.vacant_since, seat.missed_in_a_row = None, 0
    seat.save(update_fields=["user", "status", "joined_at", "vacant_since", "missed_in_a_row"])
    Tenure.objects.create(game=game, seat=seat.index, user=user, replacement=game.status == Game.Status.ACTIVE)
    if game.status == Game.Status.ACTIVE:  # a replacement: the seat's decisions are his now
        _reschedule(game)
    signals.send(signals.player_joined, game=game, seat=seat.index, user=user, via=via)
    _start_if_full(game)
    return seat


def join(game_id: int, user, *, index: int | None = None, via: str = "manual") -> Seat:
    """Seat ``user`` in an open game, or in a running game's seat awaiting a replacement
    (SITE-QUEUE-08, SITE-LIST-03); the game starts once every seat is taken."""
    with transaction.atomic():
        game = play.lock(game_id)
        return take_seat(game, user, index=index, via=via)


def add_bot(game_id: int, index: int | None = None) -> Seat:
    """Give a free seat to the game's bot (the creator's choice): it plays through the same
    order path as a person, as soon as it owes a decision."""
    with transaction.atomic():
        game = play.lock(game_id)
        if game.status == Game.Status.FINISHED:
            raise LobbyError("the game is over")
        seat = _free_seat(game, index)
        seat.is_bot, seat.status, seat.joined_at = True, Seat.Status.PLAYING, timezone.now()
        seat.save(update_fields=["is_bot", "status", "joined_at"])
        if game.status == Game.Status.ACTIVE:
            _reschedule(game)
        signals.send(signals.player_joined, game=game, seat=seat.index, user=None, via="bot")
        _start_if_full(game)
        return seat


def give_seat_to_bot(game_id: int, user, index: int) -> Seat:
    """The creator gives seat ``index`` of his game, still waiting for players, to the bot."""
    with transaction.atomic():
        game = play.lock(game_id)
        if game.creator_id != user.pk:
            raise NotCreator("only the game's creator gives seats to the bot")
        if game.status != Game.Status.OPEN:
            raise LobbyError("the game has started: its seats are no longer the creator's to give")
        return add_bot(game.pk, index)


def _reschedule(game: Game) -> None:
    from ..clock.schedule import reschedule

    reschedule(game, play.rules_of(game), play.current_state(game))


def _start_if_full(game: Game) -> None:
    """Start the game once no seat is open (SITE-QUEUE-07: nation picking starts) and keep
    the pick order the rules drew (SITE-PICK-01)."""
    if game.status == Game.Status.OPEN and not game.seats.filter(status=Seat.Status.OPEN).exists():
        play.start_game(game)
        rules = play.rules_of(game)
        order = rules.pick_order(rules.loads(game.state))
        if order is not None:
            PickOrder.objects.create(game=game, seats=list(order))
        signals.send(signals.game_filled, game=game)


# ---- creating a game ----------------------------------------------------------------------
def _friends():
    from ..accounts import services as accounts

    return accounts


def friends_of(user) -> list:
    """``user``'s mutual friends (the accounts app's list), by name: who can be added to a
    new game (SITE-CREATE-14)."""
    if user is None or not user.is_authenticated:
        return []
    return sorted(_friends().friends_of(user).select_related("profile"), key=lambda u: display_name(u).lower())


def printable(text: str) -> bool:
    """No control characters and no lone surrogates (a database could not store them)."""
    return not any(unicodedata.category(ch) in ("Cc", "Cs") for ch in text)


def clean_name(name: str | None) -> str:
    """The game's name: the creator's (trimmed), or a random one (SITE-CREATE-02)."""
    if name is None:
        return game_name()
    if not isinstance(name, str):
        raise BadRequest("the game's name must be text")
    name = " ".join(name.split())
    if not printable(name):
        raise BadRequest("a game's name cannot hold control characters")
    if not name:
        raise BadRequest("give the game a name (or keep the one offered)")
    if len(name) > Game._meta.get_field("name").max_length:
        raise BadRequest(f"a game's name has at most {Game._meta.get_field('name').max_length} characters")
    return name


def create(creator, *, kind: str | None = None, name: str | None = None, options: dict | None = None,
           time_limit: int | None = timelimits.DEFAULT, friends: Sequence = (), bot_seats: Sequence[int] = (),
           take_seat_0: bool = True, seed: str | None = None, bots_take_vacant_seats: bool = False) -> Game:
    """Create a game (SITE-CREATE-01..15) in one transaction, then offer its free seats to
    the queue (SITE-QUEUE-02).

    ``options``: the game's own options, checked by its rules (IllegalOrder with their
    message if wrong). ``time_limit``: seconds per turn, one the site offers, None = no time
    limit. ``friends``: users, each a mutual friend of the creator, seated at once
    (SITE-CREATE-14). ``bot_seats``: seat indexes given to the bot. ``take_seat_0``: the
    creator plays seat 0 (else he only creates the game). ``bots_take_vacant_seats``: a bot
    plays a seat its player leaves until someone takes it (else the defaults apply, SZ-13).
    ``kind``: the game (a registry name; None: the site's first game, ``registry.default_name``).
    Options that start from a prepared position are the staff's alone (:class:`StaffOnly`,
    SITE-SAFE-11). Nothing is created if anything is refused."""
    kind = registry.default_name() if kind is None else kind
    try:
        rules = registry.get(kind)
    except registry.UnknownGame:
        raise BadRequest(f"there is no game {kind!r}; the site offers {', '.join(registry.names())}") from None
    if prepared_of(rules, options) and not getattr(creator, "is_staff", False):
        # SITE-SAFE-11 (ruling in docs/scenarios.md): its creator wrote every hand and stack
        raise StaffOnly("only the site's staff may start a game from a prepared position (such a game "
                        "is never rated)")
    name = clean_name(name)
    if not timelimits.is_offered(time_limit):
        raise BadRequest("choose one of the time limits offered: "
                         + ", ".join(label for _, label in timelimits.CHOICES))
    friends = _check_friends(creator, friends)
    bots = _check_bot_seats(bot_seats, take_seat_0)
    if not isinstance(bots_take_vacant_seats, bool):
        raise BadRequest("bots_take_vacant_seats is true or false")
    with transaction.atomic():
        # the creator's row held: his games are counted one request at a time (SITE-SAFE-09)
        lock_people([creator.pk, *(f.pk for f in friends)])
        limits.check("games", (Game.objects.filter(creator=creator), "created_at"))
        game = play.create_game(kind, {} if options is None else options, name=name, creator=creator,
                                time_limit=time_limit, seed=seed)
        if bots_take_vacant_seats:
            game.bots_take_vacant_seats = True
            game.save(update_fields=["bots_take_vacant_seats"])
        wanted = int(take_seat_0) + len(friends) + len(bots)
        if wanted > game.players:
            raise BadRequest(f"a {game.players}-player game has {game.players} seats, not {wanted}")
        if bots and max(bots) >= game.players:
            raise BadRequest(f"the game has seats 1 to {game.players} only")
        if take_seat_0:
            take_seat(game, creator, index=0, via="creator")
        for index in bots:
            add_bot(game.pk, index)
        for friend in friends:
            take_seat(game, friend, via="friend")
            signals.send(signals.friend_added, game=game, user=friend, by=creator)
    from .queue import fill_from_queue

    fill_from_queue(game.pk)
    game.refresh_from_db()
    return game


def _check_friends(creator, friends: Sequence) -> list:
    accounts = _friends()
    out, seen = [], set()
    for f in friends:
        if f.pk == creator.pk:
            raise BadRequest("you are the creator: you take your seat with 'I play in this game'")
        if f.pk in seen:
            continue
        if not accounts.are_friends(creator, f):
            raise BadRequest(f"{display_name(f)} is not your friend: only mutual friends can be added")
        seen.add(f.pk)
        out.append(f)
    return out


def _check_bot_seats(bot_seats: Sequence[int], take_seat_0: bool) -> list[int]:
    out = []
    for i in bot_seats:
        if isinstance(i, bool) or not isinstance(i, int) or i < 0:
            raise BadRequest(f"{i!r} is not a seat")
        if i in out:
            continue
        if i == 0 and take_seat_0:
            raise BadRequest("seat 1 is yours: give the bot another seat, or only create the game")
        out.append(i)
    return sorted(out)
