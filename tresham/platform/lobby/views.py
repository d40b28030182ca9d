"""Lobby pages: the game list with its tabs and the queue controls, a game's lobby page
(join, bot seats), the new-game form. Plain HTML forms; every refusal is shown on the page
with a 4xx status and changes nothing."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from ...games import registry
from ...games.contract import IllegalOrder
from ..errors import Refusal
from ..limits import limited
from ..play.models import Game
from ..ratings import shown
from . import detail, lists, meta, queue, services, timelimits
from .forms import NewGameForm, QueueForm
from .names import game_name

PER_PAGE = 50


def _queue_form(entry) -> QueueForm:
    if entry is None:
        return QueueForm()
    return QueueForm(initial={"min_time_limit": timelimits.form_value(entry.min_time_limit),
                              "max_time_limit": timelimits.form_value(entry.max_time_limit),
                              "join_new": entry.join_new, "join_in_progress": entry.join_in_progress})


def _list_page(request: HttpRequest, tab: str, *, queue_form: QueueForm | None = None,
               status: int = 200) -> HttpResponse:
    user = request.user
    blocked: list = []
    recommended = None
    if tab == "active":
        qs = lists.active(user)
    elif tab == "completed":
        qs = lists.completed(user)
    else:
        blocked = meta.blocked_with(user)
        # SITE-REC-01..03: the closest game apart, the others by closeness; none of the
        # games hidden by the same-opponent limit is among them
        recommended, qs = shown.recommend(user, lists.open_games(user, [u.pk for u in blocked]))
    page = Paginator(qs, PER_PAGE).get_page(request.GET.get("page"))
    rows = lists.rows(page.object_list, user)
    if tab == "completed":
        lists.add_results(rows)
    if tab == "open":
        shown_games = list(page.object_list) + ([recommended] if recommended else [])
        recommended = lists.rows([recommended], user)[0] if recommended else None
        shown.add_reliability(rows + ([recommended] if recommended else []), shown_games)
    entry = queue.waiting_entry(user)
    return render(request, "lobby/list.html", {
        "tab": tab, "tabs": lists.TABS, "page": page, "rows": rows, "recommended": recommended,
        "all_rows": ([recommended] if recommended else []) + rows,
        "blocked": blocked, "queue_entry": entry, "queue_form": queue_form or _queue_form(entry),
        "limit": meta.LIMIT,
    }, status=status)


@login_required
def active(request: HttpRequest) -> HttpResponse:
    """SITE-LIST-02: the games the user plays."""
    return _list_page(request, "active")


@login_required
def open_list(request: HttpRequest) -> HttpResponse:
    """SITE-LIST-03, SITE-META-03: games waiting for players; the players he is blocked with."""
    return _list_page(request, "open")


@login_required
def completed(request: HttpRequest) -> HttpResponse:
    """SITE-LIST-05: the games he finished."""
    return _list_page(request, "completed")


@login_required
@require_POST
def queue_enter(request: HttpRequest) -> HttpResponse:
    """"Add me to the player queue!" (SITE-QUEUE-04)."""
    form = QueueForm(request.POST)
    if not form.is_valid():
        return _list_page(request, "active", queue_form=form, status=400)
    lo, hi = form.limits()
    try:
        entry = queue.enqueue(request.user, min_time_limit=lo, max_time_limit=hi,
                              join_new=form.cleaned_data["join_new"],
                              join_in_progress=form.cleaned_data["join_in_progress"])
    except Refusal as e:
        form.add_error(None, e.message)
        return _list_page(request, "active", queue_form=form, status=e.status)
    if entry.game_id is not None:
        messages.success(request, f"The queue placed you in {entry.game.name}.")
    else:
        messages.success(request, "You are in the player queue: you will be placed in the next game that fits.")
    return redirect("lobby:active")


@login_required
@require_POST
def queue_leave(request: HttpRequest) -> HttpResponse:
    if queue.leave(request.user):
        messages.success(request, "You left the player queue.")
    return redirect("lobby:active")


def game(request: HttpRequest, pk: int, *, error: str | None = None, status: int = 200) -> HttpResponse:
    """A game's lobby page: options, seats, join; its state once placement is done (SITE-LIST-04)."""
    g = get_object_or_404(Game, pk=pk)
    d = detail.game_detail(g, request.user)
    is_creator = request.user.is_authenticated and g.creator_id == request.user.pk
    return render(request, "lobby/game.html", {"d": d, "game": d.game, "row": d.row, "error": error,
                                               "is_creator": is_creator and g.status == Game.Status.OPEN},
                  status=status)


