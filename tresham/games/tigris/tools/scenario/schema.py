"""The format of a Tigris & Euphrates scenario file (docs/scenarios.md, section "Tigris &
Euphrates scenarios") as strict pydantic models: unknown keys and wrong types are refused by
name. :class:`Scenario` is the file, :class:`Step` one order with what should follow it,
:class:`Expect` what should hold after a step or at the end.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ...state import CATASTROPHES_EACH

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
