"""Mail that respects attention: "your turn" once per decision that needs the player
(SITE-NOTIFY-01).

- A decision is the clock's: its key (stage, seat, kind, prompt; ``clock.schedule.decision_key``)
  is what a deadline runs for, and what a mail announces. Each (game, player, decision) is
  announced at most once (:class:`.models.TurnNotice`), however often it leaves and comes back.
- None for a decision his standing order answers (the site gives it at the deadline), none
  for one the game applies at once (it is never owed: SITE-TABLE-08), none for a bot's or an
  empty seat's.
- Decisions that open together, in one order or within the mail's wait, share one mail: the
  mail is written in the transaction of the order that opens the first (the outbox rule), sent
  ``TRESHAM_TURN_MAIL_DELAY`` later (at most a twelfth of the game's time limit), and a
  decision opening meanwhile joins it (the row is written again, listing all he owes).
- When the mail falls due, the sender sends it only if the player still holds the seat and
  still owes one of its decisions (:func:`still_owed`), one that has been owed for the whole
  wait (:func:`ready`: a decision that joined it later puts it off until it has): a player at
  the table who answers as the game moves is not mailed for what his screen showed him.
  Reminders (``reminders``) keep the first rule.
"""
from __future__ import annotations

import datetime as dt
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from ...games import registry
from ..clock import shown
from ..clock.models import Due, StandingOrder
from ..clock.schedule import decision_key
from ..play import services
from ..play.models import Game, Seat
from . import outbox, render as facts, talk_batch
from .models import Outbox, TurnNotice

S = Outbox.Status


def delay_of(game: Game) -> dt.timedelta:
    """How long a "your turn" mail of ``game`` waits before it is sent."""
    wait = float(settings.TRESHAM_TURN_MAIL_DELAY)
    if game.time_limit:
        wait = min(wait, game.time_limit / 12)
    return dt.timedelta(seconds=max(0.0, wait))


def owed(rules, state, seat: int | None = None) -> list[tuple[str, int, str]]:
    """The decisions the game waits on (of ``seat`` only, if given): (clock key, seat, kind)."""
    stage = rules.stage(state)
    return [(decision_key(stage, d.player, d.kind, d.prompt), d.player, d.kind) for d in rules.pending(state)
            if d.required and (seat is None or d.player == seat)]


def answered_by_standing_order(game: Game, seat: int, user, kinds: set[str]) -> set[str]:
    """The kinds of ``kinds`` the holder's standing orders answer in this game."""
    if not kinds:
        return set()
    return set(StandingOrder.objects.filter(game=game, seat=seat, user=user, kind__in=kinds)
               .values_list("kind", flat=True))


def turn_mail(game: Game, seat: int, decisions: list[tuple[str, str]], *, deadline: dt.datetime | None,
              state=None, revision: int | None = None) -> list[Outbox]:
    """"It is your turn" to the holder of ``seat`` for ``decisions`` ((clock key, kind) each),
    written now in the caller's transaction (see the module's text): a seat taken over. Gives
    the row written or written again ([] when none of them needs a mail). An order's decisions
    are only noted in its transaction (:func:`note`) and made mails by the worker."""
    holder = _holder(game, seat)
    if holder is None:
        return []
    user = holder.user
    covered = answered_by_standing_order(game, seat, user, {kind for _, kind in decisions})
    keys = [key for key, kind in decisions if kind not in covered]
    if not keys:
        return []
    told = set(TurnNotice.objects.filter(game=game, user=user, decision__in=keys).values_list("decision", flat=True))
    fresh = [k for k in dict.fromkeys(keys) if k not in told]
    if not fresh:
        return []  # at most one mail per decision (SITE-NOTIFY-01)
    TurnNotice.objects.bulk_create([TurnNotice(game=game, user=user, decision=k) for k in fresh],
                                   ignore_conflicts=True)
    rev = game.revision if revision is None else revision
    return [_write_mail(game, seat, user, fresh, deadline=deadline, state=state, revision=rev, opened=timezone.now())]


def _holder(game: Game, seat: int) -> Seat | None:
    """The seat's holder if he is a person playing it (a mail is his to have), else None."""
    holder = next((s for s in game.seats_now() if s.index == seat), None)
    if holder is None or holder.user_id is None or holder.is_bot or holder.status != Seat.Status.PLAYING:
        return None
    return holder


