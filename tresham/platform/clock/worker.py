"""The worker: claims due rows and carries them out through the one order path.

Several workers (threads or processes; on PostgreSQL several machines) may run at once: a
worker locks the game's row with ``FOR UPDATE SKIP LOCKED``, so two never act on one game at
the same time, and the row it acts on is replaced in the same transaction as the order it
causes (``play.services.submit`` reschedules). A worker that dies mid-way holds no lock once
its connection drops and has committed nothing: the row is due again for the next one, so
every due row is carried out exactly once. On SQLite the IMMEDIATE write transaction
serializes everything.

Why not a task queue (django-tasks and the like): a deadline is not a job enqueued once but a
fact derived from the game, moved by every order, pause and seat change; keeping it as rows
rewritten with the game, in the same transaction, is what makes "applied exactly once"
simple. The rows are claimed the way a task queue's database backend claims tasks.
"""
from __future__ import annotations

import datetime as dt
import logging
import os
import threading
import time
from collections.abc import Callable

from django.db import close_old_connections, connection, transaction
from django.utils import timezone

from ...games.contract import AlreadyDone, Event, IllegalOrder
from ..errors import Refusal
from ..play import services
from ..play.models import Seat, display_name
from ..sqlite.base import checkpoint
from . import absence, standing
from .models import Due, StandingOrder

log = logging.getLogger(__name__)


def run_due(now: dt.datetime | None = None, limit: int = 100) -> int:
    """Carry out due rows (at most ``limit``) one transaction each; gives how many."""
    done = 0
    while done < limit:
        if not run_one(now):
            break
        done += 1
    return done


def run_one(now: dt.datetime | None = None) -> bool:
    """Claim and carry out one due row; False when none is due or every due game is locked."""
    now = now or timezone.now()
    candidates = list(Due.objects.filter(due_at__lte=now).order_by("due_at", "pk")
                      .values_list("game_id", flat=True)[:50])
    for game_id in dict.fromkeys(candidates):
        with transaction.atomic():
            game = services.lock(game_id, skip_locked=True)
            if game is None:
                continue  # another worker (or a player's order) holds it: skip, do not wait
            row = Due.objects.filter(game=game, due_at__lte=now).order_by("due_at", "pk").first()
            if row is None:
                continue  # carried out meanwhile
            carry_out(game, row, now)
            _fault_point("before_commit", row)
            return True
    return False


def _fault_point(where: str, row: Due) -> None:
    """Fault injection for the crash tests only: with ``TRESHAM_FAULT=before_commit:PATH``
    the worker writes PATH and stops dead inside its transaction (the test then kills it)."""
    fault = os.environ.get("TRESHAM_FAULT", "")
    if fault.startswith(where + ":"):
        with open(fault.split(":", 1)[1], "w") as f:
            f.write(f"{row.game_id} {row.key}\n")
        while True:
            time.sleep(60)


def carry_out(game, row: Due, now: dt.datetime) -> None:
    """Inside the claim's transaction: what the row says. Every path ends in an accepted
    order (which rewrites the game's rows) or deletes the row, so nothing can stall."""
    rules = services.rules_of(game)
    state = rules.loads(game.state)
    if row.action == Due.Action.BOT:
        _bot(game, rules, state, row)
    elif row.action == Due.Action.TIMEOUT:
        row = standing.first_due(game, row, now)  # a standing order before a default that settles it too
        _timeout(game, rules, state, row)
    elif row.action == Due.Action.TIMER:
        try:
            services.submit(game.pk, row.order, seat=None, by_site=True, reason="clock")
        except AlreadyDone:  # the timer's order changes nothing now (SITE-SAFE-10): the row goes
            pass
    elif row.action == Due.Action.DEPART:
        absence.depart_vacant_seat(game, rules, state, row.seat, now)
    Due.objects.filter(pk=row.pk).delete()  # usually already replaced by the order's reschedule


def _bot(game, rules, state, row: Due) -> None:
    """The bot's order for a bot seat, at the seat's level (``Offers.bots``, SITE-BOT-05; a
    seat whose player left, played by a bot because the creator chose so: the default level),
    given under the seat's own name (``reason="bot"``, SITE-BOT-03). A level that waits (its
    ``play`` gives None) gives nothing now: the row is dropped and comes back at the game's
    next accepted order (``schedule.reschedule`` makes every bot decision due again), so a
    waiting bot neither stalls nor busy-loops (docs/clock.md, "Bots"). A game without a bot
    gets the seat's default, as the bot's choice."""
    is_bot, key = Seat.objects.filter(game=game, index=row.seat).values_list("is_bot", "bot_level").get()
    # a level the game no longer offers: its default level
    level = rules.offers.bot_level(key if is_bot else None) or rules.offers.bot_level()
    if level is None:
        order = _bot_default(rules, state, row.seat)
    else:
        order = level.play(state, row.seat, f"{game.seed}:bot:{game.revision}:{row.seat}")
        if order is None:
            return  # the bot waits for others: nothing now (the caller drops the row)
    try:
        services.submit(game.pk, order, seat=row.seat, by_site=rules.is_site_order(order), reason="bot")
    except IllegalOrder as e:  # a bot's mistake: the seat's default instead, never a stall
        log.warning("bot order refused in game %s seat %s: %s", game.pk, row.seat, e)
        services.submit(game.pk, _bot_default(rules, state, row.seat), seat=row.seat, by_site=True,
                        reason="bot default")


