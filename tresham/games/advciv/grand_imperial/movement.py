"""Grand Imperial movement (GI-TURN-05, GI-SHIP-04..06; decision D5): the plain movement
phase (23, census order, pending orders) with ships as the seed has them.

- A voyage may name its ship by number: ``{"ship": area, "id": 2, "steps": [...]}`` (without
  ``id``, the lowest-numbered ship of his in that area that has not sailed this phase).
- Allowance by the ship's role this turn (GI-SHIP-04; the data): a Trireme or a Warship enters
  3 areas, 4 with Cloth Making; a Galleon 2, 3 with Cloth Making (GIR-18: the seed's numbers,
  not the plain 4/5).
- Capacity by role, tokens and cards aboard together (GI-SHIP-05): Trireme 5, Warship 5,
  Galleon 7.
- Tokens may stay aboard at the end of movement, and a voyage may begin with tokens already
  aboard; a voyage that only loads or unloads, without sailing, is allowed (GI-SHIP-06).
  Tokens aboard are in no area (GIR-20): they do not grow, are not counted in the census,
  do not support cities and are not removed as surplus.
- Marines (GI-CITYADV-25, ``marines.py``): the order's ``marines`` entries move Marines
  overland like tokens (one land boundary, two with Roadbuilding through ``via``), and the
  voyage steps ``["marine", "load"]`` and ``["marine", "unload"]`` take one piece aboard or set
  one down; they take no room aboard. A piece moves once a phase (as 23.3, 23.56): one moved
  overland does not embark, one set down does not move on. Marines never enter the ``entered``
  list (they never fight, GIR-45).
- A voyage that sets tokens down in, or ends in, an area a Great Compromiser's pact forbids
  is refused (``Context.check_entry``, GI-LEADER-08; ruling GILD-17).
- Otherwise as plain: 23.54 open sea only with Astronomy, 23.55 no ship ends in open sea,
  23.56 tokens that moved overland or by another ship do not embark, one voyage per ship.

The order (JSON)::

    {"type": "move", "player": 0, "moves": [...],
     "voyages": [{"ship": "knossos", "id": 1,
                  "steps": [["load", 7], ["sail", "thera"], ["sail", "argos"],
                            ["sail", "sparta"], ["unload", 5]]}],
     "marines": [{"from": "knossos", "to": "phaistos", "count": 1}],
     "done": "done"}
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Discriminator, Tag
from typing_extensions import NotRequired, TypedDict

from ...contract import IllegalOrder
from ..context import Context
from ..orders import order
from ..phase import register
from ..rules.movement import (DOUBLE_COASTS, STEP_VERBS, LandMove, Move, MoveLedger, MovementPhase, VoyageCheck,
                              check_land_move, check_path, order_area, record_entry)
from ..schema import AreaId, Many, Positive
from . import fleet
from . import marines as mar
from .ships import ShipId
from .variant import KEY

#: tokens aboard at the start of a voyage, in its legs: ``["@ship", area, n]`` unloads them
ABOARD = "@ship"
MARINE = "marine"

#: One step of a GI voyage: the plain ``["load", n]``, ``["sail", area]``, ``["unload", n]``,
#: and ``["marine", "load" | "unload"]`` for one Marines piece (GI-CITYADV-25).
GIVoyageStep = Annotated[
    Annotated[tuple[Literal["load"], Positive], Tag("load")]
    | Annotated[tuple[Literal["unload"], Positive], Tag("unload")]
    | Annotated[tuple[Literal["sail"], AreaId], Tag("sail")]
    | Annotated[tuple[Literal["marine"], Literal["load", "unload"]], Tag("marine")],
    Discriminator(lambda v: v[0] if isinstance(v, (list, tuple)) and v and v[0] in (*STEP_VERBS, MARINE) else None,
                  custom_error_type="voyage_step",
                  custom_error_message='a voyage step is ["load", n], ["sail", area], ["unload", n] or '
                                       '["marine", "load" or "unload"]')]


class GIVoyage(TypedDict):
    """A ship's voyage: the area where it starts, optionally its number, its steps (23.5)."""

    __pydantic_config__ = ConfigDict(extra="forbid", strict=True)  # type: ignore[misc]
    ship: AreaId
    id: NotRequired[ShipId]
    steps: Many(GIVoyageStep)