def _seat_index(request: HttpRequest) -> int | None:
    text = request.POST.get("seat", "").strip()
    if text == "":
        return None
    if not text.isdigit() or not 1 <= int(text) <= 99:
        raise ValueError(text)
    return int(text) - 1


@login_required
@require_POST
def join(request: HttpRequest, pk: int) -> HttpResponse:
    """Join from the Open list (SITE-QUEUE-08)."""
    g = get_object_or_404(Game, pk=pk)
    try:
        seat = services.join(g.pk, request.user, index=_seat_index(request))
    except ValueError:
        return game(request, pk, error="choose a seat by its number", status=400)
    except Refusal as e:
        return game(request, pk, error=e.message, status=e.status)
    messages.success(request, f"You took seat {seat.index + 1} of {g.name}.")
    return redirect("lobby:game", pk=g.pk)


@login_required
@require_POST
def bot_seat(request: HttpRequest, pk: int) -> HttpResponse:
    """The creator gives a seat to the bot."""
    g = get_object_or_404(Game, pk=pk)
    try:
        index = _seat_index(request)
        if index is None:
            raise ValueError("")
        seat = services.give_seat_to_bot(g.pk, request.user, index, request.POST.get("level") or None)
    except ValueError:
        return game(request, pk, error="choose a seat by its number", status=400)
    except Refusal as e:
        return game(request, pk, error=e.message, status=e.status)
    messages.success(request, f"Seat {seat.index + 1} is the bot's ({seat.bot_label}).")
    return redirect("lobby:game", pk=g.pk)


@login_required
@require_http_methods(["GET", "POST"])
def new_game(request: HttpRequest) -> HttpResponse:
    """Create a new game (SITE-CREATE-01..15)."""
    kind = request.GET.get("kind") or registry.default_name()
    try:
        rules = registry.get(kind)
    except registry.UnknownGame:
        raise Http404("no such game") from None
    friends = services.friends_of(request.user)
    if request.method == "GET":
        form = NewGameForm(rules=rules, friends=friends, initial={"name": game_name()})
        return _new_game_page(request, form, rules, kind)
    form = NewGameForm(request.POST, rules=rules, friends=friends)
    if not form.is_valid():
        return _new_game_page(request, form, rules, kind, status=400)
    try:
        g = services.create(request.user, kind=kind, name=form.cleaned_data["name"], options=form.raw_options,
                            time_limit=form.time_limit_seconds, friends=form.chosen_friends(),
                            bot_seats=form.chosen_bot_seats(), take_seat_0=form.cleaned_data["take_seat"],
                            bots_take_vacant_seats=form.cleaned_data["bots_take_vacant_seats"],
                            reveal_talk=form.cleaned_data["reveal_talk"], bot_levels=form.chosen_bot_levels(),
                            rated_against_bots=form.cleaned_data["rated_against_bots"])
    except IllegalOrder as e:
        form.add_error(None, e.message + (f" (rule {e.rule})" if e.rule else ""))
        return _new_game_page(request, form, rules, kind, status=400)
    except Refusal as e:
        form.add_error(None, e.message)
        return limited(_new_game_page(request, form, rules, kind, status=e.status), e)
    messages.success(request, f"{g.name} is created.")
    return redirect("lobby:game", pk=g.pk)


def _new_game_page(request: HttpRequest, form: NewGameForm, rules, kind: str, status: int = 200) -> HttpResponse:
    kinds = [(k, registry.get(k).title) for k in registry.names()]
    return render(request, "lobby/new_game.html", {"form": form, "rules": rules, "kind": kind, "kinds": kinds,
                                                   "other_kinds": [(k, t) for k, t in kinds if k != kind]},
                  status=status)
