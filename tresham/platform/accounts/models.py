"""Profiles, availability, friends and moderation.

A user's *shown name* is his display name, or his username while he has none (SITE-ACCT-01);
others never see the username otherwise. Case-insensitive uniqueness of usernames and e-mail
addresses is enforced by the database (indexes on ``auth_user`` made by migration 0002), of
display names by the unique constraint below.
"""
from __future__ import annotations

import functools
import re
import unicodedata
import zoneinfo

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone

from ..play.models import AppendOnly

#: Names nobody may take as a username or display name: they would pass for the site itself,
#: its staff, or the labels of the game pages.
RESERVED_NAMES = frozenset({"admin", "administrator", "moderator", "staff", "tresham", "system", "bot",
                            "open seat", "deleted account", "nobody", "anonymous"})
_NAME_RE = re.compile(r"^[\w][\w .'-]*[\w.]$|^\w$")


@functools.lru_cache(maxsize=1)
def time_zone_names() -> frozenset[str]:
    """The IANA time zone names this installation knows (from the tzdata package)."""
    return frozenset(zoneinfo.available_timezones())


def validate_timezone(name: str) -> None:
    """Accept an IANA time zone name (``Europe/Paris``), nothing else."""
    if name not in time_zone_names():
        raise ValidationError(f"{name!r} is not a time zone name (for example Europe/Paris or America/New_York)",
                              code="bad_time_zone")


def validate_display_name(name: str) -> None:
    """2 to 40 letters, digits, spaces and ``.'-_``, beginning with a letter or digit, no double
    spaces, none of the reserved names."""
    if not 2 <= len(name) <= 40:
        raise ValidationError("a display name has 2 to 40 characters", code="bad_display_name")
    if name != unicodedata.normalize("NFC", name) or not _NAME_RE.match(name) or "  " in name:
        raise ValidationError("a display name has letters, digits, spaces and . ' - _ only, begins with a "
                              "letter or digit and has no double spaces", code="bad_display_name")
    if name.casefold() in RESERVED_NAMES:
        raise ValidationError(f"{name!r} is reserved", code="reserved_name")


class Profile(models.Model):
    """What a user sets about himself (SITE-ACCT-01, -03) and the sanctions on him (SITE-CONDUCT-10)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    display_name = models.CharField(max_length=40, blank=True, default="",
                                    help_text="the name other players see (empty: the username)")
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_timezone],
                                 help_text="IANA name; times and deadlines are shown in it")
    banned = models.BooleanField(default=False, help_text="set by moderation actions only")
    suspended_until = models.DateTimeField(null=True, blank=True, help_text="set by moderation actions only")

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("display_name"), name="display_name_unique_ci",
                                    condition=~models.Q(display_name="")),
        ]

    def __str__(self) -> str:
        return self.shown_name

    @property
    def shown_name(self) -> str:
        """The name others see."""
        return self.display_name or self.user.username

    def restriction(self, now=None) -> str | None:
        """Why this account may not log in or act now (a ban, a running suspension), or None."""
        if self.banned:
            return "This account is banned from the site."
        now = now or timezone.now()
        if self.suspended_until and self.suspended_until > now:
            local = timezone.localtime(self.suspended_until, zoneinfo.ZoneInfo(self.time_zone))
            return f"This account is suspended until {local:%Y-%m-%d %H:%M} ({self.time_zone})."
        return None


class AvailabilityWindow(models.Model):
    """A daily time window, in the user's own time zone, when he can play (SITE-ACCT-03).

    ``end`` before ``start`` means the window runs past midnight. A user without windows is
    available at any time."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="availability")
    start = models.TimeField()
    end = models.TimeField()

    class Meta:
        constraints = [
            models.CheckConstraint(condition=~models.Q(start=models.F("end")), name="window_not_empty"),
            models.UniqueConstraint(fields=["user", "start"], name="one_window_per_start"),
        ]
        ordering = ["user", "start"]

    def __str__(self) -> str:
        return f"{self.start:%H:%M}-{self.end:%H:%M}"


