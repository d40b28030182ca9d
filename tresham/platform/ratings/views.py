"""The rankings page (SITE-RANK-01, -02): each game kind's players in rank order -- ranks
only, never a score -- and each side's average finishing place."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from . import shown


def rankings(request: HttpRequest) -> HttpResponse:
    """Open to everyone. ``?kind=<kind>&page=N`` pages that kind's table (the others show
    their first page)."""
    wanted, number = request.GET.get("kind"), request.GET.get("page")
    tables = [shown.table(kind, number if kind == wanted else None) for kind in shown.kinds()]
    return render(request, "ratings/rankings.html", {"tables": tables})
