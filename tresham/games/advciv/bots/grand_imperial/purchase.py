"""The heuristic bot's Grand Imperial purchase (D18, design 5.3): civilization cards and city
advances ranked together by value for money.

A civilization card's worth is the plain bot's (face value plus half the credits it gives
towards cards not owned, over its cost after credits). A city advance's is its cost plus its
yield over the part of its cost the research points leave owed (GI-CARULE-03); the yield,
over ``TURNS_AHEAD`` turns:

- a card a turn for a MarketPlace or a Palace (GI-CITYADV-09, -14), valued at the expected
  face value of its city's region, nothing where the city's draws already reach the cap of 2
  without a Courthouse (GI-CITYADV-16);
- research toward the chart's next step (GI-CARULE-03): the credit one more point adds, for
  a producer whose kind is not yet working for him;
- thresholds saved (GI-LUX-03): each point of luxury a Temple, Oracle, Music Hall, Theater or
  Palace takes off its city, a treasury token a turn.

Advances that yield nothing of this (walls, granaries, barracks...) are left to the players.
A line pays with research points first, then whole holdings of allowed commodities (a set is
never split between items, GIR-56), cheapest first, then treasury. The order is built, then
tried on a copy of the bot's information state by the phase itself (``GIAdvancesPhase.handle``):
a refused order loses its advance lines, and a still refused one gives None (the default).
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from ....contract import IllegalOrder
from ...context import Context
from ...grand_imperial import data as gi
from ...grand_imperial import dispositions as dp
from ...grand_imperial import purchase
from ...grand_imperial.acquisition import city_draws
from ...grand_imperial.leaders import CIVILIZED, civilized_amount
from ...grand_imperial.research import available, credit, research
from ...grand_imperial.sites import working_kinds
from ...orders import from_json
from ...rules import civcards as cc
from ...variant import game_for
from ..plain import plan_purchase, worth
from . import planners

#: Turns over which an advance's yield is counted.
TURNS_AHEAD = 5


def card_yield(g: Context, nation: str, area: str) -> float:
    """What a card more a turn from the city in ``area`` is worth: its region's expected face
    value, 0 when the city's draws already reach the cap (GI-CITYADV-16) or it is in Revolt."""
    advances = [gi.city_advances()[a] for a in dp.active_advances(g, area)]
    drawn, _lost = city_draws(g, area)
    if dp.disposition(g, area) == dp.REVOLT:
        return 0.0
    if not any(a.lifts_card_limit for a in advances) and drawn >= gi.trade().cards_without_courthouse:
        return 0.0
    region = gi.region_of(area)
    return planners.expected_face(g, region) if region else 0.0


def advance_yield(g: Context, nation: str, advance: str, area: str) -> float:
    """The yield of ``advance`` in ``area`` over ``TURNS_AHEAD`` turns (module docstring)."""
    a = gi.city_advances()[advance]
    per_turn = 0.0
    if a.extra_cards:
        per_turn += a.extra_cards * card_yield(g, nation, area)
    if a.research_point and advance not in working_kinds(g, nation):
        rp = research(g, nation)
        per_turn += credit(rp + 1) - credit(rp)
    if a.luxury_shift < 0:
        per_turn += -a.luxury_shift
    return per_turn * TURNS_AHEAD


