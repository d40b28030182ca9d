"""The game state of Tigris & Euphrates: plain data with an exact JSON round trip.

Everything that changes during a game lives in :class:`TEState`, the random generator's
state included (``random.Random.getstate()`` as JSON), so a state can be saved, copied,
compared and replayed. Squares are ``(c, r)`` tuples in Python and ``[c, r]`` in JSON.

Counts by colour (TE-BASE-02): 57 red, 36 blue, 30 green, 30 black = 153 tiles. The
Shedu squares start with a red temple and a treasure (TE-BASE-17, TE-ADVB-02/05).
"""
from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from . import board as boardmod
from .board import Square

COLOURS = ("red", "blue", "green", "black")
#: the tiles of each colour (TE-BASE-02)
TILE_COUNTS = {"red": 57, "blue": 36, "green": 30, "black": 30}
TILE_NAMES = {"red": "temple", "blue": "farm", "green": "market", "black": "settlement"}
LEADER_NAMES = {"red": "priest", "blue": "farmer", "green": "trader", "black": "king"}
#: seat -> dynasty (TE-BASE-05, the contract's words)
DYNASTIES = ("archer", "bull", "lion", "urn")
#: the six monuments, named by their colours in the order red, blue, green, black (TE-BASE-06)
MONUMENTS = ("red-blue", "red-green", "red-black", "blue-green", "blue-black", "green-black")
#: the civilization buildings and their colours (TE-BLD-02)
BUILDINGS = {"library": "red", "granary": "blue", "market_hall": "green", "palace": "black"}
HAND_SIZE = 6
CATASTROPHES_EACH = 2


@cache
def neighbour_table(side: str) -> dict[Square, tuple[Square, ...]]:
    """Each square's edge neighbours (TE-BASE-13), computed once per board side."""
    b = boardmod.load(side)
    return {sq: tuple(b.neighbours(sq)) for sq in b.squares()}


#: the edge neighbours of the 16 x 11 grid, the same on both sides of the board
_NB = neighbour_table("base")
assert _NB == neighbour_table("advanced")


def monument_colours(mid: str) -> tuple[str, str]:
    a, b = mid.split("-")
    return a, b


def _sq(x: Any) -> Square:
    return (int(x[0]), int(x[1]))


def _sqs(xs: Any) -> list[list[int]]:
    return [list(s) for s in sorted(xs, key=lambda s: (s[1], s[0]))]


def _in_order(d: dict, canon) -> list:
    """The keys of ``d`` in the canonical order ``canon`` (then any others, sorted), so that a
    state read back from JSON iterates its dicts as the fresh one did."""
    canon = list(canon)
    return [k for k in canon if k in d] + sorted(k for k in d if k not in canon)


def reading(sq: Square) -> tuple[int, int]:
    """Sort key: reading order (row, then column)."""
    return (sq[1], sq[0])


