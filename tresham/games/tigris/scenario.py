"""Worked scenarios for Tigris & Euphrates: a position written by hand, orders applied to it,
and what should result (``docs/scenarios/te-*.json``; the format is in ``docs/scenarios.md``,
section "Tigris & Euphrates scenarios").

:func:`load_file` / :func:`parse` check the document (pydantic, strict: unknown keys and wrong
types are refused by name), :func:`build` makes the :class:`TEState` (and refuses positions
that cannot occur: tiles, treasures and catastrophes must be accounted for, the state's
invariants must hold), :func:`run` applies the steps and compares what results with the
expectations, returning a :class:`Result` whose ``mismatches`` say, in words, what differed.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..base import Event, IllegalOrder
from . import engine
from .board import Square, name
from .invariants import violations
from .rules.end import final_totals, places, score_vector
from .rules.turn import decider
from .state import CATASTROPHES_EACH, COLOURS, DYNASTIES, TILE_COUNTS, TEState


class ScenarioError(ValueError):
    """The scenario file itself is malformed, or describes an impossible position."""


_STRICT = ConfigDict(extra="forbid", strict=True)
Colour = Literal["red", "blue", "green", "black"]
SquareName = Annotated[str, Field(pattern=r"^[A-Pa-p](?:[1-9]|1[01])$")]
#: a player: a seat number or a dynasty ("archer", "bull", "lion", "urn")
Who = Union[Annotated[int, Field(ge=0, le=3)], Literal["archer", "bull", "lion", "urn"]]
#: a player as an object key: "0".."3" or a dynasty
WhoKey = Annotated[str, Field(pattern=r"^(?:[0-3]|archer|bull|lion|urn)$")]
Count = Annotated[int, Field(ge=0, le=200)]
Words = Union[str, list[str]]
MonumentId = Literal["red-blue", "red-green", "red-black", "blue-green", "blue-black", "green-black"]
BuildingId = Literal["library", "granary", "market_hall", "palace"]
#: the buildings' colours (docs/tigris.md, TE-BLD-02)
BUILDING_COLOURS = {"library": "red", "granary": "blue", "market_hall": "green", "palace": "black"}
RuleId = Annotated[str, Field(pattern=r"^TE-(?:BASE|BLD|ADVB|ENG|WON|Z)-\d\d$")]


class LeaderSpec(BaseModel):
    model_config = _STRICT
    owner: Who
    colour: Colour


class SquareSpec(BaseModel):
    """What stands on one square of the starting position."""

    model_config = _STRICT
    tile: Colour | None = None
    face_down: bool = False
    treasure: bool = False
    catastrophe: bool = False
    leader: LeaderSpec | None = None


class WonderSpec(BaseModel):
    """The wonder on the board: the centre of its cross, its colour, who erected it."""

    model_config = _STRICT
    at: SquareName
    colour: Colour
    by: Who


class PlayerSpec(BaseModel):
    """One player's pieces behind and in front of his screen."""

    model_config = _STRICT
    hand: dict[Colour, Count] = {}
    points: dict[Colour, Count] = {}
    treasures: Count = 0
    catastrophes: Annotated[int, Field(ge=0, le=CATASTROPHES_EACH)] = CATASTROPHES_EACH


class SquareExpect(BaseModel):
    """What one square should hold: only the keys given are checked."""

    model_config = _STRICT
    tile: Colour | None = None
    face_down: bool | None = None
    treasure: bool | None = None
    catastrophe: bool | None = None
    leader: LeaderSpec | None = None
    monument: MonumentId | None = None
    building: BuildingId | None = None
    wonder: bool | None = None
    empty: bool | None = None


class PendingExpect(BaseModel):
    model_config = _STRICT
    kind: Literal["action", "commit", "war_order", "treasure", "monument", "building", "wonder",
                  "wonder_point"]
    player: Who
    #: a subset of the decision's options (e.g. {"colours": ["red", "black"]})
    options: dict[str, Any] | None = None


