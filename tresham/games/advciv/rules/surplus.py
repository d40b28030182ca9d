"""Removal of surplus population (26.1-26.2) and the city support check (26.3-26.6).

Surplus removal is automatic (SITE-SURPLUS-01): every token in an area with a city goes
back to stock, and elsewhere each owner keeps at most the area's population limit, +1 for
an Agriculture holder whose tokens are alone there (26.11, 32.241). Ships never count
(26.2). Then each player's cities are checked for support (26.31) with the shared
sub-machine of ``rules/support.py``: a player who must choose which cities to reduce owes a
``reduce_cities`` decision; the site default is random reductions, this turn's new cities
first (SITE-SURPLUS-02, SZ-16).

Orders: ``{"type": "reduce_cities", "player": SEAT, "areas": [area, ...]}`` (see
``support.ReduceCities``).
"""
from __future__ import annotations

from ...contract import Decision, IllegalOrder
from ..context import Context
from ..orders import Order
from ..phase import Phase, register, require_phase_player
from . import support


def surplus_in(g: Context, area: str, owner: str) -> int:
    """Tokens of ``owner`` in ``area`` above what may stay: all of them where a city
    stands (26.1), else those above the limit, Agriculture +1 where alone (26.11, 32.241).
    Ships are not tokens and never count (26.2)."""
    have = g.tokens(area, owner)
    if area in g.s.board.cities:
        return have
    return max(0, have - g.limit(area, owner))


def remove_surplus(g: Context) -> dict[str, int]:
    """Remove all surplus population to stock (26.1); gives the tokens removed per owner.
    Limits are read before anything is removed, so the order of areas does not matter."""
    cuts: list[tuple[str, str, int]] = []
    for area in sorted(g.s.board.tokens):
        for owner in sorted(g.s.board.tokens[area]):
            n = surplus_in(g, area, owner)
            if n:
                cuts.append((area, owner, n))
    removed: dict[str, int] = {}
    where: dict[str, list[str]] = {}
    for area, owner, n in cuts:
        g.remove_tokens(owner, area, n)
        removed[owner] = removed.get(owner, 0) + n
        where.setdefault(owner, []).append(f"{g.area_name(area)} {n}")
    for owner, n in removed.items():
        verb = "remove" if owner in ("barbarians", "pirates") else "removes"
        g.emit(f"{g.name(owner)} {verb} {n} surplus token{'s' if n != 1 else ''} to stock "
               f"({', '.join(where[owner])}).", "surplus", nation=owner, tokens=n)
    return removed


@register
class SurplusPhase(Phase):
    """Phase 8 of the turn (18.1): surplus population, then city support."""

    name = "surplus"
    rule = "26"
    accepts = ("reduce_cities",)

    def start(self, g: Context) -> None:
        remove_surplus(g)
        g.s.step["support"] = support.start_support_check(g, "surplus population removal")

    def pending(self, g: Context) -> list[Decision]:
        st = g.s.step.get("support")
        return support.pending(g, st) if st else []

    def handle(self, g: Context, o: Order) -> None:
        require_phase_player(g, o, "26.31")
        st = g.s.step.get("support")
        if not st:
            raise IllegalOrder("26.31", "no city support check is under way")
        support.handle(g, st, o)

    def timeout(self, g: Context, seat: int) -> None:
        support.timeout(g, g.s.step["support"], seat)

    def sample(self, g: Context, seat: int, rng) -> Order:
        return support.sample(g, g.s.step["support"], seat, rng)
