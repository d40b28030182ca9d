"""The tables of the Grand Imperial v1.1 variant (issue 13), read from
``data/grand_imperial.json`` and checked against the plain game's data (``advciv.data``).

One small cached function per table; every record is a frozen dataclass. The numbers are the
seed's (``001_199a5eef780342bd.txt``); the GI IDs in the docstrings are the checklist items of
``shared/spec/variants.md`` section 2, the GID numbers the rulings of
``docs/rulings/grand-imperial-data.md``. Only data: no rule of the variant is played here.

Region ids are a namespace of their own: the region ``armenia`` is not the area ``armenia``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from functools import cache
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from tresham.games.advciv.data import DATA_DIR, EPOCHS, DataError, load

FILE = "grand_imperial.json"
#: Ordered worst to best (GI-LUX-03).
DISPOSITIONS = ("revolt", "unhappy", "content", "satisfied", "happy")
TREASURY = "treasury"


@cache
def _doc() -> dict:
    with open(DATA_DIR / FILE, encoding="utf-8") as f:
        return json.load(f)


def _build(cls, raw: Mapping[str, Any], what: str, **override):
    """A record of ``cls`` from a JSON object; an unknown key is refused, so a misspelt field
    in the data file cannot be silently ignored."""
    names = {f.name for f in fields(cls)}
    unknown = set(raw) - names
    if unknown:
        raise DataError(f"grand imperial: {what} has unknown fields {sorted(unknown)}")
    values = {k: v for k, v in raw.items()}
    values.update(override)
    try:
        return cls(**values)
    except TypeError as e:
        raise DataError(f"grand imperial: {what}: {e}") from None


def _frozen(mapping: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping or {}))


# --- Regions (GI-REGION) ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Region:
    """One of the 12 regions and its regional trade stack (GI-REGION-01..12)."""

    number: int
    id: str
    name: str
    spec: str
    listed: tuple[str, ...]  # the seed's areas, in its order, as map area ids
    added: tuple[str, ...]  # areas the seed leaves out, given to this region by ruling (GID-2)
    conditional: tuple[str, ...]  # Sinope, when the trade-city option puts it here (GID-3)
    stack: Mapping[str, int]  # commodity id -> copies
    cards: int  # size of the regional stack

    @property
    def areas(self) -> frozenset[str]:
        return frozenset(self.listed + self.added + self.conditional)


def _land_areas() -> frozenset[str]:
    return frozenset(a.id for a in load().map.areas.values() if a.is_land)


@cache
def regions(trade_city: bool = False) -> Mapping[str, Region]:
    """The 12 regions in the seed's order (GI-REGION-01..12), Sinope placed by the trade-city
    option (GI-REGION-01, -12). Checked: every land area of the full map (main board and
    Western Extension) is in exactly one region (GI-REGION-14); each stack's size is its
    ``cards``; the stacks together hold every AdvCiv commodity card once plus the extra
    cards (GI-REGION-13)."""
    doc = _doc()
    land = _land_areas()
    commodities = load().commodities
    placed = {area: spec[("trade_city" if trade_city else "otherwise")]
              for area, spec in doc["conditional_areas"].items()}
    out: dict[str, Region] = {}
    seen: dict[str, str] = {}
    for raw in doc["regions"]:
        rid = raw["id"]
        listed = tuple(raw["areas"])
        added = tuple(raw.get("added", ()))
        conditional = tuple(a for a, r in placed.items() if r == rid)
        region = Region(raw["number"], rid, raw["name"], raw["spec"], listed, added, conditional,
                        _frozen(raw["stack"]), raw["cards"])
        for area in listed + added + conditional:
            if area not in land:
                raise DataError(f"grand imperial: region {rid} names {area!r}, not a land area of the map")
            if area in seen:
                raise DataError(f"grand imperial: {area} is in both {seen[area]} and {rid}")
            seen[area] = rid
        for area in doc["conditional_areas"]:
            if area in listed + added:
                raise DataError(f"grand imperial: conditional area {area} is also listed in {rid}")
        unknown = set(region.stack) - commodities.keys()
        if unknown:
            raise DataError(f"grand imperial: region {rid} stack has unknown commodities {sorted(unknown)}")
        if sum(region.stack.values()) != region.cards:
            raise DataError(f"grand imperial: region {rid} stack holds {sum(region.stack.values())} "
                            f"cards, not {region.cards}")
        out[rid] = region
    if [r.number for r in out.values()] != list(range(1, 13)):
        raise DataError("grand imperial: 12 regions numbered 1-12 in order expected")
    if set(placed.values()) - out.keys():
        raise DataError("grand imperial: a conditional area names an unknown region")
    missing = land - seen.keys()
    if missing:
        raise DataError(f"grand imperial: land areas in no region {sorted(missing)}")
    totals = commodity_totals_of(out.values())
    extra = extra_cards()
    for cid, com in commodities.items():
        if totals.get(cid, 0) != com.count + extra.get(cid, 0):
            raise DataError(f"grand imperial: the stacks hold {totals.get(cid, 0)} {cid}, expected "
                            f"{com.count} AdvCiv + {extra.get(cid, 0)} extra")
    return MappingProxyType(out)


def commodity_totals_of(rs: Iterable[Region]) -> dict[str, int]:
    totals: dict[str, int] = {}
    for r in rs:
        for cid, n in r.stack.items():
            totals[cid] = totals.get(cid, 0) + n
    return totals


def region_of(area: str, trade_city: bool = False) -> str | None:
    """The region of a map area; None for an open sea, which is in no region (GID-1)."""
    for r in regions(trade_city).values():
        if area in r.areas:
            return r.id
    return None


@cache
def regional_cards() -> tuple[tuple[str, str], ...]:
    """Every card of the 12 regional stacks as (region, commodity), so that each card
    instance carries the stack it returns to (GI-REGION-15). Sinope's option does not change
    the stacks."""
    return tuple((r.id, cid) for r in regions().values() for cid, n in r.stack.items() for _ in range(n))


@cache
def extra_cards() -> Mapping[str, int]:
    """The cards beyond one AdvCiv set the stacks need: 5 Iron and 3 Gold from the original
    Civilization game (GI-REGION-13, GI-REQ-01; GID-5)."""
    extra = _doc()["extra_cards"]["commodities"]
    if set(extra) - load().commodities.keys():
        raise DataError("grand imperial: extra cards of an unknown commodity")
    return _frozen(extra)


@cache
def areas_added() -> Mapping[str, str]:
    """Areas the seed leaves out, and the region each joins by ruling (GI-REGION-14; GID-2)."""
    return _frozen({a: v["region"] for a, v in _doc()["areas_added"].items()})


@cache
def conditional_areas() -> Mapping[str, tuple[str, str]]:
    """Area -> (region with the trade-city variant, region without) (GI-REGION-01, -12; GID-3)."""
    return _frozen({a: (v["trade_city"], v["otherwise"]) for a, v in _doc()["conditional_areas"].items()})


@cache
def spelling_corrections() -> Mapping[str, str]:
    """The seed's area spellings that are neither a map name nor an alias -> map area id
    (GI-REGION-14; GID-7)."""
    fixes = _doc()["spelling_corrections"]
    areas = load().map.areas
    for name, aid in fixes.items():
        if aid not in areas:
            raise DataError(f"grand imperial: spelling {name!r} -> unknown area {aid!r}")
    return _frozen(fixes)


def _norm(name: str) -> str:
    return " ".join(name.replace("-", " ").replace("_", " ").split()).casefold()


@cache
def _names() -> Mapping[str, frozenset[str]]:
    """Normalised map name / alias / id -> the areas it names."""
    raw = json.loads((DATA_DIR / "map.json").read_text(encoding="utf-8"))["areas"]
    names: dict[str, set[str]] = {}
    for a in raw:
        for n in [a["id"], a["name"], *a.get("aliases", [])]:
            names.setdefault(_norm(n), set()).add(a["id"])
    return MappingProxyType({k: frozenset(v) for k, v in names.items()})


def resolve_area_name(name: str) -> str:
    """The map area a name of the seed's region lists means: a map name, alias or id (case
    and spacing ignored), else a recorded spelling correction. A name that matches no area,
    or more than one, is a DataError (GI-REGION-14)."""
    found = _names().get(_norm(name), frozenset())
    if len(found) > 1:
        raise DataError(f"grand imperial: {name!r} names several areas {sorted(found)}")
    if found:
        return next(iter(found))
    fixed = spelling_corrections().get(name)
    if fixed is None:
        raise DataError(f"grand imperial: {name!r} names no map area")
    return fixed


# --- Ships (GI-SHIP, GI-SEA) --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ship:
    """A ship type (GI-SHIP-01..05, -07; GI-SEA-02, -05)."""

    id: str
    name: str
    seed_name: str
    build_cost: int  # tokens (GI-SHIP-01)
    maintenance: int  # tokens per turn (GI-SHIP-02)
    moves: int  # areas (GI-SHIP-04)
    moves_with_cloth_making: int
    capacity: int  # tokens and trade cards together (GI-SHIP-05)
    harvests: bool  # may take a card of its coastal area's region (GI-SHIP-07)
    requires: str | None  # the civilization card that allows it (GI-SHIP-03)
    removes_last: bool  # in naval conflict (GI-SEA-02)
    sinks_free: bool  # sinks a beaten non-Warship without losing a token (GI-SEA-05)

    def move(self, cloth_making: bool) -> int:
        return self.moves_with_cloth_making if cloth_making else self.moves


@dataclass(frozen=True, slots=True)
class Naval:
    """Naval numbers outside the ship table (GI-SEA-05, GI-SHIP-06, GI-SHIP-07)."""

    spec: str
    sink_cost_tokens: int
    tokens_stay_aboard: bool
    harvest_cards_per_ship: int
    capacity_counts: str


@cache
def ships() -> Mapping[str, Ship]:
    """Trireme, Galleon and Warship (GI-SHIP-01..05, -07; GI-SEA-02, -05)."""
    out = {s["id"]: _build(Ship, s, f"ship {s['id']}") for s in _doc()["ships"]}
    cards = civ_cards()
    for s in out.values():
        if s.requires is not None and s.requires not in cards:
            raise DataError(f"grand imperial: ship {s.id} requires unknown card {s.requires}")
    return MappingProxyType(out)


@cache
def naval() -> Naval:
    """The token cost of sinking, tokens aboard, harvesting (GI-SEA-05, GI-SHIP-06, -07)."""
    return _build(Naval, _doc()["naval"], "naval")


# --- Leaders and the event stack (GI-LEADER, GI-EVENT) ------------------------------------


@dataclass(frozen=True, slots=True)
class Leader:
    """A Leadership card (GI-LEADER-01..09). ``use``: play, trade (its effect comes with being
    traded) or cash (handed in); ``timing``: phase_1, civ_cards, any, or None where the seed
    names no time."""

    number: int
    id: str
    name: str
    spec: str
    origin: str
    use: str
    timing: str | None
    seed_name: str | None = None
    grants: str | None = None  # civilization card held until the turn ends
    then_grants: str | None = None  # ... if he already holds ``grants``
    conversions_if_both: int = 0  # Monotheism conversions if he holds both
    counts_for_ast: bool = True
    civ_cards_copied: int = 0
    copied_card_victory_points: int | None = None
    credit: int = 0
    barracks_if_held: int = 0
    regional_cards: int = 0
    cancels_with: str | None = None
    disposition_floor: str | None = None
    happy_points: int | None = None
    no_conflict_turns: int = 0
    may_hold_civil_war: bool = False
    hands_shown: str | None = None


@cache
def leaders() -> Mapping[str, Leader]:
    """The nine Leadership cards in the seed's order (GI-LEADER-01..10)."""
    out = {raw["id"]: _build(Leader, raw, f"leader {raw['id']}") for raw in _doc()["leaders"]}
    if [x.number for x in out.values()] != list(range(1, len(out) + 1)):
        raise DataError("grand imperial: leaders numbered 1.. in order expected")
    cards = set(load().civ_cards) | set(civ_cards())
    for x in out.values():
        for c in (x.grants, x.then_grants):
            if c is not None and c not in cards:
                raise DataError(f"grand imperial: leader {x.id} grants unknown card {c}")
        if x.cancels_with is not None and x.cancels_with not in out:
            raise DataError(f"grand imperial: leader {x.id} cancels unknown leader {x.cancels_with}")
        if x.disposition_floor is not None and x.disposition_floor not in DISPOSITIONS:
            raise DataError(f"grand imperial: leader {x.id} floor {x.disposition_floor}")
    return MappingProxyType(out)


