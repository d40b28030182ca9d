"""The clock's rows.

:class:`Due`: something the site must do for a game at a time -- a bot's turn (now), a
player's deadline passing (his default, or his standing order), a game timer (the trade
embargo's end, the market's cutoff), a vacant seat departing. A game's rows are rewritten in
the same transaction as every accepted order, from the rules' pending decisions and timers;
workers claim them with a row lock on the game that other workers skip.

:class:`MissedOrder`: one deadline a player let pass (the removal threshold and, later, the
reliability shown beside his name). :class:`Pause`: a player's absence (SITE-PAUSE).
:class:`StandingOrder`: what a player wants done when his deadline passes, per kind of decision.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models


class Due(models.Model):
    class Action(models.TextChoices):
        BOT = "bot", "A bot plays the seat"
        TIMEOUT = "timeout", "The deadline passes: the standing order or the default applies"
        TIMER = "timer", "The game's clock order (e.g. the trade market's cutoff)"
        DEPART = "depart", "A seat left empty too long departs (15.6)"

    game = models.ForeignKey("play.Game", on_delete=models.CASCADE, related_name="due")
    #: what this row stands for while it runs, e.g. "Turn 3, ships|2|ships|3f2a" or a timer's
    #: key; a decision that stays owed keeps its row's ``started_at``
    key = models.CharField(max_length=200)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    action = models.CharField(max_length=10, choices=Action.choices)
    decision = models.CharField(max_length=40, blank=True, default="", help_text="the decision's kind")
    #: for a timer, the site order to give
    order = models.JSONField(null=True, blank=True)
    #: when the decision (or timer) began: the time limit runs from here (SITE-TIME-01)
    started_at = models.DateTimeField()
    due_at = models.DateTimeField(db_index=True)
    #: why the deadline is where it is (availability, pauses, a cap), in words
    notes = models.JSONField(default=list, blank=True)
    #: the game's revision when the row was written (rows are rewritten on every change)
    revision = models.PositiveIntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "key"], name="one_due_per_key")]
        ordering = ["due_at", "pk"]
        verbose_name_plural = "due"

    def __str__(self) -> str:
        return f"{self.game_id}: {self.action} {self.key} at {self.due_at:%Y-%m-%d %H:%M}"


class MissedOrder(models.Model):
    """A deadline that passed without the player's order (SITE-TIME-04, SITE-REMOVE-01)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="missed_orders")
    game = models.ForeignKey("play.Game", on_delete=models.CASCADE, related_name="missed_orders")
    seat = models.PositiveSmallIntegerField()
    decision = models.CharField(max_length=40)
    #: the standing order was applied instead of the site's default
    standing = models.BooleanField(default=False)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "at"]


class Pause(models.Model):
    """A player's absence (SITE-PAUSE-01..07): his games' deadlines that would fall inside
    [start, end] are moved past it. ``removed_at``: taken back; it stays in force for 24
    hours after (SITE-PAUSE-06), which is why ``end`` is then cut to removal + 24 h."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pauses")
    start = models.DateTimeField()
    end = models.DateTimeField()
    reason = models.TextField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True)
    removed_at = models.DateTimeField(null=True, blank=True)
    removed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="pauses_removed")

    class Meta:
        ordering = ["user", "start"]
        constraints = [models.CheckConstraint(condition=models.Q(end__gt=models.F("start")), name="pause_ends_after_start")]


class StandingOrder(models.Model):
    """What a player wants done when his deadline for one kind of decision passes, instead of
    the site's default. ``spec`` is the game's own JSON (the game checks it when applied)."""

    game = models.ForeignKey("play.Game", on_delete=models.CASCADE, related_name="standing_orders")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="standing_orders")
    kind = models.CharField(max_length=40, help_text="the kind of decision it answers")
    spec = models.JSONField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seat", "kind"], name="one_standing_order_per_kind")]
