"""The heuristic bot's Grand Imperial planners (design 5.3), one per decision kind it plays
for itself (by phase in ``PLANNERS``, ``__init__.py``); every other decision takes the plain
heuristic or the default. A planner decides on the seat's ``information_state`` only.

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

from ....contract import IllegalOrder
from ...context import Context
from ...grand_imperial import data as gi
from ...grand_imperial import dispositions as dp
from ...grand_imperial import fleet
from ...grand_imperial import naval_conflict as nc
from ...grand_imperial.acquisition import can_buy_from
from ...grand_imperial.leaders import barracks_cities, playable
from ...grand_imperial.luxury_phase import default_points
from ...grand_imperial.roles import allowed_roles, pay_options
from ...grand_imperial.ships import plan, upkeep
from ...grand_imperial.stacks import region_stack
from ...grand_imperial.variant import region_contents
from ...rules.cities import can_hold_city, tokens_needed
from ..plain import plan_ships as plain_ships


def _card_lost_to_cap(g: Context, area: str) -> bool:
    """Whether a Happy city's extra card would be lost for want of a Courthouse
    (GI-CITYADV-16): its Content draws already reach the cap."""
    advances = [gi.city_advances()[a] for a in dp.site_advances(g, area)]
    if any(a.lifts_card_limit for a in advances):
        return False
    content = gi.trade().cards_per_city + sum(a.extra_cards for a in advances)
    return content >= gi.trade().cards_without_courthouse


def plan_luxury(g: Context, seat: int, rng=None) -> dict | None:
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


def _reach(g: Context, start: str, steps: int) -> set[str]:
    """Areas a ship in ``start`` can end in within ``steps`` water areas (open sea passed
    through freely: a rough reach for a plan, the rules check the voyage)."""
    seen, edge = {start}, {start}
    for _ in range(steps):
        edge = {b for a in edge for b in g.areas[a].water_adj} - seen
        seen |= edge
    return {a for a in seen if not g.areas[a].is_open_sea}


def plan_ship_roles(g: Context, seat: int, rng=None) -> dict | None:
    """The ship roles of ``seat`` (see the module docstring); None if he owes none."""
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


def plan_naval(g: Context, seat: int, rng=None) -> dict | None:
    """``seat``'s answer to his first contact at sea, or his spoils (see the module docstring)."""
    st = g.s.step
    sp = st.get("spoils")
    if sp:
        if g.of(sp["winner"]).seat != seat:
            return None
        return {"type": "naval_spoils", "player": seat, "take": sp["max_take"], "rest": "leave",
                "sink": bool(sp["free_sink"])}
    phase = g.variant.phase("naval")
    owed = [c for s, c in phase.unanswered(g) if s == seat]
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




# ---- the seat's own decision kinds ---------------------------------------------------------
def owed_kinds(g: Context, seat: int) -> set[str]:
    """The kinds of the decisions ``seat`` owes now (on his information state): a phase may
    ask for several kinds, and a kind this module has no planner for takes the timeout
    default (``heuristic_bot`` falls back to it when a planner gives None)."""
    phase = g.variant.phase(g.s.phase)
    return {d.kind for d in phase.pending(g) if d.player == seat and d.required}


# ---- Leadership cards (D1) -----------------------------------------------------------------
def threat(g: Context, nation: str, area: str) -> int:
    """Foreign tokens on the land areas next to ``area`` and the foreign cities there."""
    board = g.s.board
    return sum(sum(k for o, k in board.tokens.get(b, {}).items() if o != nation)
               + (1 if board.cities.get(b) not in (None, nation) else 0)
               for b in sorted(g.areas[area].land_adj))


def plan_leaders(g: Context, seat: int, rng=None) -> dict | None:
    """Every Leadership card he may play now, at its first window (design 5.3); the Warlike
    Leader's free Barracks (D2) on his most threatened city (``threat``; the first by area
    id on a tie)."""
    kinds = owed_kinds(g, seat)
    if "place_barracks" in kinds:
        nation = g.s.players[seat].nation
        cities = barracks_cities(g, nation)
        if not cities:
            return None
        city = max(cities, key=lambda a: (threat(g, nation, a), [-ord(ch) for ch in a]))
        return {"type": "place_barracks", "player": seat, "city": city}
    if "play_leaders" not in kinds:
        return None
    return {"type": "play_leaders", "player": seat, "cards": playable(g.s.players[seat])}


# ---- regional buying (D13) and bids (D14) ----------------------------------------------------
#: Treasury kept back per city before buying from a region: a luxury point each (D11 pays
#: up to 1 token a point).
RESERVE_PER_CITY = 1
#: The least expected face value of a region's card worth buying at twice its face (design 5.3).
MIN_EXPECTED_FACE = 5


def expected_face(g: Context, region: str) -> float:
    """The mean face value of ``region``'s stack as the seed composes it (GI-REGION-01..12):
    the stacks are face down in the information state, so the data is what the bot knows."""
    stack = region_contents()[region]
    return sum(g.d.commodities[c].value * n for c, n in stack.items()) / sum(stack.values())


def dearest_price(g: Context, region: str) -> int:
    """What the dearest card of ``region`` costs to buy: twice its face value (GI-TRADE-04;
    18 for a region holding a 9)."""
    return gi.trade().purchase_price_factor * max(g.d.commodities[c].value for c in region_contents()[region])


def reserve(g: Context, nation: str) -> int:
    """Treasury the bot keeps back from regional purchases (``RESERVE_PER_CITY`` a city)."""
    return RESERVE_PER_CITY * len(g.cities_of(nation))


