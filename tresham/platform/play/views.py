"""Pages of games being played: plain, server-rendered HTML (the web client makes them
pleasant later and reuses the data functions of the first half of this module). What every
game's page shares (the viewer, the panel, the one order path for a form) is in
:mod:`.gamepages`, which the games' own pages use too.

What a page shows comes from the game's rules through ``GameRules`` only: the caller's own
``view`` (a visitor's is the view of seat None), the public ``summary`` and ``pending``
decisions (of others only *who* the game waits on). Orders go through ``services.submit``,
the path of the JSON API, with a client key so that a double click applies nothing twice.
Visitors see a game once its initial placement is complete (SITE-LIST-04, SITE-HIST-01,
SITE-SAFE-04): who sees what is decided in :mod:`.visibility`, for every page.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.paginator import Page, Paginator
from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ...games import registry
from ...games.contract import IllegalOrder
from .. import limits
from . import decision_forms, options, results, services, steps, visibility
from . import preview as order_preview
from .forms import CommandForm, DecisionPost, HistoryForm, MessageForm, OrderForm, new_client_key
from .gamepages import refusal as refused_order
from .gamepages import (Viewer, commands, find_game, give_order, not_found, page_context, see_other,
                        summary_table, viewer)
from .messages import check_message_limit
from .models import EventRecord, Game, Message, display_name

log = logging.getLogger(__name__)

#: Events on one page of the history; messages on one page of the table's messages.
EVENTS_PER_PAGE = 100
MESSAGES_PER_PAGE = 100
#: Events shown on the game page itself (the newest ones).
LATEST_EVENTS = 15
#: A message equal to its author's previous one within this many seconds is a double post.
DOUBLE_POST_SECONDS = 30


# =========================================================================================
# What the pages show, as plain data (the viewer and what every game's page shares:
# ``gamepages``)
# =========================================================================================
@dataclass
class DecisionOut:
    kind: str
    prompt: str
    required: bool
    default: str
    deadline_factor: float
    options: str  # the options as indented JSON ("" when none)


def own_decisions(v: Viewer) -> list[DecisionOut]:
    """The decisions the viewer owes or may enter now: his own only, never a visitor's."""
    if v.seat is None or v.state is None or v.game.is_finished:
        return []
    return [DecisionOut(d.kind, d.prompt, d.required, d.default, d.deadline_factor,
                        json.dumps(d.options, indent=1, sort_keys=True) if d.options else "")
            for d in v.rules.pending(v.state) if d.player == v.seat]


def forms_of(v: Viewer, seat: int) -> list:
    """The game's decision forms for ``seat`` now ([] for a game that offers none)."""
    forms = v.rules.offers.forms
    return forms.order_forms(v.state, seat) if forms is not None and v.state is not None else []


