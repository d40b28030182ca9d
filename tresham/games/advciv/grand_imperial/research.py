"""Research points and their credit (GI-CARULE-03; GI-CITYADV-10, 11, 15, 18, 22, 23).

The six research producers (Apothecary, College, Library, University, Monastery, Social
Mobility: ``data.research().producers``) give a civilization one point each, each kind once
however many of its cities hold it, and only where it works (face up, in a city not in
Revolt: GI-CARULE-06). Once a turn the points give a credit towards civilization cards or
city advances on the chart ``data.research().credit`` (1: 10, 2: 25, 3: 50, 4: 100, 5: 150,
6: 300); the points may be split between items, each part valued on the chart on its own.
"""
from __future__ import annotations

from . import data as gi
from .sites import working_kinds

#: ``Player.flags`` key: research points already spent this turn (once per turn).
SPENT = "research_spent"


def research(x, nation: str) -> int:
    """``nation``'s research points: the distinct producers working for him (GI-CARULE-03)."""
    return gi.research().points(working_kinds(x, nation))


def credit(points: int) -> int:
    """The credit ``points`` research points give one item (the chart; 0 for 0)."""
    return gi.research().credit_for(points) if points > 0 else 0


def available(g, nation: str) -> int:
    """Research points ``nation`` may still spend this turn (once per turn)."""
    return max(0, research(g, nation) - int(g.of(nation).flags.get(SPENT, 0)))