@dataclass(frozen=True, slots=True)
class EventStack:
    """The event stack's cards (GI-EVENT-01): the 12 AdvCiv calamities, the ballast cards
    (worthless, tradable: GI-EVENT-04) and the Leadership cards in play."""

    calamities: tuple[str, ...]
    ballast: int
    ballast_value: int
    ballast_tradable: bool
    leaders: tuple[str, ...]

    @property
    def size(self) -> int:
        return len(self.calamities) + self.ballast + len(self.leaders)


@cache
def event_stack(leader_cards: int | None = None) -> EventStack:
    """The event stack with ``leader_cards`` Leadership cards (default 9, all those the seed
    defines; at least 6, the author's own: GID-6) (GI-EVENT-01)."""
    ev = _doc()["events"]
    n = ev["leaders"]["default"] if leader_cards is None else leader_cards
    all_leaders = tuple(leaders())
    if not ev["leaders"]["minimum"] <= n <= len(all_leaders):
        raise DataError(f"grand imperial: {n} leaders; {ev['leaders']['minimum']}-{len(all_leaders)} allowed")
    core = tuple(c.id for c in load().calamities.values() if not c.option)
    if sorted(ev["calamities"]) != sorted(core):
        raise DataError("grand imperial: the event stack holds the 12 AdvCiv calamities")
    b = ev["ballast"]
    return EventStack(tuple(ev["calamities"]), b["count"], b["value"], b["tradable"], all_leaders[:n])


