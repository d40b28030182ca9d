"""Step 3 of a turn, combat (CCG-TURN-03, CCG-COMB-01..06, CCG-CONF-02/03).

The active player declares every attack at once, units face up before each attacked
neighbour (``declare``, CCG-COMB-01). The attacks are then settled one by one, clockwise from
the attacker (docs/rulings/civcards.md, CCR-ATTACK-ORDER), each in the seed's order, the
``stage`` of ``s.combat``'s current attack:

1. ``catapult``: each attacking Catapult sends one of the defender's Walls (buildings; never
   the Great Wall) back to his hand; he picks which when he has more than the Catapults take
   (CCG-COMB-02; decision ``catapult``);
2. ``bounce``: a defender with Walls or the Great Wall left may send one attacking unit (not
   a Catapult, whose work is done) back to the attacker's hand: one per attack, i.e. per
   attacked player per turn (CCG-COMB-03, CCG-CONF-02; decision ``bounce``);
3. ``defend``: the defender counters attacking units with units of his hand, one of his for
   one of theirs, each as the deck says it counters (CCG-COMB-04; decision ``defend``);
4. ``effects``: the uncountered attackers steal population and send buildings back, as far
   as the defender has them (CCG-COMB-05): the defender picks the plots and buildings
   (decision ``losses``), wonders never go; the attacker puts the stolen population on his
   plots (decision ``place_stolen``);
5. ``cleanup``: every unit that took part, the attacker's and the defender's, to the discard
   pile; the bounced unit is already back in its owner's hand (CCG-COMB-06).

A decision with one possible answer is not asked (docs/rulings/civcards.md, CCR-FORCED).
"""
from __future__ import annotations

from ...contract import Event, IllegalOrder
from .. import awards
from ..effects import walls
from ..seating import clockwise, targets
from ..state import CCState, who
from .common import distinct, emit, names, plural


# ---- reading the combat ---------------------------------------------------------------------
def current(s: CCState) -> dict:
    return s.combat["attacks"][s.combat["index"]]


def is_catapult(s: CCState, cid: str) -> bool:
    return bool(s.cards.card(cid).removes_walls)


def fighting(s: CCState, a: dict) -> list[str]:
    """The attack's units that still fight: not Catapults, not bounced."""
    return [u for u in a["units"] if not is_catapult(s, u) and u != a["bounced"]]


def uncountered(s: CCState, a: dict) -> list[str]:
    return [u for u in fighting(s, a) if u not in a["countered"]]


def counters(s: CCState, by: str, unit: str) -> bool:
    """Whether the unit ``by`` counters the unit ``unit`` (the deck's ``counters``)."""
    cards = s.cards
    return cards.kind(by) == "unit" and cards.def_id(unit) in cards.card(by).counters


def can_defend(s: CCState, a: dict) -> bool:
    hand = s.seats[a["defender"]]["hand"]
    return any(counters(s, h, u) for u in uncountered(s, a) for h in hand)


def damage(s: CCState, unit: str) -> int:
    c = s.cards.card(unit)
    return c.steal + c.destroy


def defender_buildings(s: CCState, d: int) -> list[str]:
    """The defender's buildings an attacker can send back (wonders never, CCG-CARD-09)."""
    cards = s.cards
    return [c for pl in s.seats[d]["plots"] for c in pl["cards"] if cards.kind(c) == "building"]


# ---- declaring --------------------------------------------------------------------------------
def declare(s: CCState, p: int, attacks: list[dict], ev: list[Event]) -> bool:
    """CCG-COMB-01: every attack at once; True if any was declared."""
    cards = s.cards
    allowed = targets(s.options, s.players, p)
    seen_targets: set[int] = set()
    units: list[str] = []
    for at in attacks:
        t = at["target"]
        if t not in allowed:
            raise IllegalOrder("CCG-COMB-01" if t >= s.players or t == p or t not in range(s.players)
                               else "CCG-CONF-03",
                               f"you may attack {' or '.join(who(q) for q in allowed) or 'nobody'}, not seat {t}")
        if t in seen_targets:
            raise IllegalOrder("CCG-COMB-01", f"{who(t)} is named twice: all units against one player in one attack")
        seen_targets.add(t)
        for u in at["units"]:
            if u not in s.seats[p]["hand"]:
                raise IllegalOrder("CCG-COMB-01", f"{u!r} is not in your hand")
            if cards.kind(u) != "unit":
                raise IllegalOrder("CCG-CARD-07", f"{cards.name(u)} is not a unit")
            units.append(u)
    distinct(units, "CCG-COMB-01")
    if not attacks:
        emit(ev, f"{who(p)} does not attack", "attack")
        return False
    order = {q: i for i, q in enumerate(clockwise(s.players, p))}
    s.combat = {"attacker": p, "index": 0, "attacks": []}
    for at in sorted(attacks, key=lambda x: order[x["target"]]):
        for u in at["units"]:
            s.seats[p]["hand"].remove(u)
        s.combat["attacks"].append({"defender": at["target"], "units": list(at["units"]), "stage": "catapult",
                                    "bounced": None, "countered": {}, "defenders": [],
                                    "steal": 0, "destroy": 0, "stolen": 0, "spent": []})
        emit(ev, f"{who(p)} attacks {who(at['target'])} with {names(s, at['units'])}", "attack",
             defender=at["target"], units=list(at["units"]))
    s.phase = "combat"
    return True


