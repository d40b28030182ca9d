"""The engine of Tigris & Euphrates as plain functions: the options (docs/tigris.md),
``new_game``, ``apply`` (pure) and ``apply_in_place``, ``replay`` from a log, the decision
``pending`` with its options, and a seat's ``view``. Nothing of the site: the platform's
handle on the game, ``TigrisEuphrates``, is ``site/rules.py`` over these.

Options (docs/tigris.md): ``players`` 2..4, ``board`` "base"|"advanced" (TE-ADVB),
``buildings`` (TE-BLD), ``english`` (TE-ENG), ``wonder`` (TE-WON), ``open_scoring``
(TE-Z-09). The three additions' rules hook into ``rules/turn.py`` (buildings, then wonder,
after a tile's conflicts) and ``rules/commit.py`` (``allowed_counts``).
"""
from __future__ import annotations

import json
from typing import Any, Iterable

from ..contract import Decision, Event, IllegalOrder
from .orders import from_json
from .rules.commit import allowed_counts, side_to_commit
from .rules.common import who
from .rules.end import over_rule
from .rules.turn import decider, default_order, handle
from .state import TEState, new_state
from .view import view as seat_view

OPTION_DEFAULTS = {"players": 2, "board": "base", "buildings": False, "english": False,
                   "wonder": False, "open_scoring": False}


def parse_options(raw: Any) -> dict:
    """The options in normal form, or IllegalOrder naming the wrong one."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise IllegalOrder("", "the options are a JSON object")
    for k in raw:
        if k not in OPTION_DEFAULTS:
            raise IllegalOrder("", f"unknown option {k!r}; the options are {', '.join(OPTION_DEFAULTS)}")
    out = {**OPTION_DEFAULTS, **raw}
    p = out["players"]
    if type(p) is not int or not 2 <= p <= 4:
        raise IllegalOrder("TE-BASE-01", f"option 'players': 2 to 4 players, not {p!r}")
    if out["board"] not in ("base", "advanced"):
        raise IllegalOrder("TE-ADVB-01", f"option 'board': \"base\" or \"advanced\", not {out['board']!r}")
    for k in ("buildings", "english", "wonder", "open_scoring"):
        if type(out[k]) is not bool:
            raise IllegalOrder("", f"option {k!r}: true or false, not {out[k]!r}")
    return out


def new_game(options: dict | None = None, seed: int | str = 0) -> TEState:
    return new_state(parse_options(options), seed)


def apply_in_place(s: TEState, order: dict, *, by_site: bool = False) -> list[Event]:
    """Apply ``order`` to ``s`` itself; rules check before they change anything, but only
    :func:`apply` promises an untouched state on refusal."""
    o = from_json(order, by_site=by_site)
    if s.finished:
        raise IllegalOrder(over_rule(s), "the game is over")
    if o.player >= s.players:
        raise IllegalOrder("TE-BASE-01", f"there is no seat {o.player} in a {s.players}-player game")
    ev: list[Event] = []
    if o.type in ("timeout", "bot_default"):
        if decider(s) != o.player:
            raise IllegalOrder("TE-BASE-25", f"seat {o.player} owes nothing now, so nothing can time out")
        phase, given = s.phase, o.type
        o = from_json(default_order(s))
        if given == "timeout":
            ev.append(Event(f"{who(o.player)}'s time ran out: the default applies", "timeout"))
        else:  # the seat's bot chose the default: its own choice, not a missed deadline (SITE-BOT-03)
            ev.append(Event(f"{who(o.player)} takes the default: {DEFAULTS[phase]}", "bot_default"))
    handle(s, o, ev)
    s.order_count += 1
    return ev


def apply(s: TEState, order: dict, *, by_site: bool = False) -> tuple[TEState, list[Event]]:
    """Pure: the new state and its events; ``s`` is never changed."""
    new = s.copy()
    ev = apply_in_place(new, order, by_site=by_site)
    return new, ev


def replay(options: dict, seed: int | str, orders: Iterable[dict]) -> TEState:
    s = new_game(options, seed)
    for o in orders:
        apply_in_place(s, o, by_site=True)
    return s


PROMPTS = {"action": "take an action (leader, tile, catastrophe, swap) or pass",
           "commit": "commit tiles to the conflict", "war_order": "choose the next war",
           "treasure": "choose the treasure to take", "monument": "build a monument or decline",
           "building": "place a building or decline", "wonder": "erect the wonder or decline",
           "wonder_point": "choose the colour of the wonder's point"}
DEFAULTS = {"action": "pass: the actions left are not taken", "commit": "commit nothing",
            "war_order": "the first colour at war in the order red, blue, green, black",
            "treasure": "the first eligible treasure in reading order",
            "monument": "decline", "building": "decline", "wonder": "decline",
            "wonder_point": "the weakest colour"}


def decision_options(s: TEState, private: bool = False) -> dict:
    """The current decision's options, a copy (changing it never changes ``s``).
    ``private``: for the decider's own eyes (his view): a commit's allowed counts, which
    tell his hand, only then."""
    return json.loads(json.dumps(_decision_options(s, private)))


def _decision_options(s: TEState, private: bool) -> dict:
    p = s.phase
    if p == "action":
        return {"actions_left": s.actions_left}
    if p == "commit":
        side = side_to_commit(s)
        out = {"side": side, "colour": s.conflict["colour"]}
        if private:
            out["counts"] = allowed_counts(s, side)
        return out
    if p == "war_order":
        return {"colours": list(s.ctx["war_colours"])}
    if p == "treasure":
        return {"squares": s.ctx["treasure"]["squares"]}
    if p == "monument":
        return dict(s.ctx["monument"])
    return dict(s.ctx.get(p) or {}) if s.ctx else {}


def pending(s: TEState) -> list[Decision]:
    if s.finished:
        return []
    seat = decider(s)
    return [Decision(seat, s.phase, f"{who(seat)}: {PROMPTS.get(s.phase, s.phase)}",
                     default=DEFAULTS.get(s.phase, ""), options=decision_options(s))]


def view(s: TEState, seat: int | None) -> dict:
    """What ``seat`` may see (None: a spectator): ``view.view`` with the decisions pending,
    only the viewer's own carrying their options; a copy that shares nothing with ``s``."""
    pend = []
    for d in pending(s):
        j = d.to_json()
        j["options"] = decision_options(s, private=True) if d.player == seat else {}
        pend.append(j)
    return json.loads(json.dumps(seat_view(s, seat, pend)))  # a copy: it shares nothing with s