def event_draws(players: int, cities: int) -> int:
    """Event cards a player draws a turn (GI-EVENT-02): small game (4 or fewer players) or
    large (5 or more), by his number of cities."""
    draws = _doc()["events"]["draws"]
    chart = draws["small"] if players <= draws["small"]["max_players"] else draws["large"]
    cards = 0
    for band in chart["bands"]:
        if cities >= band["min_cities"]:
            cards = band["cards"]
    return cards


def calamity_discarded(calamity: str, cities: int) -> bool:
    """A calamity drawn from the event stack whose value (its AdvCiv stack number) is higher
    than the drawer's cities in play is discarded, with no draw in its place (GI-EVENT-03);
    one received in trade is never discarded this way."""
    if calamity not in event_stack().calamities:
        raise DataError(f"grand imperial: {calamity} is not an event-stack calamity")
    return _doc()["events"]["discard_calamity_above_cities"] and load().calamities[calamity].stack > cities


# --- Luxury (GI-LUX) ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Disposition:
    """A city's disposition by the luxury points given to it (GI-LUX-03..07)."""

    id: str
    name: str
    points: int  # luxury points that reach it
    die: int  # the marker die's face (6 = revolt)
    draws_cards: bool  # GI-LUX-04
    card_change: int  # cards drawn beside the normal one (GI-LUX-05/06)
    extra_tax: int  # GI-LUX-06
    advances_active: bool  # GI-LUX-04
    political: str  # exposure to political calamities


