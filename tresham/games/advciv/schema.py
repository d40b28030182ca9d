"""The typed vocabulary of Advanced Civilization's orders and options.

Every field of every order (``orders.py`` and the phase modules) and of the game options
(``state.Options``) is annotated with one of these types; ``orders.from_json`` and
``Options.from_json`` validate against them with pydantic in strict mode, and
:func:`tresham.games.advciv.orders.json_schema` exports them as JSON Schema for the server's
OpenAPI document. So the engine, the API and the web forms refuse the same things in the
same words.

Identifiers (areas, nations, cards, volcanoes) are enumerations read from the data files;
seats and counts are integers (never ``true``, never ``3.0``) in range.
"""
from __future__ import annotations

import dataclasses
import typing
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, WithJsonSchema, create_model
from pydantic_core import PydanticCustomError

from .data import BARBARIANS, PIRATES, load

#: Most seats a game of Advanced Civilization has (16.1).
MAX_SEATS = 8
#: Largest count any order may carry: more than all the units and cards of a game.
MAX_COUNT = 999
#: Longest list an order may carry (a hand, a move list): far above any legal order.
MAX_ITEMS = 200
#: Longest free text (a public trade message, SITE-MSG-01) and longest short choice.
MAX_TEXT = 500
MAX_CHOICE = 80

_d = load()


def _member(values: frozenset[str], what: str, rule: str):
    """A validator refusing a string that is not one of ``values``, naming ``what`` it must be."""

    def check(v: str) -> str:
        if v not in values:
            raise PydanticCustomError("unknown_id", "{text}",
                                      {"text": f"{v[:40]!r} is not {what} ({rule})"})
        return v

    return check


def one_of(values: frozenset[str], what: str, rule: str, description: str) -> Any:
    """A string type restricted to ``values``: a short error, and an ``enum`` in the schema."""
    return Annotated[str, AfterValidator(_member(values, what, rule)),
                     WithJsonSchema({"type": "string", "enum": sorted(values), "description": description})]


AREAS = frozenset(_d.map.areas)
NATIONS = frozenset(_d.map.nations)
TRADE_CARDS = frozenset(_d.commodities) | frozenset(_d.calamities)
CIV_CARDS = frozenset(_d.civ_cards)
VOLCANOES = frozenset(_d.map.volcanoes)

Seat = Annotated[int, Field(ge=0, le=MAX_SEATS - 1, description="a seat number (0 = the first seat)")]
Count = Annotated[int, Field(ge=0, le=MAX_COUNT, description="a whole number, 0 or more")]
Positive = Annotated[int, Field(ge=1, le=MAX_COUNT, description="a whole number, 1 or more")]
AreaId = one_of(AREAS, "an area of the map", "3.1", "an area id of the map")
NationId = one_of(NATIONS, "a nation of the game", "16.1", "a nation id")
OwnerId = one_of(NATIONS | {BARBARIANS, PIRATES}, "a nation, barbarians or pirates", "5.5",
                "who owns units: a nation id, barbarians or pirates")
TradeCardId = one_of(TRADE_CARDS, "a trade card", "27.1", "a trade card id (commodity or calamity)")
CivCardId = one_of(CIV_CARDS, "a civilization card", "31.1", "a civilization card id")
#: An optional area: an area id, or "" for none.
OptionalArea = AreaId | Literal[""]
#: What the receiver of a card is told it is: a tradable card's id, or "unspecified" (SITE-TRADE-06).
StatedCard = TradeCardId | Literal["unspecified"]
#: One card expected in a deal: a card id, "dont_care" or "unspecified" (SITE-TRADE-04).
ExpectedCard = TradeCardId | Literal["dont_care", "unspecified"]
#: An earthquake or volcano site (30.211: a volcano id; 30.212: a city's area).
SiteId = one_of(VOLCANOES | AREAS, "a volcano or an area", "30.21", "a volcano id or an area id")
def _printable(v: str) -> str:
    """Free text holds no NUL and no lone surrogate: no database stores them as text."""
    if "\x00" in v or any("\ud800" <= c <= "\udfff" for c in v):
        raise PydanticCustomError("bad_text", "{text}", {"text": "text may not hold a NUL character "
                                                                 "or half of a surrogate pair"})
    return v


Text = Annotated[str, Field(max_length=MAX_TEXT), AfterValidator(_printable)]
Choice = Annotated[str, Field(max_length=MAX_CHOICE), AfterValidator(_printable)]


def Many(item: Any) -> Any:
    """A list of ``item`` no longer than :data:`MAX_ITEMS`."""
    return Annotated[list[item], Field(max_length=MAX_ITEMS)]


def Mapping(key: Any, value: Any) -> Any:
    """A JSON object from ``key`` to ``value`` with at most :data:`MAX_ITEMS` entries."""
    return Annotated[dict[key, value], Field(max_length=MAX_ITEMS)]


