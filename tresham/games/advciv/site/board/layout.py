"""Where each area's name, numbers and pieces go (kilometres of the projection).

One place decides it, so the base map (:mod:`.svg`) and the pieces drawn over it
(:mod:`.pieces`) agree: the name at the region's pole of inaccessibility, under it the
population limit and the city site side by side, the tokens under those, the city on the
site square, the ships off the coast. A region too small to hold its name (a small island)
has it just below the island.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...data import load
from .geometry import BoardGeometry, geometry

#: A region with a smaller inner circle (km) has its label below it.
TINY = 9.0


@dataclass(frozen=True)
class Layout:
    x: float  # the label's centre
    y: float
    room: float  # radius of the region's inner circle, km
    font: float  # name size, km
    level: str  # lv1 (biggest) .. lv4
    name_y: float  # the name's baseline
    r: float  # population circle radius
    pop: tuple[float, float]
    site: tuple[float, float]  # the city site square (where a city stands)
    tokens: tuple[float, float]  # the centre of the row of token stacks
    token_r: float
    ships: tuple[float, float]  # where the first ship goes


def sizes(room: float, sea: bool = False) -> tuple[float, str]:
    """Font size (km) for a name in a region whose inner circle has radius ``room``, and its
    level class (lv1 biggest)."""
    f = max(6.0, min(30.0 if sea else 22.0, room * 0.42))
    level = "lv1" if f >= 18 else "lv2" if f >= 12 else "lv3" if f >= 8.5 else "lv4"
    return f, level


@cache
def _layouts() -> dict[str, Layout]:
    return {aid: _layout(geometry(), aid) for aid in sorted(geometry().areas)}


def layout(geo: BoardGeometry, aid: str) -> Layout:
    return _layouts()[aid] if geo is geometry() else _layout(geo, aid)


def _layout(geo: BoardGeometry, aid: str) -> Layout:
    a = load().map.areas[aid]
    s = geo.areas[aid]
    f, level = sizes(s.room, a.is_open_sea)
    x, y = s.anchor
    if s.room < TINY and a.is_land:
        y = s.region.bounds[3] + f * 1.1  # below the island
    r = max(4.0, min(10.0, f * 0.5))
    name_y = y - f * 0.2
    row_y = y + r * 1.25
    site_x = x + r * (1.2 if a.city_site else 2.3)  # a city off a site: beside the circle
    pop_x = x - r * 1.2 if a.city_site else x
    token_r = max(4.5, min(9.0, f * 0.48))
    tokens = (x, row_y + r + token_r * 1.45)
    if a.is_open_sea:
        tokens = (x, y + f * 0.9 + token_r)
    ships = s.coast or (x, tokens[1] + token_r * 2.6)
    return Layout(x, y, s.room, f, level, name_y, r, (pop_x, row_y), (site_x, row_y), tokens, token_r, ships)
