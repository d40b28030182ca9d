"""Piracy in Grand Imperial (GI-CAL-12).

A Piracy traded to the victim gives its trader a choice (D17 ``piracy_mode``): ``ships``, the
trade cards on the victim's ships go to the trader, who stows them on his own ships (lowest
number first, as room allows) and discards the rest; a ship with Marines aboard is immune. Or
``cities``, the plain Piracy (30.91), in which a city with City Walls or with its owner's
Marines (``variant_state["marines"][owner]``) cannot become a pirate city. Timeout:
``ships`` if a card can be taken, else ``cities``. The trader is asked only when there is a
card to take (ruling GIC-16). An untraded Piracy is the ``cities`` one (GIR-53).

The seed's option (sub-option ``pirate_range``, off by default; ruling GIC-20): "having a
pirate city within 3 sea squares of one of your cities reduces the number of cards drawn by
that city by one" (:func:`pirate_range_change`, read by ``acquisition.city_draws``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ....contract import Decision, IllegalOrder
from ...context import Context
from ...orders import Order, order
from ...rules.calamities.base import effect, show_trader
from ...rules.calamities.piracy import Piracy, coastal_cities
from ...rules.calamities.superstition import seat
from ..variant import KEY
from .. import data as gi
from .. import fleet, marines
from .barbarians import walled

RULE = "GI-CAL-12"
MODES = ("ships", "cities")


@order("piracy_mode", rule=RULE, variant=KEY)
@dataclass(slots=True)
class PiracyMode(Order):
    """D17: take the cards on the victim's ships (``ships``) or the plain Piracy (``cities``)."""

    mode: Literal["ships", "cities"] = "ships"


def guarded(g: Context, area: str) -> bool:
    """A city that cannot become a pirate city: City Walls, or Marines of its owner in it
    (GI-CAL-12, GI-CITYADV-25)."""
    owner = g.s.board.cities.get(area)
    immune = gi.calamity_changes()["piracy"].normal_piracy_immune_advances
    return ("city_walls" in immune and walled(g, area)) or \
        ("marines" in immune and owner is not None and marines.guarded(g, owner, area))


def pirate_range_on(g: Context) -> bool:
    """Whether the game plays the seed's option ``pirate_range`` (GI-CAL-12)."""
    from ..options import GIOptions

    return GIOptions.model_validate(g.s.options.variant_options or {}).pirate_range


def pirates_near(g: Context, area: str) -> list[str]:
    """The pirate cities within the data's 3 water areas of the city in ``area`` (GI-CAL-12;
    GIC-20: the coastal areas a voyage of 3 water areas from it may end in, as a Trireme's,
    ``draws.port_reach``), sorted."""
    from ...data import PIRATES
    from ..draws import port_reach

    reach = gi.calamity_changes()["piracy"].option_pirate_range_sea_areas or 0
    cities = g.s.board.cities
    return [a for a in port_reach(g, area, reach) if cities.get(a) == PIRATES and a != area]


def pirate_range_change(g: Context, area: str) -> int:
    """The change to the cards the city in ``area`` draws under ``pirate_range``: the data's
    ``option_card_change`` (-1) with a pirate city near, else 0 (and 0 with the option off)."""
    if not pirate_range_on(g) or not pirates_near(g, area):
        return 0
    return gi.calamity_changes()["piracy"].option_card_change or 0


def exposed_ships(g: Context, nation: str) -> list[dict[str, Any]]:
    """``nation``'s ships that Piracy robs: those without Marines aboard (GI-CAL-12)."""
    return [r for r in fleet.records(g.s, nation) if not marines.guarded(g, nation, r["id"])]


def cards_to_take(g: Context, nation: str) -> int:
    return sum(len(r["cards"]) for r in exposed_ships(g, nation))


@effect(variant=KEY)
class GIPiracy(Piracy):
    """GI-CAL-12."""

    accepts = ("choose_cities", "piracy_mode")

    def coastal(self, g: Context, nation: str) -> list[str]:
        return [a for a in coastal_cities(g, nation) if not guarded(g, a)]

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        if ctx["trader"] is not None and not g.of(ctx["trader"]).inert \
                and cards_to_take(g, ctx["victim"]) > 0:
            ctx["stage"] = "mode"
            show_trader(g, ctx, "chooses what the pirates take (GI-CAL-12)")  # SITE-SAFE-05
            return
        super().begin(g, ctx)

    def _mode(self, g: Context, ctx: dict[str, Any], mode: str) -> None:
        if mode == "cities":
            g.emit(f"Piracy: {g.name(ctx['trader'])} makes it the AdvCiv Piracy (GI-CAL-12).",
                   "piracy_mode", mode=mode, trader=ctx["trader"])
            super().begin(g, ctx)
            return
        v, t = ctx["victim"], ctx["trader"]
        taken: list[str] = []
        for rec in exposed_ships(g, v):
            taken += rec["cards"]
            rec["cards"] = []
        stowed = 0
        for card in taken:
            room = next((r for r in fleet.records(g.s, t) if fleet.free(r) > 0), None)
            if room is None:
                g.s.set_aside.append(card)
                continue
            fleet.take_card(g, t, room["id"], card)
            stowed += 1
        ctx["stage"] = "done"
        g.emit(f"Piracy: the {len(taken)} cards aboard {g.possessive(v)} ships go to {g.name(t)}: "
               f"{stowed} stowed on his ships, {len(taken) - stowed} discarded (GI-CAL-12).",
               "piracy_ships", victim=v, trader=t, cards=len(taken), stowed=stowed)

    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        if ctx.get("stage") != "mode":
            return super().pending(g, ctx)
        n = cards_to_take(g, ctx["victim"])
        return [Decision(seat(g, ctx["trader"]), "piracy_mode",
                         f"Piracy against {g.name(ctx['victim'])}: take the {n} cards aboard his "
                         "ships (ships), or make it the AdvCiv Piracy of his coastal cities (cities)",
                         default="ships", options={"choices": list(MODES), "cards": n})]

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        if ctx.get("stage") != "mode":
            return super().handle(g, ctx, o)
        if not isinstance(o, PiracyMode) or o.player != seat(g, ctx["trader"]):
            raise IllegalOrder(RULE, "the trader of the Piracy chooses its mode (a piracy_mode order)")
        if o.mode not in MODES:
            raise IllegalOrder(RULE, "choose 'ships' or 'cities'")
        self._mode(g, ctx, o.mode)

    def timeout(self, g: Context, ctx: dict[str, Any], seat_: int) -> None:
        """D17: ships when a card can be taken (the only case asked)."""
        if ctx.get("stage") != "mode":
            return super().timeout(g, ctx, seat_)
        self._mode(g, ctx, "ships" if cards_to_take(g, ctx["victim"]) else "cities")

    def sample(self, g: Context, ctx: dict[str, Any], seat_: int, rng) -> Order:
        if ctx.get("stage") != "mode":
            return super().sample(g, ctx, seat_, rng)
        return PiracyMode(seat_, MODES[rng.below(2)])
