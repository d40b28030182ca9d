"""Standing orders of Tigris & Euphrates: what a player wants done when his deadline for a
kind of decision passes, instead of the contract's default (the site's SITE-TIME-04; no rule
of the game changes).

A spec is plain JSON checked by a strict pydantic model (unknown fields and wrong types
refused, the field named); :func:`normal_form` fills in the defaults, :func:`json_schemas`
gives each kind's JSON Schema. :func:`standing_order` turns a spec into the order for the
decision the seat owes now, decided on what the seat may see (the board, the conflict's
public figures, his own hand, the other hands' sizes), never another seat's tiles; the
rules check that order when the site applies it.

The kinds (:data:`KINDS`); ``action`` has none: a turn is the game, and its default (pass)
is the only sensible thing the site can do for an absent player.

- ``commit``: commit nothing, all the tiles of the colour, or just enough to win when that
  is possible (else nothing); "lead": the attacker commits just enough to pass the
  defender's board strength (the defender answers after him); at most ``at_most`` tiles;
- ``war_order``: the colours in a preferred order (the rest: red, blue, green, black);
- ``treasure``: the treasures on named squares first, then reading order or its reverse
  (those on special-border squares are taken first by the rules anyway, TE-BASE-73);
- ``monument``: always build when possible, the monuments in a preferred order; or never;
- ``building`` (buildings option): always place or move the building, in a preferred order;
  or never; ``wonder`` (wonder option): always erect it, or never; ``wonder_point``: the
  weakest colour, or a colour named.
"""
from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, field_validator

from ...contract import IllegalOrder
from ..legal import legal_orders
from ..rules.commit import allowed_counts, side_to_commit
from ..rules.turn import decider
from ..state import COLOURS, MONUMENTS, TEState, hand_count
from .forms import parse_square

Colour = Literal["red", "blue", "green", "black"]
MonumentId = Literal["red-blue", "red-green", "red-black", "blue-green", "blue-black", "green-black"]
BuildingId = Literal["library", "granary", "market_hall", "palace"]
BUILDINGS = ("library", "granary", "market_hall", "palace")

#: decision kind -> what a standing order for it can say (the head before ":" is its title)
KINDS: dict[str, str] = {
    "commit": "Conflicts: commit nothing, all your tiles of the conflict's colour, or just enough "
              "to win when you can (else nothing); at most a number of tiles you set.",
    "war_order": "The next war: the colours at war in the order you prefer.",
    "treasure": "Treasures: the treasures on the squares you name first, then in reading order "
                "(or its reverse); those on special-border squares always go first.",
    "monument": "Monuments: always build one when you can, the monuments in the order you prefer; "
                "or never.",
    "building": "Buildings (option Civilization buildings): always place or move a building when "
                "you can, in the order you prefer; or never.",
    "wonder": "The wonder (option Wonder): always erect it when you can, or never.",
    "wonder_point": "The wonder's point (option Wonder): your weakest colour, or a colour you name.",
}

#: the kinds an addition brings: kind -> the option without which the game has none of them
OPTION_OF = {"building": "buildings", "wonder": "wonder", "wonder_point": "wonder"}


def kinds_for(options: dict | None) -> dict[str, str]:
    """The kinds of :data:`KINDS` a game with these ``options`` has: ``building`` only with
    the option ``buildings`` (TE-BLD-03), ``wonder`` and ``wonder_point`` only with the option
    ``wonder`` (TE-WON-02/06); without options, every kind."""
    if options is None:
        return dict(KINDS)
    return {k: v for k, v in KINDS.items() if k not in OPTION_OF or options.get(OPTION_OF[k])}


class Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


def _unique(v: list) -> list:
    seen = [x for i, x in enumerate(v) if x in v[:i]]
    if seen:
        raise ValueError(f"{seen[0]!r} is listed twice")
    return v


#: a list in which nothing is listed twice (refused naming the first repeat)
Unique = AfterValidator(_unique)