class Friendship(models.Model):
    """One row per pair of users (``user_a`` has the lower id): a request and its answer.

    Friendship is mutual (SITE-ACCT-04): a creator's friends are seated in his new games and a
    quitter may name a friend as his replacement, so nobody is pulled into a game by someone
    he has not accepted."""

    class Status(models.TextChoices):
        PENDING = "pending", "Requested"
        ACCEPTED = "accepted", "Friends"
        DECLINED = "declined", "Declined"

    user_a = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    user_b = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user_a", "user_b"], name="one_friendship_per_pair"),
            models.CheckConstraint(condition=models.Q(user_a__lt=models.F("user_b")), name="friendship_pair_ordered"),
            models.CheckConstraint(condition=models.Q(requested_by=models.F("user_a"))
                                   | models.Q(requested_by=models.F("user_b")), name="friendship_requested_by_member"),
        ]

    def __str__(self) -> str:
        return f"{self.user_a} - {self.user_b} ({self.get_status_display()})"

    def other(self, user) -> int:
        """The id of the member who is not ``user``."""
        return self.user_b_id if user.pk == self.user_a_id else self.user_a_id


class Report(models.Model):
    """A player's report of another player to the administrators (SITE-CONDUCT-10)."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        ACTIONED = "actioned", "Closed with a sanction"
        DISMISSED = "dismissed", "Closed without a sanction"

    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                 related_name="reports_made")
    reported = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_against")
    game = models.ForeignKey("play.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    rule = models.PositiveSmallIntegerField(help_text="the number of the conduct rule it is about")
    reason = models.TextField(max_length=2000)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    handled_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    handled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["reporter", "reported"], condition=models.Q(status="open"),
                                    name="one_open_report_per_pair"),
        ]
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"Report #{self.pk}: {self.reported} (rule {self.rule})"


class ModerationAction(AppendOnly):
    """The moderation log: every sanction, lift, e-mail change and report decision of an
    administrator, written in the same transaction as the change itself."""

    class Kind(models.TextChoices):
        WARN = "warn", "Warning"
        SUSPEND = "suspend", "Suspension"
        BAN = "ban", "Ban"
        LIFT = "lift", "Sanctions lifted"
        EMAIL = "email", "E-mail address changed"
        RENAME = "rename", "Display name cleared"
        DISMISS = "dismiss", "Report dismissed"

    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    actor_name = models.CharField(max_length=150, help_text="kept when the account is deleted")
    target = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                               related_name="moderation_actions")
    target_name = models.CharField(max_length=150, help_text="kept when the account is deleted")
    kind = models.CharField(max_length=10, choices=Kind.choices, db_index=True)
    reason = models.TextField(max_length=2000)
    until = models.DateTimeField(null=True, blank=True, help_text="the end of a suspension")
    detail = models.CharField(max_length=300, blank=True, default="")
    report = models.ForeignKey(Report, null=True, blank=True, on_delete=models.SET_NULL, related_name="actions")
    at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.target_name} by {self.actor_name}"


class LoginRecord(models.Model):
    """One successful login: when, and a keyed hash of the address it came from (never the
    address itself), so administrators can see accounts used from one place
    (SITE-ACCT-07, SITE-CONDUCT-08)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="logins")
    address_hash = models.CharField(max_length=64, db_index=True, help_text="HMAC-SHA256 of the address")
    network_hash = models.CharField(max_length=64, db_index=True,
                                    help_text="HMAC-SHA256 of its /24 (IPv4) or /64 (IPv6) network")
    user_agent = models.CharField(max_length=200, blank=True, default="")
    at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["user", "address_hash"])]

    def __str__(self) -> str:
        return f"{self.user} at {self.at:%Y-%m-%d %H:%M}"


class RegistrationAddress(models.Model):
    """An address accounts were opened from, by the keyed hash of ``logins.address_hash``
    (never the address itself). Opening an account locks its row, so that registrations from
    one address are counted one after the other (``registrations.register``)."""

    address_hash = models.CharField(max_length=64, unique=True, help_text="HMAC-SHA256 of the address")

    def __str__(self) -> str:
        return self.address_hash[:12]


class Registration(models.Model):
    """One account opened: when, and from which address. Kept when the account is deleted,
    so the daily limit of an address still counts it."""

    address = models.ForeignKey(RegistrationAddress, on_delete=models.CASCADE, related_name="registrations")
    user = models.OneToOneField(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="registration")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["address", "at"])]

    def __str__(self) -> str:
        return f"{self.user or 'deleted account'} at {self.at:%Y-%m-%d %H:%M}"
