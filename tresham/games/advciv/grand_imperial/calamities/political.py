"""The political calamities by disposition (GI-CAL-13, ruling GIR-39).

The political calamities are Treachery, Superstition, Civil War, Slave Revolt, Civil Disorder,
and Iconoclasm and Heresy. In them a Happy city cannot be named; Unhappy cities and cities in
Revolt are named before any others; Satisfied cities only when nothing else remains (unless
the calamity's own GI-CAL row says more). :func:`rank` gives that order, :func:`split` the
cities a choice of ``n`` must hold and those it may pick from, :func:`check_order` refuses a
choice that does not follow it.

A city's disposition is the luxury slice's (``dispositions``: its die,
``variant_state["luxury"][area]``, read against its thresholds; no die: Content). The capital
is the city whose site holds its owner's face-up Palace (``sites.capital_of``, GI-CITYADV-14).
"""
from __future__ import annotations

from typing import Any

from ....contract import IllegalOrder
from ...context import Context
from .. import dispositions as dp
from .. import sites

#: The order in which cities are named (GIR-39): lower first; Happy cities are never named.
RANKS = dp.POLITICAL_RANK
#: The calamities GIR-39 calls political (GI-CAL-13).
POLITICAL = ("treachery", "superstition", "civil_war", "slave_revolt", "civil_disorder", "iconoclasm")


def disposition(g: Context, area: str) -> str:
    """The disposition of the city in ``area`` (GI-LUX-03..07): the luxury slice's, from its
    die and its city's advances (``dispositions.disposition``; no die: Content)."""
    return dp.disposition(g, area)


def rank(g: Context, area: str) -> int | None:
    """GIR-39: the order in which a political calamity names the city in ``area`` (0 first:
    Unhappy and Revolt; 1 Content; 2 Satisfied); None: Happy, never named (GI-CAL-13;
    ``dispositions.political_rank``)."""
    return dp.political_rank(g, area)


def capital(g: Context, nation: str) -> str | None:
    """The area of ``nation``'s capital: his city with a face-up Palace (GI-CITYADV-14,
    ``sites.capital_of``); None without one."""
    area = sites.capital_of(g.s, nation)
    return area if area is not None and g.s.board.cities.get(area) == nation else None


def nameable(g: Context, cities: list[str]) -> list[str]:
    """The cities a political calamity may name: every one but the Happy (GIR-39)."""
    return sorted(a for a in cities if rank(g, a) is not None)


def split(g: Context, cities: list[str], n: int) -> tuple[list[str], list[str], int]:
    """GIR-39 for a choice of ``n`` of ``cities`` (all nameable): the cities every choice
    holds (the whole of each rank it reaches past), the rank it picks the rest from, and how
    many it picks there."""
    fixed: list[str] = []
    left = n
    for r in sorted({rank(g, a) for a in cities}):
        tier = sorted(a for a in cities if rank(g, a) == r)
        if len(tier) <= left:
            fixed += tier
            left -= len(tier)
            continue
        return sorted(fixed), tier, left
    return sorted(fixed), [], 0


def check_order(g: Context, chosen: list[str], cities: list[str], n: int, rule: str) -> None:
    """Refuse (``rule``) a choice of ``n`` cities that names a city before one that GIR-39
    names first: every Unhappy and Revolt city before a Content one, every Content one before
    a Satisfied one (GI-CAL-13). Changes nothing."""
    fixed, pool, _ = split(g, cities, n)
    later = [a for a in chosen if a not in fixed and a not in pool]
    if later:
        word = {1: "Content", 2: "Satisfied"}
        raise IllegalOrder(rule, f"{', '.join(g.area_name(a) for a in later)} cannot be named yet: "
                           f"a {word.get(rank(g, later[0]), 'better')} city is named only when no city "
                           "of a worse disposition remains (GIR-39)")
    missing = [a for a in fixed if a not in chosen]
    if missing:
        word = {0: "Unhappy or in Revolt", 1: "Content", 2: "Satisfied"}
        first = missing[0]
        raise IllegalOrder(rule, f"{', '.join(g.area_name(a) for a in missing)} must be named first: "
                           f"a city {word[rank(g, first)]} is named before a city of a better "
                           "disposition (Unhappy and Revolt first, Satisfied last, GIR-39)")


def pick(g: Context, cities: list[str], n: int, rng) -> list[str]:
    """A random choice of ``n`` that follows GIR-39 (the site default, and the bots')."""
    fixed, pool, r = split(g, cities, n)
    return sorted(fixed + (rng.sample(pool, r) if r else []))


def most_stock(g: Context, exclude: tuple[str, ...] = ()) -> str | None:
    """The player with the most tokens in stock, ties by A.S.T. order (GI-CAL-10, GIR-52),
    among those with a city in stock; None if there is none."""
    best: tuple[int, int] | None = None
    who = None
    for p in g.active():
        if p.nation in exclude or p.inert or g.cities_in_stock(p.nation) <= 0:
            continue
        key = (-p.stock, g.ast_rank(p.nation))
        if best is None or key < best:
            best, who = key, p.nation
    return who


def counts(g: Context, nation: str) -> dict[str, Any]:
    """How many of ``nation``'s cities are at each disposition (for events and Slave Revolt)."""
    out = {d: 0 for d in RANKS}
    for a in g.cities_of(nation):
        out[disposition(g, a)] += 1
    return out