# ---- strict models of dataclasses ------------------------------------------------------
def strict_model(cls: type, title: str, extra: dict[str, Any] | None = None,
                 name: str = "") -> type[BaseModel]:
    """A strict pydantic model of dataclass ``cls``: its fields with their annotated types and
    defaults (plus ``extra`` fields), unknown fields refused, no type coercion."""
    hints = typing.get_type_hints(cls, include_extras=True)
    fields: dict[str, Any] = dict(extra or {})
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            default: Any = f.default
        elif f.default_factory is not dataclasses.MISSING:  # type: ignore[misc]
            default = Field(default_factory=f.default_factory)  # type: ignore[misc]
        else:
            default = ...
        fields[f.name] = (hints[f.name], default)
    doc = (cls.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")
    return create_model(  # type: ignore[call-overload]
        name or "".join(w.capitalize() for w in title.split("_")) + "Order",
        __config__=ConfigDict(extra="forbid", strict=True, title=title,
                              json_schema_extra={"description": doc}),
        **fields)


#: Labels pydantic puts in an error's location for a member of a union, not a field name.
_TYPE_LABELS = {"int", "str", "list", "dict", "tuple", "bool", "float", "none", "load", "sail", "unload"}


def _where(loc: tuple) -> str:
    """An error location as a path: ``moves[0].to``; union members' labels left out."""
    out = ""
    for p in loc:
        if isinstance(p, int):
            out += f"[{p}]"
        elif p == "[key]":
            out += " (key)"
        elif not p.isidentifier() or p in _TYPE_LABELS:
            continue
        else:
            out += f".{p}" if out else p
    return out


#: pydantic's error types in the words of the site.
PLAIN_WORDS = {
    "int_type": "must be a whole number", "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number", "string_type": "must be text",
    "bool_type": "must be true or false", "list_type": "must be a list",
    "dict_type": "must be an object", "tuple_type": "must be a list",
    "model_type": "must be an object", "model_attributes_type": "must be an object",
    "typed_dict_type": "must be an object",
    "greater_than_equal": "must be at least {ge}", "less_than_equal": "must be at most {le}",
    "too_long": "must have at most {max_length} entries",
    "string_too_long": "must be at most {max_length} characters",
    "too_short": "must have at least {min_length} entries",
}


def _bounds(model: type[BaseModel] | None, loc: tuple) -> tuple[Any, Any] | None:
    """The (ge, le) bounds of a top-level field of ``model``, if it has both."""
    if model is None or len(loc) < 1 or loc[0] not in model.model_fields:
        return None
    ge = le = None
    info = model.model_fields[loc[0]]
    metadata = list(info.metadata)
    for arg in typing.get_args(info.annotation):  # an optional number: Annotated[int, ...] | None
        metadata.extend(m for a in getattr(arg, "__metadata__", ()) for m in getattr(a, "metadata", [a]))
    for m in metadata:
        ge = getattr(m, "ge", None) if getattr(m, "ge", None) is not None else ge
        le = getattr(m, "le", None) if getattr(m, "le", None) is not None else le
    return (ge, le) if ge is not None and le is not None else None


def explain(e: ValidationError, limit: int = 3, *, noun: str = "field",
            model: type[BaseModel] | None = None) -> str:
    """A ValidationError in words: each field, what is wrong with it, the value given.
    ``model``: the model validated, to state both bounds of a number out of range."""
    by_place: dict[str, list[str]] = {}
    for err in e.errors(include_url=False):
        where = _where(err["loc"])
        given = err.get("input")
        shown = (repr(given) if not isinstance(given, (dict, list)) else type(given).__name__)[:60]
        if err["type"] == "extra_forbidden":
            msg = f"unknown {noun} {where!r}"
            where = "#" + where
        elif err["type"] == "missing":
            msg = f"{noun} {where!r} is missing"
            where = "#" + where
        elif err["type"] in ("unknown_id", "voyage_step", "bad_text"):
            msg = err["msg"]
        elif err["type"] in ("greater_than_equal", "less_than_equal") and (b := _bounds(model, err["loc"])):
            msg = f"must be a whole number from {b[0]} to {b[1]} (got {shown})"
        elif err["type"] in PLAIN_WORDS:
            msg = PLAIN_WORDS[err["type"]].format(**err.get("ctx", {})) + f" (got {shown})"
        else:
            msg = f"{err['msg'][0].lower() + err['msg'][1:]} (got {shown})"
        msgs = by_place.setdefault(where, [])
        if msg not in msgs:
            msgs.append(msg)
    parts = [(" or ".join(m) if w.startswith("#") else f"{w or 'value'}: " + " or ".join(m))
             for w, m in by_place.items()]
    more = len(parts) - limit
    return "; ".join(parts[:limit]) + (f"; and {more} more" if more > 0 else "")
