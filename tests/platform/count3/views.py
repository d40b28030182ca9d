"""The tally of a game of "count to three": how far the count has come and who says the next
number, from the viewer's own view alone; the frame, the panel and the 404s are the
platform's (``gamepages``)."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tresham.platform.play.gamepages import Viewer, game_page, page_context


@require_GET
@game_page("tally")
def tally(request: HttpRequest, v: Viewer) -> HttpResponse:
    """The count so far and the seat to say the next number (or the winner)."""
    ctx = page_context(request, v, "tally")
    view = v.view or {}
    ctx.update({"count": view.get("count", 0),
                "winner": v.seat_label(view["winner"]) if view.get("winner") is not None else "",
                "next": v.seat_label(view["turn"]) if "turn" in view else ""})
    return render(request, "count3/tally.html", ctx)
