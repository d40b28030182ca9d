"""The table talk's messages in the mails (SITE-CHAT-02): a member away from the site gets the
messages of his conversations he has not read batched in his next mail, never one mail per
message.

- Every "your turn" mail and reminder of a game carries the messages of that game's
  conversations its recipient has neither read nor been mailed (:func:`carry`); his daily
  digest carries those of the mails that waited for it.
- A message posted wakes each other member (:func:`wake`): unless a mail has carried it or he
  has read it by then, one mail ("talk") carries all he has not read, of every game, at most
  ``TRESHAM_TALK_MAIL_DELAY`` after it and at most once every ``TRESHAM_TALK_MAIL_EVERY``
  (:func:`run`, the worker's: the :class:`.models.TalkWake` rows, claimed with a row lock).
- A mail is written with what it carries (``Outbox.talk``) and the marks move in the same
  transaction (``talk.ReadMark.mailed_upto``); a mail the site then does not send (its decision
  given in time) gives its messages back (:func:`give_back`) for the next one.

Only the current holder of one of a conversation's seats ever gets its messages: the same
rule as its pages (``talk.access``). A muted game's messages are never mailed.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from ...games import registry
from ..play.models import Game, Seat, display_name
from ..talk.models import Conversation, Message, ReadMark
from . import outbox, preferences
from .models import Delivery, Outbox, TalkWake
from .render import site_link, when, zone_of


@dataclass
class Batch:
    """Messages to carry in a mail: their text and the marks to move ({conversation: [before, up to]})."""

    text: str = ""
    marks: dict[str, list[int]] = field(default_factory=dict)
    count: int = 0
    games: set[int] = field(default_factory=set)


def _seats_of(user, game: Game | None = None) -> dict[int, int]:
    """Game id -> the seat ``user`` holds there now (games being played)."""
    qs = Seat.objects.filter(user=user, status=Seat.Status.PLAYING, game__status=Game.Status.ACTIVE)
    if game is not None:
        qs = qs.filter(game=game)
    return dict(qs.values_list("game_id", "index"))


def _names(game: Game) -> dict[int, str]:
    """Each seat of ``game`` as a mail names it: its name in the game (once public) and player."""
    rules = registry.get(game.kind)
    names: dict[int, str] = {}
    if game.state:
        state = rules.loads(game.state)
        if rules.placement_done(state):
            names = {r.seat: r.name for r in rules.summary(state)}
    out = {}
    for s in game.seats_now():
        who = display_name(s.user) if s.user_id else ("bot" if s.is_bot else "nobody")
        out[s.index] = f"{names.get(s.index) or f'Seat {s.index + 1}'} ({who})"
    return out


def pending(user, games: dict[int, int]) -> list[tuple[Conversation, int, list[Message]]]:
    """The conversations of ``user``'s seats in ``games`` (game id -> seat) with messages he has
    neither read nor been mailed: (conversation, his mark before, the messages), oldest first."""
    out = []
    for game_id, seat in sorted(games.items()):
        convs = Conversation.objects.filter(game_id=game_id, members__seat=seat).order_by("pk")
        marks = {m.conversation_id: max(m.read_upto, m.mailed_upto)
                 for m in ReadMark.objects.filter(user=user, conversation__in=convs)}
        for conv in convs:
            upto = marks.get(conv.pk, 0)
            msgs = list(conv.messages.filter(pk__gt=upto).exclude(author=user).select_related("author__profile")
                        .order_by("pk"))
            if msgs:
                out.append((conv, upto, msgs))
    return out


def carry(user, games: dict[int, int]) -> Batch:
    """Take the messages of ``games`` (game id -> ``user``'s seat) not read nor mailed into a
    mail: their text, and their mailed marks moved, in the caller's transaction."""
    batch = Batch()
    found = pending(user, games)
    for conv, _, msgs in found:
        mark, _ = ReadMark.objects.get_or_create(conversation=conv, user=user)
        ReadMark.objects.filter(pk=mark.pk).update(mailed_upto=msgs[-1].pk)
        batch.marks[str(conv.pk)] = [mark.mailed_upto, msgs[-1].pk]
        batch.count += len(msgs)
        batch.games.add(conv.game_id)
    batch.text = text_of(user, [(conv, msgs) for conv, _, msgs in found], games)
    return batch


def text_of(user, found: list[tuple[Conversation, list[Message]]], seats: dict[int, int]) -> str:
    """The messages as a mail writes them ("" for none): each conversation with its address,
    each message with its seat and time in the recipient's zone."""
    if not found:
        return ""
    tz = zone_of(user)
    lines: list[str] = []
    names_of: dict[int, dict[int, str]] = {}
    count = 0
    for conv, msgs in found:
        game = conv.game
        names = names_of.setdefault(game.pk, _names(game))
        others = [names.get(s, f"Seat {s + 1}") for s in conv.seats if s != seats.get(game.pk)]
        lines.append(f"In {game.name}, your conversation with {', '.join(others)} "
                     f"({site_link(f'/games/{game.pk}/talk/{conv.pk}/')}):")
        for m in msgs:
            said = m.text
            if m.order_seq:
                said = (said + " " if said else "") + "[an order given from the conversation: see it there]"
            lines.append(f"  {names.get(m.seat, f'Seat {m.seat + 1}')}, {when(m.at, tz)}:")
            lines += [f"    {line}" for line in said.splitlines() or [""]]
        count += len(msgs)
    return (f"Messages of your conversations you have not read ({count}):\n\n" + "\n".join(lines)
            + "\n\nWhat a message says binds no one: only orders given to the game count.")


def text_of_marks(user, marks: dict[str, list[int]]) -> dict[str, Any]:
    """The template's ``talk`` for the messages a mail carries (``Outbox.talk``), as they are
    now: those still held by ``user``'s seats ({} for none)."""
    found = []
    seats: dict[int, int] = {}
    for conv_id, (before, upto) in sorted(marks.items(), key=lambda kv: int(kv[0])):
        conv = Conversation.objects.select_related("game").filter(pk=int(conv_id)).first()
        if conv is None:
            continue
        seat = _seats_of(user, conv.game).get(conv.game_id)
        if seat is None or seat not in conv.seats:
            continue
        seats[conv.game_id] = seat
        msgs = list(conv.messages.filter(pk__gt=before, pk__lte=upto).exclude(author=user)
                    .select_related("author__profile").order_by("pk"))
        if msgs:
            found.append((conv, msgs))
    text = text_of(user, found, seats)
    return {"talk": text} if text else {}


def give_back(row: Outbox, now: dt.datetime | None = None) -> None:
    """``row`` will not be sent: the messages it carried are due in the next mail (the marks it
    moved go back, unless a later mail moved them on), and the recipient is woken for them at
    once (they have waited already)."""
    if not row.talk or row.user_id is None:
        return
    for conv, (before, upto) in row.talk.items():
        ReadMark.objects.filter(conversation_id=int(conv), user_id=row.user_id, mailed_upto=upto).update(
            mailed_upto=before)
    wake(row.user, now or timezone.now(), wait=False)


def wake(user, now: dt.datetime, *, wait: bool = True) -> None:
    """Have a batch of ``user``'s unread messages mailed ``TRESHAM_TALK_MAIL_DELAY`` from now
    (``wait`` False: now), and not within ``TRESHAM_TALK_MAIL_EVERY`` of the last such mail
    (a wake already set stays as it is)."""
    if TalkWake.objects.filter(user=user).exists():
        return
    at = now + dt.timedelta(seconds=settings.TRESHAM_TALK_MAIL_DELAY if wait else 0)
    last = Outbox.objects.filter(user=user, kind="talk").aggregate(m=Max("created_at"))["m"]
    if last is not None:
        at = max(at, last + dt.timedelta(seconds=settings.TRESHAM_TALK_MAIL_EVERY))
    with transaction.atomic():  # a savepoint: set at once by another message's transaction
        TalkWake.objects.get_or_create(user=user, defaults={"due_at": at})


def on_posted(message: Message, game: Game) -> None:
    """A message is posted (``talk.signals.posted``, in its transaction): every other member
    holding a seat of its conversation now is woken for it."""
    holders = {s.index: s.user for s in game.seats_now() if s.user_id and s.status == Seat.Status.PLAYING}
    now = timezone.now()
    for seat in message.conversation.seats:
        user = holders.get(seat)
        if user is not None and user.pk != message.author_id and user.is_active:
            wake(user, now)


def run(now: dt.datetime | None = None, limit: int = 50) -> int:
    """The due wakes, one transaction each (a row lock other workers skip): each writes at most
    one "talk" mail of the games mailed at once and one for those in the daily digest; gives
    how many mails were written."""
    now = now or timezone.now()
    made = 0
    for _ in range(limit):
        with transaction.atomic():
            wake_row = (TalkWake.objects.select_for_update(skip_locked=True, of=("self",))
                        .select_related("user__profile")
                        .filter(due_at__lte=now).order_by("due_at", "pk").first())
            if wake_row is None:
                break
            made += mail_unread(wake_row.user, now)
            wake_row.delete()
    return made


def mail_unread(user, now: dt.datetime) -> int:
    """One "talk" mail of the unread messages of ``user``'s games mailed at once, another (to
    his digest) of those of his games in the digest; none for muted games. Gives how many."""
    if not user.is_active:
        return 0
    games = _seats_of(user)
    by_way: dict[str, dict[int, int]] = {}
    for game_id, seat in games.items():
        way = preferences.delivery_for(user, game_id)
        if way != Delivery.NONE:
            by_way.setdefault(way, {})[game_id] = seat
    made = 0
    for way, some in sorted(by_way.items()):
        batch = carry(user, some)
        if not batch.count:
            continue
        newest = max(up for _, up in batch.marks.values())
        subject, text, html = outbox.render("talk", {"recipient": display_name(user), "talk": batch.text,
                                                     "count": batch.count, "site_url": site_link("")})
        row = outbox.enqueue(user, "talk", subject, text, f"talk:{user.pk}:{newest}:{way}", html=html, now=now,
                             delivery=way, talk=batch.marks)
        made += int(row.kind == "talk")
    return made


def context(user, game: Game, seat: int | None) -> tuple[dict[str, Any], dict[str, list[int]]]:
    """What a game mail to ``user`` carries of his unread messages of ``game``: the template's
    ``talk`` and the marks for ``Outbox.talk``."""
    if seat is None or preferences.delivery_for(user, game) == Delivery.NONE:
        return {}, {}
    batch = carry(user, {game.pk: seat})
    return ({"talk": batch.text} if batch.count else {}), batch.marks
