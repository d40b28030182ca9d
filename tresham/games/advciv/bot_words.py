"""A default the seat's bot chose, in the history as the seat's own choice (SITE-BOT-03).

Every phase words its default as a missed deadline ("Illyria did not choose in time; random
cities are reduced.", "Africa's time ran out: no movement."); when the seat's bot gives the
default (the ``bot_default`` order) the same event reads "Illyria takes the default: random
cities are reduced." -- the platform adds "(bot)" after the seat's name. The test
``tests/games/advciv/test_bot_words.py`` holds every phase's wording to this pattern.
"""
from __future__ import annotations

import re

from ..contract import Event

#: "<who> did not ... in time[;:] <what follows>", "<who> gave no ... in time: ...",
#: "<who> declared nothing in time: ...", "<who>'s time ran out: ..."
_MISSED = re.compile(r"^(?P<who>.+?)(?:'s time ran out| (?:did not|gave no|declared nothing)\b.*? in time)"
                     r"(?:[.;:,]\s*|$)(?P<rest>.*)$", re.S)


def bots_text(text: str) -> str | None:
    """The missed-deadline ``text`` as the bot's choice, None if it is not worded as one."""
    m = _MISSED.match(text)
    if m is None:
        return None
    rest = m["rest"].strip()
    return f"{m['who']} takes the default" + (f": {rest}" if rest else ".")


def as_bots_choice(e: Event) -> Event:
    """A ``timeout`` event of the seat's default as its bot's choice (kind ``bot_default``);
    any other event as it is."""
    if e.kind != "timeout":
        return e
    text = bots_text(e.text) or f"{e.text.rstrip('.')} (the bot's choice)."
    return Event(text, "bot_default", e.to, e.data)
