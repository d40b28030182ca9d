"""The deck as data: one schema for every deck file (``decks/<name>.json``), validated on load
with clear errors (:class:`DeckError` names the file and the card at fault).

A deck holds the seed's five kinds of card (CCG-CARD-01..10, the checklist's b2 data, which
the seed does not give): plots with their yields, technologies (Commerce cost, effects,
Happiness and Culture), and the play deck's units (attack abilities and counters), buildings
and wonders (Production cost, effects, Happiness and Culture) and bonus resources (wild ones
included). Effects come from a small vocabulary (:data:`EFFECT_KINDS`):

- ``double_yield`` (``resource``): the plot it stands on yields its printed ``resource`` again
  (Granary, Forge, Market; additive, CCG-EXT-07); buildings and wonders only;
- ``yield`` (``resource``, ``amount``): the owner collects ``amount`` more of ``resource`` each
  turn (CCG-TURN-01);
- ``walls``: the owner may bounce one attacking unit per attack (Walls, Great Wall; CCG-COMB-03);
  buildings and wonders only;
- ``extra_draw`` (``amount``): that many more cards drawn right before the end-of-turn discard
  (Astronomy, Pottery; CCG-EXT-05);
- ``discount`` (``applies_to``, ``amount``): that purchase costs ``amount`` less.
"""
from __future__ import annotations

import json
import os
from functools import cache, lru_cache
from pathlib import Path
from typing import Annotated, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

DECKS = Path(__file__).resolve().parent / "decks"
RESOURCES = ("food", "production", "commerce")
Resource = Literal["food", "production", "commerce"]
EFFECT_KINDS = ("double_yield", "yield", "walls", "extra_draw", "discount")
Purchase = Literal["plot", "population", "building", "wonder", "technology"]
Count = Annotated[int, Field(ge=1, le=20)]
Small = Annotated[int, Field(ge=0, le=20)]
Ident = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]


class DeckError(ValueError):
    """A deck file that is missing or breaks the schema; the message names the file and the
    card (or the list) at fault."""


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class Effect(_Strict):
    kind: Literal["double_yield", "yield", "walls", "extra_draw", "discount"]
    resource: Optional[Resource] = None
    amount: Annotated[int, Field(ge=1, le=10)] = 1
    applies_to: Optional[Purchase] = None

    @model_validator(mode="after")
    def _fields_of_kind(self) -> "Effect":
        needs_resource = self.kind in ("double_yield", "yield")
        if needs_resource and self.resource is None:
            raise ValueError(f"a {self.kind!r} effect names its 'resource'")
        if not needs_resource and self.resource is not None:
            raise ValueError(f"a {self.kind!r} effect has no 'resource'")
        if (self.kind == "discount") != (self.applies_to is not None):
            raise ValueError("'applies_to' belongs to a 'discount' effect, and a 'discount' needs it")
        return self


class Plot(_Strict):
    id: Ident
    name: str
    yields: dict[Resource, Annotated[int, Field(ge=1, le=9)]]
    count: Count = 1

    @model_validator(mode="after")
    def _yields_something(self) -> "Plot":
        if not self.yields:
            raise ValueError("a plot yields at least one resource")
        return self


class Technology(_Strict):
    id: Ident
    name: str
    cost: Annotated[int, Field(ge=1, le=60)]
    effects: list[Effect] = []
    happiness: Small = 0
    culture: Small = 0
    text: str = ""

    @model_validator(mode="after")
    def _effects_of_technologies(self) -> "Technology":
        for e in self.effects:
            if e.kind in ("double_yield", "walls"):
                raise ValueError(f"a technology cannot have a {e.kind!r} effect (it stands on no plot)")
        return self


class Unit(_Strict):
    id: Ident
    name: str
    count: Count = 1
    steal: Small = 0
    destroy: Small = 0
    removes_walls: bool = False
    counters: list[Ident] = []
    text: str = ""


class Building(_Strict):
    id: Ident
    name: str
    cost: Annotated[int, Field(ge=1, le=60)]
    count: Count = 1
    effects: list[Effect] = []
    happiness: Small = 0
    culture: Small = 0
    text: str = ""


class Bonus(_Strict):
    id: Ident
    name: str
    resource: Literal["food", "production", "commerce", "wild"]
    value: Annotated[int, Field(ge=1, le=9)]
    count: Count = 1


