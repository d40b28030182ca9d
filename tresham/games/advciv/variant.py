"""Variants: other rules played on the same engine, chosen by the game option ``variant``.

In the manner of python-chess's ``chess.variant``: the plain game is the base, and a variant
is a subclass of :class:`Variant` that overrides what it changes (class attributes and small
methods), registered by name in :data:`VARIANTS`. The engine asks the game's variant
(:func:`variant_of`) for the turn, the phase objects, the order types, the ``Context`` class, the
set-up, the variant's part of the views and its invariants; in :class:`Variant` itself each
of these is exactly the plain game's, so :class:`Standard` (the plain game) plays as the
engine did before variants existed, and the plain registries (``phase.PHASES``,
``orders.ORDER_TYPES``, ``orders.SITE_TYPES``) hold the plain game's alone.

What a variant brings, each beside the plain registry it overlays (``docs/engine.md``, "How
a variant plugs in"):

- its turn: ``turn``, a tuple of phase names (the plain ``phase.TURN`` by default);
- phases: ``@register(variant=KEY)`` on a ``Phase`` subclass, a new phase or its own class
  under a plain phase's name (``phase.VARIANT_PHASES``);
- orders: ``@order(name, ..., variant=KEY)`` / ``@site_order(..., variant=KEY)``
  (``orders.VARIANT_ORDER_TYPES`` / ``VARIANT_SITE_TYPES``);
- board primitives and hooks: ``context_class``, a ``Context`` subclass;
- state of its own: ``GameState.variant_state``, plain JSON data, set up by :meth:`Variant.setup`
  (left out of the state's JSON while empty, as it always is in the plain game).

What the engine does not know stays outside it, keyed by the variant's key: the heuristic bot's
planners (``bots/heuristic.VARIANT_PLANNERS``) and the order forms (``site/forms.py``,
``@form(kind, to_order, variant=KEY)``).
"""
from __future__ import annotations

import importlib
from collections import ChainMap, Counter
from typing import Any, Callable, ClassVar, Mapping

from pydantic import BaseModel, ValidationError

from ..contract import IllegalOrder, OptionField
from .data import GameData, load
from .context import Context
from .orders import Order, order_types
from .phase import PHASES, TURN, VARIANT_PHASES, Phase
from .state import STANDARD, GameState, Options