@dataclass(frozen=True, slots=True)
class Luxury:
    """What may pay luxury points (GI-LUX-02)."""

    spec: str
    commodities: tuple[str, ...]
    sources: tuple[str, ...]
    dispositions: tuple[Disposition, ...]


@cache
def luxury() -> Luxury:
    """The luxury commodities, the sources of points and the five dispositions (GI-LUX-02..07)."""
    raw = _doc()["luxury"]
    disp = tuple(_build(Disposition, d, f"disposition {d['id']}") for d in raw["dispositions"])
    if tuple(d.id for d in disp) != DISPOSITIONS or [d.points for d in disp] != sorted(d.points for d in disp):
        raise DataError("grand imperial: dispositions out of order")
    if set(raw["commodities"]) - load().commodities.keys():
        raise DataError("grand imperial: unknown luxury commodity")
    return _build(Luxury, raw, "luxury", commodities=tuple(raw["commodities"]),
                  sources=tuple(raw["sources"]), dispositions=disp)


def dispositions() -> Mapping[str, Disposition]:
    return MappingProxyType({d.id: d for d in luxury().dispositions})


def luxury_thresholds(shift: int = 0) -> Mapping[str, int]:
    """Points each disposition needs in a city whose advances shift its brackets by ``shift``
    (Quarry +2, Music Hall/Theater/Temple/Oracle -1, Palace -2, Social Mobility -1: GI-LUX-03).
    Revolt stays at 0 (the seed's Quarry brackets are 0/3/4/5/7); no bracket costs less than
    0 (GID-8)."""
    return MappingProxyType({d.id: 0 if d.id == "revolt" else max(0, d.points + shift)
                             for d in luxury().dispositions})


