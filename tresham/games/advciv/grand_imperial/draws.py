"""Where a Grand Imperial city may draw its trade cards from, and the draw plan (GI-TRADE-02,
GI-CITYADV-06, GI-CITYADV-08, GI-LEADER-06; design 5.1 D12; rulings GIDR-n in
``docs/rulings/grand-imperial-draws.md``).

A city draws from the region of its own area (GI-TRADE-01). An active CrossRoads lets its cards
come "from an adjacent region(s) instead of its own": the region of any area land-adjacent to
the city's (GIR-29). An active Port lets them come "from any region it can normally reach in
one turn by boat": the region of any coastal area a Trireme of the owner could end a voyage in,
starting from the city, within its allowance (the data's Trireme: 3 water areas, 4 with Cloth
Making), open seas crossed since Port needs Astronomy (GIR-29). A player holding the Merchant
Prince may trade it in for the top card of any regional stack (GI-LEADER-06), in this phase
only (GIR-36).

A ship "may" harvest (GI-SHIP-07): the ships of a player that are able to harvest at the end
of the phase are named in the plan too.

Players with a real choice (a city drawing cards from more than one region it may use, the
Merchant Prince held, or a ship able to harvest) give a sealed ``draw_plan`` at once; the draws
follow in the 27.1 order once every plan is in (``acquisition.GIAcquisitionPhase``), the
harvest at the end of the phase.

Order: ``{"type": "draw_plan", "player": SEAT, "cities": {AREA: [REGION, ...]},
"merchant_prince": REGION | null, "harvest": [SHIP, ...] | null}`` (a city left out draws from
its own region; a city named lists one region per card it draws; harvest null: every ship able
to).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

from pydantic import Field

from ...contract import IllegalOrder
from ..context import Context
from ..orders import Order, order
from ..rules.movement import DOUBLE_COASTS
from ..data import SHIPS_PER_NATION
from ..schema import AreaId, Many, Mapping, one_of
from ..state import Player
from . import data as gi
from . import dispositions as dp
from .variant import KEY

#: The leader traded in for a card of any regional stack (GI-LEADER-06).
MERCHANT_PRINCE = "merchant_prince"
#: The ship type whose voyage measures a Port's reach (GI-CITYADV-08; GIR-29).
PORT_SHIP = "trireme"
#: ``CityAdvance.draws_from`` of the advances that open other regions to a city (the data).
ADJACENT, BY_SEA = "adjacent regions", "regions one ship move away"

DrawRegion = one_of(frozenset(gi.regions()), "a region", "GI-TRADE-02", "a region id")
ShipId = Annotated[int, Field(ge=1, le=SHIPS_PER_NATION, description="a ship's number (1-4)")]


@order("draw_plan", rule="GI-TRADE-02", variant=KEY)
@dataclass(slots=True)
class DrawPlan(Order):
    """Where one's cities draw their cards from (GI-TRADE-02): ``cities`` maps a city's area to
    one region per card it draws (a city left out draws from its own region); and the region
    whose top card the Merchant Prince is traded in for (GI-LEADER-06; null: kept); the ships
    that harvest at the end of the phase (GI-SHIP-07; null: every ship able to, [] none)."""

    cities: Mapping(AreaId, Many(DrawRegion)) = field(default_factory=dict)
    merchant_prince: DrawRegion | None = None
    harvest: Many(ShipId) | None = None


def _ordered(regions: set[str]) -> list[str]:
    return [rid for rid in gi.regions() if rid in regions]


def _draws_from(g: Context, area: str, kind: str) -> bool:
    return any(gi.city_advances()[a].draws_from == kind for a in dp.active_advances(g, area))


def crossroads_regions(g: Context, area: str) -> list[str]:
    """GI-CITYADV-06 (GIR-29): the regions of the areas land-adjacent to ``area``."""
    return _ordered({r for a in g.areas[area].land_adj if (r := gi.region_of(a)) is not None})


def port_allowance(g: Context, nation: str) -> int:
    """Water areas a Trireme of ``nation`` enters in one voyage (GI-SHIP-04): 3, 4 with Cloth
    Making (the data's Trireme)."""
    return gi.ships()[PORT_SHIP].move(g.of(nation).has("cloth_making"))


def port_reach(g: Context, area: str, allowance: int) -> list[str]:
    """The areas other than open sea a ship sailing from ``area`` can end its voyage in within
    ``allowance`` water areas, crossing open seas (GIR-29), leaving an area of two coastlines by
    the coast it came in by (23.57); sorted."""
    seen = {(area, None)}
    frontier = [(area, None)]
    ends: set[str] = set()
    for _ in range(allowance):
        nxt = []
        for pos, came_from in frontier:
            coasts = DOUBLE_COASTS.get(pos)
            side = next((c for c in coasts if came_from in c), None) if coasts and came_from else None
            for dst in sorted(g.areas[pos].water_adj):
                if side is not None and dst not in side:
                    continue
                if not g.areas[dst].is_open_sea:
                    ends.add(dst)
                if (dst, pos) not in seen:
                    seen.add((dst, pos))
                    nxt.append((dst, pos))
        frontier = nxt
    return sorted(ends)


def port_regions(g: Context, area: str) -> list[str]:
    """GI-CITYADV-08 (GIR-29): the regions of the coastal areas a Trireme of the city's owner
    could reach from it in one voyage."""
    owner = g.s.board.cities[area]
    return _ordered({r for a in port_reach(g, area, port_allowance(g, owner))
                     if (r := gi.region_of(a)) is not None})


def allowed_regions(g: Context, area: str) -> list[str]:
    """The regions the city in ``area`` may draw from (GI-TRADE-01, -02): its own, those of a
    CrossRoads and of a Port active there (none in Revolt, GI-CARULE-06); seed order."""
    own = gi.region_of(area)
    out = {own} if own is not None else set()
    if _draws_from(g, area, ADJACENT):
        out.update(crossroads_regions(g, area))
    if _draws_from(g, area, BY_SEA):
        out.update(port_regions(g, area))
    return _ordered(out)


def city_choices(g: Context, nation: str) -> dict[str, dict]:
    """The cities of ``nation`` with a real choice: those drawing at least one card with more
    than one region allowed. area -> {"cards": n, "regions": [...], "own": region}."""
    from .acquisition import city_draws

    out = {}
    for area in g.cities_of(nation):
        n = city_draws(g, area)[0]
        regions = allowed_regions(g, area)
        if n and len(regions) > 1:
            out[area] = {"cards": n, "regions": regions, "own": gi.region_of(area)}
    return out


def holds_merchant_prince(p: Player) -> bool:
    return MERCHANT_PRINCE in p.hand


def harvesters(g: Context, nation: str) -> list[int]:
    """The ids of ``nation``'s ships able to harvest (GI-SHIP-07, ``harvest.eligible``)."""
    from .harvest import eligible

    return eligible(g, nation)


def owes_plan(g: Context, p: Player) -> bool:
    """D12 is owed by a playing nation with a real choice: a city with a choice, the Merchant
    Prince held, or a ship able to harvest (GI-TRADE-02, GI-LEADER-06, GI-SHIP-07)."""
    if p.nation is None or p.inert:
        return False
    return holds_merchant_prince(p) or bool(city_choices(g, p.nation)) or bool(harvesters(g, p.nation))


def check_plan(g: Context, p: Player, o: DrawPlan) -> dict:
    """Validate ``o`` for ``p`` (IllegalOrder citing GI-TRADE-02 or GI-LEADER-06); gives the
    plan as stored: {"cities": {area: [regions]}, "merchant_prince": region | None, "harvest":
    [ship ids] | None}."""
    nation = p.nation
    cities = {}
    from .acquisition import city_draws, region_name

    for area, regions in sorted(o.cities.items()):
        if g.s.board.cities.get(area) != nation:
            raise IllegalOrder("GI-TRADE-02", f"you have no city in {g.area_name(area)}")
        n = city_draws(g, area)[0]
        if len(regions) != n:
            raise IllegalOrder("GI-TRADE-02", f"your city in {g.area_name(area)} draws {n} "
                               f"card{'s' if n != 1 else ''}: name one region per card, not {len(regions)}")
        allowed = allowed_regions(g, area)
        for rid in regions:
            if rid not in allowed:
                raise IllegalOrder("GI-TRADE-02", f"your city in {g.area_name(area)} may draw only from "
                                   f"{', '.join(region_name(r) for r in allowed) or 'no region'}, not from "
                                   f"{region_name(rid)} (its own region; CrossRoads adds the regions of "
                                   "adjacent areas, a Port those one Trireme voyage away)")
        cities[area] = list(regions)
    if o.merchant_prince is not None:
        from .stacks import region_stack

        if not holds_merchant_prince(p):
            raise IllegalOrder("GI-LEADER-06", "you do not hold the Merchant Prince")
        if not region_stack(g, o.merchant_prince):
            raise IllegalOrder("GI-LEADER-06", f"{region_name(o.merchant_prince)}'s stack is empty: "
                               "name a region whose stack holds a card, or keep the Merchant Prince")
    ships = None
    if o.harvest is not None:
        able = harvesters(g, nation)
        for sid in o.harvest:
            if sid not in able:
                raise IllegalOrder("GI-SHIP-07", f"your ship {sid} cannot harvest: only a Trireme or Galleon "
                                   "of yours with room aboard, in a coastal area whose regional stack holds a "
                                   f"card, can ({', '.join(map(str, able)) or 'none now'})")
        if len(set(o.harvest)) != len(o.harvest):
            raise IllegalOrder("GI-SHIP-07", "a ship harvests once a turn: name it once")
        ships = sorted(o.harvest)
        if ships == sorted(able):  # every ship able to: stored as null, however it was said
            ships = None
    return {"cities": cities, "merchant_prince": o.merchant_prince, "harvest": ships}


def plan_draws(g: Context, nation: str, plan: dict | None) -> list[tuple[str, str]]:
    """(city area, region) for each card the nation's cities draw (GI-TRADE-01, -02): a city
    the plan names draws from the regions it lists, any other from its own region; in the
    seed's region order, then by area."""
    from .acquisition import city_draws

    chosen = (plan or {}).get("cities", {})
    order = {rid: i for i, rid in enumerate(gi.regions())}
    rights = []
    for area in g.cities_of(nation):
        n = city_draws(g, area)[0]
        if area in chosen and len(chosen[area]) == n:
            rights.extend((area, rid) for rid in chosen[area])
            continue
        rid = gi.region_of(area)
        if rid is None:  # not reachable: every land area is in a region (GI-REGION-14)
            continue
        rights.extend([(area, rid)] * n)
    return sorted(rights, key=lambda t: (order[t[1]], t[0]))


def sample_plan(g: Context, seat: int, rng) -> DrawPlan:
    """The random bot's D12: a random allowed region for each card of each city with a choice;
    the Merchant Prince traded in with probability 1/2 for a random region whose stack holds a
    card; each ship able to harvest harvesting with probability 1/2."""
    from .stacks import region_stack

    p = g.s.players[seat]
    cities = {}
    for area, c in city_choices(g, p.nation).items():
        cities[area] = [c["regions"][rng.below(len(c["regions"]))] for _ in range(c["cards"])]
    mp = None
    if holds_merchant_prince(p) and rng.below(2):
        full = [rid for rid in gi.regions() if region_stack(g, rid)]
        if full:
            mp = full[rng.below(len(full))]
    able = harvesters(g, p.nation)
    ships = [sid for sid in able if rng.below(2)] if able else None
    return DrawPlan(seat, cities, mp, ships)


def invariants(g: Context) -> list[str]:
    """While the draw plans are awaited (acquisition, stage ``plan``), every plan kept is of a
    playing seat that owes one and still passes :func:`check_plan` (GI-TRADE-02, GI-LEADER-06):
    nothing a plan relies on changes before the draws."""
    st = g.s.step
    if g.s.phase != "acquisition" or st.get("stage") != "plan":
        return []
    out = []
    for seat, plan in sorted(st.get("plans", {}).items()):
        p = g.s.players[int(seat)]
        if p.inert:
            continue
        if not owes_plan(g, p):
            out.append(f"seat {seat} has a draw plan but owes none (GI-TRADE-02)")
            continue
        try:
            check_plan(g, p, DrawPlan(int(seat), plan.get("cities", {}), plan.get("merchant_prince"),
                                      plan.get("harvest")))
        except IllegalOrder as e:
            out.append(f"seat {seat}'s draw plan no longer holds: {e.message}")
    return out