class CommitSpec(Spec):
    model_config = ConfigDict(title="commit", json_schema_extra={"description": KINDS["commit"]})
    mode: Literal["none", "all", "win", "lead"] = Field(
        "win", description="none = commit nothing (the site's default); all = every tile of the "
        "conflict's colour you hold; win = just enough to win (as defender: to reach the "
        "attacker's total, ties being yours; as attacker: to win whatever the defender still "
        "commits, judged by how many tiles he holds, which everyone sees), else nothing; lead = as attacker, just enough "
        "to pass the defender's board strength, as defender the same as win")
    at_most: Annotated[int, Field(ge=0, le=6)] = Field(
        6, description="never commit more tiles than this (win/lead: commit nothing rather)")


class WarOrderSpec(Spec):
    model_config = ConfigDict(title="war_order", json_schema_extra={"description": KINDS["war_order"]})
    order: Annotated[list[Colour], Unique] = Field(default_factory=list, max_length=4, description="colours, the war "
                                "fought first first; colours not listed follow in the order red, "
                                "blue, green, black")


class TreasureSpec(Spec):
    model_config = ConfigDict(title="treasure", json_schema_extra={"description": KINDS["treasure"]})
    prefer: list[str] = Field(default_factory=list, max_length=14,
                              description='squares ("F5") whose treasures you take first, in this order')
    then: Literal["reading", "reverse"] = Field(
        "reading", description="the others: reading order (row by row, left to right; the "
        "site's default) or its reverse")

    @field_validator("prefer")
    @classmethod
    def _squares(cls, v: list[str]) -> list[str]:
        out = []
        for x in v:
            try:
                c, r = parse_square(x, "")
            except IllegalOrder as e:
                raise ValueError(e.message) from None
            out.append(f"{chr(ord('A') + c)}{r + 1}")
        return _unique(out)


class MonumentSpec(Spec):
    model_config = ConfigDict(title="monument", json_schema_extra={"description": KINDS["monument"]})
    build: Literal["always", "never"] = Field(
        "always", description="always = build a monument whenever you can; never = decline (the "
        "site's default)")
    prefer: Annotated[list[MonumentId], Unique] = Field(default_factory=list, max_length=6, description="monuments, the "
                                     "one built first first; those not listed follow in the order "
                                     "red-blue, red-green, red-black, blue-green, blue-black, green-black")


class BuildingSpec(Spec):
    model_config = ConfigDict(title="building", json_schema_extra={"description": KINDS["building"]})
    place: Literal["always", "never"] = Field("always", description="always = place or move a "
                                              "building whenever you can; never = decline (the default)")
    prefer: Annotated[list[BuildingId], Unique] = Field(default_factory=list, max_length=4, description="buildings, the "
                                     "first placed first; the others follow in the order library, "
                                     "granary, market_hall, palace")


class WonderSpec(Spec):
    model_config = ConfigDict(title="wonder", json_schema_extra={"description": KINDS["wonder"]})
    erect: Literal["always", "never"] = Field("always", description="always = erect the wonder "
                                              "whenever you can; never = decline (the default)")


class WonderPointSpec(Spec):
    model_config = ConfigDict(title="wonder_point", json_schema_extra={"description": KINDS["wonder_point"]})
    colour: Literal["weakest", "red", "blue", "green", "black"] = Field(
        "weakest", description="weakest = your weakest colour (the default; the first of red, "
        "blue, green, black on a tie), or a colour")


SPECS: dict[str, type[Spec]] = {"commit": CommitSpec, "war_order": WarOrderSpec,
                                "treasure": TreasureSpec, "monument": MonumentSpec,
                                "building": BuildingSpec, "wonder": WonderSpec,
                                "wonder_point": WonderPointSpec}


def parse(kind: str, spec: Any) -> Spec:
    """The typed spec, or IllegalOrder naming the field that is wrong."""
    model = SPECS.get(kind)
    if model is None:
        raise IllegalOrder("SITE-TIME-04", f"no standing order answers {str(kind)[:40]!r} decisions; "
                                           f"the kinds are {', '.join(SPECS)}")
    if spec is None:
        spec = {}
    if not isinstance(spec, dict):
        raise IllegalOrder("SITE-TIME-04", f"a standing order for {kind} is a JSON object")
    try:
        return model.model_validate(spec)
    except ValidationError as e:
        err = e.errors(include_url=False)[0]
        where = ".".join(str(x) for x in err["loc"]) or kind
        if err["type"] == "extra_forbidden":
            msg = f"unknown field {where!r}; the fields are {', '.join(model.model_fields)}"
        else:
            text = err["msg"].removeprefix("Value error, ")
            msg = f"field {where!r}: {text} (got {str(err.get('input'))[:40]!r})"
        raise IllegalOrder("SITE-TIME-04", f"standing order for {kind}: {msg}") from None


