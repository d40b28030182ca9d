"""Barbarian Hordes (30.52, tradable, stack 5).

30.5211: 15 barbarian tokens (owner ``barbarians``: an unused nation's pieces, no stock) are
placed in the primary victim's start area where they do him most damage; if he has no unit
in any start area, in an empty start area of his; in a start area holding other players'
units only if nothing else is available. 30.5212: conflict there at once (``resolve_area``
of rules/conflict.py, with every owner present). 30.5231-30.5234: the barbarians above the
area's limit move as one body to the adjacent area doing most immediate damage to him
(greedy, no look-ahead), conflict again, and so on until no surplus remains. 30.5233: they
cross land and water boundaries but never open sea. 30.5241: they must enter areas held
only by his units when that damages him; otherwise areas with his units and others'; failing
that they head through empty or other players' areas for the nearest area holding his units.
30.5242: conflict with anybody in their way; they never fight their own tokens. 30.5251:
ties are broken by the player who traded the card, or, untraded, the player with most units
in stock. 30.5252: no civilization card helps them (conflict.holds). 30.526: no card drawn,
no pillage (24.53). 30.5235: all of it happens now, before the next calamity (Z-15); they
then stay, never grow and are never secondary victims (losses module, 29.65).
30.527 (Crete immune) is applied by the calamity phase (Z-35).

Damage = the primary victim's unit points lost (tokens 1, cities 5), found by resolving the
candidate conflict on a copy of the state.
"""
from __future__ import annotations

from collections import deque
from typing import Any

from ....contract import Decision, IllegalOrder
from ...data import BARBARIANS
from ...context import SPECIAL_OWNERS, Context
from ...orders import Order, Timeout
from . import losses as L
from .base import CalamityEffect, effect, show_trader

HORDE = 15
MAX_STEPS = 200  # a safety net; the body shrinks or nears its target at every step


def _conflict():
    from .. import conflict

    return conflict


def start_areas(g: Context, nation: str) -> list[str]:
    """The victim's start areas in play (4.6, 30.5211)."""
    n = g.d.map.nations[nation]
    areas = n.start_areas_with_wem if g.s.options.wem else n.start_areas
    return [a for a in areas if a in g.areas]


def neighbours(g: Context, area: str) -> list[str]:
    """Land areas the barbarians can enter from ``area``: across land or water boundaries,
    never through open sea (30.5233)."""
    a = g.areas[area]
    out = set(a.land_adj)
    out.update(x for x in a.water_adj if g.areas[x].is_land)
    return sorted(out)


def occupants(g: Context, area: str) -> set[str]:
    """Owners of tokens or a city in ``area``."""
    out = set(g.s.board.owners(area))
    city = g.s.board.cities.get(area)
    if city:
        out.add(city)
    return out


def damage(g: Context, victim: str, dst: str, n: int, src: str | None) -> int:
    """Unit points ``victim`` would lose if ``n`` barbarians came into ``dst`` (from ``src``,
    or placed fresh) and the conflict there were resolved (30.5211, 30.5231)."""
    if victim not in occupants(g, dst):
        return 0
    trial = type(g)(g.s.copy(), g.d)  # the variant's primitives too
    if src is None:
        trial.add_tokens(BARBARIANS, dst, n)
    else:
        trial.move_tokens(BARBARIANS, src, dst, n)
    before = trial.unit_points_on_board(victim)
    _conflict().resolve_area(trial, dst)
    return before - trial.unit_points_on_board(victim)


def _best(scores: dict[str, int]) -> list[str]:
    top = max(scores.values())
    return sorted(a for a, v in scores.items() if v == top)


def _others(g: Context, victim: str, area: str) -> set[str]:
    """Players other than the victim with units in ``area`` (barbarians and pirates are no
    player's)."""
    return {o for o in occupants(g, area) if o != victim and o not in SPECIAL_OWNERS}


