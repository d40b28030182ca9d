"""The game state of Advanced Civilization: plain data with an exact JSON round trip.

Everything that changes during a game is here, the random generator's state included, so a
state can be saved, copied, compared and replayed. Rules never keep state anywhere else.
Per-phase scratch data lives in ``GameState.step`` (a JSON-able dict owned by the current
phase, cleared when the phase changes).
"""
from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import asdict, dataclass, field, fields
from functools import cache
from operator import attrgetter
from typing import Annotated, Any

from pydantic import AfterValidator, Field, ValidationError
from pydantic_core import PydanticCustomError

from ..contract import IllegalOrder

#: The key of the plain game among the variants (``variant.py``).
STANDARD = "standard"


def _plain_copy(x: Any) -> Any:
    """Copy plain JSON-like data (dicts, lists, scalars) much faster than ``copy.deepcopy``."""
    t = type(x)
    if t is dict:
        return {k: _plain_copy(v) for k, v in x.items()}
    if t is list:
        return [_plain_copy(v) for v in x]
    if t is tuple:
        return tuple(_plain_copy(v) for v in x)
    return x


def copy_options(o: "Options") -> "Options":
    """An independent copy of a game's options (its variant's own copied too); as
    ``dataclasses.replace``, several times faster (every information state makes one)."""
    new = Options(*_option_values(o))
    if new.variant_options is not None:
        new.variant_options = _plain_copy(new.variant_options)
    return new


def _known_variant(name: str) -> str:
    """The option ``variant`` names a registered variant exactly (``variant.VARIANTS``)."""
    from .variant import find_variant

    try:
        find_variant(name)
    except IllegalOrder as e:
        raise PydanticCustomError("unknown_id", "{text}", {"text": e.message}) from None
    return name


class _VariantSchema:
    """The JSON Schema of the option ``variant``: the variants the product registers
    (``variant.BUILT_IN``; one registered later, e.g. by a test, is accepted but not
    advertised). Made when the schema is asked for, not when this module is imported."""

    def __get_pydantic_json_schema__(self, core_schema: Any, handler: Any) -> dict[str, Any]:
        from .variant import BUILT_IN

        names = sorted(BUILT_IN)
        return {"type": "string", **({"const": names[0]} if len(names) == 1 else {"enum": names})}


#: The name of a registered variant (``variant.py``): "standard" is the plain game.
VariantName = Annotated[str, Field(max_length=40), AfterValidator(_known_variant), _VariantSchema()]


