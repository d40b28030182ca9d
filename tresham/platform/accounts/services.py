"""What other apps ask the accounts app: friends (the lobby seats a creator's friends, the quit
page offers them as replacements) and sanctions."""
from __future__ import annotations

from .friends import are_friends, friends_of


def restriction(user) -> str | None:
    """Why ``user`` may not act now (banned, suspended), or None."""
    profile = getattr(user, "profile", None)
    return profile.restriction() if profile is not None else None


__all__ = ["are_friends", "friends_of", "restriction"]
