"""What the table talk does: start a conversation, write in it, give an order from it, read it.

Each change is one transaction holding the game's row lock (``play.services.lock``), as an
order does: messages of one game are written one at a time, so their ids grow in the order
they are committed (the live topic's number, ``topic_of``), and the messages' limit
(``play.messages.check_message_limit``, SITE-SAFE-09, SITE-CHAT-06) counts under the writer's
row lock. In the same transaction: the writer's own read mark moves past his message, the
live pages of the members' seats are told the conversation changed (a number, never the
text: ``play.live.changed_topic``), and :data:`.signals.posted` tells the mail app, which
batches the message into the members' next mails (SITE-CHAT-02).
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Count, F, IntegerField, OuterRef, Q, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from ...games.contract import IllegalOrder
from ..errors import Refusal
from ..play import live, services
from ..play.messages import check_message_limit
from ..play.models import EventRecord, Game
from . import access, signals
from .models import MAX_TEXT, Conversation, Member, Message, ReadMark

#: The same text from the same seat in the same conversation within this many seconds is a
#: double click, not a second message.
DOUBLE_POST_SECONDS = 30


class TalkError(Refusal):
    """A refusal of the table talk."""


class NotMember(TalkError):
    status, code = 403, "not_a_member"


class NoSuchConversation(TalkError):
    status, code = 404, "no_such_conversation"


class Closed(TalkError):
    status, code = 409, "talk_closed"


def check_text(text: Any, *, required: bool = True) -> str:
    """A message's text as stored: plain text of 1 to :data:`MAX_TEXT` characters, no NUL and no
    lone surrogate (no database stores them); TalkError otherwise (SITE-CHAT-06)."""
    if not isinstance(text, str):
        raise TalkError("a message is text", code="bad_text")
    if "\x00" in text or any("\ud800" <= c <= "\udfff" for c in text):
        raise TalkError("a message may not hold a NUL character or half of a surrogate pair", code="bad_text")
    if len(text) > MAX_TEXT:
        raise TalkError(f"a message has at most {MAX_TEXT} characters (this one has {len(text)})", code="too_long")
    if required and not text.strip():
        raise TalkError("write something", code="empty")
    return text


def topic_of(game_id: int, seat: int) -> str:
    """The live topic of a seat's conversations in a game (``play.live``)."""
    return f"talk:{game_id}:{seat}"


def _game(game_id: int) -> Game:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise services.GameNotFound(f"there is no game {game_id}")
    return game


def _playing_seat(game: Game, user) -> int:
    seat = access.seat_of(game, user)
    if seat is None:
        raise NotMember("only the game's players talk at its table" if user is not None and user.is_authenticated
                        else "log in first: only the game's players talk at its table")
    if game.status != Game.Status.ACTIVE:
        raise Closed("the game is over: its conversations take no more messages" if game.is_finished
                     else "the game has not started: conversations begin when it does")
    return seat


# ---- starting and writing ----------------------------------------------------------------------
def start(game_id: int, user, seats: Any, text: Any) -> tuple[Conversation, Message, bool]:
    """``user``'s seat starts a conversation with ``seats`` (other seats held by people), its
    first message ``text``; the conversation of exactly these seats if there is one already
    (the message goes there). Gives (conversation, message, created)."""
    text = check_text(text)
    if not isinstance(seats, list) or not seats or not all(isinstance(s, int) and not isinstance(s, bool)
                                                             for s in seats):
        raise TalkError("name the seats to talk with: a list of seat numbers (0 = seat 1)", code="bad_seats")
    if len(seats) > 16:
        raise TalkError("a conversation has at most 16 seats", code="bad_seats")
    with transaction.atomic():
        game = services.lock(game_id)
        seat = _playing_seat(game, user)
        people = access.people_seats(game)
        others = sorted(set(seats) - {seat})
        if not others:
            raise TalkError("name at least one other seat: a conversation is between two or more players",
                            code="bad_seats")
        for s in others:
            if not 0 <= s < game.players:
                raise TalkError(f"the game has seats 0 to {game.players - 1}, not {s}", code="bad_seats")
            if s not in people:
                raise TalkError(f"seat {s} is not held by a person now: a bot or an empty seat does not talk",
                                code="bad_seats")
        key = Conversation.key_of([seat, *others])
        conv = Conversation.objects.filter(game=game, seats_key=key).first()
        created = conv is None
        if created:
            conv = Conversation.objects.create(game=game, seats_key=key, started_by=seat)
            Member.objects.bulk_create([Member(conversation=conv, seat=s) for s in [seat, *others]])
        message = _write(game, conv, seat, user, text)
    return conv, message, created