@order("move", rule="23.1", fields={"voyages": "23.5", "marines": "GI-CITYADV-25"}, variant=KEY)
@dataclass(slots=True)
class GIMove(Move):
    __doc__ = Move.__doc__ + " Grand Imperial: ships by number, Marines moved overland (``marines``)."
    voyages: Many(GIVoyage) = field(default_factory=list)
    marines: Many(LandMove) = field(default_factory=list)


class GILedger(MoveLedger):
    """The plain ledger, with the ships that have sailed counted by number and the Marines
    that have not moved this phase (``marines[area]``, GI-CITYADV-25)."""

    __slots__ = ("sailed", "marines")

    def __init__(self, g: Context, nation: str) -> None:
        super().__init__(g, nation)
        self.sailed: set[int] = set()
        self.marines: dict[str, int] = {}
        for a in mar.on_land(g.s, nation):
            self.marines[a] = self.marines.get(a, 0) + 1


def check_marine_move(g: Context, led: GILedger, mv: Any) -> dict:
    """Check one overland move of Marines (GI-CITYADV-25: "like a normal token", 23.3, 23.31)
    and book them; gives its normal form ``{"from", "to", "count"}`` (and ``via``)."""
    if not isinstance(mv, dict) or set(mv) - {"from", "to", "via", "count"}:
        raise IllegalOrder("GI-CITYADV-25", "a Marines move is {\"from\": area, \"to\": area, \"count\": n}")
    src = order_area(g, mv.get("from"), "from")
    dst = order_area(g, mv.get("to"), "to")
    n = mv.get("count")
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise IllegalOrder("GI-CITYADV-25", f"a Marines move's count is a number of pieces, not {n!r}")
    have = led.marines.get(src, 0)
    if n > have:
        raise IllegalOrder("GI-CITYADV-25", f"you have only {have} Marines in {g.area_name(src)} that have not "
                           f"moved this phase (asked to move {n}); a piece moves once")
    via = check_path(g, led.nation, src, dst, mv.get("via"), "Marines")  # like a normal token
    led.marines[src] = have - n
    out = {"from": src, "to": dst, "count": n}
    if via is not None:
        out["via"] = via
    return out


def _ship_of(g: Context, led: GILedger, v: dict, start: str) -> fleet.Record:
    nation = led.nation
    sid = v.get("id")
    if sid is None:
        here = fleet.in_area(g.s, nation, start)
        left = [r for r in here if r["id"] not in led.sailed]
        if not left:
            if here:
                raise IllegalOrder("23.52", f"your ship in {g.area_name(start)} already has a voyage this phase")
            raise IllegalOrder("23.1", f"you have no ship in {g.area_name(start)}")
        return left[0]
    rec = fleet.ship(g.s, nation, sid)
    if rec is None or rec["area"] != start:
        raise IllegalOrder("23.1", f"you have no ship {sid!r} in {g.area_name(start)}")
    if sid in led.sailed:
        raise IllegalOrder("23.52", f"your ship {sid} already has a voyage this phase")
    return rec


