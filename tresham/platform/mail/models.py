"""The outbox (one row per mail) and each user's choice of how he gets the game mails.

A row is written by :func:`tresham.platform.mail.outbox.enqueue` inside the transaction of the
change it reports, so a change and its mails commit together or not at all; its ``key`` says
what it reports (``turn:<game>:<revision>:<user>``) and is unique, so one event never makes two
mails. The sender (:mod:`tresham.platform.mail.sender`) claims due rows and sends them.
"""
from __future__ import annotations

import hashlib

from django.conf import settings
from django.db import models
from django.utils import timezone


#: Game mails (``Outbox.kind``), by kind: what each reports.
GAME_KINDS: dict[str, str] = {
    "turn": "It is your turn (a decision with its deadline)",
    "joined": "A player joined the game (SITE-QUEUE-07)",
    "filled": "The game is full and starts (SITE-QUEUE-07)",
    "friend_added": "A friend put you in his new game (SITE-CREATE-14)",
    "event": "A public event of the game the rules mail (a trade: SITE-TRADE-13)",
    "pause_started": "A pause of the game begins",
    "pause_removed": "A pause of the game is removed",
    "quit": "A player quit the game (SITE-QUIT-04)",
    "removed": "A player was removed for missed deadlines",
    "game_over": "The game is over: final places and the seed",
    "reminder": "Your deadline is near and you still owe the decision (SITE-NOTIFY-02)",
    "talk": "Messages of your conversations you have not read, batched (SITE-CHAT-02)",
    "digest": "The day's game mails in one",
}
#: Service mails, by kind.
SERVICE_KINDS: dict[str, str] = {
    "account": "About the account (password reset, address changed, moderation)",
    "mailin": "The answer to a mail sent to a reply address: the orders applied or why not (SITE-MAILIN-01)",
}

class Delivery(models.TextChoices):
    """How a user gets the game mails (SITE-EMAIL): each at once, a daily digest, or none."""

    IMMEDIATE = "immediate", "Each mail as it happens"
    DIGEST = "digest", "One digest a day"
    NONE = "none", "No game mails"


#: A reminder's defaults (SITE-NOTIFY-02): when a fifth of the time is left, and one hour before.
REMIND_SHARE = 20
REMIND_BEFORE = 60


class MailPreference(models.Model):
    """A user's choice of :class:`Delivery` and of his reminders; a user without a row gets
    each mail at once and the default reminders.

    Kept here rather than on the accounts' profile: everything about mails is this app's,
    and the accounts app needs no migration for it."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mail_preference")
    delivery = models.CharField(max_length=10, choices=Delivery.choices, default=Delivery.IMMEDIATE)
    #: a reminder when this share (percent) of a decision's time is left; 0: none
    remind_share = models.PositiveSmallIntegerField(default=REMIND_SHARE)
    #: a reminder this many minutes before a deadline; 0: none
    remind_before = models.PositiveIntegerField(default=REMIND_BEFORE)
    updated_at = models.DateTimeField(auto_now=True)
    #: how the last change was made: "page" (the preferences page) or "link" (an unsubscribe link)
    changed_by = models.CharField(max_length=10, blank=True, default="")

    def __str__(self) -> str:
        return f"{self.user}: {self.get_delivery_display()}"


class GameDelivery(models.TextChoices):
    """How a user gets the mails of one game (SITE-NOTIFY-03), over his site-wide choice."""

    EVERY = "every", "Every mail"
    DIGEST = "digest", "In my daily digest"
    MUTED = "muted", "No mail (muted)"


class GamePreference(models.Model):
    """A user's choice for one game's mails; without a row, his site-wide :class:`Delivery`.
    The site-wide "no game mails" (the one-click unsubscribe) stops them all the same."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_mail_choices")
    game = models.ForeignKey("play.Game", on_delete=models.CASCADE, related_name="+")
    delivery = models.CharField(max_length=10, choices=GameDelivery.choices)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="one_mail_choice_per_game")]


