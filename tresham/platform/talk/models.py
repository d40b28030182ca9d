"""The table talk's rows: private conversations between seats of a game (SITE-CHAT-01..06).

A conversation belongs to its **seats**, not to the people holding them: whoever holds a
member seat now reads it (a replacement reads what his seat said before he came), and who
held it before does not. A message records the seat it was written from and its author.

- :class:`Conversation`: a game's, started from one seat with others; one per set of seats.
- :class:`Member`: a seat of a conversation.
- :class:`Message`: plain text (at most :data:`MAX_TEXT` characters), or an order given from
  the conversation (``order_seq``: the game's log entry of it; SITE-CHAT-03).
- :class:`ReadMark`: how far a person has read a conversation, and how far its messages went
  to him by mail (so a mail never carries a message twice, SITE-CHAT-02).
- :class:`Report`: a message reported to the moderators (an ``accounts.Report`` about its
  author, SITE-CHAT-04); :class:`ModeratorRead`: each time a moderator opened a reported
  conversation (the log: private words are read only for a report, and it shows).
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from ..play.models import AppendOnly

#: The longest message (SITE-CHAT-06).
MAX_TEXT = 2000


class Conversation(models.Model):
    game = models.ForeignKey("play.Game", on_delete=models.CASCADE, related_name="conversations")
    #: the seats as a sorted, comma-separated list ("0,2"): one conversation per set of seats
    seats_key = models.CharField(max_length=100)
    started_by = models.PositiveSmallIntegerField(help_text="the seat that started it")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seats_key"], name="one_conversation_per_seats")]
        ordering = ["game", "pk"]

    def __str__(self) -> str:
        return f"{self.game} conversation {self.pk} (seats {self.seats_key})"

    @property
    def seats(self) -> list[int]:
        return [int(x) for x in self.seats_key.split(",") if x != ""]

    @staticmethod
    def key_of(seats) -> str:
        return ",".join(str(s) for s in sorted(set(seats)))


class Member(models.Model):
    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="members")
    seat = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["conversation", "seat"], name="one_member_per_seat")]
        indexes = [models.Index(fields=["seat", "conversation"])]


class Message(models.Model):
    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="messages")
    seat = models.PositiveSmallIntegerField(help_text="the seat it was written from")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                               related_name="talk_messages")
    text = models.TextField(max_length=MAX_TEXT, blank=True, default="")
    #: an order given from the conversation: the game's log entry (its seq)
    order_seq = models.PositiveIntegerField(null=True, blank=True)
    at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["conversation", "pk"]

    def __str__(self) -> str:
        return f"message {self.pk} of conversation {self.conversation_id}"


class ReadMark(models.Model):
    """How far ``user`` has read a conversation (``read_upto``: the last message id he was
    shown) and how far it was mailed to him (``mailed_upto``)."""

    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="marks")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="talk_marks")
    read_upto = models.PositiveBigIntegerField(default=0)
    mailed_upto = models.PositiveBigIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["conversation", "user"], name="one_mark_per_reader")]


class Report(models.Model):
    """A reported message: the moderators' report (``accounts.Report`` about its author) and the
    message it is about."""

    report = models.OneToOneField("accounts.Report", on_delete=models.CASCADE, related_name="talk")
    message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="reports")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at"]


class ModeratorRead(AppendOnly):
    """A moderator opened a reported message with its conversation (SITE-CHAT-04): who, which,
    for which report, when. Written once, never changed."""

    moderator = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    moderator_name = models.CharField(max_length=150, help_text="kept when the account is deleted")
    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="moderator_reads")
    report = models.ForeignKey(Report, null=True, on_delete=models.SET_NULL, related_name="reads")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-pk"]
