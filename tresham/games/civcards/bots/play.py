"""The random bot and the heuristic bot (``bots/__init__.py``). Each is
``bot(state, seat, seed) -> order``, deterministic given the state and the seed string, and
gives ``{"type": "timeout"}`` when the seat owes nothing (``levels.py`` turns it into the
seat's ``bot_default``)."""
from __future__ import annotations

from ....rng import Rng, seed_state
from .. import prices
from ..effects import walls
from ..legal import buy_orders, random_order
from ..rules import combat
from ..rules.buy import slots
from ..rules.defaults import default_order
from ..rules.end import score
from ..rules.turn import decider
from ..seating import targets
from ..state import CCState
from ..yields import choices, printed

#: the population's preferred resources, best first
PREFER = ("commerce", "food", "production")


def _idle(s: CCState, seat: int) -> dict | None:
    if s.finished or decider(s) != seat:
        return {"type": "timeout", "player": seat}
    return None


def random_bot(s: CCState, seat: int, seed: str) -> dict:
    """A legal order drawn uniformly (``legal.random_order``)."""
    return _idle(s, seat) or random_order(s, seat, Rng(seed_state(seed)))


# ---- the heuristic ------------------------------------------------------------------------------
def worth(s: CCState, seat: int, cid: str) -> float:
    """What a card of the hand is worth keeping, roughly."""
    cards = s.cards
    c, kind = cards.card(cid), cards.kind(cid)
    if kind == "bonus":
        return 1.0 + c.value
    if kind == "wonder":
        return 5.0
    if kind == "building":
        free = any(len(pl["cards"]) < slots(pl) for pl in s.seats[seat]["plots"])
        return 3.0 + c.happiness + c.culture if free else 1.0
    if c.removes_walls:
        return 1.0
    return 2.0 + c.steal + c.destroy + 0.5 * len(c.counters)


def heuristic_bot(s: CCState, seat: int, seed: str) -> dict:
    idle = _idle(s, seat)
    if idle:
        return idle
    ph = s.phase
    o = {"player": seat}
    if ph in ("opening_discard", "discard"):
        hand = s.seats[seat]["hand"]
        k = min(s.need, len(hand))
        return {**o, "type": "discard", "cards": sorted(hand, key=lambda c: (worth(s, seat, c), c))[:k]}
    if ph == "collect":
        alloc = {}
        for pl in s.seats[seat]["plots"]:
            if pl["pop"]:
                ch = choices(s, pl["id"])
                r = next(x for x in PREFER if x in ch)
                alloc[pl["id"]] = {r: pl["pop"]}
        return {**o, "type": "collect", "population": alloc}
    if ph == "buy":
        return _buy(s, seat)
    if ph == "attack":
        return _attack(s, seat)
    return default_order(s)


def _buy(s: CCState, seat: int) -> dict:
    orders = buy_orders(s, seat)
    by = {}
    for x in orders:
        by.setdefault(x["type"], []).append(x)
    res = s.seats[seat]["res"]
    if "cash" in by:
        cash = [x for x in by["cash"] if x.get("as", "commerce") in ("commerce",) or "as" not in x]
        return cash[0] if cash else by["cash"][0]
    if "buy_tech" in by:
        return min(by["buy_tech"], key=lambda x: prices.card_price(s, seat, x["tech"])[1])
    if "build" in by:
        return max(by["build"], key=lambda x: _build_value(s, seat, x))
    if "buy_population" in by:
        return min(by["buy_population"], key=lambda x: s.plot(seat, x["plot"])["pop"])
    if "buy_plot" in by and res["commerce"] < 4:
        return by["buy_plot"][0]
    cheapest = min((prices.card_price(s, seat, t)[1] for t in s.tech_market), default=None)
    if cheapest is not None and res["commerce"] < cheapest:
        for g in ("production", "food"):
            spare = res[g] - (6 if g == "food" else 5)
            if spare >= 3:
                return {"player": seat, "type": "exchange", "give": g, "get": "commerce", "times": 1}
    return {"player": seat, "type": "end_buy"}


def _build_value(s: CCState, seat: int, x: dict) -> tuple:
    cards = s.cards
    c = cards.card(x["card"])
    base = printed(s, x["plot"])
    gain = sum(base.get(e.resource, 0) for e in c.effects if e.kind == "double_yield")
    pl = s.plot(seat, x["plot"])
    return (cards.kind(x["card"]) == "wonder", gain + c.happiness + c.culture, -len(pl["cards"]), pl["pop"])


def _attack(s: CCState, seat: int) -> dict:
    ts = targets(s.options, s.players, seat)
    cards = s.cards
    units = [u for u in s.seats[seat]["hand"] if cards.kind(u) == "unit"]
    if not ts or not units:
        return {"player": seat, "type": "attack", "attacks": []}
    t = max(ts, key=lambda q: (score(s, q)["vp"], -ts.index(q)))
    send = [u for u in units if cards.card(u).steal + cards.card(u).destroy > 0]
    if walls(s, t, wonders=False):
        send += [u for u in units if cards.card(u).removes_walls]
    if not send or sum(cards.card(u).steal for u in send) == 0 and not combat.defender_buildings(s, t):
        return {"player": seat, "type": "attack", "attacks": []}
    return {"player": seat, "type": "attack", "attacks": [{"target": t, "units": send}]}
