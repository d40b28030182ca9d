"""Grand Imperial ship construction and maintenance (GI-TURN-04, GI-SHIP-01, -02; D3).

The plain phase (22), in census order, with ship records (``fleet``): the GI ``ships`` order
may name the ship kept by its number, and may pay its upkeep with a token aboard it::

    {"type": "ships", "player": 0,
     "maintain": [{"area": "knossos", "ship": 2, "pay": "treasury" | "token" | "aboard"}],
     "build": [{"area": "knossos", "pay": "treasury" | "tokens" | "mixed"}]}

Without ``ship`` the lowest-numbered ship of his in that area not yet named is meant. A ship
costs 2 tokens to build (GI-SHIP-01, as 22.1) and is a Trireme numbered with the lowest free
id; every ship costs 1 token of upkeep here, a Galleon's or Warship's second token being
paid when its role is declared (GI-SHIP-02, the ``ship_roles`` phase). A ship not maintained
goes back to stock and its cargo is lost: its tokens to stock, its cards set aside (GIR-16,
ruling GISH-2). Timeout: as plain, nothing built and none maintained.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field
from typing_extensions import NotRequired, TypedDict

from ...contract import IllegalOrder
from ..data import SHIPS_PER_NATION
from ..context import Context
from ..orders import order
from ..phase import register
from ..rules.ships import (ShipsPhase, Ships, order_entry, area_label, can_act, check_builds, pay_build,
                           random_builds)
from ..schema import AreaId, Many
from . import fleet
from .variant import KEY

#: A ship's number among its owner's (1..4, 4.2).
ShipId = Annotated[int, Field(ge=1, le=SHIPS_PER_NATION, description="a ship's number, 1 to 4")]
MAINTAIN_PAY = ("treasury", "token", "aboard")


class GIMaintain(TypedDict):
    """Keep ship ``ship`` (default: the lowest-numbered not yet named) in ``area``, paying 1
    from treasury, 1 token levied there, or 1 token aboard it (22.3, GIR-16)."""

    __pydantic_config__ = ConfigDict(extra="forbid", strict=True)  # type: ignore[misc]
    area: AreaId
    ship: NotRequired[ShipId]
    pay: Literal["treasury", "token", "aboard"]


@order("ships", rule="22.1", fields={"maintain": "22.3", "build": "22.1"}, variant=KEY)
@dataclass(slots=True)
class GIShips(Ships):
    __doc__ = Ships.__doc__
    maintain: Many(GIMaintain) = field(default_factory=list)


def upkeep() -> int:
    """Tokens of upkeep every ship pays in this phase: a Trireme's (GI-SHIP-02)."""
    return fleet.spec(fleet.TRIREME).maintenance


def plan(g: Context, nation: str, maintain: list, build: list) -> tuple[list[tuple[int, str]], list[tuple[str, str]]]:
    """Check a GI ships order against the board, changing nothing (GI-TURN-04; 22.1-22.4):
    gives the (ship id, payment) kept and the (area, payment) built."""
    if not isinstance(maintain, list) or not isinstance(build, list):
        raise IllegalOrder("22", "maintain and build must be lists")
    treasury = g.of(nation).treasury
    levy: dict[str, int] = {}
    aboard: dict[int, int] = {}
    kept: list[tuple[int, str]] = []
    cost = upkeep()
    for e in maintain:
        area, pay = order_entry(e, "pay", MAINTAIN_PAY, "22.3")
        named = {sid for sid, _ in kept}
        sid = e.get("ship")
        if sid is None:
            free_here = [r for r in fleet.in_area(g.s, nation, area) if r["id"] not in named]
            if not free_here:
                raise IllegalOrder("22.3", f"you have no (other) ship in {area_label(g, area)} to maintain")
            rec = free_here[0]
        else:
            rec = fleet.ship(g.s, nation, sid)
            if rec is None or rec["area"] != area:
                raise IllegalOrder("GI-TURN-04", f"you have no ship {sid} in {area_label(g, area)}")
            if sid in named:
                raise IllegalOrder("GI-TURN-04", f"ship {sid} is named twice")
        if pay == "treasury":
            if treasury < cost:
                raise IllegalOrder("22.3", f"not enough treasury to maintain ship {rec['id']} ({cost} token)")
            treasury -= cost
        elif pay == "token":
            if g.tokens(area, nation) - levy.get(area, 0) < cost:
                raise IllegalOrder("22.3", f"no token of yours left in {area_label(g, area)} to levy for the "
                                   f"upkeep of ship {rec['id']}")
            levy[area] = levy.get(area, 0) + cost
        else:
            if rec["tokens"] - aboard.get(rec["id"], 0) < cost:
                raise IllegalOrder("GI-TURN-04", f"ship {rec['id']} has no token aboard left to pay its upkeep")
            aboard[rec["id"]] = aboard.get(rec["id"], 0) + cost
        kept.append((rec["id"], pay))
    return kept, check_builds(g, nation, build, len(kept), treasury, levy)


