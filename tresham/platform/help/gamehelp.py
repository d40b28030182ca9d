"""What every help page shares, public for the games' own help topics (issue 23; SITE-GEN-06):
a game's topic view (``Offers.help``, served by the game's web app) imports these, never the
help's views.

- the game a page explains: :func:`game_rules` (``?game=<name>``, else the site's first game;
  404 for a game the site does not offer), one part of its printed facts (:func:`reference`,
  404 when it has none);
- :func:`topics_of`: the site's topics then the game's, as the index and every page list them;
- :func:`game_topic`, the decorator of a game's topic view: 404 for a game that does not
  declare the topic this address serves;
- :func:`render_topic`: a topic's page with the help's breadcrumb and the other topics; its
  template extends ``help/_page.html`` (block ``help``).
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from ...games import registry
from ...games.contract import GameRules
from .topics import TOPICS


@dataclass(frozen=True)
class TopicLink:
    """A help topic as the pages list it: the site's own (``topics.TOPICS``) or the game's
    (``HelpTopic``), with its address (``href``, without the query naming the game) and, for a
    game's topic, the phase whose help points to it with the words around the link."""

    name: str
    title: str
    summary: str
    href: str
    phase: str = ""
    lead: str = ""
    link: str = ""


def game_kind(request: HttpRequest) -> str:
    """The game the page explains: ``?game=<name>``, else the site's first game."""
    return request.GET.get("game") or registry.default_name()


def game_rules(request: HttpRequest) -> GameRules:
    """The rules of the game the pages explain (404 when the site does not offer it)."""
    try:
        return registry.get(game_kind(request))
    except registry.UnknownGame:
        raise Http404("the site offers no such game") from None


def facts(rules: GameRules, variant: str | None = None) -> dict:
    """The game's printed facts (``Offers.reference``; {} for a game without them), of one of its
    variants when ``variant`` is given."""
    offered = rules.offers.reference
    return ((offered.facts(variant) if variant else offered.facts()) if offered is not None else None) or {}


def reference(rules: GameRules, key: str, variant: str | None = None) -> Any:
    """One part of the game's printed facts (404 when the game gives none); ``variant``:
    those of one of its variants (its turn and phase names, and what it changes)."""
    data = facts(rules, variant)
    if key not in data:
        raise Http404(f"{rules.title} has no {key} to show")
    return data[key]


def topics_of(rules: GameRules) -> list[TopicLink]:
    """The help topics for ``rules``: the site's own, then the game's own (``Offers.help``)."""
    out = [TopicLink(t.name, t.title, t.summary, reverse(f"help:{t.name}")) for t in TOPICS]
    out += [TopicLink(t.name, t.title, t.summary, reverse(t.url), t.phase, t.lead, t.link) for t in rules.offers.help]
    return out


def query(request: HttpRequest) -> str:
    """The query string naming the game on the help pages' own links ("" for the first game)."""
    kind = game_kind(request)
    return "" if kind == registry.default_name() else f"?game={kind}"


def games() -> list[tuple[str, str]]:
    """The games the site offers (name, title) and the query naming each on the help pages."""
    first = registry.default_name()
    return [("" if k == first else f"?game={k}", registry.get(k).title) for k in registry.names()]


def render_topic(request: HttpRequest, name: str, template: str, ctx: dict[str, Any] | None = None) -> HttpResponse:
    """The help page of the topic ``name`` about the game the request names, from ``template``
    (which extends ``help/_page.html``) with ``ctx``: the breadcrumb, the other topics, the
    game's words (``words``), its own pages (``pages``; ``lobby_pages``: those the lobby links)
    and whether its sides are chosen in a drawn order (``has_pick``)."""
    rules = game_rules(request)
    topics = topics_of(rules)
    topic = next(t for t in topics if t.name == name)
    pages = rules.offers.pages
    return render(request, template, {"topic": topic, "topics": topics, "q": query(request),
                                      "words": rules.offers.words, "pages": pages,
                                      "lobby_pages": [p for p in pages if p.lobby],
                                      "has_pick": rules.offers.pick_order is not None, "games": games(),
                                      **(ctx or {})})


def game_topic(view: Callable[[HttpRequest, GameRules], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    """The decorator of a game's own help topic view, called as ``view(request, rules)`` for the
    game the request names, after a 404 for a game the site does not offer or that does not
    declare the topic this address serves (``HelpTopic.url``)."""
    @functools.wraps(view)
    def page(request: HttpRequest) -> HttpResponse:
        rules = game_rules(request)
        name = request.resolver_match.view_name if request.resolver_match else ""
        if not any(t.url == name for t in rules.offers.help):
            raise Http404(f"{rules.title} has no such help page")
        return view(request, rules)
    return page
