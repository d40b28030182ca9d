"""City dispositions in Grand Imperial: pure functions over a game (GI-LUX-03..08,
GI-CARULE-06, GI-CAL-13, GI-LEADER-01).

A city's disposition comes from the luxury points given to it in the last luxury phase (its
"die", ``variant_state["luxury"][area]``, GI-LUX-07/08) read against the city's thresholds:
the seed's 0/1/2/3/5 (Revolt, Unhappy, Content, Satisfied, Happy; the data's
``luxury.dispositions``) shifted by its city advances (GI-LUX-03). It is always computed, never
stored, so it follows the city's advances and the leaders played (GIR-25, GIR-28).

City advances are read from ``variant_state["sites"][area]`` (design 4.2:
``{"owner": nation, "active": [advance ids], "flipped": [...], "decay": null}``); only the
``active`` ones of a site whose owner has the city there count. Rulings: GIL-n in
``docs/rulings/grand-imperial-luxury.md``.
"""
from __future__ import annotations

from typing import Mapping

from ..context import Context
from . import data as gi
from .data import DISPOSITIONS

REVOLT, UNHAPPY, CONTENT, SATISFIED, HAPPY = DISPOSITIONS
#: The disposition of a city with no die (GIR-28: built or acquired since the luxury phase).
NO_DIE = CONTENT
#: The leader whose card floors every city of its player at Satisfied (GI-LEADER-01).
CHARISMATIC = "charismatic"


def rank(level: str) -> int:
    """0 (Revolt) .. 4 (Happy): the order of the dispositions, worst first."""
    return DISPOSITIONS.index(level)


def dice(g: Context) -> dict[str, int]:
    """The luxury dice: area -> points given in the last luxury phase (GI-LUX-07); not to be
    changed by the caller."""
    return g.s.variant_state.get("luxury", {})


def die(g: Context, area: str) -> int | None:
    """The points of the city in ``area`` (None: no die, GIR-28)."""
    return g.s.variant_state.get("luxury", {}).get(area)


def site_advances(g: Context, area: str) -> list[str]:
    """The active city advances of the city in ``area`` (design 4.2), whatever its disposition;
    none if no city stands there or the site is another nation's (GIL-3)."""
    owner = g.s.board.cities.get(area)
    site = g.s.variant_state.get("sites", {}).get(area)
    if owner is None or not site or site.get("owner") != owner:
        return []
    known = gi.city_advances()
    return sorted({a for a in site.get("active", ()) if a in known})


def _thresholds(advances: list[str], civ_shift: int) -> dict[str, int]:
    """GI-LUX-03: the data's points per level; Town Hall and Cathedral put every level up to
    Satisfied at 0 and Happy at their ``happy_points`` (3) before the other changes; each
    advance's ``luxury_shift`` (Music Hall, Theater, Temple, Oracle -1, Palace -2, Quarry +2)
    and ``civ_shift`` (Social Mobility) then move every level above the floor; Revolt is 0 and
    no level needs less than 0 (GID-8, GIR-25)."""
    known = gi.city_advances()
    base = {d.id: d.points for d in gi.luxury().dispositions}
    floor = REVOLT
    for a in advances:
        x = known[a]
        if x.disposition_floor is not None and rank(x.disposition_floor) > rank(floor):
            floor = x.disposition_floor
        if x.happy_points is not None:
            base[HAPPY] = min(base[HAPPY], x.happy_points)
    shift = civ_shift + sum(known[a].luxury_shift for a in advances)
    out = {}
    for level, points in base.items():
        out[level] = 0 if rank(level) <= rank(floor) else max(0, points + shift)
    return out


def _level(th: Mapping[str, int], points: int | None) -> str:
    """The best level whose threshold ``points`` reaches (None: no die, Content, GIR-28) —
    never below the city's floor (a threshold of 0)."""
    best = REVOLT
    for level in DISPOSITIONS:
        if th[level] <= (points if points is not None else 0):
            best = level
    if points is None and rank(best) < rank(NO_DIE):
        best = NO_DIE
    return best


def _leader_floor(g: Context, owner: str | None) -> str:
    """Satisfied for a player whose Charismatic Leader is in play this turn (GI-LEADER-01:
    ``Player.flags["charismatic"]``, cleared when the turn ends); Revolt (no floor) else."""
    for p in g.s.players:
        if owner is not None and p.nation == owner:
            return SATISFIED if p.flags.get(CHARISMATIC) else REVOLT
    return REVOLT


def _with_floor(level: str, floor: str) -> str:
    return level if rank(level) >= rank(floor) else floor


