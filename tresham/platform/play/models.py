"""Games, seats, the order log, snapshots, events and messages.

A game's history is its append-only log (:class:`LogEntry`): its options and seed plus the
accepted orders in sequence rebuild every state exactly (``services.rebuild``). The latest
state is kept on the game row and a :class:`Snapshot` every ``SNAPSHOT_EVERY`` orders, so no
page load replays the game.
"""
from __future__ import annotations

import hashlib

from django.conf import settings
from django.db import models

from ...games import registry


class Game(models.Model):
    """One game of a game of the family (``kind``: its name in the registry)."""

    class Status(models.TextChoices):
        OPEN = "open", "Waiting for players"
        ACTIVE = "active", "Being played"
        FINISHED = "finished", "Finished"

    kind = models.CharField(max_length=40)
    name = models.CharField(max_length=80)
    creator = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="created_games")
    options = models.JSONField(help_text="the game's options in normal form, as its rules gave them")
    players = models.PositiveSmallIntegerField()
    #: seconds each player has for a decision; null = "no time limit" (SITE-CREATE-07)
    time_limit = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    #: the random seed: secret until the game ends; its SHA-256 is public from creation
    #: the creator's choice for a seat nobody holds: a bot plays it (else the defaults apply)
    bots_take_vacant_seats = models.BooleanField(default=False)
    #: the creator's choice: once the game is over, every private conversation of its table talk
    #: is readable by all (SITE-CHAT-05; off: only their members ever read them)
    reveal_talk = models.BooleanField(default=False)
    #: the creator's choice: a game in which one person at most plays, every other seat a bot's,
    #: counts for the rankings (SITE-BOT-04; off: such a game is not rated, :attr:`against_bots_only`)
    rated_against_bots = models.BooleanField(default=False)
    seed = models.CharField(max_length=64)
    seed_sha256 = models.CharField(max_length=64)
    revision = models.PositiveIntegerField(default=0, help_text="orders accepted so far")
    state = models.TextField(blank=True, default="", help_text="the latest state (the game's dumps)")
    stage = models.CharField(max_length=120, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [models.Index(fields=["status", "-updated_at"])]

    def __str__(self) -> str:
        return f"{self.name} (#{self.pk})"

    @staticmethod
    def hash_seed(seed: str) -> str:
        return hashlib.sha256(seed.encode()).hexdigest()

    @property
    def prepared(self) -> bool:
        """The game starts from a prepared position, not the game's own start (its rules say
        so of its options): never rated, and every page says so (SITE-SAFE-11)."""
        return registry.get(self.kind).offers.is_prepared(self.options)

    @property
    def is_rated(self) -> bool:
        """A finished game is rated unless it started from a prepared position (SITE-SAFE-11),
        or one person at most plays it against bots only and its creator did not choose to
        have it rated (SITE-BOT-04)."""
        if self.prepared:
            return False
        return self.rated_against_bots or not self.against_bots_only

    @property
    def against_bots_only(self) -> bool:
        """At most one of the game's seats is (or was) a person's: every other seat is a bot's
        (SITE-BOT-04). An open seat counts as a person's (a person will take it); a seat a bot
        took over from a person counts as that person's. Uses the seats prefetched with the game."""
        seats = list(self.seats.all())
        people = [s for s in seats if not s.is_bot]
        if len(people) >= 2:
            return False
        bot_seats = [s.index for s in seats if s.is_bot]
        held = set(Tenure.objects.filter(game=self, seat__in=bot_seats).values_list("seat", flat=True)) \
            if bot_seats and self.pk else set()
        return len(people) + len(held) < 2

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    def seats_now(self) -> list["Seat"]:
        """The game's seats by index, with their users and profiles.

        Inside the order path (``services.submit``) they are read once and kept for its
        transaction, which holds the game's lock (nothing else can change them meanwhile):
        the clock and the mails of that order read them from here. A game page keeps those it
        read for the page (``gamepages.viewer``). Anywhere else each call reads them anew."""
        kept = getattr(self, "_seats_kept", None)
        if kept is not None:
            return kept
        return list(self.seats.select_related("user__profile").order_by("index"))

    def keep_seats(self, seats: list["Seat"] | None = None) -> list["Seat"]:
        """Keep ``seats`` (default: read them now) on this row: while holding its lock, or for
        one page that only reads."""
        self._seats_kept = None
        self._seats_kept = self.seats_now() if seats is None else seats
        return self._seats_kept

    def forget_seats(self) -> None:
        self._seats_kept = None


class Seat(models.Model):
    """A place at the table: the engine's seat number, who holds it, and how."""

    class Status(models.TextChoices):
        PLAYING = "playing", "Playing"
        OPEN = "open", "Awaiting a player"
        DEPARTED = "departed", "Its nation left the game (15.6)"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="seats")
    is_bot = models.BooleanField(default=False)
    #: the bot's level on a bot seat (a key of the game's ``Offers.bots``, SITE-BOT-05); "" else
    bot_level = models.CharField(max_length=40, blank=True, default="")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    joined_at = models.DateTimeField(null=True, blank=True)
    #: deadlines its holder let pass in a row (SITE-REMOVE-01); an order of his resets it
    missed_in_a_row = models.PositiveSmallIntegerField(default=0)
    #: since when nobody holds the seat in a game being played (quit, removal)
    vacant_since = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="one_seat_per_index"),
            models.UniqueConstraint(fields=["game", "user"], name="one_seat_per_user",
                                    condition=models.Q(user__isnull=False)),
        ]
        ordering = ["game", "index"]

    def __str__(self) -> str:
        return f"{self.game} seat {self.index + 1}"

    @property
    def level(self):
        """A bot seat's level (the game's ``Offers.bots``: its own, or the default for a seat
        given before levels or of a level the game no longer offers), None for a person's seat
        or a game without a bot (SITE-BOT-05)."""
        if not self.is_bot:
            return None
        offers = registry.get(self.game.kind).offers
        return offers.bot_level(self.bot_level) or offers.bot_level()

    @property
    def bot_label(self) -> str:
        """"Bot (Heuristic)": the bot and its level (SITE-BOT-05); "" for a person's seat."""
        if not self.is_bot:
            return ""
        level = self.level
        return f"Bot ({level.label})" if level is not None else "Bot"

    @property
    def label(self) -> str:
        if self.is_bot:
            return self.bot_label
        if self.user_id is None:
            return "(open seat)"
        return display_name(self.user)


