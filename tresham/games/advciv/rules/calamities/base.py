"""The interface every calamity effect implements (29, 30).

The calamity phase (``rules/calamities/__init__.py``) reveals calamities, picks at most two
per primary victim (29.5) unless Stoic, orders them (29.6) and resolves them one at a time.
For each it calls ``effect(g, id).begin(g, ctx)`` (``EFFECTS[id]`` in the plain game; a
variant's phase overlays its own, EP-9) and then, while ``done`` is false, routes the
pending decisions' orders to ``handle`` and deadlines to ``timeout``.

``ctx`` is the calamity's own JSON-able scratch dict, kept in ``g.s.step["current"]``; it
always holds ``calamity`` (id), ``victim`` (primary victim nation) and ``trader`` (the nation
that traded the card to the victim, or None if never traded; 29.61).
"""
from __future__ import annotations

from typing import Any, ClassVar

from ....base import Decision
from ...game import Game
from ...orders import Order, Timeout
from ...state import STANDARD

#: The plain game's calamity effects by card id, in registration (29.6) order.
EFFECTS: dict[str, "CalamityEffect"] = {}
#: Each variant's own effects, by variant key then card id: the calamities it changes, looked
#: up before ``EFFECTS`` by that variant's calamity phase (``CalamitiesPhase.effects``).
VARIANT_EFFECTS: dict[str, dict[str, "CalamityEffect"]] = {}


class CalamityEffect:
    id: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    #: order type names this effect takes
    accepts: ClassVar[tuple[str, ...]] = ()

    def begin(self, g: Game, ctx: dict[str, Any]) -> None:
        """Apply what needs no decision and set up ``ctx`` for the decisions that follow."""

    def pending(self, g: Game, ctx: dict[str, Any]) -> list[Decision]:
        return []

    def done(self, g: Game, ctx: dict[str, Any]) -> bool:
        return not any(d.required for d in self.pending(g, ctx))

    def handle(self, g: Game, ctx: dict[str, Any], order: Order) -> None:
        raise NotImplementedError

    def timeout(self, g: Game, ctx: dict[str, Any], seat: int) -> None:
        """Site default (SITE-CAL-05): secondary victims = top scorers; units chosen at random."""
        raise NotImplementedError

    def sample(self, g: Game, ctx: dict[str, Any], seat: int, rng) -> Order:
        return Timeout(seat)


def effect(cls: type[CalamityEffect] | None = None, *, variant: str = STANDARD) -> Any:
    """Class decorator: register a calamity effect under ``cls.id``, of the plain game
    (``@effect``) or of one variant only (``@effect(variant="key")``, into
    ``VARIANT_EFFECTS[key]``, never into the plain ``EFFECTS``)."""

    def wrap(cls: type[CalamityEffect]) -> type[CalamityEffect]:
        table = EFFECTS if variant == STANDARD else VARIANT_EFFECTS.setdefault(variant, {})
        if cls.id in table and variant != STANDARD:
            raise ValueError(f"calamity {cls.id!r} registered twice for the variant {variant!r}")
        table[cls.id] = cls()
        return cls

    return wrap if cls is None else wrap(cls)