def post(game_id: int, conversation_id: int, user, text: Any) -> Message:
    """``user`` writes ``text`` in the conversation (a member, while the game is played)."""
    text = check_text(text)
    with transaction.atomic():
        game = services.lock(game_id)
        conv, seat = _member(game, conversation_id, user)
        last = conv.messages.filter(seat=seat, author=user, order_seq__isnull=True).order_by("-pk").first()
        if last is not None and last.text == text and \
                last.at >= timezone.now() - dt.timedelta(seconds=DOUBLE_POST_SECONDS):
            return last  # a double click: the message is there already
        return _write(game, conv, seat, user, text)


def _conversation(game: Game, conversation_id: int) -> Conversation:
    conv = Conversation.objects.filter(game=game, pk=conversation_id).first()
    if conv is None:
        raise NoSuchConversation(f"game {game.pk} has no conversation {conversation_id}")
    return conv


def _member(game: Game, conversation_id: int, user) -> tuple[Conversation, int]:
    """The conversation and ``user``'s seat in it: NotMember (403) for anyone but a player of
    the game, whether it exists or not; 404 for a player asking for one that does not."""
    seat = _playing_seat(game, user)
    conv = _conversation(game, conversation_id)
    if seat not in conv.seats:
        raise NotMember("you are not in this conversation")
    return conv, seat


def _write(game: Game, conv: Conversation, seat: int, user, text: str, order_seq: int | None = None) -> Message:
    """The message, in the caller's transaction (holding the game's lock): the limit, the row,
    the writer's read mark, the members' live pages, the mail app's signal."""
    check_message_limit(user)
    message = Message.objects.create(conversation=conv, seat=seat, author=user, text=text, order_seq=order_seq)
    mark_read(conv, user, message.pk)
    for s in conv.seats:
        live.changed_topic(topic_of(game.pk, s), message.pk)
    signals.send_posted(message=message, game=game)
    return message


# ---- an order from a conversation (SITE-CHAT-03) -----------------------------------------------
def talk_orders(rules) -> dict[str, str]:
    """The order types a seat may give another from a conversation, each with the field of the
    order naming that seat: the game's ``Offers.talk_orders`` ({} for a game without)."""
    return dict(rules.offers.talk_orders)


@dataclass
class Given:
    """An order given from a conversation: its message and the order path's outcome."""

    message: Message
    outcome: services.Outcome


def give_order(game_id: int, conversation_id: int, user, order: Any, *, text: Any = "",
               client_key: str | None = None, revision: int | None = None) -> Given:
    """``user`` gives ``order`` from the conversation (SITE-CHAT-03): an order of a type the game
    lets a seat give another from a conversation (:func:`talk_orders`), to a seat of the
    conversation, through the one order path (``play.services.submit``: the rules check it;
    IllegalOrder changes nothing); the conversation then holds it as a message (with ``text``,
    if any), in the order's transaction. A retried ``client_key`` gives the first message."""
    text = check_text(text, required=False)
    if not isinstance(order, dict):
        raise IllegalOrder("", "an order must be a JSON object")
    with transaction.atomic():
        game = services.lock(game_id)
        conv, seat = _member(game, conversation_id, user)
        rules = services.rules_of(game)
        allowed = talk_orders(rules)
        kind = order.get("type")
        if kind not in allowed:
            names = ", ".join(sorted(allowed)) or "none"
            raise TalkError(f"an order of type {kind!r} is not given from a conversation (this game's: {names})",
                            code="not_a_talk_order")
        to = order.get(allowed[kind])
        if not isinstance(to, int) or isinstance(to, bool) or to == seat or to not in conv.seats:
            raise NotMember(f"{allowed[kind]} names another seat of this conversation "
                            f"({', '.join(str(s) for s in conv.seats if s != seat)})")
        given = order.get("player", seat)
        if given != seat or isinstance(given, bool):
            raise services.NotYourSeat(f"you play seat {seat}; you cannot give orders for seat {given!r}"[:200])
        outcome = services.submit(game.pk, order, seat=seat, account=user, client_key=client_key, revision=revision)
        if outcome.replayed:
            first = conv.messages.filter(order_seq=outcome.revision).first()
            if first is not None:
                return Given(first, outcome)
        return Given(_write(game, conv, seat, user, text, order_seq=outcome.revision), outcome)


