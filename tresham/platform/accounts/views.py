"""Account pages."""
from __future__ import annotations

from django.http import JsonResponse


def locked_out(request, credentials=None, *args, **kwargs):
    """django-axes: too many failed logins for this account or from this address."""
    return JsonResponse({"error": "locked_out", "message": "too many failed logins: try again in 15 minutes"},
                        status=429)