@dataclass(slots=True)
class TEState:
    """One game of Tigris & Euphrates.

    ``phase`` is the decision the game waits on ("action", "commit", "war_order", "treasure",
    "monument", plus the additions' "building", "wonder", "wonder_point"; "over" once
    finished). ``ctx`` is the current action's scratch data (JSON), ``conflict`` the revolt or
    war being fought (JSON). ``extra`` is free JSON for the advanced additions."""

    options: dict
    rng: list
    bag: list[str]
    hands: list[dict[str, int]]
    tiles: dict[Square, str] = field(default_factory=dict)
    face_down: set[Square] = field(default_factory=set)
    treasures: set[Square] = field(default_factory=set)
    catastrophes: set[Square] = field(default_factory=set)
    leaders: dict[Square, tuple[int, str]] = field(default_factory=dict)
    monuments: dict[str, Square | None] = field(default_factory=dict)
    unification: Square | None = None
    removed: dict[str, int] = field(default_factory=lambda: {c: 0 for c in COLOURS})
    catastrophes_left: list[int] = field(default_factory=list)
    collected: list[int] = field(default_factory=list)
    points: list[dict[str, int]] = field(default_factory=list)
    start_player: int = 0
    active: int = 0
    turn: int = 1
    actions_left: int = 2
    phase: str = "action"
    ctx: dict | None = None
    conflict: dict | None = None
    finished: bool = False
    end_reason: str = ""
    order_count: int = 0
    buildings: dict[str, Square | None] = field(default_factory=dict)
    wonder: dict | None = None
    extra: dict = field(default_factory=dict)

    # ---- derived ---------------------------------------------------------------------
    @property
    def players(self) -> int:
        return int(self.options["players"])

    @property
    def board(self) -> boardmod.Board:
        return boardmod.load(self.options.get("board", "base"))

    def nb(self, sq: Square) -> tuple[Square, ...]:
        """The squares sharing an edge with ``sq`` (TE-BASE-13); both sides share the grid."""
        return _NB[sq]

    def rng_obj(self) -> random.Random:
        r = random.Random()
        v, internal, gauss = self.rng
        r.setstate((v, tuple(internal), gauss))
        return r

    def set_rng(self, r: random.Random) -> None:
        v, internal, gauss = r.getstate()
        self.rng = [v, list(internal), gauss]

    def leader_square(self, owner: int, colour: str) -> Square | None:
        for sq, (o, c) in self.leaders.items():
            if o == owner and c == colour:
                return sq
        return None

    def face_up(self, sq: Square, colour: str | None = None) -> bool:
        """A face-up tile (of ``colour``) stands on ``sq`` (TE-BASE-65: face-down ones do not count)."""
        c = self.tiles.get(sq)
        return c is not None and sq not in self.face_down and (colour is None or c == colour)

    def empty(self, sq: Square) -> bool:
        """Nothing at all on ``sq``: no tile, leader or catastrophe (the additions may add more)."""
        if sq in self.tiles or sq in self.leaders or sq in self.catastrophes:
            return False
        w = self.wonder
        return not (w and w.get("squares") and list(sq) in w["squares"])

    # ---- copy and JSON ----------------------------------------------------------------
    def copy(self) -> "TEState":
        return TEState(
            options=dict(self.options), rng=[self.rng[0], self.rng[1], self.rng[2]],
            bag=list(self.bag), hands=[dict(h) for h in self.hands], tiles=dict(self.tiles),
            face_down=set(self.face_down), treasures=set(self.treasures),
            catastrophes=set(self.catastrophes), leaders=dict(self.leaders),
            monuments=dict(self.monuments), unification=self.unification,
            removed=dict(self.removed), catastrophes_left=list(self.catastrophes_left),
            collected=list(self.collected), points=[dict(p) for p in self.points],
            start_player=self.start_player, active=self.active, turn=self.turn,
            actions_left=self.actions_left, phase=self.phase,
            ctx=json.loads(json.dumps(self.ctx)) if self.ctx is not None else None,
            conflict=dict(self.conflict) if self.conflict is not None else None,
            finished=self.finished, end_reason=self.end_reason, order_count=self.order_count,
            buildings=dict(self.buildings),
            wonder=json.loads(json.dumps(self.wonder)) if self.wonder is not None else None,
            extra=json.loads(json.dumps(self.extra)))

    def to_json(self) -> dict:
        return {
            "options": self.options, "rng": self.rng, "bag": self.bag, "hands": self.hands,
            "tiles": [[sq[0], sq[1], c] for sq, c in sorted(self.tiles.items(), key=lambda x: reading(x[0]))],
            "face_down": _sqs(self.face_down), "treasures": _sqs(self.treasures),
            "catastrophes": _sqs(self.catastrophes),
            "leaders": [[sq[0], sq[1], o, c] for sq, (o, c) in
                        sorted(self.leaders.items(), key=lambda x: reading(x[0]))],
            "monuments": {m: (list(sq) if sq is not None else None) for m, sq in sorted(self.monuments.items())},
            "unification": list(self.unification) if self.unification is not None else None,
            "removed": self.removed, "catastrophes_left": self.catastrophes_left,
            "collected": self.collected, "points": self.points,
            "start_player": self.start_player, "active": self.active, "turn": self.turn,
            "actions_left": self.actions_left, "phase": self.phase, "ctx": self.ctx,
            "conflict": self.conflict, "finished": self.finished, "end_reason": self.end_reason,
            "order_count": self.order_count,
            "buildings": {b: (list(sq) if sq is not None else None) for b, sq in sorted(self.buildings.items())},
            "wonder": self.wonder, "extra": self.extra,
        }

    @classmethod
    def from_json(cls, d: dict) -> "TEState":
        """The state of ``d`` (as :meth:`to_json` gives it), sharing no mutable part with it."""
        d = json.loads(json.dumps(d))
        return cls(
            options=d["options"], rng=d["rng"], bag=list(d["bag"]),
            hands=[dict(h) for h in d["hands"]],
            tiles={(t[0], t[1]): t[2] for t in d["tiles"]},
            face_down={_sq(s) for s in d["face_down"]}, treasures={_sq(s) for s in d["treasures"]},
            catastrophes={_sq(s) for s in d["catastrophes"]},
            leaders={(x[0], x[1]): (x[2], x[3]) for x in d["leaders"]},
            monuments={m: (_sq(d["monuments"][m]) if d["monuments"][m] is not None else None)
                       for m in _in_order(d["monuments"], MONUMENTS)},
            unification=_sq(d["unification"]) if d["unification"] is not None else None,
            removed=dict(d["removed"]), catastrophes_left=list(d["catastrophes_left"]),
            collected=list(d["collected"]), points=[dict(p) for p in d["points"]],
            start_player=d["start_player"], active=d["active"], turn=d["turn"],
            actions_left=d["actions_left"], phase=d["phase"], ctx=d["ctx"], conflict=d["conflict"],
            finished=d["finished"], end_reason=d["end_reason"], order_count=d["order_count"],
            buildings={b: (_sq(d["buildings"][b]) if d["buildings"][b] is not None else None)
                       for b in _in_order(d["buildings"], BUILDINGS)},
            wonder=d["wonder"], extra=d["extra"])

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> "TEState":
        return cls.from_json(json.loads(text))

    def digest(self) -> str:
        return hashlib.sha256(self.dumps().encode()).hexdigest()


