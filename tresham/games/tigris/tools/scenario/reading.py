"""Reading a scenario: a file or a JSON document checked against the format (``schema.py``),
its first fault named in words, and the names a scenario gives seats ("bull", "1") and
squares ("B2").
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ...board import Square
from ...state import DYNASTIES
from .schema import Scenario


class ScenarioError(ValueError):
    """The scenario file itself is malformed, or describes an impossible position."""


def _explain(e: ValidationError) -> str:
    err = e.errors()[0]
    loc = ".".join(str(x) for x in err["loc"] if not str(x).startswith(("function-", "union[")))
    if err["type"] == "extra_forbidden":
        return f"{loc}: unknown key {err['loc'][-1]!r}"
    return f"{loc}: {err['msg']} (got {err.get('input')!r})"


def parse(doc: Any) -> Scenario:
    if not isinstance(doc, dict):
        raise ScenarioError("a scenario is a JSON object")
    try:
        return Scenario.model_validate(doc)
    except ValidationError as e:
        raise ScenarioError(_explain(e)) from None


def load_file(path: str | Path) -> Scenario:
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise ScenarioError(f"cannot read {path}: {e}") from None
    return parse(doc)


def seat_of(who: Any, players: int) -> int:
    """A seat from a seat number, "2" or a dynasty name."""
    if isinstance(who, str) and who in DYNASTIES:
        seat = DYNASTIES.index(who)
    elif isinstance(who, str) and who.isdigit():
        seat = int(who)
    elif isinstance(who, int) and not isinstance(who, bool):
        seat = who
    else:
        raise ScenarioError(f"{who!r} is not a player (a seat number or {', '.join(DYNASTIES)})")
    if not 0 <= seat < players:
        raise ScenarioError(f"{who!r}: there is no seat {seat} in a {players}-player game")
    return seat


def square(text: str) -> Square:
    """ "B2" -> (1, 1)."""
    m = re.fullmatch(r"([A-Pa-p])(\d+)", text)
    if not m or not 1 <= int(m.group(2)) <= 11:
        raise ScenarioError(f"{text!r} is not a square (A1..P11)")
    return (ord(m.group(1).upper()) - ord("A"), int(m.group(2)) - 1)
