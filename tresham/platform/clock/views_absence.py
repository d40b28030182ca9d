"""The absence pages: "Pause / Resume" (SITE-PAUSE-01..07) and "Quit a Game..." (SITE-QUIT-01..04).

Plain HTML forms; every refusal is shown on the page with a 4xx status and changes nothing."""
from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from ..errors import Refusal
from ..play.models import Game, Seat, display_name
from . import absence, pauses
from .forms_absence import PauseForm, QuitForm


# ---- pauses -----------------------------------------------------------------------------------
def _pause_rows(user) -> list[dict]:
    return [{"p": p, "who": display_name(p.user), "mine": p.user_id == user.pk, "until": pauses.in_force_until(p),
             "days": pauses.days_of(p), "state": pauses.state_of(p),
             "can_remove": pauses.may_remove(p, user) and p.removed_at is None}
            for p in pauses.concerning(user)]


def _pauses_page(request: HttpRequest, form: PauseForm | None = None, *, error: str | None = None,
                 status: int = 200) -> HttpResponse:
    return render(request, "clock/pause.html", {
        "form": form or PauseForm(), "rows": _pause_rows(request.user), "error": error,
        "max_days": pauses.MAX_DAYS, "max_ahead_days": pauses.MAX_AHEAD_DAYS, "max_standing": pauses.MAX_STANDING,
        "tail_hours": settings.TRESHAM_PAUSE_TAIL_HOURS, "zone": pauses.zone_of(request.user),
    }, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def pauses_page(request: HttpRequest) -> HttpResponse:
    """"Pause / Resume": the request form and the pauses of the user's games, each of his own
    with its "Remove" button."""
    if request.method == "GET":
        return _pauses_page(request)
    form = PauseForm(request.POST)
    if not form.is_valid():
        return _pauses_page(request, form, status=400)
    d = form.cleaned_data
    try:
        p = pauses.request_pause_for_dates(request.user, d["start_date"], d["end_date"], d["reason"])
    except Refusal as e:
        form.add_error(None, e.message)
        return _pauses_page(request, form, status=e.status)
    days = pauses.days_of(p)
    messages.success(request, f"Your games are paused for {days} day{'s' if days != 1 else ''}: every deadline "
                              "that would fall inside the pause moves to its end.")
    return redirect("absence:pauses")


@login_required
@require_POST
def remove_pause(request: HttpRequest, pk: int) -> HttpResponse:
    """"Remove": the pause stays in force 24 more hours (SITE-PAUSE-06)."""
    try:
        p = pauses.remove_pause(pk, request.user)
    except Refusal as e:
        return _pauses_page(request, error=e.message, status=e.status)
    if pauses.takes_effect(p):
        messages.success(request, f"The pause is removed; it stays in force for {settings.TRESHAM_PAUSE_TAIL_HOURS} "
                                  "hours at most so that every player can react.")
    else:
        messages.success(request, "The pause is cancelled: it had not begun and never will.")
    return redirect("absence:pauses")


# ---- quitting -----------------------------------------------------------------------------------
@dataclass
class QuitRow:
    seat: Seat
    choices: list[tuple[object, str | None]]
    form: QuitForm = field(default_factory=QuitForm)

    @property
    def game(self) -> Game:
        return self.seat.game


def _quit_page(request: HttpRequest, *, failed: int | None = None, form: QuitForm | None = None,
               error: str | None = None, status: int = 200) -> HttpResponse:
    rows = []
    for s in absence.quittable(request.user):
        row = QuitRow(s, absence.replacement_choices(s.game, request.user))
        if failed == s.game_id and form is not None:
            row.form = form
        rows.append(row)
    return render(request, "clock/quit.html", {"rows": rows, "error": error, "failed": failed}, status=status)


@login_required
def quit_page(request: HttpRequest) -> HttpResponse:
    """"Quit a Game...": every unfinished game the user plays (SITE-QUIT-01), each with its
    "Replacement User" drop-down of his friends (SITE-QUIT-02) and its "Quit" button."""
    return _quit_page(request)


@login_required
@require_POST
def quit_game(request: HttpRequest, game_id: int) -> HttpResponse:
    """"Quit" (SITE-QUIT-04)."""
    game = get_object_or_404(Game, pk=game_id)
    form = QuitForm(request.POST)
    if not form.is_valid():
        return _quit_page(request, failed=game.pk, form=form, status=400)
    replacement = None
    rid = form.cleaned_data["replacement"]
    if rid is not None:
        replacement = get_user_model().objects.filter(pk=rid).first()
        if replacement is None:
            form.add_error("replacement", "choose a replacement from the list")
            return _quit_page(request, failed=game.pk, form=form, status=400)
    try:
        seat = absence.quit_game(game.pk, request.user, replacement=replacement)
    except Refusal as e:
        form.add_error(None, e.message)
        return _quit_page(request, failed=game.pk, form=form, status=e.status)
    if seat.user_id is not None:
        messages.success(request, f"You left {game.name}: {display_name(seat.user)} takes over your seat.")
    else:
        messages.success(request, f"You left {game.name}: your seat is open to every player.")
    return redirect("absence:quit")
