"""City construction (25, 32.631), after all conflicts are resolved (25.1).

A player with 6 or more of his tokens in a land area with a city site (black or white), or
12 or more in a land area without one, may replace them with a city (25.2); the tokens go
back to stock. Each land area holds one city; nobody has more than 9 cities on the board
(25.1). With Architecture one city per turn may be paid partly from treasury: at least half
of the tokens used must be on the board (a site: 3 or more on the board + up to 3 from
treasury; no site: 6 or more + up to 6), never where another player's tokens or Barbarians
are present; the treasury tokens spent go to stock (25.3, 32.631, Z-03). Two-player island
sites are disregarded by the board itself (16.8: ``Area.city_site`` is None there).

The site (SITE-CITY-01..05): players decide in A.S.T. order (a later player may enter his
decision early; it is carried out on his turn). The decision lists the areas where a city
can be built; each is marked to build (green) or not (red) and ``toggle_city`` flips one,
the count of marked cities is shown as "+N". If the player's population can support all
the possible cities (2 tokens on the board per city once built and surplus removed, 26.31),
all start marked; otherwise the set the timeout default builds starts marked (issue 24,
finding 2: a supported set, never nothing while one city can be supported). Timeout default: build every city that can be built; if support does not
allow all, cities on areas without a site first, then on sites, up to the support limit;
Architecture is not used. A player with nothing to build owes no decision.

Orders::

    {"type": "build_cities", "player": SEAT, "areas": [area, ...] | null,
     "architecture": area | null}      # areas null = the areas currently marked
    {"type": "toggle_city", "player": SEAT, "area": area}
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...contract import Decision, IllegalOrder
from ..context import Context
from ..orders import Order, order
from ..schema import AreaId, Many
from ..phase import Phase, register, require_phase_player
from ..view import PHASE_VIEWS

SITE_TOKENS = 6  # 25.2
NO_SITE_TOKENS = 12  # 25.2


@order("build_cities", rule="25")
@dataclass(slots=True)
class BuildCities(Order):
    """Build cities in ``areas`` (25.2) and, with Architecture, one more city in
    ``architecture`` paid partly from treasury (25.3). ``areas`` None = the marked areas."""

    areas: Many(AreaId) | None = None
    architecture: AreaId | None = None


@order("toggle_city", rule="25")
@dataclass(slots=True)
class ToggleCity(Order):
    """Flip one possible city between build (green) and don't build (red) (SITE-CITY-01)."""

    area: AreaId = ""


# ---- what may be built ----------------------------------------------------------------

def tokens_needed(g: Context, area: str) -> int:
    """Tokens that make a city: 6 on a city site (black or white), 12 elsewhere (25.2)."""
    return SITE_TOKENS if g.areas[area].city_site else NO_SITE_TOKENS


def can_hold_city(g: Context, area: str) -> bool:
    """A land area without a city (25.1)."""
    a = g.areas.get(area)
    return a is not None and a.is_land and area not in g.s.board.cities


def buildable(g: Context, nation: str) -> list[str]:
    """Areas where ``nation`` has enough tokens to build a city (25.1, 25.2)."""
    return [a for a in g.token_areas(nation)
            if can_hold_city(g, a) and g.tokens(a, nation) >= tokens_needed(g, a)]


def architecture_options(g: Context, nation: str) -> dict[str, int]:
    """Areas where Architecture lets ``nation`` build a city, with the treasury tokens it
    costs (25.3, 32.631): fewer tokens than needed but at least half, the rest from
    treasury, no other player's tokens and no Barbarians in the area."""
    p = g.of(nation)
    if not p.has("architecture"):
        return {}
    out = {}
    for a in g.token_areas(nation):
        if not can_hold_city(g, a) or any(o != nation for o in g.s.board.owners(a)):
            continue
        t, need = g.tokens(a, nation), tokens_needed(g, a)
        if t < need and 2 * t >= need and p.treasury >= need - t:
            out[a] = need - t
    return out


