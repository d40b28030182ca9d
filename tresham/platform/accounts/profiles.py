"""A user's personal information (SITE-ACCT-01): display name, e-mail address for game mails,
time zone; and finding a user by the name others know him by."""
from __future__ import annotations

from django.contrib.auth import authenticate, get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.http import HttpRequest

from ..play.models import display_name
from .errors import AccountError
from .mails import send_after_commit
from .models import Profile, validate_display_name, validate_timezone

User = get_user_model()

__all__ = ["display_name", "name_taken", "email_taken", "find_user", "set_display_name", "set_time_zone",
           "change_email", "check_email_change", "apply_email",
           "check_password_again"]


def name_taken(name: str, *, exclude=None) -> bool:
    """Whether ``name`` is, case aside, another user's username or display name (so two
    players can never be shown alike, nor one pass for another)."""
    users = User.objects.filter(username__iexact=name)
    profiles = Profile.objects.filter(display_name__iexact=name)
    if exclude is not None:
        users, profiles = users.exclude(pk=exclude.pk), profiles.exclude(user=exclude)
    return users.exists() or profiles.exists()


def email_taken(email: str, *, exclude=None) -> bool:
    """Whether another account has this e-mail address, case aside (SITE-ACCT-02)."""
    qs = User.objects.filter(email__iexact=email)
    if exclude is not None:
        qs = qs.exclude(pk=exclude.pk)
    return qs.exists()


def find_user(name: str):
    """The active user others know as ``name``: by display name first, then by username
    (case aside); None when there is none."""
    name = (name or "").strip()
    if not name or "\x00" in name or any(0xD800 <= ord(ch) <= 0xDFFF for ch in name):
        return None  # nobody's name (and no text PostgreSQL could even compare)
    profile = Profile.objects.select_related("user").filter(display_name__iexact=name, user__is_active=True).first()
    if profile is not None:
        return profile.user
    return User.objects.filter(username__iexact=name, is_active=True).first()


def set_display_name(user, name: str) -> Profile:
    """Set the name others see (empty: the username is shown). Refused: an invalid name, or one
    that is another user's username or display name."""
    name = (name or "").strip()
    if name:
        try:
            validate_display_name(name)
        except ValidationError as e:
            raise AccountError(e.code or "bad_display_name", e.messages[0]) from None
        if name_taken(name, exclude=user):
            raise AccountError("name_taken", f"the name {name!r} is taken", 409)
    try:
        with transaction.atomic():
            profile = Profile.objects.select_for_update().get(user=user)
            profile.display_name = name
            profile.save(update_fields=["display_name"])
    except IntegrityError:
        raise AccountError("name_taken", f"the name {name!r} is taken", 409) from None
    return profile


def set_time_zone(user, name: str) -> Profile:
    """Set the time zone times and deadlines are shown in (an IANA name)."""
    try:
        validate_timezone(name)
    except ValidationError as e:
        raise AccountError("bad_time_zone", e.messages[0]) from None
    with transaction.atomic():
        profile = Profile.objects.select_for_update().get(user=user)
        profile.time_zone = name
        profile.save(update_fields=["time_zone"])
    return profile


def check_password_again(request: HttpRequest, user, password: str) -> None:
    """Refuse unless ``password`` is ``user``'s. It goes through ``authenticate`` so that
    django-axes counts a wrong one like a failed login (no guessing through this door)."""
    if not password or authenticate(request=request, username=user.get_username(), password=password) is None:
        raise AccountError("wrong_password", "the password is not right", 403)


def check_email_change(request: HttpRequest, user, email: str, password: str) -> str:
    """The new address, cleaned, once it is well-formed, nobody else's and ``password`` is the
    user's (SITE-ACCT-02). Call it outside any transaction: a wrong password must stay counted."""
    email = (email or "").strip()
    try:
        validate_email(email)
    except ValidationError:
        raise AccountError("bad_email", f"{email[:100]!r} is not an e-mail address") from None
    check_password_again(request, user, password)
    if email_taken(email, exclude=user):
        raise AccountError("email_taken", "another account has this e-mail address", 409)
    return email


def apply_email(user, email: str) -> None:
    """Store the checked address; both the old and the new one are told."""
    try:
        with transaction.atomic():
            locked = User.objects.select_for_update().get(pk=user.pk)
            old = locked.email
            locked.email = email
            locked.save(update_fields=["email"])
            body = (f"The e-mail address of the Tresham account {user.get_username()} was changed from "
                    f"{old or '(none)'} to {email}.\nIf you did not do this, write to the administrators.")
            send_after_commit("Your e-mail address was changed", body, [old, email])
    except IntegrityError:
        raise AccountError("email_taken", "another account has this e-mail address", 409) from None
    user.email = email


def change_email(request: HttpRequest, user, email: str, password: str) -> None:
    """The user changes his own e-mail address, after re-entering his password (SITE-ACCT-02)."""
    apply_email(user, check_email_change(request, user, email, password))
