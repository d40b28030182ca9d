"""Due rows: something the site must do for a game at a time (a bot's turn now, a deadline
later). Rows are replaced in the same transaction as every accepted order, and workers
claim them with a row lock on the game that other workers skip."""
from __future__ import annotations

from django.db import models


class Due(models.Model):
    class Action(models.TextChoices):
        BOT = "bot", "A bot plays the seat"
        TIMEOUT = "timeout", "The deadline passes: the default applies"

    game = models.ForeignKey("play.Game", on_delete=models.CASCADE, related_name="due")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    action = models.CharField(max_length=10, choices=Action.choices)
    due_at = models.DateTimeField(db_index=True)
    #: the game's revision when the row was written (rows are rewritten on every change)
    revision = models.PositiveIntegerField()
    attempts = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seat", "action"], name="one_due_per_seat_action")]
        ordering = ["due_at", "pk"]
        verbose_name_plural = "due"
