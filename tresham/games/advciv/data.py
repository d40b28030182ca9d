"""Static game data of Advanced Civilization, loaded from the JSON files in ``data/``.

Every file is validated on load (:func:`load`), so a corrected data file that breaks an
invariant is refused with a message instead of producing a wrong game.
"""
from __future__ import annotations

from typing import Any

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

DATA_DIR = Path(__file__).parent / "data"

#: Rule 5.1: pieces per nation.
TOKENS_PER_NATION = 55
CITIES_PER_NATION = 9
SHIPS_PER_NATION = 4
#: Pseudo-nations that own barbarian tokens and pirate cities (15.31, 30.52, 30.91).
BARBARIANS = "barbarians"
PIRATES = "pirates"


class DataError(ValueError):
    """A data file breaks one of its invariants."""


@dataclass(frozen=True, slots=True)
class Area:
    """One area of the map (rule 4.2)."""

    id: str
    name: str
    kind: str  # "land" or "open_sea"
    limit: int  # population limit (4.5); 0 for open sea
    city_site: str | None  # None, "black" or "white" (4.43)
    flood_plain: str | None  # flood plain id (4.42)
    volcanoes: tuple[str, ...]
    coastal: bool  # 4.24
    island: str | None  # island group (4.21)
    start_of: str | None  # nation whose start area this is (4.6)
    panel: int | str | None  # 1-4 west to east, "WEM", or None (not established)
    land_adj: frozenset[str]
    water_adj: frozenset[str]

    @property
    def is_land(self) -> bool:
        return self.kind == "land"

    @property
    def is_open_sea(self) -> bool:
        return self.kind == "open_sea"

    @property
    def has_water(self) -> bool:
        """Ships may stand here (coast or lake, or open sea; Z-36)."""
        return self.is_open_sea or bool(self.water_adj)


@dataclass(frozen=True, slots=True)
class Nation:
    id: str
    name: str
    ast_order: int  # 1 = Africa ... 9 = Egypt (17.4)
    start_areas: tuple[str, ...]
    start_areas_with_wem: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BoardConfig:
    """One of the §16 board configurations."""

    key: str
    players: tuple[int, ...]
    tokens: int
    rule: str
    description: str
    wem: bool
    nations: tuple[str, ...] | None
    areas: frozenset[str]
    island_sites_ignored: bool


@dataclass(frozen=True, slots=True)
class MapData:
    areas: dict[str, Area]
    nations: dict[str, Nation]
    ast_order: tuple[str, ...]
    volcanoes: dict[str, tuple[str, ...]]
    flood_plains: dict[str, tuple[str, ...]]
    configs: dict[str, BoardConfig]


@dataclass(frozen=True, slots=True)
class CivCard:
    """A civilization card (section 32)."""

    id: str
    name: str
    groups: tuple[str, ...]
    cost: int
    prerequisite: str | None
    rule: str
    credits: dict[str, int]  # credit this card gives to each other card (31.5)


@dataclass(frozen=True, slots=True)
class Commodity:
    id: str
    name: str
    value: int
    count: int
    mining: bool  # Mining may enlarge a set of this commodity (32.261)

    @property
    def max_set_value(self) -> int:
        """The printed ceiling (28.52): all copies in one set."""
        return self.count * self.count * self.value


@dataclass(frozen=True, slots=True)
class Calamity:
    id: str
    name: str
    stack: int
    tradable: bool
    rule: str
    order: int  # resolution order (29.6)
    #: the game option that adds it to the stacks ("" = always: the core game's twelve);
    #: "ep_major" / "ep_minor": the Expansion Project's (data/expansion_calamities.json)
    option: str = ""


@dataclass(frozen=True, slots=True)
class CardModifier:
    """An advance that changes an Expansion Project calamity (data/expansion_calamities.json,
    ``modifiers``). ``option`` "": the page's own text (seed 002), applied only when the game has
    the card; else the game option that puts it ``instead_of`` a page card the game lacks (the
    later text's substitutions, SITE-SAFE-12). ``cities``, ``ships_kept``, ``points``: what it
    changes (see the file's ``modifiers_meta``)."""

    calamity: str
    rule: str
    card: str
    cities: int = 0
    ships_kept: int = 0
    points: int = 0
    option: str = ""
    instead_of: str = ""
    ruling: str = ""