def own_forms(v: Viewer, previewed: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """The viewer's decision forms as the page draws them (``decision_forms.shown``): his
    own seat's only, while the game is being played. ``previewed``: a form previewed
    (SITE-TABLE-05), drawn with the values the player gave and its preview above it."""
    if v.seat is None or v.game.status != Game.Status.ACTIVE:
        return []
    out = []
    for f in forms_of(v, v.seat):
        if previewed is not None and previewed["form"] == f.id:
            out.append({**decision_forms.shown(decision_forms.with_values(f, previewed["values"])),
                        "client_key": previewed["client_key"], "preview": previewed})
        else:
            out.append({**decision_forms.shown(f), "client_key": new_client_key()})  # one key per form
    return out


def orders_in(v: Viewer) -> list[dict[str, Any]]:
    """For each of the viewer's decisions now, whether his order is in (SITE-TABLE-06,
    ``Offers.entered``): ``{"kind", "prompt", "text"}`` with ``text`` what his order says ("":
    not in yet) and ``withdraw`` (the order's JSON text that withdraws it, "" for none). [] for
    a visitor, a game not being played or a game that does not say."""
    offered = v.rules.offers.entered
    if offered is None or v.seat is None or v.view is None or v.game.status != Game.Status.ACTIVE:
        return []
    ins = {e.kind: e for e in offered(v.view)}
    out = []
    for d in v.rules.pending(v.state):
        if d.player == v.seat and d.kind not in {x["kind"] for x in out}:
            e = ins.pop(d.kind, None)
            out.append({"kind": d.kind, "prompt": d.prompt, "text": e.text if e else "",
                        "withdraw": json.dumps(e.withdraw) if e and e.withdraw else ""})
    out += [{"kind": e.kind, "prompt": "", "text": e.text, "withdraw": json.dumps(e.withdraw) if e.withdraw else ""}
            for e in ins.values()]
    return out


@dataclass
class OrderField:
    name: str
    help: str


@dataclass
class OrderType:
    """An order type the viewer may give now, described from the game's order schema."""

    name: str
    description: str
    fields: list[OrderField]
    skeleton: str  # a JSON text to start from


def order_types(v: Viewer) -> list[OrderType]:
    """The order types the viewer's seat may give now (``rules.accepts``) with their fields."""
    if v.seat is None or v.state is None or v.game.is_finished:
        return []
    schema = v.rules.order_schema()
    return [describe_order(schema, name) for name in v.rules.accepts(v.state, v.seat)]


def uncovered(types: list[OrderType], shown_forms: list[dict[str, Any]]) -> list[OrderType]:
    """The order types no decision form on the page gives (SITE-TABLE-04, TBL-20): what the
    "Advanced" box lists as help; the box itself still takes any order the seat may give."""
    covered = {f["form"].order_type for f in shown_forms} - {""}
    return [t for t in types if t.name not in covered]


def describe_order(schema: dict, name: str) -> OrderType:
    """One order type of a JSON Schema ``oneOf`` discriminated by ``type``."""
    props: dict[str, Any] = {}
    description = ""
    ref = (schema.get("discriminator") or {}).get("mapping", {}).get(name, "")
    if ref.startswith("#/$defs/"):
        d = schema.get("$defs", {}).get(ref.removeprefix("#/$defs/"), {})
        props, description = d.get("properties", {}), d.get("description", "")
    fields, skeleton = [], {"type": name}
    for fname, p in props.items():
        if fname in ("type", "player"):
            continue
        fields.append(OrderField(fname, _field_help(p)))
        skeleton[fname] = p["default"] if "default" in p else _empty(p)
    return OrderType(name, " ".join(description.replace("``", "").split()), fields, json.dumps(skeleton))


def _field_help(p: dict) -> str:
    parts = [p.get("description") or ""]
    enum = p.get("enum") or (p.get("items") or {}).get("enum")
    if p.get("type") == "array":
        item = p.get("items") or {}
        parts = [f"a list of {item.get('description') or item.get('$ref', 'items').rsplit('/', 1)[-1]}"]
    if enum and len(enum) <= 12:
        parts.append("one of " + ", ".join(map(str, enum)))
    if "default" in p:
        parts.append(f"default {json.dumps(p['default'])}")
    return "; ".join(x for x in parts if x)


def _empty(p: dict) -> Any:
    t = p.get("type") or next((a.get("type") for a in p.get("anyOf", []) if a.get("type") != "null"), None)
    return {"array": [], "object": {}, "string": "", "integer": 0, "number": 0, "boolean": False}.get(
        t, {} if "$ref" in p else None)


@dataclass
class EventOut:
    seq: int
    text: str
    kind: str
    private: bool
    at: Any


def events_out(ids: list[int]) -> list[EventOut]:
    rows = EventRecord.objects.in_bulk(ids)
    return [EventOut(r.seq, r.text, r.kind, r.to is not None, r.at) for r in (rows[i] for i in ids)]


def latest_events(v: Viewer, n: int = LATEST_EVENTS) -> list[EventOut]:
    """The newest events the viewer may see, newest first."""
    return events_out(list(reversed(visibility.visible_event_ids(v.game, v.seat, shown=v.shown)))[:n])


def order_stages(game: Game, seqs: set[int]) -> dict[int, tuple[str, str]]:
    """For each accepted order in ``seqs``: the game's stage when it was given and after it
    (automatic phases may pass within one order). Rebuilt from the nearest snapshot, so it
    costs at most ``SNAPSHOT_EVERY`` replayed orders per distant order; only the stage text
    leaves this function."""
    rules = services.rules_of(game)
    out: dict[int, tuple[str, str]] = {}
    state, pos = None, -1
    try:
        for s in sorted(x for x in seqs if 1 <= x <= game.revision):
            if state is None or s - 1 - pos > settings.SNAPSHOT_EVERY:
                state, pos = services.rebuild(game, s - 1), s - 1
            for entry in game.log.filter(seq__gt=pos, seq__lte=s).order_by("seq"):
                before = rules.stage(state)
                state, _ = rules.apply(state, entry.order, by_site=True)
                pos = entry.seq
                if entry.seq == s:
                    out[s] = (before, rules.stage(state))
    except IllegalOrder as e:  # the log no longer replays (rules changed): events without stages
        log.error("game %s: its log does not replay at order %s: %s", game.pk, pos + 1, e)
    return out


@dataclass
class HistoryGroup:
    """The events of one accepted order (seq 0: the start of the game) with its stage."""

    seq: int
    stage: str
    moved_to: str  # the stage after the order, when it moved the game on ("" otherwise)
    at: Any
    events: list[EventOut]


def history(game: Game, seat: int | None, *, newest_first: bool, page: int | str,
            shown: bool) -> tuple[Page, list[HistoryGroup]]:
    """One page of the events ``seat`` may see, grouped by the order that caused them (none
    unless ``shown``: ``visibility.sees_game``)."""
    ids = visibility.visible_event_ids(game, seat, shown=shown)
    if newest_first:
        ids.reverse()
    p = Paginator(ids, EVENTS_PER_PAGE).get_page(page)
    events = events_out(list(p.object_list))
    stages = order_stages(game, {e.seq for e in events})
    groups: list[HistoryGroup] = []
    for e in events:
        if not groups or groups[-1].seq != e.seq:
            before, after = stages.get(e.seq, ("", ""))
            if e.seq == 0:
                before, after = "The start", ""
            groups.append(HistoryGroup(e.seq, before, after if after != before else "", e.at, []))
        groups[-1].events.append(e)
    if newest_first:  # newest order first; within an order, its events in the order they happened
        for g in groups:
            g.events.reverse()
    return p, groups


def hand(v: Viewer) -> list[str] | None:
    """The viewer's own hidden holdings (``Offers.hand``); None for a visitor, or for a game
    without hidden holdings."""
    offered = v.rules.offers.hand
    return offered(v.view) if offered is not None and v.seat is not None and v.view is not None else None


def public_messages(v: Viewer) -> list[tuple[str, str]]:
    """The players' public messages in the game (``Offers.messages``), each with its seat's
    label, once the game may be shown to the viewer."""
    offered = v.rules.offers.messages
    return [(v.seat_label(s), t) for s, t in offered(v.view)] if v.shown and offered is not None else []


# =========================================================================================
# Pages
# =========================================================================================
def home(request: HttpRequest) -> HttpResponse:
    """The site's front page: a player goes to his games, a visitor is told where to start."""
    if request.user.is_authenticated:
        return redirect("lobby:active")
    titles = [registry.get(k).title for k in registry.names()]
    first = registry.get(registry.default_name()).title
    titles = [first] + [t for t in titles if t != first]
    text = titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]
    return render(request, "play/home.html", {"titles": text})


