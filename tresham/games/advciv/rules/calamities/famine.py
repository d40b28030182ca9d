"""Famine (30.31): the victim loses 10 unit points and assigns 20 more to other players.

Unit choices use the shared loss decision of ``losses.py`` (29.62, 29.63).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ....base import Decision, IllegalOrder
from ...game import Game
from ...orders import Order, order
from . import losses as L
from .base import CalamityEffect, effect

PRIMARY = 10  # 30.311
SECONDARY_TOTAL = 20  # 30.311
SECONDARY_CAP = 8  # 30.311
GRAIN_RELIEF = 4  # 30.312


@order("famine_assign")
@dataclass(slots=True)
class FamineAssign(Order):
    """The Famine victim's allocation of the 20 secondary unit points: {nation: points}."""

    victims: dict[str, int] = field(default_factory=dict)


def capacities(g: Game, ctx: dict[str, Any]) -> dict[str, int]:
    """Most each other player may be assigned: 8, or fewer if he has fewer unit points on the
    board (30.311). The trader never (29.61); Famine is non-tradable, so there is none."""
    out = {}
    for p in g.active():
        if p.nation in (ctx["victim"], ctx["trader"]) or p.inert:
            continue
        cap = min(SECONDARY_CAP, g.unit_points_on_board(p.nation))
        if cap > 0:
            out[p.nation] = cap
    return out