def pay_line(g: Context, p, advance: str, city: str, pool: Counter, treasury: int,
             used: set[str], rp_left: int) -> dict[str, Any] | None:
    """One advance line paid as the module docstring says, or None if it cannot be paid."""
    a = gi.city_advances()[advance]
    points = next((k for k in range(1, rp_left + 1) if credit(k) >= a.cost), rp_left)
    owed = max(0, a.cost - credit(points))
    line: dict[str, Any] = {"advance": advance, "city": city, "pay_cards": [], "treasury": 0,
                            "research": points}
    if owed == 0:
        return line
    kinds = sorted((c for c in pool if pool[c] and c not in used and c in g.d.commodities
                    and purchase.allowed(advance, c) and g.hand_value([c] * pool[c]) > 0),
                   key=lambda c: (g.hand_value([c] * pool[c]), c))
    chosen: list[str] = []
    value = 0
    for c in kinds:
        if value + treasury >= owed:
            break
        chosen.append(c)
        value = g.hand_value([k for c2 in chosen for k in [c2] * pool[c2]])
    for c in list(chosen):  # a holding not needed after all stays in the hand
        rest = [c2 for c2 in chosen if c2 != c]
        if g.hand_value([k for c2 in rest for k in [c2] * pool[c2]]) + treasury >= owed:
            chosen = rest
    value = g.hand_value([k for c2 in chosen for k in [c2] * pool[c2]])
    tokens = max(0, owed - value)
    if tokens > treasury:
        return None
    line["pay_cards"] = [k for c2 in chosen for k in [c2] * pool[c2]]
    line["treasury"] = tokens
    return line


def best_line(g: Context, p, pool: Counter, treasury: int, used: set[str], rp_left: int,
              owned: list[str], taken: list[dict[str, Any]] = ()) -> tuple[float, dict[str, Any]] | None:
    """The advance line of the best worth (cost plus yield over what it leaves owed) that
    he can pay, or None; ``taken``: the lines already in the order (no advance twice in a
    city, one Palace)."""
    best: tuple[float, dict[str, Any]] | None = None
    listed = {(ln["advance"], ln["city"]) for ln in taken}
    for advance in sorted(gi.city_advances()):
        a = gi.city_advances()[advance]
        if advance == "palace" and any(ln["advance"] == "palace" for ln in taken):
            continue
        for city in sorted(g.cities_of(p.nation)):
            if (advance, city) in listed or purchase.placeable(g, p, advance, city, owned) is not None:
                continue
            gain = advance_yield(g, p.nation, advance, city)
            if gain <= 0:
                continue
            line = pay_line(g, p, advance, city, pool, treasury, used, rp_left)
            if line is None:
                continue
            owed = max(1, a.cost - credit(line["research"]))
            worth = (a.cost + gain) / owed
            if best is None or worth > best[0]:
                best = (worth, line)
    return best


def accepted(g: Context, order: dict) -> bool:
    """Whether the advances phase takes ``order`` (``GIAdvancesPhase.handle``: the checks it
    makes before it changes anything), tried on a copy of the bot's state."""
    h = game_for(g.s.copy())
    try:
        o = from_json(order, variant=h.variant.key)
        h.variant.phase("advances").handle(h, o)
    except (IllegalOrder, ValueError, TypeError, KeyError):
        return False
    return True


def civ_worth(g: Context, p) -> float:
    """The best value for money among the civilization cards he may buy (the plain bot's)."""
    costs = [worth(g, p, c) for c in cc.buyable(g, p) if cc.cost_after_credits(g, p, c) > 0]
    return max(costs, default=0.0)


def _civ_order(g: Context, seat: int, hand: list[str], treasury: int) -> dict | None:
    """The plain bot's civilization-card purchase from ``hand`` and ``treasury`` (what the
    advance lines leave), on a copy of the state."""
    h = game_for(g.s.copy())
    q = h.s.players[seat]
    # the Leadership cards are never handed in as a payment (worth nothing, GIS-5)
    q.hand, q.treasury = [c for c in hand if c not in gi.leaders()], treasury
    if CIVILIZED in hand:  # the Leader's credit spends as treasury on the dearest card
        q.treasury += civilized_amount()
    with h.holding(q.nation):
        return plan_purchase(h, seat)


def _discard(g: Context, hand: list[str]) -> list[str]:
    """The commodities over the hand limit, the least valuable sets first (31.71)."""
    if not cc.excess(g, hand):
        return []
    kept = cc.best_kept(g, hand, g.s.options.hand_limit)
    return cc.take(cc.commodities(g, hand), kept) or []


