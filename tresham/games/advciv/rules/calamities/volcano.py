"""Volcanic Eruption or Earthquake (30.21)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....contract import Decision, IllegalOrder
from ...data import BARBARIANS, PIRATES
from ...context import Context
from ...words import plural
from ...orders import Order, order
from ...schema import OptionalArea, SiteId
from .base import CalamityEffect, effect
from .superstition import reduce_value, seat


@order("choose_site", rule="30.21")
@dataclass(slots=True)
class ChooseSite(Order):
    """Choose among equally damaging sites (30.211 volcano id; 30.212 city area + ``target``,
    the other player's city, "" for none)."""

    site: SiteId = ""
    target: OptionalArea = ""


def volcano_areas(g: Context, vid: str) -> list[str]:
    return [a for a in g.d.map.volcanoes[vid] if a in g.areas]


def harmed(g: Context, owner: str) -> bool:
    """Whose units an eruption eliminates: not Barbarians or Pirates (29.65, Z-32), not an
    inert nation, which is never a secondary victim (15.61)."""
    return owner not in (BARBARIANS, PIRATES) and not g.of(owner).inert


def eruption_damage(g: Context, vid: str) -> int:
    """Unit points an eruption eliminates (30.211): every nation's tokens and cities in the
    volcano's areas; Barbarian tokens and Pirate cities are never harmed (29.65, Z-32)."""
    total = 0
    for a in volcano_areas(g, vid):
        total += sum(n for o, n in g.s.board.tokens.get(a, {}).items() if harmed(g, o))
        owner = g.s.board.cities.get(a)
        if owner is not None and harmed(g, owner):
            total += 5
    return total


def volcano_options(g: Context, victim: str) -> dict[str, int]:
    """Volcanoes touching an area with a city of the victim, with their damage (30.211)."""
    out = {}
    for vid in g.d.map.volcanoes:
        areas = volcano_areas(g, vid)
        if any(g.s.board.cities.get(a) == victim for a in areas):
            out[vid] = eruption_damage(g, vid)
    return out


def quake_options(g: Context, victim: str) -> dict[tuple[str, str], int]:
    """(victim's city, other player's adjacent city or "") -> total damage (30.212-30.213).
    The victim's city is destroyed (5 points) or, with Engineering, reduced (29.62); the other
    city, adjacent even across water, is reduced; Engineering holders (and Barbarians/Pirates,
    29.65) cannot be that secondary victim."""
    eng = g.of(victim).has("engineering")
    out: dict[tuple[str, str], int] = {}
    for c in g.cities_of(victim):
        own = reduce_value(g, c) if eng else 5
        ar = g.areas[c]
        found = False
        for d in sorted(ar.land_adj | ar.water_adj):
            owner = g.s.board.cities.get(d)
            if owner is None or owner in (victim, BARBARIANS, PIRATES) or g.of(owner).has("engineering"):
                continue
            if g.of(owner).inert:
                continue  # 15.61: an inert nation is never a secondary victim
            out[(c, d)] = own + reduce_value(g, d)
            found = True
        if not found:
            out[(c, "")] = own
    return out


def best(options: dict) -> list:
    top = max(options.values())
    return sorted(k for k, v in options.items() if v == top)


@effect
class VolcanoEarthquake(CalamityEffect):
    """30.211 volcano if the victim has a city touched by a volcano; otherwise 30.212
    earthquake. The most damaging site is taken; ties are the primary victim's choice."""

    id = "volcano"
    rule = "30.21"
    #: the effect in the site's own words (the help pages, 30)
    summary = ("If the victim has a city in an area a volcano touches, it erupts and wipes out every "
               "unit of every player in the areas it touches. Otherwise an earthquake destroys one of his cities "
               "and reduces a neighbouring city of another player (Engineering softens an earthquake).")
    accepts = ("choose_site",)

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        victim = ctx["victim"]
        vol = volcano_options(g, victim)
        if vol:
            ctx["kind"] = "volcano"
            ties = best(vol)
            ctx["ties"] = [[v, ""] for v in ties]
        else:
            quake = quake_options(g, victim)
            ctx["kind"] = "earthquake"
            if not quake:
                g.emit(f"Earthquake: {g.name(victim)} has no city; no effect.", "calamity_none")
                ctx["ties"] = []
                return
            ctx["ties"] = [list(k) for k in best(quake)]
        if len(ctx["ties"]) == 1:
            self._apply(g, ctx, *ctx["ties"][0])

    def _apply(self, g: Context, ctx: dict[str, Any], site: str, target: str) -> None:
        ctx["ties"] = []
        if ctx["kind"] == "volcano":
            erupt(g, site)
            return
        victim = ctx["victim"]
        if g.of(victim).has("engineering"):
            g.reduce_city(site, "Earthquake (Engineering)")  # 30.213
        else:
            g.destroy_city(site, "Earthquake")
        if target:
            g.reduce_city(target, "Earthquake")

    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        if not ctx.get("ties"):
            return []
        return [Decision(seat(g, ctx["victim"]), "calamity_site",
                         f"{'Volcanic Eruption' if ctx['kind'] == 'volcano' else 'Earthquake'}: "
                         "these sites cause equal damage; choose one",
                         default="a site chosen at random",
                         options={"kind": ctx["kind"], "sites": ctx["ties"]})]

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        assert isinstance(o, ChooseSite)
        if [o.site, o.target] not in ctx["ties"]:
            raise IllegalOrder("30.211" if ctx["kind"] == "volcano" else "30.212",
                               "choose one of the sites causing the greatest damage: "
                               + "; ".join(f"{s} {t}".strip() for s, t in ctx["ties"]))
        self._apply(g, ctx, o.site, o.target)

    def timeout(self, g: Context, ctx: dict[str, Any], seat_: int) -> None:
        self._apply(g, ctx, *g.rng.choice(ctx["ties"]))

    def sample(self, g: Context, ctx: dict[str, Any], seat_: int, rng) -> Order:
        s, t = rng.choice(ctx["ties"])
        return ChooseSite(seat_, s, t)


def erupt(g: Context, vid: str) -> None:
    """30.211: all units of every nation in the volcano's areas are eliminated (not Barbarian
    tokens or Pirate cities, 29.65, Z-32)."""
    g.emit(f"The volcano erupts ({', '.join(g.area_name(a) for a in volcano_areas(g, vid))}).",
           "volcano", volcano=vid)
    for a in volcano_areas(g, vid):
        for owner, n in sorted(g.s.board.tokens.get(a, {}).items()):
            if not harmed(g, owner):
                continue
            g.remove_tokens(owner, a, n)
            g.emit(f"{g.name(owner)} loses {plural(n, 'token')} in {g.area_name(a)} to the eruption.",
                   "tokens_lost", nation=owner, area=a, tokens=n)
        owner = g.s.board.cities.get(a)
        if owner is not None and harmed(g, owner):
            g.destroy_city(a, "Volcanic Eruption")