def pottery_relief(g: Game, nation: str, loss: int) -> tuple[int, int]:
    """30.312 / 32.211: a Pottery holder reduces a Famine loss by 4 per Grain card held
    (floor 0, Z-26). Gives (reduced loss, Grain cards shown). Only the Grain needed is shown."""
    p = g.of(nation)
    if not p.has("pottery") or loss <= 0:
        return loss, 0
    grain = p.hand.count("grain")
    used = min(grain, -(-loss // GRAIN_RELIEF))
    return max(0, loss - GRAIN_RELIEF * used), used


def uniform_allocation(caps: dict[str, int], total: int, rng) -> dict[str, int]:
    """A uniformly random allocation of ``total`` points with 0 <= a[n] <= caps[n] (the bot's
    Famine assignment): ways[i][t] counts the allocations of ``t`` among players i.. ."""
    names = sorted(caps)
    ways = [[0] * (total + 1) for _ in range(len(names) + 1)]
    ways[len(names)][0] = 1
    for i in range(len(names) - 1, -1, -1):
        for t in range(total + 1):
            ways[i][t] = sum(ways[i + 1][t - a] for a in range(min(caps[names[i]], t) + 1))
    out: dict[str, int] = {}
    left = total
    for i, n in enumerate(names):
        r = rng.below(ways[i][left])
        for a in range(min(caps[n], left) + 1):
            w = ways[i + 1][left - a]
            if r < w:
                break
            r -= w
        if a:
            out[n] = a
        left -= a
    return out


@effect
class Famine(CalamityEffect):
    """30.311: 10 unit points for the victim, 20 assigned by him (at most 8 each) to other
    players who choose their own units; 30.312 Pottery relief applied to each victim's share."""

    id = "famine"
    rule = "30.31"
    accepts = ("famine_assign", L.ChooseLosses.type_name)

    def begin(self, g: Game, ctx: dict[str, Any]) -> None:
        caps = capacities(g, ctx)
        ctx["total"] = min(SECONDARY_TOTAL, sum(caps.values()))
        ctx["losses"] = {}
        self._owe(g, ctx, ctx["victim"], PRIMARY)
        ctx["stage"] = "assign"
        if sum(caps.values()) <= SECONDARY_TOTAL:  # only one allocation is possible
            self._assign(g, ctx, caps)

    def _owe(self, g: Game, ctx: dict[str, Any], nation: str, nominal: int) -> None:
        pts, grain = pottery_relief(g, nation, nominal)
        if grain:
            p = g.of(nation)
            p.flags["famine_grain"] = p.flags.get("famine_grain", 0) + grain
            g.emit(f"{g.name(nation)} shows {grain} Grain (Pottery): the Famine loss falls from "
                   f"{nominal} to {pts} unit points; that Grain cannot buy civilization cards "
                   "this turn (30.312).", "famine_grain", nation=nation, grain=grain, points=pts)
        if pts > 0:
            ctx["losses"][nation] = L.make_loss(g, nation, pts, why="Famine", rule="30.311")

    def _assign(self, g: Game, ctx: dict[str, Any], alloc: dict[str, int]) -> None:
        alloc = {n: v for n, v in alloc.items() if v > 0}
        if alloc:
            g.emit("Famine: " + ", ".join(f"{g.name(n)} {v}" for n, v in sorted(alloc.items()))
                   + " unit points assigned.", "famine_assign", victims=alloc)
        for n, v in sorted(alloc.items()):
            self._owe(g, ctx, n, v)
        ctx["stage"] = "losses"
        L.settle(g, ctx["losses"])

    def pending(self, g: Game, ctx: dict[str, Any]) -> list[Decision]:
        if ctx.get("stage") == "assign":
            return [Decision(g.of(ctx["victim"]).seat, "famine_assign",
                             f"Famine: assign {ctx['total']} unit points to other players, at most "
                             f"{SECONDARY_CAP} each", default="the leading players lose 8 each",
                             options={"total": ctx["total"], "caps": capacities(g, ctx)})]
        if ctx.get("stage") == "losses":
            return L.pending(g, ctx["losses"])
        return []

    def check_assign(self, g: Game, ctx: dict[str, Any], alloc: Any) -> None:
        """Validate an allocation (30.311, 29.64, 29.61) before anything changes."""
        if not isinstance(alloc, dict) or not all(isinstance(k, str) and isinstance(v, int)
                                                  and not isinstance(v, bool) for k, v in alloc.items()):
            raise IllegalOrder("30.311", "give the unit points per nation, e.g. {\"egypt\": 8}")
        caps = capacities(g, ctx)
        for n, v in alloc.items():
            if v < 0:
                raise IllegalOrder("30.311", "a negative loss cannot be assigned")
            if v == 0:
                continue
            if n == ctx["victim"]:
                raise IllegalOrder("30.311", "the 20 unit points go to other players")
            if n not in caps:
                raise IllegalOrder("30.311", self.why_not(g, ctx, n))
            if v > caps[n]:
                raise IllegalOrder("30.311", f"{g.name(n)} may be assigned at most {caps[n]} "
                                   "unit points (8 at most, and no more than he has)")
        if sum(alloc.values()) != ctx["total"]:
            raise IllegalOrder("29.64", f"you must assign exactly {ctx['total']} unit points "
                               f"(you assigned {sum(alloc.values())})")

    def why_not(self, g: Game, ctx: dict[str, Any], nation: str) -> str:
        """The player-facing reason a nation cannot be assigned Famine losses."""
        ok = "; you may assign: " + ", ".join(f"{g.name(n)} (at most {c})"
                                              for n, c in sorted(capacities(g, ctx).items()))
        p = next((q for q in g.active() if q.nation == nation), None)
        if p is None:
            return f"{nation} is not a player in this game" + ok
        if nation == ctx["trader"]:
            return f"{g.name(nation)} traded you the card and cannot be a secondary victim (29.61)" + ok
        if p.inert:
            return f"{g.name(nation)} has left the game and cannot be a secondary victim (15.61)" + ok
        return f"{g.name(nation)} has no units on the board" + ok

    def handle(self, g: Game, ctx: dict[str, Any], o: Order) -> None:
        if ctx.get("stage") == "assign":
            if not isinstance(o, FamineAssign) or o.player != g.of(ctx["victim"]).seat:
                raise IllegalOrder("30.311", "the Famine victim must first assign the 20 unit points")
            self.check_assign(g, ctx, o.victims)
            self._assign(g, ctx, o.victims)
            return
        if isinstance(o, FamineAssign):
            raise IllegalOrder("30.311", "the Famine losses are already assigned")
        L.handle(g, ctx["losses"], o)

    def leader_assignment(self, g: Game, ctx: dict[str, Any]) -> dict[str, int]:
        """SITE-CAL-05 / SZ-20: the leading players by Total Public Points take 8 each."""
        caps = capacities(g, ctx)
        out: dict[str, int] = {}
        left = ctx["total"]
        for n in g.leaders():
            if n in caps and left > 0:
                out[n] = min(caps[n], left)
                left -= out[n]
        return out

    def timeout(self, g: Game, ctx: dict[str, Any], seat: int) -> None:
        if ctx.get("stage") == "assign":
            g.emit(f"{g.name(ctx['victim'])} did not assign the Famine losses in time; the "
                   "leading players are chosen.", "timeout")
            self._assign(g, ctx, self.leader_assignment(g, ctx))
            return
        L.timeout(g, ctx["losses"], seat)

    def sample(self, g: Game, ctx: dict[str, Any], seat: int, rng) -> Order:
        if ctx.get("stage") == "assign":
            return FamineAssign(seat, uniform_allocation(capacities(g, ctx), ctx["total"], rng))
        return L.sample(g, ctx["losses"], seat, rng)