@require_http_methods(["GET", "POST"])
def game_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The game: stage, seats, whom it waits on, the summary, the board, the viewer's hand
    and decisions, the order form (SITE-GEN-02, SITE-GEN-05)."""
    game = find_game(pk)
    if game is None:
        return not_found(request, pk)
    if request.method == "POST":
        return _post_order(request, game)
    return _render_game(request, game, chosen=request.GET.get("type", ""))


def _render_game(request: HttpRequest, game: Game, *, posted: str | None = None, chosen: str = "",
                 error: dict[str, Any] | None = None, status: int = 200,
                 previewed: dict[str, Any] | None = None) -> HttpResponse:
    game.refresh_from_db()
    v = viewer(game, request.user)
    ctx = page_context(request, v, "game")
    types = order_types(v)
    form = None
    fresh = {"client_key": new_client_key(), "revision": game.revision}
    if posted is not None and v.seat is not None and v.started:
        # the player's text again, checked again, with a new key and the current revision
        form = OrderForm(data={"order": posted, **fresh})
        form.is_valid()
    elif types:
        skeleton = next((t.skeleton for t in types if t.name == chosen), types[0].skeleton)
        form = OrderForm(initial={"order": skeleton, **fresh})
    shown_forms = own_forms(v, previewed)
    ctx.update({
        # SITE-TABLE-04: the raw order box stays closed behind "Advanced" unless it is the one
        # way to give an order now (no form), or the player chose a type or sent a text to fix
        "advanced_open": posted is not None or bool(chosen) or not any(
            f["form"].submit or f["fields"] for f in shown_forms),
        "status_label": game.get_status_display(),
        "options": options.option_lines(game), "waiting": [s for s in v.seats if s.waiting],
        "summary": summary_table(v) if v.shown else None,
        "board": v.rules.board_table(v.view) if v.shown and v.view is not None else None,
        "hand": hand(v),
        "decisions": own_decisions(v), "order_types": types, "form": form, "error": error,
        "listed_types": uncovered(types, shown_forms),
        "decision_forms": shown_forms, "orders_in": orders_in(v), "withdraw_key": new_client_key(),
        "preview_url": (reverse("api-1:post_preview", args=[game.pk])
                        if v.rules.offers.preview is not None and v.seat is not None else ""),
        "events": latest_events(v),
    })
    result = results.result_of(game, v.rules, v.state, results.seat_players(game))
    ctx.update({"result": result, "your_place": result.your_place(v.seat) if result else ""})
    return render(request, "play/game.html", ctx, status=status)


def _seat_or_refusal(request: HttpRequest, game: Game) -> tuple[int | None, HttpResponse | None]:
    seat = services.seat_of(game, request.user)
    if seat is not None:
        return seat, None
    why = ("log in to give orders" if not request.user.is_authenticated
           else "you have no seat in this game: only its players give orders")
    return None, _render_game(request, game, error={"message": why}, status=403)


def _post_order(request: HttpRequest, game: Game) -> HttpResponse:
    seat, refusal = _seat_or_refusal(request, game)
    if refusal is not None:
        return refusal
    form = OrderForm(request.POST)
    text = request.POST.get("order", "")
    if not form.is_valid():
        return _render_game(request, game, posted=text, status=400,
                            error={"message": "the order form has errors: see below"})
    order = form.cleaned_data["order"]
    given = order.get("player", seat)
    if given != seat or isinstance(given, bool):
        return _render_game(request, game, posted=text, status=403, error={
            "message": f"you play seat {seat}; you cannot give orders for seat {json.dumps(given)[:40]}"})
    return _submit(request, game, seat, order, form.key(), form.cleaned_data.get("revision"), text)


def _submit(request: HttpRequest, game: Game, seat: int, order: dict, key: str | None,
            revision: int | None, text: str) -> HttpResponse:
    """The one order path for the game page (``gamepages.give_order``); refusals shown on the
    page with the player's text again."""
    return give_order(request, game, seat, order, key=key, revision=revision,
                      back=reverse("play:game", args=[game.pk]),
                      again=lambda error, status: _render_game(request, game, posted=text, status=status,
                                                               error=error))