@dataclass(frozen=True, slots=True)
class AstTrack:
    nation: str
    epoch_start: dict[str, int]
    late_iron_thresholds: tuple[int, ...]

    def epoch_at(self, space: int) -> str:
        """Epoch of A.S.T. space ``space`` (0 = start arrow)."""
        current = "stone"
        for epoch in EPOCHS:
            if space >= self.epoch_start[epoch]:
                current = epoch
        return current

    def threshold(self, space: int, finish: int) -> int | None:
        """Civ-card points needed to enter a Late Iron Age space (33.25)."""
        first = finish - len(self.late_iron_thresholds) + 1
        if space < first:
            return None
        return self.late_iron_thresholds[space - first]


EPOCHS = ("stone", "early_bronze", "late_bronze", "early_iron", "late_iron")


@dataclass(frozen=True, slots=True)
class AstData:
    tracks: dict[str, AstTrack]
    requirements: dict[str, dict]
    finish: int
    points_per_space: int


@dataclass(frozen=True, slots=True)
class GameData:
    map: MapData
    civ_cards: dict[str, CivCard]
    commodities: dict[str, Commodity]
    calamities: dict[str, Calamity]
    ast: AstData
    trade_card_total: int = field(default=0)
    #: the advances that change the Expansion Project's calamities (``CardModifier``)
    modifiers: tuple[CardModifier, ...] = ()

    def card_value(self, card: str) -> int:
        """Stack number of a trade card (commodity face value, or calamity stack)."""
        if card in self.commodities:
            return self.commodities[card].value
        return self.calamities[card].stack

    def is_calamity(self, card: str) -> bool:
        return card in self.calamities

    def calamities_in_play(self, options: Any) -> list[Calamity]:
        """The calamities of a game with these options, in resolution order: the core twelve,
        and a variant's where its option is on (``ep_major``, ``ep_minor``)."""
        return [c for c in self.calamities.values() if not c.option or getattr(options, c.option, False)]

    def is_tradable(self, card: str) -> bool:
        """Commodities and tradable calamities may change hands (28.3)."""
        cal = self.calamities.get(card)
        return cal is None or cal.tradable


def _read(name: str) -> dict:
    with open(DATA_DIR / name, encoding="utf-8") as f:
        return json.load(f)


def _load_map(doc: dict) -> MapData:
    areas: dict[str, Area] = {}
    for a in doc["areas"]:
        areas[a["id"]] = Area(
            id=a["id"],
            name=a["name"],
            kind=a["kind"],
            limit=a["population_limit"] or 0,
            city_site=a["city_site"],
            flood_plain=a["flood_plain_id"],
            volcanoes=tuple(a["volcanoes"]),
            coastal=bool(a["coastal"]),
            island=a["island_group"],
            start_of=a["start_area_of"],
            panel=a["panel"],
            land_adj=frozenset(a["land_adjacent"]),
            water_adj=frozenset(a["water_adjacent"]),
        )
    nations = {
        n["id"]: Nation(
            id=n["id"],
            name=n["name"],
            ast_order=n["ast_order"],
            start_areas=tuple(n["start_areas"]),
            start_areas_with_wem=tuple(n.get("start_areas_with_wem", n["start_areas"])),
        )
        for n in doc["nations"]
    }
    configs = {}
    for c in doc["board_configurations"]:
        configs[c["key"]] = BoardConfig(
            key=c["key"],
            players=tuple(c["players"]),
            tokens=c["tokens_per_player"],
            rule=c["rule"],
            description=c["description"],
            wem=bool(c["western_extension_used"]),
            nations=tuple(c["nations_available"]) if c.get("nations_available") else None,
            areas=frozenset(c["areas_in_play"]),
            island_sites_ignored=bool(c.get("island_city_sites_disregarded", False)),
        )
    m = MapData(
        areas=areas,
        nations=nations,
        ast_order=tuple(doc["ast_order"]),
        volcanoes={v["id"]: tuple(v["areas"]) for v in doc["volcanoes"]},
        flood_plains={f["id"]: tuple(f["areas"]) for f in doc["flood_plains"]},
        configs=configs,
    )
    _validate_map(m)
    return m


