"""The help pages (SITE-GEN-06): how this site is used, written for it, and the game's own
facts (phases, calamities, civilization cards, the A.S.T.) as its rules give them through
``Offers.reference`` -- never a typed copy that could drift from the game. Open to
everybody, logged in or not.

Every page is about one game of the registry: ``?game=<name>`` (a game's panel links its own),
the site's first game without it (``registry.default_name``). The topics of the game's own
facts are listed only for a game whose ``reference`` has them."""
from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ...games import registry
from ...games.contract import GameRules
from ..lobby import meta, timelimits
from .topics import TOPICS

#: The topics about a game's own facts, each with the key of ``reference()`` it shows.
FACTS = {"trading": "trade", "calamities": "calamities", "advances": "civ_cards", "ages": "ast"}


def game_kind(request: HttpRequest) -> str:
    """The game the page explains: ``?game=<name>``, else the site's first game."""
    return request.GET.get("game") or registry.default_name()


def game_rules(request: HttpRequest) -> GameRules:
    """The rules of the game the pages explain (404 when the site does not offer it)."""
    try:
        return registry.get(game_kind(request))
    except registry.UnknownGame:
        raise Http404("the site offers no such game") from None


def _facts(rules: GameRules, variant: str | None = None) -> dict:
    """The game's printed facts (``Offers.reference``; {} for a game without them)."""
    offered = rules.offers.reference
    return ((offered.facts(variant) if variant else offered.facts()) if offered is not None else None) or {}


def topics_of(rules: GameRules) -> list:
    """The help topics for ``rules``: the site's own, and those of the game's facts it has."""
    data = _facts(rules)
    return [t for t in TOPICS if t.name not in FACTS or FACTS[t.name] in data]


def _query(request: HttpRequest) -> str:
    """The query string naming the game on the help pages' own links ("" for the first game)."""
    kind = game_kind(request)
    return "" if kind == registry.default_name() else f"?game={kind}"


def reference(rules: GameRules, key: str, variant: str | None = None) -> Any:
    """One part of the game's printed facts (404 when the game gives none); ``variant``:
    those of one of its variants (its turn and phase names, and what it changes)."""
    data = _facts(rules, variant)
    if key not in data:
        raise Http404(f"{rules.title} has no {key} to show")
    return data[key]


def _page(request: HttpRequest, name: str, ctx: dict[str, Any] | None = None) -> HttpResponse:
    rules = game_rules(request)
    topic = next(t for t in TOPICS if t.name == name)
    has_pick = any(p.get("id") == "pick" for p in _facts(rules).get("phases", []))  # nations chosen in turn
    return render(request, f"help/{name}.html", {"topic": topic, "topics": topics_of(rules), "q": _query(request),
                                                 "words": rules.offers.words, "pages": {p.name for p in rules.offers.pages},
                                                 "has_pick": has_pick, "games": _games(), **(ctx or {})})


def _games() -> list[tuple[str, str]]:
    """The games the site offers (name, title) and the query naming each on the help pages."""
    first = registry.default_name()
    return [("" if k == first else f"?game={k}", registry.get(k).title) for k in registry.names()]


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    """Every help topic, and the code of conduct."""
    rules = game_rules(request)
    return render(request, "help/index.html", {"topics": topics_of(rules), "title": rules.title, "q": _query(request),
                                               "games": _games(), "words": rules.offers.words})


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
    for p in _facts(rules, key).get("phases", []):  # a game without phases to show: none
        v = kinds.get(p["id"])
        plain = v is None or v["kind"] == "plain"
        text = own_help.get(p["id"]) or p.get("help")  # the site's words, else the rules' own
        phases.append({**p, "help": text if plain else None, "variant": None if plain else v})
    return _page(request, "playing", {"rules": rules, "phases": phases, "variant": own,
                                      "variants": variants, "game_options": _facts(rules, key).get("options") or []})


@require_GET
def trading(request: HttpRequest) -> HttpResponse:
    """Trade on this site, with the honesty limits and the commodities from the rules."""
    rules = game_rules(request)
    limits = reference(rules, "trade")
    return _page(request, "trading", {"rules": rules, "limits": limits,
                                      "lies_at_min": limits["min_cards"] - limits["true_cards"],
                                      "commodities": reference(rules, "commodities"),
                                      "calamities": [c for c in reference(rules, "calamities") if c["tradable"]]})


@require_GET
def calamities(request: HttpRequest) -> HttpResponse:
    """Every calamity: stack, tradable or not, effect, rule."""
    rules = game_rules(request)
    data = _facts(rules)
    return _page(request, "calamities", {"rules": rules, "calamities": reference(rules, "calamities"),
                                         "variant_calamities": data.get("variant_calamities") or []})


@require_GET
def advances(request: HttpRequest) -> HttpResponse:
    """Every civilization card: groups, cost, prerequisite, effect, credits."""
    rules = game_rules(request)
    cards = reference(rules, "civ_cards")
    return _page(request, "advances", {"rules": rules, "groups": cards["groups"], "cards": cards["cards"],
                                       "total": sum(c["cost"] for c in cards["cards"])})


@require_GET
def ages(request: HttpRequest) -> HttpResponse:
    """The Ages with their requirements and every nation's track."""
    rules = game_rules(request)
    ast = reference(rules, "ast")
    names = [a["name"] for a in ast["ages"]]
    tracks = [{"name": t["name"], "starts": [t["starts"][n] for n in names], "late_iron": t["late_iron"]}
              for t in ast["tracks"]]
    return _page(request, "ages", {"rules": rules, "ast": ast, "age_names": names, "tracks": tracks})
