"""The heuristic bot: for ``seat``'s current decision, the order a sensible player would give,
decided on what ``seat`` knows (``view.information_state``), never on another seat's secrets.

Per phase, a variant's own planner first (:data:`VARIANT_PLANNERS`, EP-11: Grand
Imperial's are ``grand_imperial/``), then the plain planners (``plain.py``:
movement, ships, trade, civilization cards), else the site's default (the timeout order),
which is already a sound play in the other phases.
"""
from __future__ import annotations

from typing import Callable, Mapping

from ....rng import Rng
from .. import engine
from ..context import Context
from ..grand_imperial.variant import KEY as GRAND_IMPERIAL
from ..state import GameState
from ..variant import Variant, game_for, variant_of
from ..view import information_state
from . import plain
from .grand_imperial import PLANNERS as GRAND_IMPERIAL_PLANNERS

#: A variant's planner: ``planner(g, seat, rng)`` gives the order, or None when the plain
#: planner or the default is to decide.
Planner = Callable[[Context, int, Rng], "dict | None"]

#: Each variant's own planners by variant key, then by phase name (EP-11); a variant not
#: listed (the plain game) has none.
VARIANT_PLANNERS: dict[str, Mapping[str, Planner]] = {GRAND_IMPERIAL: GRAND_IMPERIAL_PLANNERS}


def planners_for(variant: Variant) -> Mapping[str, Planner]:
    """The heuristic bot's own planners for ``variant``'s decisions, by phase name: none in
    the plain game (EP-11)."""
    return VARIANT_PLANNERS.get(variant.key, {})


#: The phases the plain planners decide (``plain.py``); in the others the default is played.
PLAIN_PLANNED = frozenset(("movement", "ships", "trade", "advances"))


def heuristic_bot(state: GameState, seat: int, rng: Rng) -> dict:
    """The heuristic order for ``seat``'s current decision, decided on what ``seat`` knows
    (its information state, built only when a planner is to decide)."""
    phase = state.phase
    planner = planners_for(variant_of(state)).get(phase)  # a variant's own decisions (EP-11)
    if planner is None and phase not in PLAIN_PLANNED:
        return engine.default(state, seat)  # the timeout order carries no information
    g = game_for(information_state(state, seat))
    if planner is not None:
        order = planner(g, seat, rng)
        if order is not None:
            return order
    if phase == "movement":
        return plain.plan_moves(g, seat)
    if phase == "ships":
        return plain.plan_ships(g, seat)
    if phase == "trade":
        return plain.plan_trade(g, seat, rng)
    if phase == "advances":
        order = plain.plan_purchase(g, seat)
        if order is not None:
            return order
    return engine.default(state, seat)  # the timeout order carries no information
