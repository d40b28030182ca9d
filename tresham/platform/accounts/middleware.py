"""Request guards of the accounts app."""
from __future__ import annotations

import zoneinfo

from django.contrib.auth import logout
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils import timezone


def _profile(request: HttpRequest):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return None
    return getattr(user, "profile", None)


class BannedUsers:
    """A banned or suspended account is logged out at its next request, which is refused with
    403 and the reason: it cannot act, through the pages or the API (SITE-CONDUCT-10)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        profile = _profile(request)
        why = profile.restriction() if profile is not None else None
        if why is None:
            return self.get_response(request)
        logout(request)
        message = f"{why} You have been logged out."
        if request.path.startswith("/api/"):
            return JsonResponse({"error": "account_restricted", "message": message}, status=403)
        return HttpResponse(render_to_string("accounts/restricted.html", {"message": message}, request=request),
                            status=403)


class UserTimeZone:
    """Times on the pages are shown in the logged-in user's own time zone (UTC otherwise)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        profile = _profile(request)
        if profile is not None:
            try:
                timezone.activate(zoneinfo.ZoneInfo(profile.time_zone))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
