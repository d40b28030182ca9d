"""A finished game's record for the rankings, read from the platform's own rows: each seat's
place (``GameRules.result``), its side (the name in ``GameRules.summary``: a nation,
a dynasty ...), who played it to the end and who abandoned it (``Tenure``)."""
from __future__ import annotations

from typing import Any

from ..play.models import Game, Seat, Tenure
from .compute import SeatRecord

#: the ways a tenure ends that abandon a seat (SITE-RANK-07, SITE-REMOVE-04)
ABANDONED = (Tenure.End.QUIT, Tenure.End.REMOVED)


def occupant(seat: Seat) -> tuple[str, str] | None:
    """Who finished the seat: the bot, rated as its level ("heuristic": each level of the
    game's bot is a player of its own, SITE-BOT-04; "bot" for a game without levels), its
    player, or nobody."""
    if seat.is_bot:
        level = seat.level
        return ("bot", level.key if level is not None else "bot")
    if seat.user_id is not None and seat.status in (Seat.Status.PLAYING, Seat.Status.DEPARTED):
        return ("person", str(seat.user_id))
    return None


def game_record(game: Game, rules: Any, state: Any) -> list[SeatRecord]:
    """The seats of a finished game as the rankings rate them ([] when it has no result)."""
    places = rules.result(state)
    if not places:
        return []
    sides = {s.seat: s.name for s in rules.summary(state)}
    left: dict[int, list[str]] = {}
    for t in Tenure.objects.filter(game=game, ended__in=ABANDONED, user__isnull=False).order_by("started_at", "pk"):
        left.setdefault(t.seat, []).append(str(t.user_id))
    out = []
    for seat in Seat.objects.filter(game=game).order_by("index"):
        out.append(SeatRecord(seat.index, int(places[seat.index]), sides.get(seat.index, f"Seat {seat.index + 1}"),
                              occupant(seat), tuple(left.get(seat.index, ()))))
    return out
