"""What the rankings keep: one record per finished game (the input, kept for ever), the
ratings it leads to (rebuilt from the records at will), and the ledger that orders them."""
from __future__ import annotations

from django.conf import settings
from django.db import models


class Ledger(models.Model):
    """One row: the number of games rated so far. Rating a game locks it first, so games are
    rated one after another in the order of their ``RatedGame.seq``, on every database: that
    order is what a rebuild replays (the ratings depend on it)."""

    rated = models.PositiveIntegerField(default=0)


class RatedGame(models.Model):
    """A finished game's record as the rankings read it (``record.py``): for each seat its
    final place, its side (nation), who finished it and who abandoned it."""

    game = models.OneToOneField("play.Game", on_delete=models.CASCADE, related_name="rated")
    seq = models.PositiveIntegerField(unique=True, help_text="1 for the first game rated")
    kind = models.CharField(max_length=40, help_text="the game of the family (registry name)")
    record = models.JSONField()
    rated_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seq"]


class Rating(models.Model):
    """The skill of a subject in one game of the family: a person (``user``), the site's bot,
    or a side (a nation: its strength, learned like a player's, and its average place).
    ``mu`` and ``sigma`` are the model's; they are never shown, only the order they give."""

    class Subject(models.TextChoices):
        PERSON = "person", "Person"
        BOT = "bot", "Bot"
        SIDE = "side", "Side"

    kind = models.CharField(max_length=40)
    subject = models.CharField(max_length=10, choices=Subject.choices)
    key = models.CharField(max_length=120, help_text="user id, 'bot', or the side's name")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="ratings")
    mu = models.FloatField()
    sigma = models.FloatField()
    #: the conservative skill the ranking orders by (mu - 3 sigma), kept for the index
    ordinal = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    #: sum of the places finished (sides: the average place is place_sum / games)
    place_sum = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["kind", "subject", "key"], name="one_rating_per_subject")]
        indexes = [models.Index(fields=["kind", "subject", "-ordinal"])]
