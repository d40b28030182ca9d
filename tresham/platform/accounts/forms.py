"""The account pages' forms (Django's auth forms where they exist)."""
from __future__ import annotations

from django import forms
from django.contrib.auth import authenticate
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.db import transaction

from . import conduct
from .availability import MAX_WINDOWS
from .models import RESERVED_NAMES, Profile, time_zone_names, validate_display_name
from .profiles import email_taken, name_taken


def time_zone_choices() -> list[tuple[str, str]]:
    return [(n, n) for n in sorted(time_zone_names())]


class RegisterForm(UserCreationForm):
    """Username, e-mail address, password twice (the site's validators), and optionally the
    display name and time zone: UTC, or the browser's own zone where a script may set it
    (SITE-TABLE-12)."""

    email = forms.EmailField(label="E-mail address", max_length=254,
                             help_text="Game mails go here. Nobody else sees it.")
    display_name = forms.CharField(label="Display name", max_length=40, required=False,
                                   help_text="The name other players see; leave empty to show your username.")
    time_zone = forms.ChoiceField(label="Time zone", choices=time_zone_choices, initial="UTC",
                                  help_text="Times and deadlines are shown in it.")

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if not self.is_bound:  # first shown: the browser's zone may fill it (static/tresham/time_zone.js)
            self.fields["time_zone"].widget.attrs["data-fill"] = "browser-zone"

    def clean_username(self):
        username = super().clean_username()
        if username:
            if username.casefold() in RESERVED_NAMES:
                raise ValidationError(f"{username!r} is reserved", code="reserved_name")
            if Profile.objects.filter(display_name__iexact=username).exists():
                raise ValidationError("another player is shown under this name", code="name_taken")
        return username

    def clean_email(self):
        email = self.cleaned_data["email"].strip()
        if email_taken(email):
            raise ValidationError("another account has this e-mail address", code="email_taken")
        return email

    def clean_display_name(self):
        name = self.cleaned_data["display_name"].strip()
        if name:
            validate_display_name(name)
            if name_taken(name) and name.casefold() != (self.data.get("username") or "").strip().casefold():
                raise ValidationError(f"the name {name!r} is taken", code="name_taken")
        return name

    def save(self, commit: bool = True):
        with transaction.atomic():
            user = super().save(commit=True)
            profile = Profile.objects.get(user=user)
            profile.display_name = self.cleaned_data.get("display_name", "")
            profile.time_zone = self.cleaned_data.get("time_zone") or "UTC"
            profile.save(update_fields=["display_name", "time_zone"])
            user.profile = profile
        return user


class LoginForm(AuthenticationForm):
    """Django's login form (it calls ``authenticate(request, ...)``, which django-axes counts);
    banned and suspended accounts are refused with the reason."""

    def confirm_login_allowed(self, user) -> None:
        super().confirm_login_allowed(user)
        profile = getattr(user, "profile", None)
        why = profile.restriction() if profile is not None else None
        if why:
            raise ValidationError(why, code="restricted")


class SitePasswordChangeForm(PasswordChangeForm):
    """Django's password change form; the old password is checked through ``authenticate`` so
    wrong guesses count against the login limits."""

    def __init__(self, user, *args, request=None, **kwargs):
        self.request = request
        super().__init__(user, *args, **kwargs)

    def clean_old_password(self):
        old = self.cleaned_data["old_password"]
        if authenticate(request=self.request, username=self.user.get_username(), password=old) is None:
            raise ValidationError(self.error_messages["password_incorrect"], code="password_incorrect")
        return old


class ProfileForm(forms.Form):
    display_name = forms.CharField(label="Display name", max_length=40, required=False,
                                   help_text="The name other players see; empty shows your username.")
    time_zone = forms.ChoiceField(label="Time zone", choices=time_zone_choices,
                                  help_text="Times and deadlines are shown in it.")


class EmailChangeForm(forms.Form):
    email = forms.EmailField(label="New e-mail address", max_length=254)
    password = forms.CharField(label="Your password", strip=False,
                               widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}))


class WindowForm(forms.Form):
    start = forms.TimeField(label="From", required=False, widget=forms.TimeInput(attrs={"type": "time"}))
    end = forms.TimeField(label="To", required=False, widget=forms.TimeInput(attrs={"type": "time"}))

    def clean(self):
        data = super().clean()
        if (data.get("start") is None) != (data.get("end") is None):
            raise ValidationError("give both times of a window, or neither")
        return data


AvailabilityFormSet = forms.formset_factory(WindowForm, extra=0, min_num=MAX_WINDOWS, max_num=MAX_WINDOWS,
                                            validate_max=True)


class FriendRequestForm(forms.Form):
    name = forms.CharField(label="Player's name or username", max_length=150)


class ReportForm(forms.Form):
    player = forms.CharField(label="Player you report (name or username)", max_length=150)
    game = forms.IntegerField(label="Game number (optional)", required=False, min_value=1)
    rule = forms.TypedChoiceField(label="Rule broken", coerce=int, choices=conduct.report_choices)
    reason = forms.CharField(label="What happened", min_length=10, max_length=2000,
                             widget=forms.Textarea(attrs={"rows": 6}))
