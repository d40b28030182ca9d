"""Famine (30.31): the victim loses 10 unit points and assigns 20 more to other players.

Stages: ``assign`` (the victim divides the 20), ``grain`` (each Pottery holder who owes a
loss and holds Grain decides how many Grain to show: the rule says he *may* reduce his loss,
30.312; default: as many as reduce it), ``losses`` (unit choices, the shared decision of
``losses.py``, 29.62, 29.63).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ....contract import Decision, IllegalOrder
from ...context import Context
from ...words import plural
from ...orders import Order, order
from ...schema import Count, Mapping, NationId
from . import losses as L
from .base import CalamityEffect, effect

PRIMARY = 10  # 30.311
SECONDARY_TOTAL = 20  # 30.311
SECONDARY_CAP = 8  # 30.311
GRAIN_RELIEF = 4  # 30.312


@order("famine_grain", rule="30.312")
@dataclass(slots=True)
class FamineGrain(Order):
    """A Pottery holder's choice of how many Grain cards to show against his Famine loss."""

    grain: Count = 0


@order("famine_assign", rule="30.311")
@dataclass(slots=True)
class FamineAssign(Order):
    """The Famine victim's allocation of the 20 secondary unit points: {nation: points}."""

    victims: Mapping(NationId, Count) = field(default_factory=dict)


def capacities(g: Context, ctx: dict[str, Any]) -> dict[str, int]:
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


