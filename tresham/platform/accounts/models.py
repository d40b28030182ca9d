"""Profiles, friends and moderation."""
from __future__ import annotations

import zoneinfo

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models


def validate_timezone(name: str) -> None:
    if name not in zoneinfo.available_timezones():
        raise ValidationError(f"{name!r} is not a time zone (for example Europe/Paris)")


class Profile(models.Model):
    """What a user sets about himself (SITE-ACCT-01, -03)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    display_name = models.CharField(max_length=40, blank=True, default="")
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_timezone])
    banned = models.BooleanField(default=False)
    suspended_until = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return self.display_name or self.user.username
