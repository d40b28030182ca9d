"""The feeds' rows (SITE-FEED-01, SITE-FEED-02).

:class:`CalendarKey`: an account's secret calendar address, kept only as the SHA-256 of its
token (a leaked database gives no working address); renewing it replaces the digest, so the
old address answers 404 from then on.

:class:`Webhook`: a chat channel (Discord- or Slack-compatible) a member of a game added, told
whose turn it is and when the game ends. :class:`WebhookPost`: one message for one webhook,
written in the transaction of the change it reports and delivered by the worker's sender with
retries; ``failures`` on the webhook counts the failed attempts in a row, and at
``TRESHAM_WEBHOOK_MAX_FAILURES`` the webhook is switched off and its owner mailed.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models

MAX_URL = 500


class CalendarKey(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="calendar_key")
    #: SHA-256 (hex) of the address's token; the token itself is shown once and never stored
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"calendar of {self.user_id} made {self.created_at:%Y-%m-%d %H:%M}"


class Webhook(models.Model):
    class Kind(models.TextChoices):
        DISCORD = "discord", "Discord (JSON {\"content\": ...})"
        SLACK = "slack", "Slack (JSON {\"text\": ...})"

    game = models.ForeignKey("play.Game", on_delete=models.CASCADE, related_name="webhooks")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhooks")
    url = models.CharField(max_length=MAX_URL)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.DISCORD)
    active = models.BooleanField(default=True)
    #: failed attempts in a row (any delivery); a delivered message sets it back to 0
    failures = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    switched_off_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=500, blank=True, default="")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "url"], name="one_webhook_per_url_per_game")]
        ordering = ["game", "pk"]

    def __str__(self) -> str:
        return f"{self.kind} webhook {self.pk} of game {self.game_id}"


class WebhookPost(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "To send"
        SENDING = "sending", "Being sent (a sender holds it until next_try_at)"
        SENT = "sent", "Delivered"
        DROPPED = "dropped", "Not sent: the webhook was switched off or removed"

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="posts")
    #: what it reports (``turn:<game>:<revision>:<webhook>``): the same change posts once
    key = models.CharField(max_length=200, unique=True)
    text = models.TextField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING, db_index=True)
    attempts = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField()
    next_try_at = models.DateTimeField(db_index=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=500, blank=True, default="")

    class Meta:
        ordering = ["next_try_at", "pk"]

    def __str__(self) -> str:
        return f"{self.key} ({self.status})"