class Outbox(models.Model):
    """One mail to one address. ``status`` says where it stands:

    - ``pending``: to be sent at ``next_try_at``;
    - ``sending``: claimed by a sender until ``next_try_at`` (a lease: if the sender dies, the
      row is due again then and is resent with the same Message-ID);
    - ``sent``; ``failed``: given up after the last attempt (``last_error`` says why);
    - ``held``: no mail server is configured, the mail stays here for the administrators;
    - ``digest``: waiting for the recipient's daily digest; ``digested``: sent in it (``digest``);
    - ``skipped``: not sent -- the recipient takes no game mails, or has no address."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting to be sent"
        SENDING = "sending", "Being sent"
        SENT = "sent", "Sent"
        FAILED = "failed", "Given up"
        HELD = "held", "Held: no mail server configured"
        DIGEST = "digest", "Waiting for the daily digest"
        DIGESTED = "digested", "Sent in a digest"
        SKIPPED = "skipped", "Not sent"

    key = models.CharField(max_length=200, unique=True, help_text="what the mail reports; one mail per key")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="mails")
    address = models.TextField(blank=True, default="",
                               help_text="where it goes, one address a line (a game mail: its user's address, "
                                         "read again when it is sent)")
    kind = models.CharField(max_length=40, db_index=True)
    game = models.ForeignKey("play.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    subject = models.CharField(max_length=200)
    body = models.TextField(help_text="the text, without the footer the sender adds (unsubscribe link)")
    html = models.TextField(blank=True, default="")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    attempts = models.PositiveSmallIntegerField(default=0, help_text="times a sender took it")
    next_try_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True, default="")
    digest = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="parts",
                               help_text="the digest that carried it")
    #: a "your turn" mail's or a reminder's decisions, each [seat, the clock's key]: it is sent
    #: only while its recipient still holds the seat and owes one of them (SITE-NOTIFY-01/02)
    decisions = models.JSONField(default=list, blank=True)
    #: the conversations' messages it carries, {conversation id: [mailed before, mailed up to]}:
    #: a mail not sent gives them back to the next one (SITE-CHAT-02)
    talk = models.JSONField(default=dict, blank=True)
    #: the decisions, each [seat, the clock's key], a reply to this mail may give orders for
    #: when they are not its ``decisions`` (the answer to a reply: SITE-MAILIN-01)
    reply_for = models.JSONField(default=list, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "next_try_at"], name="mail_outbox_due"),
                   models.Index(fields=["user", "status"], name="mail_outbox_user_status")]
        ordering = ["-created_at", "-pk"]
        verbose_name = "mail"
        verbose_name_plural = "outbox"

    def __str__(self) -> str:
        return f"{self.subject} -> {self.address or self.user}"

    @property
    def addresses(self) -> list[str]:
        """The addresses it goes to (a service mail may have several: the old and the new
        address of an account)."""
        return [a.strip() for a in self.address.split("\n") if a.strip()]

    @property
    def message_id(self) -> str:
        """The Message-ID of this mail, the same on every attempt: made from the row's id and
        key, so a resend after a crash is recognisably the same message."""
        digest = hashlib.sha256(self.key.encode()).hexdigest()[:16]
        return f"<outbox-{self.pk}.{digest}@{settings.TRESHAM_MAIL_DOMAIN}>"


class TurnNotice(models.Model):
    """A decision a "your turn" mail told ``user`` of: at most one mail per decision
    (SITE-NOTIFY-01), whatever happens to it afterwards."""

    game = models.ForeignKey("play.Game", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    decision = models.CharField(max_length=200, help_text="the clock's key of the decision")
    at = models.DateTimeField(auto_now_add=True)
    #: written by an order (``attention.note``) and not yet made a mail (``attention.open_notices``,
    #: the worker's): the seat, the decision's kind and the revision that opened it
    pending = models.BooleanField(default=False)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=40, blank=True, default="")
    revision = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user", "decision"], name="one_turn_mail_per_decision")]
        indexes = [models.Index(fields=["pending"], name="turn_notice_pending",
                                condition=models.Q(pending=True))]


class Reminder(models.Model):
    """A reminder to mail at ``remind_at`` before the deadline of a due row of the clock
    (SITE-NOTIFY-02): written when the deadline is, gone with it (the decision given, the
    deadline moved: a new row, new reminders); the worker claims due ones with a row lock."""

    due = models.ForeignKey("clock.Due", on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey("play.Game", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField()
    #: which of the user's reminders: "share" (a share of the time left) or "before" (minutes before)
    which = models.CharField(max_length=10)
    remind_at = models.DateTimeField(db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["due", "which"], name="one_reminder_of_each_kind")]
        ordering = ["remind_at", "pk"]


class TalkWake(models.Model):
    """Unread messages of ``user``'s conversations to batch into one mail at ``due_at``, unless
    he has read them or another mail has carried them by then (SITE-CHAT-02)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    due_at = models.DateTimeField(db_index=True)


class ReplyToken(models.Model):
    """The secret of a reply address (``reply+<secret>@TRESHAM_MAILIN_DOMAIN``) of one mail,
    bound to a game, a seat, its holder and the decisions the mail asked for (SITE-MAILIN-02).
    Only the secret's SHA-256 is stored; the secret itself is in the sent mail alone. Used
    once (``used_at``); dead once none of its decisions is owed by that holder any more."""

    digest = models.CharField(max_length=64, unique=True, help_text="SHA-256 of the secret, hex")
    game = models.ForeignKey("play.Game", on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    #: the clock's keys of the decisions a reply may give (``clock.schedule.decision_key``)
    decisions = models.JSONField(default=list)
    mail = models.ForeignKey(Outbox, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"reply token of {self.user} in game {self.game_id} seat {self.seat}"
