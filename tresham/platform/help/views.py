"""The help pages (SITE-GEN-06): how this site is used, written for it, with the game's own
facts (its phases, options and variants) as its rules give them through ``Offers.reference``
-- never a typed copy that could drift from the game. Open to everybody, logged in or not.

Every page is about one game of the registry: ``?game=<name>`` (a game's panel links its own),
the site's first game without it (``registry.default_name``). A game's own topics (its facts
in detail) are its web app's (``Offers.help``), listed after the site's; what every help page
shares is in :mod:`.gamehelp`."""
from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ..lobby import meta, timelimits
from .gamehelp import facts, game_rules, games, query, reference, render_topic, topics_of


def _page(request: HttpRequest, name: str, ctx: dict[str, Any] | None = None) -> HttpResponse:
    return render_topic(request, name, f"help/{name}.html", ctx)


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    """Every help topic, and the code of conduct."""
    rules = game_rules(request)
    return render(request, "help/index.html", {"topics": topics_of(rules), "title": rules.title, "q": query(request),
                                               "games": games(), "words": rules.offers.words})


@require_GET
def joining(request: HttpRequest) -> HttpResponse:
    """The game list, open games, the queue, the same-opponent limit."""
    return _page(request, "joining", {"limit": meta.LIMIT})


@require_GET
def creating(request: HttpRequest) -> HttpResponse:
    """The new-game form, its options as the rules describe them (``option_fields``)."""
    rules = game_rules(request)
    fields = rules.option_fields()
    return _page(request, "creating", {"rules": rules, "fields": fields,
                                       "limits": [text for _, text in timelimits.CHOICES],
                                       "default_limit": timelimits.label(timelimits.DEFAULT)})


@require_GET
def playing(request: HttpRequest) -> HttpResponse:
    """The game page, and one section per phase: the rules' name, rule and order types of
    the phase with what the player decides and the site's default at his deadline. With
    ``?variant=KEY`` (a built-in variant, EP-14), the phases of that variant's turn: a phase it
    changes or adds says what it does and what each of its decisions asks (from the variant's
    own phases and orders), and a section lists the variant's sub-options."""
    rules = game_rules(request)
    key = request.GET.get("variant") or None
    offered = rules.offers.reference
    variants = list(offered.variants()) if offered is not None else []
    if key is not None and key not in dict(variants):
        raise Http404("no such variant on this site")
    own = reference(rules, "variant", key) if key else None
    kinds = {t["id"]: t for t in own["turn"]} if own else {}
    phases = []
    own_help = offered.phase_help if offered is not None else {}
    for p in facts(rules, key).get("phases", []):  # a game without phases to show: none
        v = kinds.get(p["id"])
        plain = v is None or v["kind"] == "plain"
        text = own_help.get(p["id"]) or p.get("help")  # the game's site help, else the rules' own
        phases.append({**p, "help": text if plain else None, "variant": None if plain else v})
    return _page(request, "playing", {"rules": rules, "phases": phases, "variant": own,
                                      "variants": variants, "game_options": facts(rules, key).get("options") or []})
