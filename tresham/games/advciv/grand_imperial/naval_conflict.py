"""Naval conflict, the ``naval`` phase between movement and land conflict (GI-TURN-06,
GI-SEA-01..06; decisions D6 ``naval_engage`` and D7 ``naval_spoils``).

"Any time two ships end their turn in the same sea square, if either controlling player wishes
to conflict, conflict ensues." Ships end their movement in land areas (23.55), so a contact is
any area where ships of two nations stand when movement ends (GIR-21); with three or more
nations there, each pair is a contact of its own, taken in the census order of the pair's first
nation, then of the second (GIR-23).

- **Engaging (D6, simultaneous and sealed).** For each contact each owner says whether he
  wants to fight, and after which wave he would break off::

      {"type": "naval_engage", "player": 0, "area": "rhodes", "against": "egypt",
       "fight": true, "stop_after": null}

  They fight if either says yes. Timeout: no fight, no break-off.
- **Waves (GI-SEA-02, :func:`naval_losses`).** All ships of the two owners in the area fight
  together. In each wave every ship with tokens aboard removes one, the ship with fewer tokens
  first, then the next fewest, equal ships together, a Warship after all others (like
  Metalworking, 24.24); the fight ends as soon as only one owner has tokens aboard. A ship with
  no tokens does not remove (GIR-23): attacked by ships that have tokens it has lost at once;
  two sides with no tokens at all do not fight.
- **Breaking off (GI-SEA-03).** "If, at any time, the player with a greater movement wishes to
  stop after the first wave, he may end conflict (or in the case of mutual agreement when
  speeds are equal)". A side's speed is the lowest allowance of its ships there (GI-SHIP-04);
  the faster side's ``stop_after`` ends the fight after that wave (GIR-22: given up front, any
  wave); with equal speeds the fight ends after the later of the two waves named when both
  name one. The slower side's ``stop_after`` has no effect, and an event says so.
- **Spoils (GI-SEA-04, -05; D7).** When one side has tokens aboard and the other none, the
  winner may take the loser's cards up to the free room of his ships that still have a token
  (tokens count, GI-SHIP-05), chosen by the generator (they are face down) and kept face down;
  the cards left are left aboard or discarded (``set_aside``). He may then sink the loser's
  ships: each costs one of his tokens aboard, except that a Warship of his sinks a non-Warship
  free; he needs a token to take anything, and may spend his last one on a sinking. A sunk
  ship goes to stock with what is still aboard (cards set aside)::

      {"type": "naval_spoils", "player": 0, "take": 2, "rest": "leave" | "discard", "sink": true}

  Timeout: take as many as fit, leave the rest, sink only what sinks free.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...contract import Decision, IllegalOrder
from ..context import Context
from ..orders import Order, order
from ..phase import Phase, register, require_phase_player
from ..schema import AreaId, Count, NationId, Positive
from . import data as gi
from . import fleet
from .variant import KEY

WARSHIP = "warship"


# ---- the waves (GI-SEA-02), pure -----------------------------------------------------------------
def naval_losses(ships: dict[str, tuple[str, int, bool]], stop_after: int | None) -> tuple[dict[str, int], int]:
    """``ships``: ship key -> (owner, tokens aboard, is a Warship). Each wave every ship with
    tokens removes one, fewest tokens first, Warships after all others, equal keys together;
    the fight ends as soon as only one owner has tokens aboard, or after wave ``stop_after``.
    Gives the losses per ship and the number of waves fought (GI-SEA-02, -03)."""
    left = {k: t for k, (_o, t, _w) in ships.items()}

    def sides() -> set[str]:
        return {o for k, (o, _t, _w) in ships.items() if left[k] > 0}

    waves = 0
    while len(sides()) > 1 and (stop_after is None or waves < stop_after):
        waves += 1
        start = dict(left)
        for key in sorted({(w, start[k]) for k, (_o, _t, w) in ships.items() if start[k] > 0}):
            for k in sorted(k for k, (_o, _t, w) in ships.items() if start[k] > 0 and (w, start[k]) == key):
                left[k] -= 1
            if len(sides()) <= 1:
                break
    return {k: ships[k][1] - left[k] for k in ships}, waves


# ---- orders ------------------------------------------------------------------------------------------
@order("naval_engage", rule="GI-SEA-01", variant=KEY)
@dataclass(slots=True)
class NavalEngage(Order):
    """For one contact (an area and another nation whose ships are there): fight or not, and
    the wave after which one breaks off (GI-SEA-01, -03)."""

    area: AreaId = ""
    against: NationId = ""
    fight: bool = False
    stop_after: Positive | None = None


@order("naval_spoils", rule="GI-SEA-04", variant=KEY)
@dataclass(slots=True)
class NavalSpoils(Order):
    """The winner's spoils: cards taken, the rest left aboard or discarded, the beaten ships
    sunk or not (GI-SEA-04, -05)."""

    take: Count = 0
    rest: Literal["leave", "discard"] = "leave"
    sink: bool = False


# ---- reading the board --------------------------------------------------------------------------------
def contacts(g: Context) -> list[dict]:
    """The areas where ships of two nations stand, one contact per pair of nations, in the
    census order (GIR-21, GIR-23); never between two nations under a Great Compromiser's pact
    this turn (GI-LEADER-08: no conflict between them)."""
    order_ = [p.nation for p in g.census_order()]
    rank = {n: i for i, n in enumerate(order_)}
    by_area: dict[str, set[str]] = {}
    for n in order_:
        for r in fleet.records(g.s, n):
            by_area.setdefault(r["area"], set()).add(n)
    from .leaders import pacts

    allied = {frozenset((q["a"], q["b"])) for q in pacts(g.s) if q["turn"] == g.s.turn}
    out = []
    for area in sorted(by_area):
        ns = sorted(by_area[area], key=rank.__getitem__)
        for i, a in enumerate(ns):
            for b in ns[i + 1:]:
                if frozenset((a, b)) not in allied:  # a Great Compromiser's pact (GI-LEADER-08)
                    out.append({"area": area, "a": a, "b": b})
    return sorted(out, key=lambda c: (rank[c["a"]], rank[c["b"]], c["area"]))


def key_of(c: dict) -> str:
    return f"{c['area']}|{c['a']}|{c['b']}"


def side(g: Context, nation: str, area: str) -> list[fleet.Record]:
    return fleet.in_area(g.s, nation, area)


def speed(g: Context, nation: str, area: str) -> int:
    """A side's speed: the lowest allowance of its ships there (GI-SEA-03, GI-SHIP-04)."""
    return min((fleet.allowance(g, nation, r) for r in side(g, nation, area)), default=0)


