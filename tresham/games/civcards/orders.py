"""Typed orders (pydantic, strict), their JSON form and their JSON Schema (docs/civcards.md).

Every order is ``{"type": T, "player": SEAT, ...}``; cards are named by their instance id
("swordsman.2", "grassland.1"). :func:`from_json` refuses unknown types and fields by name,
wrong types, and site orders given by a seat, each as an :class:`IllegalOrder`.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..contract import IllegalOrder

Resource = Literal["food", "production", "commerce"]
Seat = Annotated[int, Field(ge=0, le=3)]
Card = Annotated[str, Field(min_length=1, max_length=60)]
Amount = Annotated[int, Field(ge=0, le=10_000)]


class _Order(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")
    player: Seat


class Pick(_Order):
    """Take a plot of the draft's row (CCG-SET-03/04)."""
    type: Literal["pick"]
    plot: Card


class FreePopulation(_Order):
    """Put the free starting population on one of one's plots (CCG-CARD-05)."""
    type: Literal["free_population"]
    plot: Card


class Discard(_Order):
    """Discard the cards the decision asks for (CCG-SET-06, CCG-TURN-04)."""
    type: Literal["discard"]
    cards: list[Card] = Field(max_length=20)


class Collect(_Order):
    """Collect the turn's resources; ``population``: what each populated plot's population
    yields ({plot: {resource: n}}), plots not named yield their most printed resource
    (CCG-TURN-01, CCG-CARD-04)."""
    type: Literal["collect"]
    population: dict[Card, dict[Resource, Amount]] = Field(default_factory=dict)


