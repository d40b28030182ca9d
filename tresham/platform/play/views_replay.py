"""The post-game replay (issue 10, SITE-HIST-01, SITE-LIST-05): a finished game with every
secret revealed, and the final standing.

What it holds is the game's (``Offers.replay``: ``Replay.page``, rebuilt in one pass from the
log); the page names the seats and lays it out: as the game's sections of tables
(``Replay.tables``), or with a template of the game's own web app (``Replay.template``, given
the data as ``replay`` and the viewer as ``v``).

The page exists only once the game is over: while it is played (or waits for players) the
address answers 404 with a page saying the replay comes at the end, and nothing else.
"""
from __future__ import annotations

import logging
import time

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ...games.contract import IllegalOrder, ReplaySection
from . import steps
from .gamepages import Viewer, find_game, final_places, not_found, page_context, summary_table, viewer
from .models import Game

log = logging.getLogger(__name__)


def replay_sections(v: Viewer, data: dict | None) -> list[ReplaySection]:
    """The game's own sections for its replay data (``Replay.tables``), the seats named as the
    other pages name them; [] for a game that leaves the layout to the page."""
    tables = v.rules.offers.replay.tables
    if data is None or tables is None:
        return []
    return list(tables(data, {s.index: v.seat_label(s.index) for s in v.seats}) or [])


@require_GET
def replay_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A finished game's replay; while it is played (or for a game without one) a 404 that
    says the replay comes at the end and shows nothing of the game's secrets."""
    game = find_game(pk)
    if game is None:
        return not_found(request, pk)
    v = viewer(game, request.user)
    replay = v.rules.offers.replay
    if game.status != Game.Status.FINISHED or v.state is None or replay is None:
        ctx = page_context(request, v, "replay")
        ctx["pending_note"] = v.words["replay_pending"]
        return render(request, "play/replay_unavailable.html", ctx, status=404)
    ctx = page_context(request, v, "replay")
    started = time.perf_counter()
    error = ""
    data: dict | None = None
    try:
        orders = list(game.log.order_by("seq").values_list("order", flat=True))
        data = replay.page(dict(game.options), game.seed, orders)
    except IllegalOrder as e:  # the log no longer replays (rules changed)
        log.error("game %s: its log does not replay for the replay page: %s", game.pk, e)
        error = "This game's order log no longer replays with the current rules, so its replay cannot be shown."
    if data is not None and data.get("digest") not in (None, v.rules.digest(v.state)):
        log.error("game %s: the replay does not reach the stored state", game.pk)
        error = ("The replay does not reach the game's stored final position (the rules have changed since): "
                 "what it shows may differ from what happened.")
    sections = replay_sections(v, data)
    ctx.update({
        "replay": data, "sections": sections, "replay_note": v.words["replay_note"],
        "layout": replay.template if data is not None and not sections else "",
        "summary": summary_table(v), "places": final_places(v), "error": error,
        "no_replay": data is None and not error,
    })
    # the game on the map, step by step, every hand revealed (SITE-TABLE-14); from its start
    status = steps.put(ctx, request, v, page="play:replay", default=0)
    ms = (time.perf_counter() - started) * 1000
    log.info("game %s: replay of %s orders built in %.0f ms", game.pk, (data or {}).get("orders", "?"), ms)
    return render(request, "play/replay.html", ctx, status=status)
