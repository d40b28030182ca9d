"""The login backend: Django's own, reading the logged-in user with his profile.

Every request of a logged-in user reads his account (the session's user) and, in the
accounts middleware, his profile (his time zone, a ban): with ``select_related`` that is one
query instead of two, on every page and every API call."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend as DjangoModelBackend

#: its path, as settings and sessions name it
PATH = "tresham.platform.accounts.backends.ModelBackend"


class ModelBackend(DjangoModelBackend):
    """Django's ModelBackend; the session's user comes with his profile."""

    def get_user(self, user_id):
        User = get_user_model()
        try:
            user = User._default_manager.select_related("profile").get(pk=user_id)
        except User.DoesNotExist:
            return None
        return user if self.user_can_authenticate(user) else None
