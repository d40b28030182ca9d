"""Grand Imperial ship records (GI-SHIP-01..07; ``docs/variants/grand-imperial.md`` 4.2).

Every ship on the board has a record in ``variant_state["ships"][nation]``::

    {"id": 1, "area": "knossos", "role": "trireme", "tokens": 2, "cards": ["salt"], "marines": 1}

always agreeing with the plain ``board.ships[nation]`` (the same areas, as a multiset: the
invariant :func:`invariants`). ``id`` is the lowest free number from 1 to 4 when the ship is
built; ``role`` is the ship's type this turn (GI-SHIP-01: a ship is a Trireme unless declared a
Galleon or a Warship in the ``ship_roles`` phase, GI-SHIP-03); ``tokens`` are the nation's
tokens aboard, which are in no area (GIR-20: no growth, census, support, surplus or conflict;
they are neither on the board nor in stock nor in treasury, so the token count adds them:
``GrandImperial.tokens_elsewhere``); ``cards`` are trade cards aboard, face down for everyone,
the owner included (GI-SHIP-07), counted by ``GrandImperial.cards_elsewhere``; ``marines``
the Marines pieces aboard (GI-CITYADV-25, ``marines.py``), which take no room; the key is
there only while the ship carries some.

Capacity counts tokens and cards together (GI-SHIP-05): Trireme 5, Galleon 7, Warship 5 (the
data, ``grand_imperial.json`` ``ships``). Every change to a ship goes through the functions
here, which keep the board and the records in step; the board's own primitives are the plain
``Context`` methods, called explicitly.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from ..data import SHIPS_PER_NATION
from ..context import Context
from ..state import GameState
from . import data as gi

TRIREME = "trireme"
ROLES = ("trireme", "galleon", "warship")
SHIP_IDS = tuple(range(1, SHIPS_PER_NATION + 1))
#: What cards aboard look like to everyone (they are face down, GI-SHIP-07).
HIDDEN = "hidden"
Record = dict[str, Any]


# ---- reading ---------------------------------------------------------------------------------
def fleets(state: GameState) -> dict[str, list[Record]]:
    """``variant_state["ships"]``: nation -> its ship records (created empty when missing)."""
    return state.variant_state.setdefault("ships", {})


def records(state: GameState, nation: str) -> list[Record]:
    """``nation``'s ship records, by id (a copy of the list; the records themselves)."""
    return sorted(state.variant_state.get("ships", {}).get(nation, []), key=lambda r: r["id"])


def ship(state: GameState, nation: str, sid: int) -> Record | None:
    """``nation``'s ship number ``sid``, or None."""
    return next((r for r in records(state, nation) if r["id"] == sid), None)


def in_area(state: GameState, nation: str, area: str) -> list[Record]:
    """``nation``'s ships in ``area``, lowest id first."""
    return [r for r in records(state, nation) if r["area"] == area]


def spec(role: str) -> gi.Ship:
    """The ship type ``role`` (trireme, galleon, warship) from the data (GI-SHIP-01)."""
    return gi.ships()[role]


def capacity(rec: Record) -> int:
    """Tokens and cards together the ship may hold as its role this turn (GI-SHIP-05)."""
    return spec(rec["role"]).capacity


def load_of(rec: Record) -> int:
    """Tokens and cards aboard (GI-SHIP-05: they count together)."""
    return rec["tokens"] + len(rec["cards"])


def free(rec: Record) -> int:
    """Room left aboard (GI-SHIP-05)."""
    return capacity(rec) - load_of(rec)


def allowance(g: Context, nation: str, rec: Record) -> int:
    """Areas the ship may enter this movement (GI-SHIP-04): Trireme and Warship 3, Galleon 2;
    one more each with Cloth Making."""
    return spec(rec["role"]).move(g.of(nation).has("cloth_making"))


def tokens_aboard(state: GameState, nation: str) -> int:
    """``nation``'s tokens aboard its ships (GIR-20: in no area)."""
    return sum(r["tokens"] for r in records(state, nation))


def cards_aboard(state: GameState) -> Counter:
    """Every trade card aboard a ship, of any nation (GI-SHIP-07)."""
    out: Counter = Counter()
    for recs in state.variant_state.get("ships", {}).values():
        for r in recs:
            out.update(r["cards"])
    return out


def lowest_free_id(state: GameState, nation: str) -> int:
    """The lowest ship number from 1 to 4 not in use (4.2)."""
    used = {r["id"] for r in records(state, nation)}
    return next(i for i in SHIP_IDS if i not in used)


