"""The game state of Civilization: The Card Game: plain JSON data with an exact round trip,
the random generator's state (``tresham.rng``, one integer) included, so that a state can be
saved, copied, compared and replayed (docs/civcards.md).

Where each card is (CCG-SET-01, ``invariants.py`` checks every card is in exactly one place):
plots in ``plot_deck``, ``plot_market``, ``draft`` or a seat's ``plots``; technologies in
``tech_deck``, ``tech_market`` or a seat's ``techs``; play cards in ``play_deck``, ``discard``,
a seat's ``hand``, on a seat's plot (``cards``: buildings and wonders) or in ``combat`` (units
committed). Population and resources are counters (docs/rulings/civcards.md, CCR-SUPPLY).

A seat is ``{"hand": [card], "res": {food, production, commerce}, "techs": [card],
"plots": [{"id": card, "pop": n, "cards": [card]}]}``.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, fields

from ...rng import Rng, seed_state
from .deck import Cards, load

#: the seats' names, clockwise (seat 0 first)
NATIONS = ("Rome", "Egypt", "Persia", "China")


def who(seat: int | None) -> str:
    return "nobody" if seat is None else NATIONS[seat]


def empty_res() -> dict[str, int]:
    return {"food": 0, "production": 0, "commerce": 0}


def new_seat() -> dict:
    return {"hand": [], "res": empty_res(), "techs": [], "plots": []}


@dataclass(slots=True)
class CCState:
    """One game. ``phase`` is the decision the game waits on: the setup's "draft1", "draft2",
    "free_pop", "opening_discard"; a turn's "collect", "buy", "attack"; combat's "catapult",
    "bounce", "defend", "losses", "place_stolen"; the turn's end "discard"; "over" once
    finished. ``queue``: the seats still to decide in a setup phase (the first decides now).
    ``combat``: the attacks of the turn being resolved. ``need``: how many cards the
    ``discard``/``opening_discard`` decision discards."""

    options: dict
    rng: int
    dealer: int
    seats: list[dict]
    plot_deck: list[str] = field(default_factory=list)
    plot_market: list[str] = field(default_factory=list)
    draft: list[str] = field(default_factory=list)
    tech_deck: list[str] = field(default_factory=list)
    tech_market: list[str] = field(default_factory=list)
    play_deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    happiness: int | None = None
    culture: int | None = None
    phase: str = "draft1"
    active: int = 0
    queue: list[int] = field(default_factory=list)
    turn: int = 0
    combat: dict | None = None
    need: int = 0
    ending: bool = False
    finished: bool = False
    end_reason: str = ""
    order_count: int = 0

    # ---- derived ---------------------------------------------------------------------
    @property
    def players(self) -> int:
        return int(self.options["players"])

    @property
    def cards(self) -> Cards:
        return load(self.options["deck"])

    def seat(self, p: int) -> dict:
        return self.seats[p]

    def plot(self, p: int, pid: str) -> dict | None:
        return next((x for x in self.seats[p]["plots"] if x["id"] == pid), None)

    def first(self) -> int:
        """The player left of the dealer: he drafts, draws and plays first (CCG-SET-03/07)."""
        return (self.dealer + 1) % self.players

    def rng_draw(self) -> Rng:
        return Rng(self.rng)

    # ---- copy and JSON ----------------------------------------------------------------
    def to_json(self) -> dict:
        """The state as JSON data (a deep copy: it shares nothing with the state)."""
        return json.loads(json.dumps({f: getattr(self, f) for f in FIELDS}))

    @classmethod
    def from_json(cls, d: dict) -> "CCState":
        d = json.loads(json.dumps(d))
        unknown = set(d) - set(FIELDS)
        if unknown:
            raise ValueError(f"unknown state fields: {', '.join(sorted(unknown))}")
        return cls(**d)

    def copy(self) -> "CCState":
        return CCState(**self.to_json())

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> "CCState":
        return cls.from_json(json.loads(text))

    def digest(self) -> str:
        return hashlib.sha256(self.dumps().encode()).hexdigest()


FIELDS = tuple(f.name for f in fields(CCState))


def shuffled(s: CCState, items: list[str]) -> list[str]:
    """``items`` shuffled by the state's own generator (its state moves on)."""
    r = Rng(s.rng)
    out = list(items)
    r.shuffle(out)
    s.rng = r.state
    return out


def new_state(options: dict, seed: int | str) -> CCState:
    """A fresh game (CCG-SET-01/02): the three decks shuffled apart, the dealer drawn at random
    (docs/rulings/civcards.md, CCR-DEALER), each seat dealt two plots face up, and the first
    draft's row laid out (as many plots as players). ``options`` in normal form."""
    n = int(options["players"])
    cards = load(options["deck"])
    s = CCState(options=dict(options), rng=seed_state(seed), dealer=0, seats=[new_seat() for _ in range(n)])
    r = Rng(s.rng)
    s.dealer = r.below(n)
    s.rng = r.state
    s.plot_deck = shuffled(s, cards.instances("plot"))
    s.tech_deck = shuffled(s, cards.instances("technology"))
    s.play_deck = shuffled(s, cards.instances(("unit", "building", "wonder", "bonus")))
    for i in range(n):  # CCG-SET-02: two plots each, face up
        p = (s.first() + i) % n
        for _ in range(2):
            s.seats[p]["plots"].append({"id": s.plot_deck.pop(), "pop": 0, "cards": []})
    return s