def _bot_default(rules, state, seat: int) -> dict:
    """The seat's default as its bot's own choice (``Offers.bot_default``), else the plain one."""
    own = rules.offers.bot_default
    return own(state, seat) if own is not None else rules.default(state, seat)


def _timeout(game, rules, state, row: Due) -> None:
    """The deadline passed (SITE-TIME-04): the player's standing order for this kind of
    decision if it applies now, else the site's default; one missed order is charged to the
    seat's holder either way (none for a vacant seat, SZ-13), and past the threshold he is
    removed. A standing order that cannot apply now (the rules refuse what it gives, or it
    says nothing for this decision) leaves the default to apply, and the player alone is told
    why in the history."""
    seat = Seat.objects.select_related("user").get(game=game, index=row.seat)
    who = display_name(seat.user) if seat.user else f"Seat {row.seat + 1}"
    held = None
    if seat.user_id is not None:
        held = StandingOrder.objects.filter(game=game, seat=row.seat, user=seat.user, kind=row.decision).first()
    note = None
    if held is not None:
        nation = _seat_name(rules, state, row.seat)
        why = _apply_standing(game, rules, state, row, held, nation)
        if why is None:
            absence.missed(game, seat, row.decision, standing=True, round_number=rules.round(state))
            return
        title = standing.title_of(rules, row.decision)
        note = Event(f"Your standing order \"{title}\" could not be applied: {why.rstrip('.')}. The "
                     "site's default applies instead.", "standing_order_refused", to=[row.seat],
                     data={"seat": row.seat, "kind": row.decision})
    notes = [Event(f"{who} did not decide in time: the site's default applies.", "timeout",
                   data={"seat": row.seat})] + ([note] if note else [])
    services.submit(game.pk, rules.default(state, row.seat), seat=row.seat, by_site=True,
                    reason="timeout", notes=notes)
    if seat.user_id is not None:
        absence.missed(game, seat, row.decision, standing=False, round_number=rules.round(state))


def _seat_name(rules, state, index: int) -> str:
    """The seat's name in the game ("Egypt"), or "Seat 2" before it has one."""
    for r in rules.summary(state):
        if r.seat == index and r.name:
            return r.name
    return f"Seat {index + 1}"


def _apply_standing(game, rules, state, row: Due, held: StandingOrder, nation: str) -> str | None:
    """Give the order ``held`` gives now, as the platform's; None when it was applied, else
    why not (nothing changed then). A fault of the game's planner is logged and treated as a
    refusal, inside a savepoint: the default still applies and the game never stalls."""
    try:
        with transaction.atomic():  # a savepoint: a failure here leaves nothing behind
            order = rules.offers.standing.order(state, row.seat, row.decision, held.spec)
            if order is None:
                return "it says nothing for this decision"
            services.submit(game.pk, order, seat=row.seat, by_site=True, reason="standing order",
                            notes=[Event(f"{nation}'s standing order was applied.", "standing_order",
                                         data={"seat": row.seat, "kind": row.decision})])
            return None
    except IllegalOrder as e:
        return e.message
    except Refusal as e:
        return e.message
    except Exception:
        log.exception("standing order failed in game %s seat %s (%s)", game.pk, row.seat, row.decision)
        return "the site could not work it out"


class WorkerThread(threading.Thread):
    """The worker in a thread of the server process (``tresham serve``)."""

    def __init__(self, interval: float = 1.0) -> None:
        super().__init__(name="tresham-worker", daemon=True)
        self.interval = interval
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                busy = one_pass()
            except Exception:  # the worker never dies: the row stays due, logged
                log.exception("worker pass failed")
                busy = 0
            finally:
                close_old_connections()
            if not busy:
                self.stopping.wait(self.interval)

    def stop(self) -> None:
        self.stopping.set()


def _checkpoint() -> None:
    """On SQLite, the write-ahead log into the database, off the requests' path."""
    checkpoint(connection)


#: What each pass of the worker also does after the due rows, by name: registered by the apps
#: above the clock when the site starts (the mail app: send what the outbox holds), so the
#: clock imports none of them. Each gives how much it did (0: nothing to do).
EACH_PASS: dict[str, Callable[[], int]] = {}


def each_pass(name: str, task: Callable[[], int]) -> None:
    """Have every pass of the worker run ``task`` too (a second ``name`` replaces the first)."""
    EACH_PASS[name] = task


def one_pass() -> int:
    """One pass of the worker: the due rows, then what the apps above the clock registered
    (:data:`EACH_PASS`), then SQLite's checkpoint; gives how much it did (0: nothing to do)."""
    busy = run_due()
    busy += sum(task() for task in list(EACH_PASS.values()))
    _checkpoint()
    return busy


def run_forever(interval: float = 1.0) -> None:
    """``tresham worker``: the worker alone, until interrupted."""
    w = WorkerThread(interval)
    try:
        w.run()
    except KeyboardInterrupt:
        pass
