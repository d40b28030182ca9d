"""The post-game replay of Tigris & Euphrates (issue 10, SITE-HIST-01): a finished game rebuilt
from its options, seed and order log with every hand and every score revealed.

While the game is played each player's six tiles (TE-BASE-20) and his points by colour
(TE-BASE-77, TE-Z-09) are his own; the platform serves this only once the game is over.
One pass over the log, in place (``engine.apply_in_place``), noting for each turn:

- every hand when the turn begins and when it ends (after the refills, TE-BASE-28, or when
  the game ended inside it, TE-BASE-76);
- what each hand lost and gained: tiles placed (TE-BASE-35), committed to a revolt or war
  (TE-BASE-48/56, they leave the game, TE-BASE-50/59), discarded by a swap and drawn by it
  (TE-BASE-45), drawn by the refills at the turn's end (TE-Z-03);
- each swap and each commit with its place in the log;
- each player's points by colour at the turn's end (the monuments' VP included, TE-BASE-71).

Then the final hands and the final scores: the points by colour, the treasures and the
colours they went to (each on the lowest colour, TE-BASE-78/81), the totals, the score
(TE-BASE-79) and the place (TE-BASE-80).

A hand changes only by those four things, so what an order drew is read off the hands:
drawn = after - before + placed + committed + discarded; the tiles come off the bag's end
(``state.draw``), the swap's first, then the refills in seat order from the active player,
so the bag before the order says which were the swap's.
"""
from __future__ import annotations

from typing import Any, Iterable

from ...contract import IllegalOrder, ReplaySection, Table
from ..engine import apply_in_place, new_game
from ..orders import from_json
from ..rules.end import final_totals, over_rule, places
from ..rules.swap import words
from ..rules.turn import default_order
from ..state import COLOURS, DYNASTIES, LEADER_NAMES, TEState


def _counts(xs: Iterable[str] = ()) -> dict[str, int]:
    out = {c: 0 for c in COLOURS}
    for x in xs:
        out[x] += 1
    return out


def _hands(s: TEState) -> list[dict[str, Any]]:
    return [{"seat": seat, "name": DYNASTIES[seat].capitalize(),
             "tiles": {c: s.hands[seat][c] for c in COLOURS}} for seat in range(s.players)]


def _effective(s: TEState, order: dict, by_site: bool) -> Any:
    """The typed order ``apply_in_place`` carries out for ``order``: a timeout's default."""
    o = from_json(order, by_site=by_site)
    if o.type == "timeout" and not s.finished:
        return from_json(default_order(s))
    return o


class _Turn:
    """What one turn's replay gathers (see the module docstring)."""

    def __init__(self, s: TEState) -> None:
        n = s.players
        self.number, self.active = s.turn, s.active
        self.hands_before = _hands(s)
        self.placed = [_counts() for _ in range(n)]
        self.committed = [_counts() for _ in range(n)]
        self.discarded = [_counts() for _ in range(n)]
        self.drawn = [_counts() for _ in range(n)]  # by swaps and refills together
        self.refills = [_counts() for _ in range(n)]
        self.swaps: list[dict[str, Any]] = []
        self.commits: list[dict[str, Any]] = []
        self.orders = 0

    def close(self, s: TEState) -> dict[str, Any]:
        n = s.players
        per = lambda xs: [{"seat": i, "tiles": xs[i]} for i in range(n)]  # noqa: E731
        return {"turn": self.number, "active": self.active, "active_name": DYNASTIES[self.active].capitalize(),
                "orders": self.orders, "hands_before": self.hands_before, "hands_after": _hands(s),
                "placed": per(self.placed), "committed": per(self.committed),
                "discarded": per(self.discarded), "drawn": per(self.drawn), "refills": per(self.refills),
                "swaps": self.swaps, "commits": self.commits,
                "points": [{"seat": i, "points": dict(s.points[i])} for i in range(n)],
                "ended_game": s.finished}


def _note(t: _Turn, s_before_hands: list[dict[str, int]], bag: list[str], s: TEState, o: Any,
          conflict: dict | None, number: int) -> None:
    """Add order ``number`` (typed ``o``, carried out on ``s``) to turn ``t``."""
    n = s.players
    placed, committed, discarded = _counts(), _counts(), _counts()
    seat = o.player
    if o.type == "tile":
        placed[o.colour] += 1
    elif o.type == "commit" and conflict is not None:
        committed[conflict["colour"]] += o.tiles
        side = "attacker" if conflict["attacker_committed"] is None else "defender"
        t.commits.append({"order": number, "seat": seat, "kind": conflict["kind"],
                          "colour": conflict["colour"], "leader": conflict["leader"], "side": side,
                          "against": conflict["defender" if side == "attacker" else "attacker"],
                          "tiles": o.tiles})
    elif o.type == "swap":
        discarded.update({c: int(o.tiles.get(c, 0)) for c in COLOURS})
    popped = list(reversed(bag[len(s.bag):]))  # the tiles drawn, in the order drawn
    swap_drawn = _counts(popped[:sum(discarded.values())]) if o.type == "swap" else _counts()
    if o.type == "swap":
        t.swaps.append({"order": number, "seat": seat, "discarded": discarded, "drawn": swap_drawn})
    for i in range(n):
        mine = i == seat
        got = {c: s.hands[i][c] - s_before_hands[i][c] for c in COLOURS}
        for c in COLOURS:
            if mine:
                got[c] += placed[c] + committed[c] + discarded[c]
                t.placed[i][c] += placed[c]
                t.committed[i][c] += committed[c]
                t.discarded[i][c] += discarded[c]
            t.drawn[i][c] += got[c]
            t.refills[i][c] += got[c] - (swap_drawn[c] if mine else 0)


