"""Ship construction and maintenance (22).

One order per player, taken in census order with Military holders after all non-holders
(22.1, 22.11, SITE-SHIP-08); a later player may enter his order early (it is applied on his
turn)::

    {"type": "ships", "player": 2,
     "maintain": [{"area": "crete", "pay": "treasury" | "token"}],
     "build": [{"area": "byzantium", "pay": "treasury" | "tokens" | "mixed"}]}

Every ship on the board must be maintained, 1 token from treasury or levied from its own
area; ships not listed in ``maintain`` go back to stock at once (22.3, SITE-SHIP-04). A new
ship costs 2 tokens: 2 from treasury (any water area where the player has units, Z-36),
2 levied from the area it is built in, or 1 + 1 (22.1, 22.2, SITE-SHIP-02); spent tokens go to
stock. At most 4 ships on the board (22.4, SITE-SHIP-03). Dropping a ship and building a new
one in the same phase is allowed (22.3, SITE-SHIP-05). Lakes count as water (SITE-SHIP-06).
Site default: nothing built and none maintained (SITE-SHIP-07).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import ConfigDict
from typing_extensions import TypedDict

from ...contract import Decision, IllegalOrder
from ..data import SHIPS_PER_NATION
from ..context import Context
from ..orders import Order, order
from ..schema import AreaId, Many
from ..phase import Phase, live_queue, queue_done, queue_head, refuse_repeat, register, require_phase_player
from ..view import PHASE_VIEWS

MAINTAIN_PAY = ("treasury", "token")
BUILD_PAY = {"treasury": (2, 0), "tokens": (0, 2), "mixed": (1, 1)}  # pay -> (treasury, levied tokens)


class Maintain(TypedDict):
    """Keep the ship in ``area``, paying 1 from treasury or 1 token levied there (22.3)."""

    __pydantic_config__ = ConfigDict(extra="forbid", strict=True)  # type: ignore[misc]
    area: AreaId
    pay: Literal["treasury", "token"]


class Build(TypedDict):
    """Build a ship in ``area``: 2 from treasury, 2 tokens there, or one of each (22.1)."""

    __pydantic_config__ = ConfigDict(extra="forbid", strict=True)  # type: ignore[misc]
    area: AreaId
    pay: Literal["treasury", "tokens", "mixed"]


@order("ships", rule="22.1", fields={"maintain": "22.3", "build": "22.1"})
@dataclass(slots=True)
class Ships(Order):
    """A player's whole ship phase: ships kept (and how paid) and ships built (22)."""

    maintain: Many(Maintain) = field(default_factory=list)
    build: Many(Build) = field(default_factory=list)


# ---- validation -------------------------------------------------------------------
def area_label(g: Context, area: str) -> str:
    """An area's name for messages (the id itself if it is not an area in play)."""
    return g.area_name(area) if area in g.areas else str(area)


def _has_units(g: Context, nation: str, area: str) -> bool:
    return g.tokens(area, nation) > 0 or g.s.board.cities.get(area) == nation


def order_entry(e: Any, key: str, allowed, rule: str) -> tuple[str, str]:
    """An entry of a ships order: its area and its ``key`` (a payment), one of ``allowed``."""
    if not isinstance(e, dict) or not isinstance(e.get("area"), str) or e.get(key) not in allowed:
        raise IllegalOrder(rule, f"each entry needs an area and a payment, one of {', '.join(allowed)}")
    return e["area"], e[key]


