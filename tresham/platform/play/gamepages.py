"""What every page of a game shares, public for the games' own web apps (issue 23): a game's
page imports these, never the platform's views.

- the game as one person may see it: :class:`Viewer`, :func:`viewer`, the seats' rows, the
  public standing (:func:`summary_table`), the final places;
- a page's frame: :func:`page_context` (the action bar, :mod:`.actionbar`; the top panel with
  the game's links, :func:`nav`, the seat's Reset and Done, the deadlines), and the 404 pages (:func:`not_found`,
  :func:`missing_page`);
- :func:`game_page`, the decorator of a game's own page (``Offers.pages``): the game loaded,
  its 404s;
- :func:`give_order`, the one order path (``services.submit``) for a page's form, its
  refusals shown on the page, with ``new_client_key`` (a form's key: a double click applies
  nothing twice); :func:`see_other`; :func:`own_events`, a seat's own events;
- :class:`Game`, the game's row (``play.models.Game``), for the pages' annotations.

The templates a game's page extends or includes: ``play/gamepage.html`` (the site's layout
with the game's panel; blocks ``title``, ``page_head`` and ``page``), ``play/_refusal.html``
(an order refused: ``error``), ``play/_table.html`` (a ``Table``: ``table``, ``table_id``),
``play/_unseen.html`` (nothing of the game is shown before its placement is complete).
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from ...games import registry
from ...games.contract import AlreadyDone, GameRules, IllegalOrder, Table
from ..errors import Refusal
from . import hooks, services, visibility
from .actionbar import action_bar
from .forms import CommandForm, new_client_key
from .models import EventRecord, Game, Seat


@dataclass
class SeatRow:
    """One place at the table as everybody may see it."""

    index: int
    player: str  # the person's display name, "Bot" or "(open seat)"
    is_bot: bool
    is_open: bool
    you: bool
    name: str = ""  # the seat's name in the game, once it has one
    waiting: bool = False  # the game waits on a decision of this seat
    level: str = ""  # a bot seat's level, as people read it ("Heuristic", SITE-BOT-05)

    @property
    def bot_words(self) -> str:
        """"Bot (computer player, Heuristic)": a bot seat as the pages show it."""
        return f"Bot (computer player{', ' + self.level if self.level else ''})"

    @property
    def number(self) -> int:
        return self.index + 1

    @property
    def label(self) -> str:
        """"<seat's name> (alice)", "<seat's name> (bot)": how the pages name a seat."""
        who = "bot" if self.is_bot else self.player
        return f"{self.name} ({who})" if self.name else f"Seat {self.number} ({who})"


@dataclass
class Viewer:
    """A game as one person may see it: his seat (None: a visitor), the current state (read
    here only to ask the rules) and his own view of it."""

    game: Game
    rules: GameRules
    seat: int | None
    state: Any | None
    view: dict[str, Any] | None
    #: the game's state may be shown to him (``visibility.sees_game``): his own game, or
    #: past initial placement
    shown: bool
    seats: list[SeatRow] = field(default_factory=list)

    @property
    def started(self) -> bool:
        return self.state is not None

    @property
    def words(self) -> Mapping[str, Any]:
        """The site's words for this game's things (``Offers.words``)."""
        return self.rules.offers.words

    def seat_name(self, index: int) -> str:
        """The seat's name in the game, or "Seat 2" before it has one."""
        for s in self.seats:
            if s.index == index and s.name:
                return s.name
        return f"Seat {index + 1}"

    def seat_label(self, index: int | None) -> str:
        for s in self.seats:
            if s.index == index:
                return s.label
        return "the site" if index is None else f"Seat {index + 1}"


def viewer(game: Game, user) -> Viewer:
    """Everything a page needs to know about ``game`` for ``user`` (anyone)."""
    rules = services.rules_of(game)
    seat = services.seat_among(game.keep_seats(), user)  # the seats read once for the whole page
    state = rules.loads(game.state) if game.state else None
    view = rules.view(state, seat) if state is not None else None
    shown = state is not None and visibility.sees_game(game, rules, state, seat)
    v = Viewer(game, rules, seat, state, view, shown)
    v.seats = seat_rows(v)
    return v


