"""The legal orders of a seat's current decision, computed by the rules' own checks (for the
bots and the tests), never by trying ``apply`` on candidates.

:func:`buy_orders` lists every single purchase (and exchange, bonus card, demolition, gift)
the seat can make now, with ``end_buy``. :func:`random_order` gives a legal order drawn
uniformly: over the listed orders where a decision's orders are few, and item by item where
they are combinations (an attack's units, a defence's counters, the losses, the stolen
population's plots), which is uniform over those combinations too.
"""
from __future__ import annotations

from itertools import combinations

from ...rng import Rng
from . import prices
from .deck import RESOURCES
from .effects import attached, walls
from .rules import combat
from .rules.buy import slots
from .rules.turn import decider
from .seating import targets, teammate
from .state import CCState
from .yields import choices


def buy_orders(s: CCState, p: int) -> list[dict]:
    st = s.seats[p]
    res = st["res"]
    cards = s.cards
    o = {"player": p}
    out: list[dict] = []
    if sum(res.values()) >= prices.next_plot(s, p):
        out += [{**o, "type": "buy_plot", "plot": x} for x in s.plot_market]
    out += [{**o, "type": "buy_population", "plot": pl["id"]} for pl in st["plots"]
            if res["food"] >= prices.next_population(s, p, pl)]
    for c in st["hand"]:
        kind = cards.kind(c)
        if kind in ("building", "wonder") and res["production"] >= prices.card_price(s, p, c)[1]:
            out += [{**o, "type": "build", "card": c, "plot": pl["id"]} for pl in st["plots"]
                    if len(pl["cards"]) < slots(pl)]
        elif kind == "bonus":
            b = cards.card(c)
            if b.resource == "wild":
                out += [{**o, "type": "cash", "card": c, "as": r} for r in RESOURCES]
            else:
                out.append({**o, "type": "cash", "card": c})
    out += [{**o, "type": "buy_tech", "tech": t} for t in s.tech_market
            if res["commerce"] >= prices.card_price(s, p, t)[1]]
    out += [{**o, "type": "exchange", "give": g, "get": r, "times": 1} for g in RESOURCES for r in RESOURCES
            if g != r and res[g] >= 3]
    out += [{**o, "type": "demolish", "card": c} for c in attached(s, p)]
    mate = teammate(s.options, s.players, p)
    if mate is not None:
        out += [{**o, "type": "give", "to": mate, r: 1} for r in RESOURCES if res[r] >= 1]
    out.append({**o, "type": "end_buy"})
    return out


def legal_orders(s: CCState, seat: int) -> list[dict] | None:
    """Every legal order of ``seat`` now where they are few; None for the decisions of
    combinations (use :func:`random_order`); [] when the game does not wait on him."""
    if s.finished or decider(s) != seat:
        return []
    ph, o = s.phase, {"player": seat}
    if ph in ("draft1", "draft2"):
        return [{**o, "type": "pick", "plot": x} for x in s.draft]
    if ph == "free_pop":
        return [{**o, "type": "free_population", "plot": pl["id"]} for pl in s.seats[seat]["plots"]]
    if ph == "buy":
        return buy_orders(s, seat)
    if ph in ("opening_discard", "discard"):
        hand = s.seats[seat]["hand"]
        return [{**o, "type": "discard", "cards": list(c)} for c in combinations(hand, min(s.need, len(hand)))]
    if ph == "catapult":
        a = combat.current(s)
        k = sum(1 for u in a["units"] if combat.is_catapult(s, u))
        return [{**o, "type": "catapult", "walls": list(c)} for c in combinations(walls(s, seat, wonders=False), k)]
    if ph == "bounce":
        return [{**o, "type": "bounce", "unit": u} for u in [None] + combat.fighting(s, combat.current(s))]
    return None


def random_order(s: CCState, seat: int, r: Rng) -> dict:
    """A legal order of ``seat`` now, drawn by ``r``."""
    listed = legal_orders(s, seat)
    if listed:
        return r.choice(listed)
    if listed == []:
        raise ValueError(f"seat {seat} owes no decision now")
    ph, o = s.phase, {"player": seat}
    st = s.seats[seat]
    if ph == "collect":
        alloc = {}
        for pl in st["plots"]:
            if pl["pop"]:
                ch = choices(s, pl["id"])
                split = {x: 0 for x in ch}
                for _ in range(pl["pop"]):
                    split[r.choice(ch)] += 1
                alloc[pl["id"]] = split
        return {**o, "type": "collect", "population": alloc}
    if ph == "attack":
        ts = targets(s.options, s.players, seat)
        by: dict[int, list[str]] = {}
        for u in st["hand"]:
            if s.cards.kind(u) == "unit":
                k = r.below(len(ts) + 1)
                if k < len(ts):
                    by.setdefault(ts[k], []).append(u)
        return {**o, "type": "attack", "attacks": [{"target": t, "units": us} for t, us in sorted(by.items())]}
    a = combat.current(s)
    if ph == "defend":
        hand = [h for h in st["hand"] if s.cards.kind(h) == "unit"]
        pairs = []
        for u in combat.uncountered(s, a):
            can = [h for h in hand if combat.counters(s, h, u)]
            k = r.below(len(can) + 1)
            if k < len(can):
                hand.remove(can[k])
                pairs.append({"unit": u, "by": can[k]})
        return {**o, "type": "defend", "counters": pairs}
    if ph == "losses":
        pops = {pl["id"]: pl["pop"] for pl in st["plots"]}
        taken = []
        for _ in range(a["steal"]):
            pid = r.choice([x for x, n in pops.items() if n > 0])
            pops[pid] -= 1
            taken.append(pid)
        return {**o, "type": "losses", "population": taken,
                "buildings": r.sample(combat.defender_buildings(s, seat), a["destroy"])}
    if ph == "place_stolen":
        ids = [pl["id"] for pl in st["plots"]]
        return {**o, "type": "place_stolen", "plots": [r.choice(ids) for _ in range(a["stolen"])]}
    raise ValueError(f"no orders for {ph}")