# ---- changing ----------------------------------------------------------------------------------
def add(g: Context, nation: str, area: str, role: str = TRIREME) -> Record:
    """A ship of ``nation``'s from stock into ``area`` (22.1, 22.4), a Trireme with nothing
    aboard (GI-SHIP-01), numbered with the lowest free id."""
    Context.add_ship(g, nation, area)
    rec = {"id": lowest_free_id(g.s, nation), "area": area, "role": role, "tokens": 0, "cards": []}
    fleets(g.s).setdefault(nation, []).append(rec)
    fleets(g.s)[nation].sort(key=lambda r: r["id"])
    return rec


def lose_cargo(g: Context, nation: str, rec: Record) -> tuple[int, int]:
    """The ship's cargo is lost (GIR-16, GI-SEA-05): its tokens go to stock, its cards are set
    aside (to be restacked under their regions). Gives (tokens, cards) lost."""
    tokens, cards = rec["tokens"], len(rec["cards"])
    g.of(nation).stock += tokens
    g.s.set_aside.extend(rec["cards"])
    rec["tokens"], rec["cards"] = 0, []
    return tokens, cards


#: Why a ship leaves the board (``remove``'s ``reason``): a ship "destroyed", sunk in naval
#: conflict or lost to a calamity, is replaced by a Shipyard (GI-CITYADV-26, GIR-46); one not
#: maintained, or taken off otherwise, is not.
SUNK, CALAMITY, UNMAINTAINED, RETURNED = "sunk", "calamity", "unmaintained", "returned"
DESTROYED = frozenset({SUNK, CALAMITY})


def remove(g: Context, nation: str, sid: int, reason: str = RETURNED) -> tuple[int, int]:
    """Ship ``sid`` goes back to stock, with its cargo lost (GIR-16) and its Marines too
    (GIR-45, ruling GIM-4). A ship ``reason`` sunk or lost to a calamity is replaced free of
    charge in its owner's Shipyard city, if he has one (GI-CITYADV-26, ``shipyard.replace``).
    Gives (tokens, cards) lost with it."""
    rec = ship(g.s, nation, sid)
    if rec is None:
        raise RuntimeError(f"{nation} has no ship {sid}")
    marines = rec.get("marines", 0)
    if marines:
        del rec["marines"]
        g.emit(f"{g.possessive(nation)} {marines} Marines aboard ship {sid} "
               f"{'are' if marines != 1 else 'is'} lost with it (GIR-45).", "marines_lost",
               nation=nation, ship=sid, marines=marines)
    lost = lose_cargo(g, nation, rec)
    Context.remove_ship(g, nation, rec["area"])
    fleet = fleets(g.s)[nation]
    fleet.remove(rec)
    if not fleet:
        del fleets(g.s)[nation]
    if not fleets(g.s):
        del g.s.variant_state["ships"]
    if reason in DESTROYED:
        from .shipyard import replace

        replace(g, nation)
    return lost


def move(g: Context, nation: str, sid: int, dst: str) -> None:
    """Ship ``sid`` (and what it carries) to ``dst`` (23.52, GI-SHIP-04)."""
    rec = ship(g.s, nation, sid)
    assert rec is not None
    Context.move_ship(g, nation, rec["area"], dst)
    rec["area"] = dst


def load(g: Context, nation: str, sid: int, area: str, n: int) -> None:
    """``n`` of ``nation``'s tokens in ``area`` go aboard ship ``sid`` (GI-SHIP-06): off the
    board, not into stock."""
    rec = ship(g.s, nation, sid)
    assert rec is not None and n <= free(rec)
    if g.remove_tokens(nation, area, n) != n:
        raise RuntimeError(f"{nation} lacks {n} tokens in {area}")
    g.of(nation).stock -= n
    rec["tokens"] += n


def unload(g: Context, nation: str, sid: int, area: str, n: int) -> None:
    """``n`` tokens aboard ship ``sid`` are set down in ``area`` (GI-SHIP-06)."""
    rec = ship(g.s, nation, sid)
    assert rec is not None and n <= rec["tokens"]
    rec["tokens"] -= n
    m = g.s.board.tokens.setdefault(area, {})
    m[nation] = m.get(nation, 0) + n


def pay_from_aboard(g: Context, nation: str, sid: int, n: int = 1) -> None:
    """``n`` tokens aboard ship ``sid`` go to stock (an upkeep or a role paid with a token
    aboard, GIR-16, GI-SHIP-03)."""
    rec = ship(g.s, nation, sid)
    assert rec is not None and n <= rec["tokens"]
    rec["tokens"] -= n
    g.of(nation).stock += n


def take_card(g: Context, nation: str, sid: int, card: str) -> None:
    """A trade card goes aboard ship ``sid``, face down (GI-SHIP-07, GI-SEA-04)."""
    rec = ship(g.s, nation, sid)
    assert rec is not None and free(rec) >= 1
    rec["cards"].append(card)