def note(game: Game, seat: int, decisions: list[tuple[str, str]]) -> int:
    """In the transaction of the order that opens ``decisions`` ((clock key, kind) each) for
    the holder of ``seat``: one row each, nothing else (one statement; the seats are the
    order's own, read with the game's lock). A decision he was told of before is not noted
    again (at most one mail per decision, SITE-NOTIFY-01). The worker makes them mails
    (:func:`open_notices`): the standing orders, the wait, the rendering are its work, after
    the order has committed; the rows, committed with the order, are what must not be lost."""
    holder = _holder(game, seat)
    if holder is None or not decisions:
        return 0
    rows = [TurnNotice(game=game, user_id=holder.user_id, decision=k, pending=True, seat=seat, kind=kind[:40],
                       revision=game.revision) for k, kind in dict(decisions).items()]
    TurnNotice.objects.bulk_create(rows, ignore_conflicts=True)
    return len(rows)


def open_notices(now: dt.datetime | None = None, limit: int = 200) -> int:
    """The worker's pass: the decisions noted by orders (:func:`note`) made "your turn" mails,
    each (game, player) in a transaction of its own holding its rows (several workers never
    make one twice): those his standing orders answer are dropped (no mail, and none noted:
    SITE-NOTIFY-01), the others join his waiting mail or make a new one, sent
    ``TRESHAM_TURN_MAIL_DELAY`` after the first of them opened. Gives how many mails were
    written."""
    pairs = list(TurnNotice.objects.filter(pending=True).values_list("game_id", "user_id").distinct()[:limit])
    written = 0
    for game_id, user_id in pairs:
        with transaction.atomic():
            # the game's row first, as an order takes it: a game an order holds now is left
            # for the next pass (the other way round could deadlock with that order)
            # (its seats read with it and kept while the lock is held: one read for the pass)
            game = services.lock(game_id, skip_locked=True, seats=True)
            if game is None:
                continue
            rows = list(TurnNotice.objects.select_for_update(skip_locked=True)
                        .filter(game_id=game_id, user_id=user_id, pending=True).order_by("at", "pk"))
            if rows:
                written += _open(game, rows)
    return written


def _open(game: Game, rows: list[TurnNotice]) -> int:
    """:func:`open_notices` for one (game, player)'s noted rows, the game and the rows locked."""
    done = TurnNotice.objects.filter(pk__in=[r.pk for r in rows])
    if game.status != Game.Status.ACTIVE:
        done.delete()
        return 0
    written = 0
    for seat in sorted({r.seat for r in rows}):
        mine = [r for r in rows if r.seat == seat]
        holder = _holder(game, seat)
        if holder is None or holder.user_id != mine[0].user_id:
            TurnNotice.objects.filter(pk__in=[r.pk for r in mine]).delete()  # he is mailed as the seat's new holder
            continue
        covered = answered_by_standing_order(game, seat, holder.user, {r.kind for r in mine})
        dropped = [r.pk for r in mine if r.kind in covered]
        if dropped:
            TurnNotice.objects.filter(pk__in=dropped).delete()
        fresh = [r for r in mine if r.kind not in covered]
        if fresh:
            deadline = shown.seat_deadline(list(Due.objects.filter(game=game)), seat)
            _write_mail(game, seat, holder.user, [r.decision for r in fresh], deadline=deadline, state=None,
                        revision=fresh[0].revision or game.revision, opened=fresh[0].at)
            written += 1
    done.filter(pending=True).update(pending=False)
    return written


def _write_mail(game: Game, seat: int, user, fresh: list[str], *, deadline: dt.datetime | None, state,
                revision: int, opened: dt.datetime) -> Outbox:
    """The "your turn" mail to ``user`` for the decisions ``fresh`` (their keys), opened at
    ``opened``: his waiting one written again, or a new one sent after the wait."""
    public = facts.PublicFacts.of(game, state)
    ctx = facts.context_for(public, user, times={"deadline": deadline})
    waiting = (Outbox.objects.select_for_update().filter(user=user, game=game, kind="turn", attempts=0,
                                                         status__in=[S.PENDING, S.DIGEST], sent_at__isnull=True)
               .order_by("pk").first())
    if waiting is not None:  # decisions opening within the wait share its mail
        return _again(waiting, ctx, user, game, seat, fresh)
    talk, marks = talk_batch.context(user, game, seat)
    ctx.update(talk)
    subject, text, html = outbox.render("turn", ctx)
    return outbox.enqueue(user, "turn", subject, text, f"turn:{game.pk}:{revision}:{user.pk}", html=html, game=game,
                          now=opened, not_before=opened + delay_of(game), decisions=[[seat, k] for k in fresh],
                          talk=marks)