def _not_playing(request: HttpRequest, game: Game) -> HttpResponse:
    """The refusal of an order to a game that is over or has not started (409)."""
    return _render_game(request, game, status=409, error={
        "message": "the game is over" if game.is_finished else "the game has not started: it waits for its players"})


@require_POST
def decision_form(request: HttpRequest, pk: int) -> HttpResponse:
    """One of the game page's decision forms (``decision_forms``): the values checked against
    the form the game offers now, turned into the order by the game, then the one order path."""
    game = find_game(pk)
    if game is None:
        return not_found(request, pk)
    seat, refusal = _seat_or_refusal(request, game)
    if refusal is not None:
        return refusal
    form = DecisionPost(request.POST)
    if not form.is_valid():
        return _render_game(request, game, status=400, error={"message": "the form was damaged: load the page again"})
    if game.status != Game.Status.ACTIVE:
        return _not_playing(request, game)
    v = viewer(game, request.user)
    form_id = form.cleaned_data["form"]
    offered = decision_forms.find(forms_of(v, seat), form_id)
    if offered is None:
        return _render_game(request, game, status=409, error={
            "code": "stale", "message": "This form is not open now (the game has moved on): look "
                                        "again, and send your order again if it still stands."})
    try:
        values = decision_forms.read(offered, request.POST)
        order = v.rules.offers.forms.form_order(v.state, seat, form_id, values)
        if request.POST.get("preview"):  # SITE-TABLE-05: shown, not given; Confirm gives it
            return _render_game(request, game, previewed={
                "form": form_id, "values": values, "lines": order_preview.preview(game, seat, order).lines,
                "client_key": form.key(), "revision": form.cleaned_data.get("revision"),
                "posted": decision_forms.posted_controls(request.POST)})
    except IllegalOrder as e:
        return _render_game(request, game, status=400, error=refused_order(e, None))
    except order_preview.NoPreview:
        pass  # a game without previews: the form gives its order at once
    return _submit(request, game, seat, order, form.key(), form.cleaned_data.get("revision"),
                   json.dumps(order))