class GIVoyageCheck(VoyageCheck):
    """The plain voyage check (``rules.movement.VoyageCheck``) with Grand Imperial's ships: the
    ship by number (``id``), its allowance and capacity by role (GI-SHIP-04, -05: tokens and
    cards together), tokens aboard when it begins and staying aboard at the end, a voyage that
    only loads or unloads (GI-SHIP-06), Marines taken aboard and set down (GI-CITYADV-25), and
    the area where it ends entered as any other (GI-LEADER-08, GILD-17). Its normal form adds
    ``id``, ``stay`` = [[from, n], ...] (tokens loaded that stay aboard), ``marines_in`` and
    ``marines_out``; in ``legs`` "@ship" is where the tokens aboard at the start come from."""

    KEYS = frozenset({"ship", "id", "steps"})
    SHAPE = ("a voyage is {\"ship\": area where it starts, \"id\": its number (optional), "
             "\"steps\": [[\"load\", n], [\"sail\", area], [\"unload\", n], ...]}")
    VERBS = "load, sail, unload or marine"

    def __init__(self, g: Context, led: GILedger, v: Any) -> None:
        super().__init__(g, led, v)
        self.troops = self.rec.get("marines", 0)  # Marines aboard (GI-CITYADV-25: no room taken)
        self.m_loads: dict[str, int] = {}
        self.m_load_at: list[str] = []
        self.m_unload_at: list[str] = []

    def take_ship(self) -> None:
        self.rec = _ship_of(self.g, self.led, self.v, self.start)

    def allowance(self) -> int:
        return fleet.allowance(self.g, self.nation, self.rec)

    def tokens_aboard(self) -> int:
        return self.rec["tokens"]

    def initially_aboard(self) -> list[list]:
        return [[ABOARD, self.rec["tokens"]]] if self.rec["tokens"] else []

    def check_room(self, n: int) -> None:
        capacity, cards = fleet.capacity(self.rec), len(self.rec["cards"])
        if self.cargo + cards + n > capacity:
            raise IllegalOrder("GI-SHIP-05", f"a {fleet.spec(self.rec['role']).name} holds at most {capacity} "
                               f"tokens and cards together (it would hold {self.cargo + n} tokens"
                               + (f" and {cards} cards" if cards else "") + ")")

    def too_far(self) -> None:
        cloth = self.g.of(self.nation).has("cloth_making")
        spec = fleet.spec(self.rec["role"])
        raise IllegalOrder("GI-SHIP-04", f"a {spec.name} enters at most {self.reach} areas in a movement "
                           "phase" + (" (Cloth Making included)" if cloth else
                                      f" ({spec.moves_with_cloth_making} with Cloth Making)"))

    def other_step(self, verb: Any, arg: Any, step: Any, here: Any) -> None:
        if verb != MARINE:
            super().other_step(verb, arg, step, here)
            return
        if here.is_open_sea:
            raise IllegalOrder("23.51", "Marines embark and land only in a land area")
        pos = self.pos
        if arg == "load":
            free_m = self.led.marines.get(pos, 0) - self.m_loads.get(pos, 0)
            if free_m < 1:
                raise IllegalOrder("GI-CITYADV-25", f"you have no Marines in {self.g.area_name(pos)} that may "
                                   "embark (Marines that moved this phase may not)")
            self.m_loads[pos] = self.m_loads.get(pos, 0) + 1
            self.m_load_at.append(pos)
            self.troops += 1
        elif arg == "unload":
            if self.troops < 1:
                raise IllegalOrder("GI-CITYADV-25", f"ship {self.rec['id']} carries no Marines to land")
            self.troops -= 1
            self.m_unload_at.append(pos)
        else:
            raise IllegalOrder("GI-CITYADV-25", f"a Marines step is [\"marine\", \"load\" or \"unload\"], "
                               f"not {step!r}")

    def check_done(self) -> None:
        """GI-SHIP-06: tokens may stay aboard, and a voyage may only load or unload; one that
        does nothing at all is refused."""
        if len(self.path) == 1 and not self.loads and not self.legs and not self.m_load_at and not self.m_unload_at:
            raise IllegalOrder("GI-SHIP-06", f"the voyage of ship {self.rec['id']} neither sails nor loads nor "
                               "unloads")

    def check_berth(self) -> None:
        if self.pos != self.start:  # the ship itself enters the area where it ends (GI-LEADER-08, GILD-17)
            self.g.check_entry(self.nation, self.pos)

    def book_ship(self) -> None:
        for a, n in self.m_loads.items():
            self.led.marines[a] -= n
        self.led.sailed.add(self.rec["id"])

    def normal_form(self) -> dict:
        stay = [[src, n] for src, n in self.aboard if src != ABOARD]
        return {"ship": self.start, "id": self.rec["id"], "steps": [list(s) for s in self.v["steps"]],
                "path": self.path, "legs": self.legs, "stay": stay, "marines_in": self.m_load_at,
                "marines_out": self.m_unload_at}


def check_voyage(g: Context, led: GILedger, v: Any) -> dict:
    """Check one ship's voyage (23.5x, GI-SHIP-04..06) and book its ship and the tokens it
    loads (:class:`GIVoyageCheck`); gives its normal form. Raises before booking anything."""
    return GIVoyageCheck(g, led, v).check()