def replay_page(options: dict, seed: int | str, orders: Iterable[dict]) -> dict[str, Any]:
    """The replay of a game from its creation ``options``, ``seed`` and accepted ``orders``
    (the log, oldest first, each applied as the platform gave it): see the module docstring
    and ``Replay.page``. IllegalOrder if an order no longer applies."""
    s = new_game(dict(options), seed)
    turns: list[dict[str, Any]] = []
    t = _Turn(s)
    count = 0
    for order in orders:
        count += 1
        if s.finished:
            raise IllegalOrder(over_rule(s), f"order {count} of the log comes after the end of the game")
        before = [dict(h) for h in s.hands]
        bag = list(s.bag)
        conflict = dict(s.conflict) if s.conflict is not None else None
        try:
            o = _effective(s, order, True)
            apply_in_place(s, order, by_site=True)
        except IllegalOrder as e:
            raise IllegalOrder(e.rule, f"order {count} of the log does not replay: {e.message}") from None
        t.orders += 1
        _note(t, before, bag, s, o, conflict, count)
        if s.finished or s.turn != t.number:
            turns.append(t.close(s))
            t = _Turn(s)
    if t.orders and not s.finished:  # the turn under way when the log stops
        turns.append(t.close(s))
    place = places(s)
    scores = []
    for seat in range(s.players):
        tot = final_totals(s, seat)
        scores.append({"seat": seat, "name": DYNASTIES[seat].capitalize(), "points": dict(s.points[seat]),
                       "treasures": s.collected[seat],
                       "treasure_colours": {c: tot[c] - s.points[seat][c] for c in COLOURS},
                       "totals": tot, "score": min(tot.values()), "place": place[seat]})
    return {"turns": turns, "final_hands": _hands(s), "final_scores": scores,
            "finished": s.finished, "end_reason": s.end_reason, "orders": count,
            "digest": s.digest()}


# ---- the page's tables ------------------------------------------------------------------

def _words(counts: dict[str, int]) -> str:
    return words(counts) if any(counts.values()) else "none"


def _label(seats: dict[int, str], seat: int) -> str:
    return seats.get(seat) or DYNASTIES[seat].capitalize()


def replay_tables(data: dict[str, Any], seats: dict[int, str]) -> list[ReplaySection]:
    """The replay's data (:func:`replay_page`) as the page's sections of tables, the seats
    named as the site names them (``seats``: seat -> label)."""
    heads = [c.capitalize() for c in COLOURS]
    out: list[ReplaySection] = []
    final = Table("Final scores: each treasure on the lowest colour (TE-BASE-78)",
                  ["Player", *heads, "Treasures", "Treasures went to", *(f"Total {h.lower()}" for h in heads),
                   "Score", "Place"])
    for r in sorted(data.get("final_scores", []), key=lambda r: (r["place"], r["seat"])):
        final.rows.append([_label(seats, r["seat"]), *(r["points"][c] for c in COLOURS), r["treasures"],
                           ", ".join(f"{r['treasure_colours'][c]} {c}" for c in COLOURS
                                     if r["treasure_colours"][c]) or "none",
                           *(r["totals"][c] for c in COLOURS), r["score"], r["place"]])
    hands = Table("Every hand when the game ended", ["Player", "Tiles", "Number"])
    for h in data.get("final_hands", []):
        hands.rows.append([_label(seats, h["seat"]), _words(h["tiles"]), sum(h["tiles"].values())])
    why = data.get("end_reason") or ""
    out.append(ReplaySection("final", "Final scores and hands", [final, hands],
                             f"The game ended: {why}." if why else ""))
    for t in data.get("turns", []):
        n = t["turn"]
        by = lambda key: {x["seat"]: x["tiles"] for x in t[key]}  # noqa: E731
        before, after = by("hands_before"), by("hands_after")
        placed, committed, discarded, drawn = by("placed"), by("committed"), by("discarded"), by("drawn")
        tab = Table(f"Turn {n}: every hand when the turn began and when it ended",
                    ["Player", "At the start", "Placed", "Committed", "Swapped away", "Drawn", "At the end"])
        for seat in sorted(before):
            tab.rows.append([_label(seats, seat), _words(before[seat]), _words(placed[seat]),
                             _words(committed[seat]), _words(discarded[seat]), _words(drawn[seat]),
                             _words(after[seat])])
        tables = [tab]
        if t["swaps"]:
            tables.append(Table(f"Turn {n}: swaps", ["Order", "Player", "Discarded", "Drew"],
                                [[x["order"], _label(seats, x["seat"]), _words(x["discarded"]), _words(x["drawn"])]
                                 for x in t["swaps"]]))
        if t["commits"]:
            tables.append(Table(f"Turn {n}: tiles committed to conflicts",
                                ["Order", "Player", "Conflict", "Side", "Tiles committed"],
                                [[x["order"], _label(seats, x["seat"]),
                                  (f"revolt of the {LEADER_NAMES[x['leader']]}s" if x["kind"] == "revolt"
                                   else f"{x['colour']} war"), f"{x['side']} against {_label(seats, x['against'])}",
                                  _words({x["colour"]: x["tiles"]})] for x in t["commits"]]))
        pts = Table(f"Turn {n}: points by colour at the turn's end", ["Player", *heads])
        for p in t["points"]:
            pts.rows.append([_label(seats, p["seat"]), *(p["points"][c] for c in COLOURS)])
        tables.append(pts)
        title = f"Turn {n}: {_label(seats, t['active'])}"
        out.append(ReplaySection(f"turn-{n}", title, tables,
                                 "The game ended during this turn." if t.get("ended_game") else ""))
    return out
