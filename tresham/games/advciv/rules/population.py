"""Population expansion (20).

In every area without a city a player gains 1 token where he has exactly 1 and 2 where he has
2 or more (20.1); growth may exceed the population limit. When stock covers the full growth
it is automatic (SITE-POP-01); otherwise the player distributes what he has, each area getting
at most its normal increment (20.2, Z-24, SITE-POP-02; default: random placement, SITE-POP-03).
Players are taken in A.S.T. order (20.3, SITE-POP-04): the first who must decide gets 1.5 × the
time limit; a later player may enter his distribution early (it is applied on his turn).
Inert nations do not grow (15.61).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...contract import Decision, IllegalOrder
from ..context import Context
from ..words import plural
from ..orders import Order, order
from ..schema import AreaId, Count, Mapping
from ..phase import Phase, live_queue, queue_done, queue_head, refuse_repeat, register, require_phase_player
from ..view import PHASE_VIEWS


@order("grow", rule="20.2", fields={"areas": "20.2"})
@dataclass(slots=True)
class Grow(Order):
    """Where a player short of stock places his growth: {area: tokens} (20.2, SITE-POP-02)."""

    areas: Mapping(AreaId, Count) = field(default_factory=dict)


def increments(g: Context, nation: str) -> dict[str, int]:
    """Normal growth per area (20.1): +1 where exactly 1 token, +2 where 2 or more, none in an
    area with a city (anyone's)."""
    out = {}
    cities = g.s.board.cities
    for area, m in g.s.board.tokens.items():
        n = m.get(nation, 0)
        if n > 0 and area not in cities:
            out[area] = 1 if n == 1 else 2
    return out


def _nm(g: Context, area: str) -> str:
    """An area's name for messages (the id itself if it is not an area in play)."""
    return g.area_name(area) if area in g.areas else str(area)


def grow(g: Context, nation: str, placement: dict[str, int]) -> None:
    """Add the tokens of ``placement`` (area -> n) from stock and report it (20.1)."""
    total = 0
    for area in sorted(placement):
        n = placement[area]
        if n > 0:
            g.add_tokens(nation, area, n)
            total += n
    n_areas = sum(1 for n in placement.values() if n > 0)
    g.emit(f"{g.name(nation)} grows by {total} token{'' if total == 1 else 's'} in {n_areas} "
           f"area{'' if n_areas == 1 else 's'}.",
           "population", nation=nation, added=total, areas={a: n for a, n in placement.items() if n > 0})


def random_placement(g: Context, nation: str, rng) -> dict[str, int]:
    """The stock placed at random, each area within its normal increment (SITE-POP-03, Z-24)."""
    slots = [a for a, n in sorted(increments(g, nation).items()) for _ in range(n)]
    out: dict[str, int] = {}
    for a in rng.sample(slots, min(len(slots), g.of(nation).stock)):
        out[a] = out.get(a, 0) + 1
    return out


@register
class PopulationPhase(Phase):
    """Phase 2 (18.1)."""

    name = "population"
    rule = "20"
    accepts = ("grow",)

    def start(self, g: Context) -> None:
        """Queue the growing nations in A.S.T. order and grow the automatic ones (20.3)."""
        g.s.step = {"queue": [p.nation for p in g.active() if not p.inert], "early": {}, "first": True}
        self._advance(g)

    def _manual(self, g: Context, nation: str) -> bool:
        """True when the stock cannot cover the full growth and there is a real choice (20.2)."""
        inc = increments(g, nation)
        stock = g.of(nation).stock
        need = sum(inc.values())
        if stock >= need or stock == 0:
            return False
        return len(inc) > 1  # one area: the only legal placement is all the stock there

    def pending(self, g: Context) -> list[Decision]:
        st = g.s.step
        out = []
        for i, nation in enumerate(live_queue(g)):
            if not self._manual(g, nation) or nation in st["early"]:
                continue
            cur = i == 0
            out.append(Decision(
                g.of(nation).seat, "grow",
                f"Place {g.of(nation).stock} new tokens (at most +1 where you have 1 token, +2 where 2 or more)"
                + ("" if cur else " (entered early; applied on your turn)"),
                required=cur, default="tokens placed at random within each area's normal growth",
                deadline_factor=1.5 if cur and st["first"] else 1.0,
                options={"stock": g.of(nation).stock, "areas": increments(g, nation)}))
        return out

    def complete(self, g: Context) -> bool:
        return not live_queue(g)

    def _validate(self, g: Context, nation: str, areas: dict) -> dict[str, int]:
        """A distribution must place all the stock, each area within its increment (20.2, Z-24)."""
        if not isinstance(areas, dict):
            raise IllegalOrder("20.2", "give the tokens to place per area")
        inc = increments(g, nation)
        stock = g.of(nation).stock
        out = {}
        for a, n in areas.items():
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise IllegalOrder("20.2", f"{_nm(g, a)}: the number of tokens must be a whole number ≥ 0")
            if a not in inc:
                if a in g.s.board.cities:
                    raise IllegalOrder("20.1", f"{_nm(g, a)}: population never grows in an area with a city")
                raise IllegalOrder("20.1", f"{_nm(g, a)}: you can only grow where you have tokens")
            if n > inc[a]:
                raise IllegalOrder("20.2", f"{_nm(g, a)} can grow by at most {inc[a]} "
                                   "(+1 where you have 1 token, +2 where you have 2 or more)")
            if n:
                out[a] = n
        if sum(out.values()) != min(stock, sum(inc.values())):
            raise IllegalOrder("20.2", f"place all {plural(stock, 'token')} of your stock (you placed {sum(out.values())})")
        return out

    def handle(self, g: Context, o: Order) -> None:
        require_phase_player(g, o, "20")
        assert isinstance(o, Grow)
        nation = g.player(o.player).nation
        st = g.s.step
        if nation not in st["queue"]:
            raise IllegalOrder("20.3", "your population has already grown this turn")
        if not self._manual(g, nation):
            raise IllegalOrder("20.2", "your growth is automatic (your stock covers it, or it all goes "
                               "to your only growing area); nothing to place")
        placement = self._validate(g, nation, o.areas)
        if live_queue(g)[0] == nation:
            self._done(g, nation, placement)
        else:
            refuse_repeat(st["early"].get(nation), placement, "SITE-TABLE-06",
                          "this placement is already noted")  # SITE-SAFE-10
            st["early"][nation] = placement
            g.emit("Your placement is noted and will be made on your turn.", "grow_pre", to=[o.player])
        self._advance(g)

    def timeout(self, g: Context, seat: int) -> None:
        """SITE-POP-03: the tokens are placed at random within each area's normal growth."""
        nation = g.player(seat).nation
        g.emit(f"{g.name(nation)} did not place its growth in time; it is placed at random.", "timeout",
               nation=nation)
        self._done(g, nation, random_placement(g, nation, g.rng))
        self._advance(g)

    def sample(self, g: Context, seat: int, rng) -> Order:
        return Grow(seat, random_placement(g, g.player(seat).nation, rng))

    def _done(self, g: Context, nation: str, placement: dict[str, int]) -> None:
        grow(g, nation, placement)
        queue_done(g, nation)

    def _advance(self, g: Context) -> None:
        """Grow the head of the queue while it needs no decision (or one was entered early)."""
        st = g.s.step
        while (nation := queue_head(g)) is not None:
            if nation in st["early"]:
                placement = st["early"].pop(nation)
                self._done(g, nation, placement)
            elif self._manual(g, nation):
                return
            else:
                inc = increments(g, nation)
                stock = g.of(nation).stock
                if stock < sum(inc.values()):  # a single area: all the stock goes there
                    inc = {a: min(n, stock) for a, n in inc.items()}
                st["queue"].pop(0)
                if sum(inc.values()):
                    grow(g, nation, inc)


def population_view(g: Context, seat: int | None) -> dict:
    """The queue of nations still to grow, and for a player his own growth slots (20.1)."""
    out: dict = {"queue": list(g.s.step.get("queue", []))}
    if seat is not None and 0 <= seat < len(g.s.players) and g.s.players[seat].nation:
        nation = g.s.players[seat].nation
        out["increments"] = increments(g, nation)
        out["entered_early"] = g.s.step.get("early", {}).get(nation)
    return out


PHASE_VIEWS["population"] = population_view
