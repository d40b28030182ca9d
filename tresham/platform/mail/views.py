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

from ..play.models import display_name
from . import preferences, unsubscribe
from .forms import PreferencesForm
from .models import Delivery


@login_required
@require_http_methods(["GET", "POST"])
def preferences_page(request: HttpRequest) -> HttpResponse:
    """Choose each game mail at once, one digest a day, or none (SITE-EMAIL)."""
    current = preferences.delivery_of(request.user)
    form = PreferencesForm(request.POST if request.method == "POST" else None, initial={"delivery": current})
    if request.method == "POST" and form.is_valid():
        preferences.set_delivery(request.user, form.cleaned_data["delivery"], changed_by="page")
        messages.success(request, "Your mail preferences are saved.")
        return redirect("mail:preferences")
    return render(request, "mail/preferences.html", {"form": form, "current": Delivery(current).label,
                                                     "address": request.user.email})


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
