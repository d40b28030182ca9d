"""What happens when a player's deadline passes (``timeout``) or his bot takes the default
(``bot_default``): for each decision, an order a player would call fair
(docs/rulings/civcards.md, CCR-DEFAULTS), with its description in words (:data:`WORDS`).

Purchases and attacks are never made for a player; a defender's own interest is served
(his walls bounce the most harmful unit, his units counter what they can, his losses are
the least harmful).
"""
from __future__ import annotations

from ..state import CCState
from ..yields import printed
from . import combat
from ..effects import walls
from .turn import decider

WORDS = {
    "draft1": "the plot of the row with the largest printed yield",
    "draft2": "the plot of the row with the largest printed yield",
    "free_pop": "on your plot with the largest printed yield",
    "opening_discard": "the cards drawn last",
    "discard": "the cards drawn last",
    "collect": "each population yields its plot's most printed resource",
    "buy": "buy nothing more; on to combat",
    "attack": "no attack",
    "catapult": "the first Walls in plot order",
    "bounce": "the attacking unit that would do the most harm",
    "defend": "your units counter what they can, the most harmful attackers first",
    "losses": "population from your most populated plots, your cheapest buildings",
    "place_stolen": "on your plot with the largest printed yield",
}


def richest(s: CCState, plots: list[str]) -> str:
    """The plot of largest printed yield (the first on ties)."""
    return max(plots, key=lambda pid: (sum(printed(s, pid).values()), -plots.index(pid)))


def default_order(s: CCState) -> dict:
    """The order the decider's default gives now."""
    p = decider(s)
    ph = s.phase
    o = {"player": p}
    if ph in ("draft1", "draft2"):
        return {**o, "type": "pick", "plot": richest(s, s.draft)}
    if ph in ("free_pop", "place_stolen"):
        best = richest(s, [pl["id"] for pl in s.seats[p]["plots"]])
        if ph == "free_pop":
            return {**o, "type": "free_population", "plot": best}
        return {**o, "type": "place_stolen", "plots": [best] * combat.current(s)["stolen"]}
    if ph in ("opening_discard", "discard"):
        hand = s.seats[p]["hand"]
        return {**o, "type": "discard", "cards": hand[len(hand) - min(s.need, len(hand)):]}
    if ph == "collect":
        return {**o, "type": "collect", "population": {}}
    if ph == "buy":
        return {**o, "type": "end_buy"}
    if ph == "attack":
        return {**o, "type": "attack", "attacks": []}
    a = combat.current(s)
    if ph == "catapult":
        k = sum(1 for u in a["units"] if combat.is_catapult(s, u))
        return {**o, "type": "catapult", "walls": walls(s, p, wonders=False)[:k]}
    if ph == "bounce":
        units = combat.fighting(s, a)
        return {**o, "type": "bounce", "unit": max(units, key=lambda u: (combat.damage(s, u), -units.index(u)))}
    if ph == "defend":
        return {**o, "type": "defend", "counters": greedy_counters(s, a)}
    if ph == "losses":
        return {**o, "type": "losses", "population": least_harm_pop(s, p, a["steal"]),
                "buildings": cheapest(s, combat.defender_buildings(s, p), a["destroy"])}
    raise ValueError(f"no default for {ph}")


def greedy_counters(s: CCState, a: dict) -> list[dict]:
    hand = [c for c in s.seats[a["defender"]]["hand"] if s.cards.kind(c) == "unit"]
    open_ = sorted(combat.uncountered(s, a), key=lambda u: -combat.damage(s, u))
    out = []
    for u in open_:
        by = next((h for h in hand if combat.counters(s, h, u)), None)
        if by is not None:
            hand.remove(by)
            out.append({"unit": u, "by": by})
    return out


def least_harm_pop(s: CCState, p: int, k: int) -> list[str]:
    """``k`` population taken one at a time from the most populated plot (first on ties)."""
    pops = {pl["id"]: pl["pop"] for pl in s.seats[p]["plots"]}
    order = list(pops)
    out = []
    for _ in range(k):
        pid = max(order, key=lambda x: (pops[x], -order.index(x)))
        pops[pid] -= 1
        out.append(pid)
    return out


def cheapest(s: CCState, blds: list[str], k: int) -> list[str]:
    return sorted(blds, key=lambda c: (s.cards.card(c).cost, blds.index(c)))[:k]