def disposition_for(points: int, shift: int = 0) -> str:
    """The best disposition ``points`` luxury points reach (GI-LUX-03; 4 points: Satisfied)."""
    best = "revolt"
    for did, need in luxury_thresholds(shift).items():
        if points >= need:
            best = did
    return best


# --- Civilization cards and city advances (GI-CIV, GI-CITYADV, GI-CARULE) ------------------


@dataclass(frozen=True, slots=True)
class GiCivCard:
    """A civilization card the variant adds (GI-CIV-02, -03)."""

    id: str
    name: str
    spec: str
    groups: tuple[str, ...]
    cost: int
    prerequisite: str | None
    credits: Mapping[str, int]
    allows: str  # ship type
    slave_revolt_extra: int  # tokens added to Slave Revolt (GI-CAL-06)


@cache
def civ_cards() -> Mapping[str, GiCivCard]:
    """Galleons and Navy (GI-CIV-02, -03); they give and receive no credits (GID-9)."""
    base = load().civ_cards
    groups = json.loads((DATA_DIR / "civ_cards.json").read_text(encoding="utf-8"))["meta"]["groups"]
    out = {}
    for raw in _doc()["civ_cards"]:
        c = _build(GiCivCard, raw, f"civ card {raw['id']}", groups=tuple(raw["groups"]),
                   credits=_frozen(raw["credits"]))
        if c.id in base or (c.prerequisite is not None and c.prerequisite not in base):
            raise DataError(f"grand imperial: civ card {c.id} clashes with the AdvCiv cards")
        if set(c.groups) - groups.keys():
            raise DataError(f"grand imperial: civ card {c.id} group unknown")
        out[c.id] = c
    return MappingProxyType(out)


@dataclass(frozen=True, slots=True)
class CityAdvance:
    """A city advance (GI-CITYADV-01..26). ``payment``: what may pay for it (commodity sets
    and/or ``treasury``), None = any normal means."""

    number: int
    id: str
    name: str
    prerequisite: str
    cost: int
    payment: tuple[str, ...] | None = None
    coastal_only: bool = False
    research_point: bool = False
    luxury_shift: int = 0  # this city's brackets
    luxury_shift_all_cities: int = 0
    extra_cards: int = 0
    set_bonus: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    cloth_city_set_bonus: int = 0
    support_tokens: int | None = None
    support_grain_cards: int = 0
    conflict_extra_tokens: int = 0
    immune: tuple[str, ...] = ()
    draws_from: str | None = None
    capital: bool = False
    captured_cards: int = 0
    captured_tokens: int = 0
    lifts_card_limit: bool = False
    disposition_floor: str | None = None
    happy_points: int | None = None
    removes_last: bool = False
    obsolete_with: tuple[str, ...] = ()
    fills_ships: bool = False
    replaces_lost_ships: bool = False

    @property
    def victory_points(self) -> int:
        """City advances score like civ cards: their face value (GI-AST-04; GID-15)."""
        return self.cost


@cache
def city_advances() -> Mapping[str, CityAdvance]:
    """The 26 city advances in the seed's order (GI-CITYADV-01..26)."""
    cards = set(load().civ_cards) | set(civ_cards())
    commodities = load().commodities
    core_calamities = {c.id for c in load().calamities.values() if not c.option}
    out = {}
    for raw in _doc()["city_advances"]:
        a = _build(CityAdvance, raw, f"city advance {raw['id']}",
                   payment=tuple(raw["payment"]) if "payment" in raw else None,
                   set_bonus=_frozen(raw.get("set_bonus")), immune=tuple(raw.get("immune", ())),
                   obsolete_with=tuple(raw.get("obsolete_with", ())))
        if a.prerequisite not in cards or set(a.obsolete_with) - cards:
            raise DataError(f"grand imperial: city advance {a.id} names an unknown civ card")
        if a.payment is not None and set(a.payment) - set(commodities) - {TREASURY}:
            raise DataError(f"grand imperial: city advance {a.id} payment unknown")
        if set(a.set_bonus) - commodities.keys() or set(a.immune) - core_calamities:
            raise DataError(f"grand imperial: city advance {a.id} names an unknown card")
        out[a.id] = a
    if [a.number for a in out.values()] != list(range(1, 27)):
        raise DataError("grand imperial: 26 city advances numbered 1-26 in order expected")
    return MappingProxyType(out)


