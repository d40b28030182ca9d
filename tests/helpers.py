"""Shared test helpers. Tests build positions with the scenario format (docs/scenarios.md).

Every helper used by more than one test module lives here, once; a helper used by a single
module stays in that module. Sections: every test; the four eastern nations of the first
phases; surplus and city support; calamities driven through the phase; calamity effects
driven directly."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv import position as sc
from tresham.games.advciv.context import Context
from tresham.games.advciv.orders import is_site_order
from tresham.games.advciv.rules.calamities.base import EFFECTS
from tresham.games.contract import IllegalOrder

#: The project's checkout (tests/ is directly below it).
ROOT = Path(__file__).resolve().parent.parent


# ---- every test -----------------------------------------------------------------------------

def position(**doc):
    """Build a position from scenario keys; gives (state, events of the phase start)."""
    return sc.build(doc)


def play(state, *orders):
    """Apply orders (pure API) one after the other; gives (state, all events)."""
    events = []
    for o in orders:
        state, ev = engine.apply(state, o, by_site=is_site_order(o))
        events.extend(ev)
    return state, events


def offer(monkeypatch, rules, capability: str, **parts) -> None:
    """For one test, the game ``rules`` declares ``capability`` (a field of its ``offers``) with
    ``parts`` changed: ``offer(monkeypatch, rules, "board", svg=fake)``."""
    offers = rules.offers
    changed = dataclasses.replace(getattr(offers, capability), **parts)
    monkeypatch.setattr(rules, "offers", dataclasses.replace(offers, **{capability: changed}))


def game(state) -> Context:
    return Context(state)


def texts(events) -> str:
    return "\n".join(e.text for e in events)


def posted(form, values: dict):
    """``values`` (by field name) as the game page posts a form (``f.<name>``, a "multi" field
    once per ticked value, ``f.<name>.<value>`` per number of a "counts" field), for the site's
    own reading (``tresham.platform.play.decision_forms.read``). A field not in ``values``
    posts what its control starts with, as a browser does; None posts nothing (the empty
    choice)."""
    from django.http import QueryDict

    q = QueryDict(mutable=True)
    for f in form.fields:
        v = values[f.name] if f.name in values else f.value
        if v is None:
            continue
        if f.kind == "counts":
            for k, n in v.items():
                q[f"f.{f.name}.{k}"] = str(n)
        elif f.kind == "multi":
            q.setlist(f"f.{f.name}", [str(x) for x in v])
        else:
            q[f"f.{f.name}"] = str(v)
    return q


def refused(state, order, rule=None):
    """Assert ``order`` is refused (citing ``rule`` when given) and changes nothing.

    Uses the in-place path, the stricter check: a phase must validate before it changes
    anything, not merely rely on the pure API's copy."""
    import pytest

    from tresham.games.contract import IllegalOrder

    before = state.digest()
    with pytest.raises(IllegalOrder) as e:
        engine.apply_in_place(state, order, by_site=is_site_order(order))
    if rule is not None:
        assert e.value.rule == rule, str(e.value)
    assert state.digest() == before
    return e.value


# ---- the four eastern nations of the first phases (taxation to ships, sequence) -------------

#: Seats 0-3; A.S.T. order asia, assyria, babylon, egypt.
FOUR_NATIONS = ["egypt", "babylon", "assyria", "asia"]


def four_nations(board, players, phase="tax", ships=None, options=None, **kw):
    """A 4-player position; nations not given a stock have none (so beneficiaries are clear):
    unless given a treasury, such a nation has the rest of its tokens (the game's tokens, 55 or
    ``options["tokens"]``, less those on the board) in treasury, so the position is possible
    (5.1). One Asian token in Lycia makes the movement phase wait, so the tests see the board
    as the phases under test left it. Gives (state, events)."""
    options = {"players": 4, **(options or {})}
    board = {"lycia": {"tokens": {"asia": 1}}, **board}
    total = options.get("tokens", 55)
    specs = {}
    for n in FOUR_NATIONS:
        spec = dict(players.get(n, {}))
        if "stock" not in spec:
            spec["stock"] = 0
            spec.setdefault("treasury", total - sum(a.get("tokens", {}).get(n, 0) for a in board.values()))
        specs[n] = spec
    return position(nations=FOUR_NATIONS, options=options, board=board, players=specs,
                    phase=phase, ships=ships or {}, **kw)


def four_nations_with_stock(board, players=None, phase="tax", options=None, **kw):
    """A 4-player position with the stocks the scenario format gives by default."""
    return position(nations=FOUR_NATIONS, options={"players": 4, **(options or {})}, board=board,
                    players=players or {}, phase=phase, **kw)


# ---- surplus removal and city support (also city construction) -------------------------------

