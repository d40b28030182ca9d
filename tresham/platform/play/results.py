"""A finished game's result as people read it (SITE-TABLE-14): the places, the points and the
winner named, on the game page (``play/_result.html``), in the lobby's Completed tab (with the
viewer's own place) and in the game-over mail, each linking the replay.

The places are the rules' (``GameRules.result``, 1 = first, equal scores share a place); the
points those that decided them (``Offers.final_scores``, else the public ``summary``'s); the
seats' names the summary's. Whoever reads it may: the game is over, nothing is secret.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.urls import NoReverseMatch, reverse

from ...games.contract import GameRules


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass
class Placing:
    """One seat's line of the result."""

    place: int
    seat: int
    name: str  # the seat's name in the game ("Babylon")
    player: str  # "alice", "bot"
    points: int | None

    @property
    def label(self) -> str:
        """"Babylon (alice)"."""
        return f"{self.name} ({self.player})" if self.player and self.player != self.name else self.name


@dataclass
class Result:
    """A finished game's places, best first, and what its pages and mails say of them."""

    placings: list[Placing] = field(default_factory=list)
    points_word: str = "points"
    replay_url: str = ""  # the replay page ("" for a game without one)

    @property
    def winners(self) -> list[Placing]:
        return [p for p in self.placings if p.place == 1]

    @property
    def headline(self) -> str:
        """"Won by Babylon (alice) with 1,650 victory points"; "Won by A (x) and B (y),
        sharing first place with 1,650 victory points" when they tie."""
        won = self.winners
        if not won:
            return "The game is over."
        names = _and([p.label for p in won])
        pts = won[0].points
        tail = f" with {pts:,} {self.points_word}" if pts is not None else ""
        if len(won) > 1:
            return f"Won by {names}, sharing first place{tail}"
        return f"Won by {names}{tail}"

    def of_seat(self, seat: int | None) -> Placing | None:
        return next((p for p in self.placings if p.seat == seat), None) if seat is not None else None

    def your_place(self, seat: int | None) -> str:
        """"You came 2nd of 3" (", sharing it" on a tie); "You won" for a winner; "" for
        someone without a seat in the game."""
        mine = self.of_seat(seat)
        if mine is None:
            return ""
        shared = sum(1 for p in self.placings if p.place == mine.place) > 1
        if mine.place == 1:
            return "You won, sharing first place" if shared else "You won"
        return f"You came {ordinal(mine.place)} of {len(self.placings)}" + (", sharing it" if shared else "")


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def result_of(game, rules: GameRules, state: Any, players: Mapping[int, str]) -> Result | None:
    """The result of the finished game ``game`` from its final ``state`` (None while it is
    played); ``players``: who played each seat ("alice", "bot"), by seat."""
    if state is None or not game.is_finished:
        return None
    places = rules.result(state) or []
    if not places:
        return None
    summary = {r.seat: r for r in rules.summary(state)}
    scores = rules.offers.final_scores(state) if rules.offers.final_scores is not None else None
    rows = []
    for seat, place in enumerate(places):
        row = summary.get(seat)
        points = scores[seat] if scores else (row.points if row is not None else None)
        rows.append(Placing(place, seat, row.name if row is not None else f"Seat {seat + 1}",
                            players.get(seat, ""), points))
    rows.sort(key=lambda p: (p.place, p.seat))
    return Result(rows, rules.offers.words["final_points"], replay_url(game, rules))


def replay_url(game, rules: GameRules) -> str:
    """The replay page's path, "" for a game that has none."""
    if rules.offers.replay is None:
        return ""
    try:
        return reverse("play:replay", args=[game.pk])
    except NoReverseMatch:  # pragma: no cover - the play app is always installed
        return ""


def seat_players(game) -> dict[int, str]:
    """Who played each seat of ``game`` as the result names him: his display name, "bot"."""
    seats = getattr(game, "_seats_kept", None) or game.seats.all()  # a page's kept seats, or a list's prefetched
    return {s.index: ("bot" if s.is_bot else s.label) for s in seats}