def _again(row: Outbox, ctx: dict[str, Any], user, game: Game, seat: int, fresh: list[str]) -> Outbox:
    """The waiting mail ``row`` written again: every decision he owes now, the messages it
    carried and any since."""
    talk, marks = talk_batch.context(user, game, seat)
    carried = dict(row.talk or {})
    for conv, (before, upto) in marks.items():
        carried[conv] = [carried[conv][0] if conv in carried else before, upto]
    ctx.update(talk_batch.text_of_marks(user, carried))
    subject, text, html = outbox.render("turn", ctx)
    row.subject, row.body, row.html = outbox.one_line(subject), text, html
    row.decisions = list(row.decisions or []) + [[seat, k] for k in fresh if [seat, k] not in (row.decisions or [])]
    row.talk = carried
    row.save(update_fields=["subject", "body", "html", "decisions", "talk"])
    return row


def still_owed(row: Outbox) -> str:
    """Why ``row`` (a mail about decisions) is no longer to be sent, "" when it is: its
    recipient still holds the seat and owes one of its decisions in a game still played."""
    return _owed_now(row)[0]


def _owed_now(row: Outbox) -> tuple[str, list[str]]:
    """(why not, "" if still owed; the keys of its decisions owed now)."""
    if not row.decisions:
        return "", []
    game = Game.objects.filter(pk=row.game_id).first()
    if game is None or game.status != Game.Status.ACTIVE or not game.state:
        return "the game is no longer being played", []
    seats = {seat for seat, _ in row.decisions}
    held = set(Seat.objects.filter(game=game, user_id=row.user_id, status=Seat.Status.PLAYING,
                                   index__in=seats).values_list("index", flat=True))
    if not held:
        return "the recipient no longer holds the seat", []
    rules = registry.get(game.kind)
    now = {(seat, key) for key, seat, _ in owed(rules, rules.loads(game.state)) if seat in held}
    keys = [key for seat, key in row.decisions if (seat, key) in now]
    if not keys:
        return "the decision was given before the mail was due", []
    return "", keys


def ready(row: Outbox, now: dt.datetime) -> dt.datetime | None:
    """When a due "your turn" mail may go: None when one of its decisions still owed has been
    owed for the whole wait (send it now), else the moment the first of them will have been
    (the decisions that joined it later have not waited yet). Call after :func:`still_owed`."""
    if row.kind != "turn":
        return None
    _, keys = _owed_now(row)
    opened = list(TurnNotice.objects.filter(game_id=row.game_id, user_id=row.user_id, decision__in=keys)
                  .values_list("at", flat=True))
    if not opened:
        return None
    wait = delay_of(Game.objects.get(pk=row.game_id))
    first = min(opened) + wait
    return None if first <= now else first


def drop_if_answered(row: Outbox, now: dt.datetime | None = None) -> bool:
    """Mark ``row`` not sent (giving back the messages it carried) if it is about decisions no
    longer owed, or put it off if those still owed opened within the wait; gives whether it
    is not to be sent now. Call it where the row is claimed."""
    now = now or timezone.now()
    why = still_owed(row)
    if not why:
        until = ready(row, now)
        if until is None:
            return False
        Outbox.objects.filter(pk=row.pk).update(status=S.PENDING, next_try_at=until,
                                                attempts=max(0, row.attempts - (row.status == S.SENDING)))
        return True
    with transaction.atomic():
        Outbox.objects.filter(pk=row.pk).update(status=S.SKIPPED, last_error=why)
        talk_batch.give_back(row, now)
    return True


def drop_unless_owed(row: Outbox, now: dt.datetime | None = None) -> bool:
    """Mark ``row`` not sent if none of its decisions is still owed (the digest's check: it
    comes once a day, the wait does not matter there); gives whether it was dropped."""
    why = still_owed(row)
    if not why:
        return False
    with transaction.atomic():
        Outbox.objects.filter(pk=row.pk).update(status=S.SKIPPED, last_error=why)
        talk_batch.give_back(row, now)
    return True


def sweep(now: dt.datetime | None = None, limit: int = 200) -> int:
    """The due mails about decisions no longer owed, marked not sent (and those whose owed
    decisions have not waited long enough, put off) before anything is sent (their messages
    then go in the batch of this same pass); gives how many."""
    now = now or timezone.now()
    due = Outbox.objects.filter(status=S.PENDING, next_try_at__lte=now).exclude(decisions=[]).order_by("pk")
    return sum(drop_if_answered(row, now) for row in due[:limit])
