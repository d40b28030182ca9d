"""A default the seat's bot chose reads as its own choice, never as a missed deadline
(SITE-BOT-03): every phase's timeout wording is held to the pattern ``bot_words`` rewrites,
and the ``bot_default`` order gives the same decision as the timeout with the bot's words."""
from __future__ import annotations

import ast
import pathlib

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.bot_words import bots_text
from tresham.games.advciv.bots.levels import LEVELS

ROOT = pathlib.Path(engine.__file__).parent


def _sample(node: ast.AST) -> str | None:
    """The text of an emit's first argument with every placeholder as "Illyria"."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "Illyria" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _sample(node.left), _sample(node.right)
        return None if left is None else left + (right if right is not None else "something.")
    return None


def timeout_texts() -> list[tuple[str, str]]:
    """Every (file, text) of an ``emit(text, "timeout", ...)`` in the game's rules."""
    out = []
    for path in sorted(ROOT.rglob("*.py")):
        if "bots" in path.parts or "tests" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "emit"
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
                    and node.args[1].value == "timeout"):
                out.append((str(path.relative_to(ROOT)), _sample(node.args[0])))
    return out


@pytest.mark.site("SITE-BOT-03")
def test_every_phases_timeout_wording_becomes_the_bots_own_choice():
    found = timeout_texts()
    assert len(found) >= 28  # every phase and calamity of the plain game and Grand Imperial
    for where, text in found:
        assert text is not None, where
        mine = bots_text(text)
        assert mine is not None, (where, text)
        assert "in time" not in mine and "time ran out" not in mine, (where, mine)
        assert mine.startswith("Illyria takes the default") or mine.startswith("Seat Illyria"), (where, mine)
    assert bots_text("Illyria did not choose in time; random cities are reduced.") == \
        "Illyria takes the default: random cities are reduced."
    assert bots_text("Illyria's time ran out: no movement.") == "Illyria takes the default: no movement."
    assert bots_text("Illyria did not trade further in time.") == "Illyria takes the default."
    assert bots_text("Illyria moves 3 tokens.") is None


@pytest.mark.site("SITE-BOT-03")
def test_the_bots_default_is_the_timeouts_decision_in_the_bots_words():
    state = engine.new_game({"players": 3}, "bot-words")
    seat = next(d.player for d in engine.pending(state) if d.required)
    timed, by_clock = engine.apply(state, engine.default(state, seat), by_site=True)
    chosen, by_bot = engine.apply(state, engine.bot_default(state, seat), by_site=True)
    assert timed.digest() == chosen.digest()  # the same decision
    assert [e.text for e in by_clock][0].startswith(f"Seat {seat + 1} did not pick in time; ")
    nation = by_clock[0].text.split("; ")[1]
    assert by_bot[0].text == f"Seat {seat + 1} takes the default: {nation}"
    assert (by_bot[0].kind, by_clock[0].kind) == ("bot_default", "timeout")
    # the levels give their fallback as the bot's own, never the timeout
    for level in LEVELS:
        order = level.play(state, seat, "w")
        assert order is not None and order["type"] != "timeout"
