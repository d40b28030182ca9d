"""The heuristic bot's Grand Imperial planners (design 5.3), one per decision kind it plays
for itself (``Variant.planners``); every other decision takes the plain heuristic or the
default. A planner decides on the seat's ``information_state`` only.

- Luxury (D11): first every city Content with free flips, in area-id order (the default);
  then, while flips remain, cities made Happy (+1 card, +1 tax, immune to political
  calamities), the cheapest first and those whose extra card is not lost to the cap of 2
  before the others; a city the flips leave below Content (it would draw no card) is brought
  to Content from treasury, 1 token a point, while the treasury has it. Luxury cards are kept
  for sets.
- Ship roles (D4): a Galleon for a ship standing where more than 5 of its tokens could embark;
  a Warship for a ship that an enemy ship carrying cards, with fewer tokens than its own area
  could put aboard, stands within reach of; otherwise a Trireme. Paid from treasury, else a
  token in its area, else aboard.
- Naval (D6, D7): fight when ``naval_losses`` says one's side wins; break off never. Take
  every card that fits, leave the rest, sink only when it is free.
"""
from __future__ import annotations

from ..game import Game
from . import data as gi
from . import dispositions as dp
from .luxury_phase import default_points


def _card_lost_to_cap(g: Game, area: str) -> bool:
    """Whether a Happy city's extra card would be lost for want of a Courthouse
    (GI-CITYADV-16): its Content draws already reach the cap."""
    advances = [gi.city_advances()[a] for a in dp.site_advances(g, area)]
    if any(a.lifts_card_limit for a in advances):
        return False
    content = gi.trade().cards_per_city + sum(a.extra_cards for a in advances)
    return content >= gi.trade().cards_without_courthouse


def plan_luxury(g: Game, seat: int, rng=None) -> dict | None:
    """The luxury order of ``seat`` (see the module docstring); None if he owes none."""
    p = g.s.players[seat]
    if not p.nation or not g.cities_of(p.nation):
        return None
    points = default_points(g, p.nation)
    left = dp.free_flips(g, p.nation) - sum(points.values())
    upgrades = []
    for area, given in points.items():
        need = dp.points_for(g, area, dp.HAPPY) - given
        if need > 0:
            upgrades.append((_card_lost_to_cap(g, area), need, area))
    for _lost, need, area in sorted(upgrades):
        if need <= left:
            points[area] += need
            left -= need
    treasury = 0
    for area in g.cities_of(p.nation):
        need = dp.points_for(g, area, dp.CONTENT) - points[area]
        if 0 < need <= p.treasury - treasury:
            points[area] += need
            treasury += need
    return {"type": "luxury", "player": seat, "points": {a: n for a, n in points.items() if n},
            "treasury": treasury, "cards": []}


def _reach(g: Game, start: str, steps: int) -> set[str]:
    """Areas a ship in ``start`` can end in within ``steps`` water areas (open sea passed
    through freely: a rough reach for a plan, the rules check the voyage)."""
    seen, edge = {start}, {start}
    for _ in range(steps):
        edge = {b for a in edge for b in g.areas[a].water_adj} - seen
        seen |= edge
    return {a for a in seen if not g.areas[a].is_open_sea}


def plan_ship_roles(g: Game, seat: int, rng=None) -> dict | None:
    """The ship roles of ``seat`` (see the module docstring); None if he owes none."""
    from . import fleet
    from .roles import allowed_roles, pay_options

    p = g.s.players[seat]
    if p.nation is None or seat not in g.s.step.get("owed", []):
        return None
    allowed = allowed_roles(g, p.nation)
    treasury, levy, aboard = p.treasury, {}, {}
    roles, pay = {}, {}
    for r in fleet.records(g.s, p.nation):
        want = None
        here = g.tokens(r["area"], p.nation) + r["tokens"]
        if "galleon" in allowed and here > fleet.spec("trireme").capacity:
            want = "galleon"
        elif "warship" in allowed:
            reach = _reach(g, r["area"], fleet.spec("warship").move(p.has("cloth_making")))
            prey = [q for n, recs in sorted(g.s.variant_state.get("ships", {}).items()) if n != p.nation
                    for q in recs if q["area"] in reach and q["cards"] and q["tokens"] < here]
            if prey:
                want = "warship"
        if want is None:
            continue
        opts = pay_options(g, p.nation, r, treasury, levy, aboard)
        if not opts:
            continue
        how = opts[0]
        if how == "treasury":
            treasury -= 1
        elif how == "token":
            levy[r["area"]] = levy.get(r["area"], 0) + 1
        else:
            aboard[r["id"]] = aboard.get(r["id"], 0) + 1
        roles[str(r["id"])], pay[str(r["id"])] = want, how
    return {"type": "ship_roles", "player": seat, "roles": roles, "pay": pay}


def plan_naval(g: Game, seat: int, rng=None) -> dict | None:
    """``seat``'s answer to his first contact at sea, or his spoils (see the module docstring)."""
    from . import naval_conflict as nc

    st = g.s.step
    sp = st.get("spoils")
    if sp:
        if g.of(sp["winner"]).seat != seat:
            return None
        return {"type": "naval_spoils", "player": seat, "take": sp["max_take"], "rest": "leave",
                "sink": bool(sp["free_sink"])}
    phase = g.variant.phase("naval")
    owed = [c for s, c in phase._unanswered(g) if s == seat]
    if not owed:
        return None
    c = owed[0]
    me = g.s.players[seat].nation
    ships = {f"{n}|{r['id']}": (n, r["tokens"], r["role"] == nc.WARSHIP)
             for n in (me, c["against"]) for r in nc.side(g, n, c["area"])}
    losses, _ = nc.naval_losses(ships, None)
    left = {n: sum(t - losses[k] for k, (o, t, _w) in ships.items() if o == n) for n in (me, c["against"])}
    win = left[me] > 0 and left[c["against"]] == 0
    return {"type": "naval_engage", "player": seat, "area": c["area"], "against": c["against"],
            "fight": win, "stop_after": None}


#: decision kind (the phase's name) -> planner (``Variant.planners``)
PLANNERS = {"luxury": plan_luxury, "ship_roles": plan_ship_roles, "naval": plan_naval}
