"""Orders by replying to a "your turn" mail (``Offers.mail_commands``, SITE-MAILIN-01).

Tigris & Euphrates is a game of placing tiles on squares, which a mail cannot show: by mail
a player may ``pass`` an action (``pass`` / ``done``, the order the game page's Pass gives) and
``commit N`` tiles to a conflict (the commit form's number); every other decision is given on
the game page (or left to the default), and a command for it says so.
"""
from __future__ import annotations

import re

from ...contract import IllegalOrder
from ..rules.turn import ACCEPTS, decider
from ..state import TEState

#: what the page gives and mail cannot
ON_THE_PAGE = "this decision cannot be given by mail: give it on the game page, or reply default"


def _takes(state: TEState, seat: int) -> tuple[str, ...]:
    if state.finished or decider(state) != seat:
        return ()
    return tuple(ACCEPTS[state.phase])


def order(state: TEState, seat: int, line: str) -> dict | None:
    """The order of the command ``line`` for ``seat`` now; None for no command of the game."""
    word, _, rest = line.strip().partition(" ")
    word = word.lower()
    takes = _takes(state, seat)
    if word in ("pass", "done"):
        if "pass" in takes:
            return {"type": "pass"}
        raise IllegalOrder("", "you may not pass now: " + ON_THE_PAGE)
    if word == "commit":
        if "commit" not in takes:
            raise IllegalOrder("", "you commit no tiles now: no conflict waits on you")
        if not re.fullmatch(r"\d", rest.strip()):
            raise IllegalOrder("", f"commit takes a number of tiles (0 to 6), not {rest.strip()[:20]!r}")
        return {"type": "commit", "tiles": int(rest.strip())}
    if word in ("tile", "leader", "catastrophe", "swap", "withdraw", "treasure", "monument", "war", "building",
                "wonder"):
        raise IllegalOrder("", ON_THE_PAGE)
    return None


def help(state: TEState, seat: int) -> list[str]:  # noqa: A001 - the capability's name
    """The commands ``seat``'s decision takes now."""
    takes = _takes(state, seat)
    lines = []
    if "pass" in takes:
        lines.append("pass: pass this action (tiles, leaders and catastrophes are placed on the game page)")
    if "commit" in takes:
        lines.append("commit N: commit N tiles of the conflict's colour")
    if takes and not lines:
        lines.append(ON_THE_PAGE[0].upper() + ON_THE_PAGE[1:])
    return lines
