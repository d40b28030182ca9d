"""Lobby rows: the player queue (SITE-QUEUE) and the pick order a started game drew."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from ..play.models import Game


class QueueEntry(models.Model):
    """A player waiting in the queue for a seat (SITE-QUEUE-01..04), and, once placed, the
    game he was placed in: one entry is one seat.

    Time limits are seconds per turn; ``None`` is "No time limit", counted as longer than
    every timed limit: a minimum of ``None`` accepts only untimed games, a maximum of
    ``None`` accepts untimed games too."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="queue_entries")
    min_time_limit = models.PositiveIntegerField(null=True, blank=True)
    max_time_limit = models.PositiveIntegerField(null=True, blank=True)
    #: SITE-QUEUE-02: put into games that have not started (on by default)
    join_new = models.BooleanField(default=True)
    #: SITE-QUEUE-03: put into a running game's seat awaiting a replacement (off by default)
    join_in_progress = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    #: where the queue placed him (null while he waits)
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    placed_at = models.DateTimeField(null=True, blank=True)
    #: the entry was withdrawn by its player before any placement
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user"], name="one_waiting_queue_entry",
                                    condition=Q(game__isnull=True, left_at__isnull=True)),
            # None is the longest limit: (min, max) must be ordered that way
            models.CheckConstraint(name="queue_range_ordered", condition=(
                Q(max_time_limit__isnull=True)
                | Q(min_time_limit__isnull=False, min_time_limit__lte=models.F("max_time_limit")))),
            models.CheckConstraint(name="queue_accepts_some_game",
                                   condition=Q(join_new=True) | Q(join_in_progress=True)),
        ]
        indexes = [models.Index(fields=["created_at"], name="queue_waiting_order",
                                condition=Q(game__isnull=True, left_at__isnull=True))]
        ordering = ["created_at", "pk"]
        verbose_name_plural = "queue entries"

    def __str__(self) -> str:
        return f"{self.user} in the queue"

    @property
    def waiting(self) -> bool:
        return self.game_id is None and self.left_at is None

    def accepts(self, time_limit: int | None) -> bool:
        """Whether a game with ``time_limit`` lies in this entry's range (SITE-QUEUE-01)."""
        if time_limit is None:
            return self.max_time_limit is None
        if self.min_time_limit is None or time_limit < self.min_time_limit:
            return False
        return self.max_time_limit is None or time_limit <= self.max_time_limit


class PickOrder(models.Model):
    """The order in which the seats of a started game choose (drawn by the rules from the
    game's seed when it starts, SITE-PICK-01), kept for the lists once the choosing is over."""

    game = models.OneToOneField(Game, primary_key=True, on_delete=models.CASCADE, related_name="pick_order")
    seats = models.JSONField(help_text="seat indexes, first to choose first")

    def __str__(self) -> str:
        return f"pick order of {self.game_id}"

    def number(self, index: int) -> int | None:
        """Seat ``index``'s pick-order number (1 = first), or None."""
        try:
            return self.seats.index(index) + 1
        except ValueError:
            return None
