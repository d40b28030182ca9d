"""Template helpers of the accounts app: ``{% load account_tags %}``."""
from __future__ import annotations

from django import template
from django.conf import settings

from ...play.models import display_name

register = template.Library()


@register.filter
def shown_name(user) -> str:
    """The name others see for ``user`` (his display name, else his username) (SITE-ACCT-01)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return ""
    return display_name(user)


@register.simple_tag
def donation_url() -> str:
    """The site's donation link (``TRESHAM_DONATION_URL``; empty: no link). A donation is never
    recorded anywhere on the site, so it cannot affect rankings (SITE-ACCT-06)."""
    return getattr(settings, "DONATION_URL", "") or ""
