"""The preferences page (logged in) and the unsubscribe page of the mails' links (no login:
the signed token in the address is the proof).

An unsubscribe link opened in a browser shows a page with one button: a link followed by a
mail scanner or a prefetching client changes nothing (RFC 8058 asks for that); the button,
like the one-click POST a mail program sends (``List-Unsubscribe=One-Click``), stops the game
mails at once. That POST comes from a mail program, without the site's CSRF cookie: the view
is exempt, and needs no such protection -- only someone holding the secret link can use it.
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from ..play.models import Game, Seat, display_name
from . import preferences, unsubscribe
from .forms import GAME_CHOICES, GameMailForm, PreferencesForm, RemindersForm
from .models import Delivery


def my_games(user) -> list[Game]:
    """The games ``user`` plays now (their mails can be chosen one by one)."""
    ids = Seat.objects.filter(user=user, status=Seat.Status.PLAYING).exclude(
        game__status=Game.Status.FINISHED).values("game")
    return list(Game.objects.filter(pk__in=ids).order_by("name", "pk"))


@login_required
@require_http_methods(["GET", "POST"])
def preferences_page(request: HttpRequest) -> HttpResponse:
    """The game mails: each at once, one digest a day, or none (SITE-EMAIL); the reminders
    before a deadline (SITE-NOTIFY-02); every mail, digest or muted, game by game
    (SITE-NOTIFY-03). POST ``which``: "delivery", "reminders" or "game"."""
    user = request.user
    current = preferences.delivery_of(user)
    rem = preferences.reminders_of(user)
    form = PreferencesForm(initial={"delivery": current})
    reminders = RemindersForm(initial={"remind_share": rem.share, "remind_before": rem.before})
    status = 200
    if request.method == "POST":
        which = request.POST.get("which", "delivery")
        if which == "reminders":
            reminders = RemindersForm(request.POST)
            if reminders.is_valid():
                preferences.set_reminders(user, share=reminders.cleaned_data["remind_share"],
                                          before=reminders.cleaned_data["remind_before"])
                messages.success(request, "Your reminders are saved.")
                return redirect("mail:preferences")
            status = 400
        elif which == "game":
            g = GameMailForm(request.POST)
            game = None
            if g.is_valid():
                game = next((x for x in my_games(user) if x.pk == g.cleaned_data["game"]), None)
            if game is None:
                messages.error(request, "Choose one of your games and how its mails come.")
                status = 400
            else:
                preferences.set_game_delivery(user, game, g.cleaned_data["delivery"])
                messages.success(request, f"The mails of {game.name} are saved.")
                return redirect("mail:preferences")
        else:
            form = PreferencesForm(request.POST)
            if form.is_valid():
                preferences.set_delivery(user, form.cleaned_data["delivery"], changed_by="page")
                messages.success(request, "Your mail preferences are saved.")
                return redirect("mail:preferences")
            status = 400
    games = [{"game": x, "choice": preferences.game_choice(user, x)} for x in my_games(user)]
    return render(request, "mail/preferences.html", {
        "form": form, "reminders": reminders, "current": Delivery(current).label, "address": user.email,
        "games": games, "game_choices": GAME_CHOICES}, status=status)


@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe_page(request: HttpRequest, token: str) -> HttpResponse:
    """GET: what the link would do, with its button. POST (the button, or a mail program's
    one-click): no more game mails; ``delivery`` (``digest``, ``immediate``) chooses another
    way instead (the page's other buttons: the digest, or undo)."""
    user = unsubscribe.user_of(token)
    if user is None:
        return render(request, "mail/unsubscribe_invalid.html", status=400)
    context = {"name": display_name(user), "token": token, "done": False, "error": ""}
    if request.method == "POST":
        wanted = request.POST.get("delivery", Delivery.NONE)
        if wanted not in Delivery.values:
            context["error"] = "Choose one of: " + ", ".join(label for _, label in Delivery.choices) + "."
        else:
            preferences.set_delivery(user, wanted, changed_by="link")
            context["done"] = True
    current = preferences.delivery_of(user)
    context.update(current=Delivery(current).label, none=current == Delivery.NONE)
    return render(request, "mail/unsubscribe.html", context, status=400 if context["error"] else 200)