def seat_rows(v: Viewer) -> list[SeatRow]:
    """The seats with their players (bots marked), their names in the game and whether the
    game waits on them (who only: a decision's contents are its seat's own)."""
    names: dict[int, str] = {}
    waiting: set[int] = set()
    if v.state is not None:
        names = {r.seat: r.name for r in v.rules.summary(v.state)}
        if not v.game.is_finished:
            waiting = {d.player for d in v.rules.pending(v.state) if d.required}
    rows = []
    for s in v.game.seats_now():
        level = s.level
        rows.append(SeatRow(s.index, "Bot" if s.is_bot else s.label, s.is_bot,
                            s.status == Seat.Status.OPEN, s.index == v.seat,
                            names.get(s.index, "") if v.shown else "", s.index in waiting,
                            level.label if level is not None else ""))
    return rows


def summary_table(v: Viewer) -> Table:
    """The public standing of every seat (``rules.summary``), in the rules' order (e.g. by a
    public score, SITE-AST-03), columns as the rules give."""
    rows = v.rules.summary(v.state) if v.state is not None else []
    columns: list[str] = []
    for r in rows:
        columns += [c for c in r.columns if c not in columns]
    by_index = {s.index: s for s in v.seats}
    table = Table("Public summary", [v.words["side"], "Player"] + columns)
    for r in rows:
        s = by_index.get(r.seat)
        who = "" if s is None else (s.bot_words if s.is_bot else s.player)
        table.rows.append([r.name, who] + [r.columns.get(c, "") for c in columns])
    return table


@dataclass
class NavLink:
    key: str
    label: str
    href: str
    current: bool


def nav(v: Viewer, section: str) -> list[NavLink]:
    """The game's top panel: its sections (SITE-GEN-02) and the help pages (SITE-GEN-06).
    The game's own pages (``Offers.pages``) follow the map, each as the game names it; the
    replay (``Offers.replay``) is linked once the game is over."""
    pk = v.game.pk
    game_url = reverse("play:game", args=[pk])
    offers = v.rules.offers
    links = [("game", "Map and orders", game_url)]
    links += [(p.name, p.title, reverse(p.url, args=[pk])) for p in offers.pages]
    links.append(("history", "History", reverse("play:history", args=[pk])))
    if v.game.is_finished and offers.replay is not None:  # every hand revealed: only after the end
        links.append(("replay", "Replay", reverse("play:replay", args=[pk])))
    links += [("messages", "Messages", reverse("play:messages", args=[pk])),
              ("lobby", "Seats and options", reverse("lobby:game", args=[pk])),
              ("help", "Help", help_url("help:playing", v.game.kind))]
    return [NavLink(k, label, href, k == section) for k, label, href in links]


def help_url(name: str, kind: str) -> str:
    """A help page about the game ``kind``: the site's default game's without a query."""
    url = reverse(name)
    return url if kind == registry.default_name() else f"{url}?game={kind}"


def final_places(v: Viewer) -> list[tuple[int, str]]:
    """A finished game's places (1 = first; equal scores share a place) with the seats."""
    if v.state is None or not v.game.is_finished:
        return []
    places = v.rules.result(v.state) or []
    return sorted(((p, v.seat_label(i)) for i, p in enumerate(places)), key=lambda x: x[0])


def commands(v: Viewer) -> dict[str, dict]:
    """The Reset/Done orders the viewer's seat has now (SITE-GEN-05)."""
    offered = v.rules.offers.commands
    if offered is None or v.seat is None or v.state is None or v.game.status != Game.Status.ACTIVE:
        return {}
    return offered(v.state, v.seat)


@dataclass
class DeadlineRow:
    """A seat's current deadline as the pages show it (the moment is rendered in the viewer's
    own time zone by the templates)."""

    seat: int
    label: str  # "<seat's name> (alice)"
    at: Any
    yours: bool


def deadline_rows(v: Viewer, deadlines) -> list[DeadlineRow]:
    """Each seat's current deadline (public: who the game waits on, and until when)."""
    return [DeadlineRow(d.seat, v.seat_label(d.seat), d.at, d.seat == v.seat) for d in deadlines.seats]


def page_context(request: HttpRequest, v: Viewer, section: str) -> dict[str, Any]:
    """What every page of a game shows around its own part (``play/gamepage.html``): the viewer
    ``v``, the top panel with its links (``section``: the current one), the seat's Reset and
    Done, the deadlines in the viewer's time zone, and the action bar above them (SITE-TABLE-01:
    what the viewer must do now, ``actionbar.action_bar``)."""
    deadlines = hooks.clock().deadlines(v.game)
    return {"v": v, "game": v.game, "nav": nav(v, section), "section": section,
            "action_bar": action_bar(v, deadlines),
            "commands": commands(v), "command_form": CommandForm(initial={
                "client_key": new_client_key(), "revision": v.game.revision}),
            "deadlines": deadlines, "deadline_rows": deadline_rows(v, deadlines),
            "your_deadline": deadlines.of_seat(v.seat) if v.seat is not None else None,
            "zone_name": timezone.get_current_timezone_name()}