class Pay(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")
    food: Amount = 0
    production: Amount = 0
    commerce: Amount = 0


class BuyPlot(_Order):
    """Buy a plot of the market with any mix of resources (CCG-CARD-02); ``pay`` omitted:
    taken from the largest piles first."""
    type: Literal["buy_plot"]
    plot: Card
    pay: Optional[Pay] = None


class BuyPopulation(_Order):
    """Buy a population for one of one's plots, with Food (CCG-CARD-04)."""
    type: Literal["buy_population"]
    plot: Card


class Build(_Order):
    """Build a building or wonder of one's hand on one of one's plots, with Production
    (CCG-CARD-08/09)."""
    type: Literal["build"]
    card: Card
    plot: Card


class BuyTech(_Order):
    """Buy a technology of the market with Commerce (CCG-CARD-06)."""
    type: Literal["buy_tech"]
    tech: Card


class Exchange(_Order):
    """Trade 3 resources of one type for 1 of another, ``times`` over (CCG-EXT-04)."""
    type: Literal["exchange"]
    give: Resource
    get: Resource
    times: Annotated[int, Field(ge=1, le=1000)] = 1


class Cash(_Order):
    """Spend a bonus resource card: its value joins one's resources, of its type, or of the
    type ``as`` names for a wild one (CCG-CARD-10)."""
    type: Literal["cash"]
    card: Card
    as_: Optional[Resource] = Field(default=None, alias="as")


class Demolish(_Order):
    """Destroy one of one's buildings or wonders, to the discard pile (CCG-CARD-08)."""
    type: Literal["demolish"]
    card: Card


class Give(_Order):
    """Give resources to one's teammate (CCG-TEAM-03)."""
    type: Literal["give"]
    to: Seat
    food: Amount = 0
    production: Amount = 0
    commerce: Amount = 0


class EndBuy(_Order):
    """Done buying: on to combat (CCG-TURN-02/03)."""
    type: Literal["end_buy"]


class AttackOn(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")
    target: Seat
    units: list[Card] = Field(min_length=1, max_length=30)


class Attack(_Order):
    """Declare every attack of the turn at once; [] for none (CCG-COMB-01)."""
    type: Literal["attack"]
    attacks: list[AttackOn] = Field(default_factory=list, max_length=3)


class Catapult(_Order):
    """The defender picks the Walls the Catapults send back to his hand (CCG-COMB-02)."""
    type: Literal["catapult"]
    walls: list[Card] = Field(max_length=20)


class Bounce(_Order):
    """The defender bounces one attacking unit back to the attacker's hand, or none
    (CCG-COMB-03)."""
    type: Literal["bounce"]
    unit: Optional[Card] = None


class CounterPair(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")
    unit: Card
    by: Card


class Defend(_Order):
    """The defender counters attacking units with units of his hand, one for one (CCG-COMB-04)."""
    type: Literal["defend"]
    counters: list[CounterPair] = Field(default_factory=list, max_length=30)


class Losses(_Order):
    """The defender picks the plots that lose population and the buildings sent back to
    his hand (CCG-COMB-05)."""
    type: Literal["losses"]
    population: list[Card] = Field(default_factory=list, max_length=60)
    buildings: list[Card] = Field(default_factory=list, max_length=30)


class PlaceStolen(_Order):
    """The attacker picks the plots the stolen population goes to (CCG-COMB-05)."""
    type: Literal["place_stolen"]
    plots: list[Card] = Field(max_length=60)


class Timeout(_Order):
    """Site only: the deadline passed; the decision's default applies."""
    type: Literal["timeout"]


class BotDefault(_Order):
    """Site only: the seat's bot chose the decision's default (SITE-BOT-03)."""
    type: Literal["bot_default"]


ORDER_TYPES: dict[str, type[_Order]] = {
    "pick": Pick, "free_population": FreePopulation, "discard": Discard, "collect": Collect,
    "buy_plot": BuyPlot, "buy_population": BuyPopulation, "build": Build, "buy_tech": BuyTech,
    "exchange": Exchange, "cash": Cash, "demolish": Demolish, "give": Give, "end_buy": EndBuy,
    "attack": Attack, "catapult": Catapult, "bounce": Bounce, "defend": Defend, "losses": Losses,
    "place_stolen": PlaceStolen,
}
SITE_TYPES: dict[str, type[_Order]] = {"timeout": Timeout, "bot_default": BotDefault}
#: the rule cited when an order of a type is malformed
RULES = {"pick": "CCG-SET-03", "free_population": "CCG-CARD-05", "discard": "CCG-TURN-04",
         "collect": "CCG-TURN-01", "buy_plot": "CCG-CARD-02", "buy_population": "CCG-CARD-04",
         "build": "CCG-CARD-08", "buy_tech": "CCG-CARD-06", "exchange": "CCG-EXT-04",
         "cash": "CCG-CARD-10", "demolish": "CCG-CARD-08", "give": "CCG-TEAM-03",
         "end_buy": "CCG-TURN-02", "attack": "CCG-COMB-01", "catapult": "CCG-COMB-02",
         "bounce": "CCG-COMB-03", "defend": "CCG-COMB-04", "losses": "CCG-COMB-05",
         "place_stolen": "CCG-COMB-05", "timeout": "", "bot_default": "SITE-BOT-03"}


def from_json(raw: Any, *, by_site: bool = False) -> _Order:
    """The typed order of ``raw``, or IllegalOrder."""
    if not isinstance(raw, dict):
        raise IllegalOrder("", "an order is a JSON object with a \"type\"")
    kind = raw.get("type")
    if not isinstance(kind, str):
        raise IllegalOrder("", "an order needs a \"type\" (text)")
    cls = ORDER_TYPES.get(kind) or SITE_TYPES.get(kind)
    if cls is None:
        raise IllegalOrder("", f"unknown order type {kind!r}; the types are {', '.join(sorted(ORDER_TYPES))}")
    if kind in SITE_TYPES and not by_site:
        raise IllegalOrder("", f"a {kind!r} order is given only by the site")
    try:
        return cls.model_validate(raw)
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(x) for x in err["loc"]) or "order"
        if err["type"] == "extra_forbidden":
            msg = f"unknown field {loc!r} in a {kind!r} order"
        elif err["type"] == "missing":
            msg = f"a {kind!r} order needs the field {loc!r}"
        else:
            msg = f"field {loc!r} of a {kind!r} order: {err['msg']}"
        raise IllegalOrder(RULES[kind], msg) from None


def json_schema() -> dict:
    """Every order as JSON Schema: a ``oneOf`` discriminated by ``type``; the parts an order
    is made of (an attack, a counter, a payment) once, in the document's own ``$defs``."""
    out = []
    defs: dict = {}
    for name, cls in {**ORDER_TYPES, **SITE_TYPES}.items():
        sch = cls.model_json_schema(by_alias=True)
        defs.update(sch.pop("$defs", {}))
        sch["title"] = name
        out.append(sch)
    doc = {"oneOf": out, "discriminator": {"propertyName": "type"}}
    if defs:
        doc["$defs"] = defs
    return doc


def is_site_order(o: Any) -> bool:
    return isinstance(o, dict) and o.get("type") in SITE_TYPES