def grain_useful(g: Context, nation: str, loss: int) -> int:
    """30.312 / 32.211: the most Grain a Pottery holder can usefully show against a Famine
    loss of ``loss`` (4 points each, floor 0, Z-26); 0 without Pottery."""
    p = g.of(nation)
    if not p.has("pottery") or loss <= 0:
        return 0
    return min(p.hand.count("grain"), -(-loss // GRAIN_RELIEF))


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
    #: the effect in the site's own words (the help pages, 30)
    summary = (f"The victim loses {plural(PRIMARY, 'unit point')} and hands out {SECONDARY_TOTAL} "
               f"more to other players, no more than {SECONDARY_CAP} to any of them. A Pottery "
               f"holder may show Grain cards to lose {GRAIN_RELIEF} fewer per card.")
    accepts = ("famine_assign", "famine_grain", L.ChooseLosses.type_name)

    def grain_useful(self, g: Context, nation: str, loss: int) -> int:
        """The Grain ``nation`` may show against ``loss`` (the module's ``grain_useful``; a
        variant may count fewer cards)."""
        return grain_useful(g, nation, loss)

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        caps = capacities(g, ctx)
        ctx["total"] = min(SECONDARY_TOTAL, sum(caps.values()))
        ctx["losses"] = {}
        ctx["owed"] = {ctx["victim"]: PRIMARY}
        ctx["stage"] = "assign"
        if sum(caps.values()) <= SECONDARY_TOTAL:  # only one allocation is possible
            self._assign(g, ctx, caps)

    def _assign(self, g: Context, ctx: dict[str, Any], alloc: dict[str, int]) -> None:
        alloc = {n: v for n, v in alloc.items() if v > 0}
        if alloc:
            g.emit("Famine: " + ", ".join(f"{g.name(n)} {v}" for n, v in sorted(alloc.items()))
                   + " unit points assigned.", "famine_assign", victims=alloc)
        ctx["owed"].update(alloc)
        ctx["grain_ask"] = sorted(n for n, v in ctx["owed"].items() if self.grain_useful(g, n, v) > 0)
        ctx["grain"] = {}
        ctx["stage"] = "grain"
        self._maybe_losses(g, ctx)

    def _maybe_losses(self, g: Context, ctx: dict[str, Any]) -> None:
        """Once every Pottery holder has chosen his Grain, the losses are owed (30.312)."""
        if ctx["grain_ask"]:
            return
        for nation, nominal in sorted(ctx["owed"].items()):
            shown = ctx["grain"].get(nation, 0)
            pts = max(0, nominal - GRAIN_RELIEF * shown)
            if shown:
                p = g.of(nation)
                p.flags["famine_grain"] = p.flags.get("famine_grain", 0) + shown
                g.emit(f"{g.name(nation)} shows {shown} Grain (Pottery): the Famine loss falls from "
                       f"{nominal} to {plural(pts, 'unit point')}; that Grain cannot buy civilization cards "
                       "this turn (30.312).", "famine_grain", nation=nation, grain=shown, points=pts)
            if pts > 0:
                ctx["losses"][nation] = L.make_loss(g, nation, pts, why="Famine", rule="30.311")
        ctx["stage"] = "losses"
        L.settle(g, ctx["losses"])

    def _show(self, g: Context, ctx: dict[str, Any], nation: str, n: int) -> None:
        ctx["grain"][nation] = n
        ctx["grain_ask"].remove(nation)
        self._maybe_losses(g, ctx)

    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        if ctx.get("stage") == "assign":
            return [Decision(g.of(ctx["victim"]).seat, "famine_assign",
                             f"Famine: assign {plural(ctx['total'], 'unit point')} to other players, at most "
                             f"{SECONDARY_CAP} each", default="the leading players lose 8 each",
                             options={"total": ctx["total"], "caps": capacities(g, ctx)})]
        if ctx.get("stage") == "grain":
            return [Decision(g.of(n).seat, "famine_grain",
                             f"Famine: you owe {plural(ctx['owed'][n], 'unit point')}; with Pottery each Grain "
                             "you show saves 4 (shown Grain cannot buy civilization cards this turn)",
                             default="show as many Grain as reduce the loss",
                             options={"owed": ctx["owed"][n],
                                      "max_grain": self.grain_useful(g, n, ctx["owed"][n])})
                    for n in ctx["grain_ask"]]
        if ctx.get("stage") == "losses":
            return L.pending(g, ctx["losses"])
        return []

    def check_assign(self, g: Context, ctx: dict[str, Any], alloc: Any) -> None:
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
            raise IllegalOrder("29.64", f"you must assign exactly {plural(ctx['total'], 'unit point')} "
                               f"(you assigned {sum(alloc.values())})")

    def why_not(self, g: Context, ctx: dict[str, Any], nation: str) -> str:
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

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        if ctx.get("stage") == "assign":
            if not isinstance(o, FamineAssign) or o.player != g.of(ctx["victim"]).seat:
                raise IllegalOrder("30.311", "the Famine victim must first assign the 20 unit points")
            self.check_assign(g, ctx, o.victims)
            self._assign(g, ctx, o.victims)
            return
        if isinstance(o, FamineAssign):
            raise IllegalOrder("30.311", "the Famine losses are already assigned")
        if ctx.get("stage") == "grain":
            nation = g.player(o.player).nation
            if not isinstance(o, FamineGrain) or nation not in ctx["grain_ask"]:
                raise IllegalOrder("30.312", "Pottery holders are deciding how many Grain to show "
                                   "against Famine first")
            most = self.grain_useful(g, nation, ctx["owed"][nation])
            if not isinstance(o.grain, int) or isinstance(o.grain, bool) or not 0 <= o.grain <= most:
                raise IllegalOrder("30.312", f"you may show 0 to {most} Grain against this loss")
            self._show(g, ctx, nation, o.grain)
            return
        if isinstance(o, FamineGrain):
            raise IllegalOrder("30.312", "there is no Grain to show now")
        L.handle(g, ctx["losses"], o)

    def leader_assignment(self, g: Context, ctx: dict[str, Any]) -> dict[str, int]:
        """SITE-CAL-05 / SZ-20: the leading players by Total Public Points take 8 each."""
        caps = capacities(g, ctx)
        out: dict[str, int] = {}
        left = ctx["total"]
        for n in g.leaders():
            if n in caps and left > 0:
                out[n] = min(caps[n], left)
                left -= out[n]
        return out

    def timeout(self, g: Context, ctx: dict[str, Any], seat: int) -> None:
        if ctx.get("stage") == "assign":
            g.emit(f"{g.name(ctx['victim'])} did not assign the Famine losses in time; the "
                   "leading players are chosen.", "timeout")
            self._assign(g, ctx, self.leader_assignment(g, ctx))
            return
        if ctx.get("stage") == "grain":
            nation = g.s.players[seat].nation
            self._show(g, ctx, nation, self.grain_useful(g, nation, ctx["owed"][nation]))
            return
        L.timeout(g, ctx["losses"], seat)

    def sample(self, g: Context, ctx: dict[str, Any], seat: int, rng) -> Order:
        if ctx.get("stage") == "assign":
            return FamineAssign(seat, uniform_allocation(capacities(g, ctx), ctx["total"], rng))
        if ctx.get("stage") == "grain":
            nation = g.s.players[seat].nation
            return FamineGrain(seat, rng.below(self.grain_useful(g, nation, ctx["owed"][nation]) + 1))
        return L.sample(g, ctx["losses"], seat, rng)
