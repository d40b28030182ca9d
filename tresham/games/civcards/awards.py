"""The Highest Happiness and Highest Culture cards (CCG-EXT-01..03).

A card goes to the player with the most points of its kind (from buildings, wonders and
technologies), with at least 2 to claim it first; it changes hands only when a rival has
strictly more than its holder. A holder who falls below 2, or below a rival, loses it: to
the sole new leader (with at least 2), or, with no sole leader, to nobody (CCG-EXT-03). The
same check runs after every change of points (a purchase, a building sent back by combat or
demolished), so a card never rests with a player who does not qualify.
"""
from __future__ import annotations

from ..contract import Event
from .effects import points
from .state import CCState, who

KINDS = {"happiness": "Highest Happiness", "culture": "Highest Culture"}
#: points needed to claim a card first (CCG-EXT-01)
CLAIM = 2


def holder_after(totals: list[int], holder: int | None) -> int | None:
    """Who holds the card given each seat's points and the current ``holder``."""
    top = max(totals)
    leaders = [p for p, t in enumerate(totals) if t == top]
    sole = leaders[0] if len(leaders) == 1 and top >= CLAIM else None
    if holder is None:
        return sole
    if totals[holder] < CLAIM or totals[holder] < top:  # CCG-EXT-03: no longer qualifies
        return sole
    return holder  # still the most (perhaps tied): it does not change hands


def update(s: CCState, ev: list[Event]) -> None:
    """Hand both cards over as the points now stand, with an event for each change."""
    for kind, title in KINDS.items():
        totals = [points(s, p, kind) for p in range(s.players)]
        old = getattr(s, kind)
        new = holder_after(totals, old)
        if new != old:
            setattr(s, kind, new)
            if new is None:
                ev.append(Event(f"{who(old)} loses the {title} card; nobody holds it now", kind))
            else:
                ev.append(Event(f"{who(new)} takes the {title} card ({totals[new]} points)", kind))
