"""The history on the map (SITE-TABLE-10) and the replay's map (SITE-TABLE-14): the board as
it stood after any number of the game's accepted orders, stepped through phase by phase (or
order by order).

Step ``at`` is the state after the first ``at`` orders of the log (0: the game as dealt),
rebuilt by ``services.rebuild`` from the nearest snapshot, so one step replays fewer than
``SNAPSHOT_EVERY`` orders whatever the game's length (the latest step is the game's own row:
none). Where each phase began is read from the log itself (``LogEntry.stage``, the stage after
each order, kept by the order path): one query, no replay.

What a step shows is the public board of that moment: the pieces of ``rules.view(state,
None)`` (what a spectator saw then), never a hand, never the seed while the game is on. Once
the game is over nothing is secret any more, and the same step shows every seat's hidden
holdings of that moment besides (``Offers.hand`` of each seat's own view).

A bad ``at`` (not a whole number) is refused with a 400 (:class:`BadStep`); a number past
either end is brought to that end (docs/rulings/table.md, TBL-12).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse

from ...games.contract import IllegalOrder, Table
from ..errors import Refusal
from . import services
from .gamepages import Viewer
from .views_board import step_board

log = logging.getLogger(__name__)

#: The longest number ``at`` may be written with (anything longer is not a position).
MAX_DIGITS = 9


class BadStep(Refusal):
    status, code = 400, "bad_step"


def parse_at(raw: str | None, last: int, *, default: int) -> int:
    """The step asked for: ``raw`` (the query's ``at``) as a whole number brought within 0 ..
    ``last``; ``default`` when it is absent or empty. Anything else is a :class:`BadStep`."""
    if raw is None or raw.strip() == "":
        return default
    text = raw.strip()
    digits = text[1:] if text[:1] in "+-" else text
    if not digits.isdecimal() or not digits.isascii() or len(digits) > MAX_DIGITS:
        raise BadStep(f"“at” must be a number of orders, from 0 (the start) to {last} (now), "
                      f"not {text[:20]!r}")
    return max(0, min(int(text), last))


@dataclass
class Phase:
    """Where a stage of the game began: the step after the order that led into it."""

    at: int
    stage: str


def phase_starts(game, rules) -> list[Phase]:
    """The steps at which the game's stage changed, oldest first: 0 (the start, as dealt) and
    every order after which the stage (``LogEntry.stage``) differs from the one before. An
    order logged before the stage was kept ("") starts no phase: such a game steps order by
    order."""
    first = game.snapshots.filter(seq=0).values_list("state", flat=True).first()
    previous = rules.stage(rules.loads(first)) if first else None
    out = [Phase(0, f"The start: {previous}" if previous else "The start")]
    for seq, stage in game.log.order_by("seq").values_list("seq", "stage"):
        if stage and stage != previous:
            out.append(Phase(seq, stage))
        previous = stage or previous
    return out


@dataclass
class HandRow:
    seat: str
    cards: list[str]


@dataclass
class Step:
    """One step as the pages draw it."""

    at: int
    last: int
    stage: str = ""
    phases: list[Phase] = field(default_factory=list)
    pieces: dict | None = None
    board: Table | None = None
    hands: list[HandRow] = field(default_factory=list)
    full: bool = False  # the game is over: every hand is shown
    error: str = ""

    @property
    def label(self) -> str:
        """"Turn 3, movement (order 57 of 212)"."""
        where = "the start, before any order" if self.at == 0 else f"order {self.at} of {self.last}"
        return f"{self.stage} ({where})" if self.stage else where[:1].upper() + where[1:]

    @property
    def prev_phase(self) -> int | None:
        before = [p.at for p in self.phases if p.at < self.at]
        return before[-1] if before else None

    @property
    def next_phase(self) -> int | None:
        return next((p.at for p in self.phases if p.at > self.at), None)

    @property
    def current_phase(self) -> int:
        """The phase start at or before this step (the one the list shows as chosen)."""
        return max((p.at for p in self.phases if p.at <= self.at), default=0)

    @property
    def prev_order(self) -> int | None:
        return self.at - 1 if self.at > 0 else None

    @property
    def next_order(self) -> int | None:
        return self.at + 1 if self.at < self.last else None


def state_at(game, at: int) -> Any:
    """The state after ``at`` orders: the game's own row for the latest, else rebuilt from the
    nearest snapshot (fewer than ``SNAPSHOT_EVERY`` orders replayed)."""
    if at == game.revision:
        return services.current_state(game)
    return services.rebuild(game, at)


def step(v: Viewer, at: int) -> Step:
    """Step ``at`` of the game as ``v`` may see it: the public board, and every hand once the
    game is over. Only for a viewer the game may be shown to (``v.shown``)."""
    game, rules = v.game, v.rules
    full = game.is_finished
    s = Step(at=at, last=game.revision, phases=phase_starts(game, rules), full=full)
    try:
        state = state_at(game, at)
    except IllegalOrder as e:  # the log no longer replays (rules changed)
        log.error("game %s: its log does not replay to order %s: %s", game.pk, at, e)
        s.error = "This game's order log no longer replays with the current rules, so this step cannot be shown."
        return s
    s.stage = rules.stage(state)
    public = rules.view(state, None)
    board = rules.offers.board
    s.pieces = board.pieces(public) if board is not None else None
    s.board = rules.board_table(public)
    if full and rules.offers.hand is not None:
        for seat in v.seats:
            cards = rules.offers.hand(rules.view(state, seat.index))
            if cards is not None:
                s.hands.append(HandRow(v.seat_label(seat.index), list(cards)))
    return s


def context(v: Viewer, at: int, *, page: str) -> dict[str, Any]:
    """What the templates of the stepper (``play/_steps.html``) need: the step, the map's base
    (``views_board.step_board``), the addresses of the page (``page``: its URL name) and of the
    fragment the script fetches."""
    s = step(v, at)
    return {"step": s, "step_map": step_board(v, s.pieces) if s.pieces is not None else None,
            "step_page": reverse(page, args=[v.game.pk]),
            "step_fragment": reverse("play:steps", args=[v.game.pk]) + (
                "?page=replay" if page == "play:replay" else "?page=history")}


def put(ctx: dict[str, Any], request, v: Viewer, *, page: str, default: int) -> int:
    """Put the step of the query's ``at`` (``default`` when absent) into a page's context
    ``ctx`` (:func:`context`); gives the page's status: 400 for an ``at`` that is not a number
    (the page says why, with links to the first and the last steps)."""
    try:
        at = parse_at(request.GET.get("at"), v.game.revision, default=default)
    except BadStep as e:
        ctx.update({"step": None, "step_error": e.message, "step_page": reverse(page, args=[v.game.pk])})
        return e.status
    ctx.update(context(v, at, page=page))
    return 200
