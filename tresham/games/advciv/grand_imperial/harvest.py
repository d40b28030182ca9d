"""Harvesting (GI-SHIP-07): "Any Trieme or Galleon sitting in a coastal region, may place one
trade card from that geographic region's trade deck on itself, but the player, nor any one
else, may not look at what it is until the ship returns to port."

At the end of the acquisition phase (the seed tells of it after the regional purchases),
in the 27.1 order and by ship number, each Trireme or Galleon standing in a land area (ships
never end their movement in open sea, 23.55) with room aboard takes the top card of that
area's regional stack, face down: no event names it, and the information states of every
seat, the owner's included, hide it (``fleet.hide_cards``). Once per ship per turn. A Warship
never harvests (the data's ``harvests``). The cards count against capacity (GI-SHIP-05), are
not in the hand (they cannot be traded or spent and score nothing), and go into the hand only
when unloaded at a Port (``fleet.cash_in``, GI-CITYADV-08). The seed's "may" is D12
``draw_plan``'s ``harvest`` field (ships named; default: every ship able to, GISH-6, GIDR-8).
"""
from __future__ import annotations

from ..context import Context
from ..rules.acquisition import draw_order
from . import data as gi
from . import fleet
from .stacks import region_stack


def can_harvest(g: Context, rec: fleet.Record) -> str | None:
    """The region whose stack ship ``rec`` would harvest from, or None: a Trireme or Galleon
    (GI-SHIP-07) with room aboard (GI-SHIP-05) in a land area of a region whose stack is not
    empty."""
    if not fleet.spec(rec["role"]).harvests or fleet.free(rec) < 1:
        return None
    if g.areas[rec["area"]].is_open_sea:
        return None
    region = gi.region_of(rec["area"])
    if region is None or not region_stack(g, region):
        return None
    return region


def eligible(g: Context, nation: str) -> list[int]:
    """The ids of ``nation``'s ships able to harvest now (``can_harvest``), lowest first."""
    return [rec["id"] for rec in fleet.records(g.s, nation) if can_harvest(g, rec) is not None]


def harvest(g: Context, chosen: dict[str, list[int] | None] | None = None) -> None:
    """Every ship able to harvest takes one card face down (GI-SHIP-07), in the 27.1 order;
    ``chosen`` (seat, as a string -> ship ids): the ships a draw plan named (D12 ``harvest``,
    GI-TRADE-02), a seat not in it or with None: every ship able to."""
    per_ship = gi.naval().harvest_cards_per_ship
    chosen = chosen or {}
    for p in draw_order(g):
        only = chosen.get(str(p.seat))
        for rec in fleet.records(g.s, p.nation):
            if only is not None and rec["id"] not in only:
                continue
            for _ in range(per_ship):
                region = can_harvest(g, rec)
                if region is None:
                    break
                card = region_stack(g, region).pop(0)
                fleet.take_card(g, p.nation, rec["id"], card)
                g.emit(f"{g.possessive(p.nation)} ship {rec['id']}, a {fleet.spec(rec['role']).name} in "
                       f"{g.area_name(rec['area'])}, takes a card face down from the "
                       f"{gi.regions()[region].name.removeprefix('The ')} stack (GI-SHIP-07).", "harvest",
                       nation=p.nation, ship=rec["id"], area=rec["area"], region=region)
