"""A heuristic bot that plays sensibly, from the same information a human has.

It looks only at what its own view shows (the public board, its own hand, treasury and
cards), never at other hands or the deck order. Where the site's default is already a sound
play (build every city possible, pillage the most, take the best tax rate, answer calamity
choices), it takes that default; it decides for itself where play is made:

- Movement: tokens in a city area or above an area's limit move to neighbouring land areas
  with room, empty ones with a city site first, never into another nation's area (conflict
  costs tokens); a city site with enough tokens nearby gathers the six needed for a city
  (the strategy articles: cities are what bring trade cards).
- Trade: it leaves the market (it neither lies nor is lied to).
- Civilization cards: it buys greedily by value for money (face value plus the credits the
  card gives towards cards it lacks, over the cost after credits), paying with the cheapest
  cover of its hand before treasury, then keeps its best sets within the hand limit.
"""
from __future__ import annotations

from ..games.advciv import engine
from ..games.advciv.game import Game
from ..games.advciv.rules import civcards as cc
from ..games.advciv.rules import ships
from ..games.advciv.rules.movement import check_plan
from ..games.advciv.state import GameState
from ..games.advciv.view import information_state
from ..games.base import IllegalOrder
from ..rng import Rng

CITY_TOKENS = 6  # 25.2


def heuristic_bot(state: GameState, seat: int, rng: Rng) -> dict:
    """The heuristic order for ``seat``'s current decision, decided on what ``seat`` knows."""
    g = Game(information_state(state, seat))
    phase = state.phase
    if phase == "movement":
        return plan_moves(g, seat)
    if phase == "ships":
        return plan_ships(g, seat)
    if phase == "trade":
        return {"type": "trade_done", "player": seat}
    if phase == "advances":
        order = plan_purchase(g, seat)
        if order is not None:
            return order
    return engine.default(state, seat)  # the timeout order carries no information


# ---- movement ------------------------------------------------------------------------------
def plan_moves(g: Game, seat: int) -> dict:
    """Spread out into empty land and gather tokens on city sites (see module docstring)."""
    nation = g.s.players[seat].nation
    board = g.s.board
    mine = {a: g.tokens(a, nation) for a in g.token_areas(nation)}
    left = dict(mine)  # tokens still free to move
    arriving: dict[str, int] = {}
    moves: list[dict] = []

    def foreign(area: str) -> bool:
        owner = board.cities.get(area)
        return (owner is not None and owner != nation) or any(o != nation for o in board.owners(area))

    def room(area: str) -> int:
        if area in board.cities:
            return 0
        return g.limit(area, nation) - mine.get(area, 0) - arriving.get(area, 0)

    def move(src: str, dst: str, n: int) -> None:
        if n <= 0:
            return
        moves.append({"from": src, "to": dst, "count": n})
        left[src] -= n
        arriving[dst] = arriving.get(dst, 0) + n

    # 1. gather six tokens on city sites (own or next to own tokens) when the tokens left
    #    elsewhere can support the new city (26.31: two per city after surplus removal)
    cities = len(g.cities_of(nation))
    planned: list[str] = []

    def support_after(target: str, taking: dict[str, int]) -> int:
        total = 0
        for a, n in mine.items():
            if a == target or a in planned or a in board.cities:
                continue
            total += min(n - taking.get(a, 0), g.limit(a, nation))
        return total

    sites = {b for a in mine for b in (a, *g.areas[a].land_adj)
             if g.areas[b].city_site and b not in board.cities and not foreign(b)}
    for area in sorted(sites, key=lambda b: (-mine.get(b, 0), b)):
        need = CITY_TOKENS - mine.get(area, 0) - arriving.get(area, 0)
        taking: dict[str, int] = {}
        for b in sorted((b for b in g.areas[area].land_adj if left.get(b, 0) > 0 and b not in planned),
                        key=lambda b: (-left[b], b)):
            if need <= 0:
                break
            taking[b] = min(left[b], need)
            need -= taking[b]
        if need > 0 or support_after(area, taking) < 2 * (cities + len(planned) + 1):
            continue
        for b, n in taking.items():
            move(b, area, n)
        planned.append(area)
        if area in left:
            left[area] = 0

    # 2. tokens in city areas or above the limit spread to neighbours with room
    for area in sorted(mine):
        keep = 0 if area in board.cities else g.limit(area, nation)
        surplus = min(left.get(area, 0), mine[area] - keep)
        if surplus <= 0:
            continue
        targets = sorted(
            (b for b in g.areas[area].land_adj if not foreign(b) and room(b) > 0),
            key=lambda b: (mine.get(b, 0) > 0, -bool(g.areas[b].city_site), -g.areas[b].limit, b))
        for b in targets:
            n = min(surplus, room(b))
            move(area, b, n)
            surplus -= n
            if surplus == 0:
                break
    # 3. spread stacks of 3 or more into empty neighbours: an area grows by 2 from 2 tokens
    #    as from 5, and by 1 from a single token (20.1), so 2 + 1 beats 3
    for area in sorted(mine):
        if area in planned:
            continue
        while left.get(area, 0) >= 3 and mine[area] - (mine[area] - left[area]) >= 3:
            empty = [b for b in sorted(g.areas[area].land_adj)
                     if not foreign(b) and mine.get(b, 0) + arriving.get(b, 0) == 0 and room(b) >= 1]
            if not empty:
                break
            dest = max(empty, key=lambda b: (bool(g.areas[b].city_site), g.areas[b].limit, b))
            move(area, dest, min(2, left[area] - 2, room(dest)))
    order = {"type": "move", "player": seat, "moves": moves, "voyages": [], "done": "done"}
    try:
        check_plan(g, nation, moves, [])
    except IllegalOrder:
        order["moves"] = []
    return order


