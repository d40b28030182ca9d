"""Flood (30.51, non-tradable, stack 5), with the site's "vulnerable units" wording (Z-14,
SITE-CAL-04): tokens are always vulnerable, cities only on no city site or a white site.

30.513: the flood strikes the flood plain holding most of the primary victim's vulnerable
unit points (ties: he chooses). 30.511: he loses up to 17 of them there. 30.512: other players'
vulnerable units on that plain lose 10 points, divided by the primary victim (each chooses
his own units); if they have 10 or fewer there, they all lose all of them; a lone other
player simply owes the 10 (no division to ask for); inert nations are never secondary victims
and do not count (15.61). 30.514: with no
vulnerable unit on any flood plain, one of his coastal cities (his choice) is eliminated;
none, no effect. 30.515 (32.312): Engineering caps a victim's flood loss at 7 and turns the
coastal city's elimination into a reduction. "A maximum of 17 / 7" is a ceiling: when the
exact figure cannot be reached, the victim loses the most he can without going above it,
never the smallest excess of 29.63 (ruling F-6).
"""
from __future__ import annotations

from typing import Any

from ....contract import Decision, IllegalOrder
from ...context import SPECIAL_OWNERS, Context
from ...words import plural
from ...orders import Order
from . import losses as L
from .base import CalamityEffect, effect

PRIMARY, SECONDARY, ENGINEERING_CAP = 17, 10, 7


def plains(g: Context) -> dict[str, list[str]]:
    """Flood plains in play (4.42): plain id -> its areas on this board."""
    out = {}
    for pid, areas in g.d.map.flood_plains.items():
        here = [a for a in areas if a in g.areas]
        if here:
            out[pid] = here
    return out


def vulnerable_points(g: Context, nation: str, areas: list[str]) -> int:
    """Unit points of ``nation`` a flood can take in ``areas`` (30.511, Z-14)."""
    cities = g.s.board.cities
    return sum(g.tokens(a, nation) + (5 if cities.get(a) == nation and L.vulnerable_city(g, a) else 0)
               for a in areas)


def cap(g: Context, nation: str, points: int) -> int:
    """30.515: an Engineering holder loses at most 7 unit points to a flood."""
    return min(points, ENGINEERING_CAP) if g.of(nation).has("engineering") else points


def others_on(g: Context, victim: str, areas: list[str]) -> dict[str, int]:
    """Other nations' vulnerable points on the plain (barbarians and pirates never, 29.65;
    inert nations never, 15.61: they are not secondary victims and do not count toward the
    ten points of 30.512)."""
    owners = set()
    for a in areas:
        owners.update(o for o in g.s.board.owners(a))
        if a in g.s.board.cities:
            owners.add(g.s.board.cities[a])
    out = {}
    for o in sorted(owners):
        if o == victim or o in SPECIAL_OWNERS or g.of(o).inert:
            continue
        n = vulnerable_points(g, o, areas)
        if n > 0:
            out[o] = n
    return out