def normal_form(kind: str, spec: Any) -> dict[str, Any]:
    """The spec checked, with every default filled in (what the site stores and shows)."""
    return parse(kind, spec).model_dump(mode="json")


@cache
def json_schemas() -> dict[str, dict[str, Any]]:
    return {kind: model.model_json_schema() for kind, model in SPECS.items()}


# ---- turning a spec into an order ----------------------------------------------------------
def _ranked(prefer: list[str], rest: tuple[str, ...] | list[str]) -> list[str]:
    return list(prefer) + [x for x in rest if x not in prefer]


def commit_count(s: TEState, seat: int, spec: CommitSpec) -> int:
    """The tiles ``spec`` commits for ``seat`` now, from the public figures of the conflict,
    his own hand and the defender's hand size (TE-BASE-49/57: ties go to the defender)."""
    c = s.conflict
    side = side_to_commit(s)
    allowed = allowed_counts(s, side)
    have = s.hands[seat][c["colour"]]
    cap = min(have, spec.at_most)
    if spec.mode == "none":
        return allowed[0]
    if spec.mode == "all":
        return max([n for n in allowed if n <= cap] or [allowed[0]])
    if side == "defender":
        need = c["attacker_strength"] + c["attacker_committed"] - c["defender_strength"]
    else:
        worst = 0 if spec.mode == "lead" else min(6, hand_count(s, c["defender"]))
        need = c["defender_strength"] + worst - c["attacker_strength"] + 1
    need = max(0, need)
    ok = [n for n in allowed if need <= n <= cap]
    return ok[0] if ok else allowed[0]


def standing_order(s: TEState, seat: int, kind: str, spec: Any) -> dict | None:
    """The order ``spec`` gives for ``seat``'s ``kind`` decision now; None when he owes no
    such decision or the spec says nothing for it; IllegalOrder when the spec is malformed."""
    typed = parse(kind, spec)
    if s.finished or decider(s) != seat or s.phase != kind:
        return None
    base = {"type": kind, "player": seat}
    if kind == "commit":
        return {**base, "tiles": commit_count(s, seat, typed)}
    if kind == "war_order":
        cols = s.ctx["war_colours"]
        return {**base, "colour": next(c for c in _ranked(typed.order, COLOURS) if c in cols)}
    if kind == "treasure":
        squares = sorted((tuple(q) for q in s.ctx["treasure"]["squares"]), key=lambda q: (q[1], q[0]),
                         reverse=typed.then == "reverse")
        for name in typed.prefer:
            q = tuple(parse_square(name, ""))
            if q in squares:
                return {**base, "at": list(q)}
        return {**base, "at": list(squares[0])}
    if kind == "monument":
        if typed.build == "never":
            return {**base, "monument": None, "at": None}
        o = s.ctx["monument"]
        m = next(m for m in _ranked(typed.prefer, MONUMENTS) if m in o["monuments"])
        at = sorted((list(b) for b in o["blocks"]), key=lambda q: (q[1], q[0]))[0]
        return {**base, "monument": m, "at": at}
    legal = legal_orders(s, seat)
    if kind == "building":
        if typed.place == "never":
            return {**base, "building": None, "at": None}
        for b in _ranked(typed.prefer, BUILDINGS):
            these = sorted((o["at"] for o in legal if o.get("building") == b), key=lambda q: (q[1], q[0]))
            if these:
                return {**base, "building": b, "at": list(these[0])}
        return {**base, "building": None, "at": None}
    if kind == "wonder":
        at = sorted((o["at"] for o in legal if o.get("at") is not None), key=lambda q: (q[1], q[0]))
        if typed.erect == "never" or not at:
            return {**base, "at": None}
        return {**base, "at": list(at[0])}
    if kind == "wonder_point":
        if typed.colour != "weakest":
            return {**base, "colour": typed.colour}
        pts = s.points[seat]
        return {**base, "colour": min(COLOURS, key=lambda c: pts[c])}
    return None  # pragma: no cover - every kind of SPECS is handled above