def projected_support(g: Context, nation: str, build: set[str]) -> int:
    """Tokens ``nation`` would have on the board after building cities in ``build`` and
    the removal of surplus population (25.2, 26.1, 26.11): what city support counts."""
    total = 0
    for a in g.token_areas(nation):
        if a in build or a in g.s.board.cities:
            continue
        total += min(g.tokens(a, nation), g.limit(a, nation))
    return total


def supportable(g: Context, nation: str, build: set[str]) -> bool:
    """Whether all of ``nation``'s cities, with those in ``build``, would be supported
    (2 tokens on the board per city, 26.31)."""
    return projected_support(g, nation, build) >= 2 * (len(g.cities_of(nation)) + len(build))


def default_selection(g: Context, nation: str) -> list[str]:
    """The site default (SITE-CITY-04): every possible city if support allows, else cities
    on areas without a site first, then on sites, as long as support allows; no
    Architecture. Within each group areas are taken in alphabetical order, and one that
    would break support is skipped."""
    cand = buildable(g, nation)
    room = g.cities_in_stock(nation)
    if len(cand) <= room and supportable(g, nation, set(cand)):
        return cand
    ordered = sorted(cand, key=lambda a: (g.areas[a].city_site is not None, a))
    chosen: set[str] = set()
    for a in ordered:
        if len(chosen) >= room:
            break
        if supportable(g, nation, chosen | {a}):
            chosen.add(a)
    return sorted(chosen)


def support_after(g: Context, nation: str, build: set[str]) -> tuple[int, int, int]:
    """(tokens on the board, cities, tokens they need) once the cities of ``build`` are built
    and surplus population removed (25.2, 26.1, 26.31): what the city support check will see."""
    cities = len(g.cities_of(nation)) + len(build)
    return projected_support(g, nation, build), cities, 2 * cities


def initial_marks(g: Context, nation: str) -> list[str]:
    """SITE-CITY-02: all possible cities start marked when the population can support them
    all; otherwise the supported set the timeout default builds (:func:`default_selection`,
    SITE-CITY-04; issue 24 finding 2: never nothing while a city can be supported)."""
    cand = buildable(g, nation)
    if len(cand) <= g.cities_in_stock(nation) and supportable(g, nation, set(cand)):
        return cand
    return default_selection(g, nation)


def has_choice(g: Context, nation: str) -> bool:
    """Whether ``nation`` has anything to decide: a city in stock and somewhere to build."""
    if g.cities_in_stock(nation) <= 0:
        return False
    return bool(buildable(g, nation) or architecture_options(g, nation))


# ---- validating and building ----------------------------------------------------------

def check_order(g: Context, nation: str, areas: list[str], arch: str | None) -> None:
    """Refuse an illegal construction order before anything changes (25.1-25.3)."""
    if not isinstance(areas, list) or not all(isinstance(a, str) for a in areas):
        raise IllegalOrder("25.2", "areas must be a list of area ids")
    if len(set(areas)) != len(areas):
        raise IllegalOrder("25.1", "each land area may contain only one city; an area is listed twice")
    for a in areas:
        if a not in g.areas:
            raise IllegalOrder("25.1", f"there is no area {a!r} on this board")
        if not g.areas[a].is_land:
            raise IllegalOrder("25.1", f"a city may only be built in a land area, not in {g.area_name(a)}")
        if a in g.s.board.cities:
            raise IllegalOrder("25.1", f"{g.area_name(a)} already contains a city")
        t, need = g.tokens(a, nation), tokens_needed(g, a)
        if t < need:
            where = "with a city site" if need == SITE_TOKENS else "without a city site"
            raise IllegalOrder("25.2", f"a city in {g.area_name(a)} ({where}) needs {need} of "
                               f"your tokens there; you have {t}")
    total = len(areas)
    if arch is not None:
        if not g.of(nation).has("architecture"):
            raise IllegalOrder("25.3", "only a holder of Architecture may build with treasury tokens")
        if not isinstance(arch, str) or arch not in g.areas or not g.areas[arch].is_land:
            raise IllegalOrder("25.1", f"{arch!r} is not a land area on this board")
        if arch in areas:
            raise IllegalOrder("25.1", f"{g.area_name(arch)} is listed twice; one city per area")
        if arch in g.s.board.cities:
            raise IllegalOrder("25.1", f"{g.area_name(arch)} already contains a city")
        if any(o != nation for o in g.s.board.owners(arch)):
            raise IllegalOrder("25.3", "Architecture may not be used in an area with another "
                               "player's tokens or Barbarians")
        t, need = g.tokens(arch, nation), tokens_needed(g, arch)
        if t >= need:
            raise IllegalOrder("25.3", f"you have {t} tokens in {g.area_name(arch)}, enough "
                               "without Architecture; list it under areas")
        if 2 * t < need:
            raise IllegalOrder("25.3", f"at least half of the {need} tokens must be on the board; "
                               f"you have {t} in {g.area_name(arch)}")
        if g.of(nation).treasury < need - t:
            raise IllegalOrder("25.3", f"the city needs {need - t} tokens from treasury; you have "
                               f"{g.of(nation).treasury}")
        total += 1
    room = g.cities_in_stock(nation)
    if total > room:
        raise IllegalOrder("25.1", f"no player may have more than nine cities on the board; "
                           f"you can build {room} more")