class Expect(BaseModel):
    """What should hold after a step, or at the end (only the keys given are checked)."""

    model_config = _STRICT
    points: dict[WhoKey, dict[Colour, Count]] = {}
    squares: dict[SquareName, Union[Literal["empty"], Colour, SquareExpect]] = {}
    leaders_in_supply: dict[WhoKey, list[Colour]] = {}
    hands: dict[WhoKey, dict[Colour, Count]] = {}
    hand_size: dict[WhoKey, Count] = {}
    treasures_held: dict[WhoKey, Count] = {}
    treasures_on_board: Count | None = None
    catastrophes_left: dict[WhoKey, Count] = {}
    monuments: dict[MonumentId, Union[SquareName, None]] = {}
    buildings: dict[BuildingId, Union[SquareName, None]] = {}
    #: the wonder's centre, or null while it is not erected
    wonder: SquareName | None = None
    out_of_game: dict[Colour, Count] = {}
    bag: Count | None = None
    #: the square under the unification marker, or null for none
    unification: SquareName | None = None
    #: a subset of the conflict being fought (``state.conflict``), or null for none
    conflict: dict[str, Any] | None = None
    #: the decision the game waits on, or null once the game is over
    pending: PendingExpect | None = None
    turn: Count | None = None
    active: Who | None = None
    actions_left: Annotated[int, Field(ge=0, le=2)] | None = None
    finished: bool | None = None
    #: after the end: the colour totals with the treasures added, the score, the place
    final_totals: dict[WhoKey, dict[Colour, Count]] = {}
    score: dict[WhoKey, Count] = {}
    score_vector: dict[WhoKey, list[Count]] = {}
    places: dict[WhoKey, Annotated[int, Field(ge=1, le=4)]] = {}
    #: each entry: a text some event must contain, or a list of words one event must all contain
    events_contain: list[Words] = []
    events_lack: list[str] = []
    #: texts that must appear in the events in this order (each in a later event than the last)
    events_in_order: list[str] = []


class Step(BaseModel):
    """One order with what should follow it; ``refused``: the rule ID it must be refused with
    (the state must stay unchanged)."""

    model_config = _STRICT
    order: dict[str, Any]
    refused: RuleId | None = None
    expect: Expect | None = None
    note: Words | None = None


class Scenario(BaseModel):
    """A Tigris & Euphrates scenario file (docs/scenarios.md), checked before anything is built."""

    model_config = _STRICT
    game: Literal["tigris"]
    title: str
    rules: list[RuleId] = Field(min_length=1)
    description: Words = ""
    notes: Words = ""
    options: dict[str, Any] = {}
    seed: int = 0
    start: Literal["empty", "setup"] = "empty"
    #: each square: a colour (a face-up tile), "empty" (clear a set-up square) or a SquareSpec
    squares: dict[SquareName, Union[Colour, Literal["empty"], SquareSpec]] = {}
    monuments: dict[MonumentId, SquareName] = {}
    #: with the option ``buildings``: {building: square of a face-up tile of its colour}
    buildings: dict[BuildingId, SquareName] = {}
    #: with the option ``wonder``: the erected wonder (its five squares hold no tile)
    wonder: WonderSpec | None = None
    players: dict[WhoKey, PlayerSpec] = {}
    #: the bag, first drawn first; the tiles of the 153 not on the board, in hands or in the
    #: bag are out of the game. Without it: every other tile, shuffled by the seed.
    bag: list[Colour] | None = None
    turn: Annotated[int, Field(ge=1)] = 1
    active: Who = 0
    actions_left: Annotated[int, Field(ge=1, le=2)] = 2
    #: each item an order, or a step {"order": ..., "refused": ..., "expect": ...}
    orders: list[Union[Step, dict[str, Any]]] = []
    expect: Expect | None = None

    @field_validator("orders", mode="before")
    @classmethod
    def _steps(cls, v: Any) -> Any:
        """An item with an ``order`` key is a step (checked strictly); any other an order."""
        if not isinstance(v, list):
            return v
        return [Step.model_validate(x) if isinstance(x, dict) and "order" in x else x for x in v]


# ---- reading ---------------------------------------------------------------------------
def _explain(e: ValidationError) -> str:
    err = e.errors()[0]
    loc = ".".join(str(x) for x in err["loc"] if not str(x).startswith(("function-", "union[")))
    if err["type"] == "extra_forbidden":
        return f"{loc}: unknown key {err['loc'][-1]!r}"
    return f"{loc}: {err['msg']} (got {err.get('input')!r})"


def parse(doc: Any) -> Scenario:
    if not isinstance(doc, dict):
        raise ScenarioError("a scenario is a JSON object")
    try:
        return Scenario.model_validate(doc)
    except ValidationError as e:
        raise ScenarioError(_explain(e)) from None


