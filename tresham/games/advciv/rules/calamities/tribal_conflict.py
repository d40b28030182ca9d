"""Tribal Conflict (Expansion Project 28.73; stack 7, minor, tradable; option ``ep_minor``).

CPCAL-28.731: the victim removes all his tokens from two of his areas sharing a common land
border (4.22: ``land_adj``); both must hold at least one of his tokens and no city (of
anyone); he chooses the pair. CPCAL-28.732: with no such pair it has no effect.
CPCAL-28.733: no more than five tokens are removed; the excess stays (ruling EPM-6: exactly
five when the pair holds more, split between the two areas as he chooses). CPCAL-00c: no
advance modifies it.

Decisions: ``calamity_choice`` {"choices": ["areaA+areaB", ...]} for the pair (forced when
there is one; site default, ruling EPM-7: a pair holding fewest tokens, at random among
them), then, only when the pair holds more than five tokens, ``choose_losses`` of five
tokens limited to the two areas (``losses.make_loss(..., tokens=...)``; site default random
tokens).
"""
from __future__ import annotations

from typing import Any

from ....contract import Decision, IllegalOrder
from ...context import Context
from ...words import plural
from ...orders import Order
from . import losses as L
from .base import CalamityEffect, effect
from .losses import CalamityChoice
from .superstition import seat

CAP = 5  # CPCAL-28.733


def eligible_areas(g: Context, nation: str) -> list[str]:
    """His areas with at least one of his tokens and no city (28.731)."""
    return [a for a in g.token_areas(nation) if a not in g.s.board.cities and a in g.areas]


def pairs(g: Context, nation: str) -> list[str]:
    """Every pair of eligible areas sharing a land border, as "a+b" (a < b), sorted."""
    el = eligible_areas(g, nation)
    s = set(el)
    return sorted(f"{a}+{b}" for a in el for b in g.areas[a].land_adj if b in s and a < b)


def split(pair: str) -> tuple[str, str]:
    a, _, b = pair.partition("+")
    return a, b


def pair_tokens(g: Context, nation: str, pair: str) -> int:
    return sum(g.tokens(a, nation) for a in split(pair))


@effect
class TribalConflict(CalamityEffect):
    id = "tribal_conflict"
    rule = "28.73"
    #: the effect in the site's own words (the help pages, 30)
    summary = ("The victim empties two neighbouring areas of his holding his tokens and no city, his "
               "pick, losing at most 5 tokens.")
    accepts = ("calamity_choice", "choose_losses")

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        v = ctx["victim"]
        ctx["losses"] = {}
        ps = pairs(g, v)
        if not ps:
            g.emit(f"Tribal Conflict: {g.name(v)} has no two neighbouring areas with his tokens "
                   "and no city; it has no effect (28.732).", "calamity_none", nation=v,
                   calamity=self.id)
            ctx["stage"] = "done"
            return
        ctx["stage"] = "pair"
        if len(ps) == 1:
            self._pair(g, ctx, ps[0])

    def _pair(self, g: Context, ctx: dict[str, Any], pair: str) -> None:
        v = ctx["victim"]
        a, b = split(pair)
        n = pair_tokens(g, v, pair)
        g.emit(f"Tribal Conflict: {g.area_name(a)} and {g.area_name(b)} are depopulated"
               + (f"; at most {CAP} of {g.possessive(v)} {plural(n, 'token')} there are removed (28.733)."
                  if n > CAP else "."), "calamity_effect", nation=v, areas=[a, b], tokens=min(n, CAP))
        ctx["pair"] = pair
        ctx["stage"] = "tokens"
        if n <= CAP:
            for x in (a, b):
                g.remove_tokens(v, x, g.tokens(x, v))
            ctx["stage"] = "done"
            return
        ctx["losses"][v] = L.make_loss(g, v, CAP, tokens={x: g.tokens(x, v) for x in (a, b)}, cities=[],
                                       why="Tribal Conflict", rule="28.733", ceiling=CAP)
        L.settle(g, ctx["losses"])

    def done(self, g: Context, ctx: dict[str, Any]) -> bool:
        return ctx.get("stage") == "done" or (ctx.get("stage") == "tokens" and not ctx["losses"])

    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        v = ctx["victim"]
        if ctx.get("stage") == "pair":
            ps = pairs(g, v)
            return [Decision(seat(g, v), "calamity_choice",
                             "Tribal Conflict: choose two neighbouring areas of yours (tokens, no city) "
                             f"whose tokens are removed (at most {CAP} in all)",
                             default="a pair holding fewest tokens, chosen at random",
                             options={"choices": ps, "tokens": {p: pair_tokens(g, v, p) for p in ps}})]
        if ctx.get("stage") == "tokens":
            return L.pending(g, ctx["losses"])
        return []

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        if ctx.get("stage") == "pair":
            if not isinstance(o, CalamityChoice):
                raise IllegalOrder("28.731", "choose the two areas first (calamity_choice)")
            ps = pairs(g, ctx["victim"])
            if o.choice not in ps:
                raise IllegalOrder("28.731", f"{o.choice!r} is not two neighbouring areas holding your "
                                   "tokens and no city; choose among " + ", ".join(ps))
            self._pair(g, ctx, o.choice)
            return
        if not isinstance(o, L.ChooseLosses):
            raise IllegalOrder("28.733", "choose the five tokens removed (choose_losses)")
        L.handle(g, ctx["losses"], o)

    def timeout(self, g: Context, ctx: dict[str, Any], seat_: int) -> None:
        """Ruling EPM-7: the pair holding fewest tokens (random among equals); then random tokens."""
        v = ctx["victim"]
        if ctx.get("stage") == "pair":
            ps = pairs(g, v)
            low = min(pair_tokens(g, v, p) for p in ps)
            g.emit(f"{g.name(v)} did not choose in time; a pair of areas holding fewest tokens is "
                   "chosen.", "timeout")
            self._pair(g, ctx, g.rng.choice([p for p in ps if pair_tokens(g, v, p) == low]))
            return
        L.timeout(g, ctx["losses"], seat_)

    def sample(self, g: Context, ctx: dict[str, Any], seat_: int, rng) -> Order:
        if ctx.get("stage") == "pair":
            return CalamityChoice(seat_, rng.choice(pairs(g, ctx["victim"])))
        return L.sample(g, ctx["losses"], seat_, rng)
