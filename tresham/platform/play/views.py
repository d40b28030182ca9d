"""Pages of games being played (plain HTML; the web client makes them pleasant)."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse


def home(request: HttpRequest) -> HttpResponse:
    return HttpResponse("Tresham")