class Variant:
    """A set of rules the engine plays. Every method here is the plain game's behaviour; a
    variant subclasses this and overrides what it changes."""

    #: the value of the game option ``variant`` (a key of :data:`VARIANTS`)
    key: ClassVar[str] = STANDARD
    #: the name players read (the lobby, the help pages)
    title: ClassVar[str] = "Advanced Civilization"
    #: the phases of a turn, in order (18.1); "pick" comes before the first turn and "over"
    #: after the last, outside the tuple
    turn: ClassVar[tuple[str, ...]] = TURN
    #: the board primitives and rule hooks of this variant's games (``context.Context``)
    context_class: ClassVar[type[Context]] = Context
    #: order types taken in any phase, before the phase's own (``handle_anytime``): none in
    #: the plain game (whose one such order, ``depart``, the engine routes itself)
    anytime_orders: ClassVar[tuple[str, ...]] = ()
    #: the help pages' names of the variant's own phases (the plain phases have theirs)
    phase_titles: ClassVar[dict[str, str]] = {}
    #: set once :func:`find_variant` has checked this object (its key, its turn's phases)
    _checked: bool = False

    # ---- data and the working object -------------------------------------------------
    def data(self) -> GameData:
        """The static data of this variant's games (the plain files, ``data.load``)."""
        return load()

    def game(self, state: GameState, data: GameData | None = None) -> Context:
        """The working object over ``state`` (``context_class``)."""
        return self.context_class(state, data or self.data())

    # ---- phases and orders -----------------------------------------------------------
    def phases(self) -> Mapping[str, Phase]:
        """The phase objects by name: the variant's own (``@register(variant=key)``), then
        the plain ones (``phase.PHASES`` itself for the plain game)."""
        own = VARIANT_PHASES.get(self.key)
        return PHASES if not own else ChainMap(own, PHASES)

    def phase(self, name: str) -> Phase:
        """The phase object named ``name``."""
        return self.phases()[name]

    def order_types(self, by_site: bool = False) -> Mapping[str, type[Order]]:
        """The order types by name: the players' (``by_site``: the site's); the variant's
        own (``@order(..., variant=key)``) before the plain ones."""
        return order_types(self.key, by_site)

    def anytime_decisions(self, g: Context) -> list:
        """Decisions a player may take in any phase (never required; their orders are
        ``anytime_orders``), listed after the phase's own by ``engine.pending``: none in the
        plain game."""
        return []

    def handle_anytime(self, g: Context, order: Order) -> None:
        """Validate and apply an order of ``anytime_orders`` (IllegalOrder to refuse it), in
        whatever phase the game is; never called in the plain game."""
        raise IllegalOrder("", f"a {order.type_name!r} order is not taken in this game")

    # ---- creating a game ---------------------------------------------------------------
    def options_model(self) -> type[BaseModel] | None:
        """The strict pydantic model of this variant's sub-options (``Options.variant_options``,
        checked by :func:`check_variant_options`): None in the plain game, which takes none."""
        return None

    def sub_options(self, opts: Options) -> BaseModel | None:
        """The game's sub-options as the variant's model (its defaults where none were
        given); None when the variant has no model."""
        model = self.options_model()
        return None if model is None else model.model_validate(opts.variant_options or {})

    def option_label(self) -> str:
        """The variant as the lobby's choice of rules names it (its title)."""
        return self.title

    def option_fields(self) -> list[OptionField]:
        """The lobby's fields of this variant's sub-options (names ``"variant_options.KEY"``,
        shown only when the variant is chosen): none in the plain game."""
        return []

    def check_options(self, opts: Options) -> None:
        """Refuse options this variant cannot play (IllegalOrder, rule cited); called after
        the plain checks (``engine.check_options``), the board and tokens filled in."""

    def setup(self, g: Context) -> None:
        """Prepare a new game before nation picking: the trade stacks (15.2), and the
        variant's own ``g.s.variant_state`` (empty in the plain game)."""
        from .rules.setup import build_stacks

        build_stacks(g)

    # ---- trade stacks ------------------------------------------------------------------
    def stack_names(self) -> tuple[str, ...]:
        """The names of the trade stacks, one per list of ``GameState.stacks`` in that order:
        the plain game's "1".."9" (15.2). The view's deck counts and the scenario format's
        ``stacks`` use them."""
        return PLAIN_STACKS

    def take_from_stacks(self, g: Context, card: str) -> None:
        """Take one ``card`` out of the stacks, for a prepared position whose hands hold it
        (``scenario``): the plain game takes it from the stack of its value, if it is there."""
        stack = g.s.stacks[g.d.card_value(card) - 1]
        if card in stack:
            stack.remove(card)

    def return_departed(self, g: Context, cards: list[str]) -> None:
        """Put the cards a departing nation does not keep under their stacks (15.62:
        ``departure.return_to_stacks``)."""
        from .rules.departure import return_to_stacks

        return_to_stacks(g, cards)

    def variant_state_model(self) -> type[BaseModel] | None:
        """The pydantic model a prepared position's ``variant_state`` is checked with (the
        scenario format, ``scenario.set_variant_state``); None: the game keeps none (the plain
        game), and a position giving one is refused."""
        return None

    # ---- views ------------------------------------------------------------------------
    def view(self, g: Context, seat: int | None) -> dict[str, Any]:
        """The variant's part of ``seat``'s view (None = a spectator), under the view's key
        ``"variant"``; nothing (and no key) in the plain game. Only what ``seat`` may see."""
        return {}

    def phase_view(self, phase: str) -> Callable[[Context, int | None], dict] | None:
        """The hook adding ``phase``'s part to a view (``view.PHASE_VIEWS``)."""
        return _view().PHASE_VIEWS.get(phase)

    def phase_secrets(self, phase: str) -> Callable[[dict, int], dict] | None:
        """The hook taking ``phase``'s secrets out of its scratch data for one seat's
        information state (``view.PHASE_SECRETS``)."""
        return _view().PHASE_SECRETS.get(phase)

    def private_step_keys(self, phase: str) -> tuple[tuple[str, str], ...]:
        """The per-player entries of ``phase``'s scratch data only their owner may know
        (``view.PRIVATE_STEP_KEYS``)."""
        return _view().PRIVATE_STEP_KEYS.get(phase, ())

    def hide(self, state: GameState, seat: int) -> None:
        """Mask in ``state`` (a copy, already masked as in the plain game) what ``seat`` may
        not know of the variant's own state (``view.information_state``). ``variant_state``
        is kept as it is unless a variant hides its secrets here."""

    # ---- checks ------------------------------------------------------------------------
    def tokens_elsewhere(self, state: GameState, nation: str) -> int:
        """``nation``'s tokens that are neither on the board nor in stock or treasury (a
        variant's tokens aboard ships), for the token count of ``sim.check_invariants``:
        none in the plain game (5.1, 23.56: nothing stays aboard)."""
        return 0

    def cards_elsewhere(self, state: GameState) -> Counter:
        """Trade cards outside the stacks, hands, ``set_aside`` and ``retained_cards`` (a
        variant's cards aboard ships), for the card count of ``sim.card_counts``: none in the
        plain game."""
        return Counter()

    def position_built(self, g: Context) -> None:
        """A prepared position's pieces are placed (``scenario``, before its check): the
        variant completes its own state for them. Nothing in the plain game."""

    def invariants(self, state: GameState) -> list[str]:
        """Violations of the variant's own invariants (``sim.check_invariants``): none here."""
        return []

    def expected_cards(self, options: Options | None) -> Counter:
        """The trade cards of a game with these options, wherever they are: 114 commodities
        and 12 calamities (8.1, 9.1), and the calamities its options add (``ep_major``,
        ``ep_minor``); ``options`` None: the core game's 126."""
        d = self.data()
        expected = Counter({c.id: c.count for c in d.commodities.values()})
        expected.update({c.id: 1 for c in d.calamities_in_play(options)})
        return expected

    def __repr__(self) -> str:
        return f"<{type(self).__name__} variant {self.key!r}>"


