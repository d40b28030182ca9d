"""Running a scenario: build its position, apply each step through the pure ``engine.apply``
and check the expectations after it and at the end; the :class:`Result` says, in words, what
differed (``mismatches``) and which orders were refused.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ... import engine
from ....contract import Event, IllegalOrder
from ...invariants import violations
from ...state import TEState
from .checking import check
from .position import build
from .reading import ScenarioError, parse, seat_of, square
from .schema import Scenario, Step


def engine_order(order: dict, players: int) -> dict:
    """The engine's order from a scenario's: ``player`` may be a dynasty, squares may be names."""
    o = dict(order)
    if "player" in o:
        o["player"] = seat_of(o["player"], players)
    for k in ("to", "at"):
        if isinstance(o.get(k), str):
            c, r = square(o[k])
            o[k] = [c, r]
    return o


@dataclass
class Result:
    state: TEState
    events: list[Event] = field(default_factory=list)
    #: orders refused: {"step": i, "rule": id, "error": text, "expected": bool}
    refused: list[dict] = field(default_factory=list)
    mismatches: list[str] = field(default_factory=list)


def run(doc: Scenario | dict) -> Result:
    """Build the position, apply each step, and check the expectations."""
    if not isinstance(doc, Scenario):
        doc = parse(doc)
    s = build(doc)
    res = Result(state=s)
    for i, item in enumerate(doc.orders, 1):
        step = item if isinstance(item, Step) else Step(order=item)
        where = f"step {i}"
        try:
            order = engine_order(step.order, s.players)
        except ScenarioError as e:
            raise ScenarioError(f"orders[{i - 1}]: {e}") from None
        before = s.digest()
        try:
            # {"type": "timeout", "player": P}: the deadline passed, the decision's default applies
            s2, ev = engine.apply(s, order, by_site=order.get("type") == "timeout")
        except IllegalOrder as e:
            res.refused.append({"step": i, "rule": e.rule, "error": f"{e.rule}: {e.message}",
                                "expected": step.refused is not None})
            if step.refused is None:
                res.mismatches.append(f"{where}: refused ({e.rule}: {e.message})")
            elif e.rule != step.refused:
                res.mismatches.append(f"{where}: refused under {e.rule} ({e.message}), not "
                                      f"{step.refused}")
            if s.digest() != before:
                res.mismatches.append(f"{where}: the refusal changed the state")
            ev = []
        else:
            if step.refused is not None:
                res.mismatches.append(f"{where}: expected a refusal under {step.refused}, but the "
                                      f"order was accepted")
            s = s2
            bad = violations(s)
            if bad:
                res.mismatches.append(f"{where}: the state is unsound: " + "; ".join(bad))
        res.events += ev
        if step.expect is not None:
            res.mismatches += [f"{where}: {m}" for m in check(s, step.expect, ev)]
    res.state = s
    if doc.expect is not None:
        res.mismatches += [f"at the end: {m}" for m in check(s, doc.expect, res.events)]
    return res
