"""The engine of Civilization: The Card Game as plain functions: the options, ``new_game``,
``apply`` (pure) and ``apply_in_place``, ``replay`` from a log, the decision ``pending`` with
its options, and a seat's ``view``. Nothing of the site (docs/civcards.md).

Options: ``players`` 2..4 (CCG-OV-01); ``teams`` "none", "opposite" or "adjacent" (the
team game of 4 players, CCG-TEAM-01); ``deck`` the name of an installed deck file
(``deck.installed()``, "tresham" by default).
"""
from __future__ import annotations

import json
from typing import Any, Iterable

from ..contract import Decision, Event, IllegalOrder
from . import deck as deckmod
from .orders import from_json
from .rules.defaults import WORDS as DEFAULTS
from .rules.defaults import default_order
from .rules.turn import ACCEPTS, advance, decider, handle
from .rules import setup
from .state import CCState, new_state, who
from .view import decision_options, seat_view

OPTION_DEFAULTS = {"players": 2, "teams": "none", "deck": "tresham"}
TEAMS = ("none", "opposite", "adjacent")


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
        raise IllegalOrder("CCG-OV-01", f"option 'players': 2 to 4 players, not {p!r}")
    if out["teams"] not in TEAMS:
        raise IllegalOrder("CCG-TEAM-01", f"option 'teams': one of {', '.join(TEAMS)}, not {out['teams']!r}")
    if out["teams"] != "none" and p != 4:
        raise IllegalOrder("CCG-TEAM-01", f"the team game is for 4 players, not {p}")
    if not isinstance(out["deck"], str) or out["deck"] not in deckmod.installed():
        raise IllegalOrder("", f"option 'deck': one of the installed decks ({', '.join(deckmod.installed())}), "
                               f"not {out['deck']!r}")
    try:
        deckmod.load(out["deck"])
    except deckmod.DeckError as e:
        raise IllegalOrder("", f"option 'deck': the deck file is broken: {e}") from None
    return out


def new_game(options: dict | None = None, seed: int | str = 0) -> CCState:
    """A new game: the plots dealt, the first draft's row laid out (CCG-SET-01..03)."""
    s = new_state(parse_options(options), seed)
    ev: list[Event] = []
    setup.lay_draft(s, 1, ev)
    advance(s, ev)
    return s


def apply_in_place(s: CCState, order: dict, *, by_site: bool = False) -> list[Event]:
    """Apply ``order`` to ``s`` itself; the rules check before they change anything, but
    only :func:`apply` promises an untouched state on refusal."""
    o = from_json(order, by_site=by_site)
    if s.finished:
        raise IllegalOrder("CCG-OV-03", "the game is over")
    if o.player >= s.players:
        raise IllegalOrder("CCG-OV-01", f"there is no seat {o.player} in a {s.players}-player game")
    ev: list[Event] = []
    if o.type in ("timeout", "bot_default"):
        if decider(s) != o.player:
            raise IllegalOrder("", f"seat {o.player} owes nothing now, so nothing can time out")
        phase, given = s.phase, o.type
        o = from_json(default_order(s))
        if given == "timeout":
            ev.append(Event(f"{who(o.player)}'s time ran out: {DEFAULTS[phase]}", "timeout"))
        else:
            ev.append(Event(f"{who(o.player)} takes the default: {DEFAULTS[phase]}", "bot_default"))
    handle(s, o, ev)
    s.order_count += 1
    return ev


def apply(s: CCState, order: dict, *, by_site: bool = False) -> tuple[CCState, list[Event]]:
    """Pure: the new state and its events; ``s`` is never changed."""
    new = s.copy()
    ev = apply_in_place(new, order, by_site=by_site)
    return new, ev


def replay(options: dict, seed: int | str, orders: Iterable[dict]) -> CCState:
    s = new_game(options, seed)
    for o in orders:
        apply_in_place(s, o, by_site=True)
    return s


PROMPTS = {
    "draft1": "take a plot of the first draft's row", "draft2": "take a plot of the second draft's row",
    "free_pop": "put your free population on one of your plots", "opening_discard": "discard 2 cards",
    "collect": "choose what your population yields this turn", "buy": "buy plots, population, buildings, "
    "wonders and technologies, then end your purchases", "attack": "declare your attacks, or none",
    "catapult": "choose the Walls the Catapults send back to your hand", "bounce": "bounce one attacking unit, "
    "or none", "defend": "counter attacking units with units of your hand", "losses": "choose the population "
    "and buildings you lose", "place_stolen": "put the stolen population on your plots",
    "discard": "discard cards",
}


def pending(s: CCState) -> list[Decision]:
    if s.finished:
        return []
    seat = decider(s)
    prompt = PROMPTS[s.phase]
    if s.phase == "discard":
        prompt = f"discard {s.need} cards"
    return [Decision(seat, s.phase, f"{who(seat)}: {prompt}", default=DEFAULTS.get(s.phase, ""),
                     options=decision_options(s, seat, private=False))]


def accepts(s: CCState, seat: int) -> list[str]:
    """The order types ``seat`` may give now."""
    return list(ACCEPTS.get(s.phase, ())) if decider(s) == seat else []


def view(s: CCState, seat: int | None) -> dict:
    """What ``seat`` may see (None: a spectator), with the decisions pending, only the
    viewer's own carrying their options; a copy that shares nothing with ``s``."""
    pend = []
    for d in pending(s):
        j = d.to_json()
        if d.player != seat:
            j["options"] = {}
        pend.append(j)
    return json.loads(json.dumps(seat_view(s, seat, pend)))