@effect
class Flood(CalamityEffect):
    id = "flood"
    rule = "30.51"
    #: the effect in the site's own words (the help pages, 30)
    summary = (f"The victim loses up to {plural(PRIMARY, 'unit point')} of vulnerable units on the flood plain "
               f"where he has most, and the other players there lose {SECONDARY} between them. "
               "With nothing on a flood plain he loses a coastal city instead; Engineering caps the "
               f"loss at {ENGINEERING_CAP}.")
    accepts = ("choose_losses", "assign_losses", "calamity_choice")

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        v = ctx["victim"]
        ctx.update(stage="done", losses={}, assigned=None, options=[])
        points = {pid: vulnerable_points(g, v, areas) for pid, areas in plains(g).items()}
        best = max(points.values(), default=0)
        if best > 0:
            tied = sorted(pid for pid, n in points.items() if n == best)
            if len(tied) == 1:
                self._flood(g, ctx, tied[0])
            else:  # 30.513: tie, the primary victim chooses
                ctx.update(stage="plain", options=tied)
            return
        coastal = [a for a in g.cities_of(v) if g.areas[a].coastal]
        if not coastal:  # 30.514
            g.emit(f"Flood: {g.name(v)} has no vulnerable unit on a flood plain and no coastal "
                   "city; no effect.", "calamity_none", nation=v)
        elif len(coastal) == 1:
            self._coastal(g, ctx, coastal[0])
        else:
            ctx.update(stage="coastal", options=coastal)

    # ---- the flood plain (30.511-30.513, 30.515) -----------------------------------------
    def _flood(self, g: Context, ctx: dict[str, Any], plain: str) -> None:
        v = ctx["victim"]
        areas = plains(g)[plain]
        ctx["plain"] = plain
        ctx["stage"] = "losses"
        own = cap(g, v, PRIMARY)
        g.emit(f"Flood on the {plain.replace('_', '-').title()} flood plain: {g.name(v)} loses up "
               f"to {plural(own, 'unit point')} there.", "calamity_effect", nation=v, plain=plain, points=own)
        ctx["losses"][v] = L.make_loss(g, v, own, mode=L.FLOOD, areas=areas, why="Flood",
                                       rule="30.511", ceiling=own)
        others = others_on(g, v, areas)
        # 30.512: 10 or fewer points -> all lose all their vulnerable units; a single other
        # player gets the whole 10 (no real choice, nobody waits)
        forced = L.forced_assignment(others, SECONDARY)
        if forced is not None:
            self._assign(g, ctx, forced)
        L.settle(g, ctx["losses"])

    def _caps(self, g: Context, ctx: dict[str, Any]) -> dict[str, int]:
        """Who can be given flood losses: other players' vulnerable points on the plain
        (one cannot be given more than he has there)."""
        return others_on(g, ctx["victim"], plains(g)[ctx["plain"]])

    def _assign(self, g: Context, ctx: dict[str, Any], assign: dict[str, int]) -> None:
        ctx["assigned"] = dict(sorted(assign.items()))
        areas = plains(g)[ctx["plain"]]
        for nation, n in ctx["assigned"].items():
            pts = cap(g, nation, n)
            engineering = g.of(nation).has("engineering")
            g.emit(f"Flood: {g.name(nation)} loses {'up to ' if engineering else ''}{plural(pts, 'unit point')} "
                   "on the flood plain.", "calamity_secondary", nation=nation, points=pts)
            ctx["losses"][nation] = L.make_loss(g, nation, pts, mode=L.FLOOD, areas=areas, why="Flood",
                                                rule="30.512", ceiling=ENGINEERING_CAP if engineering else None)
        L.settle(g, ctx["losses"])

    # ---- no flood plain: a coastal city (30.514, 30.515) -------------------------------
    def _coastal(self, g: Context, ctx: dict[str, Any], area: str) -> None:
        v = ctx["victim"]
        ctx["stage"] = "done"
        if g.of(v).has("engineering"):
            g.reduce_city(area, "Flood (Engineering)")
        else:
            g.destroy_city(area, "Flood")

    # ---- decisions ------------------------------------------------------------------------
    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        seat = g.of(ctx["victim"]).seat
        st = ctx["stage"]
        if st == "plain":
            return [Decision(seat, "calamity_choice", "Flood: your units on these flood plains are "
                             "equal; choose where the flood strikes", default="chosen at random",
                             options={"choices": ctx["options"]})]
        if st == "coastal":
            return [Decision(seat, "calamity_choice", "Flood: choose the coastal city "
                             + ("to be reduced" if g.of(ctx["victim"]).has("engineering")
                                else "the flood destroys"), default="chosen at random",
                             options={"choices": ctx["options"]})]
        if st != "losses":
            return []
        out = L.pending(g, ctx["losses"])
        if ctx["assigned"] is None:
            caps = self._caps(g, ctx)
            out.append(Decision(seat, "assign_losses",
                                f"Flood: divide {plural(SECONDARY, 'unit point')} of losses among the other "
                                "players on the flood plain", default="the leading players",
                                options={"total": L.assign_total(caps, SECONDARY), "caps": caps}))
        return out

    def done(self, g: Context, ctx: dict[str, Any]) -> bool:
        return ctx["stage"] == "done" or (ctx["stage"] == "losses" and not ctx["losses"]
                                          and ctx["assigned"] is not None)

    def _choose(self, g: Context, ctx: dict[str, Any], choice: str) -> None:
        if ctx["stage"] == "plain":
            self._flood(g, ctx, choice)
        else:
            self._coastal(g, ctx, choice)

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        is_victim = g.player(o.player).nation == ctx["victim"]
        if isinstance(o, L.CalamityChoice):
            if ctx["stage"] not in ("plain", "coastal") or not is_victim:
                raise IllegalOrder("30.513", "no flood choice is owed now")
            if o.choice not in ctx["options"]:
                raise IllegalOrder("30.513" if ctx["stage"] == "plain" else "30.514",
                                   f"choose one of {', '.join(ctx['options'])}")
            self._choose(g, ctx, o.choice)
        elif isinstance(o, L.AssignLosses):
            if ctx["stage"] != "losses" or ctx["assigned"] is not None or not is_victim:
                raise IllegalOrder("30.512", "only the primary victim divides the flood's "
                                   "secondary losses, once")
            self._assign(g, ctx, L.check_assignment(
                g, o.assign, self._caps(g, ctx), SECONDARY, "30.512",
                not_candidate=("30.512", "cannot be given flood losses: only other players' "
                               "vulnerable units on the flooded plain can be")))
        else:
            if ctx["stage"] != "losses":
                raise IllegalOrder("30.511", "no flood losses are owed now")
            L.handle(g, ctx["losses"], o)

    def timeout(self, g: Context, ctx: dict[str, Any], seat: int) -> None:
        """SITE-CAL-05: random plain/city, secondary losses to the leaders, random units."""
        nation = g.player(seat).nation
        if ctx["stage"] in ("plain", "coastal"):
            g.emit(f"{g.name(nation)} did not choose in time; the choice is made at random.", "timeout")
            self._choose(g, ctx, g.rng.choice(ctx["options"]))
            return
        if nation == ctx["victim"] and ctx["assigned"] is None:
            self._assign(g, ctx, L.leaders_assignment(g, self._caps(g, ctx), SECONDARY))
        if nation in ctx["losses"]:
            L.timeout(g, ctx["losses"], seat)

    def sample(self, g: Context, ctx: dict[str, Any], seat: int, rng) -> Order:
        nation = g.player(seat).nation
        if ctx["stage"] in ("plain", "coastal"):
            return L.CalamityChoice(seat, ctx["options"][rng.below(len(ctx["options"]))])
        if nation in ctx["losses"] and (rng.below(2) or ctx["assigned"] is not None
                                        or nation != ctx["victim"]):
            return L.sample(g, ctx["losses"], seat, rng)
        return L.AssignLosses(seat, L.random_assignment(self._caps(g, ctx), SECONDARY, rng))
