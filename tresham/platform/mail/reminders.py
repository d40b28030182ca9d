"""Reminders before a deadline (SITE-NOTIFY-02): at the times each player chooses (by default
when a fifth of the decision's time is left, and one hour before), only while he still owes
the decision.

A reminder is a row (:class:`.models.Reminder`) hung on the clock's deadline row
(``clock.Due``): noted in the transaction that writes the deadline (``clock.signals.
deadlines_set``, from ``clock.schedule``; :func:`note`: one row per deadline, ``which``
"pending", one statement), written out by the worker's pass at the player's chosen times
(:func:`open_pending`, a transaction per deadline that locks its row), deleted with it (``on_delete=CASCADE``) when the
decision is given or the deadline moves (the clock then writes a new row, and the reminders
of the new deadline with it). :func:`run`, the worker's, claims due reminders one at a time
with a row lock other workers skip (``SELECT ... FOR UPDATE SKIP LOCKED``; SQLite's write
transaction), writes the mail to the outbox and deletes the row in that transaction: each
reminder mails once. Checked again then: the seat's holder is still the one reminded, no
standing order of his answers the decision, the game is not muted; the sender checks once
more that the decision is still owed when the mail goes (``attention.still_owed``).

None for a decision his standing order answers (it will be given for him), none for a bot's
or an empty seat's, none that would fall in the past. A reminder comes at once even for a
game whose mails go to the daily digest (a digest would bring it after the deadline); a muted
game has none, nor has a player who takes no game mails.
"""
from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone

from ..clock.models import Due
from ..play import services
from ..play.models import Game, Seat
from . import attention, outbox, preferences, render as facts, talk_batch
from .models import Delivery, Reminder

#: Two reminders closer than this are one (the later).
MERGE = dt.timedelta(minutes=10)
#: ``Reminder.which`` of a deadline noted by an order, not yet written out (its ``remind_at``:
#: when it was noted, the moment the reminders are worked out for)
PENDING = "pending"


def times(due: Due, prefs: preferences.Reminders) -> list[tuple[str, dt.datetime]]:
    """(which, when) of the reminders of deadline ``due`` for these preferences, earliest first."""
    out: list[tuple[str, dt.datetime]] = []
    span = due.due_at - due.started_at
    if prefs.share and span > dt.timedelta(0):
        out.append(("share", due.due_at - span * prefs.share / 100))
    if prefs.before:
        out.append(("before", due.due_at - dt.timedelta(minutes=prefs.before)))
    out.sort(key=lambda x: x[1])
    kept: list[tuple[str, dt.datetime]] = []
    for which, at in out:
        if kept and at - kept[-1][1] < MERGE:
            kept[-1] = (which, at)
        else:
            kept.append((which, at))
    return kept


def write(game: Game, rows: list[Due], now: dt.datetime | None = None) -> list[Reminder]:
    """The reminders of the deadlines ``rows`` (timeout rows of ``game``, just written), in the
    caller's transaction."""
    now = now or timezone.now()
    holders = {s.index: s for s in game.seats_now()}
    new: list[Reminder] = []
    for due in rows:
        seat = holders.get(due.seat)
        if seat is None or seat.user_id is None or seat.is_bot or seat.status != Seat.Status.PLAYING:
            continue
        user = seat.user
        if attention.answered_by_standing_order(game, due.seat, user, {due.decision}):
            continue
        if preferences.delivery_for(user, game) == Delivery.NONE:
            continue
        for which, at in times(due, preferences.reminders_of(user)):
            if at > now:
                new.append(Reminder(due=due, game=game, user=user, seat=due.seat, which=which, remind_at=at))
    if new:
        Reminder.objects.bulk_create(new, ignore_conflicts=True)
    return new


def note(game: Game, rows: list[Due], now: dt.datetime | None = None) -> int:
    """In the transaction that writes the deadlines ``rows`` (timeout rows of ``game``): one
    row each whose seat a person plays, to be written out by the worker (:func:`open_pending`);
    the seats are those the order read with the game's lock. Gives how many."""
    now = now or timezone.now()
    holders = {s.index: s for s in game.seats_now()}
    notes = [Reminder(due=due, game=game, user_id=holders[due.seat].user_id, seat=due.seat, which=PENDING,
                      remind_at=now) for due in rows
             if due.seat in holders and holders[due.seat].user_id is not None and not holders[due.seat].is_bot
             and holders[due.seat].status == Seat.Status.PLAYING]
    if notes:
        Reminder.objects.bulk_create(notes, ignore_conflicts=True)
    return len(notes)


