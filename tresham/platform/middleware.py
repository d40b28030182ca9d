"""Site-wide request guards."""
from __future__ import annotations

from django.conf import settings
from django.http import JsonResponse

from . import addresses


class BodySizeLimit:
    """Refuse a request body larger than ``MAX_BODY_BYTES`` with 413 before anything reads it
    (an order is a few kilobytes; nothing the site takes is larger)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return JsonResponse({"error": "bad_request", "message": "Content-Length is not a number"},
                                status=400)
        if length > settings.MAX_BODY_BYTES:
            return JsonResponse({"error": "too_large", "message": f"the request body is {length} bytes; "
                                 f"at most {settings.MAX_BODY_BYTES} are accepted"}, status=413)
        return self.get_response(request)


class ForwardedHeaders:
    """``X-Forwarded-Proto`` counts only from a trusted proxy (SITE-SAFE-07): from anyone else
    it is dropped before Django reads it (``SECURE_PROXY_SSL_HEADER``), so a request is secure
    when its connection is, or when the trusted proxy says the client's was. (The client's
    address: :func:`addresses.client_address`.)"""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "HTTP_X_FORWARDED_PROTO" in request.META and not addresses.trusted(addresses.peer(request)):
            del request.META["HTTP_X_FORWARDED_PROTO"]
        return self.get_response(request)


class ApiErrorsAsJson:
    """Under ``/api/``, an address that is no operation (404) or a method an operation does not
    take (405) answers the API's JSON error like every other refusal, not Django's HTML page or
    plain text (SITE-SAFE-01: one shape of answer for every request the API cannot take)."""

    MESSAGES = {404: ("not_found", "there is no such address in the API: its operations are listed at "
                      "/api/openapi.json"),
                405: ("method_not_allowed", "this address does not take {method}; it takes {allow}")}

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (response.status_code in self.MESSAGES and request.path.startswith("/api/")
                and not response.get("Content-Type", "").startswith("application/json")):
            code, message = self.MESSAGES[response.status_code]
            allow = response.get("Allow", "")
            out = JsonResponse({"error": code, "message": message.format(method=request.method, allow=allow or "none")},
                               status=response.status_code)
            if allow:
                out["Allow"] = allow
            return out
        return response
