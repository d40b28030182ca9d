"""The shape of a phase: who owes what, how an order is handled, what the default is.

Each phase of the turn (18.1) is one :class:`Phase` subclass in ``rules/``, registered with
:func:`register`. The engine (``engine.py``) strings them together: after every accepted
order it asks the current phase whether it is complete, and if so finishes it and starts
the next one, so phases that need no decision pass without anyone waiting.

A variant (``variant.py``) plays its own turn (``Variant.turn``) and may register phases of its
own, or its own class under a plain phase's name, with ``@register(variant=KEY)``: they go
into ``VARIANT_PHASES[KEY]``, never into the plain ``PHASES``.
"""
from __future__ import annotations

import json
from typing import Any, ClassVar

from ..contract import AlreadyDone, Decision, IllegalOrder
from .context import Context
from .orders import Order
from .state import STANDARD

#: The plain game's phases by name ("pick" and "over" included).
PHASES: dict[str, "Phase"] = {}
#: Each variant's own phases, by variant key then phase name: new phases, and its classes
#: for plain phases it changes (looked up before ``PHASES``: ``Variant.phases``).
VARIANT_PHASES: dict[str, dict[str, "Phase"]] = {}

#: The turn (18.1): 13 phases in order, after the set-up phase "pick".
TURN = (
    "tax",
    "population",
    "census",
    "ships",
    "movement",
    "conflict",
    "cities",
    "surplus",
    "acquisition",
    "trade",
    "calamities",
    "advances",
    "ast",
)


class Phase:
    """Base class of a phase. Subclasses override what they need."""

    name: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    #: order types this phase accepts (names registered in orders.py)
    accepts: ClassVar[tuple[str, ...]] = ()

    def start(self, g: Context) -> None:
        """Set up ``g.s.step`` and do whatever needs no decision."""

    def pending(self, g: Context) -> list[Decision]:
        """Decisions owed now (required) or that may be entered early (not required)."""
        return []

    def complete(self, g: Context) -> bool:
        """True when nobody owes anything more in this phase."""
        return not any(d.required for d in self.pending(g))

    def handle(self, g: Context, order: Order) -> None:
        """Validate and apply one order (raise IllegalOrder to refuse it)."""
        raise IllegalOrder(self.rule, f"no orders are taken in the {self.name} phase")

    def timeout(self, g: Context, seat: int) -> None:
        """Apply the site's default for ``seat``'s overdue decision (SITE-TIME-04)."""
        raise IllegalOrder(self.rule, f"nothing is owed by seat {seat} in the {self.name} phase")

    def sample(self, g: Context, seat: int, rng) -> Order:
        """A uniformly random legal order for ``seat``'s current decision (the random bot
        and the property tests use it). The default, the timeout order, is always legal
        for a required decision; phases override this to explore their real choices."""
        from .orders import Timeout

        return Timeout(seat)

    def finish(self, g: Context) -> None:
        """Wrap up once complete (before the next phase starts)."""

    def next_phase(self, g: Context | None) -> str:
        """The phase after this one in the turn of ``g``'s variant (``Variant.turn``; the
        plain ``TURN`` when ``g`` is None): "pick" leads to the turn's first phase, the last
        wraps around."""
        turn = TURN if g is None else g.variant.turn
        if self.name == "pick":
            return turn[0]
        i = turn.index(self.name)
        return turn[(i + 1) % len(turn)]


def register(cls: type[Phase] | None = None, *, variant: str = STANDARD) -> Any:
    """Class decorator: make ``cls`` the phase named ``cls.name``, of the plain game
    (``@register``) or of one variant only (``@register(variant="key")``)."""

    def wrap(cls: type[Phase]) -> type[Phase]:
        table = PHASES if variant == STANDARD else VARIANT_PHASES.setdefault(variant, {})
        if cls.name in table and variant != STANDARD:
            raise ValueError(f"phase {cls.name!r} registered twice for the variant {variant!r}")
        table[cls.name] = cls()
        return cls

    return wrap if cls is None else wrap(cls)


def require_phase_player(g: Context, order: Order, rule: str = "") -> None:
    """Refuse orders from seats without a nation or from inert nations."""
    p = g.player(order.player)
    if p.nation is None:
        raise IllegalOrder(rule, "you have no nation yet")
    if p.inert:
        raise IllegalOrder("15.61", "an inert nation takes no actions")


def refuse_repeat(stored: Any, entered: Any, rule: str, what: str) -> None:
    """SITE-SAFE-10: an order entered ahead of its turn (or a Done) equal to the one already
    stored would change nothing: :class:`AlreadyDone` ("already done: ``what``"), raised before
    anything changes, so the site logs nothing and no receipt is told again."""
    if stored is not None and json.loads(json.dumps(stored)) == json.loads(json.dumps(entered)):
        raise AlreadyDone(rule, what)  # compared as JSON: a stored state has lists, not tuples


def queue_head(g: Context) -> str | None:
    """The nation whose turn it is in a phase taken nation by nation (``step["queue"]``);
    nations that departed during the phase are dropped on the way (15.61)."""
    queue = g.s.step["queue"]
    while queue and g.of(queue[0]).inert:
        queue.pop(0)
    return queue[0] if queue else None


def queue_done(g: Context, nation: str) -> None:
    """``nation`` has acted: off the queue; the 1.5 x time of the first decider is used
    (SITE-TIME-02)."""
    g.s.step["queue"].remove(nation)
    g.s.step["first"] = False


def live_queue(g: Context) -> list[str]:
    """The nations still to act in a phase taken one nation after another (``step["queue"]``),
    departed (inert) ones left out (15.61)."""
    return [n for n in g.s.step.get("queue", []) if not g.of(n).inert]
