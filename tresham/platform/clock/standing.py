"""Standing orders, the site's side: a seat's holder sets, clears and lists what the site
does when his deadline passes, per kind of decision (the worker applies them,
``worker._timeout``).

The kinds and the checks are the game's own (``Offers.standing``: ``Standing.kinds``, narrowed
to a game's options by ``kinds_for`` where the game has it, ``parse``, ``schema``): a spec the
game refuses is refused here, with the game's words, and nothing is stored. Only the seat's holder sees or changes its standing
orders, and only while he holds it: they go when the seat changes hands
(``absence._vacate``), and the worker applies only those of the seat's current holder.
Each change runs under the game's row lock, and a seat has one row per kind (a unique
constraint), so concurrent requests never store two.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from ...games.contract import GameRules, IllegalOrder
from ..errors import Refusal
from ..play import services
from ..play.models import Game, Seat
from .models import Due, StandingOrder


class UnknownKind(Refusal):
    status, code = 404, "no_such_kind"


class BadStandingOrder(Refusal):
    """The game refuses the spec; ``rule``: the rule it cites, if any."""

    status, code = 400, "bad_standing_order"

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


@dataclass
class Entry:
    """One kind of decision on the standing-orders page and in the API."""

    kind: str
    text: str  # what a standing order for it can say
    spec: dict[str, Any] | None  # the stored spec; None: the site's default applies
    updated_at: dt.datetime | None
    schema: dict[str, Any]


def kinds_of(rules: GameRules, options: dict | None = None) -> dict[str, str]:
    """The kinds of decision a standing order can answer in this game ({} for a game without
    standing orders): with a game's ``options``, only those its options give
    (``Standing.kinds_for``, for a game that narrows them); without, every kind the game has."""
    offered = rules.offers.standing
    if offered is None:
        return {}
    if options is not None and offered.kinds_for is not None:
        return dict(offered.kinds_for(dict(options)))
    return dict(offered.kinds())


def title_of(rules: GameRules, kind: str) -> str:
    """A kind's name in words: the head of its sentence ("Buying cards"), or the kind."""
    head, colon, _ = kinds_of(rules).get(kind, "").partition(":")
    return head if colon else kind


def schemas_of(rules: GameRules) -> dict[str, dict]:
    offered = rules.offers.standing
    return dict(offered.schema()) if offered is not None else {}


def holder_seat(game: Game, user) -> Seat:
    """The seat ``user`` holds in ``game``; NotYourSeat (403) for anyone else."""
    if user is None or not user.is_authenticated:
        raise services.NotYourSeat("log in first: only a seat's holder sees or sets its standing orders")
    seat = game.seats.filter(user=user, status=Seat.Status.PLAYING).first()
    if seat is None:
        raise services.NotYourSeat("you hold no seat in this game: only a seat's holder sees or sets "
                                   "its standing orders")
    return seat


def entries(game: Game, user) -> list[Entry]:
    """Every kind with the caller's standing order for it (his seat's only)."""
    seat = holder_seat(game, user)
    rules = services.rules_of(game)
    schemas = schemas_of(rules)
    stored = {s.kind: s for s in StandingOrder.objects.filter(game=game, seat=seat.index, user=user)}
    return [Entry(kind, text, stored[kind].spec if kind in stored else None,
                  stored[kind].updated_at if kind in stored else None, schemas.get(kind, {}))
            for kind, text in kinds_of(rules, game.options).items()]


def _check(game: Game, user, kind: Any) -> tuple[Seat, GameRules]:
    """Inside the game's lock: the caller's seat and the rules, or why not."""
    seat = holder_seat(game, user)
    if game.status == Game.Status.FINISHED:
        raise services.GameOver("the game is over: standing orders no longer apply")
    rules = services.rules_of(game)
    kinds = kinds_of(rules, game.options)
    if not isinstance(kind, str) or kind not in kinds:
        raise UnknownKind(f"no standing order answers {str(kind)[:40]!r} decisions in this game"
                          + (f"; the kinds are {', '.join(kinds)}" if kinds else ""))
    return seat, rules


def set_order(game_id: int, user, kind: str, spec: Any) -> StandingOrder:
    """Store (or replace) the caller's standing order for ``kind`` decisions, checked by the
    game; BadStandingOrder (400) with the game's message, and nothing stored, if it refuses."""
    with transaction.atomic():
        game = services.lock(game_id)
        seat, rules = _check(game, user, kind)
        try:
            normal = rules.offers.standing.parse(kind, spec)
        except IllegalOrder as e:
            raise BadStandingOrder(e.message, e.rule) from None
        row, _ = StandingOrder.objects.update_or_create(
            game=game, seat=seat.index, kind=kind, defaults={"user": user, "spec": normal})
        return row


def clear_order(game_id: int, user, kind: str) -> bool:
    """Remove the caller's standing order for ``kind`` decisions; gives whether there was one."""
    with transaction.atomic():
        game = services.lock(game_id)
        seat, _ = _check(game, user, kind)
        n, _ = StandingOrder.objects.filter(game=game, seat=seat.index, kind=kind).delete()
        return n > 0


def first_due(game: Game, row: Due, now: dt.datetime) -> Due:
    """Of the seat's decisions whose deadlines have passed, the one the worker takes first:
    one with a standing order of the seat's holder, if any. The site's default for one
    decision may settle another owed at the same time (an Epidemic's victim owes his own
    losses and the division of the others'; the default decides both), so a standing order
    for the second must be applied before the default of the first."""
    if row.action != Due.Action.TIMEOUT or row.seat is None:
        return row
    seat = game.seats.filter(index=row.seat).first()
    if seat is None or seat.user_id is None:
        return row
    kinds = set(StandingOrder.objects.filter(game=game, seat=row.seat, user_id=seat.user_id)
                .values_list("kind", flat=True))
    if not kinds or row.decision in kinds:
        return row
    other = (Due.objects.filter(game=game, seat=row.seat, action=Due.Action.TIMEOUT, due_at__lte=now,
                                decision__in=kinds).order_by("due_at", "pk").first())
    return other or row