@require_POST
def command(request: HttpRequest, pk: int) -> HttpResponse:
    """The top panel's drop-down + GO: Reset or Done, as the game's orders for the current
    phase (SITE-GEN-05). A Reset the phase has no order for clears the order form."""
    game = find_game(pk)
    if game is None:
        return not_found(request, pk)
    seat, refusal = _seat_or_refusal(request, game)
    if refusal is not None:
        return refusal
    form = CommandForm(request.POST)
    if not form.is_valid():
        return _render_game(request, game, status=400, error={"message": "choose Reset or Done, then GO"})
    name = form.cleaned_data["command"]
    if game.status != Game.Status.ACTIVE:
        return _not_playing(request, game)
    v = viewer(game, request.user)
    order = commands(v).get(name)
    if order is not None:
        return _submit(request, game, seat, order, form.key(), form.cleaned_data.get("revision"),
                       json.dumps(order))
    if name == "reset":
        messages.info(request, "Reset: your entry was cleared; nothing was sent.")
        return see_other(reverse("play:game", args=[pk]))
    return _render_game(request, game, status=400, error={
        "message": "this phase has no Done of its own: give your decision with the order form"})


@require_GET
def history_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The events the viewer may see, with the stage of each order, paginated, newest or
    oldest first (SITE-HIST-01); of a finished game its seed too."""
    game = find_game(pk)
    if game is None:
        return not_found(request, pk)
    v = viewer(game, request.user)
    ctx = page_context(request, v, "history")
    f = HistoryForm(request.GET)
    newest = f.newest_first()
    status = 200
    if v.shown:
        page, groups = history(game, v.seat, newest_first=newest, page=f.page_number(), shown=v.shown)
        ctx.update({"page": page, "groups": groups})
        status = steps.put(ctx, request, v, page="play:history", default=game.revision)
    ctx.update({"newest": newest, "order_param": "newest" if newest else "oldest"})
    return render(request, "play/history.html", ctx, status=status)


@require_GET
def steps_fragment(request: HttpRequest, pk: int) -> HttpResponse:
    """One step of the board alone (``play/_step.html`` with its pieces), for the script of the
    history's and the replay's map (``steps.js``): the same as the page shows at ``?at=N``."""
    game = find_game(pk)
    if game is None:
        return not_found(request, pk)
    v = viewer(game, request.user)
    if not v.shown:
        return HttpResponse("Nothing of this game is shown yet: it has not started, or its initial placement is "
                            "not complete.",
                            status=403, content_type="text/plain; charset=utf-8")
    page = "play:replay" if request.GET.get("page") == "replay" and game.is_finished else "play:history"
    ctx: dict[str, Any] = {"v": v, "game": game, "fragment": True}
    status = steps.put(ctx, request, v, page=page, default=game.revision)
    return render(request, "play/_step.html", ctx, status=status)


@require_GET
def log_json(request: HttpRequest, pk: int) -> HttpResponse:
    """A finished game's options, seed and accepted orders: replaying the orders from the
    options with the seed rebuilds every shuffle and draw (checked against the hash published
    at creation). Refused while the game is being played."""
    game = find_game(pk)
    if game is None:
        return JsonResponse({"error": "no_such_game", "message": f"there is no game {pk}"}, status=404)
    if not game.is_finished:
        return JsonResponse({"error": "not_finished", "message": "the order log is published when "
                                                                 "the game is over"}, status=403)
    orders = [{"seq": e.seq, "seat": e.seat, "by_site": e.by_site, "reason": e.reason,
               "order": e.order} for e in game.log.order_by("seq")]
    return JsonResponse({"game": game.pk, "kind": game.kind, "options": game.options, "seed": game.seed,
                         "seed_sha256": game.seed_sha256, "orders": orders})


@require_http_methods(["GET", "POST"])
def messages_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The table's public messages (SITE-MSG-01): the game's players write, everyone reads once
    the game may be shown to him (``visibility.sees_game``, SITE-SAFE-04); and the players'
    public trade messages from the game (SITE-MSG-01)."""
    game = find_game(pk)
    if game is None:
        return not_found(request, pk)
    form = MessageForm()
    status = 200
    error = refused = None
    if request.method == "POST":
        seat = services.seat_of(game, request.user)
        form = MessageForm(request.POST)
        if seat is None:
            error, status = ("log in and take a seat to write here" if not request.user.is_authenticated
                             else "only the game's players write to its table"), 403
        elif form.is_valid():
            try:
                _post_message(game, request.user, seat, form.cleaned_data["text"])
            except limits.RateLimited as e:
                error, status, refused = e.message, e.status, e
            else:
                messages.success(request, "Your message is posted.")
                return see_other(reverse("play:messages", args=[pk]))
        else:
            status = 400
    v = viewer(game, request.user)
    ctx = page_context(request, v, "messages")
    qs = game.messages.select_related("author__profile").order_by("-at", "-pk")
    hidden = not visibility.sees_game(game, v.rules, v.state, v.seat)
    if hidden:
        qs = qs.none()  # SITE-SAFE-04: nothing of the game before initial placement
    page = Paginator(qs, MESSAGES_PER_PAGE).get_page(request.GET.get("page"))
    ctx.update({
        "page": page, "rows": [{"author": display_name(m.author) if m.author else "(deleted account)",
                                "seat": v.seat_name(m.seat) if m.seat is not None else "", "text": m.text,
                                "at": m.at} for m in page.object_list],
        "public": public_messages(v),
        "form": form if v.seat is not None else None, "error": error, "hidden": hidden,
    })
    return limits.limited(render(request, "play/messages.html", ctx, status=status), refused)


def _post_message(game: Game, user, seat: int, text: str) -> None:
    """Write a message to the table, once: the game's row is locked, and the same text from
    the same author within ``DOUBLE_POST_SECONDS`` is a double click, not a second message."""
    with transaction.atomic():
        services.lock(game.pk)
        last = Message.objects.filter(game=game, author=user).order_by("-at", "-pk").first()
        recent = timezone.now() - timedelta(seconds=DOUBLE_POST_SECONDS)
        if last is not None and last.text == text and last.at >= recent:
            return
        check_message_limit(user)
        Message.objects.create(game=game, author=user, seat=seat, text=text)