class Deck(_Strict):
    """A whole deck; ``kind`` of a card definition is one of "plot", "technology", "unit",
    "building", "wonder", "bonus"."""
    name: Ident
    title: str
    designed_by: str
    note: str = ""
    plots: list[Plot]
    technologies: list[Technology]
    units: list[Unit]
    buildings: list[Building]
    wonders: list[Building]
    bonus: list[Bonus]

    @model_validator(mode="after")
    def _whole(self) -> "Deck":
        seen: dict[str, str] = {}
        for kind, cards in self.lists():
            for c in cards:
                if c.id in seen:
                    raise ValueError(f"the card id {c.id!r} is used twice ({seen[c.id]} and {kind})")
                seen[c.id] = kind
        units = {u.id for u in self.units}
        for u in self.units:
            for x in u.counters:
                if x not in units:
                    raise ValueError(f"unit {u.id!r} counters {x!r}, which is no unit of the deck")
            if u.removes_walls and u.counters:
                raise ValueError(f"unit {u.id!r}: a unit that removes walls counters nothing")
        # enough plots for 4 players' 2 dealt + 2 drafted and the market of 3 (CCG-SET-02..05)
        if sum(p.count for p in self.plots) < 4 * 4 + 3:
            raise ValueError("the plot deck needs at least 19 cards (4 players x 4, and 3 for the market)")
        if len(self.technologies) < 3:
            raise ValueError("the technology deck needs at least 3 cards (the market, CCG-SET-05)")
        # the opening hands of 4 players: 6 + 7 + 8 + 9 (CCG-SET-06)
        play = sum(c.count for kind, cards in self.lists() if kind in PLAY_KINDS for c in cards)
        if play < 30:
            raise ValueError(f"the play deck needs at least 30 cards (the opening hands), not {play}")
        for w in self.wonders:
            if w.count != 1:
                raise ValueError(f"wonder {w.id!r}: each wonder is one card (count 1)")
        return self

    def lists(self):
        return (("plot", self.plots), ("technology", self.technologies), ("unit", self.units),
                ("building", self.buildings), ("wonder", self.wonders), ("bonus", self.bonus))


#: the kinds of card dealt from the play deck (CCG-CARD-07..10)
PLAY_KINDS = ("unit", "building", "wonder", "bonus")


class Cards:
    """A validated deck with its lookups: a card instance ``"swordsman.2"`` is the second
    Swordsman; :meth:`card` gives its definition, :meth:`kind` its kind."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.defs: dict[str, object] = {}
        self.kinds: dict[str, str] = {}
        for kind, cards in deck.lists():
            for c in cards:
                self.defs[c.id] = c
                self.kinds[c.id] = kind

    @staticmethod
    def def_id(cid: str) -> str:
        return cid.rsplit(".", 1)[0]

    def card(self, cid: str):
        return self.defs[self.def_id(cid)]

    def kind(self, cid: str) -> str:
        return self.kinds[self.def_id(cid)]

    def name(self, cid: str) -> str:
        return self.card(cid).name

    def instances(self, kind: str | tuple[str, ...]) -> list[str]:
        """Every card instance of ``kind`` (a kind or several), in the file's order (a new list)."""
        kinds = (kind,) if isinstance(kind, str) else tuple(kind)
        return list(self._instances(kinds))

    @lru_cache(maxsize=None)
    def _instances(self, kinds: tuple[str, ...]) -> tuple[str, ...]:
        out = []
        for k, cards in self.deck.lists():
            if k in kinds:
                for c in cards:
                    n = getattr(c, "count", 1)
                    out += [f"{c.id}.{i}" for i in range(1, n + 1)]
        return tuple(out)


def parse(doc: object, where: str = "deck") -> Deck:
    """The deck of the JSON document ``doc``, or DeckError naming ``where`` and the fault."""
    try:
        return Deck.model_validate(doc)
    except ValidationError as e:
        err = e.errors()[0]
        loc = _where(doc, err["loc"])
        raise DeckError(f"{where}: {loc}: {err['msg']}") from None


def _where(doc: object, loc: tuple) -> str:
    """The path of an error in words, naming a card by its id: "units[3] (axeman).counters"."""
    out, node = [], doc
    for part in loc:
        if isinstance(part, int):
            cid = node[part].get("id") if isinstance(node, list) and part < len(node) \
                and isinstance(node[part], dict) else None
            out[-1:] = [f"{out[-1] if out else ''}[{part}]" + (f" ({cid})" if cid else "")]
        else:
            out.append(str(part))
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            node = None
    return ".".join(out) or "the deck as a whole"


def site_decks() -> Path:
    """Where an administrator installs other decks (``tresham civcards-deck install``,
    ``deck_install.py``): ``civcards/decks`` under the site's data directory
    (``TRESHAM_DATA_DIR``, ``./var`` when unset, as the site's settings read it)."""
    return Path(os.environ.get("TRESHAM_DATA_DIR") or "var").resolve() / "civcards" / "decks"


def deck_files() -> dict[str, Path]:
    """Every installed deck's file by name: the decks shipped with the game (``decks/``) and
    the site's own (:func:`site_decks`); a shipped deck's name is never a site deck's."""
    site = site_decks()
    out = {p.stem: p for p in sorted(site.glob("*.json"))} if site.is_dir() else {}
    out.update({p.stem: p for p in DECKS.glob("*.json")})
    return out


def installed() -> list[str]:
    """The names of the installed decks (shipped and the site's own)."""
    return sorted(deck_files())


@cache
def load(name: str) -> Cards:
    """The installed deck ``name``, validated (DeckError if absent or invalid). An installed
    deck never changes (``deck_install`` refuses a name in use), so it is read once."""
    files = deck_files()
    if name not in files:
        raise DeckError(f"no deck {name!r} is installed; the decks are {', '.join(sorted(files))}")
    path = files[name]
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise DeckError(f"{path.name}: not JSON ({e})") from None
    deck = parse(doc, path.name)
    if deck.name != name:
        raise DeckError(f"{path.name}: the deck calls itself {deck.name!r}, not {name!r}")
    return Cards(deck)