class Tenure(models.Model):
    """Who held a seat, from when to when, and how it ended (rankings charge a quitter, not
    his replacement, SITE-RANK-06/07): one row per holder of a seat."""

    class End(models.TextChoices):
        QUIT = "quit", "Quit"
        REMOVED = "removed", "Removed for missed deadlines"
        FINISHED = "finished", "Played to the end"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="tenures")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="tenures")
    #: joined after the game had started: he took over a seat someone left
    replacement = models.BooleanField(default=False)
    started_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    ended = models.CharField(max_length=10, choices=End.choices, blank=True, default="")

    class Meta:
        ordering = ["game", "seat", "started_at"]


def display_name(user) -> str:
    """The name other players see (SITE-ACCT-01)."""
    profile = getattr(user, "profile", None)
    return (profile.display_name if profile and profile.display_name else user.username)


class AppendOnly(models.Model):
    """A row that is written once and never changed or deleted (the log is the audit)."""

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise RuntimeError(f"{type(self).__name__} rows are append-only")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise RuntimeError(f"{type(self).__name__} rows are append-only")


class LogEntry(AppendOnly):
    """One accepted order: the game's history, replay and audit."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="log")
    seq = models.PositiveIntegerField(help_text="1 for the first order; the game's revision after it")
    #: the seat that gave the order; null when the platform gave it (a timeout, the clock)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    by_site = models.BooleanField(default=False)
    account = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="orders_given")
    order = models.JSONField()
    #: why the platform gave it ("timeout", "bot", "standing order", ...)
    reason = models.CharField(max_length=40, blank=True, default="")
    #: the game's stage after the order (``rules.stage``, public: the game's stage line), so the
    #: history's map finds where each phase began without replaying (SITE-TABLE-10); "" in a
    #: log written before it was kept
    stage = models.CharField(max_length=120, blank=True, default="")
    client_key = models.CharField(max_length=64, null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="one_order_per_seq"),
            models.UniqueConstraint(fields=["game", "account", "client_key"], name="one_order_per_client_key",
                                    condition=models.Q(client_key__isnull=False)),
        ]
        ordering = ["game", "seq"]
        verbose_name_plural = "log entries"


class Snapshot(AppendOnly):
    """The state after order ``seq`` (0 = the new game), kept every ``SNAPSHOT_EVERY`` orders."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="snapshots")
    seq = models.PositiveIntegerField()
    state = models.TextField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="one_snapshot_per_seq")]


class EventRecord(AppendOnly):
    """An event of the game (the history page), with who may see it: ``to`` null = everyone,
    else the list of seats."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField(help_text="the order that caused it (0 = the game's start)")
    n = models.PositiveSmallIntegerField(help_text="its place among that order's events")
    text = models.TextField()
    kind = models.CharField(max_length=40)
    to = models.JSONField(null=True, blank=True)
    data = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seq", "n"], name="one_event_per_place")]
        ordering = ["game", "seq", "n"]

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)


class Message(models.Model):
    """A message between players of a game, public to the table (SITE-MSG-01); the private
    conversations of SITE-MSG-02 are the table talk's (``tresham.platform.talk``)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="messages")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                               related_name="game_messages")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    text = models.TextField(max_length=2000)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "at", "pk"]
