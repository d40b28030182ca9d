"""Template filters of the lobby pages."""
from django import template

from .. import timelimits

register = template.Library()


@register.filter
def time_limit(seconds: int | None) -> str:
    """A time limit in words ("24 hours", "No time limit")."""
    return timelimits.label(seconds)
