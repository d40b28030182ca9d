"""Joining games, giving seats to the bot, and creating games: each in its own transaction,
every seat taken through ``seats.take_seat`` (the one way a person gets a seat, with its
checks), the game started once every seat is taken (``seats.start_if_full``)."""
from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence

from django.db import transaction
from django.utils import timezone

from ...games import registry
from .. import limits
from ..accounts import services as accounts
from ..errors import Refusal
from ..play import services as play
from ..play.models import Game, Seat, display_name
from . import queue, seats, signals, timelimits
from .names import game_name


class NotCreator(Refusal):
    status, code = 403, "not_the_creator"


class StaffOnly(Refusal):
    """Only the site's staff may do this (nothing was changed)."""

    status, code = 403, "staff_only"


def join(game_id: int, user, *, index: int | None = None, via: str = "manual") -> Seat:
    """Seat ``user`` in an open game, or in a running game's seat awaiting a replacement
    (SITE-QUEUE-08, SITE-LIST-03); the game starts once every seat is taken."""
    with transaction.atomic():
        game = play.lock(game_id)
        return seats.take_seat(game, user, index=index, via=via)


def add_bot(game_id: int, index: int | None = None, level: str | None = None) -> Seat:
    """Give a free seat to the game's bot (the creator's choice) at ``level`` (a key of the
    game's ``Offers.bots``; None: the default level, SITE-BOT-05): it plays through the same
    order path as a person, as soon as it owes a decision."""
    with transaction.atomic():
        game = play.lock(game_id)
        if game.status == Game.Status.FINISHED:
            raise seats.LobbyError("the game is over")
        key = bot_level_key(registry.get(game.kind), level)
        seat = seats.free_seat(game, index)
        seat.is_bot, seat.bot_level, seat.status, seat.joined_at = True, key, Seat.Status.PLAYING, timezone.now()
        seat.save(update_fields=["is_bot", "bot_level", "status", "joined_at"])
        if game.status == Game.Status.ACTIVE:
            play.reschedule(game)
        signals.send(signals.player_joined, game=game, seat=seat.index, user=None, via="bot")
        seats.start_if_full(game)
        return seat


def bot_level_key(rules, level: str | None) -> str:
    """The key of the bot level ``level`` of ``rules``' game (None or "": its default, the
    first); BadRequest naming the levels offered for one the game does not have (SITE-BOT-05).
    "" for a game without a bot (its bot seats take the defaults)."""
    offers = rules.offers
    if level is not None and not isinstance(level, str):
        raise seats.BadRequest("a bot level is given by its name")
    found = offers.bot_level(level)
    if found is None:
        if not offers.bots and not level:
            return ""
        known = ", ".join(b.key for b in offers.bots) or "none"
        raise seats.BadRequest(f"{rules.title} has no bot level {level!r}; its levels are {known}")
    return found.key


def give_seat_to_bot(game_id: int, user, index: int, level: str | None = None) -> Seat:
    """The creator gives seat ``index`` of his game, still waiting for players, to the bot at
    ``level`` (None: the game's default level)."""
    with transaction.atomic():
        game = play.lock(game_id)
        if game.creator_id != user.pk:
            raise NotCreator("only the game's creator gives seats to the bot")
        if game.status != Game.Status.OPEN:
            raise seats.LobbyError("the game has started: its seats are no longer the creator's to give")
        return add_bot(game.pk, index, level)


# ---- creating a game ----------------------------------------------------------------------
def friends_of(user) -> list:
    """``user``'s mutual friends (the accounts app's list), by name: who can be added to a
    new game (SITE-CREATE-14)."""
    if user is None or not user.is_authenticated:
        return []
    return sorted(accounts.friends_of(user).select_related("profile"), key=lambda u: display_name(u).lower())


def printable(text: str) -> bool:
    """No control characters and no lone surrogates (a database could not store them)."""
    return not any(unicodedata.category(ch) in ("Cc", "Cs") for ch in text)


def clean_name(name: str | None) -> str:
    """The game's name: the creator's (trimmed), or a random one (SITE-CREATE-02)."""
    if name is None:
        return game_name()
    if not isinstance(name, str):
        raise seats.BadRequest("the game's name must be text")
    name = " ".join(name.split())
    if not printable(name):
        raise seats.BadRequest("a game's name cannot hold control characters")
    if not name:
        raise seats.BadRequest("give the game a name (or keep the one offered)")
    if len(name) > Game._meta.get_field("name").max_length:
        raise seats.BadRequest(f"a game's name has at most {Game._meta.get_field('name').max_length} characters")
    return name


