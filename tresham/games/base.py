"""What the platform knows of a game: orders, decisions, events and errors.

Nothing here knows of any particular game; Advanced Civilization and its family implement
:class:`GameRules`, and the server, lobby, deadlines and rankings only use this interface.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


class IllegalOrder(Exception):
    """An order the rules refuse. ``rule`` names the rule (e.g. "23.51"), ``message`` says why."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"§{rule}: {message}" if rule else message)


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
    """

    player: int
    kind: str
    prompt: str
    required: bool = True
    default: str = ""
    deadline_factor: float = 1.0
    options: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {
            "player": self.player,
            "kind": self.kind,
            "prompt": self.prompt,
            "required": self.required,
            "default": self.default,
            "deadline_factor": self.deadline_factor,
            "options": self.options,
        }


class GameRules(Protocol):
    """The interface between a game of the family and the platform."""

    name: str

    def new_game(self, options: dict, seed: int | str) -> Any: ...

    def apply(self, state: Any, order: dict) -> tuple[Any, list[Event]]: ...

    def pending(self, state: Any) -> list[Decision]: ...

    def default(self, state: Any, player: int) -> dict: ...

    def view(self, state: Any, player: int | None) -> dict: ...

    def result(self, state: Any) -> list[int] | None:
        """Final places by seat (1 = first) once the game is over, else None."""
        ...
