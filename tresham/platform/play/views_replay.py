"""The post-game replay (issue 10, SITE-HIST-01, SITE-LIST-05): a finished game's turns with
every hand revealed, each deal's real cards beside what was said of them (the lies marked),
and the final standing.

A game that lays its replay out itself (``Replay.tables``: sections of tables, e.g.
Tigris & Euphrates' tiles and points turn by turn) gets those sections instead of the first
game's turns of hands and trades.

The page exists only once the game is over: while it is played (or waits for players) the
address answers 404 with a page saying the replay comes at the end, and nothing else. What a turn
holds is the game's (``Replay.page``, rebuilt in one pass from the log); the page
only names the seats and lays it out.
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ...games.contract import IllegalOrder, ReplaySection
from .models import Game
from .views import _base, _game, _not_found, final_places, summary_table, viewer

log = logging.getLogger(__name__)


@dataclass
class HandRow:
    seat: int
    label: str
    cards: list[str]
    changed: bool = False  # after trade: the hand is not the one it began with


@dataclass
class SideOut:
    label: str  # who gives these cards
    cards: list[dict[str, Any]]  # {card, said, lie}
    lies: int
    expect: list[str]


@dataclass
class TradeOut:
    id: int
    order: int
    title: str
    sides: list[SideOut]


@dataclass
class TurnOut:
    number: int
    market: bool
    before: list[HandRow]
    after: list[HandRow]
    trades: list[TradeOut] = field(default_factory=list)


def replay_turns(v, data: dict) -> list[TurnOut]:
    """The game's replay data with the seats named as the other pages name them."""
    def hands(rows: list[dict] | None, base: dict[int, list[str]] | None = None) -> list[HandRow]:
        out = []
        for h in rows or []:
            cards = list(h["cards"])
            out.append(HandRow(h["seat"], v.seat_label(h["seat"]), cards,
                               base is not None and sorted(base.get(h["seat"], [])) != sorted(cards)))
        return out

    turns = []
    for t in data.get("turns", []):
        before = hands(t.get("hands_before"))
        t_out = TurnOut(t["turn"], bool(t.get("market")), before,
                        hands(t.get("hands_after"), {h.seat: h.cards for h in before}))
        for d in t.get("trades", []):
            a, b = v.seat_label(d["from"]), v.seat_label(d["to"])
            t_out.trades.append(TradeOut(d["id"], d["order"], f"Trade #{d['id']}: {a} and {b}", [
                SideOut(a, d["gave"]["cards"], d["gave"]["lies"], d["gave"]["expect"]),
                SideOut(b, d["got"]["cards"], d["got"]["lies"], d["got"]["expect"])]))
        turns.append(t_out)
    return turns


def replay_sections(v, data: dict | None) -> list[ReplaySection]:
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
    game = _game(pk)
    if game is None:
        return _not_found(request, pk)
    v = viewer(game, request.user)
    replay = v.rules.offers.replay
    if game.status != Game.Status.FINISHED or v.state is None or replay is None:
        ctx = _base(request, v, "replay")
        ctx["pending_note"] = v.words["replay_pending"]
        return render(request, "play/replay_unavailable.html", ctx, status=404)
    ctx = _base(request, v, "replay")
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
        "turns": replay_turns(v, data) if data and not sections else [],
        "final_hands": [] if sections else [HandRow(h["seat"], v.seat_label(h["seat"]), list(h["cards"]))
                                            for h in (data or {}).get("final_hands", [])],
        "summary": summary_table(v), "places": final_places(v), "error": error,
        "no_replay": data is None and not error,
    })
    ms = (time.perf_counter() - started) * 1000
    log.info("game %s: replay of %s orders built in %.0f ms", game.pk, (data or {}).get("orders", "?"), ms)
    return render(request, "play/replay.html", ctx)