def plan(g: Context, nation: str, maintain: list, build: list) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """Check a ships order against the board (22.1-22.4) without changing anything; gives the
    (area, payment) lists to carry out. Raises IllegalOrder with the rule broken."""
    if not isinstance(maintain, list) or not isinstance(build, list):
        raise IllegalOrder("22", "maintain and build must be lists")
    p = g.of(nation)
    treasury = p.treasury
    levy: dict[str, int] = {}
    ships = list(g.ships_of(nation))
    kept = []
    for e in maintain:
        area, pay = order_entry(e, "pay", MAINTAIN_PAY, "22.3")
        if area not in ships:
            raise IllegalOrder("22.3", f"you have no (other) ship in {area_label(g, area)} to maintain")
        ships.remove(area)
        if pay == "treasury":
            if treasury < 1:
                raise IllegalOrder("22.3", "not enough treasury to maintain this ship (1 token each)")
            treasury -= 1
        else:
            if g.tokens(area, nation) - levy.get(area, 0) < 1:
                raise IllegalOrder("22.3", f"no token of yours left in {area_label(g, area)} to levy for the ship's upkeep")
            levy[area] = levy.get(area, 0) + 1
        kept.append((area, pay))
    return kept, check_builds(g, nation, build, len(kept), treasury, levy)


def check_builds(g: Context, nation: str, build: list, kept: int, treasury: int,
                 levy: dict[str, int]) -> list[tuple[str, str]]:
    """Check the ships to build (22.1, 22.2, 22.4) after ``kept`` ships maintained, with
    ``treasury`` left and ``levy`` tokens already levied per area (updated); gives the
    (area, payment) list. Raises IllegalOrder with the rule broken."""
    if kept + len(build) > SHIPS_PER_NATION:
        raise IllegalOrder("22.4", f"at most {SHIPS_PER_NATION} ships on the board")
    built = []
    for e in build:
        area, pay = order_entry(e, "pay", tuple(BUILD_PAY), "22.1")
        a = g.areas.get(area)
        if a is None or not a.has_water:
            raise IllegalOrder("22.2", f"{area_label(g, area)}: ships can only be built in an area on a coast or lake")
        t, k = BUILD_PAY[pay]
        if treasury < t:
            raise IllegalOrder("22.1", f"not enough treasury: a ship costs {t} from treasury this way")
        if k and g.tokens(area, nation) - levy.get(area, 0) < k:
            raise IllegalOrder("22.2", f"a levied ship is built where its tokens are levied: you need {k} "
                               f"token(s) left in {area_label(g, area)}")
        if not k and not _has_units(g, nation, area):
            raise IllegalOrder("22.2", f"a ship paid from treasury goes in a water area where you have units; "
                               f"you have none in {area_label(g, area)}")
        treasury -= t
        if k:
            levy[area] = levy.get(area, 0) + k
        built.append((area, pay))
    return built


def execute(g: Context, nation: str, kept: list[tuple[str, str]], built: list[tuple[str, str]]) -> None:
    """Carry out a checked plan: pay upkeep, drop unmaintained ships, build (22.1-22.3)."""
    dropped = list(g.ships_of(nation))
    for area, pay in kept:
        dropped.remove(area)
        if pay == "treasury":
            g.spend_treasury(nation, 1)
        else:
            g.remove_tokens(nation, area, 1)
        g.emit(f"{g.name(nation)} maintains its ship in {g.area_name(area)} "
               f"({'1 from treasury' if pay == 'treasury' else '1 token levied'}).",
               "ship_maintained", nation=nation, area=area, pay=pay)
    for area in dropped:
        g.remove_ship(nation, area)
        g.emit(f"{g.name(nation)}'s ship in {g.area_name(area)} is not maintained and returns to stock.",
               "ship_lost", nation=nation, area=area)
    for area, pay in built:
        pay_build(g, nation, area, pay)
        g.add_ship(nation, area)
        how = {"treasury": "2 from treasury", "tokens": "2 tokens levied", "mixed": "1 levied + 1 from treasury"}
        g.emit(f"{g.name(nation)} builds a ship in {g.area_name(area)} ({how[pay]}).", "ship_built",
               nation=nation, area=area, pay=pay)


def pay_build(g: Context, nation: str, area: str, pay: str) -> None:
    """Pay for one ship built in ``area`` (22.1, 22.2): treasury, tokens levied there, or both."""
    t, k = BUILD_PAY[pay]
    if t:
        g.spend_treasury(nation, t)
    if k:
        g.remove_tokens(nation, area, k)