@dataclass(frozen=True, slots=True)
class CityAdvanceRules:
    """Numbers of the city-advance rules (GI-CARULE-02, -04, -05)."""

    spec: str
    duplicates_in_a_city_count: bool
    flipped_when_reduced: int
    lost_per_turn_until_rebuilt: int
    rebuild_flipped_percent: int
    raze_tokens_per_advance: int

    def rebuild_cost(self, advance: CityAdvance) -> int:
        """A flipped advance is restored at half its price (GI-CARULE-04)."""
        return advance.cost * self.rebuild_flipped_percent // 100


@cache
def city_advance_rules() -> CityAdvanceRules:
    """Flipping, loss per turn, half-price restoring, razing (GI-CARULE-02, -04, -05)."""
    return _build(CityAdvanceRules, _doc()["city_advance_rules"], "city advance rules")


@dataclass(frozen=True, slots=True)
class Research:
    """Research points and their credit (GI-CARULE-03)."""

    producers: tuple[str, ...]
    credit: Mapping[int, int]  # research points -> credit points

    def points(self, advances: Iterable[str]) -> int:
        """Each kind of producer counts once per civilization, however many cities hold it."""
        return len(set(advances) & set(self.producers))

    def credit_for(self, points: int) -> int:
        return self.credit.get(min(points, max(self.credit)), 0)


@cache
def research() -> Research:
    """The six research producers and the credit chart 10/25/50/100/150/300 (GI-CARULE-03)."""
    raw = _doc()["research"]
    r = Research(tuple(raw["producers"]), _frozen({int(k): v for k, v in raw["credit"].items()}))
    advances = city_advances()
    if any(p not in advances or not advances[p].research_point for p in r.producers) or \
            {a.id for a in advances.values() if a.research_point} != set(r.producers):
        raise DataError("grand imperial: research producers disagree with the city advances")
    if sorted(r.credit) != list(range(1, len(r.producers) + 1)):
        raise DataError("grand imperial: one credit per research point count 1-6 expected")
    return r


# --- Calamities (GI-CAL) ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AdvanceLoss:
    """City advances a city loses to a calamity: ``now`` (a number or ``all``) flipped or
    removed at once, then ``per_turn`` more at the end of each turn until it is rebuilt."""

    now: int | str
    kind: str | None  # "flipped", "removed", or None when nothing goes at once
    per_turn: int


@dataclass(frozen=True, slots=True)
class CalamityChange:
    """How the variant changes one AdvCiv calamity, where the change is tabular (GI-CAL-01..12)."""

    id: str
    spec: str
    advances_lost: Mapping[str, AdvanceLoss] = field(default_factory=lambda: MappingProxyType({}))  # case -> loss
    only_dispositions: tuple[str, ...] = ()
    immune_dispositions: tuple[str, ...] = ()
    immune_leader: str | None = None
    immune_advance: str | None = None
    no_horde_if_edge_walled: bool = False
    granary_grain_mitigates: bool = True
    faction_order: tuple[str, ...] = ()
    capital_kept: bool = False
    compromiser_may_hold: bool = False
    civil_war_if: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    galleons_extra: int = 0
    revolting_tokens_untaxed_next_turn: bool = False
    good_cards: tuple[str, ...] = ()
    spared_from_by_good_cards: tuple[str, ...] = ()
    military_steps: int = 0
    revolt_cities_to: str | None = None
    takes: str | None = None
    immune_ship_advance: str | None = None
    normal_piracy_immune_advances: tuple[str, ...] = ()
    option_pirate_range_sea_areas: int | None = None
    option_card_change: int = 0

    def spared_from(self, good_cards: int, military: bool = False) -> str | None:
        """Civil Disorder: the lowest disposition a city needs not to be reduced, by how many of
        the four good cards he holds, Military one step stricter; None: no city is spared
        (GI-CAL-10; GID-12)."""
        steps = self.spared_from_by_good_cards
        i = min(good_cards, len(steps) - 1) - (self.military_steps if military else 0)
        return steps[i] if i >= 0 else None


