"""The refusals of a game: an order the rules refuse (:class:`IllegalOrder`), one that changes
nothing (:class:`AlreadyDone`), and a map the game cannot draw now (:class:`BoardUnavailable`)."""
from __future__ import annotations


class IllegalOrder(Exception):
    """An order the rules refuse. ``rule`` names the rule (e.g. "23.51"), ``message`` says why.

    An order of several items (a batch of moves) refused for one of them names it (SITE-TABLE-07):
    ``part`` (the order's list holding it, e.g. "moves"), ``index`` (0 first) and ``reason`` (why
    that item alone, without the item's description the message starts with); None, None and ""
    for a refusal of the order as a whole. The site passes them on (the JSON API's refusal, the
    page's map) so that the other items stay entered."""

    part: str | None = None
    index: int | None = None
    reason: str = ""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"§{rule}: {message}" if rule else message)


class AlreadyDone(IllegalOrder):
    """An order that repeats what its seat has already done and would change nothing ("Done"
    twice): SITE-SAFE-10. The rules raise it, before changing anything, for a repeat they
    recognise (their ``message`` says what is already done); the platform raises it itself for
    an order the rules accept that leaves the state as it was and causes no event. Either way
    the order is not logged: the site answers "already done", the game's revision stays, and
    no deadline, mail or live page hears of it. Being an :class:`IllegalOrder`, it is a
    refusal to every caller that does not look for it (bots, the clock's defaults, scenarios)."""

    def __init__(self, rule: str = "SITE-SAFE-10", message: str = "this order changes nothing") -> None:
        super().__init__(rule, message)


class BoardUnavailable(RuntimeError):
    """The game draws a map, but cannot now (its data is not installed on this machine):
    the site says so (503) rather than failing."""
