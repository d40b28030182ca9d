"""Barbarian Hordes in Grand Imperial (GI-CAL-08): the hordes never attack a city with City
Walls; if every start area of the victim in play (GIR-51, ``barbarians.start_areas``) holds a
walled city, there is no horde."""
from __future__ import annotations

from typing import Any

from ...context import Context
from ...rules.calamities.barbarians import BarbarianHordes, start_areas
from ...rules.calamities.base import effect
from ..variant import KEY
from .. import data as gi
from . import political as pol
from .damage import site


def walled(g: Context, area: str) -> bool:
    """A city in ``area`` whose site has active City Walls (GI-CITYADV-05); a city in Revolt
    cannot use its advances (GI-LUX-04)."""
    if area not in g.s.board.cities:
        return False
    s = site(g, area)
    wall = gi.calamity_changes()["barbarian_hordes"].immune_advance
    return bool(s) and wall in s.get("active", ()) and pol.disposition(g, area) != "revolt"


@effect(variant=KEY)
class GIBarbarianHordes(BarbarianHordes):
    """GI-CAL-08."""

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        v = ctx["victim"]
        start = start_areas(g, v)
        if start and all(walled(g, a) for a in start):
            ctx.update(stage="done", chooser=None, at=None, options=[], steps=0)
            g.emit(f"Barbarian Hordes: every start area of {g.name(v)} holds a city with City "
                   "Walls; no horde appears (GI-CAL-08).", "calamity_none", nation=v)
            return
        super().begin(g, ctx)

    def _barred(self, g: Context, area: str) -> bool:
        """GI-CAL-08: a walled city is never attacked (placement or march)."""
        return walled(g, area)
