"""The table page of a game (the hand, every nation's plots with their attachments, the
markets, the neighbours, the combat in progress, the scores and award holders: CCG-CARD-*,
CCG-COMB-*, CCG-EXT-01) and the deck's help topic. What they show is the site face's
(``site/tableau.py``, ``site/names.py``), made from the seat's own view; the frame, the panel
and the 404s are the platform's."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ....platform.help.gamehelp import game_topic, reference, render_topic
from ....platform.play.gamepages import Viewer, game_page, page_context
from ...contract import GameRules
from ..deck import load
from ..site import names, tableau


@require_GET
@game_page("table")
def table_page(request: HttpRequest, v: Viewer) -> HttpResponse:
    ctx = page_context(request, v, "table")
    if v.shown:
        ctx["t"] = tableau.table(v.view, v.seat_label)
    return render(request, "civcards/table.html", ctx)


@require_GET
@game_topic
def deck_help(request: HttpRequest, rules: GameRules) -> HttpResponse:
    """The installed decks and every card of each, the Tresham deck labelled our own design."""
    decks = []
    for d in reference(rules, "decks"):
        cards = load(d["name"])
        by_kind: dict[str, list[str]] = {}
        for kind, defs in cards.deck.lists():
            for c in defs:
                cid = f"{c.id}.1"
                text = names.described(cards, cid).replace(" 1 (", " (", 1)
                n = getattr(c, "count", 1)
                by_kind.setdefault(kind, []).append(f"{text}{f', {n} copies' if n > 1 else ''}")
        decks.append({**d, "note": cards.deck.note, "designed_by": cards.deck.designed_by, "kinds": by_kind})
    return render_topic(request, "deck", "civcards/help/deck.html", {"rules": rules, "decks": decks})
