"""The plain values a game and the platform exchange: events, decisions, timers, mails, the
public standing of a seat, and the tables a page shows."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Event:
    """Something that happened, in words a person reads.

    ``to`` is None for a public event, otherwise the list of seats that may see it.
    """

    text: str
    kind: str = "info"
    to: list[int] | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def visible_to(self, seat: int) -> bool:
        return self.to is None or seat in self.to

    def to_json(self) -> dict:
        d: dict[str, Any] = {"text": self.text, "kind": self.kind}
        if self.to is not None:
            d["to"] = list(self.to)
        if self.data:
            d["data"] = self.data
        return d


@dataclass(slots=True)
class Decision:
    """A decision a player owes (or may make early) in the current phase.

    ``required``: the game waits on it (a deadline runs); otherwise the player may enter
    orders ahead of his turn (e.g. pending movement). ``deadline_factor`` is 1.5 for the
    first player of a phase processed player by player (SITE-TIME-02).
    ``default`` describes, in words, what happens when the deadline passes.
    ``timed``: the player has a deadline of his own; False when the game's timers end the
    decision for everyone instead (the trade market's cutoff, SITE-MARKET-09).
    ``answer_due``: someone awaits this seat's answer although the game does not wait on it
    (an offer made to a player who has left the trade market): a bot holding the seat is
    asked now (SITE-BOT-01); a person is not chased.
    """

    player: int
    kind: str
    prompt: str
    required: bool = True
    default: str = ""
    deadline_factor: float = 1.0
    options: dict[str, Any] = field(default_factory=dict)
    timed: bool = True
    answer_due: bool = False

    def to_json(self) -> dict:
        return {
            "player": self.player,
            "kind": self.kind,
            "prompt": self.prompt,
            "required": self.required,
            "default": self.default,
            "deadline_factor": self.deadline_factor,
            "options": self.options,
            "timed": self.timed,
            "answer_due": self.answer_due,
        }


@dataclass(slots=True)
class Timer:
    """An order the site's clock gives at a time the game states in units of its
    time limit, counted from when the timer first appears (e.g. the end of the trade
    embargo after half a limit, SITE-MARKET-01, and the market's cutoff after players x
    limit, SITE-MARKET-03).

    ``key`` names the timer while it runs (a new key is a new timer); ``seats``: players
    whose availability moves it, each examined once in this order (SITE-AVAIL-03); empty:
    nobody's."""

    key: str
    order: dict[str, Any]
    limits: float
    seats: list[int] = field(default_factory=list)
    label: str = ""


@dataclass(slots=True)
class MailEvent:
    """A public event the players are told of by mail (for Advanced Civilization: a trade's
    public message, SITE-TRADE-13): the event (public), a short ``title`` for the mail's
    subject, and the seats not mailed (``skip``: those who took part know it already)."""

    event: Event
    title: str
    skip: list[int] = field(default_factory=list)


@dataclass(slots=True)
class SeatSummary:
    """One seat's public standing, for lists, mails and the end of a game.

    ``points``: the public score (for Advanced Civilization, Total Public Points,
    SITE-AST-03); None while the game keeps the scores secret (Tigris & Euphrates' hidden
    scoring): then the rows come in seat order and the site shows no places or scores for
    them; ``columns``: more public figures by label, in display order."""

    seat: int
    name: str
    points: int | None
    columns: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Table:
    """A table people read on a page: a caption, column headings, rows of cells (text or
    numbers), each row as long as ``columns``."""

    caption: str
    columns: list[str]
    rows: list[list[Any]] = field(default_factory=list)


@dataclass(slots=True)
class ReplaySection:
    """One section of a game's post-game replay page (``Replay.tables``): its
    ``id`` (the page's anchor, e.g. "turn-3"), a ``title``, a ``note`` (a sentence, "" for
    none) and its tables, whose first column names the row (a seat, a colour...)."""

    id: str
    title: str
    tables: list[Table] = field(default_factory=list)
    note: str = ""
