"""The table talk's pages: a game's conversations (``/games/<id>/talk/``), one conversation
(``.../talk/<n>/``) with its messages, the form to write and, for a game that has them, the
orders a seat may give another from it (a trade offer); reporting a message, and the
moderator's view of a reported one. Who reads what is :mod:`.access`'s; a page of a
conversation one may not read is a 403 that names no member and quotes no message."""
from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages as flash
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from ...games.contract import IllegalOrder
from .. import limits
from ..errors import Refusal
from ..play import services as play
from ..play.forms import new_client_key
from ..play.models import Game, display_name
from ..play.gamepages import Viewer, not_found as _not_found, page_context as _base, see_other as _see_other, viewer
from ..play.views import describe_order
from . import access, reports, services
from .forms import ReportForm, StartForm, TalkOrderForm, TextForm
from .models import Conversation


def _names(v: Viewer) -> dict[int, str]:
    return {s.index: s.label for s in v.seats}


def _page(request: HttpRequest, v: Viewer, template: str, ctx: dict[str, Any], status: int = 200,
          refused: Exception | None = None) -> HttpResponse:
    base = _base(request, v, "talk")
    base.update(ctx)
    base.setdefault("talk_mark", _mark(v))
    return limits.limited(render(request, template, base, status=status), refused)


def _mark(v: Viewer) -> int | None:
    """The live pages' mark: the newest message of the viewer's conversations (None: none of his)."""
    if v.seat is None:
        return None
    return services.newest_for_seats([services.topic_of(v.game.pk, v.seat)])[services.topic_of(v.game.pk, v.seat)]


def _refused(request: HttpRequest, v: Viewer, why: str, status: int) -> HttpResponse:
    return _page(request, v, "talk/refused.html", {"why": why}, status=status)


def _rows(v: Viewer, conversations, unread: dict[int, int]) -> list[dict[str, Any]]:
    names = _names(v)
    return [{"c": c, "url": reverse("talk:conversation", args=[v.game.pk, c.pk]), "unread": unread.get(c.pk, 0),
             "with": [names.get(s, f"Seat {s + 1}") for s in c.seats if s != v.seat]}
            for c in conversations]


@require_http_methods(["GET", "POST"])
def index(request: HttpRequest, pk: int) -> HttpResponse:
    """The viewer's conversations in the game, and the form to start one (SITE-CHAT-01)."""
    game = Game.objects.filter(pk=pk).first()
    if game is None:
        return _not_found(request, pk)
    v = viewer(game, request.user)
    if v.seat is None and not access.revealed(game):
        return _refused(request, v, "Only the game's players talk at its table." if request.user.is_authenticated
                        else "Only the game's players talk at its table: log in first.", 403)
    people = access.people_seats(game)
    names = _names(v)
    choices = [(s, names.get(s, f"Seat {s + 1}")) for s in sorted(people) if s != v.seat]
    can_start = v.seat is not None and game.status == Game.Status.ACTIVE and bool(choices)
    form = StartForm(request.POST if request.method == "POST" else None, choices=choices) if can_start else None
    status, error, refused = 200, None, None
    if request.method == "POST":
        if form is None:
            status, error = 409, ("The game is over: its conversations are closed." if game.is_finished
                                  else "You cannot start a conversation here now.")
        elif form.is_valid():
            try:
                conv, _, _ = services.start(game.pk, request.user, form.cleaned_data["seats"],
                                            form.cleaned_data["text"])
            except Refusal as e:
                status, error, refused = e.status, e.message, e
            else:
                return _see_other(reverse("talk:conversation", args=[game.pk, conv.pk]))
        else:
            status = 400
    unread = services.unread_in_game(game, request.user, v.seat) if v.seat is not None else {}
    rows = _rows(v, access.readable(game, v.seat), unread)
    return _page(request, v, "talk/index.html", {"rows": rows, "form": form, "error": error,
                                                  "revealed": access.revealed(game)}, status, refused)