def build(g: Context, nation: str, areas: list[str], arch: str | None) -> None:
    """Replace the tokens with cities; used tokens and treasury go to stock (25.2, 25.3)."""
    for a in areas:
        t = g.remove_tokens(nation, a, g.tokens(a, nation))
        g.place_city(nation, a)
        g.emit(f"{g.name(nation)} builds a city in {g.area_name(a)} ({t} tokens to stock).",
               "city_built", nation=nation, area=a, tokens=t)
    if arch is not None:
        need = tokens_needed(g, arch)
        t = g.remove_tokens(nation, arch, g.tokens(arch, nation))
        g.spend_treasury(nation, need - t)
        g.place_city(nation, arch)
        g.emit(f"{g.name(nation)} builds a city in {g.area_name(arch)} with Architecture "
               f"({t} tokens and {need - t} from treasury).", "city_built", nation=nation,
               area=arch, tokens=t, treasury=need - t, architecture=True)
    if not areas and arch is None:
        g.emit(f"{g.name(nation)} builds no city.", "city_none", nation=nation)


# ---- the phase --------------------------------------------------------------------------

@register
class CitiesPhase(Phase):
    """Phase 7 of the turn (18.1): players build cities in A.S.T. order (SITE-CITY-05)."""

    name = "cities"
    rule = "25"
    accepts = ("build_cities", "toggle_city")

    def start(self, g: Context) -> None:
        seats = [p.seat for p in g.active() if not p.inert and has_choice(g, p.nation)]
        idle = [p.nation for p in g.active() if not p.inert and p.seat not in seats]
        if idle:  # SITE-TABLE-08: not asked, with a history line
            g.emit(f"No city can be built this turn by {g.names(idle, 'or')}: nothing to decide for "
                   f"{'it' if len(idle) == 1 else 'them'} in city construction.", "cities_none", nations=idle)
        g.s.step = {"order": seats, "index": 0, "orders": {},
                    "marks": {str(s): initial_marks(g, g.s.players[s].nation) for s in seats}}

    def _current(self, g: Context) -> int | None:
        st = g.s.step
        return st["order"][st["index"]] if st["index"] < len(st["order"]) else None

    def _waiting(self, g: Context) -> list[int]:
        st = g.s.step
        return [s for s in st["order"][st["index"]:] if str(s) not in st["orders"]]

    def pending(self, g: Context) -> list[Decision]:
        cur = self._current(g)
        out = []
        for seat in self._waiting(g):
            nation = g.s.players[seat].nation
            marks = g.s.step["marks"][str(seat)]
            out.append(Decision(
                seat, "build_cities",
                "Choose where to build cities (green = build, red = don't build)"
                + ("" if seat == cur else " (entered early; carried out on your turn)"),
                required=seat == cur, default="every possible city that support allows, "
                "areas without a city site first; Architecture not used",
                deadline_factor=1.5 if seat == cur and g.s.step["index"] == 0 else 1.0,
                options=self._options(g, nation, marks)))
        return out

    def _options(self, g: Context, nation: str, marks: list[str]) -> dict[str, Any]:
        return {"areas": [{"area": a, "site": g.areas[a].city_site, "tokens": g.tokens(a, nation),
                           "build": a in marks} for a in buildable(g, nation)],
                "marked": list(marks), "plus": len(marks),
                "architecture": architecture_options(g, nation),
                "cities_in_stock": g.cities_in_stock(nation)}

    def complete(self, g: Context) -> bool:
        return self._current(g) is None

    def _owing(self, g: Context, o: Order) -> str:
        require_phase_player(g, o, "25.1")
        if o.player not in self._waiting(g):
            raise IllegalOrder("25.1", "you have no city to decide on now")
        return g.s.players[o.player].nation  # type: ignore[return-value]

    def handle(self, g: Context, o: Order) -> None:
        nation = self._owing(g, o)
        key = str(o.player)
        if isinstance(o, ToggleCity):
            if o.area not in buildable(g, nation):
                where = (g.area_name(o.area) if isinstance(o.area, str) and o.area in g.areas
                         else repr(o.area))
                raise IllegalOrder("25.2", f"you cannot build a city in {where}; possible: "
                                   + ", ".join(g.area_name(a) for a in buildable(g, nation)))
            marks = g.s.step["marks"][key]
            if o.area in marks:
                marks.remove(o.area)
            else:
                marks.append(o.area)
                marks.sort()
            g.emit(f"Cities marked to build: +{len(marks)}.", "city_marks", to=[o.player],
                   marked=list(marks))
            return
        assert isinstance(o, BuildCities)
        areas = list(g.s.step["marks"][key]) if o.areas is None else o.areas
        check_order(g, nation, areas, o.architecture)
        g.s.step["orders"][key] = {"areas": list(areas), "architecture": o.architecture}
        if o.player != self._current(g):
            g.emit("Your city construction is noted; it is carried out on your turn.",
                   "city_pre", to=[o.player])
        self._resolve(g)

    def timeout(self, g: Context, seat: int) -> None:
        nation = g.s.players[seat].nation
        g.emit(f"{g.name(nation)} did not decide in time; the site builds the default cities.",
               "timeout", nation=nation)
        g.s.step["orders"][str(seat)] = {"areas": default_selection(g, nation), "architecture": None}
        self._resolve(g)

    def sample(self, g: Context, seat: int, rng) -> Order:
        """A random legal order: a random subset of the possible cities and, with
        Architecture, perhaps one Architecture city, within the cities in stock."""
        nation = g.s.players[seat].nation
        room = g.cities_in_stock(nation)
        areas = [a for a in buildable(g, nation) if rng.below(2)][:room]
        arch_opts = sorted(architecture_options(g, nation))
        arch = None
        if arch_opts and len(areas) < room and rng.below(2):
            arch = rng.choice(arch_opts)
        return BuildCities(seat, areas, arch)

    def _resolve(self, g: Context) -> None:
        """Carry out the entered decisions in A.S.T. order while the current one is in."""
        st = g.s.step
        while (cur := self._current(g)) is not None:
            entry = st["orders"].get(str(cur))
            if entry is None:
                return
            nation = g.s.players[cur].nation
            try:
                check_order(g, nation, entry["areas"], entry["architecture"])
            except IllegalOrder:  # cannot happen: nothing another player builds interferes
                entry = {"areas": default_selection(g, nation), "architecture": None}
            build(g, nation, entry["areas"], entry["architecture"])
            st["index"] += 1


def cities_view(g: Context, seat: int | None) -> dict[str, Any]:
    """The seat's own city choices in this phase, with the "+N" counter (SITE-CITY-03)."""
    st = g.s.step
    if seat is None or str(seat) not in st.get("marks", {}):
        return {}
    marks = st["marks"][str(seat)]
    return {"marked": list(marks), "plus": f"+{len(marks)}",
            "possible": buildable(g, g.s.players[seat].nation)}


PHASE_VIEWS["cities"] = cities_view
