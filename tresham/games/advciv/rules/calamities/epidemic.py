"""Epidemic (30.61, tradable, stack 6).

30.611: the primary victim loses 16 unit points and orders other players to lose 25, no more
than 10 from any one player; the player who traded him the card is exempt (29.61).
30.612: each affected area keeps at least one token; a city counts at most 4 (losses module,
mode ``epidemic``). 30.613 (32.431): Medicine −8 for the primary, −5 for a secondary victim.
30.614 (32.252): Roadbuilding +5 either way. 30.615: cumulative. Z-26: the 25 / 10 caps apply
to the assigned amounts; each victim's cards then change his actual loss (floor 0).

Decisions: the primary victim's ``assign_losses`` (default SITE-CAL-05: the leaders by Total
Public Points) and every victim's ``choose_losses`` (default: random units), all at once.
"""
from __future__ import annotations

from typing import Any

from ....contract import Decision, IllegalOrder
from ...context import Context
from ...words import plural
from ...orders import Order
from . import losses as L
from .base import CalamityEffect, effect

PRIMARY, SECONDARY, CAP = 16, 25, 10


def primary_loss(g: Context, nation: str) -> int:
    """16, −8 with Medicine (30.613, 32.431), +5 with Roadbuilding (30.614, 32.252)."""
    p = g.of(nation)
    return max(0, PRIMARY - (8 if p.has("medicine") else 0) + (5 if p.has("roadbuilding") else 0))


def secondary_loss(g: Context, nation: str, assigned: int) -> int:
    """The assigned points, −5 with Medicine, +5 with Roadbuilding (30.613-30.615, Z-26).
    Roadbuilding's +5 applies only to a player actually chosen as a secondary victim."""
    if assigned <= 0:
        return 0
    p = g.of(nation)
    return max(0, assigned - (5 if p.has("medicine") else 0) + (5 if p.has("roadbuilding") else 0))


def eligible(g: Context, ctx: dict[str, Any]) -> dict[str, int]:
    """Possible secondary victims and their caps: every other active nation except the
    trader (29.61, 30.611), at most 10 each."""
    return {p.nation: CAP for p in g.active()
            if p.nation not in (ctx["victim"], ctx["trader"]) and not p.inert}


@effect
class Epidemic(CalamityEffect):
    id = "epidemic"
    rule = "30.61"
    #: the effect in the site's own words (the help pages, 30)
    summary = (f"The victim loses {plural(PRIMARY, 'unit point')} and makes other players lose "
               f"{SECONDARY} more, no more than {CAP} each and none from whoever "
               "traded him the card. Every area hit keeps a token; Medicine lessens it, Roadbuilding "
               "worsens it.")
    accepts = ("choose_losses", "assign_losses")

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        """30.611: the victim's own loss and the assignment are owed at once."""
        v = ctx["victim"]
        pts = primary_loss(g, v)
        g.emit(f"Epidemic: {g.name(v)} loses {plural(pts, 'unit point')} and must make others lose "
               f"{L.assign_total(eligible(g, ctx), SECONDARY)}.", "calamity_effect", nation=v,
               points=pts)
        ctx["losses"] = {v: L.make_loss(g, v, pts, mode=L.EPIDEMIC, why="Epidemic", rule="30.611")}
        ctx["assigned"] = None
        caps = eligible(g, ctx)
        forced = L.forced_assignment(caps, SECONDARY)
        if forced is not None:
            self._assign(g, ctx, forced)
        L.settle(g, ctx["losses"])

    def _assign(self, g: Context, ctx: dict[str, Any], assign: dict[str, int]) -> None:
        """Record the division and owe each secondary victim his (adjusted) loss."""
        ctx["assigned"] = dict(sorted(assign.items()))
        for nation, n in ctx["assigned"].items():
            pts = secondary_loss(g, nation, n)
            g.emit(f"Epidemic: {g.name(nation)} is assigned {plural(n, 'unit point')}"
                   + (f" and loses {pts}" if pts != n else "") + ".", "calamity_secondary",
                   nation=nation, assigned=n, points=pts)
            if pts > 0:
                ctx["losses"][nation] = L.make_loss(g, nation, pts, mode=L.EPIDEMIC,
                                                    why="Epidemic", rule="30.611")
        L.settle(g, ctx["losses"])

    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        out = L.pending(g, ctx["losses"])
        if ctx["assigned"] is None:
            caps = eligible(g, ctx)
            out.append(Decision(
                g.of(ctx["victim"]).seat, "assign_losses",
                f"Epidemic: make other players lose {plural(L.assign_total(caps, SECONDARY), 'unit point')}, "
                f"at most {CAP} each" + (f" ({g.name(ctx['trader'])} traded you the card and is "
                                        "exempt)" if ctx["trader"] else ""),
                default="the leading players by Total Public Points",
                options={"total": L.assign_total(caps, SECONDARY), "caps": caps}))
        return out

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        if isinstance(o, L.AssignLosses):
            if ctx["assigned"] is not None or g.player(o.player).nation != ctx["victim"]:
                raise IllegalOrder("30.611", "only the primary victim assigns the Epidemic's "
                                   "secondary losses, once")
            self._assign(g, ctx, L.check_assignment(g, o.assign, eligible(g, ctx), SECONDARY, "30.611"))
        else:
            L.handle(g, ctx["losses"], o)

    def timeout(self, g: Context, ctx: dict[str, Any], seat: int) -> None:
        """SITE-CAL-05: secondary victims = the leaders; units lost at random."""
        nation = g.player(seat).nation
        if nation == ctx["victim"] and ctx["assigned"] is None:
            caps = eligible(g, ctx)
            g.emit(f"{g.name(nation)} did not assign the Epidemic's losses in time; the leading "
                   "players are chosen.", "timeout")
            self._assign(g, ctx, L.leaders_assignment(g, caps, SECONDARY))
        if nation in ctx["losses"]:
            L.timeout(g, ctx["losses"], seat)

    def sample(self, g: Context, ctx: dict[str, Any], seat: int, rng) -> Order:
        nation = g.player(seat).nation
        if nation in ctx["losses"] and (rng.below(2) or ctx["assigned"] is not None
                                        or nation != ctx["victim"]):
            return L.sample(g, ctx["losses"], seat, rng)
        return L.AssignLosses(seat, L.random_assignment(eligible(g, ctx), SECONDARY, rng))