@dataclass(slots=True)
class Options:
    """Game-creation options (SITE-CREATE-*), each typed for strict validation (schema.py)."""

    players: Annotated[int, Field(ge=2, le=8, description="number of players (16.1)")] = 7
    #: a §16 configuration key; None = the default for the count
    board: Annotated[str, Field(max_length=40, description="board configuration (16)")] | None = None
    #: play with the Western Extension Map (3.1A, 4.61); Italy's slot is Iberia
    wem: bool = False
    #: SITE-CREATE-06; None = the §16 figure for the board
    tokens: Annotated[int, Field(ge=1, le=55, description="tokens per nation (5.1)")] | None = None
    hand_limit: Annotated[int, Field(ge=1, le=30, description="trade cards kept (31.71)")] = 8
    stoic: bool = False  # SITE-CREATE-12
    show_deck_counts: bool = False  # SITE-CREATE-08
    show_nontradable_depth: bool = False  # SITE-CREATE-09
    only_active_calamity: bool = False  # SITE-CREATE-10
    shuffle_nontradable_with_bottom_two: bool = False  # SITE-CREATE-11
    public_trade_message: bool = True  # SITE-CREATE-13 (True = the email goes out)
    #: 34.1B: end after this many turns
    turn_limit: Annotated[int, Field(ge=1, le=1000, description="end after this many turns (34.1B)")] | None = None
    #: the rules played: a key of ``variant.VARIANTS``; "standard" = the plain game
    variant: VariantName = STANDARD
    #: the Expansion Project's major calamities (Cyclone, Corruption, Tyranny, Regression) in
    #: stacks 6-9, and its eight minor ones in stacks 2-9 (variants.md section 3, CPCAL-*)
    ep_major: bool = False
    ep_minor: bool = False
    #: with ``ep_major``: the Expansion Project's later text in place of the page's cards
    #: Advanced Civilization lacks (Engineering for Calendar against Cyclone, Military and
    #: Democracy for Sculpture against Tyranny; data/expansion_calamities.json ``modifiers``,
    #: rulings EPC-2, EPC-4). Off: seed 002's page as it stands (SITE-SAFE-12). Left out of a
    #: state's JSON while off, so a game without it keeps the JSON and digest it had.
    ep_later_modifiers: bool = False
    #: start from this prepared position (a scenario document's position, docs/scenarios.md)
    #: instead of nation picking; None = a normal start. Only the game's stored options hold
    #: it: the state's own options have None (the view shows them, and hands are secret).
    position: Annotated[dict[str, Any], Field(description="a prepared start position "
                                                          "(docs/scenarios.md)")] | None = None
    #: the variant's own sub-options (e.g. Grand Imperial's ``ast_advances``), checked strictly
    #: by the variant's model (``Variant.options_model``; the plain game has none, so it takes
    #: none); None = the variant's defaults. Left out of the JSON while None, so a plain
    #: game's options, state and digest do not show it.
    variant_options: Annotated[dict[str, Any], Field(max_length=40, description="the variant's own "
                                                     "sub-options (its model checks them)")] | None = None

    def to_json(self, *, every: bool = False) -> dict[str, Any]:
        """The options as plain JSON data: every field, but ``variant_options`` only when set
        and ``ep_later_modifiers`` only when on (``every``: that one always, as a game's stored
        options list it)."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        if not out["ep_later_modifiers"] and not every:
            del out["ep_later_modifiers"]
        if out["variant_options"] is None:
            del out["variant_options"]
        else:
            out["variant_options"] = _plain_copy(out["variant_options"])
        return out

    @classmethod
    def from_json(cls, d: Any) -> "Options":
        """Options from their JSON form; IllegalOrder naming the option and its rule if any
        is unknown or of the wrong type or range (no coercion: ``"5"`` is not 5)."""
        from .schema import explain

        if not isinstance(d, dict):
            raise IllegalOrder("16.1", "game options must be a JSON object")
        try:
            m = options_model().model_validate(d)
        except ValidationError as e:
            first = str(e.errors()[0]["loc"][0]) if e.errors()[0]["loc"] else ""
            raise IllegalOrder(OPTION_RULES.get(first, "16.1"),
                               f"game options: {explain(e, noun='option', model=options_model())}") from None
        return cls(**{f.name: getattr(m, f.name) for f in fields(cls)})


#: Every option's value, in the order of the fields (``Options(*_option_values(o))`` copies).
_option_values = attrgetter(*(f.name for f in fields(Options)))

#: The rule each option comes from, cited when it is refused.
OPTION_RULES = {"players": "16.1", "board": "16.1", "wem": "3.1", "tokens": "5.1",
                "hand_limit": "31.71", "turn_limit": "34.1", "stoic": "29.4", "ep_major": "CPCAL-00a", "ep_minor": "CPCAL-00a",
                "ep_later_modifiers": "SITE-SAFE-12",
                "position": "16.1", "variant_options": "16.1"}


@cache
def options_model():
    """The strict pydantic model of :class:`Options` (and its JSON Schema)."""
    from .schema import strict_model

    return strict_model(Options, "options", name="AdvcivOptions")


@dataclass(slots=True)
class Player:
    """One seat of the game and the nation it plays."""

    seat: int
    nation: str | None = None
    stock: int = 0  # tokens in stock (11.1)
    treasury: int = 0  # tokens in treasury (11.2)
    hand: list[str] = field(default_factory=list)  # trade cards, secret (27.4)
    civ_cards: dict[str, int] = field(default_factory=dict)  # card -> turn acquired
    ast: int = 0  # A.S.T. space, 0 = start arrow (10.2)
    census: int = 0  # tokens on board at census (21)
    inert: bool = False  # departed player (15.6)
    new_cities: list[str] = field(default_factory=list)  # cities built/acquired this turn (26.32)
    flags: dict[str, Any] = field(default_factory=dict)  # small per-turn markers (e.g. mining used)

    def has(self, card: str) -> bool:
        """Owns ``card``, or holds it for this turn only (``flags["temp_cards"]``, which only a
        variant's rules set, e.g. Grand Imperial's Leadership cards; plain flags never hold it)."""
        return card in self.civ_cards or (bool(self.flags) and card in self.flags.get("temp_cards", ()))


@dataclass(slots=True)
class Board:
    """What stands on the map. Owners are nation ids (or ``barbarians`` / ``pirates``)."""

    tokens: dict[str, dict[str, int]] = field(default_factory=dict)  # area -> owner -> count
    cities: dict[str, str] = field(default_factory=dict)  # area -> owner
    ships: dict[str, list[str]] = field(default_factory=dict)  # nation -> areas (one per ship)

    def count(self, area: str, owner: str) -> int:
        return self.tokens.get(area, {}).get(owner, 0)

    def owners(self, area: str) -> list[str]:
        return [o for o, n in self.tokens.get(area, {}).items() if n > 0]


@dataclass(slots=True)
class GameState:
    options: Options
    players: list[Player]
    board: Board = field(default_factory=Board)
    stacks: list[list[str]] = field(default_factory=lambda: [[] for _ in range(9)])  # index 0 = stack 1, top first
    set_aside: list[str] = field(default_factory=list)  # cards awaiting restacking (29.7, 31.8)
    turn: int = 0
    phase: str = "pick"
    step: dict[str, Any] = field(default_factory=dict)
    rng: int = 0
    order_count: int = 0
    finished: bool = False
    winners: list[int] = field(default_factory=list)
    unused_nations: list[str] = field(default_factory=list)  # 15.31
    retained_cards: dict[str, list[str]] = field(default_factory=dict)  # inert nation -> cards (15.62)
    #: a variant's own state (``variant.py``), plain JSON data; always empty in the plain game,
    #: and left out of the JSON when empty, so a plain game's JSON and digest do not show it
    variant_state: dict[str, Any] = field(default_factory=dict)

    # ---- serialisation -------------------------------------------------
    def to_json(self) -> dict:
        """The state as plain JSON data (equal to ``dataclasses.asdict``, several times faster:
        the platform stores a state after every order), without ``variant_state`` when it is
        empty."""
        out = {f.name: _plain_copy(getattr(self, f.name)) for f in fields(self)
               if f.name not in ("options", "players", "board", "variant_state")}
        if self.variant_state:
            out["variant_state"] = _plain_copy(self.variant_state)
        out["options"] = self.options.to_json()
        out["players"] = [{f.name: _plain_copy(getattr(p, f.name)) for f in fields(p)} for p in self.players]
        b = self.board
        out["board"] = {"tokens": _plain_copy(b.tokens), "cities": dict(b.cities), "ships": _plain_copy(b.ships)}
        return out

    @classmethod
    def from_json(cls, d: dict, *, fresh: bool = False) -> "GameState":
        """The state from its JSON form (``fresh``: ``d`` is the caller's to consume, e.g. just
        parsed, so it is not copied first)."""
        d = d if fresh else copy.deepcopy(d)
        d["options"] = Options(**d["options"])  # a stored state: trusted, already validated
        d["players"] = [Player(**p) for p in d["players"]]
        d["board"] = Board(**d["board"])
        return cls(**d)

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> "GameState":
        return cls.from_json(json.loads(text), fresh=True)

    def copy(self) -> "GameState":
        """An independent copy (equal to a JSON round trip, much faster)."""
        b = self.board
        return GameState(
            options=copy_options(self.options),
            players=[Player(p.seat, p.nation, p.stock, p.treasury, list(p.hand), dict(p.civ_cards), p.ast,
                            p.census, p.inert, list(p.new_cities), _plain_copy(p.flags))
                     for p in self.players],
            board=Board({a: m.copy() for a, m in b.tokens.items()}, dict(b.cities),
                        {n: list(v) for n, v in b.ships.items()}),
            stacks=[list(st) for st in self.stacks],
            set_aside=list(self.set_aside),
            turn=self.turn,
            phase=self.phase,
            step=_plain_copy(self.step),
            rng=self.rng,
            order_count=self.order_count,
            finished=self.finished,
            winners=list(self.winners),
            unused_nations=list(self.unused_nations),
            retained_cards={n: list(v) for n, v in self.retained_cards.items()},
            variant_state=_plain_copy(self.variant_state),
        )

    def digest(self) -> str:
        """A hash of the whole state (two equal states have equal digests)."""
        return hashlib.sha256(self.dumps().encode()).hexdigest()

    # ---- lookups -------------------------------------------------------
    def player(self, nation: str) -> Player:
        for p in self.players:
            if p.nation == nation:
                return p
        raise KeyError(nation)

    def nations(self) -> list[str]:
        return [p.nation for p in self.players if p.nation]