def new_state(options: dict, seed: int | str) -> TEState:
    """A fresh game (TE-BASE-17..21): a temple and a treasure on each Shedu square, the rest
    of the 153 tiles in the bag (shuffled), six tiles a hand, two catastrophes a player,
    the start player drawn at random (TE-Z-05). ``options`` in normal form."""
    b = boardmod.load(options["board"])
    n = int(options["players"])
    r = random.Random(seed if isinstance(seed, (int, str)) else str(seed))
    bag: list[str] = []
    for c in COLOURS:
        k = TILE_COUNTS[c] - (len(b.shedu) if c == "red" else 0)
        bag += [c] * k
    r.shuffle(bag)
    s = TEState(options=dict(options), rng=[], bag=bag, hands=[{c: 0 for c in COLOURS} for _ in range(n)])
    for sq in b.shedu:
        s.tiles[sq] = "red"
        s.treasures.add(sq)
    s.monuments = {m: None for m in MONUMENTS}
    if options.get("buildings"):  # TE-BLD-01: beside the board at the start
        s.buildings = {b: None for b in BUILDINGS}
    if options.get("wonder"):  # TE-WON-01: one wonder, beside the board
        s.wonder = {"at": None, "squares": []}
    s.catastrophes_left = [CATASTROPHES_EACH] * n
    s.collected = [0] * n
    s.points = [{c: 0 for c in COLOURS} for _ in range(n)]
    for seat in range(n):
        for _ in range(HAND_SIZE):
            s.hands[seat][s.bag.pop()] += 1
    s.start_player = r.randrange(n)
    s.active = s.start_player
    s.set_rng(r)
    return s


def draw(s: TEState, seat: int, n: int) -> int:
    """Draw up to ``n`` tiles from the bag's end into ``seat``'s hand; how many were drawn."""
    got = 0
    while got < n and s.bag:
        s.hands[seat][s.bag.pop()] += 1
        got += 1
    return got


def hand_count(s: TEState, seat: int) -> int:
    return sum(s.hands[seat].values())