def check_plan(g: Context, nation: str, moves: Any, voyages: Any, marines: Any = ()) -> dict:
    """Validate a whole GI move order against the current board; changes nothing. Land moves
    of tokens, then of Marines, then the voyages (the order they are carried out in)."""
    if not isinstance(moves, list) or not isinstance(voyages, list) or not isinstance(marines, (list, tuple)):
        raise IllegalOrder("23.1", "moves, voyages and marines must be lists")
    led = GILedger(g, nation)
    out_moves = [check_land_move(g, led, m) for m in moves]
    out_marines = [check_marine_move(g, led, m) for m in marines]
    out_voyages = [check_voyage(g, led, v) for v in voyages]
    out = {"moves": out_moves, "voyages": out_voyages}
    if out_marines:
        out["marines"] = out_marines
    return out


def _n(n: int) -> str:
    return f"{n} token{'s' if n != 1 else ''}"


def execute(g: Context, seat: int, plan: dict) -> None:
    """Carry out a player's moves on his turn (23.2), each re-checked against the board as it
    now is (a move that became illegal is skipped with an event saying why)."""
    nation = g.s.players[seat].nation
    assert nation is not None
    who = g.name(nation)
    led = GILedger(g, nation)
    moved_any = False
    for mv in plan.get("moves", ()):
        try:
            m = check_land_move(g, led, mv)
        except IllegalOrder as e:
            g.emit(f"{who}'s move of {mv.get('count')} from {g.area_name(mv['from'])} to "
                   f"{g.area_name(mv['to'])} is skipped: {e}", "move_skipped", nation=nation, move=mv, rule=e.rule)
            continue
        g.move_tokens(nation, m["from"], m["to"], m["count"])
        moved_any = True
        record_entry(g, nation, m["to"])
        via = f" via {g.area_name(m['via'])}" if "via" in m else ""
        g.emit(f"{who} moves {_n(m['count'])} from {g.area_name(m['from'])}{via} to {g.area_name(m['to'])}.",
               "move", nation=nation, move=dict(m))
    for mv in plan.get("marines", ()):
        try:
            m = check_marine_move(g, led, mv)
        except IllegalOrder as e:
            g.emit(f"{who}'s move of {mv.get('count')} Marines from {g.area_name(mv['from'])} to "
                   f"{g.area_name(mv['to'])} is skipped: {e}", "move_skipped", nation=nation, marines=mv, rule=e.rule)
            continue
        mar.take(g, nation, m["from"], m["count"])
        mar.place(g, nation, m["to"], m["count"])
        moved_any = True
        g.emit(f"{who} moves {m['count']} Marines from {g.area_name(m['from'])} to {g.area_name(m['to'])}.",
               "marines_move", nation=nation, move=dict(m))
    for v in plan.get("voyages", ()):
        try:
            vv = check_voyage(g, led, {"ship": v["ship"], "id": v["id"], "steps": v["steps"]})
        except IllegalOrder as e:
            g.emit(f"{who}'s voyage of ship {v.get('id')} in {g.area_name(v['ship'])} is skipped: {e}",
                   "move_skipped", nation=nation, voyage=v.get("steps"), rule=e.rule)
            continue
        sid = vv["id"]
        for src, dst, n in vv["legs"]:
            if src == ABOARD:
                fleet.unload(g, nation, sid, dst, n)
            elif src == dst:  # taken out and brought back: nobody moved into the area (SZ-04)
                continue
            else:
                g.move_tokens(nation, src, dst, n)
            record_entry(g, nation, dst)
        for src, n in vv["stay"]:
            fleet.load(g, nation, sid, src, n)
        for a in vv.get("marines_in", ()):
            mar.embark(g, nation, sid, a)
        for a in vv.get("marines_out", ()):
            mar.disembark(g, nation, sid, a)
        if vv["path"][-1] != vv["ship"]:
            fleet.move(g, nation, sid, vv["path"][-1])
        moved_any = True
        carried = "; ".join(f"{_n(n)} " + ("from aboard " if a == ABOARD else f"from {g.area_name(a)} ")
                            + (f"to {g.area_name(b)}" if a != b else "and back") for a, b, n in vv["legs"])
        stays = fleet.ship(g.s, nation, sid)["tokens"]
        g.emit(f"{who}'s ship {sid} sails " + " → ".join(g.area_name(a) for a in vv["path"])
               + (f", setting down {carried}" if carried else "")
               + (f"; {_n(stays)} stay aboard" if stays else "")
               + (f"; Marines embark in {', '.join(g.area_name(a) for a in vv['marines_in'])}"
                  if vv.get("marines_in") else "")
               + (f"; Marines land in {', '.join(g.area_name(a) for a in vv['marines_out'])}"
                  if vv.get("marines_out") else "") + ".", "voyage", nation=nation,
               ship=sid, path=vv["path"], legs=vv["legs"], aboard=stays,
               marines_in=vv.get("marines_in", []), marines_out=vv.get("marines_out", []))
    if not moved_any:
        g.emit(f"{who} moves nothing.", "move", nation=nation)


