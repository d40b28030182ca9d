"""Marines (GI-CITYADV-25, GIR-45; Navy, 50): pieces that move like tokens.

Seed: "Players buying Marines may move the marines like a normal token, although it does not
take up population limits or ship limits like other tokens. A ship carrying a Marine token is
immune to Piracy, as is a city containing one."

State (design 4.2): each purchase of the advance is one piece, on land in
``variant_state["marines"][nation] = [area, ...]`` (a sorted multiset of land areas), or
aboard a ship, the record's ``marines`` count (``fleet``).

- A bought piece starts in the city the advance line names (:func:`bought`, ruling GIM-1).
- It moves like a token (the GI ``move`` order, ``movement.py``): ``marines`` entries
  ``{"from", "to", "count"}`` across one land boundary (two with Roadbuilding, ``via``), and
  the voyage steps ``["marine", "load"]`` / ``["marine", "unload"]`` (one piece each); a piece
  moves once a phase: one moved overland does not embark, one set down does not move on.
- It counts for nothing else (GIR-45): no population limit, no ship capacity, no census, no
  support, no surplus, no conflict; it never fights, is not lost in conflict, and may stand
  where its owner has nothing else. It goes back to stock (off the board) when its ship sinks
  or leaves the board otherwise (``fleet.remove``, ruling GIM-4).
- :func:`guarded`: a ship carrying one, or a city whose area holds one of its owner's, is
  immune to Piracy (the calamity slice's Piracy asks it).
"""
from __future__ import annotations

from collections import Counter

from ..context import Context
from ..state import GameState
from . import fleet

KEY = "marines"
MARINES = "marines"


def on_land(state: GameState, nation: str) -> list[str]:
    """``nation``'s Marines on land, one area per piece, sorted."""
    return list(state.variant_state.get(KEY, {}).get(nation, []))


def in_area(state: GameState, nation: str, area: str) -> int:
    """``nation``'s Marines standing in ``area``."""
    return on_land(state, nation).count(area)


def aboard(state: GameState, nation: str) -> int:
    """``nation``'s Marines aboard his ships."""
    return sum(r.get("marines", 0) for r in fleet.records(state, nation))


def place(g: Context, nation: str, area: str, n: int = 1) -> None:
    """``n`` Marines of ``nation``'s are set down in ``area``."""
    lst = g.s.variant_state.setdefault(KEY, {}).setdefault(nation, [])
    lst.extend([area] * n)
    lst.sort()


def take(g: Context, nation: str, area: str, n: int = 1) -> None:
    """``n`` Marines of ``nation``'s leave ``area`` (to move or embark)."""
    allm = g.s.variant_state.get(KEY, {})
    lst = allm.get(nation, [])
    if lst.count(area) < n:
        raise RuntimeError(f"{nation} has not {n} Marines in {area}")
    for _ in range(n):
        lst.remove(area)
    if not lst:
        allm.pop(nation, None)
    if not allm:
        g.s.variant_state.pop(KEY, None)


def embark(g: Context, nation: str, sid: int, area: str, n: int = 1) -> None:
    """``n`` Marines in ``area`` go aboard ship ``sid`` (they take no room, GI-CITYADV-25)."""
    rec = fleet.ship(g.s, nation, sid)
    assert rec is not None
    take(g, nation, area, n)
    rec["marines"] = rec.get("marines", 0) + n


def disembark(g: Context, nation: str, sid: int, area: str, n: int = 1) -> None:
    """``n`` Marines aboard ship ``sid`` are set down in ``area``."""
    rec = fleet.ship(g.s, nation, sid)
    assert rec is not None and rec.get("marines", 0) >= n
    rec["marines"] -= n
    if not rec["marines"]:
        del rec["marines"]  # the key only while some are aboard (``fleet``)
    place(g, nation, area, n)


def bought(g: Context, nation: str, city: str) -> None:
    """A Marines advance bought in ``city``: its piece starts there (ruling GIM-1)."""
    place(g, nation, city)
    g.emit(f"{g.name(nation)}'s new Marines stand in {g.area_name(city)} (GI-CITYADV-25).",
           "marines_raised", nation=nation, area=city)


def guarded(g: Context, nation: str, where: str | int) -> bool:
    """Whether ``nation``'s ship or city is immune to Piracy (GI-CITYADV-25, GI-CAL-12):
    ``where`` a ship number: that ship carries Marines; ``where`` an area: one of ``nation``'s
    Marines stands there (a city "containing one"; his city there or not)."""
    if isinstance(where, int) and not isinstance(where, bool):
        rec = fleet.ship(g.s, nation, where)
        return rec is not None and rec.get("marines", 0) > 0
    return in_area(g.s, nation, where) > 0


def public(state: GameState) -> dict[str, list[str]]:
    """Marines on land, by nation (public: pieces on the map); those aboard are in the ships'
    view (``fleet.public``)."""
    return {n: list(v) for n, v in sorted(state.variant_state.get(KEY, {}).items())}


def invariants(state: GameState) -> list[str]:
    """Marines on land stand in land areas (never open sea), as sorted non-empty lists of
    players' nations."""
    from ..context import board_areas, default_board

    out = []
    areas = board_areas(default_board(state), state.options.wem)
    nations = {p.nation for p in state.players}
    for nation, lst in sorted(state.variant_state.get(KEY, {}).items()):
        if nation not in nations or not lst:
            out.append(f"Marines of {nation!r}: {lst!r}")
            continue
        if lst != sorted(lst):
            out.append(f"{nation}'s Marines are not in area order: {lst}")
        for area, n in sorted(Counter(lst).items()):
            if area not in areas or areas[area].is_open_sea:
                out.append(f"{n} of {nation}'s Marines stand in {area}, not a land area (GI-CITYADV-25)")
    return out