def load_file(path: str | Path) -> Scenario:
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise ScenarioError(f"cannot read {path}: {e}") from None
    return parse(doc)


def seat_of(who: Any, players: int) -> int:
    """A seat from a seat number, "2" or a dynasty name."""
    if isinstance(who, str) and who in DYNASTIES:
        seat = DYNASTIES.index(who)
    elif isinstance(who, str) and who.isdigit():
        seat = int(who)
    elif isinstance(who, int) and not isinstance(who, bool):
        seat = who
    else:
        raise ScenarioError(f"{who!r} is not a player (a seat number or {', '.join(DYNASTIES)})")
    if not 0 <= seat < players:
        raise ScenarioError(f"{who!r}: there is no seat {seat} in a {players}-player game")
    return seat


def square(text: str) -> Square:
    """ "B2" -> (1, 1)."""
    m = re.fullmatch(r"([A-Pa-p])(\d+)", text)
    if not m or not 1 <= int(m.group(2)) <= 11:
        raise ScenarioError(f"{text!r} is not a square (A1..P11)")
    return (ord(m.group(1).upper()) - ord("A"), int(m.group(2)) - 1)


def _cross(centre: Square) -> list[Square]:
    """The wonder's five squares around ``centre``, in reading order (TE-WON-01)."""
    c, r = centre
    return [(c, r - 1), (c - 1, r), (c, r), (c + 1, r), (c, r + 1)]


def _block(tl: Square) -> list[Square]:
    c, r = tl
    return [(c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)]


