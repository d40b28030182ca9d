"""Typed orders, their JSON form and their JSON Schema.

Every order is a dataclass with a ``player`` (seat number) and is registered under a type
name with :func:`order` (a player's order) or :func:`site_order` (an order only the site
gives: a deadline passing, the market's embargo ending or its cutoff); the JSON form is
``{"type": NAME, "player": SEAT, ...fields}``. Phase modules define their own orders next to
the rules that handle them, each field typed with the vocabulary of ``schema.py``.

:func:`from_json` checks an order against its type with pydantic in strict mode: unknown
types and fields are refused by name, numbers must be integers in range (never ``3.0`` or
``true``), ids must exist in the data files. A seat that sends a site order is refused.
:func:`json_schema` gives the same rules as JSON Schema, for the server's OpenAPI document.

A variant (``variant.py``) registers its own orders with ``variant=KEY``: new types, or its own
class under a plain name (a subclass of the plain class, of the same kind, so that plain code
reusing it still recognises it). They go into ``VARIANT_ORDER_TYPES[KEY]`` or
``VARIANT_SITE_TYPES[KEY]``, looked up before the plain tables for that variant's games
only (:func:`order_types`); ``ORDER_TYPES`` and ``SITE_TYPES`` hold the plain game's alone.
"""
from __future__ import annotations

import dataclasses
import json
import typing
from collections import ChainMap
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Callable, Literal, Mapping, TypeVar, Union

from pydantic import BaseModel, Field, TypeAdapter, ValidationError
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue, NoDefault
from pydantic_core import SchemaValidator, core_schema

from ..contract import IllegalOrder
from .schema import Seat, explain, strict_model
from .state import STANDARD

#: Orders a player may give, by type name.
ORDER_TYPES: dict[str, type["Order"]] = {}
#: Orders only the site (its clock) gives, by type name.
SITE_TYPES: dict[str, type["Order"]] = {}
#: Each variant's own orders (players' and the platform's), by variant key then type name.
VARIANT_ORDER_TYPES: dict[str, dict[str, type["Order"]]] = {}
VARIANT_SITE_TYPES: dict[str, dict[str, type["Order"]]] = {}
O = TypeVar("O", bound=type)


@dataclass(slots=True)
class Order:
    player: Seat

    type_name: typing.ClassVar[str] = "order"
    #: True for orders only the site may give (see :func:`site_order`).
    by_site: typing.ClassVar[bool] = False
    #: The rule a malformed order of this type breaks, by field ("" = the order as a whole).
    rules: typing.ClassVar[dict[str, str]] = {}

    def to_json(self) -> dict[str, Any]:
        d = {"type": self.type_name}
        d.update(dataclasses.asdict(self))
        return d


def _register(name: str, by_site: bool, rule: str, fields: dict[str, str] | None,
              variant: str) -> Callable[[O], O]:
    def wrap(cls: O) -> O:
        if variant == STANDARD:
            if name in ORDER_TYPES or name in SITE_TYPES:
                raise ValueError(f"order type {name!r} registered twice")
            table = SITE_TYPES if by_site else ORDER_TYPES
        else:
            own = (VARIANT_ORDER_TYPES.get(variant, {}), VARIANT_SITE_TYPES.get(variant, {}))
            if any(name in t for t in own):
                raise ValueError(f"order type {name!r} registered twice for the variant {variant!r}")
            plain = ORDER_TYPES.get(name) or SITE_TYPES.get(name)
            if plain is not None and not (issubclass(cls, plain) and plain.by_site == by_site):
                raise ValueError(f"the variant {variant!r} may replace the plain order {name!r} only "
                                 f"with a subclass of {plain.__name__}, given by the same side")
            table = (VARIANT_SITE_TYPES if by_site else VARIANT_ORDER_TYPES).setdefault(variant, {})
        cls.type_name = name
        cls.by_site = by_site
        cls.rules = {"": rule, **(fields or {})}
        table[name] = cls
        return cls

    return wrap


def order(name: str, rule: str = "", fields: dict[str, str] | None = None, *,
          variant: str = STANDARD) -> Callable[[O], O]:
    """Class decorator: register a player's order dataclass under ``name``. ``rule`` is cited
    when an order of this type is malformed, or ``fields[f]`` when field ``f`` is.
    ``variant``: an order of that variant's games only."""
    return _register(name, False, rule, fields, variant)


def site_order(name: str, rule: str = "", *, variant: str = STANDARD) -> Callable[[O], O]:
    """Class decorator: register an order only the site may give under ``name``
    (``variant``: in that variant's games only)."""
    return _register(name, True, rule, None, variant)


def order_types(variant: str = STANDARD, by_site: bool = False) -> Mapping[str, type[Order]]:
    """The order types of a variant's games by name: the players' (or with ``by_site``, the
    site's); the variant's own first, then the plain ones. The plain table itself for
    the plain game."""
    plain = SITE_TYPES if by_site else ORDER_TYPES
    own = (VARIANT_SITE_TYPES if by_site else VARIANT_ORDER_TYPES).get(variant)
    return plain if not own else ChainMap(own, plain)


