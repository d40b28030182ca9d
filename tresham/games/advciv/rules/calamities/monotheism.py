"""Monotheism conversions at the end of the calamity phase (32.941-32.942, 32.952).

After all calamities, before the support check (29.8) and the purchase of civ cards, each
holder of Monotheism, in A.S.T. order (Z-31b), may convert one area land-adjacent to an area
with his units: every unit there becomes his own (city for city, token for token). The site
default when the deadline passes is "no conversion". A variant may allow a holder more than
one conversion (``Context.conversions``, 1 here): he is then asked again while a target is left,
and a "no conversion" ends his turn.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....contract import Decision, IllegalOrder
from ...data import BARBARIANS, PIRATES
from ...context import Context
from ...orders import Order, order
from ...schema import OptionalArea

SPECIAL = (BARBARIANS, PIRATES)


@order("convert", rule="32.942")
@dataclass(slots=True)
class Convert(Order):
    """Monotheism: convert the units of ``area`` ("" = no conversion this turn)."""

    area: OptionalArea = ""


def occupants(g: Context, area: str) -> set[str]:
    """Owners of tokens or a city in ``area``."""
    out = {o for o, n in g.s.board.tokens.get(area, {}).items() if n > 0}
    c = g.s.board.cities.get(area)
    if c:
        out.add(c)
    return out


def targets(g: Context, nation: str) -> list[str]:
    """Areas ``nation`` may convert (32.941-32.942, 32.952): land-adjacent to an area holding
    his units; holding units of other nations; none of them a Monotheism or Theology holder,
    Barbarians or Pirates; and he has the tokens and city in stock to replace them."""
    mine = set(g.token_areas(nation)) | set(g.cities_of(nation))
    near: set[str] = set()
    for a in mine:
        near |= g.areas[a].land_adj
    p = g.of(nation)
    out = []
    for a in sorted(near):
        others = occupants(g, a) - {nation}
        if not others or others & set(SPECIAL):
            continue
        if any(g.of(o).has("monotheism") or g.of(o).has("theology") for o in others):
            continue
        tokens = sum(g.tokens(a, o) for o in others)
        city = 1 if g.s.board.cities.get(a) in others else 0
        if tokens > p.stock or city > g.cities_in_stock(nation):
            continue
        out.append(a)
    return out


def convert(g: Context, nation: str, area: str) -> None:
    """Replace every other nation's unit in ``area`` by ``nation``'s (32.941)."""
    for o in sorted(occupants(g, area) - {nation}):
        n = g.tokens(area, o)
        if n:
            g.remove_tokens(o, area, n)
            g.add_tokens(nation, area, n)
            g.emit(f"{g.name(nation)} converts {n} of {g.name(o)}'s tokens in "
                   f"{g.area_name(area)} (Monotheism).", "monotheism", nation=nation, old=o,
                   area=area, tokens=n)
    if g.s.board.cities.get(area) not in (None, nation):
        g.replace_city(area, nation, "Monotheism")


def holders(g: Context) -> list[str]:
    """Monotheism holders in A.S.T. order (Z-31b)."""
    return [p.nation for p in g.active() if p.has("monotheism") and not p.inert]


def _skip_empty(g: Context) -> None:
    """Pass over holders with no legal target (a decision with no choice is not asked)."""
    st = g.s.step["mono"]
    while st["i"] < len(st["holders"]) and not targets(g, st["holders"][st["i"]]):
        st["i"] += 1


def begin(g: Context) -> None:
    g.s.step["mono"] = {"holders": holders(g), "i": 0}
    _skip_empty(g)


def current(g: Context) -> str | None:
    st = g.s.step.get("mono")
    if not st or st["i"] >= len(st["holders"]):
        return None
    return st["holders"][st["i"]]


def done(g: Context) -> bool:
    return current(g) is None


def pending(g: Context) -> list[Decision]:
    n = current(g)
    if n is None:
        return []
    made = g.s.step["mono"].get("made", 0)
    return [Decision(g.of(n).seat, "monotheism",
                     "Monotheism: you may convert one area adjacent by land to your units"
                     + (f" (conversion {made + 1} of {g.conversions(n)})" if made else ""),
                     default="no conversion", options={"areas": targets(g, n)})]


def _next(g: Context, again: bool = False) -> None:
    """To the next holder; with ``again`` (an area converted), the same holder while
    ``Context.conversions`` allows him more and a target is left (1 in the plain game)."""
    st = g.s.step["mono"]
    n = current(g)
    more = g.conversions(n) if n is not None else 1
    if more > 1:
        made = st.get("made", 0) + 1
        if again and made < more and targets(g, n):
            st["made"] = made
            return
        st.pop("made", None)
    st["i"] += 1
    _skip_empty(g)


def handle(g: Context, o: Order) -> None:
    n = current(g)
    if not isinstance(o, Convert) or n is None or g.of(n).seat != o.player:
        raise IllegalOrder("32.941", "no Monotheism conversion is owed by you now")
    if o.area:
        legal = targets(g, n)
        if o.area not in legal:
            raise IllegalOrder("32.942", f"{o.area} cannot be converted; you may convert one of: "
                               + (", ".join(legal) or "none"))
        convert(g, n, o.area)
        _next(g, again=True)
        return
    further = " further" if g.s.step["mono"].get("made") else ""
    g.emit(f"{g.name(n)} converts no{further} area this turn.", "monotheism_none", nation=n)
    _next(g)


def timeout(g: Context, seat: int) -> None:
    """Site default: no conversion."""
    n = current(g)
    g.emit(f"{g.name(n)} converts no area this turn (deadline passed).", "monotheism_none", nation=n)
    _next(g)


def sample(g: Context, seat: int, rng: Any) -> Order:
    n = current(g)
    opts = [""] + targets(g, n)
    return Convert(seat, rng.choice(opts))