#: The plain game's nine trade stacks by name (15.2): index 0 is stack "1".
PLAIN_STACKS = tuple(str(i) for i in range(1, 10))


def _view():
    """The module ``view`` (which imports this one), imported on the first call; the name is
    then bound to a function giving it at once (these lookups run for every bot decision)."""
    global _view
    from . import view

    _view = lambda: view  # noqa: E731
    return view


class Standard(Variant):
    """The plain game: Advanced Civilization as the rules (and the engine) play it."""

    def option_label(self) -> str:
        return "Standard: the Advanced Civilization rules"


#: The variants by key: a :class:`Variant` (instance or subclass), or the "module:attribute"
#: of one, imported the first time a game of that variant needs it (so the plain game never
#: imports a variant's package).
VARIANTS: dict[str, Variant | type[Variant] | str] = {
    STANDARD: Standard(),
    # Grand Imperial v1.1 (issue 13; docs/variants/grand-imperial.md)
    "grand_imperial": "tresham.games.advciv.grand_imperial.variant:GrandImperial",
}
#: The variants the product registers (the options' JSON Schema lists these).
BUILT_IN = frozenset(VARIANTS)


def find_variant(name: str) -> Variant:
    """The variant registered as ``name`` (exactly: the option's value is a key, as strict as
    every option); IllegalOrder naming the variants if there is none. An entry given as a
    class or a "module:attribute" is imported and made once, and checked (TypeError if its
    key is not ``name`` or its turn names a phase not registered)."""
    v = VARIANTS.get(name) if isinstance(name, str) else None
    if v is None:
        shown = repr(name[:40]) if isinstance(name, str) else repr(name)[:40]
        raise IllegalOrder("16.1", f"unknown variant {shown}; the variants are: "
                           f"{', '.join(repr(k) for k in sorted(VARIANTS))}")
    if isinstance(v, Variant) and v._checked:
        return v
    if isinstance(v, str):
        module, _, attr = v.partition(":")
        v = getattr(importlib.import_module(module), attr)
    if isinstance(v, type) and issubclass(v, Variant):
        v = v()
    if not isinstance(v, Variant) or v.key != name:
        raise TypeError(f"VARIANTS[{name!r}] is not a Variant with the key {name!r}: {v!r}")
    _check(v)
    v._checked = True
    VARIANTS[name] = v
    return v


