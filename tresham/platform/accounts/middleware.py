"""A banned (or suspended) account is logged out at its next request and cannot act."""
from __future__ import annotations

from django.contrib.auth import logout
from django.utils import timezone


class BannedUsers:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            profile = getattr(user, "profile", None)
            if profile is not None and (profile.banned or (profile.suspended_until and
                                                           profile.suspended_until > timezone.now())):
                logout(request)
        return self.get_response(request)
