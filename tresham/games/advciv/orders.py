"""Typed orders and their JSON form.

Every order is a dataclass with a ``player`` (seat number) and is registered under a type
name with :func:`order`; the JSON form is ``{"type": NAME, "player": SEAT, ...fields}``.
Phase modules define their own orders next to the rules that handle them.
"""
from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from typing import Any, Callable, TypeVar

from ..base import IllegalOrder

ORDER_TYPES: dict[str, type["Order"]] = {}
O = TypeVar("O", bound=type)


@dataclass(slots=True)
class Order:
    player: int

    type_name: typing.ClassVar[str] = "order"

    def to_json(self) -> dict[str, Any]:
        d = {"type": self.type_name}
        d.update(dataclasses.asdict(self))
        return d


def order(name: str) -> Callable[[O], O]:
    """Class decorator: register an order dataclass under ``name``."""

    def wrap(cls: O) -> O:
        if name in ORDER_TYPES:
            raise ValueError(f"order type {name!r} registered twice")
        cls.type_name = name
        ORDER_TYPES[name] = cls
        return cls

    return wrap


def from_json(d: dict[str, Any] | Order) -> Order:
    """Build a typed order from its JSON form, refusing unknown types and fields clearly."""
    if isinstance(d, Order):
        return d
    if not isinstance(d, dict):
        raise IllegalOrder("", "an order must be a JSON object")
    kind = d.get("type")
    cls = ORDER_TYPES.get(kind)  # type: ignore[arg-type]
    if cls is None:
        raise IllegalOrder("", f"unknown order type {kind!r}")
    names = {f.name for f in dataclasses.fields(cls)}
    args = {k: v for k, v in d.items() if k != "type"}
    unknown = set(args) - names
    if unknown:
        raise IllegalOrder("", f"order {kind!r} has no field(s) {sorted(unknown)}")
    missing = [f.name for f in dataclasses.fields(cls)
               if f.name not in args and f.default is dataclasses.MISSING
               and f.default_factory is dataclasses.MISSING]  # type: ignore[misc]
    if missing:
        raise IllegalOrder("", f"order {kind!r} lacks field(s) {missing}")
    if not isinstance(args.get("player"), int) or isinstance(args.get("player"), bool):
        raise IllegalOrder("", "an order's player must be a seat number")
    return cls(**args)


@order("timeout")
@dataclass(slots=True)
class Timeout(Order):
    """The player's deadline passed: the phase applies its site default (SITE-TIME-04)."""


@order("done")
@dataclass(slots=True)
class Done(Order):
    """Generic 'Done' for phases whose decision is simply to finish (e.g. leave the market)."""
