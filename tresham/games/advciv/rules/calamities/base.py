"""The interface every calamity effect implements (29, 30).

The calamity phase (``rules/calamities/__init__.py``) reveals calamities, picks at most two
per primary victim (29.5) unless Stoic, orders them (29.6) and resolves them one at a time.
For each it calls ``EFFECTS[id].begin(g, ctx)`` and then, while ``done`` is false, routes the
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

EFFECTS: dict[str, "CalamityEffect"] = {}


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


def effect(cls: type[CalamityEffect]) -> type[CalamityEffect]:
    """Class decorator: register a calamity effect under ``cls.id``."""
    EFFECTS[cls.id] = cls()
    return cls