def _check(v: Variant) -> None:
    """A variant's turn names phases that exist, once each; "pick" and "over" exist too."""
    from . import rules  # noqa: F401  (registers the plain phases)

    phases = v.phases()
    missing = [p for p in ("pick", "over", *v.turn) if p not in phases]
    if missing or len(set(v.turn)) != len(v.turn) or not v.turn:
        raise TypeError(f"variant {v.key!r}: its turn {v.turn!r} names phases that are not "
                        f"registered ({', '.join(missing) or 'none'}) or names one twice")


def built_in() -> list[Variant]:
    """The variants the product registers (:data:`BUILT_IN`), the plain game first, then by
    title: the lobby offers these and no other."""
    vs = [find_variant(k) for k in BUILT_IN]
    return sorted(vs, key=lambda v: (v.key != STANDARD, v.title))


def built_in_sub_options() -> dict[str, type[BaseModel]]:
    """The sub-option models of the built-in variants that take any, by variant key."""
    return {v.key: m for v in built_in() if (m := v.options_model()) is not None}


def check_variant_options(opts: Options) -> None:
    """Check ``opts.variant_options`` against its variant's model (``Variant.options_model``):
    IllegalOrder naming the bad sub-option, or naming the variant that takes none; given,
    they are replaced by the model's full form (defaults filled in); empty, by None (the
    variant's defaults, left out of the JSON)."""
    raw = opts.variant_options
    if raw is None:
        return
    v = variant_of(opts)
    if not raw:
        opts.variant_options = None
        return
    model = v.options_model()
    if model is None:
        names = ", ".join(repr(k[:40]) for k in sorted(raw)[:3])
        raise IllegalOrder("16.1", f"game options: {v.title} ({v.key!r}) takes no sub-options; "
                           f"variant_options gives {names}")
    from .schema import explain

    try:
        m = model.model_validate(raw)
    except ValidationError as e:
        raise IllegalOrder("16.1", f"game options: variant_options of {v.title}: "
                           f"{explain(e, noun='sub-option', model=model)}") from None
    opts.variant_options = m.model_dump(mode="json")


def variant_of(x: GameState | Options | dict | None) -> Variant:
    """The variant of a game: from its state, its options, or their JSON form (None or no
    ``variant`` key: the plain game)."""
    if isinstance(x, GameState):
        name = x.options.variant
    elif isinstance(x, Options):
        name = x.variant
    elif isinstance(x, dict):
        name = x.get("variant", STANDARD)
    elif x is None:
        name = STANDARD
    else:
        raise TypeError(f"variant_of needs a state, options or their JSON form, not {type(x).__name__}")
    v = VARIANTS.get(name)
    return v if isinstance(v, Variant) and v._checked else find_variant(name)


def game_for(state: GameState, data: GameData | None = None) -> Context:
    """The working object over ``state``, of its variant's ``Context`` class."""
    return variant_of(state).game(state, data)