#: The four_east board; seats in A.S.T. order: asia 0, assyria 1, babylon 2, egypt 3.
FOUR_EAST = ["asia", "assyria", "babylon", "egypt"]

# Egypt keeps the phase open: two cities built this turn, no token to support them, so it
# owes a choice of which to reduce (the other players' results can be read meanwhile).
HOLD_BOARD = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}}
HOLD_PLAYER = {"egypt": {"new_cities": ["memphis", "thebes"]}}


def at_surplus(board, players=None, hold=True, **kw):
    b = dict(board)
    p = dict(players or {})
    if hold:
        b.update(HOLD_BOARD)
        p.update(HOLD_PLAYER)
    return position(nations=FOUR_EAST, phase="surplus", board=b, players=p, **kw)


def pending_by_seat(state):
    """Every pending decision, by seat."""
    return {d.player: d for d in engine.pending(state)}


def tokens(state, area, owner):
    return state.board.tokens.get(area, {}).get(owner, 0)


# ---- calamities driven through the calamity phase ---------------------------------------------

SIX = ["egypt", "babylon", "assyria", "asia", "crete", "thrace"]  # seats 0-5
EGYPT, BABYLON, ASSYRIA, ASIA, CRETE, THRACE = range(6)
SEVEN = ["thebes", "memphis", "tanis", "buhen", "alexandria", "gaza", "jerusalem"]


def cal(board=None, players=None, **kw):
    """Six nations, the calamity phase started. Thrace holds five Gold so the next phase
    (civ card purchases) waits on it and the board stays as the calamities left it."""
    players = {k: dict(v) for k, v in (players or {}).items()}
    players.setdefault("thrace", {}).setdefault("hand", ["gold"] * 5)
    return position(nations=SIX, phase="calamities", board=board or {}, players=players, **kw)


def owed(state):
    """The decisions required now."""
    return [d for d in engine.pending(state) if d.required]


def cities(board_areas, owner, tokens=None):
    out = {a: {"city": owner} for a in board_areas}
    if tokens:
        for a, n in tokens.items():
            out.setdefault(a, {})["tokens"] = {owner: n}
    return out


def told(events, seat=None) -> str:
    """Everything ``events`` tell ``seat`` (None: anybody, i.e. the public events only): each
    visible event's text and data, as one lower-case string (SITE-SAFE-05: who traded a
    calamity must not be in what a third player is told)."""
    import json

    return "\n".join(e.text + " " + json.dumps(e.data, sort_keys=True) for e in events
                     if e.to is None or (seat is not None and seat in e.to)).lower()


def piracy_board():
    b = cities(["tanis", "gaza", "jerusalem", "thebes"], "egypt", {"upper_egypt": 10})
    b.update(cities(["ur"], "babylon", {"mesopotamia": 4}))
    b.update(cities(["tyre", "nineveh"], "assyria", {"armenia": 6}))
    b.update(cities(["antioch"], "asia", {"galatia": 4}))
    b.update(cities(["knossos"], "crete", {"rhodes": 4}))
    return b


# ---- calamity effects driven directly through the CalamityEffect interface --------------------

def effect_position(board, players=None, nations=SIX):
    """A six-player position in a phase that changes nothing by itself (picking waits on
    the first seat; the effects are driven directly)."""
    state, _ = position(nations=list(nations), board=board, players=players or {}, phase="pick")
    return state


def begin_effect(state, calamity, victim, trader=None):
    """Start a calamity effect on ``state``; gives (game, ctx)."""
    g = Context(state)
    ctx = {"calamity": calamity, "victim": victim, "trader": trader}
    EFFECTS[calamity].begin(g, ctx)
    return g, ctx


def effect_order(g, ctx, o):
    EFFECTS[ctx["calamity"]].handle(g, ctx, o)


def effect_refused(g, ctx, o, rule):
    """The order is refused citing ``rule`` and the state is unchanged."""
    before = g.s.digest()
    with pytest.raises(IllegalOrder) as e:
        effect_order(g, ctx, o)
    assert e.value.rule == rule, e.value
    assert g.s.digest() == before
    return e.value


def effect_owed(g, ctx):
    return sorted((d.player, d.kind) for d in EFFECTS[ctx["calamity"]].pending(g, ctx) if d.required)


def effect_texts(g):
    return "\n".join(e.text for e in g.events)


def bot_order(rules, state, seat: int, seed: str) -> dict:
    """A bot's order for ``seat`` now, for tests that play seats by bots: the game's own
    choice for its tools and tests (``rules.bot``: a level that always gives an order; the
    trading bot, the default level of Advanced Civilization's seats, may wait in the market,
    SITE-BOT-01)."""
    return rules.bot(state, seat, seed)
