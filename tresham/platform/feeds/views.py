"""The feeds' pages: the calendar address (GET ``/calendar/<token>.ics``, and the renew and
stop buttons of the account page) and a game's webhooks page (``/games/<id>/webhooks/``,
its players only). A refusal is shown with a 4xx status and changes nothing; an accepted
change redirects (303)."""
from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ..errors import Refusal
from ..play.models import Game
from . import calfeed, webhooks
from .models import Webhook

#: the session's key of an address just made, shown once on the account page
FRESH = "feeds_calendar_address"


@require_GET
def calendar_feed(request: HttpRequest, token: str) -> HttpResponse:
    """The calendar of the account whose address this is (no login: the address is the key);
    404 for an address never made or renewed since."""
    user = calfeed.user_of(token)
    if user is None:
        raise Http404("no such calendar")
    response = HttpResponse(calfeed.feed(user), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="tresham.ics"'
    response["Cache-Control"] = "private, max-age=300"
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = "no-referrer"
    return response


@login_required
@require_POST
def calendar_renew(request: HttpRequest) -> HttpResponse:
    """Make the account's calendar address anew (the old one stops working); the new one is
    shown once, on the account page."""
    request.session[FRESH] = calfeed.address(calfeed.renew(request.user))
    messages.success(request, "Your new calendar address is below; the old one no longer works.")
    return HttpResponseRedirect(reverse("accounts:me") + "#calendar", status=303)


@login_required
@require_POST
def calendar_stop(request: HttpRequest) -> HttpResponse:
    had = calfeed.stop(request.user)
    request.session.pop(FRESH, None)
    messages.success(request, "Your calendar address no longer works." if had else "You had no calendar address.")
    return HttpResponseRedirect(reverse("accounts:me") + "#calendar", status=303)


def _page(request: HttpRequest, game: Game, *, error: str = "", status: int = 200, url: str = "",
          kind: str = "discord") -> HttpResponse:
    ctx = {"game": game, "hooks": webhooks.of_game(game, request.user), "error": error, "url": url,
           "kind": kind, "kinds": Webhook.Kind.choices, "finished": game.is_finished,
           "max_failures": settings.TRESHAM_WEBHOOK_MAX_FAILURES}
    return render(request, "feeds/webhooks.html", ctx, status=status)


def _refused(request: HttpRequest, game: Game | None, pk: int, e: Refusal) -> HttpResponse:
    if game is None:
        return render(request, "play/not_found.html", {"pk": pk}, status=404)
    return render(request, "feeds/webhooks.html", {"game": game, "refused": e.message, "hooks": []}, status=e.status)


@require_http_methods(["GET", "POST"])
def webhooks_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The game's webhooks and a form to add one (its players only: 403 otherwise)."""
    game = Game.objects.filter(pk=pk).first()
    if game is None:
        return _refused(request, None, pk, Refusal(""))
    if not request.user.is_authenticated:
        return HttpResponseRedirect(reverse("accounts:login") + f"?next={request.path}")
    try:
        webhooks.require_member(game, request.user)
    except Refusal as e:
        return _refused(request, game, pk, e)
    if request.method == "GET":
        return _page(request, game)
    url, kind = str(request.POST.get("url", ""))[:1000], str(request.POST.get("kind", ""))[:20]
    try:
        webhooks.add(game, request.user, url, kind)
    except Refusal as e:
        return _page(request, game, error=e.message, status=e.status, url=url, kind=kind)
    messages.success(request, "Webhook added: it is told whose turn it is and when the game ends.")
    return HttpResponseRedirect(reverse("feeds:webhooks", args=[game.pk]), status=303)


@require_POST
def webhook_remove(request: HttpRequest, pk: int, hook: int) -> HttpResponse:
    game = Game.objects.filter(pk=pk).first()
    if game is None:
        return _refused(request, None, pk, Refusal(""))
    if not request.user.is_authenticated:
        return HttpResponseRedirect(reverse("accounts:login") + f"?next={reverse('feeds:webhooks', args=[pk])}")
    try:
        webhooks.remove(game, request.user, hook)
    except Refusal as e:
        if not webhooks.is_member(game, request.user):
            return _refused(request, game, pk, e)
        return _page(request, game, error=e.message, status=e.status)
    messages.success(request, "Webhook removed.")
    return HttpResponseRedirect(reverse("feeds:webhooks", args=[game.pk]), status=303)
