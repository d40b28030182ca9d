"""What other apps ask the accounts app: friends (the lobby seats a creator's friends, the quit
page offers them as replacements), names, availability, sanctions."""
from __future__ import annotations

from ..play.models import display_name
from .availability import is_available, next_available, windows_of
from .friends import are_friends, friends_of
from .profiles import find_user


def restriction(user) -> str | None:
    """Why ``user`` may not act now (banned, suspended), or None."""
    profile = getattr(user, "profile", None)
    return profile.restriction() if profile is not None else None


__all__ = ["are_friends", "friends_of", "display_name", "find_user", "is_available", "next_available",
           "windows_of", "restriction"]