def find_game(pk: int) -> Game | None:
    """The game ``pk``, None if there is none."""
    return Game.objects.filter(pk=pk).first()


def not_found(request: HttpRequest, pk: int) -> HttpResponse:
    """The 404 page of a game that does not exist."""
    return render(request, "play/not_found.html", {"pk": pk}, status=404)


def see_other(url: str) -> HttpResponseRedirect:
    """Post/redirect/get: 303 so that reloading the page never posts again."""
    return HttpResponseRedirect(url, status=303)


def missing_page(request: HttpRequest, v: Viewer, noun: str) -> HttpResponse:
    """The 404 of a game's own page for a game that has no such page (its panel does not link
    it either): "<game> has no <noun>"."""
    ctx = page_context(request, v, "")
    ctx["page_title"] = noun
    return render(request, "play/page_unavailable.html", ctx, status=404)


def game_page(noun: str) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """The decorator of a view of one of a game's own pages (``Offers.pages``), served at
    ``games/<id:pk>/...`` by the game's web app: the view is called as ``view(request, v)`` with
    the game as the caller may see it, after a 404 page for a game that does not exist and a
    404 saying "<game> has no <noun>" for a game whose pages do not include the one this
    address serves (found by its URL name, ``Page.url``)."""
    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @functools.wraps(view)
        def page(request: HttpRequest, pk: int) -> HttpResponse:
            game = find_game(pk)
            if game is None:
                return not_found(request, pk)
            v = viewer(game, request.user)
            name = request.resolver_match.view_name if request.resolver_match else ""
            if not any(p.url == name for p in v.rules.offers.pages):
                return missing_page(request, v, noun)
            return view(request, v)
        return page
    return decorate


def refusal(e: IllegalOrder, order: dict | None) -> dict[str, Any]:
    """A page's ``error`` for an order the rules refuse: its rule and message, and for one
    item of a batch refused (SITE-TABLE-07) ``part``, ``index``, ``reason`` and the ``order``
    refused, so that the page keeps the other items entered and marks that one."""
    out: dict[str, Any] = {"rule": e.rule, "message": e.message}
    if e.part is not None:
        out.update(part=e.part, index=e.index, reason=e.reason or e.message, order=order)
    return out


def give_order(request: HttpRequest, game: Game, seat: int, order: dict, *, key: str | None,
               revision: int | None, back: str, again: Callable[[dict[str, str], int], HttpResponse]
               ) -> HttpResponse:
    """The one order path (``services.submit``) for a form of a game's page: accepted, or a
    repeat that changes nothing (SITE-SAFE-10, not logged), or a double click already accepted
    -> a message and 303 to ``back``; refused -> ``again(error, status)``, the page again with
    the error and nothing changed: 400 with the rule, 409 when the game moved on, a refusal's
    own status (403, 409, 429 ...)."""
    try:
        out = services.submit(game.pk, order, seat=seat, account=request.user, client_key=key,
                              revision=revision)
    except AlreadyDone as e:  # SITE-SAFE-10: a repeat that changes nothing; not logged
        messages.info(request, f"Already done: {e.message}. Nothing was sent again.")
        return see_other(back)
    except IllegalOrder as e:
        return again(refusal(e, order), 400)
    except services.Stale:
        return again({"code": "stale", "message": "The game has changed since you looked: look again, "
                                                  "and send your order again if it still stands."}, 409)
    except Refusal as e:
        return again({"message": e.message}, e.status)
    if out.replayed:
        messages.info(request, f"This order had already been accepted (revision {out.revision}): "
                               "it was not applied a second time.")
    else:
        messages.success(request, f"Order accepted: the game is at revision {out.revision}.")
    return see_other(back)


def own_events(game: Game, seat: int, kind: str) -> list[str]:
    """The texts of the game's events of ``kind`` told to ``seat`` alone or among others (never
    a public one), newest first."""
    rows = EventRecord.objects.filter(game=game, kind=kind).order_by("-seq", "-n")
    return [r.text for r in rows if r.to is not None and seat in r.to]