# ---- building the position -----------------------------------------------------------------
def build(doc: Scenario | dict) -> TEState:
    """The starting state the scenario describes (ScenarioError when it cannot occur)."""
    if not isinstance(doc, Scenario):
        doc = parse(doc)
    try:
        opts = engine.parse_options({"players": 2, **doc.options})
    except IllegalOrder as e:
        raise ScenarioError(f"options: {e.message}") from None
    s = engine.new_game(opts, doc.seed)
    n = s.players
    b = s.board
    # everything back off the board and out of the hands; the board starts empty or set up
    s.tiles.clear()
    s.treasures.clear()
    s.hands = [{c: 0 for c in COLOURS} for _ in range(n)]
    if doc.start == "setup":
        for q in b.shedu:
            s.tiles[q] = "red"
            s.treasures.add(q)
    for key, spec in doc.squares.items():
        q = square(key)
        if isinstance(spec, str):
            spec = SquareSpec() if spec == "empty" else SquareSpec(tile=spec)
        where = f"squares.{key}"
        for old in (s.tiles, s.leaders):
            old.pop(q, None)
        s.treasures.discard(q)
        parts = sum([spec.tile is not None, spec.catastrophe, spec.leader is not None])
        if parts > 1:
            raise ScenarioError(f"{where}: a square holds one thing: a tile, a catastrophe or a leader")
        if spec.tile is not None:
            if (spec.tile == "blue") != b.is_river(q):
                raise ScenarioError(f"{where}: a {'farm goes only on a river' if spec.tile == 'blue' else spec.tile + ' tile goes only on land'}"
                                    f" ({key} is {'a river square' if b.is_river(q) else 'land'}; TE-BASE-35)")
            s.tiles[q] = spec.tile
            if spec.face_down:
                s.face_down.add(q)
        elif spec.face_down:
            raise ScenarioError(f"{where}: only a tile can be face down")
        if spec.treasure:
            if spec.tile != "red" and not (doc.wonder and q in _cross(square(doc.wonder.at))):
                raise ScenarioError(f"{where}: a treasure lies on a temple (a red tile)")
            s.treasures.add(q)
        if spec.catastrophe:
            s.catastrophes.add(q)
        if spec.leader is not None:
            owner = seat_of(spec.leader.owner, n)
            if b.is_river(q):
                raise ScenarioError(f"{where}: a leader stands only on land (TE-BASE-29)")
            if s.leader_square(owner, spec.leader.colour) is not None:
                raise ScenarioError(f"{where}: {DYNASTIES[owner]}'s {spec.leader.colour} leader is "
                                    f"on the board twice")
            s.leaders[q] = (owner, spec.leader.colour)
    for mid, key in doc.monuments.items():
        tl = square(key)
        for q in _block(tl):
            if q not in s.tiles:
                raise ScenarioError(f"monuments.{mid}: the monument on {key} needs a tile on each of "
                                    f"{', '.join(name(x) for x in _block(tl))}; {name(q)} has none")
            s.face_down.add(q)
        s.monuments[mid] = tl
    for bid, key in doc.buildings.items():
        q = square(key)
        if not opts["buildings"]:
            raise ScenarioError(f"buildings.{bid}: the buildings need the option \"buildings\"")
        if not s.face_up(q, BUILDING_COLOURS[bid]):
            raise ScenarioError(f"buildings.{bid}: the {bid} stands on a face-up {BUILDING_COLOURS[bid]} "
                                f"tile; {key} holds none")
        s.buildings[bid] = q
    if doc.wonder is not None:
        if not opts["wonder"]:
            raise ScenarioError("wonder: the wonder needs the option \"wonder\"")
        five = _cross(square(doc.wonder.at))
        for q in five:
            if not b.on_board(q) or q in s.tiles or q in s.leaders or q in s.catastrophes:
                raise ScenarioError(f"wonder: its cross around {doc.wonder.at} covers "
                                    f"{', '.join(name(x) for x in five if b.on_board(x))}, which must be "
                                    f"on the board and hold nothing else; {name(q)} does not")
        s.wonder = {"at": list(square(doc.wonder.at)), "squares": [list(q) for q in five],
                    "colour": doc.wonder.colour, "by": seat_of(doc.wonder.by, n)}
    # players
    given = {}
    for key, spec in doc.players.items():
        seat = seat_of(key, n)
        if seat in given:
            raise ScenarioError(f"players.{key}: seat {seat} is given twice")
        given[seat] = spec
    for seat in range(n):
        spec = given.get(seat, PlayerSpec())
        s.hands[seat] = {c: spec.hand.get(c, 0) for c in COLOURS}
        s.points[seat] = {c: spec.points.get(c, 0) for c in COLOURS}
        s.collected[seat] = spec.treasures
        s.catastrophes_left[seat] = spec.catastrophes
    # accounting: tiles (TE-BASE-02), treasures (TE-BASE-07), catastrophes (TE-BASE-04)
    used = {c: sum(1 for v in s.tiles.values() if v == c) + sum(h[c] for h in s.hands) for c in COLOURS}
    bag_given = list(doc.bag) if doc.bag is not None else None
    for c in COLOURS:
        extra = bag_given.count(c) if bag_given is not None else 0
        if used[c] + extra > TILE_COUNTS[c]:
            raise ScenarioError(f"{c}: {used[c]} tiles on the board and in hands + {extra} in the bag "
                                f"is more than the game's {TILE_COUNTS[c]} (TE-BASE-02)")
    if bag_given is None:
        rest = [c for c in COLOURS for _ in range(TILE_COUNTS[c] - used[c])]
        r = s.rng_obj()
        r.shuffle(rest)
        s.set_rng(r)
        s.bag = rest
        s.removed = {c: 0 for c in COLOURS}
    else:
        s.bag = list(reversed(bag_given))  # the engine draws from the end
        s.removed = {c: TILE_COUNTS[c] - used[c] - bag_given.count(c) for c in COLOURS}
    total = len(b.shedu)
    held = sum(s.collected)
    if len(s.treasures) + held != total:
        raise ScenarioError(f"treasures: {len(s.treasures)} on the board + {held} held by the players "
                            f"must be the board's {total} (TE-BASE-07); give the others to players "
                            f"(players.SEAT.treasures)")
    cats = sum(s.catastrophes_left) + len(s.catastrophes)
    if cats != CATASTROPHES_EACH * n:
        raise ScenarioError(f"catastrophes: {sum(s.catastrophes_left)} in the players' supplies + "
                            f"{len(s.catastrophes)} on the board must be {CATASTROPHES_EACH * n} "
                            f"(TE-BASE-04); set players.SEAT.catastrophes")
    s.turn = doc.turn
    s.start_player = 0
    s.active = seat_of(doc.active, n)
    s.actions_left = doc.actions_left
    s.phase = "action"
    s.ctx = None
    bad = violations(s)
    if bad:
        raise ScenarioError("the position cannot occur: " + "; ".join(bad))
    return s


