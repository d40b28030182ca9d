"""The shared "lose N unit points" decision of calamities (29.62, 29.63, 29.65).

API (for calamity effects: Famine, Flood, Epidemic, Civil War's Military losses...)
--------------------------------------------------------------------------------
A *loss* is a JSON-able dict made by :func:`make_loss` and kept in the effect's ``ctx``::

    loss = make_loss(g, "egypt", 10, why="Famine", rule="30.311")
    loss = make_loss(g, "babylon", 17, mode="flood", areas=["ur", "sumeria", ...])  # 30.511
    loss = make_loss(g, "asia", 16, mode="epidemic")                                # 30.612

``mode``: ``"normal"`` (a city counts 5 when destroyed, 5 minus the tokens left when reduced,
29.62), ``"flood"`` (only *vulnerable* units: tokens, and cities on no site or a white site,
Z-14) or ``"epidemic"`` (each area keeps at least one token; a destroyed city is replaced by
one token, so a city counts at most 4, 30.612). ``areas`` restricts the units that may be lost.

Several losses may be owed at once (e.g. Epidemic's secondary victims): keep them in a dict
``ctx["losses"] = {nation: loss}`` and use the queue helpers:

* :func:`settle(g, losses)` applies every loss whose choice is forced (nothing to lose,
  everything must go, a single token area...) so nobody waits on a non-decision;
* :func:`pending(g, losses)` -> ``[Decision]`` of kind ``"choose_losses"`` (one per owing seat);
* :func:`handle(g, losses, order)` validates a :class:`ChooseLosses` order and applies it
  (``IllegalOrder("29.63", ...)`` etc. before anything changes);
* :func:`timeout(g, losses, seat)` applies a random legal choice (SITE-CAL-05, uses ``g.rng``);
* :func:`sample(g, losses, seat, rng)` gives a uniformly chosen legal :class:`ChooseLosses`.

Single-loss helpers: :func:`required` (the exact total owed, 29.63), :func:`check`
(validate a choice, gives its points), :func:`apply` (check then apply),
:func:`random_choice`, :func:`forced_choice`.

Custom units: ``make_loss(..., tokens={"area": n}, cities=["area"])`` limits the loss to
those units (e.g. one Civil War faction, 30.414).

Dividing a loss among other players (Epidemic 30.611, Flood 30.512):
:class:`AssignLosses` order ``{"type": "assign_losses", "player": 3, "assign": {"egypt": 10}}``
with :func:`check_assignment`, :func:`forced_assignment`, :func:`leaders_assignment`
(SITE-CAL-05 default: the leaders by Total Public Points, SZ-20) and
:func:`random_assignment`. :class:`CalamityChoice` ``{"type": "calamity_choice", "player": 3,
"choice": "..."}`` answers one-of-a-list questions (flood plain, coastal city, faction kept,
barbarian route).

The order: ``{"type": "choose_losses", "player": 3, "tokens": {"area": n},
"reduce": ["area", ...], "destroy": ["area", ...]}``. Cities are reduced/destroyed first, in
area order, then tokens are removed, so "5 minus the tokens left" is exact even when the
owner's stock runs short.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ....contract import Decision, IllegalOrder
from ...context import SPECIAL_OWNERS, Context
from ...words import plural
from ...orders import Order, order
from ...schema import AreaId, Choice, Count, Many, Mapping, NationId
from . import loss_table as lt

NORMAL, FLOOD, EPIDEMIC = "normal", "flood", "epidemic"


@order("choose_losses", rule="29.62")
@dataclass(slots=True)
class ChooseLosses(Order):
    """Which units a player loses to a calamity (29.62): tokens per area, cities reduced,
    cities destroyed."""

    tokens: Mapping(AreaId, Count) = field(default_factory=dict)
    reduce: Many(AreaId) = field(default_factory=list)
    destroy: Many(AreaId) = field(default_factory=list)


@order("assign_losses", rule="30.512")
@dataclass(slots=True)
class AssignLosses(Order):
    """How the primary victim divides other players' losses: nation -> unit points
    (30.512, 30.611)."""

    assign: Mapping(NationId, Count) = field(default_factory=dict)


@order("calamity_choice", rule="29.6")
@dataclass(slots=True)
class CalamityChoice(Order):
    """One choice among listed options (a flood plain 30.513, a coastal city 30.514, the
    faction kept 30.415, the barbarians' next area 30.5251)."""

    choice: Choice = ""


def make_loss(g: Context, nation: str, points: int, *, mode: str = NORMAL,
              areas: list[str] | None = None, why: str = "", rule: str = "29.62",
              tokens: dict[str, int] | None = None, cities: list[str] | None = None,
              ceiling: int | None = None) -> dict[str, Any]:
    """A loss of ``points`` unit points owed by ``nation`` (JSON-able). ``areas`` restricts
    the areas; ``tokens``/``cities`` name exactly which units may go (a faction).
    ``ceiling``: a maximum the rules state (Flood, 30.511 and 30.515): the loss never goes
    above it, not even by the smallest excess of 29.63 (see ``loss_table.Totals.target``)."""
    if mode not in (NORMAL, FLOOD, EPIDEMIC):
        raise ValueError(f"unknown loss mode {mode!r}")
    loss = {"nation": nation, "points": max(0, int(points)), "mode": mode,
            "areas": sorted(areas) if areas is not None else None, "why": why, "rule": rule}
    if ceiling is not None:
        loss["max"] = max(0, int(ceiling))
    if tokens is not None:
        loss["tokens"] = {a: n for a, n in sorted(tokens.items()) if n > 0}
    if cities is not None:
        loss["cities"] = sorted(cities)
    return loss


# ---- what may be lost -------------------------------------------------------------------
def vulnerable_city(g: Context, area: str) -> bool:
    """Flood: a city is vulnerable on no city site or a white one; black sites are safe
    (30.511, Z-14)."""
    return g.areas[area].city_site in (None, "white")


def token_caps(g: Context, loss: dict) -> dict[str, int]:
    """Tokens that may be removed per area (30.612: an Epidemic leaves one in each area)."""
    nation, allowed = loss["nation"], loss["areas"]
    if nation in SPECIAL_OWNERS:  # 29.65: barbarians and pirates are never affected
        return {}
    keep = 1 if loss["mode"] == EPIDEMIC else 0
    named = loss.get("tokens")
    out = {}
    for area in (allowed if allowed is not None else g.token_areas(nation)):
        n = g.tokens(area, nation) - keep
        if named is not None:
            n = min(n, named.get(area, 0))
        if n > 0:
            out[area] = n
    return out


def city_areas(g: Context, loss: dict) -> list[str]:
    """The nation's cities that may be lost, in area order (29.62, 30.511)."""
    nation, allowed = loss["nation"], loss["areas"]
    if nation in SPECIAL_OWNERS:
        return []
    cities = g.cities_of(nation)
    if loss.get("cities") is not None:
        named = set(loss["cities"])
        cities = [a for a in cities if a in named]
    if allowed is not None:
        allowed_set = set(allowed)
        cities = [a for a in cities if a in allowed_set]
    if loss["mode"] == FLOOD:
        cities = [a for a in cities if vulnerable_city(g, a)]
    return cities


def _want(g: Context, nation: str, area: str, act: str, mode: str) -> int:
    """Tokens a city would leave when reduced (26.41, as ``Context.reduce_city``) or destroyed
    (none; one in an Epidemic, 30.612)."""
    if act == "destroy":
        return 1 if mode == EPIDEMIC else 0
    want = g.areas[area].limit + (1 if g.of(nation).has("agriculture") else 0)
    return max(0, want - g.tokens(area, nation))


class LossTable:
    """Reachable city-point totals from city ``i`` on with ``stock`` tokens left (exact:
    cities are handled in area order and reductions draw on the shrinking stock). The totals
    are an integer bitset (``loss_table.reach``), kept for the same cities and stock."""

    __slots__ = ("nation", "mode", "cities", "wants", "epidemic")

    def __init__(self, g: Context, loss: dict) -> None:
        self.nation, self.mode = loss["nation"], loss["mode"]
        self.epidemic = self.mode == EPIDEMIC
        self.cities = city_areas(g, loss)
        self.wants: lt.Wants = tuple(
            (_want(g, self.nation, a, "reduce", self.mode), _want(g, self.nation, a, "destroy", self.mode))
            for a in self.cities)

    def step(self, i: int, act: str, stock: int) -> tuple[int, int]:
        """(points, stock after) of doing ``act`` to city ``i``."""
        if act == "keep":
            return 0, stock
        placed = min(self.wants[i][act == "destroy"], stock)
        return lt.city_points(placed, self.epidemic), stock - placed

    def reach(self, i: int, stock: int) -> lt.Totals:
        """The totals cities ``i`` on can give with ``stock`` left (a bitset, kept)."""
        return lt.totals(self.wants[i:], self.epidemic, stock)


def _need(g: Context, loss: dict, t: LossTable, stock: int, tokens: int) -> int:
    """The exact total a loss costs from ``t``'s cities at ``stock`` (``loss_table.Totals.target``)."""
    return t.reach(0, stock).target(tokens, loss["points"], loss.get("max"))


def _measure(g: Context, loss: dict) -> tuple[dict[str, int], LossTable, int]:
    """(the tokens that may go per area, the cities' table, the exact total owed): what the
    helpers below need, each worked out once. Barbarians and pirates owe nothing (29.65)."""
    caps = token_caps(g, loss)
    t = LossTable(g, loss)
    if loss["nation"] in SPECIAL_OWNERS:
        return caps, t, 0
    return caps, t, _need(g, loss, t, g.of(loss["nation"]).stock, sum(caps.values()))


def _most(g: Context, loss: dict, caps: dict[str, int], t: LossTable) -> int:
    """All the unit points the nation could lose, from its :func:`_measure`."""
    if loss["nation"] in SPECIAL_OWNERS:
        return 0
    return t.reach(0, g.of(loss["nation"]).stock).largest() + sum(caps.values())


def required(g: Context, loss: dict) -> int:
    """The exact number of unit points the loss costs (29.63); barbarians and pirates are
    never affected (29.65)."""
    return _measure(g, loss)[2]


def maximum(g: Context, loss: dict) -> int:
    """All the unit points the nation could lose to this calamity."""
    if loss["nation"] in SPECIAL_OWNERS:
        return 0
    return _most(g, loss, token_caps(g, loss), LossTable(g, loss))


# ---- checking and applying a choice ------------------------------------------------------
def check(g: Context, loss: dict, tokens: Any, reduce: Any, destroy: Any) -> int:
    """Validate a choice against the loss (29.62, 29.63, 30.511, 30.612); gives its points.
    Raises IllegalOrder with the rule and a plain message; changes nothing."""
    nation, mode, why = loss["nation"], loss["mode"], loss["why"] or "this calamity"
    if nation in SPECIAL_OWNERS:
        raise IllegalOrder("29.65", "barbarians and pirates are never affected by calamities")
    if not isinstance(tokens, dict) or not all(isinstance(k, str) and isinstance(v, int)
                                               and not isinstance(v, bool) for k, v in tokens.items()):
        raise IllegalOrder("29.62", "tokens must map areas to numbers of tokens")
    for lst in (reduce, destroy):
        if not isinstance(lst, list) or not all(isinstance(a, str) for a in lst):
            raise IllegalOrder("29.62", "reduce and destroy must be lists of areas")
    caps = token_caps(g, loss)
    for area, n in tokens.items():
        if n < 0:
            raise IllegalOrder("29.62", f"cannot remove a negative number of tokens in {area}")
        if n == 0:
            continue
        if area not in caps:
            if loss["mode"] == EPIDEMIC and g.tokens(area, nation) == 1:
                raise IllegalOrder("30.612", f"an Epidemic leaves at least one token in {area}")
            raise IllegalOrder("29.62", f"you have no tokens in {area} that {why} can take")
        if n > caps[area]:
            if mode == EPIDEMIC:
                raise IllegalOrder("30.612", f"an Epidemic leaves at least one token in each area; "
                                   f"you may remove at most {caps[area]} in {area}")
            raise IllegalOrder("29.62", f"you have only {plural(caps[area], 'token')} in {area}")
    cities = city_areas(g, loss)
    seen = set()
    for area in list(reduce) + list(destroy):
        if area in seen:
            raise IllegalOrder("29.62", f"the city in {area} is named twice")
        seen.add(area)
        if area not in cities:
            if mode == FLOOD and g.s.board.cities.get(area) == nation:
                raise IllegalOrder("30.511", f"your city in {area} stands on a black city site "
                                   "or off the flood plain and is safe from the flood")
            raise IllegalOrder("29.62", f"you have no city in {area} that {why} can take")
    table = LossTable(g, loss)
    acts = {a: "reduce" for a in reduce} | {a: "destroy" for a in destroy}
    stock = g.of(nation).stock
    pts = 0
    for i, a in enumerate(table.cities):
        p, stock = table.step(i, acts.get(a, "keep"), stock)
        pts += p
    pts += sum(tokens.values())
    need = _need(g, loss, table, g.of(nation).stock, sum(caps.values()))
    if pts != need:
        if need < loss["points"] and loss.get("max") is not None and need < maximum(g, loss):
            msg = (f"{why} takes at most {plural(loss['max'], 'unit point')} and exactly {loss['points']} cannot "
                   f"be lost; you must lose {need}, the most possible without going above "
                   f"{loss['max']}; this choice loses {pts}")
        elif need == loss["points"]:
            msg = f"you must lose exactly {plural(need, 'unit point')} to {why}; this choice loses {pts}"
        elif need > loss["points"]:
            msg = (f"{plural(loss['points'], 'unit point')} cannot be lost exactly; you must lose {need} "
                   f"(the smallest possible excess); this choice loses {pts}")
        else:
            msg = f"you must lose all {plural(need, 'unit point')} you can; this choice loses {pts}"
        raise IllegalOrder("29.63", msg)
    return pts


def apply(g: Context, loss: dict, tokens: dict[str, int], reduce: list[str], destroy: list[str]) -> int:
    """Validate, then apply a choice: cities first in area order, then tokens. Gives the points."""
    pts = check(g, loss, tokens, reduce, destroy)
    nation, mode, why = loss["nation"], loss["mode"], loss["why"]
    red, des = set(reduce), set(destroy)
    for area in city_areas(g, loss):
        if area in red:
            g.reduce_city(area, why)
        elif area in des:
            g.destroy_city(area, why)
            if mode == EPIDEMIC and g.of(nation).stock > 0:  # 30.612
                g.add_tokens(nation, area, 1)
                g.emit(f"One {g.name(nation)} token remains in {g.area_name(area)} (30.612).",
                       "tokens_added", area=area, nation=nation, tokens=1)
    for area in sorted(tokens):
        n = tokens[area]
        if n > 0:
            g.remove_tokens(nation, area, n)
            g.emit(f"{g.name(nation)} loses {n} token{'s' if n != 1 else ''} in {g.area_name(area)}"
                   + (f" to {why}" if why else "") + ".", "tokens_lost", area=area, nation=nation,
                   tokens=n)
    g.emit(f"{g.name(nation)} has lost {plural(pts, 'unit point')}" + (f" to {why}" if why else "") + ".",
           "losses", nation=nation, points=pts)
    return pts


def random_choice(g: Context, loss: dict, rng) -> dict[str, Any]:
    """A random legal choice (each city's fate drawn among those still leading to the exact
    total, then the tokens drawn one by one). ``rng`` is ``g.rng`` for a timeout or the
    caller's generator for the bot."""
    nation = loss["nation"]
    caps = token_caps(g, loss)
    t_total = sum(caps.values())
    t = LossTable(g, loss)
    stock = g.of(nation).stock
    need = _need(g, loss, t, stock, t_total)
    reduce, destroy = [], []
    acc = 0
    for i, area in enumerate(t.cities):
        options = []
        for act in ("keep", "reduce", "destroy"):
            p, st = t.step(i, act, stock)
            if t.reach(i + 1, st).any_between(need - acc - p - t_total, need - acc - p):
                options.append((act, p, st))
        act, p, stock = options[rng.below(len(options))]
        acc += p
        if act == "reduce":
            reduce.append(area)
        elif act == "destroy":
            destroy.append(area)
    left = need - acc
    pool = [a for a in sorted(caps) for _ in range(caps[a])]
    tokens: dict[str, int] = {}
    for a in rng.sample(pool, left) if left > 0 else []:
        tokens[a] = tokens.get(a, 0) + 1
    return {"tokens": tokens, "reduce": reduce, "destroy": destroy}


def forced_choice(g: Context, loss: dict) -> dict[str, Any] | None:
    """The choice when there is only one (nothing to lose; everything must go; tokens in a
    single area and no city), else None."""
    return _forced(g, loss)[0]


def _forced(g: Context, loss: dict) -> tuple[dict[str, Any] | None, int]:
    """(:func:`forced_choice`, the total owed)."""
    caps, t, need = _measure(g, loss)
    cities = t.cities
    if need == 0:
        return {"tokens": {}, "reduce": [], "destroy": []}, need
    if not cities and len(caps) == 1:
        (a, _), = caps.items()
        return {"tokens": {a: need}, "reduce": [], "destroy": []}, need
    if need == _most(g, loss, caps, t):
        # everything goes: destroying every city is the way (a reduction that leaves
        # nothing, or one token in an Epidemic, comes to the same)
        return {"tokens": dict(caps), "reduce": [], "destroy": list(cities)}, need
    return None, need


# ---- queue helpers: several losses owed at once ------------------------------------------
def _seat(g: Context, nation: str) -> int:
    return g.of(nation).seat


def settle(g: Context, losses: dict[str, dict]) -> None:
    """Apply at once every loss whose choice is forced; an inert nation decides nothing
    (15.61), so its losses are chosen at random at once."""
    for nation in list(losses):
        loss = losses[nation]
        if g.of(nation).inert:
            apply(g, loss, **random_choice(g, loss, g.rng))
            del losses[nation]
            continue
        forced, need = _forced(g, loss)
        if forced is not None:
            if need > 0:
                apply(g, loss, **forced)
            del losses[nation]


def decision(g: Context, loss: dict) -> Decision:
    """The choose_losses decision for one loss (SITE-CAL-05 default: random units)."""
    caps, table, need = _measure(g, loss)
    stock = g.of(loss["nation"]).stock
    why = loss["why"] or "a calamity"
    return Decision(
        _seat(g, loss["nation"]), "choose_losses",
        f"Choose {plural(need, 'unit point')} to lose to {why}"
        + (" (cities count 5, or 5 minus the tokens left when reduced)" if table.cities else ""),
        required=True, default="random units are lost",
        options={"points": need, "nominal": loss["points"], "mode": loss["mode"],
                 "tokens": caps,
                 "cities": {a: {"reduce": table.step(i, "reduce", stock)[0],
                                "destroy": table.step(i, "destroy", stock)[0]}
                            for i, a in enumerate(table.cities)}})


def pending(g: Context, losses: dict[str, dict]) -> list[Decision]:
    """One decision per nation still owing a loss, in A.S.T. order."""
    return [decision(g, losses[p.nation]) for p in g.active() if p.nation in losses]


def _loss_of(g: Context, losses: dict[str, dict], seat: int) -> dict:
    nation = g.player(seat).nation
    if nation is None or nation not in losses:
        raise IllegalOrder("29.62", "you owe no losses to this calamity")
    return losses[nation]


def handle(g: Context, losses: dict[str, dict], o: Order) -> None:
    """Apply a ChooseLosses order (validated first) and clear that nation's loss."""
    if not isinstance(o, ChooseLosses):
        raise IllegalOrder("29.62", "choose the units you lose with a choose_losses order")
    loss = _loss_of(g, losses, o.player)
    apply(g, loss, o.tokens, o.reduce, o.destroy)
    del losses[loss["nation"]]


def timeout(g: Context, losses: dict[str, dict], seat: int) -> None:
    """SITE-CAL-05: the overdue player loses random units (drawn with ``g.rng``)."""
    loss = _loss_of(g, losses, seat)
    g.emit(f"{g.name(loss['nation'])} did not choose in time; random units are lost.", "timeout")
    apply(g, loss, **random_choice(g, loss, g.rng))
    del losses[loss["nation"]]


def sample(g: Context, losses: dict[str, dict], seat: int, rng) -> ChooseLosses:
    """A random legal ChooseLosses for ``seat`` (the bot's move)."""
    loss = _loss_of(g, losses, seat)
    return ChooseLosses(seat, **random_choice(g, loss, rng))


# ---- dividing a loss among other players (30.512, 30.611) ---------------------------------
def assign_total(caps: dict[str, int], total: int) -> int:
    """What must be assigned: the full amount, or everything the caps allow."""
    return min(total, sum(caps.values()))


def check_assignment(g: Context, assign: Any, caps: dict[str, int], total: int, rule: str,
                     not_candidate: tuple[str, str] | None = None) -> dict[str, int]:
    """Validate a division of ``total`` points among ``caps`` (nation -> most he may be
    given); gives the clean assignment. Raises IllegalOrder (rule, plain message).
    A nation that is no candidate is refused citing 15.61 when inert, else
    ``not_candidate`` = (rule, reason) when given (e.g. Flood: not on the plain), else 29.61
    (the trader)."""
    if not isinstance(assign, dict) or not all(
            isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) for k, v in assign.items()):
        raise IllegalOrder(rule, "assign must map nations to unit points")
    out = {}
    for nation, n in assign.items():
        if n < 0:
            raise IllegalOrder(rule, "unit points assigned cannot be negative")
        if n == 0:
            continue
        if nation not in caps:
            among = "; choose among " + ", ".join(g.name(x) for x in caps) if caps else ""
            if nation in g.s.nations() and g.of(nation).inert:
                raise IllegalOrder("15.61", f"{g.name(nation)} is inert and may not be selected as "
                                   "a secondary victim" + among)
            if nation in g.s.nations() and not_candidate is not None:
                raise IllegalOrder(not_candidate[0], f"{g.name(nation)} {not_candidate[1]}" + among)
            raise IllegalOrder("29.61" if nation in g.s.nations() else rule,
                               f"{g.name(nation)} cannot be chosen as a secondary victim" + among)
        if n > caps[nation]:
            raise IllegalOrder(rule, f"at most {plural(caps[nation], 'unit point')} may be assigned to "
                               f"{g.name(nation)}")
        out[nation] = n
    need = assign_total(caps, total)
    if sum(out.values()) != need:
        raise IllegalOrder(rule, f"you must assign exactly {plural(need, 'unit point')}; you assigned "
                           f"{sum(out.values())}")
    return out