def plan_regional(g: Context, seat: int) -> dict:
    """Buy from the region of the best expected face value when its dearest card is covered
    by the treasury beyond the reserve (2 x 9 <= treasury - reserve) and that value is at
    least 5 (design 5.3): the card is then never auctioned for want of treasury; else done."""
    p = g.s.players[seat]
    free = p.treasury - reserve(g, p.nation)
    good = [r for r in can_buy_from(g, p)
            if expected_face(g, r) >= MIN_EXPECTED_FACE and dearest_price(g, r) <= free]
    if not good:
        return {"type": "buy_regional", "player": seat, "region": None}
    best = max(good, key=lambda r: (expected_face(g, r), r))
    return {"type": "buy_regional", "player": seat, "region": best}


def bid_for(g: Context, seat: int, card: str) -> int:
    """A sealed bid (design 5.3): the set value the card adds to his hand (valued as his,
    ``GIContext.holding``), at most half his treasury; 0 for a card that adds nothing."""
    p = g.s.players[seat]
    with g.holding(p.nation):
        gain = g.hand_value([*p.hand, card]) - g.hand_value(list(p.hand))
    return max(0, min(gain, p.treasury // 2))


def expected_gain(g: Context, hand: list[str], region: str) -> float:
    """The set value a card of ``region`` is expected to add to ``hand``: over the region's
    stack as the seed composes it (face down in the information state), each card's share
    times what it adds (``Context.hand_value``; the caller values the hand as its holder's)."""
    stack = region_contents()[region]
    base = g.hand_value(hand)
    total = sum(stack.values())
    return sum(n * (g.hand_value([*hand, c]) - base) for c, n in sorted(stack.items())) / total


def plan_draws(g: Context, seat: int) -> dict:
    """D12 (design 5.3): each card of a city with a choice from the allowed region whose
    composition raises his sets most (his own region on a tie), the Merchant Prince traded in
    for a card of the best region with a card left, every ship able to harvests."""
    d = next(d for d in g.variant.phase("acquisition").pending(g)
             if d.player == seat and d.kind == "draw_plan")
    p = g.s.players[seat]
    cities: dict[str, list[str]] = {}
    with g.holding(p.nation):
        hand = list(p.hand)
        for area, c in sorted(d.options.get("cities", {}).items()):
            with_cards = [r for r in c["regions"] if region_stack(g, r)] or [c["own"]]
            best = max(with_cards, key=lambda r: (expected_gain(g, hand, r), r == c["own"], r))
            cities[area] = [best] * c["cards"]
        mp = d.options.get("merchant_prince")
        prince = max(mp, key=lambda r: (expected_gain(g, hand, r), r)) if mp else None
    return {"type": "draw_plan", "player": seat, "cities": cities, "merchant_prince": prince,
            "harvest": None}


def plan_acquisition(g: Context, seat: int, rng=None) -> dict | None:
    """The draw plan, the bid for the card auctioned, else the regional purchase; None for a
    decision of this phase it does not know (the timeout default answers it)."""
    kinds = owed_kinds(g, seat)
    if "draw_plan" in kinds:
        return plan_draws(g, seat)
    if "auction_bid" in kinds:
        lot = g.s.step["lot"]
        return {"type": "auction_bid", "player": seat, "bid": bid_for(g, seat, lot["cards"][0])}
    if "buy_regional" in kinds:
        return plan_regional(g, seat)
    return None


# ---- raze or keep (D8) ------------------------------------------------------------------------
def plan_raze(g: Context, seat: int, rng=None) -> dict | None:
    """Keep a cleared site's advances when his tokens there can build a city on it in this
    turn's city phase (``rules.cities.tokens_needed``); else raze them for the treasury."""
    if "raze_advances" not in owed_kinds(g, seat):
        return None
    nation = g.s.players[seat].nation
    entry = next(e for e in g.s.step.get("raze", []) if e["nation"] == nation)
    area = entry["area"]
    keep = can_hold_city(g, area) and area not in g.s.board.cities and \
        g.tokens(area, nation) >= tokens_needed(g, area)
    return {"type": "raze_advances", "player": seat, "area": area, "raze": not keep}


# ---- ships (D3) ------------------------------------------------------------------------------
def plan_ships(g: Context, seat: int, rng=None) -> dict | None:
    """D3: keep every ship with cargo aboard (tokens, or cards: a ship not maintained loses
    them, GIR-16), paying its upkeep from a token aboard, else treasury, else a token of his
    in its area; a ship without cargo lapses. Then the plain bot's treasury-valve builds
    (SITE-SHIP-05). The order passes ``ships.plan`` (the phase's own check), else the builds
    go, else the default."""
    p = g.s.players[seat]
    if p.nation is None or "ships" not in owed_kinds(g, seat):
        return None
    cost = upkeep()
    treasury, levy = p.treasury, {}
    maintain = []
    for r in fleet.records(g.s, p.nation):
        if not r["tokens"] and not r["cards"]:
            continue
        if r["tokens"] >= cost:
            pay = "aboard"
        elif treasury >= cost:
            pay, treasury = "treasury", treasury - cost
        elif g.tokens(r["area"], p.nation) - levy.get(r["area"], 0) >= cost:
            pay = "token"
            levy[r["area"]] = levy.get(r["area"], 0) + cost
        else:
            continue
        maintain.append({"area": r["area"], "ship": r["id"], "pay": pay})
    build = plain_ships(g, seat)["build"] if not maintain else []
    for attempt in (build, []):
        try:
            plan(g, p.nation, maintain, attempt)
        except IllegalOrder:
            continue
        return {"type": "ships", "player": seat, "maintain": maintain, "build": attempt}
    return None
