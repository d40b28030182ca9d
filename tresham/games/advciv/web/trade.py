"""The trade page (issue 10, SITE-TRADE-01..14): the seat's hand, the partners still in the
market, an offer form (cards to give, what each is said to be, what is asked for), the
offers received with Accept / Reject, "Done trading", and what the seat received.

Everything shown comes from the site face's ``pages.trade_page`` (made from the seat's own
view, so it cannot show another seat's hand or the truth behind a lie) and the seat's own
events; the page is for the game's players only. Orders are posted as plain HTML forms
(``static/advciv/trade.js`` adds dragging over the checkboxes) and go through the one order
path (``gamepages.give_order``) as every order does; a refusal is shown with its rule and
changes nothing.
"""
from __future__ import annotations

import re
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from ....platform.play.gamepages import (Game, Viewer, game_page, give_order, new_client_key, own_events,
                                         page_context, viewer)
from ....platform.talk import pages as talk_pages
from ..site import pages

#: Most cards a player may ask for in one offer (a hand rarely holds more).
MAX_EXPECT = 12
#: Most cards listed in one side (guards the form against junk).
MAX_FIELD = 64


def _page_data(v: Viewer) -> dict[str, Any] | None:
    if v.seat is None or v.state is None or v.game.is_finished:
        return None
    return pages.trade_page(v.state, v.seat)


def received_events(game: Game, seat: int) -> list[str]:
    """What the seat received in completed trades: the texts of its own hand-over events."""
    return own_events(game, seat, "trade_private")


def _refused(request: HttpRequest, v: Viewer, why: str, status: int) -> HttpResponse:
    ctx = page_context(request, v, "trade")
    ctx.update({"data": None, "error": {"message": why}, "allowed": False})
    return render(request, "advciv/trade.html", ctx, status=status)


def _talk(request: HttpRequest, v: Viewer) -> talk_pages.FromTalk | None:
    """The conversation of the table talk the offer is made from (``?talk=``, SITE-CHAT-03)."""
    return talk_pages.conversation_for(v, request.POST.get("talk") or request.GET.get("talk"))


def _render(request: HttpRequest, game: Game, *, error: dict | None = None, status: int = 200,
            posted: dict | None = None) -> HttpResponse:
    game.refresh_from_db()
    v = viewer(game, request.user)
    ctx = page_context(request, v, "trade")
    data = _page_data(v)
    talk = _talk(request, v)
    to = request.POST.get("to") or request.GET.get("to") or ""
    ctx.update({"allowed": True, "data": data, "error": error, "posted": posted or {}, "talk": talk,
                "chosen": int(to) if to.isdigit() else None,
                "client_key": new_client_key(), "revision": game.revision,
                "received": received_events(game, v.seat) if v.seat is not None else []})
    if data is not None:
        label = v.seat_label
        members = {s for s, _ in talk.others} if talk is not None else None
        ctx.update({
            "partners": [{"seat": s, "label": label(s)} for s in data["partners"]
                         if members is None or s in members],
            "made": [{**o, "label": label(o["to"])} for o in data["offers_made"]],
            "incoming": [{**o, "label": label(o["from"])} for o in data["offers_received"]],
            "expect_slots": range(max(data["min_cards"] + 1, 4)),
        })
    return render(request, "advciv/trade.html", ctx, status=status)


@require_http_methods(["GET", "POST"])
@game_page("trade page")
def trade_page(request: HttpRequest, v: Viewer) -> HttpResponse:
    """GET: the trade page of the caller's seat. POST: one of its forms (``action`` offer,
    accept, reject, withdraw or done)."""
    if v.seat is None:
        why = ("log in to trade" if not request.user.is_authenticated
               else "you have no seat in this game: only its players trade")
        return _refused(request, v, why, 403)
    if request.method == "GET":
        return _render(request, v.game)
    return _post(request, v.game, v.seat)


def _ints(values: list[str], top: int) -> list[int] | None:
    out = []
    for x in values[:MAX_FIELD]:
        if not x.isdigit() or int(x) >= top:
            return None
        out.append(int(x))
    return out if len(set(out)) == len(out) else None


def _side(request: HttpRequest, data: dict, prefix: str) -> tuple[list[str], list[str]] | str:
    """The cards given (by their place in the hand) and what each is said to be."""
    hand = data["hand"]
    chosen = _ints(request.POST.getlist(prefix + "give"), len(hand))
    if chosen is None:
        return "choose the cards you give from your hand"
    give = [hand[i]["id"] for i in chosen]
    said = [request.POST.get(f"{prefix}said_{i}", "")[:MAX_FIELD] or hand[i]["id"] for i in chosen]
    return give, said


def _post(request: HttpRequest, game: Game, seat: int) -> HttpResponse:
    v = viewer(game, request.user)
    data = _page_data(v)
    if data is None:
        return _render(request, game, status=409, error={"message": "there is no trading now"})
    action = request.POST.get("action", "")
    order: dict[str, Any]
    if action == "offer":
        to = request.POST.get("to", "")
        if not to.isdigit():
            return _render(request, game, status=400, error={"message": "choose a partner to trade with"})
        side = _side(request, data, "")
        if isinstance(side, str):
            return _render(request, game, status=400, error={"message": side})
        expect = [x[:MAX_FIELD] for x in (request.POST.get(f"expect_{k}", "") for k in range(MAX_EXPECT)) if x]
        order = {"type": "trade_offer", "to": int(to), "give": side[0], "said": side[1], "expect": expect}
        talk = _talk(request, viewer(game, request.user))
        if talk is not None:  # made from a conversation: it holds the offer (SITE-CHAT-03)
            rev = request.POST.get("revision", "")
            key = request.POST.get("client_key", "")
            return talk_pages.give_order(
                request, viewer(game, request.user), talk, order, text=request.POST.get("talk_text", "")[:2000],
                key=key if re.fullmatch(r"[A-Za-z0-9_.:-]{1,64}", key) else None,
                revision=int(rev) if rev.isdigit() else None,
                again=lambda error, status: _render(request, game, status=status, error=error))
    elif action == "accept":
        oid = request.POST.get("offer", "")
        if not oid.isdigit():
            return _render(request, game, status=400, error={"message": "choose an offer"})
        side = _side(request, data, f"a{oid}_")
        if isinstance(side, str):
            return _render(request, game, status=400, error={"message": side})
        order = {"type": "trade_accept", "offer": int(oid), "give": side[0], "said": side[1], "expect": []}
    elif action in ("reject", "withdraw"):
        oid = request.POST.get("offer", "")
        if not oid.isdigit():
            return _render(request, game, status=400, error={"message": "choose an offer"})
        order = {"type": "trade_withdraw", "offer": int(oid)}
    elif action == "done":
        order = {"type": "trade_done"}
    else:
        return _render(request, game, status=400, error={"message": "unknown trade form"})
    rev = request.POST.get("revision", "")
    key = request.POST.get("client_key", "")
    key = key if re.fullmatch(r"[A-Za-z0-9_.:-]{1,64}", key) else None
    return _submit(request, game, seat, order, key, int(rev) if rev.isdigit() else None)


def _submit(request: HttpRequest, game: Game, seat: int, order: dict, key: str | None,
            revision: int | None) -> HttpResponse:
    """The one order path, as the game page's (``gamepages.give_order``), back to this page."""
    return give_order(request, game, seat, order, key=key, revision=revision,
                      back=reverse("advciv:trade", args=[game.pk]),
                      again=lambda error, status: _render(request, game, status=status, error=error))