def random_voyage(g: Context, nation: str, led: GILedger, rec: fleet.Record, rng) -> dict | None:
    """A random voyage of ship ``rec``: a random load, a random path within its allowance, then
    everything set down (three times in four) or a random number (the rest stays aboard)."""
    start = rec["area"]
    astronomy = g.of(nation).has("astronomy")
    steps: list[list] = []
    room = fleet.free(rec)
    n = min(room, led.unmoved(start))
    n = rng.below(n + 1) if n > 0 else 0
    if n:
        steps.append(["load", n])
    troops = rec.get("marines", 0)
    if led.marines.get(start, 0) > 0 and rng.below(2) == 0:  # a Marines piece embarks (GI-CITYADV-25)
        steps.append([MARINE, "load"])
        troops += 1
    pos, path = start, []
    for _ in range(rng.below(fleet.allowance(g, nation, rec) + 1)):
        opts = sorted(a for a in g.areas[pos].water_adj if astronomy or not g.areas[a].is_open_sea)
        if not opts or pos in DOUBLE_COASTS:
            break
        pos = rng.choice(opts)
        path.append(pos)
    while path and g.areas[path[-1]].is_open_sea:
        path.pop()
    steps.extend(["sail", a] for a in path)
    cargo = rec["tokens"] + n
    if cargo and (path or rec["tokens"]):
        # mostly everything ashore (so random games keep growing), sometimes some stay aboard
        down = cargo if rng.below(4) else rng.below(cargo + 1)
        if down:
            steps.append(["unload", down])
    if troops and path and rng.below(2) == 0:
        steps.append([MARINE, "unload"])
    if not path and not any(s[0] in ("load", "unload", MARINE) for s in steps):
        return None
    return {"ship": start, "id": rec["id"], "steps": steps}


@register(variant=KEY)
class GIMovementPhase(MovementPhase):
    """23 with Grand Imperial ships (GI-SHIP-04..06)."""

    def empty(self, plan: dict) -> bool:
        """A plan that moves only Marines is not empty (GI-CITYADV-25)."""
        return super().empty(plan) and not plan.get("marines")

    def check(self, g: Context, nation: str, o: Move) -> dict:
        return check_plan(g, nation, o.moves, o.voyages, getattr(o, "marines", ()))

    def carry_out(self, g: Context, seat: int, plan: dict) -> None:
        execute(g, seat, plan)

    def sample(self, g: Context, seat: int, rng) -> GIMove:
        """The plain sampler's land moves, and sometimes a voyage of one of his ships with a
        random number staying aboard (5.2, D5)."""
        plain = super().sample(g, seat, rng)
        nation = g.s.players[seat].nation
        led = GILedger(g, nation)
        moves = []
        for m in plain.moves:
            try:
                check_land_move(g, led, m)
            except IllegalOrder:
                continue
            moves.append(m)
        marines = []
        for area in sorted(set(led.marines)):  # Marines step to a random land neighbour, one in two
            opts = sorted(g.areas[area].land_adj)
            if opts and rng.below(2) == 0:
                m = {"from": area, "to": rng.choice(opts), "count": 1 + rng.below(led.marines[area])}
                try:
                    marines.append(check_marine_move(g, led, m))
                except IllegalOrder:
                    pass
        voyages = []
        recs = fleet.records(g.s, nation)
        if recs and rng.below(2) == 0:
            v = random_voyage(g, nation, led, recs[rng.below(len(recs))], rng)
            if v is not None:
                voyages.append(v)
        try:
            check_plan(g, nation, moves, voyages, marines)
        except IllegalOrder:
            moves, voyages, marines = [], [], []
        return GIMove(seat, moves, voyages, plain.done, marines)