def _conversation(request: HttpRequest, pk: int, cid: int) -> tuple[Viewer | None, Conversation | None,
                                                                   HttpResponse | None]:
    game = Game.objects.filter(pk=pk).first()
    if game is None:
        return None, None, _not_found(request, pk)
    v = viewer(game, request.user)
    conv = Conversation.objects.filter(game=game, pk=cid).first()
    if conv is None or not access.can_read(conv, game, v.seat):
        # the same answer for one that does not exist: a stranger learns nothing of which do
        why = ("Only its members read a conversation." if request.user.is_authenticated
               else "Only its members read a conversation: log in first.")
        return v, None, _refused(request, v, why, 403)
    return v, conv, None


def talk_forms(v: Viewer, conv: Conversation) -> list[dict[str, Any]]:
    """The orders the viewer may give from this conversation now (SITE-CHAT-03): the game's
    talk order types his seat may give, each with a JSON skeleton naming another member."""
    if not access.can_write(conv, v.game, v.seat) or v.state is None:
        return []
    allowed = services.talk_orders(v.rules)
    if not allowed:
        return []
    now = set(v.rules.accepts(v.state, v.seat))
    others = [s for s in conv.seats if s != v.seat]
    schema = v.rules.order_schema()
    page = v.rules.offers.page(v.rules.offers.talk_page) if v.rules.offers.talk_page else None
    base = reverse(page.url, args=[v.game.pk]) if page is not None else ""
    out = []
    for kind, field in sorted(allowed.items()):
        if kind not in now:
            continue
        t = describe_order(schema, kind)
        skeleton = json.loads(t.skeleton)
        skeleton[field] = others[0]
        out.append({"kind": kind, "description": t.description, "fields": t.fields, "field": field,
                    "others": [(s, v.seat_label(s)) for s in others],
                    "links": [(f"{base}?{urlencode({'to': s, 'talk': conv.pk})}", f"{page.title} with {v.seat_label(s)}")
                              for s in others] if page is not None else [],
                    "form": TalkOrderForm(initial={"order": json.dumps(skeleton), "client_key": new_client_key(),
                                                   "revision": v.game.revision})})
    return out


@require_http_methods(["GET", "POST"])
def conversation(request: HttpRequest, pk: int, cid: int) -> HttpResponse:
    """A conversation: its messages (escaped), the form to write, the orders one may give from
    it; reading it marks it read. POST ``action`` "write" (``text``) or "order" (``order``,
    ``text``)."""
    v, conv, refusal = _conversation(request, pk, cid)
    if refusal is not None:
        return refusal
    status, error, refused = 200, None, None
    form = TextForm()
    order_error = None
    if request.method == "POST":
        if request.POST.get("action") == "order":
            out = _give(request, v, conv)
            if isinstance(out, HttpResponse):
                return out
            status, order_error, refused = out
        else:
            form = TextForm(request.POST)
            if form.is_valid():
                try:
                    services.post(v.game.pk, conv.pk, request.user, form.cleaned_data["text"])
                except Refusal as e:
                    status, error, refused = e.status, e.message, e
                else:
                    return _see_other(reverse("talk:conversation", args=[pk, cid]))
            else:
                status = 400
        v = viewer(Game.objects.get(pk=pk), request.user)
    msgs = list(conv.messages.select_related("author__profile").order_by("pk"))
    events = services.order_events(v.game, {m.order_seq for m in msgs if m.order_seq}, v.seat)
    if msgs and v.seat is not None:
        services.mark_read(conv, request.user, msgs[-1].pk)
    names = _names(v)
    rows = [{"m": m, "seat": names.get(m.seat, f"Seat {m.seat + 1}"), "order": events.get(m.order_seq),
             "author": display_name(m.author) if m.author else "(deleted account)",
             "mine": m.seat == v.seat,
             "report": reverse("talk:report", args=[pk, cid, m.pk]) if (
                 request.user.is_authenticated and m.author_id and m.author_id != request.user.pk) else ""}
            for m in msgs]
    writable = access.can_write(conv, v.game, v.seat)
    ctx = {"conv": conv, "rows": rows, "members": [names.get(s, f"Seat {s + 1}") for s in conv.seats],
           "form": form if writable else None, "error": error, "order_error": order_error,
           "orders": talk_forms(v, conv), "revealed": access.revealed(v.game),
           "note": v.words.get("talk_note", "")}
    return _page(request, v, "talk/conversation.html", ctx, status, refused)


