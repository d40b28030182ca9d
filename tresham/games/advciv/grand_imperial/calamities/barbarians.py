"""Barbarian Hordes in Grand Imperial (GI-CAL-08): the hordes never attack a city with City
Walls; if every start area of the victim in play (GIR-51, ``barbarians.start_areas``) holds a
walled city, there is no horde."""
from __future__ import annotations

from typing import Any

from ...data import BARBARIANS
from ...game import Game
from ...rules.calamities.barbarians import (HORDE, BarbarianHordes, _best, _others, damage,
                                            move_options, occupants, start_areas)
from ...rules.calamities.base import effect
from ..variant import KEY
from .. import data as gi
from . import political as pol
from .damage import site


def walled(g: Game, area: str) -> bool:
    """A city in ``area`` whose site has active City Walls (GI-CITYADV-05); a city in Revolt
    cannot use its advances (GI-LUX-04)."""
    if area not in g.s.board.cities:
        return False
    s = site(g, area)
    wall = gi.calamity_changes()["barbarian_hordes"].immune_advance
    return bool(s) and wall in s.get("active", ()) and pol.disposition(g, area) != "revolt"


def placement_options(g: Game, victim: str) -> list[str]:
    """30.5211 over the start areas without a walled city (GI-CAL-08)."""
    start = [a for a in start_areas(g, victim) if not walled(g, a)]
    mine = [a for a in start if victim in occupants(g, a)]
    alone = [a for a in mine if not _others(g, victim, a)]
    if alone:
        return _best({a: damage(g, victim, a, HORDE, None) for a in alone})
    empty = [a for a in start if not occupants(g, a)]
    if empty:
        return empty
    if mine:
        return _best({a: damage(g, victim, a, HORDE, None) for a in mine})
    return start


@effect(variant=KEY)
class GIBarbarianHordes(BarbarianHordes):
    """GI-CAL-08."""

    def begin(self, g: Game, ctx: dict[str, Any]) -> None:
        v = ctx["victim"]
        start = start_areas(g, v)
        if start and all(walled(g, a) for a in start):
            ctx.update(stage="done", chooser=None, at=None, options=[], steps=0)
            g.emit(f"Barbarian Hordes: every start area of {g.name(v)} holds a city with City "
                   "Walls; no horde appears (GI-CAL-08).", "calamity_none", nation=v)
            return
        trader = ctx["trader"]
        if trader is not None and g.of(trader).inert:  # 15.61
            trader = None
        ctx.update(stage="done", chooser=trader or g.most_units_in_stock(), at=None, options=[],
                   steps=0)
        opts = placement_options(g, v)
        if not opts:
            g.emit(f"Barbarian Hordes: {g.name(v)} has no start area in play; no effect.",
                   "calamity_none", nation=v)
        elif len(opts) == 1:
            self._place(g, ctx, opts[0])
        else:
            ctx.update(stage="place", options=opts)

    def _march(self, g: Game, ctx: dict[str, Any]) -> None:
        """The plain march (30.5231-30.5241), a walled city never entered (GI-CAL-08)."""
        v = ctx["victim"]
        while True:
            at = ctx["at"]
            surplus = g.tokens(at, BARBARIANS) - g.areas[at].limit
            if surplus <= 0:
                ctx["stage"] = "done"
                return
            opts = [] if ctx["steps"] >= 200 else \
                [a for a in move_options(g, v, at, surplus) if not walled(g, a)]
            if not opts:
                g.remove_tokens(BARBARIANS, at, surplus)
                g.emit(f"The barbarians in {g.area_name(at)} can reach no more of "
                       f"{g.name(v)}'s units; {surplus} above the limit disperse.",
                       "barbarians_disperse", area=at, tokens=surplus)
                ctx["stage"] = "done"
                return
            if len(opts) > 1:
                ctx.update(stage="move", options=opts)
                return
            self._move(g, ctx, opts[0])