# ---- choices ----------------------------------------------------------------------
def build_options(g: Context, nation: str, treasury: int, levy: dict[str, int]) -> list[tuple[str, str]]:
    """(area, payment) pairs legal for one more ship given what is already spent (22.1, 22.2)."""
    out = []
    board = g.s.board
    areas = {a for a, m in board.tokens.items() if nation in m}  # its tokens and cities
    areas.update(a for a, o in board.cities.items() if o == nation)
    for area in sorted(areas):
        if not g.areas[area].has_water:
            continue
        left = g.tokens(area, nation) - levy.get(area, 0)
        for pay, (t, k) in BUILD_PAY.items():
            if treasury >= t and left >= k:
                out.append((area, pay))
    return out


def can_act(g: Context, nation: str, options: list[tuple[str, str]] | None = None) -> bool:
    """Whether the player has any choice in this phase (else it passes automatically);
    ``options``: his :func:`build_options` with nothing spent, when already known."""
    p = g.of(nation)
    if options is None:
        options = build_options(g, nation, p.treasury, {})
    if options:
        return True
    return any(p.treasury >= 1 or g.tokens(a, nation) >= 1 for a in g.ships_of(nation))


def random_order(g: Context, seat: int, rng) -> Ships:
    """A random legal ships order: each ship kept or dropped, then random builds (22)."""
    nation = g.player(seat).nation
    treasury = g.of(nation).treasury
    levy: dict[str, int] = {}
    maintain = []
    for area in g.ships_of(nation):
        opts = [None]
        if treasury >= 1:
            opts.append("treasury")
        if g.tokens(area, nation) - levy.get(area, 0) >= 1:
            opts.append("token")
        pay = rng.choice(opts)
        if pay == "treasury":
            treasury -= 1
        elif pay == "token":
            levy[area] = levy.get(area, 0) + 1
        if pay:
            maintain.append({"area": area, "pay": pay})
    return Ships(seat, maintain, random_builds(g, nation, rng, len(maintain), treasury, levy))


def random_builds(g: Context, nation: str, rng, kept: int, treasury: int,
                  levy: dict[str, int]) -> list[dict[str, str]]:
    """Random legal builds after ``kept`` ships maintained, with ``treasury`` left and
    ``levy`` already levied (updated): one more ship at a time, or stop (22.1-22.4)."""
    build: list[dict[str, str]] = []
    while kept + len(build) < SHIPS_PER_NATION:
        opts = build_options(g, nation, treasury, levy)
        if not opts:
            break
        i = rng.below(len(opts) + 1)
        if i == len(opts):
            break
        area, pay = opts[i]
        t, k = BUILD_PAY[pay]
        treasury -= t
        levy[area] = levy.get(area, 0) + k
        build.append({"area": area, "pay": pay})
    return build