def civ_shift(g: Context, nation: str) -> int:
    """The change every city of ``nation`` gets from civilization-wide advances (Social
    Mobility -1), counted once however many cities hold it (GI-CITYADV-22), and only while one
    of the cities holding it is not in Revolt (GI-CARULE-06). A city holding it reads its own
    disposition with it (GIL-2)."""
    known = gi.city_advances()
    total = 0
    for aid, x in known.items():
        if not x.luxury_shift_all_cities:
            continue
        for area in g.cities_of(nation):
            advs = site_advances(g, area)
            if aid not in advs:
                continue
            th = _thresholds(advs, x.luxury_shift_all_cities)
            level = _with_floor(_level(th, die(g, area)), _leader_floor(g, nation))
            if level != REVOLT:
                total += x.luxury_shift_all_cities
                break
    return total


def thresholds(g: Context, area: str) -> dict[str, int]:
    """The points each disposition needs in the city in ``area`` (GI-LUX-03): level -> points,
    Revolt 0 .. Happy, after its advances and the civilization-wide ones, each at least 0
    (GIR-25). No advances: 0/1/2/3/5; Quarry: 0/3/4/5/7."""
    owner = g.s.board.cities.get(area)
    shift = civ_shift(g, owner) if owner else 0
    return _thresholds(site_advances(g, area), shift)


def disposition_at(g: Context, area: str, points: int | None) -> str:
    """The disposition the city in ``area`` would have with ``points`` luxury points (None:
    no die): the best level whose threshold they reach, at least Satisfied under a
    Charismatic Leader (GI-LEADER-01)."""
    level = _level(thresholds(g, area), points)
    return _with_floor(level, _leader_floor(g, g.s.board.cities.get(area)))


def disposition(g: Context, area: str) -> str:
    """The disposition of the city in ``area`` (GI-LUX-03): from its die
    (``variant_state["luxury"]``); a city with no die is Content (GIR-28)."""
    return disposition_at(g, area, die(g, area))


def points_for(g: Context, area: str, level: str) -> int:
    """The fewest points that make the city in ``area`` at least ``level`` (0 when its floor
    already gives it)."""
    th = thresholds(g, area)
    if rank(_leader_floor(g, g.s.board.cities.get(area))) >= rank(level):
        return 0
    return th[level]


def active(g: Context, area: str) -> bool:
    """Whether the city advances of the city in ``area`` do anything: not in Revolt
    (GI-LUX-04, GI-CARULE-06; its advances still score, GIR-26)."""
    return area in g.s.board.cities and disposition(g, area) != REVOLT


def active_advances(g: Context, area: str) -> list[str]:
    """The city advances whose effects count in ``area``: none in Revolt (GI-CARULE-06)."""
    return site_advances(g, area) if active(g, area) else []


def free_flips(g: Context, nation: str) -> int:
    """Luxury points ``nation`` can give by flipping tokens (GI-LUX-02, GIR-24): its tokens
    on land less those its cities need for support (``Context.support_needed``), at least 0."""
    return max(0, g.tokens_on_board(nation) - g.support_needed(nation))


def cities_by(g: Context, nation: str, level: str) -> list[str]:
    """``nation``'s cities of disposition ``level``, by area id."""
    return [a for a in g.cities_of(nation) if disposition(g, a) == level]


def dispositions_of(g: Context, nation: str) -> dict[str, str]:
    """Every city of ``nation``: area -> disposition."""
    return {a: disposition(g, a) for a in g.cities_of(nation)}


# ---- political calamities (GI-CAL-13, GIR-39) ---------------------------------------------------
#: The rank each disposition has in a political calamity: lower ranks must be named first;
#: None cannot be named (GIR-39).
POLITICAL_RANK: Mapping[str, int | None] = {REVOLT: 0, UNHAPPY: 0, CONTENT: 1, SATISFIED: 2,
                                            HAPPY: None}


def political_rank(g: Context, area: str) -> int | None:
    """GIR-39 (GI-CAL-13): in a political calamity (Treachery, Superstition, Civil War, Slave
    Revolt, Civil Disorder, Iconoclasm and Heresy) Unhappy and Revolt cities (rank 0) are named
    before any other, Content cities (1) next, Satisfied cities (2) only when nothing else
    remains; a Happy city (None) cannot be named."""
    return POLITICAL_RANK[disposition(g, area)]


def political_choice(g: Context, areas: list[str], n: int) -> tuple[list[str], list[str]]:
    """Which of ``areas`` a political calamity naming ``n`` of them must and may name (GIR-39):
    (every city of the ranks filled completely, the cities of the rank the choice ends in).
    Happy cities are never among them; fewer than ``n`` nameable cities: all must be named."""
    by_rank: dict[int, list[str]] = {}
    for a in sorted(areas):
        r = political_rank(g, a)
        if r is not None:
            by_rank.setdefault(r, []).append(a)
    must: list[str] = []
    for r in sorted(by_rank):
        tier = by_rank[r]
        if len(must) >= n:
            break
        if len(must) + len(tier) <= n:
            must.extend(tier)
            continue
        return must, tier
    return must, []