def order_events(game: Game, seqs: set[int], seat: int | None) -> dict[int, list[str]]:
    """For each order given from a conversation (its log seq): the texts of its events the
    holder of ``seat`` may see (public ones and his seat's own; the game chose who is told)."""
    out: dict[int, list[str]] = {s: [] for s in seqs}
    if not seqs:
        return out
    for r in EventRecord.objects.filter(game=game, seq__in=seqs).order_by("seq", "n"):
        if r.to is None or (seat is not None and seat in r.to):
            out[r.seq].append(r.text)
    return out


# ---- reading ---------------------------------------------------------------------------------
def mark_read(conv: Conversation, user, upto: int) -> None:
    """``user`` has been shown the conversation up to message ``upto``."""
    if user is None or not user.is_authenticated:
        return
    n = ReadMark.objects.filter(conversation=conv, user=user, read_upto__lt=upto).update(read_upto=upto)
    if n or ReadMark.objects.filter(conversation=conv, user=user).exists():
        return
    try:
        with transaction.atomic():
            ReadMark.objects.create(conversation=conv, user=user, read_upto=upto)
    except IntegrityError:  # made at once by another request
        ReadMark.objects.filter(conversation=conv, user=user, read_upto__lt=upto).update(read_upto=upto)


def _unread(user) -> Any:
    """The messages not by ``user`` past his read mark of their conversation (any game)."""
    mark = ReadMark.objects.filter(conversation=OuterRef("conversation"), user=user).values("read_upto")[:1]
    return (Message.objects.exclude(author=user)
            .annotate(upto=Coalesce(Subquery(mark, output_field=IntegerField()), Value(0)))
            .filter(pk__gt=F("upto")))


def unread_in_game(game: Game, user, seat: int | None = None) -> dict[int, int]:
    """Conversation id -> messages ``user`` has not read, of the conversations his seat is in
    (none for anyone without a seat)."""
    seat = access.seat_of(game, user) if seat is None else seat
    if seat is None:
        return {}
    rows = (_unread(user).filter(conversation__game=game, conversation__members__seat=seat)
            .values("conversation").annotate(n=Count("pk")))
    return {r["conversation"]: r["n"] for r in rows}


def unread_by_game(user, seats: dict[int, int]) -> dict[int, int]:
    """Game id -> unread messages of ``user``'s conversations, for the games of ``seats``
    (game id -> the seat he plays there): one query for a whole game list."""
    if user is None or not user.is_authenticated or not seats:
        return {}
    which = Q()
    for game_id, seat in seats.items():
        which |= Q(conversation__game_id=game_id, conversation__members__seat=seat)
    rows = _unread(user).filter(which).values("conversation__game_id").annotate(n=Count("pk"))
    return {r["conversation__game_id"]: r["n"] for r in rows}


def newest_for_seats(topics: list[str]) -> dict[str, int]:
    """The live topics' numbers (``talk:<game>:<seat>``): the newest message of the seat's
    conversations in the game (0: none yet)."""
    out: dict[str, int] = {}
    for t in topics:
        _, game, seat = t.split(":")
        newest = (Message.objects.filter(conversation__game_id=int(game), conversation__members__seat=int(seat))
                  .order_by("-pk").values_list("pk", flat=True).first())
        out[t] = newest or 0
    return out


def stream_topics(game_id: int, user) -> list[str]:
    """What a listener of the game's live stream hears of the table talk: the topic of his own
    seat (a seat he plays now), nothing for anyone else."""
    seat = services.seat_in(game_id, user)
    return [] if seat is None else [topic_of(game_id, seat)]
