"""The one-click unsubscribe: a signed link in every game mail that stops them, no login
needed (``django.core.signing``; RFC 8058's ``List-Unsubscribe-Post`` for mail programs).

The token is the user's id signed with the site's secret key under its own salt: it cannot be
made for another account or altered, and it is the same in every mail (a resend is the same
mail). It does not expire: a mail read months later still unsubscribes.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core import signing
from django.urls import reverse

from .render import site_link

SALT = "tresham.mail.unsubscribe"


def token_for(user) -> str:
    """The unsubscribe token of ``user``."""
    return signing.Signer(salt=SALT).sign(str(user.pk))


def user_of(token: str):
    """The active user a token was made for, or None (altered, cut short, made elsewhere, or
    the account is gone)."""
    try:
        pk = signing.Signer(salt=SALT).unsign(token)
    except signing.BadSignature:
        return None
    if not pk.isdigit():
        return None
    return get_user_model().objects.filter(pk=int(pk), is_active=True).first()


def link(user) -> str:
    """The absolute unsubscribe address of ``user``."""
    return site_link(reverse("mail:unsubscribe", args=[token_for(user)]))


def footer(user) -> str:
    """The end of every game mail: how to stop them, or get a digest instead."""
    return ("-- \n"
            "You get this mail because you play on Tresham.\n"
            f"Stop all game mails (one click, no login): {link(user)}\n"
            f"Each mail, one digest a day, or none: {site_link(reverse('mail:preferences'))}\n")