def placement_options(g: Context, victim: str, start: list[str] | None = None) -> list[str]:
    """30.5211: the start areas holding the victim's units and no other player's, tied for
    the greatest damage; else empty start areas; an area holding another player's units
    only if no other area is available (then those where the victim would suffer most,
    if any holds his units). ``start``: the start areas to consider (default all of the
    victim's in play, ``start_areas``)."""
    if start is None:
        start = start_areas(g, victim)
    mine = [a for a in start if victim in occupants(g, a)]
    alone = [a for a in mine if not _others(g, victim, a)]
    if alone:
        return _best({a: damage(g, victim, a, HORDE, None) for a in alone})
    empty = [a for a in start if not occupants(g, a)]
    if empty:
        return empty
    if mine:
        return _best({a: damage(g, victim, a, HORDE, None) for a in mine})
    return start


def distances(g: Context, targets: set[str], blocked: set[str] = frozenset()) -> dict[str, int]:
    """Steps from every land area to the nearest target over barbarian moves, never
    through a ``blocked`` area."""
    dist = {a: 0 for a in targets}
    queue = deque(sorted(targets))
    while queue:
        a = queue.popleft()
        for b in neighbours(g, a):
            if b not in dist and b not in blocked:
                dist[b] = dist[a] + 1
                queue.append(b)
    return dist


def move_options(g: Context, victim: str, at: str, n: int) -> list[str]:
    """Where ``n`` surplus barbarians in ``at`` may go next (30.5231, 30.5234, 30.5241):
    areas held only by the victim that he would lose units in; then areas shared with
    others where he would; then the first steps toward the nearest area holding his units."""
    nbrs = neighbours(g, at)
    scores = {a: damage(g, victim, a, n, at) for a in nbrs}
    solely = {a: v for a, v in scores.items() if v > 0 and occupants(g, a) == {victim}}
    if solely:
        return _best(solely)
    shared = {a: v for a, v in scores.items() if v > 0}
    if shared:
        return _best(shared)
    targets = {a for a in g.s.board.tokens if g.tokens(a, victim) > 0}
    if n >= 7:  # a city can be attacked by 7 or more (24.31)
        targets.update(g.cities_of(victim))
    targets -= {at}
    targets -= {a for a in nbrs if scores[a] == 0}  # entering would not damage him
    if not targets:
        return []
    # 30.5241: on the way they enter only empty areas or other nations' areas, never one of
    # the victim's where they cannot hurt him (his city, with fewer than 7 barbarians)
    blocked = {a for a in g.s.board.cities if g.s.board.cities[a] == victim} - targets
    dist = distances(g, targets, blocked)
    reach = {a: dist[a] for a in nbrs if a in dist}
    if not reach:
        return []
    low = min(reach.values())
    return sorted(a for a, d in reach.items() if d == low)