def cash_in(g: Context, nation: str, sid: int) -> list[str]:
    """The cards aboard ship ``sid`` go into its owner's hand, named to him alone (GI-SHIP-07:
    "these cards can only be cashed in at a port"). The Port slice calls this at the start of
    acquisition for each ship standing in the area of one of its owner's Port cities
    (GI-CITYADV-08; ruling GISH-7). Gives the cards."""
    rec = ship(g.s, nation, sid)
    assert rec is not None
    cards, rec["cards"] = rec["cards"], []
    if cards:
        p = g.of(nation)
        p.hand.extend(cards)
        from .acquisition import card_name

        g.emit(f"Your ship {sid} unloads {', '.join(card_name(g, c) for c in cards)} in "
               f"{g.area_name(rec['area'])}.", "ship_unloaded_private", to=[p.seat], ship=sid, cards=cards)
        g.emit(f"{g.possessive(nation)} ship {sid} unloads {len(cards)} card{'s' if len(cards) != 1 else ''} "
               f"in {g.area_name(rec['area'])}.", "ship_unloaded", nation=nation, ship=sid, cards=len(cards))
    return cards


# ---- adopting and checking ---------------------------------------------------------------------
def adopt(g: Context) -> None:
    """Records for the ships of a prepared position (``scenario``; ruling GIM-8): a record the
    position gives (its ``variant_state["ships"]``: role, tokens, cards and Marines aboard)
    stands on the board too, if the position's ``ships`` does not already place it; each ship
    on the board without a record is a Trireme with nothing aboard, numbered in the order
    listed (GISH-1). A record's ``marines`` of 0 is dropped (the key is there only while
    some are aboard)."""
    for nation in sorted(g.s.variant_state.get("ships", {})):
        on_board = Counter(g.s.board.ships.get(nation, []))
        for r in records(g.s, nation):
            if not r.get("marines", 1):
                del r["marines"]
            if on_board[r["area"]] > 0:
                on_board[r["area"]] -= 1
            else:
                Context.add_ship(g, nation, r["area"])
    for nation in sorted(g.s.board.ships):
        have = Counter(r["area"] for r in records(g.s, nation))
        for area in g.s.board.ships[nation]:
            if have[area] > 0:
                have[area] -= 1
                continue
            rec = {"id": lowest_free_id(g.s, nation), "area": area, "role": TRIREME, "tokens": 0, "cards": []}
            fleets(g.s).setdefault(nation, []).append(rec)


def invariants(state: GameState) -> list[str]:
    """The records agree with ``board.ships`` (the same areas for each nation), ids are
    distinct numbers 1..4, roles known, nothing aboard negative or above capacity (4.2)."""
    out = []
    ships = state.variant_state.get("ships", {})
    for nation in sorted(set(ships) | set(state.board.ships)):
        recs = ships.get(nation, [])
        if Counter(r["area"] for r in recs) != Counter(state.board.ships.get(nation, [])):
            out.append(f"{nation}: ship records in {sorted(r['area'] for r in recs)} but ships on the "
                       f"board in {sorted(state.board.ships.get(nation, []))}")
        ids = [r["id"] for r in recs]
        if len(set(ids)) != len(ids) or not set(ids) <= set(SHIP_IDS):
            out.append(f"{nation}: ship ids {ids} (distinct, 1 to {SHIPS_PER_NATION})")
        for r in recs:
            if r["role"] not in ROLES:
                out.append(f"{nation}: ship {r['id']} has the unknown role {r['role']!r}")
            elif r.get("marines", 0) < 0:
                out.append(f"{nation}: ship {r['id']} carries {r['marines']} Marines")
            elif r["tokens"] < 0 or load_of(r) > capacity(r):
                out.append(f"{nation}: ship {r['id']} ({r['role']}) carries {r['tokens']} tokens and "
                           f"{len(r['cards'])} cards (capacity {capacity(r)})")
    return out


def hide_cards(state: GameState) -> None:
    """Cards aboard are face down for every seat, the owner included (GI-SHIP-07)."""
    for recs in state.variant_state.get("ships", {}).values():
        for r in recs:
            r["cards"] = [HIDDEN] * len(r["cards"])


def public(state: GameState) -> dict[str, list[dict]]:
    """What everyone sees of the ships (4.3): id, area, role, tokens aboard, and how many
    cards (never which)."""
    return {n: [{"id": r["id"], "area": r["area"], "role": r["role"], "tokens": r["tokens"],
                 "cards": len(r["cards"]), **({"marines": r["marines"]} if r.get("marines") else {})} for r in records(state, n)]
            for n in sorted(state.variant_state.get("ships", {}))}