def forced_assignment(caps: dict[str, int], total: int) -> dict[str, int] | None:
    """The division when there is only one: everyone at his cap when the caps do not exceed
    the total, or a single candidate."""
    if sum(caps.values()) <= total:
        return {n: c for n, c in caps.items() if c > 0}
    if len(caps) == 1:
        (n, _), = caps.items()
        return {n: total}
    return None


def leaders_assignment(g: Context, caps: dict[str, int], total: int) -> dict[str, int]:
    """SITE-CAL-05 default: the players currently winning (Total Public Points, SZ-20) are
    the secondary victims, each given as much as allowed, highest first."""
    left = assign_total(caps, total)
    out = {}
    for nation in g.leaders():
        if left <= 0:
            break
        n = min(caps.get(nation, 0), left)
        if n > 0:
            out[nation] = n
            left -= n
    return out


def random_assignment(caps: dict[str, int], total: int, rng) -> dict[str, int]:
    """A random legal division: the points handed out one at a time to random candidates
    with room left."""
    left = assign_total(caps, total)
    room = dict(sorted(caps.items()))
    out: dict[str, int] = {}
    while left > 0:
        open_ = [n for n, c in room.items() if c > 0]
        n = open_[rng.below(len(open_))]
        out[n] = out.get(n, 0) + 1
        room[n] -= 1
        left -= 1
    return out
