"""Grand Imperial's land conflict (24 with the city advances; slice 7 in part, the parts
that need no ships): GI-CITYADV-01 Militia, GI-CITYADV-19 Barracks, GI-CARULE-04 damage,
GI-CARULE-05 raze or keep (D8), GI-CITYADV-14 the captured capital.

The plain resolution (``rules/conflict.py``) runs unchanged, with the game's hooks:
``GIContext.replacement_tokens`` (a Militia city is replaced by one token more),
``GIContext.removes_last`` (Metalworking or a Barracks reaching the area: its owner removes
last, GIR-43) and ``GIContext.remove_city`` under ``damage_rule = "flip"`` (an attacked city's
site loses its Palace, flips one random advance and decays, ``sites.damage``). Then, for each
city a nation destroyed:

- its capital (a face-up Palace): the attacker draws 3 random cards instead of 1 and may
  pillage up to 9 (the data's ``captured_cards``, ``captured_tokens``); if the loser has
  another city Unhappy or in Revolt he suffers a Civil War in the calamity phase
  (``variant_state["pending_civil_war"]``, for the calamities slice);
- if the attacker cleared the area (the defender's replacement tokens are gone) and the site
  still holds advances, he owes a ``raze_advances`` decision (D8): raze them (3 tokens each
  from stock to treasury) or keep them for a city he builds there; the default is raze.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...contract import Decision, IllegalOrder
from ..context import Context
from ..orders import Order, order
from ..phase import register, require_phase_player
from ..rules import conflict as plain
from ..rules.conflict import ConflictPhase
from ..schema import OptionalArea
from . import data as gi
from . import sites
from .dispositions import REVOLT, UNHAPPY, disposition
from .variant import KEY

PENDING_CIVIL_WAR = "pending_civil_war"
RULE = "GI-CARULE-05"


@order("raze_advances", rule=RULE, variant=KEY)
@dataclass(slots=True)
class RazeAdvances(Order):
    """D8 (GI-CARULE-05): for the city advances of a city one destroyed and whose area one
    cleared: ``raze`` them (3 tokens each from stock to treasury) or keep them (``false``)
    for a city one builds there."""

    area: OptionalArea = ""
    raze: bool = True


def capital_lost(g: Context, nation: str, area: str) -> None:
    """GI-CITYADV-14: ``nation`` lost his capital in ``area``; with another city Unhappy or in
    Revolt he suffers a Civil War in the calamity phase (queued once)."""
    unhappy = [a for a in g.cities_of(nation) if a != area and disposition(g, a) in (UNHAPPY, REVOLT)]
    if not unhappy:
        return
    queue = g.s.variant_state.setdefault(PENDING_CIVIL_WAR, [])
    if nation not in queue:
        queue.append(nation)
    g.emit(f"{g.name(nation)} lost his capital while "
           + ", ".join(g.area_name(a) for a in unhappy)
           + f" {'is' if len(unhappy) == 1 else 'are'} Unhappy or in Revolt: he will suffer a "
           "Civil War in the calamity phase (GI-CITYADV-14).", "civil_war_queued", nation=nation)


@register(variant=KEY)
class GIConflictPhase(ConflictPhase):
    """Conflict (24) with city advances: damage, the captured capital, raze or keep."""

    accepts = ("pillage", "raze_advances")

    def start(self, g: Context) -> None:
        owed: list[dict] = []
        razes: list[dict] = []
        palace = gi.city_advances()[sites.PALACE]
        g.damage_rule = "flip"  # type: ignore[attr-defined]
        try:
            for area in plain.conflict_areas(g):
                defender = g.s.board.cities.get(area)
                capital = defender is not None and sites.capital_of(g, defender) == area
                got = plain.resolve_area(g, area)
                for e in got:
                    if capital:
                        e["capital"] = True
                        for _ in range(palace.captured_cards - 1):
                            plain.draw_card(g, e["nation"], defender, area)
                        capital_lost(g, defender, area)
                    s = sites.site(g, area)
                    if s and s["decay"] and g.tokens(area, defender) == 0 and g.tokens(area, e["nation"]) > 0:
                        razes.append({"nation": e["nation"], "area": area})
                owed.extend(got)
        finally:
            g.damage_rule = None  # type: ignore[attr-defined]
        g.s.step = {"pillage": owed, "raze": razes}
        self._settle(g)

    # ---- pillage of a capital (GI-CITYADV-14) ---------------------------------------------
    def pillage_cap(self, g: Context, entry: dict) -> int:
        """3 a city (24.52); 9 for a captured capital (GI-CITYADV-14)."""
        if entry.get("capital"):
            return gi.city_advances()[sites.PALACE].captured_tokens
        return super().pillage_cap(g, entry)

    # ---- raze or keep (D8) -------------------------------------------------------------------
    def _razes(self, g: Context) -> list[dict]:
        return g.s.step.setdefault("raze", [])

    def _settle(self, g: Context) -> None:
        """As plain for pillage; an inert attacker razes (the default)."""
        super()._settle(g)
        for e in list(self._razes(g)):
            if g.of(e["nation"]).inert:
                self._raze(g, e, True)

    def _raze(self, g: Context, entry: dict, raze: bool) -> None:
        self._razes(g).remove(entry)
        if raze:
            sites.raze(g, entry["area"], entry["nation"])
        else:
            sites.keep(g, entry["area"], entry["nation"])

    def pending(self, g: Context) -> list[Decision]:
        out = super().pending(g)
        tokens = gi.city_advance_rules().raze_tokens_per_advance
        for e in self._razes(g):
            s = sites.site(g, e["area"]) or {"active": [], "flipped": []}
            gone = s["active"] + s["flipped"]
            out.append(Decision(
                g.of(e["nation"]).seat, "raze_advances",
                f"You cleared {g.area_name(e['area'])}: raze its city advances "
                f"({', '.join(gi.city_advances()[a].name for a in gone)}) for {tokens * len(gone)} "
                "tokens to treasury, or keep them for a city you build there?",
                required=True, default="raze", options={"area": e["area"], "advances": gone,
                                                        "tokens": tokens * len(gone)}))
        return out

    def handle(self, g: Context, o: Order) -> None:
        if not isinstance(o, RazeAdvances):
            super().handle(g, o)
            return
        require_phase_player(g, o, RULE)
        nation = g.player(o.player).nation
        mine = [e for e in self._razes(g) if e["nation"] == nation]
        if not mine:
            raise IllegalOrder(RULE, "you cleared no area holding city advances: nothing to raze")
        if o.area:
            mine = [e for e in mine if e["area"] == o.area]
            if not mine:
                raise IllegalOrder(RULE, "you have no city advances to raze or keep in "
                                   + (g.area_name(o.area) if o.area in g.areas else repr(o.area)))
        if not isinstance(o.raze, bool):
            raise IllegalOrder(RULE, "raze is true or false")
        self._raze(g, mine[0], o.raze)

    def timeout(self, g: Context, seat: int) -> None:
        """The pillage default (the maximum, SITE-CONFLICT-05) and D8's: raze."""
        nation = g.player(seat).nation
        pill = [e for e in self._owed(g) if e["nation"] == nation]
        razes = [e for e in self._razes(g) if e["nation"] == nation]
        if not pill and not razes:
            raise IllegalOrder("24.52", f"seat {seat} owes no pillage or razing decision")
        if pill:
            super().timeout(g, seat)
        for e in razes:
            g.emit(f"{g.name(nation)} did not choose in time; the city advances in "
                   f"{g.area_name(e['area'])} are razed.", "timeout", nation=nation, area=e["area"])
            self._raze(g, e, True)

    def sample(self, g: Context, seat: int, rng) -> Order:
        """The plain pillage sample, else a uniform raze or keep (D8)."""
        nation = g.player(seat).nation
        if any(e["nation"] == nation for e in self._owed(g)):
            return super().sample(g, seat, rng)
        for e in self._razes(g):
            if e["nation"] == nation:
                return RazeAdvances(seat, e["area"], rng.below(2) == 0)
        return super().sample(g, seat, rng)
