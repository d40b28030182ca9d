"""Typed orders (pydantic, strict), their JSON form and their JSON Schema (docs/tigris.md).

Every order is ``{"type": T, "player": SEAT, ...}``; squares are ``[c, r]``. :func:`from_json`
refuses unknown types and fields by name, wrong types (``3.0`` or ``true`` for a number) and
site orders given by a seat, each as an :class:`IllegalOrder`.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..contract import IllegalOrder

Colour = Literal["red", "blue", "green", "black"]
Seat = Annotated[int, Field(ge=0, le=3)]
Coord = Annotated[int, Field(ge=0, le=15)]
SquareJ = Annotated[list[Coord], Field(min_length=2, max_length=2, description="[column, row]")]
Monument = Literal["red-blue", "red-green", "red-black", "blue-green", "blue-black", "green-black"]
Building = Literal["library", "granary", "market_hall", "palace"]


class _Order(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")
    player: Seat

    def sq(self, name: str = "to") -> tuple[int, int]:
        v = getattr(self, name)
        return (v[0], v[1])


class Leader(_Order):
    """Place a leader from supply or move one on the board (TE-BASE-29/30)."""
    type: Literal["leader"]
    colour: Colour
    to: SquareJ


class Withdraw(_Order):
    """Return a leader to supply (TE-BASE-31)."""
    type: Literal["withdraw"]
    colour: Colour


class Tile(_Order):
    """Place a civilization tile (TE-BASE-35)."""
    type: Literal["tile"]
    colour: Colour
    to: SquareJ


class Catastrophe(_Order):
    """Place a catastrophe tile (TE-BASE-41)."""
    type: Literal["catastrophe"]
    to: SquareJ


class Swap(_Order):
    """Discard tiles and draw as many (TE-BASE-45)."""
    type: Literal["swap"]
    tiles: dict[Colour, Annotated[int, Field(ge=0, le=6)]]


class Pass(_Order):
    """End the turn, giving up the actions left (TE-BASE-25)."""
    type: Literal["pass"]


class Commit(_Order):
    """Commit tiles of the conflict's colour (TE-BASE-48/56)."""
    type: Literal["commit"]
    tiles: Annotated[int, Field(ge=0, le=6)]


class WarOrder(_Order):
    """The active player picks the next war (TE-BASE-53)."""
    type: Literal["war_order"]
    colour: Colour


class Treasure(_Order):
    """The trader's owner picks the treasure to take (TE-BASE-72/73)."""
    type: Literal["treasure"]
    at: SquareJ


class BuildingOrder(_Order):
    """Place or move a building, or decline (TE-BLD-03/04)."""
    type: Literal["building"]
    building: Optional[Building] = None
    at: Optional[SquareJ] = None


class MonumentOrder(_Order):
    """Build a monument on a 2x2 block (its top-left square), or decline (TE-BASE-62/63)."""
    type: Literal["monument"]
    monument: Optional[Monument] = None
    at: Optional[SquareJ] = None


class Wonder(_Order):
    """Erect the wonder (the cross's centre) or decline (TE-WON-02)."""
    type: Literal["wonder"]
    at: Optional[SquareJ] = None


class WonderPoint(_Order):
    """The colour of the wonder's VP (TE-WON-06)."""
    type: Literal["wonder_point"]
    colour: Colour


class Timeout(_Order):
    """Platform only: the deadline passed; the decision's default applies."""
    type: Literal["timeout"]


ORDER_TYPES: dict[str, type[_Order]] = {
    "leader": Leader, "withdraw": Withdraw, "tile": Tile, "catastrophe": Catastrophe,
    "swap": Swap, "pass": Pass, "commit": Commit, "war_order": WarOrder, "treasure": Treasure,
    "building": BuildingOrder, "monument": MonumentOrder, "wonder": Wonder,
    "wonder_point": WonderPoint,
}
class BotDefault(_Order):
    """Platform only: the seat's bot chose the decision's default (the same as a timeout's),
    read in the history as the seat's own choice, never as a missed deadline (SITE-BOT-03)."""
    type: Literal["bot_default"]


SITE_TYPES: dict[str, type[_Order]] = {"timeout": Timeout, "bot_default": BotDefault}
#: the rule cited when an order of a type is malformed
RULES = {"leader": "TE-BASE-29", "withdraw": "TE-BASE-31", "tile": "TE-BASE-35",
         "catastrophe": "TE-BASE-41", "swap": "TE-BASE-45", "pass": "TE-BASE-25",
         "commit": "TE-BASE-48", "war_order": "TE-BASE-53", "treasure": "TE-BASE-72",
         "building": "TE-BLD-03", "monument": "TE-BASE-62", "wonder": "TE-WON-02",
         "wonder_point": "TE-WON-06", "timeout": "TE-BASE-25", "bot_default": "SITE-BOT-03"}


def from_json(raw: Any, *, by_site: bool = False) -> _Order:
    """The typed order of ``raw``, or IllegalOrder: not an object, unknown type (TE-BASE-26:
    the kinds of order), a site order from a seat (TE-BASE-25: whose decision it is),
    unknown fields, wrong types (the order type's own rule, ``RULES``)."""
    if not isinstance(raw, dict):
        raise IllegalOrder("TE-BASE-26", "an order is a JSON object with a \"type\"")
    kind = raw.get("type")
    if not isinstance(kind, str):
        raise IllegalOrder("TE-BASE-26", "an order needs a \"type\" (text)")
    cls = ORDER_TYPES.get(kind) or SITE_TYPES.get(kind)
    if cls is None:
        raise IllegalOrder("TE-BASE-26", f"unknown order type {kind!r}; the types are "
                               f"{', '.join(sorted(ORDER_TYPES))}")
    if kind in SITE_TYPES and not by_site:
        raise IllegalOrder("TE-BASE-25", f"a {kind!r} order is given only by the site")
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
    """Every order as JSON Schema: a ``oneOf`` discriminated by ``type``."""
    out = []
    for name, cls in {**ORDER_TYPES, **SITE_TYPES}.items():
        sch = cls.model_json_schema()
        sch["title"] = name
        out.append(sch)
    return {"oneOf": out, "discriminator": {"propertyName": "type"}}


def is_site_order(o: Any) -> bool:
    return isinstance(o, dict) and o.get("type") in SITE_TYPES