# ---- orders ----------------------------------------------------------------------------
def engine_order(order: dict, players: int) -> dict:
    """The engine's order from a scenario's: ``player`` may be a dynasty, squares may be names."""
    o = dict(order)
    if "player" in o:
        o["player"] = seat_of(o["player"], players)
    for k in ("to", "at"):
        if isinstance(o.get(k), str):
            c, r = square(o[k])
            o[k] = [c, r]
    return o


@dataclass
class Result:
    state: TEState
    events: list[Event] = field(default_factory=list)
    #: orders refused: {"step": i, "rule": id, "error": text, "expected": bool}
    refused: list[dict] = field(default_factory=list)
    mismatches: list[str] = field(default_factory=list)


def run(doc: Scenario | dict) -> Result:
    """Build the position, apply each step, and check the expectations."""
    if not isinstance(doc, Scenario):
        doc = parse(doc)
    s = build(doc)
    res = Result(state=s)
    for i, item in enumerate(doc.orders, 1):
        step = item if isinstance(item, Step) else Step(order=item)
        where = f"step {i}"
        try:
            order = engine_order(step.order, s.players)
        except ScenarioError as e:
            raise ScenarioError(f"orders[{i - 1}]: {e}") from None
        before = s.digest()
        try:
            # {"type": "timeout", "player": P}: the deadline passed, the decision's default applies
            s2, ev = engine.apply(s, order, platform=order.get("type") == "timeout")
        except IllegalOrder as e:
            res.refused.append({"step": i, "rule": e.rule, "error": f"{e.rule}: {e.message}",
                                "expected": step.refused is not None})
            if step.refused is None:
                res.mismatches.append(f"{where}: refused ({e.rule}: {e.message})")
            elif e.rule != step.refused:
                res.mismatches.append(f"{where}: refused under {e.rule} ({e.message}), not "
                                      f"{step.refused}")
            if s.digest() != before:
                res.mismatches.append(f"{where}: the refusal changed the state")
            ev = []
        else:
            if step.refused is not None:
                res.mismatches.append(f"{where}: expected a refusal under {step.refused}, but the "
                                      f"order was accepted")
            s = s2
            bad = violations(s)
            if bad:
                res.mismatches.append(f"{where}: the state is unsound: " + "; ".join(bad))
        res.events += ev
        if step.expect is not None:
            res.mismatches += [f"{where}: {m}" for m in check(s, step.expect, ev)]
    res.state = s
    if doc.expect is not None:
        res.mismatches += [f"at the end: {m}" for m in check(s, doc.expect, res.events)]
    return res


# ---- expectations ----------------------------------------------------------------------
def _leader_words(owner: int, colour: str) -> str:
    return f"{DYNASTIES[owner]}'s {colour} leader"


def _square_now(s: TEState, q: Square) -> dict:
    mon = next((m for m, tl in s.monuments.items() if tl is not None and q in _block(tl)), None)
    ld = s.leaders.get(q)
    bld = next((b for b, at in sorted(s.buildings.items()) if at == q), None)
    won = bool(s.wonder and list(q) in (s.wonder.get("squares") or []))
    return {"tile": s.tiles.get(q), "face_down": q in s.face_down, "treasure": q in s.treasures,
            "catastrophe": q in s.catastrophes, "leader": ld, "monument": mon, "building": bld,
            "wonder": won, "occupied": not s.empty(q)}


def _describe(now: dict) -> str:
    if now["leader"]:
        return _leader_words(*now["leader"])
    if now["catastrophe"]:
        return "a catastrophe"
    if now["wonder"]:
        return "the wonder" + (" with a treasure" if now["treasure"] else "")
    if now["tile"]:
        return (f"a {now['tile']} tile" + (" face down" if now["face_down"] else "")
                + (" with a treasure" if now["treasure"] else "")
                + (f" with the {now['building']}" if now["building"] else ""))
    return "nothing"