def _validate_map(m: MapData) -> None:
    """Invariants of map.json (the checks of the shared data folder, as the project's own)."""
    if len(m.areas) != 159:
        raise DataError(f"map: expected 159 areas, found {len(m.areas)}")
    land = [a for a in m.areas.values() if a.is_land]
    if len(land) != 149:
        raise DataError(f"map: expected 149 land areas, found {len(land)}")
    for a in m.areas.values():
        if a.is_land and not 1 <= a.limit <= 5:
            raise DataError(f"map: {a.id} population limit {a.limit} outside 1..5")
        if a.is_open_sea and (a.city_site or a.land_adj):
            raise DataError(f"map: open sea {a.id} has a city site or land boundary")
        for b in a.land_adj:
            if a.id not in m.areas[b].land_adj:
                raise DataError(f"map: land adjacency {a.id}-{b} is not symmetric")
        for b in a.water_adj:
            if a.id not in m.areas[b].water_adj:
                raise DataError(f"map: water adjacency {a.id}-{b} is not symmetric")
        if a.city_site not in (None, "black", "white"):
            raise DataError(f"map: {a.id} city site {a.city_site!r}")
        if a.city_site == "white" and not a.flood_plain:
            raise DataError(f"map: white city site {a.id} is not on a flood plain")
    if list(m.ast_order) != sorted(m.nations, key=lambda n: m.nations[n].ast_order):
        raise DataError("map: ast_order disagrees with the nations' ast_order numbers")
    if m.ast_order[0] != "africa" or m.ast_order[1] != "italy" or m.ast_order[-1] != "egypt":
        raise DataError("map: rule 17.4 puts Africa 1st, Italy 2nd and Egypt last")
    for n in m.nations.values():
        for s in n.start_areas:
            if s not in m.areas or not m.areas[s].is_land:
                raise DataError(f"map: start area {s} of {n.id} is not a land area")
    if len(m.nations["thrace"].start_areas) != 1:
        raise DataError("map: Thrace has exactly one start area (15.3)")
    for vid, areas in m.volcanoes.items():
        for a in areas:
            if vid not in m.areas[a].volcanoes:
                raise DataError(f"map: volcano {vid} area {a} disagrees")
    for c in m.configs.values():
        unknown = c.areas - m.areas.keys()
        if unknown:
            raise DataError(f"map: config {c.key} names unknown areas {sorted(unknown)}")


def _load_cards(doc: dict) -> dict[str, CivCard]:
    cards = {
        c["id"]: CivCard(
            id=c["id"],
            name=c["name"],
            groups=tuple(c["groups"]),
            cost=c["cost"],
            prerequisite=c["prerequisite"],
            rule=c["rule"],
            credits=dict(c["credits"]),
        )
        for c in doc["cards"]
    }
    if len(cards) != 24:
        raise DataError(f"civ cards: expected 24, found {len(cards)}")
    if sum(c.cost for c in cards.values()) != 3190:
        raise DataError("civ cards: face values must total 3,190")
    for c in cards.values():
        for target in c.credits:
            if target not in cards or target == c.id:
                raise DataError(f"civ cards: {c.id} gives credit to unknown card {target}")
        if c.prerequisite and c.prerequisite not in cards:
            raise DataError(f"civ cards: {c.id} prerequisite {c.prerequisite} unknown")
        for g in c.groups:
            if g not in doc["meta"]["groups"]:
                raise DataError(f"civ cards: {c.id} group {g} unknown")
    return cards


def _load_trade(doc: dict) -> tuple[dict[str, Commodity], dict[str, Calamity]]:
    com = {c["id"]: Commodity(c["id"], c["name"], c["value"], c["count"], c["mining"]) for c in doc["commodities"]}
    cal = {
        c["id"]: Calamity(c["id"], c["name"], c["stack"], c["tradable"], c["rule"], i)
        for i, c in enumerate(doc["calamities"])
    }
    if sum(c.count for c in com.values()) != 114:
        raise DataError("trade cards: 114 commodity cards expected (8.1)")
    if len(cal) != 12 or any(c.stack == 1 for c in cal.values()):
        raise DataError("trade cards: 12 calamities, none in stack 1 (9.1, 15.2)")
    return com, cal


