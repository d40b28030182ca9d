"""The phase machine's works: a game's options checked, a new game at nation picking, and,
after every accepted order, complete phases finished and the next ones started until someone
owes a decision (:func:`advance`), each turn begun by :func:`new_turn`.

``engine.py`` is the face the rest uses (``new_game``, ``apply``, ``pending``...); a prepared
position (``position.py``) starts from :func:`fresh_game` and is advanced here too, so both
build on this module and neither on the other.
"""
from __future__ import annotations

from typing import Callable

from ...rng import seed_state
from ..contract import IllegalOrder
from . import rules  # noqa: F401  (registers the phases)
from .context import DEFAULT_BOARD, Context
from .rules.ast import end_game
from .state import GameState, Options, Player
from .variant import check_variant_options, variant_of


def check_options(opts: Options) -> None:
    """Refuse options that make no game (clear messages, rule cited): the plain checks, then
    the variant's own (``Variant.check_options``). A prepared position (the option
    ``position``) is not looked at here: ``engine.check_options`` builds it."""
    check_plain_options(opts)
    check_variant_options(opts)
    variant_of(opts).check_options(opts)


def check_plain_options(opts: Options) -> None:
    """The plain checks of :func:`check_options` (the game's variant must be known), the
    board and the tokens filled in when not given."""
    variant = variant_of(opts)
    d = variant.data()
    if not 2 <= opts.players <= 8:  # also in the options' schema, for Options built in code
        raise IllegalOrder("16.1", "Advanced Civilization is for 2 to 8 players")
    if opts.board is None:
        opts.board = DEFAULT_BOARD[opts.players]
    cfg = d.map.configs.get(opts.board)
    if cfg is None:
        raise IllegalOrder("16.1", f"unknown board configuration {opts.board!r}; "
                           f"choose one of {sorted(d.map.configs)}")
    if opts.players not in cfg.players:
        raise IllegalOrder(cfg.rule, f"board {cfg.key!r} is for {list(cfg.players)} players, not {opts.players}")
    if opts.tokens is None:
        opts.tokens = cfg.tokens
    if not 1 <= opts.tokens <= 55:
        raise IllegalOrder("5.1", "a nation plays with 1 to 55 tokens")
    if not 1 <= opts.hand_limit <= 30:
        raise IllegalOrder("31.71", "the hand limit must be between 1 and 30")
    if opts.turn_limit is not None and opts.turn_limit < 1:
        raise IllegalOrder("34.1", "a turn limit must be at least 1")
    if opts.ep_later_modifiers and not opts.ep_major:
        raise IllegalOrder("SITE-SAFE-12", "the later text's substitutions change Cyclone and Tyranny: "
                           "play with the Expansion Project major calamities (ep_major) to use them")


def fresh_game(opts: Options, seed: int | str) -> GameState:
    """A new game of ``opts`` (without a prepared position) at the start of nation picking
    (15.3), trade stacks built (15.2)."""
    check_options(opts)
    variant = variant_of(opts)
    state = GameState(options=opts, players=[Player(seat=i) for i in range(opts.players)],
                      rng=seed_state(seed), phase="pick")
    g = variant.game(state)
    variant.setup(g)
    variant.phase("pick").start(g)
    advance(g)
    g.sync()
    return state


def advance(g: Context, observer: Callable[[GameState, str], None] | None = None) -> None:
    """Finish complete phases and start the following ones until someone owes a decision.
    ``observer(state, phase)`` is called each time a phase finishes."""
    s = g.s
    variant = variant_of(s)
    phases = variant.phases()
    guard = 0
    while not s.finished:
        phase = phases[s.phase]
        if not phase.complete(g):
            return
        phase.finish(g)
        if observer is not None:
            observer(s, phase.name)
        if s.finished:
            return
        nxt = phase.next_phase(g)
        if nxt == variant.turn[0]:
            new_turn(g)
            if s.finished:
                return
        s.phase = nxt
        s.step = {}
        phases[nxt].start(g)
        guard += 1
        if guard > 1000:
            raise RuntimeError("phase machine is looping without any decision")


def new_turn(g: Context) -> None:
    """The next turn begins, unless the game ends first: at the turn limit (34.1B), or with no
    unit of any playing nation left (ruling R-EXTINCT)."""
    s = g.s
    if s.options.turn_limit is not None and s.turn >= s.options.turn_limit:
        end_game(g, f"the turn limit of {s.options.turn_limit} turns was reached (34.1B)")
        return
    if s.turn > 0 and not any(g.tokens_on_board(p.nation) or g.cities_of(p.nation)
                              or g.variant.tokens_elsewhere(s, p.nation)  # e.g. aboard ships
                              for p in g.active() if not p.inert):
        # Ruling R-EXTINCT: with no unit of any playing nation left, nothing can ever happen.
        end_game(g, "no nation has any unit left on the board")
        return
    s.turn += 1
    for p in s.players:
        p.new_cities.clear()
        p.flags.clear()
    g.emit(f"Turn {s.turn} begins.", "turn", turn=s.turn)