@cache
def calamity_changes() -> Mapping[str, CalamityChange]:
    """The twelve AdvCiv calamities as the variant changes them (GI-CAL-01..12)."""
    raw = {k: v for k, v in _doc()["calamities"].items() if k != "spec"}
    core = {c.id for c in load().calamities.values() if not c.option}
    if set(raw) != core:
        raise DataError("grand imperial: calamity changes must name the 12 AdvCiv calamities")
    advances = city_advances()
    out = {}
    for cid, r in raw.items():
        lost = r.get("advances_lost")
        if lost is not None and "now" in lost:
            lost = {cid: lost}
        losses = {case: _build(AdvanceLoss, v, f"calamity {cid} loss") for case, v in (lost or {}).items()}
        tuples = {k: tuple(r[k]) for k in ("only_dispositions", "immune_dispositions", "faction_order",
                                             "good_cards", "spared_from_by_good_cards",
                                             "normal_piracy_immune_advances") if k in r}
        c = _build(CalamityChange, r, f"calamity {cid}", id=cid, advances_lost=_frozen(losses),
                   civil_war_if=_frozen(r.get("civil_war_if")), **tuples)
        for d in c.only_dispositions + c.immune_dispositions + c.spared_from_by_good_cards:
            if d not in DISPOSITIONS:
                raise DataError(f"grand imperial: calamity {cid} names disposition {d}")
        for a in (c.immune_advance, c.immune_ship_advance, *c.normal_piracy_immune_advances):
            if a is not None and a not in advances:
                raise DataError(f"grand imperial: calamity {cid} names city advance {a}")
        if set(c.good_cards) - set(load().civ_cards):
            raise DataError(f"grand imperial: calamity {cid} names an unknown civ card")
        out[cid] = c
    return MappingProxyType(out)


# --- Trade, A.S.T. and victory (GI-TRADE, GI-AST) -----------------------------------------


@dataclass(frozen=True, slots=True)
class TradeRules:
    """Numbers of trade-card acquisition (GI-TRADE-01, -02, -04, -08)."""

    spec: str
    cards_per_city: int
    cards_without_courthouse: int  # a city draws more only with a Courthouse
    purchase_price_factor: int  # a bought card costs this times its face value
    auction_order: str

    def purchase_price(self, commodity: str) -> int:
        return self.purchase_price_factor * load().commodities[commodity].value


@cache
def trade() -> TradeRules:
    """Cards per city, the Courthouse limit, the price of a bought card (GI-TRADE-01..08)."""
    return _build(TradeRules, _doc()["trade"], "trade")


@dataclass(frozen=True, slots=True)
class AstRules:
    """The A.S.T. and victory options (GI-AST-01..04)."""

    spec: str
    default: str
    city_advance_options: Mapping[str, str]
    capital_to_win_option: bool
    city_advance_victory_points: str
    assimilated_card_victory_points: int

    def city_advances_required(self, option: str, epoch: str, groups_held: int = 0) -> int:
        """Different city advances needed to enter ``epoch`` under a house option:
        ``playtesters`` as many as the epoch's cities (GI-AST-02), ``author`` as many as the
        civ-card groups the player holds (GI-AST-03; GID-14)."""
        if epoch not in EPOCHS:
            raise DataError(f"grand imperial: unknown epoch {epoch}")
        basis = self.city_advance_options[option]
        if basis == "cities":
            return load().ast.requirements[epoch].get("cities", 0)
        return groups_held


@cache
def ast() -> AstRules:
    """A.S.T. unchanged by default; the two city-advance options; victory points (GI-AST)."""
    raw = _doc()["ast"]
    return _build(AstRules, raw, "ast", city_advance_options=_frozen(raw["city_advance_options"]))


def check() -> None:
    """Load and cross-check every table (a DataError names the first broken invariant)."""
    for trade_city in (False, True):
        regions(trade_city)
    spelling_corrections()
    ships()
    naval()
    leaders()
    event_stack()
    luxury()
    city_advances()
    city_advance_rules()
    research()
    calamity_changes()
    trade()
    ast()