def has_warship(recs: list[fleet.Record]) -> bool:
    return any(r["role"] == WARSHIP and r["tokens"] > 0 for r in recs)


def room(recs: list[fleet.Record]) -> int:
    """Free room on a side's ships that still have a token (GI-SEA-04, -05)."""
    return sum(fleet.free(r) for r in recs if r["tokens"] > 0)


def loot(g: Context, loser: str, area: str) -> int:
    return sum(len(r["cards"]) for r in side(g, loser, area))


def sink_cost(winner: list[fleet.Record], beaten: fleet.Record) -> int:
    """Tokens it costs to sink ``beaten`` (GI-SEA-05): 1, none for a Warship's against a
    non-Warship."""
    if has_warship(winner) and beaten["role"] != WARSHIP:
        return 0
    return gi.naval().sink_cost_tokens


# ---- the phase -------------------------------------------------------------------------------------------
@register(variant=KEY)
class NavalPhase(Phase):
    """GI-TURN-06: naval conflict, after movement and before land conflict (GIR-17)."""

    name = "naval"
    rule = "GI-SEA-01"
    accepts = ("naval_engage", "naval_spoils")

    def start(self, g: Context) -> None:
        cs = contacts(g)
        g.s.step = {"contacts": cs, "engage": {}, "index": 0, "spoils": None, "resolved": False}
        if not cs:
            return
        self._resolve(g)

    # ---- who owes what
    def unanswered(self, g: Context) -> list[tuple[int, dict]]:
        st = g.s.step
        if st.get("resolved"):
            return []
        out = []
        for c in st.get("contacts", []):
            for n, other in ((c["a"], c["b"]), (c["b"], c["a"])):
                p = g.of(n)
                if p.inert:
                    continue
                if key_of(c) not in st["engage"].get(str(p.seat), {}):
                    out.append((p.seat, {"area": c["area"], "against": other, "key": key_of(c)}))
        return out

    def pending(self, g: Context) -> list[Decision]:
        st = g.s.step
        sp = st.get("spoils")
        if sp:
            seat = g.of(sp["winner"]).seat
            return [Decision(seat, "naval_spoils",
                             f"You won the sea fight in {g.area_name(sp['area'])}: take cards and sink ships?",
                             default="take as many cards as fit, leave the rest, sink only what sinks free",
                             options=dict(sp))]
        out = []
        for seat, c in self.unanswered(g):
            nation = g.s.players[seat].nation
            out.append(Decision(seat, "naval_engage",
                                f"Your ships and {g.possessive(c['against'])} stand in {g.area_name(c['area'])}: "
                                "fight? (sealed until everyone has answered)",
                                default="no fight, no break-off",
                                options={"area": c["area"], "against": c["against"],
                                         "mine": [r for r in fleet.public(g.s).get(nation, [])
                                                  if r["area"] == c["area"]],
                                         "theirs": [r for r in fleet.public(g.s).get(c["against"], [])
                                                    if r["area"] == c["area"]],
                                         "speed": speed(g, nation, c["area"]),
                                         "their_speed": speed(g, c["against"], c["area"])}))
        return out

    def complete(self, g: Context) -> bool:
        st = g.s.step
        return not st.get("spoils") and (not st.get("contacts") or st.get("index", 0) >= len(st["contacts"]))

    # ---- orders
    def handle(self, g: Context, o: Order) -> None:
        require_phase_player(g, o, "GI-SEA-01")
        st = g.s.step
        nation = g.s.players[o.player].nation
        if isinstance(o, NavalSpoils):
            sp = st.get("spoils")
            if not sp or sp["winner"] != nation:
                raise IllegalOrder("GI-SEA-04", "you have no spoils to take")
            self._spoils(g, o.take, o.rest, o.sink)
            self._resolve(g)
            return
        assert isinstance(o, NavalEngage)
        mine = [c for s, c in self.unanswered(g) if s == o.player]
        match = next((c for c in mine if c["area"] == o.area and c["against"] == o.against), None)
        if match is None:
            raise IllegalOrder("GI-SEA-01", f"no answer of yours is owed for {o.against!r}'s ships in {o.area!r} "
                               "(a contact is an area where your ships and theirs ended movement)")
        st["engage"].setdefault(str(o.player), {})[match["key"]] = {"fight": o.fight, "stop_after": o.stop_after}
        g.emit("Your answer is noted (sealed until everyone has answered).", "naval_pending", to=[o.player])
        self._resolve(g)

    def timeout(self, g: Context, seat: int) -> None:
        """D6: no fight, no break-off; D7: take what fits, leave the rest, sink what sinks free."""
        st = g.s.step
        sp = st.get("spoils")
        if sp and g.of(sp["winner"]).seat == seat:
            self._spoils(g, sp["max_take"], "leave", sp["free_sink"])
        else:
            owed = [c for s, c in self.unanswered(g) if s == seat]
            if not owed:
                super().timeout(g, seat)
            for c in owed:
                st["engage"].setdefault(str(seat), {})[c["key"]] = {"fight": False, "stop_after": None}
            g.emit(f"{g.name(g.s.players[seat].nation)} gave no answer in time: no fight.", "timeout",
                   nation=g.s.players[seat].nation)
        self._resolve(g)

    def sample(self, g: Context, seat: int, rng) -> Order:
        """D6: fight with probability 1/2, break off after a random wave or never; D7: a random
        number of cards, the rest left or discarded, sinking with probability 1/2 (5.2)."""
        sp = g.s.step.get("spoils")
        if sp and g.of(sp["winner"]).seat == seat:
            return NavalSpoils(seat, rng.below(sp["max_take"] + 1), ("leave", "discard")[rng.below(2)],
                               bool(rng.below(2)))
        owed = [c for s, c in self.unanswered(g) if s == seat]
        c = owed[0]
        return NavalEngage(seat, c["area"], c["against"], bool(rng.below(2)), (None, 1, 2)[rng.below(3)])

    # ---- carrying it out
    def _resolve(self, g: Context) -> None:
        """Once every answer is in, the contacts are fought in order; a won fight waits for the
        winner's spoils."""
        st = g.s.step
        if st.get("spoils") or self.unanswered(g):
            return
        st["resolved"] = True
        while st["index"] < len(st["contacts"]):
            c = st["contacts"][st["index"]]
            st["index"] += 1
            if self._fight(g, c):
                return

    def _answers(self, g: Context, c: dict) -> tuple[dict, dict]:
        st = g.s.step
        none = {"fight": False, "stop_after": None}
        a = st["engage"].get(str(g.of(c["a"]).seat), {}).get(key_of(c), none)
        b = st["engage"].get(str(g.of(c["b"]).seat), {}).get(key_of(c), none)
        return a, b

    def _fight(self, g: Context, c: dict) -> bool:
        """Fight one contact if either wants to (GI-SEA-01); True when spoils are now owed."""
        area, a, b = c["area"], c["a"], c["b"]
        ra, rb = side(g, a, area), side(g, b, area)
        if not ra or not rb:
            return False
        ans_a, ans_b = self._answers(g, c)
        if not ans_a["fight"] and not ans_b["fight"]:
            g.emit(f"{g.name(a)} and {g.name(b)} do not fight at sea in {g.area_name(area)}.", "naval_no_fight",
                   area=area, nations=[a, b])
            return False
        ta, tb = sum(r["tokens"] for r in ra), sum(r["tokens"] for r in rb)
        if not ta and not tb:
            g.emit(f"Neither {g.possessive(a)} nor {g.possessive(b)} ships in {g.area_name(area)} carry a token: "
                   "there is no fight (GIR-23).", "naval_no_fight", area=area, nations=[a, b])
            return False
        stop = self._stop(g, area, a, b, ans_a, ans_b)
        ships = {f"{n}|{r['id']}": (n, r["tokens"], r["role"] == WARSHIP) for n, rs in ((a, ra), (b, rb)) for r in rs}
        losses, waves = naval_losses(ships, stop)
        for k, n in losses.items():
            if n:
                owner, sid = k.split("|")
                fleet.pay_from_aboard(g, owner, int(sid), n)
        la, lb = sum(losses[k] for k in ships if ships[k][0] == a), sum(losses[k] for k in ships if ships[k][0] == b)
        g.emit(f"Sea fight in {g.area_name(area)}: {g.name(a)} against {g.name(b)}, {waves} wave"
               f"{'s' if waves != 1 else ''}; {g.name(a)} loses {la} token{'s' if la != 1 else ''} "
               f"({ta - la} left aboard), {g.name(b)} {lb} ({tb - lb} left) (GI-SEA-02).", "naval_fight",
               area=area, nations=[a, b], waves=waves, losses={a: la, b: lb})
        left_a, left_b = ta - la, tb - lb
        if bool(left_a) == bool(left_b):
            if stop is not None and left_a and left_b:
                g.emit(f"The fight in {g.area_name(area)} is broken off after wave {waves} (GI-SEA-03).",
                       "naval_break_off", area=area, waves=waves)
            return False
        winner, loser = (a, b) if left_a else (b, a)
        return self._offer_spoils(g, area, winner, loser)

    def _stop(self, g: Context, area: str, a: str, b: str, ans_a: dict, ans_b: dict) -> int | None:
        """The wave after which the fight ends (GI-SEA-03, GIR-22)."""
        sa, sb = speed(g, a, area), speed(g, b, area)
        if sa == sb:
            if ans_a["stop_after"] and ans_b["stop_after"]:
                return max(ans_a["stop_after"], ans_b["stop_after"])
            for n, ans in ((a, ans_a), (b, ans_b)):
                if ans["stop_after"]:
                    g.emit(f"{g.possessive(n)} wish to break off has no effect: the speeds are equal and "
                           "only both together may stop (GI-SEA-03).", "naval_stop_ignored", nation=n, area=area)
            return None
        fast, slow = ((a, ans_a), (b, ans_b)) if sa > sb else ((b, ans_b), (a, ans_a))
        if slow[1]["stop_after"]:
            g.emit(f"{g.possessive(slow[0])} wish to break off has no effect: only the faster side "
                   f"({g.name(fast[0])}) may break off (GI-SEA-03).", "naval_stop_ignored", nation=slow[0], area=area)
        return fast[1]["stop_after"]

    def _offer_spoils(self, g: Context, area: str, winner: str, loser: str) -> bool:
        """The winner's D7, or nothing to decide (GI-SEA-04, -05)."""
        w = side(g, winner, area)
        beaten = side(g, loser, area)
        max_take = min(room(w), loot(g, loser, area))
        free_sink = all(sink_cost(w, r) == 0 for r in beaten)
        g.emit(f"{g.name(winner)} wins the sea fight in {g.area_name(area)} (GI-SEA-04).", "naval_won",
               area=area, nation=winner, loser=loser)
        if g.of(winner).inert:
            return False
        g.s.step["spoils"] = {"area": area, "winner": winner, "loser": loser, "max_take": max_take,
                              "cards": loot(g, loser, area), "free_sink": free_sink,
                              "ships": [r["id"] for r in beaten]}
        return True

    def _spoils(self, g: Context, take: int, rest: str, sink: bool) -> None:
        st = g.s.step
        sp = st["spoils"]
        area, winner, loser = sp["area"], sp["winner"], sp["loser"]
        if take > sp["max_take"]:
            raise IllegalOrder("GI-SEA-04", f"you may take at most {sp['max_take']} cards (the free room of your "
                               f"ships that still carry a token, and the {sp['cards']} cards aboard theirs)")
        st["spoils"] = None
        w = side(g, winner, area)
        beaten = side(g, loser, area)
        pool = [(r["id"], i) for r in beaten for i in range(len(r["cards"]))]
        picked = []
        for _ in range(take):
            picked.append(pool.pop(g.rng.below(len(pool))))
        for sid, i in sorted(picked, key=lambda t: (t[0], -t[1])):
            rec = fleet.ship(g.s, loser, sid)
            card = rec["cards"].pop(i)
            dest = next(r for r in w if r["tokens"] > 0 and fleet.free(r) > 0)
            fleet.take_card(g, winner, dest["id"], card)
        discarded = 0
        if rest == "discard":
            for r in beaten:
                discarded += len(r["cards"])
                g.s.set_aside.extend(r["cards"])
                r["cards"] = []
        sunk = []
        if sink:
            for r in beaten:
                cost = sink_cost(w, r)
                payer = next((x for x in sorted(w, key=lambda x: (x["role"] == WARSHIP, x["id"]))
                              if x["tokens"] >= cost), None) if cost else None
                if cost and payer is None:
                    break
                if cost:
                    fleet.pay_from_aboard(g, winner, payer["id"], cost)
                fleet.remove(g, loser, r["id"], fleet.SUNK)
                sunk.append((r["id"], cost))
        g.emit(f"{g.name(winner)} takes {take} card{'s' if take != 1 else ''} face down from {g.possessive(loser)} "
               f"ships in {g.area_name(area)}" + (f", discards {discarded}" if discarded else "")
               + (", and sinks " + ", ".join(f"ship {sid}" + (f" (1 token)" if cost else " (free)")
                                           for sid, cost in sunk) if sunk else "") + " (GI-SEA-04, GI-SEA-05).",
               "naval_spoils", area=area, nation=winner, loser=loser, take=take, discarded=discarded,
               sunk=[sid for sid, _ in sunk])


def naval_view(g: Context, seat: int | None) -> dict:
    """The contacts at sea, who still owes an answer, the spoils owed (public), and the seat's
    own answers; the others' stay sealed until all are in (GI-SEA-01)."""
    st = g.s.step
    phase = g.variant.phase("naval")
    out: dict = {"contacts": [dict(c) for c in st.get("contacts", [])],
                 "waiting": sorted({g.s.players[s].nation for s, _c in phase.unanswered(g)}),
                 "spoils": st.get("spoils")}
    if seat is not None and str(seat) in st.get("engage", {}):
        out["mine"] = st["engage"][str(seat)]
    return out