def open_pending(limit: int = 200) -> int:
    """The worker's pass: each noted deadline's reminders written at the times its player
    chooses (:func:`write`, as of when it was noted), a transaction each that locks the note
    (several workers never write one twice); gives how many deadlines were opened."""
    opened = 0
    games = list(Reminder.objects.filter(which=PENDING).order_by("pk").values_list("game_id", flat=True)[:limit])
    for game_id in dict.fromkeys(games):
        with transaction.atomic():
            # the game's row first, as an order takes it (then its due rows and their
            # reminders): never the other way round, which deadlocks with an order deleting
            # the deadline; a game an order holds now is left for the next pass
            game = services.lock(game_id, skip_locked=True, seats=True)  # its seats kept with it
            if game is None:
                continue
            for r in (Reminder.objects.select_for_update(of=("self",)).select_related("due")
                      .filter(game=game, which=PENDING).order_by("pk")):
                r.delete()
                if game.status == Game.Status.ACTIVE:
                    write(game, [r.due], now=r.remind_at)
                opened += 1
    return opened


def rewrite_seat(game: Game, seat: int, now: dt.datetime | None = None) -> None:
    """The seat changed hands: its reminders to come are its new holder's (none for a bot or an
    empty seat), in the caller's transaction."""
    Reminder.objects.filter(game=game, seat=seat).delete()
    write(game, list(Due.objects.filter(game=game, seat=seat, action=Due.Action.TIMEOUT)), now)


def rewrite_for(user, now: dt.datetime | None = None) -> None:
    """The reminders to come of ``user``, written again from his deadlines running now (his
    preferences changed), in the caller's transaction."""
    now = now or timezone.now()
    Reminder.objects.filter(user=user, remind_at__gt=now).delete()
    seats = Seat.objects.filter(user=user, status=Seat.Status.PLAYING, game__status=Game.Status.ACTIVE)
    for game_id, index in seats.values_list("game_id", "index"):
        rows = list(Due.objects.filter(game_id=game_id, seat=index, action=Due.Action.TIMEOUT))
        if rows:
            game = Game.objects.get(pk=game_id)
            write(game, [r for r in rows if not Reminder.objects.filter(due=r).exists()], now)


def run(now: dt.datetime | None = None, limit: int = 50) -> int:
    """Mail the reminders due at ``now``, one transaction each; gives how many were mailed."""
    now = now or timezone.now()
    mailed = 0
    for _ in range(limit):
        with transaction.atomic():
            r = (Reminder.objects.select_for_update(skip_locked=True, of=("self",))
                 .select_related("due", "game", "user__profile").filter(remind_at__lte=now)
                 .exclude(which=PENDING).order_by("remind_at", "pk").first())
            if r is None:
                break
            mailed += int(_mail(r, now))
            r.delete()
    return mailed


def _mail(r: Reminder, now: dt.datetime) -> bool:
    game, due, user = r.game, r.due, r.user
    if game.status != Game.Status.ACTIVE or not user.is_active:
        return False
    if Reminder.objects.filter(due=due, user=user, remind_at__lte=now, remind_at__gt=r.remind_at).exclude(
            which=PENDING).exists():
        return False  # a later one is due too (the worker was away): that one alone is sent
    if not Seat.objects.filter(game=game, index=r.seat, user=user, status=Seat.Status.PLAYING).exists():
        return False  # the seat changed hands: its new holder has reminders of his own
    if attention.answered_by_standing_order(game, r.seat, user, {due.decision}):
        return False
    way = preferences.delivery_for(user, game)
    if way == Delivery.NONE:
        return False
    public = facts.PublicFacts.of(game)
    ctx = facts.context_for(public, user, times={"deadline": due.due_at})
    ctx["left"] = _left(due.due_at - now)
    talk, marks = talk_batch.context(user, game, r.seat)
    ctx.update(talk)
    subject, text, html = outbox.render("reminder", ctx)
    row = outbox.enqueue(user, "reminder", subject, text, f"remind:{due.pk}:{r.which}:{user.pk}", html=html,
                         game=game, now=now, delivery=Delivery.IMMEDIATE, decisions=[[r.seat, due.key]],
                         talk=marks)
    return row.kind == "reminder"


def _left(span: dt.timedelta) -> str:
    """A time left in words: "2 hours 10 minutes", "45 minutes"."""
    minutes = max(0, round(span.total_seconds() / 60))
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    parts = []
    if days:
        parts.append(f"{days} day{'s' if days != 1 else ''}")
    if hours:
        parts.append(f"{hours} hour{'s' if hours != 1 else ''}")
    if mins and not days:
        parts.append(f"{mins} minute{'s' if mins != 1 else ''}")
    return " ".join(parts) or "less than a minute"


def of_user(user) -> list[Reminder]:
    """The reminders to come of ``user`` (his preferences page)."""
    return list(Reminder.objects.filter(user=user).exclude(which=PENDING).select_related("game")
                .order_by("remind_at"))



