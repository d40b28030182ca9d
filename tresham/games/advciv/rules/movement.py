"""Movement (23). STUB: every player just says Done; nothing moves yet."""
from __future__ import annotations

from ...base import Decision
from ..game import Game
from ..orders import Order
from ..phase import Phase, register


@register
class MovementPhase(Phase):
    name = "movement"
    rule = "23"
    accepts = ("done",)

    def start(self, g: Game) -> None:
        g.s.step["waiting"] = [p.seat for p in g.census_order()]

    def pending(self, g: Game) -> list[Decision]:
        return [Decision(s, "move", "Enter your moves", default="no movement") for s in g.s.step["waiting"][:1]]

    def handle(self, g: Game, o: Order) -> None:
        g.s.step["waiting"].remove(o.player)

    def timeout(self, g: Game, seat: int) -> None:
        g.s.step["waiting"].remove(seat)
