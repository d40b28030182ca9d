"""The help topics of Advanced Civilization's facts (SITE-GEN-06; ``Offers.help``): trading,
the calamities, the civilization cards and the A.S.T. with its Ages, every figure taken from
the game's printed facts (``Reference.facts``, the site face's ``reference.py``). The help's
frame, breadcrumb and other topics are the platform's (``gamehelp``)."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from ....platform.help.gamehelp import facts, game_topic, reference, render_topic
from ...contract import GameRules


@require_GET
@game_topic
def trading(request: HttpRequest, rules: GameRules) -> HttpResponse:
    """Trade on this site, with the honesty limits and the commodities from the rules."""
    limits = reference(rules, "trade")
    return render_topic(request, "trading", "advciv/help/trading.html", {
        "rules": rules, "limits": limits, "lies_at_min": limits["min_cards"] - limits["true_cards"],
        "commodities": reference(rules, "commodities"),
        "calamities": [c for c in reference(rules, "calamities") if c["tradable"]]})


@require_GET
@game_topic
def calamities(request: HttpRequest, rules: GameRules) -> HttpResponse:
    """Every calamity: stack, tradable or not, effect, rule."""
    data = facts(rules)
    return render_topic(request, "calamities", "advciv/help/calamities.html", {
        "rules": rules, "calamities": reference(rules, "calamities"),
        "variant_calamities": data.get("variant_calamities") or []})


@require_GET
@game_topic
def advances(request: HttpRequest, rules: GameRules) -> HttpResponse:
    """Every civilization card: groups, cost, prerequisite, effect, credits."""
    cards = reference(rules, "civ_cards")
    return render_topic(request, "advances", "advciv/help/advances.html", {
        "rules": rules, "groups": cards["groups"], "cards": cards["cards"],
        "total": sum(c["cost"] for c in cards["cards"])})


@require_GET
@game_topic
def ages(request: HttpRequest, rules: GameRules) -> HttpResponse:
    """The Ages with their requirements and every nation's track."""
    ast = reference(rules, "ast")
    names = [a["name"] for a in ast["ages"]]
    tracks = [{"name": t["name"], "starts": [t["starts"][n] for n in names], "late_iron": t["late_iron"]}
              for t in ast["tracks"]]
    return render_topic(request, "ages", "advciv/help/ages.html",
                        {"rules": rules, "ast": ast, "age_names": names, "tracks": tracks})
