"""The Advanced Civilization engine: a pure function from state and order to new state.

    state2, events = apply(state, order)    # state untouched; IllegalOrder if refused
    pending(state)  -> [Decision]           # who owes what now
    default(state, seat) -> order           # what the site does when seat's deadline passes
    view(state, seat) -> dict               # everything that seat may see, nothing more

The phase machine: each phase (``rules/``) says what is pending; after every accepted order
the engine finishes complete phases and starts the next (``machine.py``), so automatic phases
pass at once. A game starts at nation picking, or from a prepared position (``position.py``).
No web, database or clock here; chance only through the generator held in the state.
The game's variant (``variant.py``, the option ``variant``) gives the turn, the phase objects,
the order types and the ``Context`` class; the plain game's are those of ``Standard``. The
site's handle on the game is ``site/rules.py``; the bots (``bots/``) and the tools
(``tools/``) use this module, which uses none of them.
"""
from __future__ import annotations

from typing import Callable, Iterable

from ..contract import AlreadyDone, Decision, Event, IllegalOrder
from .machine import advance, check_plain_options, fresh_game
from .bot_words import as_bots_choice
from .orders import BotDefault, Order, Timeout, from_json
from .position import start_position
from .rules.departure import Depart, depart
from .state import GameState, Options
from .variant import check_variant_options, game_for, variant_of
from .view import player_view

__all__ = ["new_game", "apply", "apply_in_place", "pending", "default", "view", "replay", "check_options"]


def check_options(opts: Options) -> None:
    """Refuse options that make no game (clear messages, rule cited): the plain checks, the
    prepared position (the option ``position``, built to be checked, nothing kept), then the
    variant's own (``Variant.check_options``)."""
    check_plain_options(opts)
    if opts.position is not None:
        start_position(opts, 0)  # the whole position checked (by building it); nothing kept
    check_variant_options(opts)
    variant_of(opts).check_options(opts)


def new_game(options: dict | Options | None = None, seed: int | str = 0) -> GameState:
    """A new game at the start of nation picking (15.3), trade stacks built (15.2); with the
    option ``position``, the prepared position instead, started from ``seed`` (position.py)."""
    opts = options if isinstance(options, Options) else Options.from_json({} if options is None else options)
    if opts.position is not None:
        return start_position(opts, seed)  # checks the options itself
    return fresh_game(opts, seed)


def apply_in_place(state: GameState, order: dict | Order,
                   observer: Callable[[GameState, str], None] | None = None, *,
                   by_site: bool = False, settle: bool = True) -> list[Event]:
    """Apply ``order`` to ``state`` itself (fast path for bots and simulation).

    Phases validate before they change anything, but only :func:`apply` guarantees an
    untouched state when an order is refused. ``observer(state, phase)`` is called each time
    a phase finishes (simulation uses it to check invariants between phases).
    ``by_site``: the site gives the order (a timeout, the market clock, a standing order);
    a seat may give only players' orders (``orders.from_json``). ``settle`` False: the order
    is taken but what follows it (a phase finishing, the next ones) is not run -- a preview's
    check on a seat's information state, where what follows may need the hands it cannot see."""
    variant = variant_of(state)
    o = from_json(order, by_site=by_site, variant=variant.key)
    if state.finished:
        raise IllegalOrder("34.1", "the game is over")
    g = variant.game(state)
    g.player(o.player)
    phase = variant.phase(state.phase)
    if isinstance(o, Depart):
        nation = g.player(o.player).nation
        if nation is None:
            raise IllegalOrder("15.6", "a seat without a nation cannot leave the game")
        depart(g, nation)
        # 15.61: an inert nation decides nothing; what it owed takes the default at once
        for _ in range(100):
            owed = [d.player for d in phase.pending(g) if d.required and g.s.players[d.player].inert]
            if not owed:
                break
            phase.timeout(g, owed[0])
    elif o.type_name in variant.anytime_orders:
        variant.handle_anytime(g, o)
    elif isinstance(o, Timeout):
        owed = [d for d in phase.pending(g) if d.player == o.player and d.required]
        if not owed:
            raise IllegalOrder("", f"seat {o.player} owes nothing now, so nothing can time out")
        first = len(g.events)
        phase.timeout(g, o.player)
        if isinstance(o, BotDefault):  # the bot's own choice, not a missed deadline (SITE-BOT-03)
            g.events[first:] = [as_bots_choice(e) for e in g.events[first:]]
    else:
        if o.type_name not in phase.accepts:
            raise IllegalOrder(phase.rule, f"a {o.type_name!r} order is not taken in the "
                               f"{phase.name} phase")
        phase.handle(g, o)
    state.order_count += 1
    if settle:
        advance(g, observer)
    g.sync()
    return g.events


def apply(state: GameState, order: dict | Order, *, by_site: bool = False) -> tuple[GameState, list[Event]]:
    """Pure: the state after ``order`` and the events it caused; ``state`` is never changed.
    ``by_site`` as in :func:`apply_in_place`."""
    new = state.copy()
    events = apply_in_place(new, order, by_site=by_site)
    return new, events


def pending(state: GameState) -> list[Decision]:
    """Decisions owed now (``required``) and those that may be entered early."""
    if state.finished:
        return []
    variant = variant_of(state)
    g = game_for(state)
    owed = variant.phase(state.phase).pending(g)
    extra = variant.anytime_decisions(g)
    return owed + extra if extra else owed


def default(state: GameState, seat: int) -> dict:
    """The order the site applies when ``seat``'s deadline passes (the phase's default)."""
    return Timeout(seat).to_json()


def bot_default(state: GameState, seat: int) -> dict:
    """The same default as the seat's bot's own choice: its history says so, not that its time
    ran out (SITE-BOT-03)."""
    return BotDefault(seat).to_json()


def view(state: GameState, seat: int | None) -> dict:
    """What ``seat`` may see (None = a spectator)."""
    return player_view(state, seat)


def replay(options: dict, seed: int | str, orders: Iterable[dict]) -> GameState:
    """Rebuild a game from its creation options, seed and accepted orders (the log holds
    only accepted orders, the platform's among them, so each is applied as it was)."""
    state = new_game(dict(options), seed)
    for o in orders:
        try:
            apply_in_place(state, o, by_site=True)
        except AlreadyDone:  # a repeat logged before SITE-SAFE-10: it changed nothing but counters
            continue
    return state