def check(s: TEState, e: Expect, events: list[Event]) -> list[str]:
    """What differs from ``e`` in ``s`` (and the ``events``), in words."""
    out: list[str] = []
    n = s.players
    seat = lambda k: seat_of(k, n)  # noqa: E731
    given = e.model_fields_set
    for k, cols in e.points.items():
        p = seat(k)
        for c, v in cols.items():
            if s.points[p][c] != v:
                out.append(f"{DYNASTIES[p]} should have {v} {c} VP, has {s.points[p][c]}")
    for key, want in e.squares.items():
        q = square(key)
        now = _square_now(s, q)
        if want == "empty":
            if now["occupied"]:
                out.append(f"{key} should be empty, holds {_describe(now)}")
            continue
        if isinstance(want, str):
            want = SquareExpect(tile=want)
        for f in sorted(want.model_fields_set):
            v = getattr(want, f)
            if f == "empty":
                if v == now["occupied"]:
                    out.append(f"{key} should {'be empty' if v else 'be occupied'}, holds {_describe(now)}")
            elif f == "leader":
                got = now["leader"]
                exp = (seat(v.owner), v.colour) if v is not None else None
                if got != exp:
                    out.append(f"{key} should hold {_leader_words(*exp) if exp else 'no leader'}, "
                               f"holds {_describe(now)}")
            elif now[f] != v:
                out.append(f"{key}: {f} should be {v!r}, is {now[f]!r}")
    for k, cols in e.leaders_in_supply.items():
        p = seat(k)
        off = sorted(c for c in COLOURS if s.leader_square(p, c) is None)
        if off != sorted(cols):
            out.append(f"{DYNASTIES[p]}'s leaders in supply should be {sorted(cols)}, are {off}")
    for k, cols in e.hands.items():
        p = seat(k)
        for c, v in cols.items():
            if s.hands[p][c] != v:
                out.append(f"{DYNASTIES[p]} should hold {v} {c} tiles, holds {s.hands[p][c]}")
    for k, v in e.hand_size.items():
        p = seat(k)
        if sum(s.hands[p].values()) != v:
            out.append(f"{DYNASTIES[p]} should hold {v} tiles, holds {sum(s.hands[p].values())}")
    for k, v in e.treasures_held.items():
        p = seat(k)
        if s.collected[p] != v:
            out.append(f"{DYNASTIES[p]} should hold {v} treasures, holds {s.collected[p]}")
    if e.treasures_on_board is not None and len(s.treasures) != e.treasures_on_board:
        out.append(f"{e.treasures_on_board} treasures should be on the board, "
                   f"{len(s.treasures)} are ({', '.join(name(q) for q in sorted(s.treasures, key=lambda q: (q[1], q[0])))})")
    for k, v in e.catastrophes_left.items():
        p = seat(k)
        if s.catastrophes_left[p] != v:
            out.append(f"{DYNASTIES[p]} should have {v} catastrophes left, has {s.catastrophes_left[p]}")
    for m, key in e.monuments.items():
        at = s.monuments.get(m)
        want = square(key) if key is not None else None
        if at != want:
            out.append(f"the {m} monument should be {'on ' + key if key else 'unbuilt'}, is "
                       f"{'on ' + name(at) if at else 'unbuilt'}")
    for bid, key in e.buildings.items():
        at = s.buildings.get(bid)
        want = square(key) if key is not None else None
        if at != want:
            out.append(f"the {bid} should be {'on ' + key if key else 'beside the board'}, is "
                       f"{'on ' + name(at) if at else 'beside the board'}")
    if "wonder" in given:
        at = tuple(s.wonder["at"]) if s.wonder and s.wonder.get("at") is not None else None
        want = square(e.wonder) if e.wonder is not None else None
        if at != want:
            out.append(f"the wonder should be {'on ' + e.wonder if want else 'unbuilt'}, is "
                       f"{'on ' + name(at) if at else 'unbuilt'}")
    for c, v in e.out_of_game.items():
        if s.removed[c] != v:
            out.append(f"{v} {c} tiles should be out of the game, {s.removed[c]} are")
    if e.bag is not None and len(s.bag) != e.bag:
        out.append(f"the bag should hold {e.bag} tiles, holds {len(s.bag)}")
    if "unification" in given:
        want = square(e.unification) if e.unification is not None else None
        if s.unification != want:
            out.append(f"the unification marker should be {'on ' + name(want) if want else 'off the board'}, "
                       f"is {'on ' + name(s.unification) if s.unification else 'off the board'}")
    if "conflict" in given:
        if e.conflict is None:
            if s.conflict is not None:
                out.append(f"no conflict should be open, but a {s.conflict['kind']} is")
        elif s.conflict is None:
            out.append("a conflict should be open, none is")
        else:
            for k, v in e.conflict.items():
                got = s.conflict.get(k)
                if k in ("attacker", "defender") and v is not None:
                    v = seat(v)
                if k.endswith("_square") and isinstance(v, str):
                    v = list(square(v))
                if got != v:
                    out.append(f"conflict {k} should be {v!r}, is {got!r}")
    if "pending" in given:
        if e.pending is None:
            if not s.finished:
                out.append(f"no decision should be pending, but {s.phase} is")
        elif s.finished:
            out.append(f"a {e.pending.kind} decision should be pending; the game is over")
        else:
            who = decider(s)
            want = seat(e.pending.player)
            if s.phase != e.pending.kind or who != want:
                out.append(f"the pending decision should be {e.pending.kind} by {DYNASTIES[want]}, is "
                           f"{s.phase} by {DYNASTIES[who]}")
            if e.pending.options is not None:
                opts = engine.decision_options(s, private=True)  # the decider's own view of it
                for k, v in e.pending.options.items():
                    if opts.get(k) != v:
                        out.append(f"the decision's {k} should be {v!r}, is {opts.get(k)!r}")
    if e.turn is not None and s.turn != e.turn:
        out.append(f"the turn should be {e.turn}, is {s.turn}")
    if e.active is not None and s.active != seat(e.active):
        out.append(f"the active player should be {DYNASTIES[seat(e.active)]}, is {DYNASTIES[s.active]}")
    if e.actions_left is not None and s.actions_left != e.actions_left:
        out.append(f"{e.actions_left} actions should be left, {s.actions_left} are")
    if e.finished is not None and s.finished != e.finished:
        out.append(f"the game should {'be over' if e.finished else 'go on'}, "
                   f"{'is over' if s.finished else 'goes on'}")
    for k, cols in e.final_totals.items():
        p = seat(k)
        tot = final_totals(s, p)
        for c, v in cols.items():
            if tot[c] != v:
                out.append(f"{DYNASTIES[p]}'s final {c} total should be {v}, is {tot[c]}")
    for k, v in e.score.items():
        p = seat(k)
        if score_vector(s, p)[0] != v:
            out.append(f"{DYNASTIES[p]}'s score should be {v}, is {score_vector(s, p)[0]}")
    for k, v in e.score_vector.items():
        p = seat(k)
        if list(score_vector(s, p)) != v:
            out.append(f"{DYNASTIES[p]}'s sorted totals should be {v}, are {list(score_vector(s, p))}")
    if e.places:
        pl = places(s)
        for k, v in e.places.items():
            p = seat(k)
            if pl[p] != v:
                out.append(f"{DYNASTIES[p]} should place {v}, places {pl[p]}")
    texts = [ev.text for ev in events]
    for want in e.events_contain:
        words = [want] if isinstance(want, str) else want
        if not any(all(w in t for w in words) for t in texts):
            out.append(f"no event contains {' + '.join(repr(w) for w in words)}")
    pos = 0
    for w in e.events_in_order:
        hit = next((i for i in range(pos, len(texts)) if w in texts[i]), None)
        if hit is None:
            out.append(f"no event after the previous one contains {w!r}" if pos else f"no event contains {w!r}")
            break
        pos = hit + 1
    for w in e.events_lack:
        if any(w in t for t in texts):
            out.append(f"an event contains {w!r}, which should not happen")
    return out


def summary(s: TEState) -> dict:
    """A short JSON picture of the state (the command line's output)."""
    return {
        "turn": s.turn, "active": DYNASTIES[s.active], "actions_left": s.actions_left,
        "phase": s.phase, "finished": s.finished,
        "squares": {name(q): _describe(_square_now(s, q))
                    for q in sorted(set(s.tiles) | set(s.leaders) | s.catastrophes
                                    | {tuple(x) for x in ((s.wonder or {}).get("squares") or [])},
                                    key=lambda q: (q[1], q[0]))},
        "players": {DYNASTIES[p]: {"points": s.points[p], "hand": s.hands[p],
                                   "treasures": s.collected[p],
                                   "leaders_in_supply": [c for c in COLOURS if s.leader_square(p, c) is None]}
                    for p in range(s.players)},
        "monuments": {m: name(tl) for m, tl in s.monuments.items() if tl is not None},
    }


__all__ = ["Scenario", "ScenarioError", "Result", "Expect", "Step", "parse", "load_file", "build",
           "run", "check", "summary"]