def _give(request: HttpRequest, v: Viewer, conv: Conversation):
    """The order form of a conversation: the order through the one order path; a refusal is
    shown on the page with its rule."""
    form = TalkOrderForm(request.POST)
    if not form.is_valid():
        errors = "; ".join(f"{k}: {' '.join(e)}" for k, e in form.errors.items())
        return 400, {"message": errors}, None
    try:
        services.give_order(v.game.pk, conv.pk, request.user, form.cleaned_data["order"],
                            text=form.cleaned_data["text"], client_key=form.key(),
                            revision=form.cleaned_data.get("revision"))
    except IllegalOrder as e:
        return 400, {"rule": e.rule, "message": e.message}, None
    except play.Stale:
        return 409, {"message": "The game has changed since you looked: look again, and send your order "
                                "again if it still stands."}, None
    except Refusal as e:
        return e.status, {"message": e.message}, e
    flash.success(request, "Your order is given; the conversation shows it.")
    return _see_other(reverse("talk:conversation", args=[v.game.pk, conv.pk]))


@require_http_methods(["GET", "POST"])
def report(request: HttpRequest, pk: int, cid: int, mid: int) -> HttpResponse:
    """Report a message of the conversation to the moderators (SITE-CHAT-04)."""
    v, conv, refusal = _conversation(request, pk, cid)
    if refusal is not None:
        return refusal
    message = conv.messages.select_related("author__profile").filter(pk=mid).first()
    if message is None:
        return _refused(request, v, "There is no such message in this conversation.", 404)
    if not request.user.is_authenticated:
        return _refused(request, v, "Log in to report a message.", 403)
    form = ReportForm(request.POST if request.method == "POST" else None)
    status, error, refused = 200, None, None
    if request.method == "POST":
        if form.is_valid():
            try:
                reports.report(conv, mid, request.user, rule=form.cleaned_data["rule"],
                               reason=form.cleaned_data["reason"])
            except Refusal as e:
                status, error, refused = e.status, e.message, e
            else:
                flash.success(request, "Your report is sent to the moderators.")
                return _see_other(reverse("talk:conversation", args=[pk, cid]))
        else:
            status = 400
    return _page(request, v, "talk/report.html", {"conv": conv, "message": message, "form": form,
                                                   "error": error,
                                                   "seat": _names(v).get(message.seat, "")}, status, refused)


@require_GET
def moderate(request: HttpRequest, pk: int, cid: int, mid: int) -> HttpResponse:
    """A reported message within its whole conversation, for the moderators only; each opening
    is logged (SITE-CHAT-04)."""
    if not (request.user.is_authenticated and request.user.is_staff):
        return render(request, "talk/refused_plain.html", {"why": "Only the moderators open reported messages."},
                      status=403 if request.user.is_authenticated else 401)
    try:
        message, conv, msgs, filed = reports.open_for_moderator(request.user, pk, cid, mid)
    except Refusal as e:
        return render(request, "talk/refused_plain.html", {"why": e.message}, status=e.status)
    game = conv.game
    names = {s.index: s.label for s in game.seats_now()}
    return render(request, "talk/moderate.html", {
        "game": game, "conv": conv, "reported": message, "reports": filed,
        "members": [f"Seat {s + 1} ({names.get(s, '')})" for s in conv.seats],
        "rows": [{"m": m, "seat": f"Seat {m.seat + 1}", "reported": m.pk == message.pk,
                  "author": display_name(m.author) if m.author else "(deleted account)"} for m in msgs],
        "reads": conv.moderator_reads.all()[:20]})
