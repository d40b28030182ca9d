"""The worker: claims due rows and carries them out through the one order path.

Several workers (threads or processes, on PostgreSQL several machines) may run at once: a
worker locks the game's row with ``FOR UPDATE SKIP LOCKED``, so two never act on one game at
the same time, and the row it acts on is deleted in the same transaction as the order it
causes. A worker that dies mid-way holds no lock once its connection drops: the row is due
again for the next one. On SQLite the IMMEDIATE write transaction serializes everything.
"""
from __future__ import annotations

import logging
import threading
import time

from django.db import close_old_connections, transaction
from django.utils import timezone

from ...games.base import IllegalOrder
from ..play import services
from .models import Due

log = logging.getLogger(__name__)


def run_due(now=None, limit: int = 100) -> int:
    """Carry out every due row (at most ``limit``); gives how many were done."""
    done = 0
    while done < limit:
        if not run_one(now):
            break
        done += 1
    return done


def run_one(now=None) -> bool:
    """Claim and carry out one due row; False when none is due or every due game is locked."""
    now = now or timezone.now()
    candidates = list(Due.objects.filter(due_at__lte=now).order_by("due_at", "pk")
                      .values_list("game_id", flat=True)[:20])
    for game_id in dict.fromkeys(candidates):
        with transaction.atomic():
            game = services.lock(game_id, skip_locked=True)
            if game is None:
                continue  # another worker (or a player's order) holds it
            row = Due.objects.filter(game=game, due_at__lte=now).order_by("due_at", "pk").first()
            if row is None:
                continue
            _carry_out(game, row)
            return True
    return False


def _carry_out(game, row: Due) -> None:
    """Inside the claim's transaction: the bot's order for the seat (or the default)."""
    rules = services.rules_of(game)
    state = rules.loads(game.state)
    row_id = row.pk
    if row.action == Due.Action.BOT:
        order = rules.bot(state, row.seat, f"{game.seed}:bot:{game.revision}:{row.seat}")
        platform = rules.is_platform_order(order)
        try:
            services.submit(game.pk, order, seat=row.seat, by_platform=platform, reason="bot")
        except IllegalOrder as e:  # a bot's mistake: the seat's default instead, never a stall
            log.warning("bot order refused in game %s seat %s: %s", game.pk, row.seat, e)
            services.submit(game.pk, rules.default(state, row.seat), seat=row.seat, by_platform=True,
                            reason="bot default")
    Due.objects.filter(pk=row_id).delete()  # usually already replaced by the order's reschedule


class WorkerThread(threading.Thread):
    """The worker in a thread of the server process (``tresham serve``)."""

    def __init__(self, interval: float = 1.0) -> None:
        super().__init__(name="tresham-worker", daemon=True)
        self.interval = interval
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                busy = run_due()
            except Exception:  # the worker never dies: the row stays due, logged
                log.exception("worker pass failed")
                busy = 0
            finally:
                close_old_connections()
            if not busy:
                self.stopping.wait(self.interval)

    def stop(self) -> None:
        self.stopping.set()


def run_forever(interval: float = 1.0) -> None:
    """``tresham worker``: the worker alone, until interrupted."""
    w = WorkerThread(interval)
    try:
        w.run()
    except KeyboardInterrupt:
        pass