# ---- ships -----------------------------------------------------------------------------
def plan_ships(g: Game, seat: int) -> dict:
    """Ships only as a treasury valve (SITE-SHIP-05): when the stock will not cover next turn's
    taxes and growth, build ships paid from treasury (the tokens go back to stock) and let
    them lapse next turn; otherwise none."""
    p = g.s.players[seat]
    nation = p.nation
    cities = len(g.cities_of(nation))
    need = 2 * cities + 2 * len(g.token_areas(nation))
    short = need - p.stock
    build: list[dict] = []
    if short > 0 and p.treasury >= 2:
        wet = [a for a in sorted(set(g.token_areas(nation)) | set(g.cities_of(nation)))
               if g.areas[a].has_water and not g.areas[a].is_open_sea]
        count = min(4, p.treasury // 2, (short + 1) // 2)
        build = [{"area": wet[i % len(wet)], "pay": "treasury"} for i in range(count)] if wet else []
    try:
        ships.plan(g, nation, [], build)  # the phase's own validation
    except IllegalOrder:
        build = []
    return {"type": "ships", "player": seat, "maintain": [], "build": build}


# ---- civilization cards --------------------------------------------------------------------
def _worth(g: Game, p, card: str) -> float:
    """Value for money of ``card``: face value plus credits towards missing cards, per token."""
    c = g.d.civ_cards[card]
    future = sum(v for t, v in c.credits.items() if t not in p.civ_cards)
    return (c.cost + 0.5 * future) / max(1, cc.cost_after_credits(g, p, card))


def plan_purchase(g: Game, seat: int) -> dict | None:
    """Buy the best cards the hand and treasury can pay for; None = take the default."""
    p = g.s.players[seat]
    budget = cc.max_payment(g, p)
    chosen: list[str] = []
    owed = 0
    for card in sorted(cc.buyable(g, p), key=lambda c: (-_worth(g, p, c), c)):
        cost = cc.cost_after_credits(g, p, card)
        if owed + cost <= budget:
            chosen.append(card)
            owed += cost
    if not chosen:
        return None
    usable = cc.usable(g, p)
    mining = cc.mining_available(p)
    pay = cc.cheapest_cover(g, usable, owed, 0, mining) if owed else []
    treasury = 0
    if pay is None:  # cards alone cannot pay: all of them, the rest from treasury
        pay = list(usable) if cc.payment_value(g, usable, mining) > 0 else []
        treasury = owed - (cc.payment_value(g, pay, mining) if pay else 0)
        if treasury > p.treasury:
            return None
    hand_after = cc.take(p.hand, pay) or []
    discard: list[str] = []
    if cc.excess(g, hand_after):
        kept = cc.best_kept(g, hand_after, g.s.options.hand_limit)
        discard = cc.take(cc.commodities(g, hand_after), kept) or []
    try:  # the phase's own checks, without applying anything
        cc.check_cards(g, p, chosen)
        cc.check_payment(g, p, chosen, pay, treasury)
        cc.check_discard(g, hand_after, discard)
    except IllegalOrder:
        return None
    return {"type": "buy", "player": seat, "cards": chosen, "pay_cards": pay, "treasury": treasury,
            "discard": discard}