# ---- the stages, settled as far as no decision is needed -------------------------------------
def step(s: CCState, ev: list[Event]) -> bool:
    """Move the current attack on by one automatic stage; False when a decision is needed
    (``s.phase`` is then that decision)."""
    a = current(s)
    stage = a["stage"]
    d = a["defender"]
    if stage == "catapult":
        k = sum(1 for u in a["units"] if is_catapult(s, u))
        w = walls(s, d, wonders=False)
        if k and w and k < len(w):
            s.phase = "catapult"
            return False
        if k and w:
            return_walls(s, a, w, ev)
        a["stage"] = "bounce"
        return True
    if stage == "bounce":
        if walls(s, d) and fighting(s, a):
            s.phase = "bounce"
            return False
        a["stage"] = "defend"
        return True
    if stage == "defend":
        if can_defend(s, a):
            s.phase = "defend"
            return False
        a["stage"] = "effects"
        return True
    if stage == "effects":
        hits = uncountered(s, a)
        pop = sum(pl["pop"] for pl in s.seats[d]["plots"])
        blds = defender_buildings(s, d)
        a["steal"] = min(sum(s.cards.card(u).steal for u in hits), pop)
        a["destroy"] = min(sum(s.cards.card(u).destroy for u in hits), len(blds))
        populated = [pl["id"] for pl in s.seats[d]["plots"] if pl["pop"]]
        pop_choice = a["steal"] and a["steal"] < pop and len(populated) > 1
        bld_choice = a["destroy"] and a["destroy"] < len(blds)
        if pop_choice or bld_choice:
            s.phase = "losses"
            return False
        take_losses(s, a, [pl["id"] for pl in s.seats[d]["plots"] for _ in range(pl["pop"])][:a["steal"]],
                    blds[:a["destroy"]], ev)
        return True
    if stage == "place":
        s.phase = "place_stolen"
        return False
    # cleanup (CCG-COMB-06)
    gone = [u for u in a["units"] if u != a["bounced"]] + a["defenders"]
    s.discard += gone
    a["spent"], a["units"], a["defenders"] = gone, [], []
    emit(ev, f"the units of the attack on {who(d)} go to the discard pile: {names(s, gone)}", "combat")
    s.combat["index"] += 1
    if s.combat["index"] >= len(s.combat["attacks"]):
        s.phase = "combat_over"
    return True


# ---- the decisions --------------------------------------------------------------------------
def return_walls(s: CCState, a: dict, chosen: list[str], ev: list[Event]) -> None:
    d = a["defender"]
    for pl in s.seats[d]["plots"]:
        for c in list(pl["cards"]):
            if c in chosen:
                pl["cards"].remove(c)
                s.seats[d]["hand"].append(c)
    emit(ev, f"the Catapults send {who(d)}'s {names(s, chosen)} back to his hand", "catapult", walls=list(chosen))
    awards.update(s, ev)


def catapult(s: CCState, d: int, chosen: list[str], ev: list[Event]) -> None:
    """CCG-COMB-02: the defender picks which of his Walls go back."""
    a = current(s)
    k = sum(1 for u in a["units"] if is_catapult(s, u))
    w = walls(s, d, wonders=False)
    distinct(chosen, "CCG-COMB-02")
    if len(chosen) != min(k, len(w)) or any(c not in w for c in chosen):
        raise IllegalOrder("CCG-COMB-02", f"pick {plural(min(k, len(w)), 'Walls card')} of yours: "
                                          f"{', '.join(w)}")
    return_walls(s, a, chosen, ev)
    a["stage"] = "bounce"
    s.phase = "combat"


def bounce(s: CCState, d: int, unit: str | None, ev: list[Event]) -> None:
    """CCG-COMB-03: one attacking unit back to the attacker's hand, or none."""
    a = current(s)
    if unit is not None:
        if unit not in fighting(s, a):
            raise IllegalOrder("CCG-COMB-03", f"{unit!r} is not an attacking unit you can bounce "
                                              f"(a Catapult's work is done)")
        a["bounced"] = unit
        a["units"].remove(unit)
        s.seats[s.combat["attacker"]]["hand"].append(unit)
        emit(ev, f"{who(d)}'s walls bounce the {s.cards.name(unit)} back to {who(s.combat['attacker'])}'s hand",
             "bounce", unit=unit)
    else:
        emit(ev, f"{who(d)} bounces nothing", "bounce")
    a["stage"] = "defend"
    s.phase = "combat"


