"""Orders entered ahead of their turn, which a player may change (or withdraw) until they take
effect (SITE-TABLE-06, issue 24): what the game page says of them ("Your order is in: ...")
and the decisions they still leave open to change.

- :func:`entered` (``Offers.entered``): from the seat's own view, his order in for each
  decision a phase lets him enter early: his nation's pre-selection (15.3, SITE-PICK-04), his
  placement of population (20, SITE-POP-02), his ship orders (22), his moves (23: withdrawn
  by the movement's Reset, an empty move order).
- :func:`with_entered`: the engine's pending decisions and, for a seat whose placement or
  ship orders are in early, that decision again (not required), so that its form is offered
  to change them: the engine stops asking once an early order is noted, and a new order of
  the same kind replaces the noted one (docs/rulings/table.md TBL-18).
"""
from __future__ import annotations

import copy
from typing import Any

from ...contract import Decision, Entered
from ..data import load
from ..engine import pending
from ..state import GameState
from ..words import plural
from .names import nation_name

#: the phases whose early orders :func:`with_entered` offers to change, by the decision kind
EARLY = {"population": "grow", "ships": "ships"}


def _area(a: Any) -> str:
    areas = load().map.areas
    return areas[a].name if isinstance(a, str) and a in areas else str(a)


def _ships_text(e: dict) -> str:
    kept = [_area(x.get("area")) for x in e.get("maintain") or [] if isinstance(x, dict)]
    built = [_area(x.get("area")) for x in e.get("build") or [] if isinstance(x, dict)]
    parts = []
    if built:
        parts.append(f"{plural(len(built), 'ship')} to build ({', '.join(built)})")
    if kept:
        parts.append(f"{plural(len(kept), 'ship')} to keep ({', '.join(kept)})")
    return "ship orders: " + ("; ".join(parts) if parts else "no ship built and none kept") + \
        ", carried out on your census turn"


def _moves_text(plan: dict) -> str:
    moves = [m for m in plan.get("moves") or [] if isinstance(m, dict)]
    voyages = plan.get("voyages") or []
    what = [f"{m.get('count')} from {_area(m.get('from'))} to {_area(m.get('to'))}" for m in moves]
    text = (plural(len(moves), "move") + (f" ({'; '.join(what)})" if what else "")
            + (f" and {plural(len(voyages), 'voyage')}" if voyages else ""))
    done = plan.get("done")
    return text + {"done": ", final (Done)", "unless_threatened": ", final unless threatened"}.get(
        done, ": not final until you press Done")


def entered(view: dict) -> list[Entered]:
    """The seat's orders in now that he may still change (module docstring), from his view."""
    pv = view.get("phase_view") or {}
    phase = view.get("phase")
    out: list[Entered] = []
    if phase == "pick" and isinstance(pv.get("preselection"), dict):
        p = pv["preselection"]
        out.append(Entered("pick", f"pre-selection of {nation_name(p.get('nation'))} starting in "
                                   f"{_area(p.get('area'))}, confirmed on your turn to pick"))
    elif phase == "population" and isinstance(pv.get("entered_early"), dict):
        placed = pv["entered_early"]
        out.append(Entered("grow", "placement of " + ", ".join(
            f"{plural(n, 'token')} in {_area(a)}" for a, n in sorted(placed.items(), key=lambda kv: _area(kv[0])))
            + ", made on your turn"))
    elif phase == "ships" and isinstance(pv.get("entered_early"), dict):
        out.append(Entered("ships", _ships_text(pv["entered_early"])))
    elif phase == "movement" and isinstance(pv.get("my_moves"), dict):
        plan = pv["my_moves"]
        if plan.get("moves") or plan.get("voyages") or plan.get("done"):
            out.append(Entered("move", _moves_text(plan),
                               withdraw={"type": "move", "moves": [], "voyages": [], "done": None}))
    return out


def with_entered(state: GameState, decisions: list[Decision]) -> list[Decision]:
    """``decisions`` (the engine's pending) and the decision of each seat whose early
    placement or ship orders are in, again and not required, to change them (TBL-18)."""
    kind = EARLY.get(state.phase)
    early = (state.step or {}).get("early") or {} if kind else {}
    if not early:
        return decisions
    have = {(d.player, d.kind) for d in decisions}
    out = list(decisions)
    for nation in sorted(early):
        seat = next((p.seat for p in state.players if p.nation == nation), None)
        if seat is None or (seat, kind) in have:
            continue
        bare = copy.deepcopy(state)
        bare.step["early"].pop(nation)
        again = next((d for d in pending(bare) if d.player == seat and d.kind == kind), None)
        if again is not None:
            out.append(Decision(seat, kind, again.prompt.split(" (entered early", 1)[0] + " (your order is in; you "
                                "may change it until your turn)", required=False, default=again.default,
                                deadline_factor=again.deadline_factor, options=again.options,
                                timed=again.timed))
    return out
