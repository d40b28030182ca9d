"""City support (26.3-26.6): the reusable check every phase that needs it embeds.

Each player needs two tokens on the board for every city he has in play (26.31). A player
short of support reduces his cities one at a time until the rest are supported; he picks
which, but cities built or acquired this turn (``Player.new_cities``) go first (26.32).
Reducing a city (``Context.reduce_city``, 26.41) puts as many of his tokens in its area as the
limit allows (Agriculture +1, 32.241); they support the remaining cities at once. When his
stock is empty, cities still unsupported are eliminated (26.41). Support is checked after
surplus removal, after calamities (29.8) and during Slave Revolt (30.42) only (26.5, 26.6).

The contract (a small sub-machine; ``st`` is a JSON-able dict the caller keeps, normally in
``g.s.step``, so it is copied and saved with the state)::

    st = start_support_check(g, "surplus population")   # reduces what needs no choice
    g.s.step["support"] = st
    pending(g, st)            -> [Decision]   # one "reduce_cities" decision per player who
                                              # has a real choice (simultaneous)
    handle(g, st, order)                      # a ReduceCities order (validated first)
    timeout(g, st, seat)                      # site default (SZ-16): random, new cities first
    sample(g, st, seat, rng)  -> Order        # a random legal ReduceCities order
    done(g, st)               -> bool         # nobody owes anything any more

``nations`` limits the check to some nations (Slave Revolt checks the victim only);
``unsupporting={nation: n}`` makes ``n`` of the nation's tokens on the board unable to
support cities during this check (30.421; if he has fewer, all of them, 30.422). Tokens
placed by the reductions always support (30.422). The calling phase accepts the order type
``reduce_cities`` and routes it (and timeouts of the seats in ``pending``) here.

When a player must reduce and has no real choice (a single qualifying city, or every
qualifying city must go whatever the order) the reductions are made automatically.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...contract import Decision, IllegalOrder
from ..context import Context
from ..words import plural
from ..orders import Order, order
from ..schema import AreaId, Many

RULE = "26.31"
DEFAULT_TEXT = "random cities are reduced, cities built this turn first"


@order("reduce_cities", rule="26.31")
@dataclass(slots=True)
class ReduceCities(Order):
    """Which of his cities the player reduces for lack of support (26.31, 26.32), in the
    order given; reduction stops as soon as the rest are supported, later areas are
    ignored. Cities built or acquired this turn must come before older ones."""

    areas: Many(AreaId) = field(default_factory=list)


# ---- counting ---------------------------------------------------------------------------

def support_tokens(g: Context, st: dict[str, Any], nation: str) -> int:
    """Tokens of ``nation`` that support cities now: on the board, minus the ones that may
    not support during this check (Slave Revolt, 30.421-30.422)."""
    return g.tokens_on_board(nation) - st["unsupporting"].get(nation, 0)


def required_tokens(g: Context, nation: str) -> int:
    """Two tokens on the board per city in play (26.31; ``Context.support_needed``)."""
    return g.support_needed(nation)


def shortfall(g: Context, st: dict[str, Any], nation: str) -> int:
    """How many support tokens ``nation`` lacks (0 = all his cities are supported)."""
    return max(0, required_tokens(g, nation) - support_tokens(g, st, nation))


def candidates(g: Context, nation: str) -> list[str]:
    """Cities that may be reduced next: this turn's new cities while any remain, otherwise
    all his cities (26.32)."""
    cities = g.cities_of(nation)
    new = [a for a in cities if a in g.of(nation).new_cities]
    return new or cities


def tokens_from_reduction(g: Context, nation: str, area: str, stock: int) -> int:
    """Tokens a reduction of ``nation``'s city in ``area`` puts on the board: the area's
    limit (+1 with Agriculture where no other nation's tokens stand, 32.241) as far as
    ``stock`` allows (26.41); the same count as ``Context.reduce_city``."""
    want = g.limit(area, nation)
    want = max(0, want - g.tokens(area, nation))
    return min(want, stock)


# ---- the sub-machine ------------------------------------------------------------------

def start_support_check(g: Context, reason: str, nations: list[str] | None = None,
                        unsupporting: dict[str, int] | None = None) -> dict[str, Any]:
    """Begin a city support check (26.31) for ``nations`` (default: every active nation, in
    A.S.T. order; inert nations' cities need no support, 15.61). Reduces whatever needs no
    choice at once; gives the state dict the caller keeps (see the module docstring)."""
    order_ = [p.nation for p in g.active()] if nations is None else list(nations)
    unsup = {}
    for n, k in (unsupporting or {}).items():
        unsup[n] = max(0, min(k, g.tokens_on_board(n)))  # 30.422: at most what is on the board
    st: dict[str, Any] = {"reason": reason, "nations": order_, "unsupporting": unsup,
                          "waiting": []}
    for nation in order_:
        if not g.of(nation).inert:  # 15.61: an inert nation's cities need no support
            _advance(g, st, nation)
    return st


def _reduce(g: Context, st: dict[str, Any], nation: str, area: str) -> None:
    """Reduce one unsupported city (26.41); with an empty stock it is eliminated instead."""
    why = f"lack of support after {st['reason']}"
    if g.of(nation).stock <= 0:
        g.destroy_city(area, why + ", with no tokens left in stock")
    else:
        g.reduce_city(area, why)


def all_must_go(g: Context, st: dict[str, Any], nation: str, cand: list[str]) -> bool:
    """True when every city in ``cand`` must be reduced whatever the order, so the player
    has no real choice: sparing any one of them still leaves a shortfall, and the stock
    covers every reduction in full (no city is eliminated instead, 26.41)."""
    stock = g.of(nation).stock
    gains = {a: tokens_from_reduction(g, nation, a, stock) for a in cand}
    total = sum(gains.values())
    if total > stock:
        return False
    short = shortfall(g, st, nation)
    return all(total - gains[a] + 2 * (len(cand) - 1) < short for a in cand)


def _advance(g: Context, st: dict[str, Any], nation: str) -> None:
    """Reduce ``nation``'s cities while he has no real choice (one qualifying city, or all
    of them must go anyway); mark him waiting if a choice remains, or done when his cities
    are supported."""
    while shortfall(g, st, nation) > 0:
        cand = candidates(g, nation)
        if len(cand) > 1 and not all_must_go(g, st, nation, cand):
            if nation not in st["waiting"]:
                st["waiting"].append(nation)
            return
        _reduce(g, st, nation, cand[0])
    if nation in st["waiting"]:
        st["waiting"].remove(nation)


def _reduce_randomly(g: Context, st: dict[str, Any], nation: str) -> None:
    """The site default (SITE-SURPLUS-02, SZ-16): random cities are reduced, this turn's
    new cities first, until the rest are supported."""
    while shortfall(g, st, nation) > 0:
        _reduce(g, st, nation, g.rng.choice(candidates(g, nation)))
    if nation in st["waiting"]:
        st["waiting"].remove(nation)


def pending(g: Context, st: dict[str, Any]) -> list[Decision]:
    """One decision per player who must choose which cities to reduce (26.32)."""
    out = []
    for nation in st["waiting"]:
        p = g.of(nation)
        new = [a for a in g.cities_of(nation) if a in p.new_cities]
        out.append(Decision(
            p.seat, "reduce_cities",
            f"Your cities lack support after {st['reason']}: you have "
            f"{plural(support_tokens(g, st, nation), 'token')} for {plural(len(g.cities_of(nation)), 'city')} "
            f"(2 each). Choose the cities to reduce"
            + (", this turn's new cities first" if new else ""),
            default=DEFAULT_TEXT,
            options={"cities": g.cities_of(nation), "new_cities": new,
                     "support": support_tokens(g, st, nation),
                     "needed": required_tokens(g, nation)}))
    return out


def done(g: Context, st: dict[str, Any]) -> bool:
    """True when every checked player's cities are supported."""
    return not st["waiting"]


def owes(st: dict[str, Any], g: Context, seat: int) -> str | None:
    """The nation of ``seat`` if that seat owes a reduction decision here."""
    nation = g.player(seat).nation
    return nation if nation in st["waiting"] else None


def plan(g: Context, st: dict[str, Any], nation: str, areas: list[str]) -> list[str]:
    """Check a reduction list without changing anything (26.32, 26.41); gives the cities
    that will actually be reduced. Raises IllegalOrder if the list breaks a rule."""
    p = g.of(nation)
    cities = set(g.cities_of(nation))
    new_left = {a for a in cities if a in p.new_cities}
    supp = support_tokens(g, st, nation)
    need = required_tokens(g, nation)
    stock = p.stock
    seen: set[str] = set()
    used: list[str] = []
    for area in areas:
        if supp >= need:
            break
        if not isinstance(area, str) or area not in cities:
            where = g.area_name(area) if isinstance(area, str) and area in g.areas else repr(area)
            raise IllegalOrder("26.31", f"you have no city in {where}; your cities are "
                               + ", ".join(g.area_name(a) for a in sorted(cities)))
        if area in seen:
            raise IllegalOrder("26.31", f"{g.area_name(area)} is listed twice")
        seen.add(area)
        if new_left and area not in new_left:
            raise IllegalOrder("26.32", "cities built or acquired this turn must be reduced "
                               "before older ones: first reduce "
                               + ", ".join(g.area_name(a) for a in sorted(new_left)))
        new_left.discard(area)
        placed = tokens_from_reduction(g, nation, area, stock) if stock > 0 else 0
        stock -= placed
        supp += placed
        need -= 2
        used.append(area)
    if supp < need:
        raise IllegalOrder("26.31", f"after reducing those cities you would still have "
                           f"{plural(supp, 'token')} for {need // 2} cities; reduce more cities")
    return used


def handle(g: Context, st: dict[str, Any], o: Order) -> None:
    """Apply a ReduceCities order (validated before anything changes)."""
    if not isinstance(o, ReduceCities):
        raise IllegalOrder(RULE, "a reduce_cities order is expected")
    nation = owes(st, g, o.player)
    if nation is None:
        raise IllegalOrder(RULE, "your cities are supported; you have no city to reduce")
    if not isinstance(o.areas, list):
        raise IllegalOrder(RULE, "areas must be a list of your city areas")
    for area in plan(g, st, nation, o.areas):
        _reduce(g, st, nation, area)
    _advance(g, st, nation)


def timeout(g: Context, st: dict[str, Any], seat: int) -> None:
    """Site default for an overdue reduction (SITE-SURPLUS-02, SZ-16)."""
    nation = owes(st, g, seat)
    if nation is None:
        raise IllegalOrder(RULE, f"seat {seat} owes no city reduction")
    g.emit(f"{g.name(nation)} did not choose in time; random cities are reduced.", "timeout",
           nation=nation)
    _reduce_randomly(g, st, nation)


def sample(g: Context, st: dict[str, Any], seat: int, rng) -> Order:
    """A random legal ReduceCities order: this turn's new cities in random order, then the
    older ones in random order (the list reaches support since it names every city)."""
    nation = g.player(seat).nation
    p = g.of(nation) if nation else None
    if p is None:
        return ReduceCities(seat, [])
    new = [a for a in g.cities_of(nation) if a in p.new_cities]
    old = [a for a in g.cities_of(nation) if a not in p.new_cities]
    rng.shuffle(new)
    rng.shuffle(old)
    return ReduceCities(seat, new + old)