def defend(s: CCState, d: int, pairs: list[dict], ev: list[Event]) -> None:
    """CCG-COMB-04: units of the defender's hand counter attacking units, one for one."""
    a = current(s)
    hand = s.seats[d]["hand"]
    distinct([x["unit"] for x in pairs], "CCG-COMB-04")
    distinct([x["by"] for x in pairs], "CCG-COMB-04")
    open_ = uncountered(s, a)
    for x in pairs:
        if x["unit"] not in open_:
            raise IllegalOrder("CCG-COMB-04", f"{x['unit']!r} is not an attacking unit to counter")
        if x["by"] not in hand:
            raise IllegalOrder("CCG-COMB-04", f"{x['by']!r} is not in your hand")
        if not counters(s, x["by"], x["unit"]):
            raise IllegalOrder("CCG-COMB-04", f"{s.cards.name(x['by'])} does not counter {s.cards.name(x['unit'])}")
    for x in pairs:
        hand.remove(x["by"])
        a["defenders"].append(x["by"])
        a["countered"][x["unit"]] = x["by"]
        emit(ev, f"{who(d)}'s {s.cards.name(x['by'])} counters the {s.cards.name(x['unit'])}", "counter",
             unit=x["unit"], by=x["by"])
    if not pairs:
        emit(ev, f"{who(d)} counters nothing", "counter")
    a["stage"] = "effects"
    s.phase = "combat"


def take_losses(s: CCState, a: dict, pop_from: list[str], blds: list[str], ev: list[Event]) -> None:
    d = a["defender"]
    for pid in pop_from:
        s.plot(d, pid)["pop"] -= 1
    for c in blds:
        for pl in s.seats[d]["plots"]:
            if c in pl["cards"]:
                pl["cards"].remove(c)
        s.seats[d]["hand"].append(c)
    if pop_from:
        emit(ev, f"{who(s.combat['attacker'])} steals {plural(len(pop_from), 'population')} from {who(d)} "
                 f"({names(s, pop_from)})", "steal", plots=list(pop_from))
    if blds:
        emit(ev, f"{who(d)}'s {names(s, blds)} go back to his hand", "destroy", buildings=list(blds))
    if a["steal"] or a["destroy"]:
        awards.update(s, ev)  # CCG-EXT-03
    else:
        emit(ev, f"the attack on {who(d)} does no harm", "combat")
    a["stolen"] = len(pop_from)
    a["stage"] = "place" if pop_from else "cleanup"


def losses(s: CCState, d: int, pop_from: list[str], blds: list[str], ev: list[Event]) -> None:
    """CCG-COMB-05: the defender picks the plots that lose population and the buildings."""
    a = current(s)
    if len(pop_from) != a["steal"]:
        raise IllegalOrder("CCG-COMB-05", f"name {plural(a['steal'], 'population')} to lose, not {len(pop_from)}")
    for pid in set(pop_from):
        pl = s.plot(d, pid)
        if pl is None:
            raise IllegalOrder("CCG-COMB-05", f"{pid!r} is not one of your plots")
        if pop_from.count(pid) > pl["pop"]:
            raise IllegalOrder("CCG-COMB-05", f"{s.cards.name(pid)} has {plural(pl['pop'], 'population')}, "
                                              f"not {pop_from.count(pid)}")
    distinct(blds, "CCG-COMB-05")
    own = defender_buildings(s, d)
    if len(blds) != a["destroy"] or any(b not in own for b in blds):
        raise IllegalOrder("CCG-COMB-05", f"name {plural(a['destroy'], 'building')} of yours to send back "
                                          f"(wonders cannot be)")
    take_losses(s, a, list(pop_from), list(blds), ev)
    s.phase = "combat"


def place_stolen(s: CCState, p: int, plots: list[str], ev: list[Event]) -> None:
    """CCG-COMB-05: the attacker puts the stolen population on his plots."""
    a = current(s)
    if len(plots) != a["stolen"]:
        raise IllegalOrder("CCG-COMB-05", f"place {plural(a['stolen'], 'population')}, not {len(plots)}")
    for pid in plots:
        if s.plot(p, pid) is None:
            raise IllegalOrder("CCG-COMB-05", f"{pid!r} is not one of your plots")
    for pid in plots:
        s.plot(p, pid)["pop"] += 1
    emit(ev, f"{who(p)} puts the stolen population on {names(s, plots)}", "steal", plots=list(plots))
    a["stage"] = "cleanup"
    s.phase = "combat"