@effect
class BarbarianHordes(CalamityEffect):
    id = "barbarian_hordes"
    rule = "30.52"
    #: the effect in the site's own words (the help pages, 30)
    summary = (f"{HORDE} barbarian tokens land in one of the victim's start "
               "areas and march on, fighting, wherever they hurt him most, until they fit the "
               "population limits. They stay on the board; Crete is never their victim.")
    accepts = ("calamity_choice",)

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        v = ctx["victim"]
        trader = ctx["trader"]
        if trader is not None and g.of(trader).inert:  # 15.61: an inert nation decides nothing
            trader = None
        chooser = trader or g.most_units_in_stock()  # 30.5251
        ctx.update(stage="done", chooser=chooser, at=None, options=[], steps=0)
        opts = placement_options(g, v, [a for a in start_areas(g, v) if not self._barred(g, a)])
        if not opts:
            g.emit(f"Barbarian Hordes: {g.name(v)} has no start area in play; no effect.",
                   "calamity_none", nation=v)
            return
        if len(opts) == 1:
            self._place(g, ctx, opts[0])
        else:
            ctx.update(stage="place", options=opts)
            self._asked(g, ctx)

    @staticmethod
    def _asked(g: Context, ctx: dict[str, Any]) -> None:
        """SITE-SAFE-05: a trader asked where the barbarians go is seen choosing (30.5251)."""
        if ctx["chooser"] == ctx["trader"]:
            show_trader(g, ctx, "chooses where the barbarians go (30.5251)")

    def _barred(self, g: Context, area: str) -> bool:
        """Hook: an area the hordes never enter nor are placed in (none in the plain game)."""
        return False

    # ---- placement and movement ---------------------------------------------------------
    def _place(self, g: Context, ctx: dict[str, Any], area: str) -> None:
        g.add_tokens(BARBARIANS, area, HORDE)
        g.emit(f"{HORDE} barbarian tokens appear in {g.area_name(area)}.", "barbarians_placed",
               area=area, tokens=HORDE, victim=ctx["victim"])
        ctx["at"] = area
        self._fight(g, area)
        self._march(g, ctx)

    def _fight(self, g: Context, area: str) -> None:
        """30.5212, 30.5242: resolve the conflict in ``area`` with every owner there. A nation
        that takes a city there pillages the maximum (SITE-CONFLICT-05); barbarians never
        draw cards nor pillage (30.526, 24.53)."""
        c = _conflict()
        for opp in c.resolve_area(g, area):
            c.pillage(g, opp["nation"], opp["area"], c.pillage_max(g, opp["nation"]))

    def _march(self, g: Context, ctx: dict[str, Any]) -> None:
        """30.5231-30.5232: move the surplus on until none remains or a tie needs a choice."""
        v = ctx["victim"]
        while True:
            at = ctx["at"]
            surplus = g.tokens(at, BARBARIANS) - g.areas[at].limit
            if surplus <= 0:
                ctx["stage"] = "done"
                return
            if ctx["steps"] >= MAX_STEPS:
                opts = []
            else:
                opts = [a for a in move_options(g, v, at, surplus) if not self._barred(g, a)]
            if not opts:  # 30.5232: they stop; the surplus cannot stay
                g.remove_tokens(BARBARIANS, at, surplus)
                g.emit(f"The barbarians in {g.area_name(at)} can reach no more of "
                       f"{g.name(v)}'s units; {surplus} above the limit disperse.",
                       "barbarians_disperse", area=at, tokens=surplus)
                ctx["stage"] = "done"
                return
            if len(opts) > 1:
                ctx.update(stage="move", options=opts)
                self._asked(g, ctx)
                return
            self._move(g, ctx, opts[0])

    def _move(self, g: Context, ctx: dict[str, Any], dst: str) -> None:
        at = ctx["at"]
        n = g.tokens(at, BARBARIANS) - g.areas[at].limit
        g.move_tokens(BARBARIANS, at, dst, n)
        g.emit(f"{n} barbarian token{'s' if n != 1 else ''} move{'s' if n == 1 else ''} from "
               f"{g.area_name(at)} into {g.area_name(dst)}.",
               "barbarians_move", src=at, dst=dst, tokens=n)
        ctx["at"] = dst
        ctx["steps"] += 1
        self._fight(g, dst)

    # ---- decisions -------------------------------------------------------------------------
    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        if ctx["stage"] not in ("place", "move"):
            return []
        what = "be placed" if ctx["stage"] == "place" else "move next"
        return [Decision(g.of(ctx["chooser"]).seat, "calamity_choice",
                         f"Barbarian Hordes against {g.name(ctx['victim'])}: these areas are tied; "
                         f"choose where the barbarians {what}", default="chosen at random",
                         options={"choices": ctx["options"], "at": ctx["at"]})]

    def _apply(self, g: Context, ctx: dict[str, Any], area: str) -> None:
        ctx["options"] = []
        if ctx["stage"] == "place":
            self._place(g, ctx, area)
        else:
            self._move(g, ctx, area)
            self._march(g, ctx)

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        if ctx["stage"] not in ("place", "move") or g.player(o.player).nation != ctx["chooser"]:
            raise IllegalOrder("30.5251", "no barbarian choice is owed by you now")
        assert isinstance(o, L.CalamityChoice)
        if o.choice not in ctx["options"]:
            raise IllegalOrder("30.5251", "choose one of the tied areas: " + ", ".join(ctx["options"]))
        self._apply(g, ctx, o.choice)

    def timeout(self, g: Context, ctx: dict[str, Any], seat: int) -> None:
        """SITE-CAL-05: the choice is made at random."""
        g.emit(f"{g.name(ctx['chooser'])} did not choose in time; the barbarians' area is "
               "chosen at random.", "timeout")
        self._apply(g, ctx, g.rng.choice(ctx["options"]))

    def sample(self, g: Context, ctx: dict[str, Any], seat: int, rng) -> Order:
        if ctx["stage"] not in ("place", "move"):
            return Timeout(seat)
        return L.CalamityChoice(seat, ctx["options"][rng.below(len(ctx["options"]))])
