"""The action bar at the top of every page of a game (SITE-TABLE-01): in one sentence, the one
thing the viewer must do now, with his deadline as a countdown and as a time in his own zone and a
link to the decision; "You are done; waiting for ..." when he owes nothing; for a spectator or a
visitor, the game's stage and whom it waits on; a finished game's result.

Made from the contract alone (``rules.pending``, ``stage``, ``result``, ``summary``) and the
clock's deadlines, as plain data; drawn by ``play/_action_bar.html`` (included by the game's top
panel, ``play/_panel.html``) and kept counting by ``static/tresham/countdown.js``. Without
script the deadline still reads right: the absolute time, in the viewer's time zone.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils import timezone

from .models import Game


@dataclass(frozen=True)
class ActionBar:
    """What the bar says. ``state``: "owe" (the viewer's seat owes a decision), "early" (he owes
    nothing but may enter an order ahead of his turn), "done" (he owes nothing), "watch" (a
    spectator or a visitor), "over" (the game is finished) or "open" (it waits for players).
    ``text``: the sentence; ``due``: the deadline it counts down to (None: none runs), ``due_label``
    what the countdown is of ("due", "next deadline"); ``link`` / ``link_label``: where to act
    ("" for nothing to act on)."""

    state: str
    text: str
    due: dt.datetime | None = None
    due_label: str = ""
    link: str = ""
    link_label: str = ""

    @property
    def countdown(self) -> str:
        """The time left to ``due`` in words, as the page is made ("in 5 h 12 min");
        countdown.js keeps it current."""
        return time_left(self.due) if self.due is not None else ""


def time_left(at: dt.datetime, now: dt.datetime | None = None) -> str:
    """The time from ``now`` to ``at`` in words: "in 2 days 5 h", "in 5 h 12 min", "in 7 min",
    "in 40 s", "now" once it has passed. The same words as countdown.js."""
    secs = int((at - (now or timezone.now())).total_seconds())
    if secs <= 0:
        return "now"
    days, rest = divmod(secs, 86400)
    hours, rest = divmod(rest, 3600)
    mins, s = divmod(rest, 60)
    if days:
        return f"in {days} day{'s' if days != 1 else ''}" + (f" {hours} h" if hours else "")
    if hours:
        return f"in {hours} h" + (f" {mins} min" if mins else "")
    if mins >= 10:
        return f"in {mins} min"
    if mins:
        return f"in {mins} min {s} s"
    return f"in {s} s"


def names(labels: list[str]) -> str:
    """"Egypt", "Egypt and Crete", "Egypt, Crete and Thrace"."""
    if len(labels) <= 1:
        return "".join(labels)
    return ", ".join(labels[:-1]) + " and " + labels[-1]


def _sentence(prompt: str) -> str:
    prompt = prompt.strip()
    return prompt[:1].upper() + prompt[1:] if prompt else "Your decision"


def action_bar(v: Any, deadlines: Any) -> ActionBar:
    """The bar of the game ``v`` (a ``gamepages.Viewer``) for its viewer, with the game's
    running ``deadlines`` (``clock.shown.GameDeadlines``)."""
    game: Game = v.game
    pk = game.pk
    if game.is_finished:
        return _result(v)
    if v.state is None:
        taken = sum(1 for s in v.seats if not s.is_open)
        return ActionBar("open", f"Waiting for players: {taken} of {len(v.seats)} seats taken.",
                         link=reverse("lobby:game", args=[pk]), link_label="Seats")
    waiting = [s for s in v.seats if s.waiting]
    waited = names([s.name or s.label for s in waiting if s.index != v.seat])
    decisions = v.rules.pending(v.state) if v.seat is not None else []
    own = [d for d in decisions if d.player == v.seat]
    owed = [d for d in own if d.required]
    decide = reverse("play:game", args=[pk]) + "#decisions"
    if owed:
        text = _sentence(owed[0].prompt)
        if len(owed) > 1:
            text += f" (and {len(owed) - 1} more decision{'s' if len(owed) > 2 else ''})"
        mine = deadlines.of_seat(v.seat) if deadlines.timed else None
        if mine is not None:
            return ActionBar("owe", text, mine.at, "due", decide, "Go to your decision")
        # no deadline of his own: the game's timers end the decision for everyone (the trade
        # market's cutoff), the last of them is his
        last = max(deadlines.timers, key=lambda t: t.at, default=None) if deadlines.timed else None
        return ActionBar("owe", text, last.at if last else None, last.label if last else "", decide,
                         "Go to your decision")
    nxt, nxt_label = None, ""
    if deadlines.timed and deadlines.seats:
        nxt, nxt_label = min(d.at for d in deadlines.seats), "next deadline"
    elif deadlines.timed and deadlines.timers:  # only the game's timers run (the trade market)
        first = min(deadlines.timers, key=lambda t: t.at)
        nxt, nxt_label = first.at, first.label
    after = f"waiting for {waited}" if waited else "the game moves on by itself"
    if v.seat is not None and own:
        return ActionBar("early", f"You are done; {after}. Open to you meanwhile: "
                                  f"{_sentence(own[0].prompt).rstrip('.')}.", link=decide, link_label="Go to it")
    if v.seat is not None:  # the others' deadlines are theirs (the panel says none of his runs)
        return ActionBar("done", f"You are done; {after}.")
    return ActionBar("watch", f"{v.rules.stage(v.state)}: {after}.", nxt, nxt_label)


def _result(v: Any) -> ActionBar:
    """A finished game's result: its winner(s) with their points when public, then the others'
    places."""
    if v.state is None:
        return ActionBar("over", "The game is over.")
    places = v.rules.result(v.state) or []
    points = {r.seat: r.points for r in v.rules.summary(v.state)}
    by_place: dict[int, list[int]] = {}
    for seat, place in enumerate(places):
        by_place.setdefault(place, []).append(seat)

    def who(seat: int) -> str:
        p = points.get(seat)
        return v.seat_label(seat) + (f" with {p} points" if p is not None else "")

    if not by_place:
        return ActionBar("over", "The game is over.")
    top = min(by_place)
    first = by_place[top]
    if len(first) == 1:
        text = f"Game over: {who(first[0])} won."
    else:
        text = f"Game over: {names([who(s) for s in first])} share first place."
    rest = [f"{_ordinal(p)}: {names([who(s) for s in by_place[p]])}" for p in sorted(by_place) if p != top]
    if rest:
        text += " Then " + "; ".join(rest) + "."
    if v.seat is not None and places and v.seat < len(places):
        text += f" You came {_ordinal(places[v.seat])}."
    return ActionBar("over", text)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