def _with_variant_calamities(core: dict[str, Calamity], doc: dict) -> dict[str, Calamity]:
    """The core twelve and the variants' calamities, each with its resolution order (29.6,
    SITE-CAL-04): lower stack first; within a stack non-tradable before tradable; the core
    game's before a variant's. A variant's calamity is in play only with its option."""
    options = set(doc["meta"]["options"])
    extra = {c["id"]: Calamity(c["id"], c["name"], c["stack"], c["tradable"], c["rule"], 0, c["option"])
             for c in doc["calamities"]}
    if set(extra) & set(core) or any(c.option not in options or not 2 <= c.stack <= 9 for c in extra.values()):
        raise DataError("expansion calamities: unknown option, stack outside 2-9 or an id of the core game")
    both = list(core.values()) + list(extra.values())
    ranked = sorted(both, key=lambda c: (c.stack, c.tradable, c.option != "", c.order))
    return {c.id: Calamity(c.id, c.name, c.stack, c.tradable, c.rule, i, c.option) for i, c in enumerate(ranked)}


MODIFIER_KEYS = {"calamity", "rule", "card", "cities", "ships_kept", "points", "option", "instead_of", "ruling"}


def _load_modifiers(doc: dict, calamities: dict[str, Calamity], cards: dict[str, CivCard]) -> tuple[CardModifier, ...]:
    """The ``modifiers`` of data/expansion_calamities.json (SITE-SAFE-12): the page's own name
    any card (one the game lacks never applies); an option's name a card the game has, put in
    place of a page card of the same calamity and rule."""
    options = set(doc.get("modifiers_meta", {}).get("options", {}))
    out = [CardModifier(**m) for m in doc.get("modifiers", []) if isinstance(m, dict) and set(m) <= MODIFIER_KEYS]
    if len(out) != len(doc.get("modifiers", [])):
        raise DataError(f"expansion calamities: a modifier has a key outside {sorted(MODIFIER_KEYS)}")
    page = {(m.calamity, m.rule, m.card) for m in out if not m.option}
    for m in out:
        if m.calamity not in calamities or not calamities[m.calamity].option:
            raise DataError(f"expansion calamities: modifier of {m.calamity!r}, not an Expansion Project calamity")
        if m.option and (m.option not in options or m.card not in cards
                         or (m.calamity, m.rule, m.instead_of) not in page):
            raise DataError(f"expansion calamities: the {m.option} modifier {m.card!r} must name a card of the "
                            f"game, in place of a card of the page's {m.rule}")
    return tuple(out)


def _load_ast(doc: dict, nations) -> AstData:
    finish = doc["finish_space"]
    tracks = {}
    for nid, t in doc["tracks"].items():
        tr = AstTrack(nid, dict(t["epoch_start"]), tuple(t["late_iron_thresholds"]))
        starts = [tr.epoch_start[e] for e in EPOCHS]
        if starts != sorted(starts) or starts[-1] > finish:
            raise DataError(f"ast: epochs of {nid} are out of order")
        if len(tr.late_iron_thresholds) != finish - tr.epoch_start["late_iron"] + 1:
            raise DataError(
                f"ast: {nid} needs one Late Iron Age value per space from "
                f"{tr.epoch_start['late_iron']} to {finish}"
            )
        tracks[nid] = tr
    missing = set(nations) - tracks.keys()
    if missing:
        raise DataError(f"ast: no track for {sorted(missing)}")
    return AstData(tracks, doc["epoch_requirements"], finish, doc["points_per_space"])


@cache
def load() -> GameData:
    """Load and validate all static data (cached: it never changes while running)."""
    m = _load_map(_read("map.json"))
    cards = _load_cards(_read("civ_cards.json"))
    com, cal = _load_trade(_read("trade_cards.json"))
    total = sum(c.count for c in com.values()) + len(cal)
    expansion = _read("expansion_calamities.json")
    cal = _with_variant_calamities(cal, expansion)
    ast = _load_ast(_read("ast.json"), m.nations)
    return GameData(m, cards, com, cal, ast, total, _load_modifiers(expansion, cal, cards))


@cache
def card_groups() -> dict[str, str]:
    """Civilization card groups by id: "Arts (blue triangle)" (32.1, the data file's names)."""
    return dict(_read("civ_cards.json")["meta"]["groups"])