def _add_lines(g: Context, p, lines: list[dict[str, Any]], pool: Counter, treasury: int,
               used: set[str], rp: int, owned: list[str], above: float) -> tuple[Counter, int, int]:
    """Add to ``lines`` the best advance lines while their worth exceeds ``above``; gives the
    cards, treasury and research points they leave."""
    while True:
        found = best_line(g, p, pool, treasury, used, rp, owned, lines)
        if found is None or found[0] <= above:
            return pool, treasury, rp
        ln = found[1]
        lines.append(ln)
        pool = pool - Counter(ln["pay_cards"])
        used |= set(ln["pay_cards"])
        treasury -= ln["treasury"]
        rp -= ln["research"]


def plan_buy(g: Context, seat: int, rng=None) -> dict | None:
    """The GI buy order (module docstring), or None: the default. Advances worth more than
    the best civilization card come first, then the plain bot's cards from what they leave,
    then the advances still worth their price (worth above 1) from the rest."""
    if "buy" not in _owed(g, seat):
        return None
    p = g.s.players[seat]
    with g.holding(p.nation):
        lines: list[dict[str, Any]] = []
        used: set[str] = set()
        pool, treasury, rp = _add_lines(g, p, lines, Counter(purchase.spendable(g, p)), p.treasury,
                                        used, available(g, p.nation), [], civ_worth(g, p))
        hand = list(p.hand)
        for ln in lines:
            hand = cc.take(hand, ln["pay_cards"]) or []
        civ = _civ_order(g, seat, hand, treasury)
        if civ and any(purchase.obsolete(ln["advance"], civ["cards"]) for ln in lines):
            civ = None
        if civ:
            pool = pool - Counter(civ["pay_cards"])
            used |= set(civ["pay_cards"])
            treasury -= civ["treasury"]
        _add_lines(g, p, lines, pool, treasury, used, rp, list(civ["cards"]) if civ else [], 1.0)
        order = {"type": "buy", "player": seat, "cards": [], "pay_cards": [], "treasury": 0,
                 **{k: v for k, v in (civ or {}).items() if k != "discard"}, "advances": lines}
        rest = cc.take(p.hand, order["pay_cards"]) or []
        for ln in lines:
            rest = cc.take(rest, ln["pay_cards"]) or []
        order["discard"] = _discard(g, rest)
    for candidate in (*civilized(g, p, order), order, *([civ] if civ else [])):
        if (candidate["cards"] or candidate.get("advances")) and accepted(g, candidate):
            return candidate
    return None


def civilized(g: Context, p, order: dict) -> list[dict]:
    """GI-LEADER-04 (design 5.3: the Civilized Leader with the dearest purchase): the order
    with the Leader's credit on its dearest civilization card (the cards were planned with
    the credit as treasury, ``_civ_order``), else its dearest advance line, first with the treasury it saves kept back
    (taken off the item's treasury payment), then with the payment as it was. None without
    the Leader or a purchase."""
    if CIVILIZED not in p.hand:
        return []
    price = {c: cc.cost_after_credits(g, p, c) for c in order["cards"]}
    if not price:  # no card (whose planning counted the credit as treasury): an advance
        price = {ln["advance"]: gi.city_advances()[ln["advance"]].cost - credit(ln["research"])
                 for ln in order.get("advances", [])}
    if not price:
        return []
    item = max(price, key=lambda k: (price[k], k))
    amount = civilized_amount()
    if item in order["cards"]:
        saved = dict(order, leader_credit=item, treasury=max(0, order["treasury"] - amount))
    else:
        lines = [dict(ln, treasury=max(0, ln["treasury"] - amount)) if ln["advance"] == item else ln
                 for ln in order["advances"]]
        saved = dict(order, leader_credit=item, advances=lines)
    return [saved, dict(order, leader_credit=item)]


def _owed(g: Context, seat: int) -> set[str]:
    return planners.owed_kinds(g, seat)
