"""Every user has a profile from the moment he exists; every login is recorded."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_in
from django.db.models.signals import post_save

from .logins import record_login
from .models import Profile


def create_profile(sender, instance, created: bool, raw: bool = False, **kwargs) -> None:
    """A new user gets his profile in the same transaction."""
    if created and not raw:
        Profile.objects.get_or_create(user=instance)


def on_login(sender, request, user, **kwargs) -> None:
    record_login(request, user)


def connect() -> None:
    post_save.connect(create_profile, sender=get_user_model(), dispatch_uid="accounts.create_profile")
    user_logged_in.connect(on_login, dispatch_uid="accounts.record_login")