def execute(g: Context, nation: str, kept: list[tuple[int, str]], built: list[tuple[str, str]]) -> None:
    """Carry out a checked plan: upkeep paid, ships not maintained to stock with their cargo
    lost (GIR-16), new Triremes built (GI-TURN-04, GI-SHIP-01)."""
    who = g.name(nation)
    cost = upkeep()
    kept_ids = set()
    for sid, pay in kept:
        rec = fleet.ship(g.s, nation, sid)
        assert rec is not None
        kept_ids.add(sid)
        if pay == "treasury":
            g.spend_treasury(nation, cost)
        elif pay == "token":
            g.remove_tokens(nation, rec["area"], cost)
        else:
            fleet.pay_from_aboard(g, nation, sid, cost)
        how = {"treasury": "from treasury", "token": "levied", "aboard": "from aboard"}[pay]
        g.emit(f"{who} maintains its ship {sid} in {g.area_name(rec['area'])} ({cost} {how}).",
               "ship_maintained", nation=nation, area=rec["area"], ship=sid, pay=pay)
    for rec in fleet.records(g.s, nation):
        if rec["id"] in kept_ids:
            continue
        area, sid = rec["area"], rec["id"]
        tokens, cards = fleet.remove(g, nation, sid, fleet.UNMAINTAINED)
        lost = ""
        if tokens or cards:
            lost = (f"; {tokens} token{'s' if tokens != 1 else ''} aboard go{'es' if tokens == 1 else ''} to stock"
                    f" and {cards} card{'s' if cards != 1 else ''} aboard {'is' if cards == 1 else 'are'} "
                    "set aside (GIR-16)")
        g.emit(f"{who}'s ship {sid} in {g.area_name(area)} is not maintained and returns to stock{lost}.",
               "ship_lost", nation=nation, area=area, ship=sid, tokens=tokens, cards=cards)
    for area, pay in built:
        pay_build(g, nation, area, pay)
        rec = fleet.add(g, nation, area)
        how = {"treasury": "2 from treasury", "tokens": "2 tokens levied", "mixed": "1 levied + 1 from treasury"}
        g.emit(f"{who} builds ship {rec['id']}, a Trireme, in {g.area_name(area)} ({how[pay]}).", "ship_built",
               nation=nation, area=area, pay=pay, ship=rec["id"])


def gi_can_act(g: Context, nation: str) -> bool:
    """A choice in this phase: the plain ones, or a ship whose upkeep a token aboard can pay."""
    return can_act(g, nation) or any(r["tokens"] >= upkeep() for r in fleet.records(g.s, nation))


def random_order(g: Context, seat: int, rng) -> GIShips:
    """A random legal GI ships order: each ship kept (by number, any affordable payment) or
    dropped, then random builds (GI-TURN-04)."""
    nation = g.player(seat).nation
    treasury = g.of(nation).treasury
    cost = upkeep()
    levy: dict[str, int] = {}
    maintain: list[dict[str, Any]] = []
    for rec in fleet.records(g.s, nation):
        area = rec["area"]
        opts: list[str | None] = [None]
        if treasury >= cost:
            opts.append("treasury")
        if g.tokens(area, nation) - levy.get(area, 0) >= cost:
            opts.append("token")
        if rec["tokens"] >= cost:
            opts.append("aboard")
        pay = rng.choice(opts)
        if pay == "treasury":
            treasury -= cost
        elif pay == "token":
            levy[area] = levy.get(area, 0) + cost
        if pay:
            maintain.append({"area": area, "ship": rec["id"], "pay": pay})
    return GIShips(seat, maintain, random_builds(g, nation, rng, len(maintain), treasury, levy))


@register(variant=KEY)
class GIShipsPhase(ShipsPhase):
    """Phase 4 of the seed (GI-TURN-04): the plain ship phase with ship records."""

    def check(self, g: Context, nation: str, maintain: list, build: list) -> tuple[list, list]:
        return plan(g, nation, maintain, build)

    def carry_out(self, g: Context, nation: str, kept: list, built: list) -> None:
        execute(g, nation, kept, built)

    def can_act(self, g: Context, nation: str) -> bool:
        return gi_can_act(g, nation)

    def pending(self, g: Context):
        """The plain decisions, each with the owner's ships by number (what is aboard)."""
        out = super().pending(g)
        for d in out:
            nation = g.s.players[d.player].nation
            d.options["fleet"] = fleet.public(g.s).get(nation, [])
        return out

    def sample(self, g: Context, seat: int, rng):
        return random_order(g, seat, rng)
