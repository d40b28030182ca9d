"""The A.S.T. and the civilization advances of a game (SITE-AST-02/03, SITE-ADV-09/10): what
they show is the site face's (``site/pages.py``, made from the state's public facts), laid out
here; the frame, the panel and the 404s are the platform's (``gamepages``)."""
from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ....platform.play.gamepages import Viewer, game_page, page_context, summary_table
from ..site import pages


def _initials(age: str) -> str:
    return "".join(w[0] for w in age.split() if w.lower() != "age").upper()


def ast_ages(data: dict) -> list[dict[str, str]]:
    """The Ages of an ``ast_page`` with the class of their colour band and their initials."""
    return [{**a, "cls": f"age{i}", "abbr": _initials(a["name"])} for i, a in enumerate(data["ages"])]


def ast_tracks(data: dict) -> list[dict[str, Any]]:
    """Each track's spaces with their band's class and initials and the marker."""
    cls = {a["name"]: a for a in ast_ages(data)}
    return [{**t, "spaces": [{**sp, "cls": cls[sp["age"]]["cls"], "abbr": cls[sp["age"]]["abbr"],
                              "here": sp["space"] == t["position"]} for sp in t["spaces"]]}
            for t in data["tracks"]]


@require_GET
@game_page("A.S.T.")
def ast_page(request: HttpRequest, v: Viewer) -> HttpResponse:
    """The A.S.T. (SITE-AST-02/03): every track with its Ages, the Ages' entry requirements
    below it, and the public summary sorted by Total Public Points."""
    ctx = page_context(request, v, "ast")
    if v.shown:
        data = pages.ast_page(v.state)
        if data:
            ctx.update({"ast": data, "ages": ast_ages(data), "tracks": ast_tracks(data),
                        "spaces": range(data["finish"] + 1)})
        ctx["summary"] = summary_table(v)
    return render(request, "advciv/ast.html", ctx)


@require_GET
@game_page("civilization advances")
def advances_page(request: HttpRequest, v: Viewer) -> HttpResponse:
    """The civilization cards (SITE-ADV-09/10): the viewer's own, then every player's, and
    every card's cost, groups, credits, prerequisite and effect."""
    ctx = page_context(request, v, "advances")
    if v.shown:
        data = pages.advances_page(v.state, v.seat)
        if data:
            by_id = {c["id"]: c for c in data["cards"]}
            ctx.update({"adv": data, "your_cards": [by_id[c] for c in (data["yours"] or {}).get("cards", [])],
                        "players": [{**p, "label": v.seat_label(p["seat"])} for p in data["players"]]})
    return render(request, "advciv/advances.html", ctx)
