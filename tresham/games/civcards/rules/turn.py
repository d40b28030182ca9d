"""The game's course as a machine: which decision the game waits on (``decider``), what each
order does (``handle``), and the steps taken without asking anybody (``advance``), from the
setup (``rules/setup.py``) through the turns' four steps (CCG-TURN-01..04) to the end
(CCG-OV-03).

Phases and their decisions: "draft1"/"draft2" (``pick``), "free_pop" (``free_population``),
"opening_discard" and "discard" (``discard``), "collect" (``collect``), "buy" (the purchases,
``end_buy``), "attack" (``attack``), combat's "catapult", "bounce", "defend", "losses",
"place_stolen"; the automatic "combat" and "combat_over". A decision with one possible answer
is not asked (CCR-FORCED): the last plot of a draft's row, a collection without a choice,
an attack without a unit or a target, a discard of the whole hand.
"""
from __future__ import annotations

from ...contract import Event, IllegalOrder
from .. import yields
from ..seating import targets
from ..state import CCState, who
from . import buy, combat, draws, setup
from .common import emit
from .end import finish

BUY_TYPES = ("buy_plot", "buy_population", "build", "buy_tech", "exchange", "cash", "demolish", "give", "end_buy")
ACCEPTS: dict[str, tuple[str, ...]] = {
    "draft1": ("pick",), "draft2": ("pick",), "free_pop": ("free_population",),
    "opening_discard": ("discard",), "collect": ("collect",), "buy": BUY_TYPES, "attack": ("attack",),
    "catapult": ("catapult",), "bounce": ("bounce",), "defend": ("defend",), "losses": ("losses",),
    "place_stolen": ("place_stolen",), "discard": ("discard",), "over": (),
}
SETUP = ("draft1", "draft2", "free_pop", "opening_discard")
DEFENDER = ("catapult", "bounce", "defend", "losses")


def decider(s: CCState) -> int | None:
    """The seat the game waits on (None once over)."""
    if s.finished:
        return None
    if s.phase in SETUP:
        return s.queue[0] if s.queue else None
    if s.phase in DEFENDER:
        return combat.current(s)["defender"]
    return s.active


def handle(s: CCState, o, ev: list[Event]) -> None:
    """Carry out ``o`` (typed) for the current decision, then go on to the next decision."""
    if s.finished:
        raise IllegalOrder("CCG-OV-03", "the game is over")
    if o.type not in ACCEPTS.get(s.phase, ()):
        raise IllegalOrder("CCG-TURN-02" if s.phase == "buy" else "",
                           f"the game waits on a {s.phase.replace('_', ' ')} decision, not a {o.type!r} order")
    seat = decider(s)
    if o.player != seat:
        raise IllegalOrder("", f"the game waits on {who(seat)} (seat {seat}), not seat {o.player}")
    HANDLERS[o.type](s, o, ev)
    advance(s, ev)


# ---- the handlers: each checks, then changes ``s`` -----------------------------------------
def _pick(s, o, ev):
    setup.pick(s, o.player, o.plot, ev)


def _free_population(s, o, ev):
    setup.free_population(s, o.player, o.plot, ev)


def _discard(s, o, ev):
    setup.discard(s, o.player, list(o.cards), ev, "CCG-SET-06" if s.phase == "opening_discard" else "CCG-TURN-04")
    if s.phase == "opening_discard":
        s.queue.pop(0)
    else:
        end_turn(s, ev)


def _collect(s, o, ev):
    collect(s, {k: dict(v) for k, v in o.population.items()}, ev)


def _buy_plot(s, o, ev):
    buy.buy_plot(s, o.player, o.plot, o.pay.model_dump() if o.pay is not None else None, ev)


def _buy_population(s, o, ev):
    buy.buy_population(s, o.player, o.plot, ev)


def _build(s, o, ev):
    buy.build(s, o.player, o.card, o.plot, ev)


def _buy_tech(s, o, ev):
    buy.buy_tech(s, o.player, o.tech, ev)


def _exchange(s, o, ev):
    buy.exchange(s, o.player, o.give, o.get, o.times, ev)


def _cash(s, o, ev):
    buy.cash(s, o.player, o.card, o.as_, ev)


def _demolish(s, o, ev):
    buy.demolish(s, o.player, o.card, ev)


def _give(s, o, ev):
    buy.give(s, o.player, o.to, {"food": o.food, "production": o.production, "commerce": o.commerce}, ev)