def is_site_order(o: dict[str, Any] | Order, variant: str | None = None) -> bool:
    """True if ``o`` is (the JSON form of) an order only the site may give: in the games
    of ``variant``, or (None) in any game, whatever its variant."""
    if isinstance(o, Order):
        return o.by_site
    if not isinstance(o, dict):
        return False
    kind = o.get("type")
    if variant is not None:
        return kind in order_types(variant, by_site=True)
    return kind in SITE_TYPES or any(kind in t for t in VARIANT_SITE_TYPES.values())


# ---- validation ----------------------------------------------------------------------
@cache
def model(cls: type[Order]) -> type[BaseModel]:
    """The pydantic model of an order type: its dataclass fields and types, plus ``type``."""
    return strict_model(cls, cls.type_name, {"type": (Literal[cls.type_name], ...)})  # type: ignore[valid-type]


def from_json(d: dict[str, Any] | Order, *, by_site: bool = False, variant: str = STANDARD) -> Order:
    """A typed order from its JSON form, or IllegalOrder saying exactly what is wrong.

    ``by_site``: the site itself is giving the order (a timeout, the market clock, a
    player's standing order); a seat may give only the orders registered with :func:`order`.
    ``variant``: the game's (its own orders are known, and taken before plain ones of the
    same name). An :class:`Order` instance is taken as it is (the engine's own bots build them)."""
    if isinstance(d, Order):
        if d.by_site and not by_site:
            raise IllegalOrder("", f"a {d.type_name!r} order is given by the site, never by a player")
        return d
    if not isinstance(d, dict):
        raise IllegalOrder("", "an order must be a JSON object")
    kind = d.get("type")
    if not isinstance(kind, str):
        raise IllegalOrder("", "an order needs a \"type\": the name of an order type, e.g. \"move\"")
    players, site = order_types(variant), order_types(variant, by_site=True)
    if kind in site and not by_site:
        raise IllegalOrder("", f"a {kind!r} order is given by the site, never by a player")
    cls = players.get(kind) or site.get(kind)  # type: ignore[arg-type]
    if cls is None:
        raise IllegalOrder("", f"unknown order type {kind[:40]!r}; known types: {', '.join(sorted(players))}")
    try:
        text = json.dumps(d, allow_nan=False, ensure_ascii=False).encode("utf-8")
    except (TypeError, ValueError):  # UnicodeEncodeError (a lone surrogate) is a ValueError
        raise IllegalOrder("", f"order {kind!r} is not plain JSON (numbers, text, lists and objects)") from None
    try:
        m = model(cls).model_validate_json(text)
    except ValidationError as e:
        loc = e.errors()[0]["loc"]
        rule = cls.rules.get(str(loc[0]) if loc else "", cls.rules[""])
        raise IllegalOrder(rule, f"order {kind!r}: {explain(e, model=model(cls))}") from None
    return cls(**{f.name: getattr(m, f.name) for f in dataclasses.fields(cls)})


@cache
def json_schema(by_site: bool = False, variant: str = STANDARD) -> dict[str, Any]:
    """JSON Schema of every order a player may give (one object per type, discriminated by
    ``type``); with ``by_site``, of the orders only the site gives; of the games of
    ``variant`` (its own orders in place of plain ones of the same name)."""
    from . import rules  # noqa: F401  (every phase module registers its orders)

    table = order_types(variant, by_site)
    models = tuple(model(table[k]) for k in sorted(table))
    union = Annotated[Union[models], Field(discriminator="type")]  # type: ignore[valid-type]
    return TypeAdapter(union).json_schema(ref_template="#/$defs/{model}", schema_generator=_SendableDefaults)


class _SendableDefaults(GenerateJsonSchema):
    """A field's default is published only when the field would take it: ``""`` or ``-1``
    standing for "left out" (a pick by area with no nation, SITE-PICK-03) is no value a client
    may send, and an OpenAPI document whose default breaks its own schema is invalid
    (SITE-SAFE-03). Such a field is published as optional, without a default."""

    def default_schema(self, schema: core_schema.WithDefaultSchema) -> JsonSchemaValue:
        default = self.get_default_value(schema)
        if default is not NoDefault and not _takes(schema["schema"], default):
            return self.generate_inner(schema["schema"])
        return super().default_schema(schema)


def _takes(schema: core_schema.CoreSchema, value: Any) -> bool:
    """Whether a field of this (core) schema takes ``value`` (True when it cannot be told:
    a schema referring to definitions elsewhere)."""
    try:
        validator = SchemaValidator(schema)
    except Exception:  # noqa: BLE001  (pydantic_core's SchemaError: not a self-contained schema)
        return True
    try:
        validator.validate_python(value)
    except ValidationError:
        return False
    return True


@site_order("timeout", rule="SITE-TIME-04")
@dataclass(slots=True)
class Timeout(Order):
    """The player's deadline passed: the phase applies its site default (SITE-TIME-04)."""


@site_order("bot_default", rule="SITE-BOT-03")
@dataclass(slots=True)
class BotDefault(Timeout):
    """The seat's bot chose the phase's default: the same decision as :class:`Timeout`, read
    in the history as the seat's own choice ("Illyria takes the default: ..."), never as a
    missed deadline (SITE-BOT-03; ``bots/levels.py``)."""


@order("done")
@dataclass(slots=True)
class Done(Order):
    """Generic 'Done' for phases whose decision is simply to finish (e.g. leave the market)."""
