"""Orders by replying to a "your turn" mail (``Offers.mail_commands``, SITE-MAILIN-01): the
decisions a word can give. ``collect`` (every population on its plot's main resource,
CCG-TURN-01), ``done`` (end the purchases, CCG-TURN-02) and ``no attack`` (CCG-COMB-01); every
other decision names cards and is given on the game page (or left to the default)."""
from __future__ import annotations

from ...contract import IllegalOrder
from ..rules.turn import decider
from ..state import CCState

ON_THE_PAGE = "this decision cannot be given by mail: give it on the game page, or reply default"
WORDS = {"collect": ("collect", {"type": "collect", "population": {}}),
         "done": ("buy", {"type": "end_buy"}),
         "no attack": ("attack", {"type": "attack", "attacks": []})}


def _phase(state: CCState, seat: int) -> str | None:
    return None if state.finished or decider(state) != seat else state.phase


def order(state: CCState, seat: int, line: str) -> dict | None:
    """The order of the command ``line`` for ``seat`` now; None for no command of the game."""
    word = " ".join(line.strip().lower().split())
    if word not in WORDS:
        return None
    phase, o = WORDS[word]
    if _phase(state, seat) != phase:
        raise IllegalOrder("", f"{word!r} does not answer your decision now: " + ON_THE_PAGE)
    return dict(o)


def help(state: CCState, seat: int) -> list[str]:  # noqa: A001 - the capability's name
    """The commands ``seat``'s decision takes now."""
    phase = _phase(state, seat)
    lines = {"collect": "collect: each population yields its plot's most printed resource",
             "buy": "done: end your purchases (buy on the game page)",
             "attack": "no attack: attack nobody this turn"}
    if phase is None:
        return []
    return [lines.get(phase, ON_THE_PAGE[0].upper() + ON_THE_PAGE[1:])]