def _end_buy(s, o, ev):
    emit(ev, f"{who(o.player)} is done buying", "buy")
    s.phase = "attack"


def _attack(s, o, ev):
    if not combat.declare(s, o.player, [a.model_dump() for a in o.attacks], ev):
        draws.start(s, ev)


def _catapult(s, o, ev):
    combat.catapult(s, o.player, list(o.walls), ev)


def _bounce(s, o, ev):
    combat.bounce(s, o.player, o.unit, ev)


def _defend(s, o, ev):
    combat.defend(s, o.player, [x.model_dump() for x in o.counters], ev)


def _losses(s, o, ev):
    combat.losses(s, o.player, list(o.population), list(o.buildings), ev)


def _place_stolen(s, o, ev):
    combat.place_stolen(s, o.player, list(o.plots), ev)


HANDLERS = {
    "pick": _pick, "free_population": _free_population, "discard": _discard, "collect": _collect,
    "buy_plot": _buy_plot, "buy_population": _buy_population, "build": _build, "buy_tech": _buy_tech,
    "exchange": _exchange, "cash": _cash, "demolish": _demolish, "give": _give, "end_buy": _end_buy,
    "attack": _attack, "catapult": _catapult, "bounce": _bounce, "defend": _defend, "losses": _losses,
    "place_stolen": _place_stolen,
}


# ---- the turn's own steps ----------------------------------------------------------------------
def begin_turn(s: CCState, ev: list[Event]) -> None:
    s.turn += 1
    s.phase = "collect"
    emit(ev, f"turn {s.turn}: {who(s.active)} plays", "turn", seat=s.active)


def collect(s: CCState, alloc: dict | None, ev: list[Event]) -> None:
    """CCG-TURN-01: the turn's resources, then the purchases."""
    p = s.active
    got = yields.income(s, p, alloc)
    for r, n in got.items():
        s.seats[p]["res"][r] += n
    emit(ev, f"{who(p)} collects " + ", ".join(f"{n} {r.capitalize()}" for r, n in got.items()), "collect",
         income=got)
    s.phase = "buy"


def end_turn(s: CCState, ev: list[Event]) -> None:
    if s.ending:
        finish(s, "the last technology was bought", ev)
        return
    s.active = (s.active + 1) % s.players
    begin_turn(s, ev)


def _auto(s: CCState, ev: list[Event]) -> bool:
    """One step nobody need decide; False when the game waits on a decision."""
    ph = s.phase
    if ph in ("draft1", "draft2"):
        if not s.queue:
            if ph == "draft1":
                setup.lay_draft(s, 2, ev)
            else:
                setup.open_market(s, ev)
                s.queue = [(s.first() + i) % s.players for i in range(s.players)]
                s.phase = "free_pop"
            return True
        if len(s.draft) <= 1:  # the last plot of the row: no choice (CCR-FORCED)
            if s.draft:
                setup.pick(s, s.queue[0], s.draft[0], ev)
            else:
                s.queue.pop(0)
            return True
        return False
    if ph == "free_pop":
        if not s.queue:
            setup.deal_opening(s, ev)
            return True
        return False
    if ph == "opening_discard":
        if not s.queue:
            s.active = s.first()
            s.queue = []
            begin_turn(s, ev)
            return True
        hand = s.seats[s.queue[0]]["hand"]
        if len(hand) <= s.need:
            setup.discard(s, s.queue[0], list(hand), ev, "CCG-SET-06")
            s.queue.pop(0)
            return True
        return False
    if ph == "collect":
        if not yields.has_choice(s, s.active):
            collect(s, None, ev)
            return True
        return False
    if ph == "attack":
        units = [c for c in s.seats[s.active]["hand"] if s.cards.kind(c) == "unit"]
        if not units or not targets(s.options, s.players, s.active):
            draws.start(s, ev)
            return True
        return False
    if ph == "combat":
        return combat.step(s, ev)
    if ph == "combat_over":
        s.combat = None
        draws.start(s, ev)
        return True
    if ph == "discard":
        hand = s.seats[s.active]["hand"]
        if len(hand) <= s.need:
            if hand:
                setup.discard(s, s.active, list(hand), ev, "CCG-TURN-04")
            end_turn(s, ev)
            return True
        return False
    return False


def advance(s: CCState, ev: list[Event]) -> None:
    """Take every step nobody need decide, up to the next decision (or the end)."""
    while not s.finished and _auto(s, ev):
        pass