@register
class ShipsPhase(Phase):
    """Phase 4 (18.1), in census order (22.1, 22.11)."""

    name = "ships"
    rule = "22"
    accepts = ("ships",)

    def start(self, g: Context) -> None:
        g.s.step = {"queue": [p.nation for p in g.census_order()], "early": {}, "first": True}
        self._advance(g)

    def pending(self, g: Context) -> list[Decision]:
        st = g.s.step
        out = []
        plain = type(self).can_act is ShipsPhase.can_act
        for i, nation in enumerate(live_queue(g)):
            if nation in st["early"]:
                continue
            p = g.of(nation)
            build = build_options(g, nation, p.treasury, {})
            if not (can_act(g, nation, build) if plain else self.can_act(g, nation)):
                continue
            cur = i == 0
            out.append(Decision(
                p.seat, "ships", "Maintain your ships and build new ones (2 tokens each)"
                + ("" if cur else " (entered early; applied on your census turn)"),
                required=cur, default="nothing built and none maintained (existing ships are lost)",
                deadline_factor=1.5 if cur and st["first"] else 1.0,
                options={"ships": list(g.ships_of(nation)), "treasury": p.treasury,
                         "build": [list(x) for x in build]}))
        return out

    def complete(self, g: Context) -> bool:
        return not live_queue(g)

    def handle(self, g: Context, o: Order) -> None:
        require_phase_player(g, o, "22")
        assert isinstance(o, Ships)
        nation = g.player(o.player).nation
        st = g.s.step
        if nation not in st["queue"]:
            raise IllegalOrder("22.1", "your ship orders for this turn have already been carried out "
                               "(or you had nothing to build or maintain)")
        kept, built = self.check(g, nation, o.maintain, o.build)
        if live_queue(g)[0] == nation:
            self._done(g, nation, kept, built)
        else:
            entry = {"maintain": o.maintain, "build": o.build}
            refuse_repeat(st["early"].get(nation), entry, "SITE-TABLE-06",
                          "these ship orders are already noted")  # SITE-SAFE-10
            st["early"][nation] = entry
            g.emit("Your ship orders are noted and will be carried out on your census turn.", "ships_pre",
                   to=[o.player])
        self._advance(g)

    def timeout(self, g: Context, seat: int) -> None:
        """SITE-SHIP-07: no ships built and none maintained."""
        nation = g.player(seat).nation
        g.emit(f"{g.name(nation)} gave no ship orders in time: nothing is built and no ship is maintained.",
               "timeout", nation=nation)
        self._done(g, nation, [], [])
        self._advance(g)

    def sample(self, g: Context, seat: int, rng) -> Order:
        return random_order(g, seat, rng)

    # the rules of the order, the plain module's functions (a variant's phase overrides these)
    def check(self, g: Context, nation: str, maintain: list, build: list) -> tuple[list, list]:
        """Check an order's entries against the board, changing nothing (``plan``)."""
        return plan(g, nation, maintain, build)

    def carry_out(self, g: Context, nation: str, kept: list, built: list) -> None:
        """Carry out a checked plan (``execute``)."""
        execute(g, nation, kept, built)

    def can_act(self, g: Context, nation: str) -> bool:
        """Whether ``nation`` has any choice in this phase (``can_act``)."""
        return can_act(g, nation)

    def _done(self, g: Context, nation: str, kept, built) -> None:
        self.carry_out(g, nation, kept, built)
        queue_done(g, nation)

    def _advance(self, g: Context) -> None:
        """Carry out orders entered early and pass players without any choice, in census order."""
        st = g.s.step
        while (nation := queue_head(g)) is not None:
            if nation in st["early"]:
                o = st["early"].pop(nation)
                try:
                    kept, built = self.check(g, nation, o["maintain"], o["build"])
                except IllegalOrder as e:
                    g.emit(f"Your early ship orders no longer hold ({e.message}); please enter them again.",
                           "ships_pre_void", to=[g.of(nation).seat])
                    return
                self._done(g, nation, kept, built)
            elif self.can_act(g, nation):
                return
            else:
                # Only legal choice: unpaid ships go to stock. Passing a player without a
                # choice does not use up the 1.5 x time of the first who decides (SZ-10).
                # SITE-TABLE-08: not asked, with a history line.
                kept = g.ships_of(nation)
                g.emit(f"{g.name(nation)} "
                       + (f"cannot pay to keep its {'ship' if len(kept) == 1 else 'ships'}"
                          if kept else "has no ship to keep")
                       + " and cannot build one: nothing to decide in ship construction.",
                       "ships_none", nation=nation)
                self.carry_out(g, nation, [], [])
                st["queue"].pop(0)


def ships_view(g: Context, seat: int | None) -> dict:
    """The census-order queue, and for a player his own build options and early order (22)."""
    out: dict = {"queue": list(g.s.step.get("queue", []))}
    if seat is not None and 0 <= seat < len(g.s.players) and g.s.players[seat].nation:
        p = g.s.players[seat]
        out["build_options"] = [list(x) for x in build_options(g, p.nation, p.treasury, {})]
        out["entered_early"] = g.s.step.get("early", {}).get(p.nation)
    return out


PHASE_VIEWS["ships"] = ships_view
