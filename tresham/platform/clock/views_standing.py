"""The standing-orders page of a game (``/games/<id>/standing-orders/``): what the site does
for the viewer's seat when his deadline passes, per kind of decision; set or clear each.

Only the seat's holder sees it (403 otherwise). A refusal is shown with the kind it concerns,
with a 4xx status, and changes nothing; an accepted change redirects (303) back here."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from ..errors import Refusal
from ..play import services
from ..play.forms import CommandForm, new_client_key
from ..play.models import Game
from ..play.actionbar import action_bar
from ..play.gamepages import commands, nav, viewer
from . import shown, standing
from .forms_standing import StandingOrderForm


@dataclass
class FieldHelp:
    name: str
    help: str


@dataclass
class KindSection:
    """One kind on the page: what it can say, the stored order, its form and field help."""

    kind: str
    text: str
    spec: str  # the stored order as JSON ("" when none)
    form: StandingOrderForm
    fields: list[FieldHelp] = field(default_factory=list)
    error: str = ""

    @property
    def title(self) -> str:
        """The sentence's head ("City construction"), or the kind itself."""
        head, colon, _ = self.text.partition(":")
        return head if colon else self.kind


def field_help(schema: dict[str, Any]) -> list[FieldHelp]:
    """Each field of a spec's JSON Schema in words: its description, allowed values (when
    few), and its value when the standing order leaves it out (the schema's ``default``, not
    to be confused with the site's default, which applies when there is no standing order at
    all: issue 24 finding 9)."""
    out = []
    for name, p in (schema.get("properties") or {}).items():
        parts = [p.get("description") or ""]
        choices = p.get("enum") or [a.get("const") for a in p.get("anyOf", []) if "const" in a]
        items = p.get("items") or {}
        if p.get("type") == "array":
            parts.append("a list of " + (items.get("description") or "values"))
        if choices and len(choices) <= 12:
            parts.append("one of " + ", ".join(map(str, choices)))
        if "default" in p:
            parts.append(f"if your standing order leaves it out: {json.dumps(p['default'])}")
        out.append(FieldHelp(name, "; ".join(x for x in parts if x)))
    return out


def _sections(game: Game, user, posted: StandingOrderForm | None = None, error: str = "") -> list[KindSection]:
    rules = services.rules_of(game)
    out = []
    for e in standing.entries(game, user):
        spec = json.dumps(e.spec, sort_keys=True) if e.spec is not None else ""
        start = spec or json.dumps(rules.offers.standing.parse(e.kind, {}), sort_keys=True)
        form = StandingOrderForm(initial={"kind": e.kind, "spec": start}, auto_id=f"id_{e.kind}_%s")
        section = KindSection(e.kind, e.text, spec, form, field_help(e.schema))
        if posted is not None and posted.data.get("kind") == e.kind:
            section.form, section.error = posted, error
        out.append(section)
    return out


def _render(request: HttpRequest, game: Game, *, posted: StandingOrderForm | None = None,
            error: str = "", status: int = 200) -> HttpResponse:
    v = viewer(game, request.user)
    deadlines = shown.of_game(game)  # the game's own time limit and deadlines, as its game page shows them
    ctx = {"v": v, "game": game, "nav": nav(v, "standing"), "section": "standing",
           "action_bar": action_bar(v, deadlines), "deadlines": deadlines, "your_deadline": deadlines.of_seat(v.seat) if v.seat is not None else None,
           "commands": commands(v), "command_form": CommandForm(initial={
               "client_key": new_client_key(), "revision": game.revision}),
           "sections": _sections(game, request.user, posted, error), "finished": game.is_finished}
    if posted is not None and error and not any(x.error for x in ctx["sections"]):
        ctx["page_error"] = error  # a kind the game does not have
    return render(request, "clock/standing_orders.html", ctx, status=status)


def _refusal(request: HttpRequest, game: Game | None, pk: int, e: Refusal) -> HttpResponse:
    if game is None:
        return render(request, "play/not_found.html", {"pk": pk}, status=404)
    return render(request, "clock/standing_orders.html", {"game": game, "refused": e.message,
                                                          "sections": []}, status=e.status)


@require_http_methods(["GET", "POST"])
def standing_orders_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The seat's standing orders: each kind, its stored order, a form to save or clear it."""
    game = Game.objects.filter(pk=pk).first()
    if game is None:
        return _refusal(request, None, pk, services.GameNotFound(""))
    try:
        standing.holder_seat(game, request.user)
    except Refusal as e:
        return _refusal(request, game, pk, e)
    if request.method == "GET":
        return _render(request, game)
    kind = str(request.POST.get("kind", ""))[:40]
    form = StandingOrderForm(request.POST, auto_id=f"id_{kind}_%s")
    if not form.is_valid():
        errors = "; ".join(str(m) for ms in form.errors.values() for m in ms)
        return _render(request, game, posted=form, error=errors or "the form has errors", status=400)
    kind, action = form.cleaned_data["kind"], form.cleaned_data["action"]
    try:
        if action == "clear":
            had = standing.clear_order(game.pk, request.user, kind)
            messages.success(request, "Standing order cleared: the site's default applies again."
                             if had else "There was no standing order to clear.")
        else:
            standing.set_order(game.pk, request.user, kind, form.cleaned_data["spec"])
            messages.success(request, "Standing order saved: it applies when your deadline passes.")
    except Refusal as e:
        return _render(request, game, posted=form, error=e.message, status=e.status)
    return HttpResponseRedirect(reverse("clock:standing_orders", args=[game.pk]) + f"#kind-{kind}", status=303)