def create(creator, *, kind: str | None = None, name: str | None = None, options: dict | None = None,
           time_limit: int | None = timelimits.DEFAULT, friends: Sequence = (), bot_seats: Sequence[int] = (),
           take_seat_0: bool = True, seed: str | None = None, bots_take_vacant_seats: bool = False,
           reveal_talk: bool = False, bot_levels: Mapping[int, str] | None = None,
           rated_against_bots: bool = False) -> Game:
    """Create a game (SITE-CREATE-01..15) in one transaction, then offer its free seats to
    the queue (SITE-QUEUE-02).

    ``options``: the game's own options, checked by its rules (IllegalOrder with their
    message if wrong). ``time_limit``: seconds per turn, one the site offers, None = no time
    limit. ``friends``: users, each a mutual friend of the creator, seated at once
    (SITE-CREATE-14). ``bot_seats``: seat indexes given to the bot. ``take_seat_0``: the
    creator plays seat 0 (else he only creates the game). ``bot_levels``: the level of each
    bot seat by index (a key of the game's ``Offers.bots``; a seat not named: the default
    level, SITE-BOT-05). ``rated_against_bots``: a game one person at most plays, every other
    seat a bot's, counts for the rankings (SITE-BOT-04; off: it is not rated). ``bots_take_vacant_seats``: a bot
    plays a seat its player leaves until someone takes it (else the defaults apply, SZ-13).
    ``reveal_talk``: once the game is over, its table talk is readable by all (SITE-CHAT-05).
    ``kind``: the game (a registry name; None: the site's first game, ``registry.default_name``).
    Options that start from a prepared position are the staff's alone (:class:`StaffOnly`,
    SITE-SAFE-11). Nothing is created if anything is refused."""
    kind = registry.default_name() if kind is None else kind
    try:
        rules = registry.get(kind)
    except registry.UnknownGame:
        raise seats.BadRequest(f"there is no game {kind!r}; the site offers {', '.join(registry.names())}") from None
    if rules.offers.is_prepared(options) and not getattr(creator, "is_staff", False):
        # SITE-SAFE-11 (ruling in docs/scenarios.md): its creator wrote every hand and stack
        raise StaffOnly("only the site's staff may start a game from a prepared position (such a game "
                        "is never rated)")
    name = clean_name(name)
    if not timelimits.is_offered(time_limit):
        raise seats.BadRequest("choose one of the time limits offered: "
                         + ", ".join(label for _, label in timelimits.CHOICES))
    friends = _check_friends(creator, friends)
    bots = _check_bot_seats(bot_seats, take_seat_0)
    levels = _check_bot_levels(rules, bots, bot_levels)
    if not isinstance(rated_against_bots, bool):
        raise seats.BadRequest("rated_against_bots is true or false")
    if not isinstance(bots_take_vacant_seats, bool):
        raise seats.BadRequest("bots_take_vacant_seats is true or false")
    if not isinstance(reveal_talk, bool):
        raise seats.BadRequest("reveal_talk is true or false")
    with transaction.atomic():
        # the creator's row held: his games are counted one request at a time (SITE-SAFE-09)
        seats.lock_people([creator.pk, *(f.pk for f in friends)])
        limits.check("games", (Game.objects.filter(creator=creator), "created_at"))
        game = play.create_game(kind, {} if options is None else options, name=name, creator=creator,
                                time_limit=time_limit, seed=seed)
        if bots_take_vacant_seats or reveal_talk or rated_against_bots:
            game.bots_take_vacant_seats, game.reveal_talk = bots_take_vacant_seats, reveal_talk
            game.rated_against_bots = rated_against_bots
            game.save(update_fields=["bots_take_vacant_seats", "reveal_talk", "rated_against_bots"])
        wanted = int(take_seat_0) + len(friends) + len(bots)
        if wanted > game.players:
            raise seats.BadRequest(f"a {game.players}-player game has {game.players} seats, not {wanted}")
        if bots and max(bots) >= game.players:
            raise seats.BadRequest(f"the game has seats 1 to {game.players} only")
        if take_seat_0:
            seats.take_seat(game, creator, index=0, via="creator")
        for index in bots:
            add_bot(game.pk, index, levels[index])
        for friend in friends:
            seats.take_seat(game, friend, via="friend")
            signals.send(signals.friend_added, game=game, user=friend, by=creator)
    queue.fill_from_queue(game.pk)
    game.refresh_from_db()
    return game


def _check_friends(creator, friends: Sequence) -> list:
    out, seen = [], set()
    for f in friends:
        if f.pk == creator.pk:
            raise seats.BadRequest("you are the creator: you take your seat with 'I play in this game'")
        if f.pk in seen:
            continue
        if not accounts.are_friends(creator, f):
            raise seats.BadRequest(f"{display_name(f)} is not your friend: only mutual friends can be added")
        seen.add(f.pk)
        out.append(f)
    return out


def _check_bot_levels(rules, bots: list[int], bot_levels: Mapping[int, str] | None) -> dict[int, str]:
    """Each bot seat's level key (SITE-BOT-05): the one named, else the default; a level for a
    seat that is not a bot's, or one the game does not have, is refused (nothing created)."""
    named = dict(bot_levels or {})
    for i in named:
        if isinstance(i, bool) or not isinstance(i, int) or i not in bots:
            raise seats.BadRequest(f"seat {i + 1 if isinstance(i, int) else repr(i)} is not a bot seat: a bot "
                                   "level is given only for the seats given to the bot")
    return {i: bot_level_key(rules, named.get(i)) for i in bots}


def _check_bot_seats(bot_seats: Sequence[int], take_seat_0: bool) -> list[int]:
    out = []
    for i in bot_seats:
        if isinstance(i, bool) or not isinstance(i, int) or i < 0:
            raise seats.BadRequest(f"{i!r} is not a seat")
        if i in out:
            continue
        if i == 0 and take_seat_0:
            raise seats.BadRequest("seat 1 is yours: give the bot another seat, or only create the game")
        out.append(i)
    return sorted(out)
