"""Movement (§23) with the site's pending-order model (SITE-MOVE-01..09).

Rules (§23): players move in census order, Military holders last (23.2, 23.21); a token
crosses one land boundary (23.3) or, with Roadbuilding, passes through one land area free of
other players' units, Barbarians and Pirate cities into a second (23.31); ships carry at
most 5 tokens (23.51), enter up to 4 water areas (23.52; 5 with Cloth Making, 23.53), open
sea only with Astronomy (23.54), end anywhere reachable but open sea (23.55); tokens load
and unload any number of times, ferrying allowed, nothing stays aboard, one ship per token
(23.56); tokens that moved overland may not embark and tokens that sailed may not then move
overland (23.3, 23.51). Cities never move (23.1); Barbarians never move here (23.22).
Any number of tokens may end in an area, above its limit (23.4): conflict comes later.

Site model (SITE-MOVE-05..08): every player may enter moves at any time during the phase;
they are held as *pending* and carried out in census order. Each player marks his moves
``"done"`` or ``"unless_threatened"`` (SZ-04: when his turn comes, if an earlier mover moved
into an area where he has units or into which he is moving, a Roadbuilding intermediate area
included, his moves are not finalised and the game waits for him to change or confirm them). Until his turn he may replace his moves
(a new ``move`` order replaces the old one; an empty one resets). Timeout (SITE-MOVE-08):
entered moves are carried out even if not confirmed, otherwise nothing moves.

The order (JSON)::

    {"type": "move", "player": SEAT,
     "moves": [{"from": "ur", "to": "sumeria", "count": 2},            # 23.3
               {"from": "ur", "via": "sumeria", "to": "akkad", "count": 1},  # 23.31 Roadbuilding
               {"from": "babylon", "to": "akkad", "count": "excess"}],  # SITE-MOVE-02
     "voyages": [{"ship": "tanis",                  # the area where the ship starts
                  "steps": [["load", 3], ["sail", "sinai"], ["unload", 3],
                            ["sail", "tanis"], ["load", 2], ["sail", "sinai"], ["unload", 2]]}],
     "done": "done" | "unless_threatened" | null}

``count`` is a number, ``"all"`` (the whole stack, SITE-MOVE-03) or ``"excess"`` (the tokens
above the area's population limit in the stack as left by the earlier moves of the same
order, SITE-MOVE-02); it is fixed when the order is entered. A voyage sails at least once.
The generic ``{"type": "done"}`` confirms the moves already entered (SITE-MOVE-06).

Orders are validated in full when entered (against the board then) and each move again when
carried out; a move that became illegal meanwhile (e.g. another player's tokens now stand
in a Roadbuilding intermediate area) is skipped with an event saying why.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Discriminator, Tag
from typing_extensions import NotRequired, TypedDict

from ...contract import AlreadyDone, Decision, IllegalOrder
from ..data import BARBARIANS, PIRATES
from ..context import Context
from ..words import plural
from ..orders import Done, Order, order
from ..schema import AreaId, Many, Positive
from ..phase import Phase, refuse_repeat, register, require_phase_player
from ..view import PHASE_VIEWS

#: 23.51: tokens a ship carries at once.
SHIP_CAPACITY = 5
#: 23.52 / 23.53: water areas a ship may enter per movement phase (without / with Cloth Making).
SHIP_AREAS = 4
SHIP_AREAS_CLOTH = 5
DONE_VALUES = (None, "done", "unless_threatened")
STEP_VERBS = ("load", "sail", "unload")

#: 23.57: Greek areas with two distinct coastlines: area -> the two groups of water-adjacent
#: areas, one per coast. The map data records none (see docs/rulings/movement.md), so this is
#: empty and every coastal area has a single coastline; the rule is applied to any entry here.
DOUBLE_COASTS: dict[str, tuple[frozenset[str], frozenset[str]]] = {}


#: One overland move (23.3; ``via`` for Roadbuilding, 23.31); ``count`` a number, "all"
#: (SITE-MOVE-03) or "excess" (SITE-MOVE-02).
LandMove = TypedDict("LandMove", {"from": AreaId, "to": AreaId, "via": NotRequired[AreaId],
                                  "count": Positive | Literal["all", "excess"]})
LandMove.__pydantic_config__ = ConfigDict(extra="forbid", strict=True)  # type: ignore[attr-defined]
#: One step of a voyage (23.5): ``["load", n]``, ``["sail", area]`` or ``["unload", n]``.
VoyageStep = Annotated[
    Annotated[tuple[Literal["load"], Positive], Tag("load")]
    | Annotated[tuple[Literal["unload"], Positive], Tag("unload")]
    | Annotated[tuple[Literal["sail"], AreaId], Tag("sail")],
    Discriminator(lambda v: v[0] if isinstance(v, (list, tuple)) and v and v[0] in STEP_VERBS else None,
                  custom_error_type="voyage_step",
                  custom_error_message='a voyage step is ["load", n], ["sail", area] or ["unload", n]')]


class Voyage(TypedDict):
    """A ship's voyage: the area where it starts and its steps in order (23.5)."""

    __pydantic_config__ = ConfigDict(extra="forbid", strict=True)  # type: ignore[misc]
    ship: AreaId
    steps: Many(VoyageStep)


@order("move", rule="23.1", fields={"voyages": "23.5"})
@dataclass(slots=True)
class Move(Order):
    """A player's movement orders for this phase (replaces any he entered before)."""

    moves: Many(LandMove) = field(default_factory=list)
    voyages: Many(Voyage) = field(default_factory=list)
    done: Literal["done", "unless_threatened"] | None = None


# ---------------------------------------------------------------------------------------
# Validation (pure: works on local counters, never on the state)
# ---------------------------------------------------------------------------------------


#: an order's lists of moves, in the order they are carried out, with what one is called
PARTS = (("moves", "move"), ("marines", "Marines move"), ("voyages", "voyage"))


class IllegalMove(IllegalOrder):
    """A move order refused for one of its moves (SITE-TABLE-07, issue 24 finding 4): ``part``
    ("moves", "marines" or "voyages") and ``index`` (0 first) say which, ``reason`` why (the
    rule's own words); the message names it ("move 2 (3 tokens from Macedonia to Byzantium):
    ..."). The order is refused as a whole (docs/rulings/table.md TBL-10);
    :func:`judge_moves` tells the page which of the order's moves stand."""

    def __init__(self, rule: str, message: str, part: str, index: int, reason: str) -> None:
        super().__init__(rule, message)
        self.part, self.index, self.reason = part, index, reason


def describe_move(g: Context, part: str, item: Any) -> str:
    """One move of an order in words: "3 tokens from Macedonia to Byzantium", "the ship in
    Knossos"; "as given" for one that is not even shaped as a move."""
    def where(a: Any) -> str:
        return g.area_name(a) if isinstance(a, str) and a in g.areas else repr(a)
    if not isinstance(item, dict):
        return "as given"
    if part == "voyages":
        return f"the ship in {where(item.get('ship'))}"
    n = item.get("count")
    what = (f"{n} token{'s' if n != 1 else ''}" if isinstance(n, int) else f"{n} tokens") if part == "moves" \
        else f"{n} Marines"
    via = f" through {where(item['via'])}" if item.get("via") else ""
    return f"{what} from {where(item.get('from'))}{via} to {where(item.get('to'))}"


def order_parts(o: Any) -> list[tuple[str, list]]:
    """The lists of moves of a move order (an ``Order`` or its JSON), in the order checked."""
    get = (lambda k: o.get(k)) if isinstance(o, dict) else (lambda k: getattr(o, k, None))
    return [(part, list(get(part) or [])) for part, _ in PARTS if isinstance(get(part), list)]


def with_parts(o: Any, parts: dict[str, list]) -> Any:
    """A copy of move order ``o`` with these lists of moves (the others emptied)."""
    from dataclasses import replace

    full = {part: list(parts.get(part, [])) for part, _ in order_parts(o)}
    return {**o, **full} if isinstance(o, dict) else replace(o, **full)


def judge(check, o: Any) -> list[dict[str, Any]]:
    """Each move of move order ``o`` judged in the order carried out, by ``check(order)`` (the
    phase's own check, which raises IllegalOrder): a move stands when the moves that stood
    before it and it pass together. Gives [{part, index, legal, rule, reason}]."""
    kept: dict[str, list] = {}
    out = []
    for part, items in order_parts(o):
        for i, item in enumerate(items):
            trial = {**kept, part: [*kept.get(part, []), item]}
            try:
                check(with_parts(o, trial))
            except IllegalOrder as e:
                out.append({"part": part, "index": i, "legal": False, "rule": e.rule,
                            "reason": getattr(e, "reason", None) or e.message})
                continue
            kept = trial
            out.append({"part": part, "index": i, "legal": True, "rule": "", "reason": ""})
    return out


def named_refusal(g: Context, check, o: Any, e: IllegalOrder) -> IllegalOrder:
    """The refusal ``e`` of move order ``o`` as an :class:`IllegalMove` naming the first move
    that does not stand (:func:`judge`); ``e`` itself when no single move is at fault."""
    if isinstance(e, IllegalMove):
        return e
    words = dict(PARTS)
    for v in judge(check, o):
        if not v["legal"]:
            part, i = v["part"], v["index"]
            item = dict(order_parts(o))[part][i]
            return IllegalMove(v["rule"], f"{words[part]} {i + 1} ({describe_move(g, part, item)}): {v['reason']}",
                               part, i, v["reason"])
    return e


def judge_moves(state: Any, seat: int, order: dict) -> list[dict[str, Any]]:
    """SITE-TABLE-07: of a move order of ``seat`` (JSON, as the page would send it), each move
    judged against the board as it stands, by the game's own movement rules (its variant's):
    [{part, index, legal, rule, reason}] in the order the moves are carried out. A move that
    stands does so together with the others that stand; the state is not changed."""
    from ..orders import from_json
    from ..variant import game_for, variant_of

    g = game_for(state)
    phase = variant_of(state).phase("movement")
    nation = state.players[seat].nation
    variant = state.options.variant
    return judge(lambda o: phase.check(g, nation, from_json({**o, "player": seat, "type": "move"},
                                                            variant=variant)), order)


def legal_destinations(state: Any, seat: int, area: str) -> list[dict[str, Any]]:
    """Where ``seat``'s tokens in ``area`` may move overland now (issue 24 finding 4, for the
    map): each area one land boundary away (23.3) and, with Roadbuilding, each area one more
    boundary beyond through an area free of other players' units, Barbarians and Pirate cities
    (23.31), that the game's rules let him enter (``Context.check_entry``). Gives [{to, vias,
    tokens}], the neighbours first then the others, each by name: ``vias`` the areas a move
    may pass through ([] across one boundary), ``tokens`` his tokens in ``area``. [] when he
    has none there. On the board as it stands (moves entered and not carried out aside)."""
    from ..variant import game_for

    g = game_for(state)
    nation = state.players[seat].nation if 0 <= seat < len(state.players) else None
    if nation is None or area not in g.areas or g.tokens(area, nation) <= 0:
        return []
    have = g.tokens(area, nation)

    def enters(dst: str) -> bool:
        try:
            g.check_entry(nation, dst)
        except IllegalOrder:
            return False
        return True
    near = sorted((a for a in g.areas[area].land_adj if enters(a)), key=g.area_name)
    out = [{"to": a, "vias": [], "tokens": have} for a in near]
    if g.of(nation).has("roadbuilding"):
        far: dict[str, list[str]] = {}
        for via in g.areas[area].land_adj:
            if road_blocker(g, nation, via) is not None:
                continue
            for dst in g.areas[via].land_adj:
                if dst != area and dst not in g.areas[area].land_adj and enters(dst):
                    far.setdefault(dst, []).append(via)
        out += [{"to": a, "vias": sorted(v), "tokens": have} for a, v in sorted(far.items(), key=lambda kv: g.area_name(kv[0]))]
    return out


def legal_voyages(state: Any, seat: int, area: str) -> list[dict[str, Any]]:
    """Where ``seat``'s tokens in ``area`` may go by one of his ships there now (issue 24,
    SITE-TABLE-03, for the map): each area a ship starting in ``area`` reaches across water
    boundaries (23.52) within its allowance (4 water areas, 5 with Cloth Making, 23.53), into
    open sea only with Astronomy (23.54), leaving a double coast by the side it entered
    (23.57), and where it may set tokens down (not open sea, 23.55-23.56; the variant's entry
    rules, ``Context.check_entry``). Each is checked as the one voyage "load, sail..., unload"
    by the game's own movement check (its variant's), so the map offers only voyages the
    order would take. Gives [{to, path, tokens}] by name: ``path`` the areas the ship enters
    on a shortest way (the ``sail`` steps), ``tokens`` the most it may carry from ``area``
    (his unmoved tokens there, at most 5, 23.51). [] when he has no ship or no token there.
    On the board as it stands (moves entered and not carried out aside)."""
    from ..orders import from_json
    from ..variant import game_for, variant_of

    g = game_for(state)
    nation = state.players[seat].nation if 0 <= seat < len(state.players) else None
    if nation is None or area not in g.areas or g.tokens(area, nation) <= 0 or area not in g.ships_of(nation):
        return []
    have = min(SHIP_CAPACITY, g.tokens(area, nation))
    astronomy = g.of(nation).has("astronomy")
    reach = ship_allowance(g, nation)
    # breadth first over (where the ship is, where it came from): the first way found is a shortest
    seen = {(area, None)}
    frontier: list[tuple[str, str | None, list[str]]] = [(area, None, [])]
    first: dict[str, list[str]] = {}
    for _ in range(reach):
        nxt = []
        for pos, came, path in frontier:
            for dst in sorted(g.areas[pos].water_adj):
                try:
                    sail_to(g, pos, came, dst, astronomy)
                except IllegalOrder:
                    continue
                if (dst, pos) in seen:
                    continue
                seen.add((dst, pos))
                way = path + [dst]
                nxt.append((dst, pos, way))
                if dst != area and dst not in first and not g.areas[dst].is_open_sea:
                    first[dst] = way
        frontier = nxt
    phase = variant_of(state).phase("movement")
    variant = state.options.variant
    out = []
    for dst, way in sorted(first.items(), key=lambda kv: g.area_name(kv[0])):
        voyage = {"ship": area, "steps": [["load", have], *(["sail", a] for a in way), ["unload", have]]}
        try:
            phase.check(g, nation, from_json({"type": "move", "player": seat, "moves": [], "voyages": [voyage],
                                              "done": None}, variant=variant))
        except (IllegalOrder, ValueError, TypeError):
            continue
        out.append({"to": dst, "path": way, "tokens": have})
    return out


class MoveLedger:
    """What one player may still move while his orders are checked or carried out.

    ``avail[area]``: his tokens in ``area`` that have not moved this phase (only these may
    move overland or embark: 23.3, 23.51, 23.56); ``ships[area]``: his ships there that have
    not yet sailed."""

    __slots__ = ("g", "nation", "avail", "ships", "arrived")

    def __init__(self, g: Context, nation: str) -> None:
        self.g = g
        self.nation = nation
        board = g.s.board.tokens
        self.avail: dict[str, int] = {a: m[nation] for a, m in board.items() if m.get(nation, 0) > 0}
        #: tokens brought into an area by this player's earlier land moves (they may not move
        #: again, but they are part of the stack there: SITE-MOVE-02 "excess")
        self.arrived: dict[str, int] = {}
        self.ships: dict[str, int] = {}
        for a in g.ships_of(nation):
            self.ships[a] = self.ships.get(a, 0) + 1

    def unmoved(self, area: str) -> int:
        """Tokens in ``area`` at the start of this player's movement not yet used."""
        return self.avail.get(area, 0)

    def take(self, area: str, n: int) -> None:
        self.avail[area] = self.unmoved(area) - n

    def stack(self, area: str) -> int:
        """His tokens in ``area`` once his moves so far are made (moved out, moved in)."""
        return self.unmoved(area) + self.arrived.get(area, 0)


def order_area(g: Context, raw: Any, what: str) -> str:
    """The area an order names as ``what``; IllegalOrder if it is not an area of this board."""
    if not isinstance(raw, str) or raw not in g.areas:
        raise IllegalOrder("23.1", f"{what} {raw!r} is not an area of this board")
    return raw


def _count(g: Context, led: MoveLedger, src: str, raw: Any) -> int:
    """Resolve a count: a number, "all" (whole stack, SITE-MOVE-03) or "excess" (tokens
    above the population limit, SITE-MOVE-02)."""
    if raw == "all":
        n = led.unmoved(src)
        if n <= 0:
            raise IllegalOrder("23.1", f"you have no unmoved tokens in {g.area_name(src)}")
        return n
    if raw == "excess":
        # the stack as it stands after his earlier moves in these orders (SITE-MOVE-02)
        n = min(led.unmoved(src), led.stack(src) - g.limit(src, led.nation))
        if n <= 0:
            raise IllegalOrder("23.1", f"your tokens in {g.area_name(src)} are not above its "
                               f"population limit of {g.limit(src, led.nation)}"
                               + (" after your earlier moves" if led.stack(src) !=
                                  g.tokens(src, led.nation) else ""))
        return n
    if not isinstance(raw, int) or isinstance(raw, bool) or raw < 1:
        raise IllegalOrder("23.1", f"a count must be a whole number of at least 1, \"all\" or "
                           f"\"excess\", not {raw!r}")
    return raw


def road_blocker(g: Context, nation: str, via: str) -> str | None:
    """Why ``via`` may not be passed through with Roadbuilding (23.31), or None: another
    player's units (tokens or cities, 5.5), Barbarians or a Pirate city."""
    for owner, n in g.s.board.tokens.get(via, {}).items():
        if n > 0 and owner != nation:
            return ("Barbarian tokens stand there" if owner == BARBARIANS
                    else f"{g.name(owner)}'s tokens stand there")
    city = g.s.board.cities.get(via)
    if city is not None and city != nation:
        return "a Pirate city stands there" if city == PIRATES else f"{g.name(city)}'s city stands there"
    return None


def check_path(g: Context, nation: str, src: str, dst: str, via: Any, pieces: str = "tokens") -> str | None:
    """The overland path of ``nation``'s ``pieces`` from ``src`` to ``dst``: across one land
    boundary (23.3), or with Roadbuilding through ``via`` into a second area, the first area
    entered free of other players' units, Barbarians and Pirate cities (23.31). Gives ``via``
    (checked) or None; IllegalOrder if the path is not allowed."""
    a = g.areas[src]
    if via is None:
        if dst not in a.land_adj:
            raise IllegalOrder("23.3", f"{g.area_name(src)} and {g.area_name(dst)} do not share "
                               f"a land boundary; {pieces} cross one land boundary (or go by ship)")
        return None
    via = order_area(g, via, "via")
    if not g.of(nation).has("roadbuilding"):
        raise IllegalOrder("23.31", "only a holder of Roadbuilding may move through an area "
                           "into a second one")
    if via not in a.land_adj or dst not in g.areas[via].land_adj:
        raise IllegalOrder("23.31", f"{g.area_name(src)} → {g.area_name(via)} → "
                           f"{g.area_name(dst)} is not a path across two land boundaries")
    if dst == src:
        raise IllegalOrder("23.31", "a Roadbuilding move must end in a different area")
    why = road_blocker(g, nation, via)
    if why:
        raise IllegalOrder("23.31", f"Roadbuilding cannot pass through {g.area_name(via)}: "
                           f"{why} (the first area entered must be free of other players' "
                           "units, Barbarians and Pirate cities)")
    return via


def check_land_move(g: Context, led: MoveLedger, mv: Any) -> dict:
    """Check one overland move (23.1, 23.3, 23.31) and book its tokens; gives its normal form.

    Raises IllegalOrder before booking anything if the move is not allowed."""
    if not isinstance(mv, dict) or set(mv) - {"from", "to", "via", "count"}:
        raise IllegalOrder("23.3", "a move is {\"from\": area, \"to\": area, \"count\": n} "
                           "(with \"via\": area for Roadbuilding)")
    src = order_area(g, mv.get("from"), "from")
    dst = order_area(g, mv.get("to"), "to")
    n = _count(g, led, src, mv.get("count"))
    have = led.unmoved(src)
    if n > have:
        total = g.tokens(src, led.nation)
        if total == 0:
            raise IllegalOrder("23.1", f"you have no tokens in {g.area_name(src)}; "
                               "a player may move only his own tokens")
        raise IllegalOrder("23.3", f"you have only {plural(have, 'token')} in {g.area_name(src)} that "
                           f"{'has' if have == 1 else 'have'} not moved this phase (asked to move {n}); "
                           "a token moves once")
    via = check_path(g, led.nation, src, dst, mv.get("via"))
    g.check_entry(led.nation, dst)
    led.take(src, n)
    led.arrived[dst] = led.arrived.get(dst, 0) + n
    out = {"from": src, "to": dst, "count": n}
    if via is not None:
        out["via"] = via
    return out


def ship_allowance(g: Context, nation: str) -> int:
    """Water areas a ship may enter this phase: 4, or 5 with Cloth Making (23.52, 23.53)."""
    return SHIP_AREAS_CLOTH if g.of(nation).has("cloth_making") else SHIP_AREAS


def step_count(raw: Any, verb: str) -> int:
    """The number of tokens a voyage's ``load`` or ``unload`` step names (at least 1, 23.56)."""
    if not isinstance(raw, int) or isinstance(raw, bool) or raw < 1:
        raise IllegalOrder("23.56", f"{verb} needs a number of tokens of at least 1, not {raw!r}")
    return raw


def embark(g: Context, led: MoveLedger, loads: dict[str, int], pos: str, n: int) -> None:
    """Book ``n`` tokens embarking in ``pos`` (``loads``: embarked so far by this voyage):
    only tokens that have not moved this phase may embark (23.51)."""
    free = led.unmoved(pos) - loads.get(pos, 0)
    if n > free:
        raise IllegalOrder("23.51", f"only {max(free, 0)} of your tokens in "
                           f"{g.area_name(pos)} may embark: tokens that moved overland "
                           "or by another ship this phase may not embark")
    loads[pos] = loads.get(pos, 0) + n


def set_down(aboard: list[list], legs: list[list], pos: str, n: int) -> None:
    """Set ``n`` tokens down in ``pos``, first loaded first unloaded: ``aboard`` ([area
    loaded, n] in load order) is drawn down and the transfers appended to ``legs`` (23.56)."""
    left = n
    while left:
        src, k = aboard[0]
        take = min(k, left)
        legs.append([src, pos, take])
        left -= take
        if take == k:
            aboard.pop(0)
        else:
            aboard[0][1] = k - take


def sail_to(g: Context, pos: str, came_from: str | None, arg: Any, astronomy: bool) -> str:
    """The area a ship in ``pos`` (entered from ``came_from``) sails into: across a water
    boundary (23.52), leaving a double coast by the side it entered (23.57), into open sea
    only with Astronomy (23.54)."""
    here = g.areas[pos]
    dst = order_area(g, arg, "sail to")
    if dst not in here.water_adj:
        raise IllegalOrder("23.52", f"{g.area_name(pos)} and {g.area_name(dst)} share no "
                           "water boundary; ships cross only water boundaries")
    coasts = DOUBLE_COASTS.get(pos)
    if coasts and came_from is not None:
        side = next((c for c in coasts if came_from in c), None)
        if side is not None and dst not in side:
            raise IllegalOrder("23.57", f"a ship that entered {g.area_name(pos)} from "
                               f"{g.area_name(came_from)} must leave by the same coast; "
                               f"it cannot cross to {g.area_name(dst)}")
    if g.areas[dst].is_open_sea and not astronomy:
        raise IllegalOrder("23.54", f"{g.area_name(dst)} is open sea: only a holder of "
                           "Astronomy may move ships into it")
    return dst


class VoyageCheck:
    """One ship's voyage being checked (23.5x), its ship and the tokens it loads booked at the
    end (:meth:`check`); nothing is booked if it raises.

    Steps: ``["load", n]``, ``["sail", area]``, ``["unload", n]`` in order. The plain voyage's
    normal form is ``{"ship", "steps", "path", "legs"}`` where ``legs`` = [[from, to, n], ...]
    are the token transfers (first loaded, first unloaded).

    The walk over the steps is this class's alone; a variant changes what differs through the
    hooks below (Grand Imperial's ``GIVoyageCheck``: ships by number, capacity and allowance by
    role, tokens staying aboard, Marines): :meth:`take_ship`, :meth:`allowance`,
    :meth:`check_room`, :meth:`too_far`, :meth:`other_step`, :meth:`check_done`,
    :meth:`check_berth`, :meth:`book_ship` and :meth:`normal_form`; :data:`KEYS`,
    :data:`SHAPE` and :data:`VERBS` say what an order may hold."""

    #: the keys a voyage may have, what it looks like, and its step verbs (for the messages)
    KEYS = frozenset({"ship", "steps"})
    SHAPE = "a voyage is {\"ship\": area where it starts, \"steps\": [[\"load\", n], [\"sail\", area], [\"unload\", n], ...]}"
    VERBS = "load, sail or unload"

    def __init__(self, g: Context, led: MoveLedger, v: Any) -> None:
        if not isinstance(v, dict) or set(v) - self.KEYS or not isinstance(v.get("steps"), list):
            raise IllegalOrder("23.5", self.SHAPE)
        self.g, self.led, self.v = g, led, v
        self.nation = led.nation
        self.start = order_area(g, v.get("ship"), "ship")
        self.take_ship()
        if not v["steps"]:
            raise IllegalOrder("23.5", "a voyage needs at least one step")
        self.astronomy = g.of(self.nation).has("astronomy")
        self.reach = self.allowance()
        self.pos, self.came_from, self.entered = self.start, None, 0
        self.cargo = self.tokens_aboard()
        #: [area loaded, n] in load order (what was aboard when the voyage began first)
        self.aboard: list[list] = self.initially_aboard()
        self.loads: dict[str, int] = {}
        self.legs: list[list] = []
        self.path = [self.start]

    # ---- the walk ---------------------------------------------------------------------------
    def check(self) -> dict:
        """Walk the steps, check the end, book; gives the voyage's normal form."""
        g = self.g
        for step in self.v["steps"]:
            if not isinstance(step, (list, tuple)) or len(step) != 2:
                raise IllegalOrder("23.5", f"a voyage step is [verb, value], not {step!r}")
            verb, arg = step
            here = g.areas[self.pos]
            if verb == "load":
                n = step_count(arg, "load")
                if here.is_open_sea:
                    raise IllegalOrder("23.51", "tokens can embark only in a land area")
                self.check_room(n)
                embark(g, self.led, self.loads, self.pos, n)
                self.cargo += n
                self.aboard.append([self.pos, n])
            elif verb == "unload":
                n = step_count(arg, "unload")
                if here.is_open_sea:
                    raise IllegalOrder("23.56", "tokens cannot be set down in an open sea area")
                if n > self.cargo:
                    raise IllegalOrder("23.56", f"the ship carries only {plural(self.cargo, 'token')}, cannot unload {n}")
                g.check_entry(self.nation, self.pos)
                self.cargo -= n
                set_down(self.aboard, self.legs, self.pos, n)
            elif verb == "sail":
                dst = sail_to(g, self.pos, self.came_from, arg, self.astronomy)
                self.entered += 1
                if self.entered > self.reach:
                    self.too_far()
                self.came_from, self.pos = self.pos, dst
                self.path.append(dst)
            else:
                self.other_step(verb, arg, step, here)
        self.check_done()
        if g.areas[self.pos].is_open_sea:
            raise IllegalOrder("23.55", f"a ship may not end its movement in an open sea area "
                               f"({g.area_name(self.pos)})")
        self.check_berth()
        for a, n in self.loads.items():
            self.led.take(a, n)
        self.book_ship()
        return self.normal_form()

    # ---- the hooks: the plain rules -----------------------------------------------------------
    def take_ship(self) -> None:
        """The ship that sails: one of his in ``start`` that has not sailed this phase (23.52)."""
        if self.led.ships.get(self.start, 0) <= 0:
            if self.start in self.g.ships_of(self.nation):
                raise IllegalOrder("23.52", f"your ship in {self.g.area_name(self.start)} already has a voyage "
                                   "this phase")
            raise IllegalOrder("23.1", f"you have no ship in {self.g.area_name(self.start)}")

    def allowance(self) -> int:
        """Water areas the ship may enter (23.52, 23.53)."""
        return ship_allowance(self.g, self.nation)

    def tokens_aboard(self) -> int:
        """Tokens aboard when the voyage begins: none (23.56)."""
        return 0

    def initially_aboard(self) -> list[list]:
        """The ``aboard`` entries of the tokens aboard when the voyage begins: none."""
        return []

    def check_room(self, n: int) -> None:
        """Refuse loading ``n`` more tokens than the ship carries (23.51)."""
        if self.cargo + n > SHIP_CAPACITY:
            raise IllegalOrder("23.51", f"a ship carries at most {plural(SHIP_CAPACITY, 'token')} "
                               f"(it would carry {self.cargo + n})")

    def too_far(self) -> None:
        """The ship has entered more water areas than it may (23.52, 23.53)."""
        raise IllegalOrder("23.53" if self.reach > SHIP_AREAS else "23.52",
                           f"a ship may enter at most {self.reach} water areas per "
                           "movement phase" + (" (Cloth Making included)"
                                               if self.reach > SHIP_AREAS else
                                               " (5 with Cloth Making)"))

    def other_step(self, verb: Any, arg: Any, step: Any, here: Any) -> None:
        """A step whose verb is none of load, sail and unload."""
        raise IllegalOrder("23.5", f"unknown voyage step {verb!r}: use {self.VERBS}")

    def check_done(self) -> None:
        """The voyage sails (23.3) and leaves no token aboard (23.56)."""
        if len(self.path) == 1:
            raise IllegalOrder("23.52", f"the voyage of the ship in {self.g.area_name(self.start)} never sails: "
                               "tokens embark on a ship to move by water (23.3), so a voyage needs "
                               "at least one [\"sail\", area] step")
        if self.cargo:
            raise IllegalOrder("23.56", f"{plural(self.cargo, 'token')} would remain aboard at the end of the "
                               f"movement phase; unload {'it' if self.cargo == 1 else 'them'} (no token may "
                               "stay aboard)")

    def check_berth(self) -> None:
        """Where the ship ends may take it: anywhere but open sea (checked before)."""

    def book_ship(self) -> None:
        """The ship has sailed this phase."""
        self.led.ships[self.start] -= 1

    def normal_form(self) -> dict:
        return {"ship": self.start, "steps": [list(s) for s in self.v["steps"]], "path": self.path,
                "legs": self.legs}


def check_voyage(g: Context, led: MoveLedger, v: Any) -> dict:
    """Check one ship's voyage (23.5x) and book its ship and the tokens it loads
    (:class:`VoyageCheck`); gives its normal form. Raises before booking anything."""
    return VoyageCheck(g, led, v).check()


def check_plan(g: Context, nation: str, moves: Any, voyages: Any) -> dict:
    """Validate a whole set of orders against the current board; gives the normal form.

    Raises IllegalOrder (rule cited) on the first problem; changes nothing."""
    if not isinstance(moves, list) or not isinstance(voyages, list):
        raise IllegalOrder("23.1", "moves and voyages must be lists")
    led = MoveLedger(g, nation)
    out_moves = [check_land_move(g, led, m) for m in moves]
    out_voyages = [check_voyage(g, led, v) for v in voyages]
    return {"moves": out_moves, "voyages": out_voyages}


def destinations(plan: dict) -> set[str]:
    """Areas a plan moves tokens into (land destinations and unloading areas)."""
    out = {m["to"] for m in plan.get("moves", ())}
    for v in plan.get("voyages", ()):
        out.update(leg[1] for leg in v["legs"])
    return out


# ---------------------------------------------------------------------------------------
# Carrying orders out
# ---------------------------------------------------------------------------------------


def record_entry(g: Context, nation: str, area: str) -> None:
    """Note that ``nation`` moved into ``area`` this phase (SITE-MOVE-07, ``threat``)."""
    entered: dict[str, list[str]] = g.s.step.setdefault("entered", {})
    entered.setdefault(area, [])
    if nation not in entered[area]:
        entered[area].append(nation)


def execute(g: Context, seat: int, plan: dict) -> None:
    """Carry out a player's moves on his turn (23.2), re-checking each against the board as
    it now is; a move that became illegal is skipped with an event saying why."""
    p = g.s.players[seat]
    nation = p.nation
    assert nation is not None
    who = g.name(nation)
    led = MoveLedger(g, nation)
    moved_any = False
    for mv in plan.get("moves", ()):
        try:
            m = check_land_move(g, led, mv)
        except IllegalOrder as e:
            g.emit(f"{who}'s move of {mv.get('count')} from {g.area_name(mv['from'])} to "
                   f"{g.area_name(mv['to'])} is skipped: {e}", "move_skipped", nation=nation,
                   move=mv, rule=e.rule)
            continue
        g.move_tokens(nation, m["from"], m["to"], m["count"])
        moved_any = True
        record_entry(g, nation, m["to"])
        via = f" via {g.area_name(m['via'])}" if "via" in m else ""
        g.emit(f"{who} moves {m['count']} token{'s' if m['count'] != 1 else ''} from "
               f"{g.area_name(m['from'])}{via} to {g.area_name(m['to'])}.", "move",
               nation=nation, move=dict(m))
    for v in plan.get("voyages", ()):
        try:
            vv = check_voyage(g, led, {"ship": v["ship"], "steps": v["steps"]})
        except IllegalOrder as e:
            g.emit(f"{who}'s voyage of the ship in {g.area_name(v['ship'])} is skipped: {e}",
                   "move_skipped", nation=nation, voyage=v.get("steps"), rule=e.rule)
            continue
        for src, dst, n in vv["legs"]:
            if src == dst:  # taken out and brought back: nobody moved into the area (SZ-04)
                continue
            g.move_tokens(nation, src, dst, n)
            record_entry(g, nation, dst)
        if vv["path"][-1] != vv["ship"]:
            g.move_ship(nation, vv["ship"], vv["path"][-1])
        moved_any = True
        carried = "; ".join(f"{n} token{'s' if n != 1 else ''} from {g.area_name(a)} "
                            + (f"to {g.area_name(b)}" if a != b else "and back")
                            for a, b, n in vv["legs"])
        g.emit(f"{who}'s ship sails " + " → ".join(g.area_name(a) for a in vv["path"])
               + (f", carrying {carried}." if carried else "."), "voyage", nation=nation,
               path=vv["path"], legs=vv["legs"])
    if not moved_any:
        g.emit(f"{who} moves nothing.", "move", nation=nation)


def threat(g: Context, seat: int, plan: dict | None) -> str | None:
    """SITE-MOVE-07 / SZ-04: an area where ``seat`` has units (tokens or cities) or into
    which he is moving (destinations and Roadbuilding intermediate areas), that an earlier
    mover has moved into this phase; None if none."""
    nation = g.s.players[seat].nation
    entered: dict[str, list[str]] = g.s.step.get("entered", {})
    if not entered:
        return None
    mine = set(destinations(plan or {}))
    # a Roadbuilding move's first area is entered too, and an arrival there blocks it (23.31)
    mine.update(m["via"] for m in (plan or {}).get("moves", ()) if "via" in m)
    mine.update(g.token_areas(nation))
    mine.update(g.cities_of(nation))
    for area in sorted(mine):
        if any(n != nation for n in entered.get(area, ())):
            return area
    return None


def can_move(g: Context, nation: str) -> bool:
    """False when ``nation`` has nothing that could move: no ship and no token next to a
    land boundary (then 'no movement' is its only choice and is taken automatically)."""
    if g.ships_of(nation):
        return True
    return any(g.areas[a].land_adj for a in g.token_areas(nation))


# ---------------------------------------------------------------------------------------
# The phase
# ---------------------------------------------------------------------------------------


@register
class MovementPhase(Phase):
    """§23 Movement, with pending orders carried out in census order (SITE-MOVE-05)."""

    name = "movement"
    rule = "23"
    accepts = ("move", "done")

    def start(self, g: Context) -> None:
        """Fix the order of movement (23.2, 23.21: census order, Military last)."""
        order_ = []
        for p in g.census_order():
            if can_move(g, p.nation):
                order_.append(p.seat)
            else:
                g.emit(f"{g.name(p.nation)} has nothing that can move.", "move", nation=p.nation)
        g.s.step = {"order": order_, "index": 0, "plans": {}, "entered": {}, "asked": None}
        self._resolve(g)

    def _current(self, g: Context) -> int | None:
        st = g.s.step
        return st["order"][st["index"]] if st["index"] < len(st["order"]) else None

    def complete(self, g: Context) -> bool:
        return self._current(g) is None

    def pending(self, g: Context) -> list[Decision]:
        """A required decision for the current mover (1.5× deadline for the first mover,
        SITE-TIME-02, not when asked again under SZ-04); optional ones for later movers."""
        st = g.s.step
        cur = self._current(g)
        out = []
        for i in range(st["index"], len(st["order"])):
            seat = st["order"][i]
            now = seat == cur
            if not now and g.s.players[seat].inert:  # left the game: takes no actions (15.61)
                continue
            asked = now and st.get("asked") == seat
            prompt = ("An earlier mover moved into an area of yours: change or confirm your moves"
                      if asked else "Enter your moves" if now else
                      "Enter your moves now; they are carried out on your turn")
            out.append(Decision(seat, "move", prompt, required=now,
                                default="moves entered are carried out; otherwise no movement",
                                deadline_factor=1.5 if (now and i == 0 and not asked) else 1.0,
                                options={"position": i + 1, "order": list(st["order"])}))
        return out

    def handle(self, g: Context, o: Order) -> None:
        """Enter, replace or confirm one's pending moves (SITE-MOVE-05/06/07)."""
        require_phase_player(g, o, "23.1")
        st = g.s.step
        if o.player not in st["order"]:
            raise IllegalOrder("23.2", "you have no place in the order of movement this phase: "
                               "when it began you had nothing that could move (no ship and "
                               "no token in an area with a land boundary)")
        if o.player not in st["order"][st["index"]:]:
            raise IllegalOrder("23.2", "your moves have already been carried out this phase")
        key = str(o.player)
        nation = g.s.players[o.player].nation
        if isinstance(o, Done):
            plan = dict(st["plans"].get(key) or {"moves": [], "voyages": []})
            plan["done"] = "done"
        else:
            assert isinstance(o, Move)
            if o.done not in DONE_VALUES:
                raise IllegalOrder("23.1", "done must be \"done\", \"unless_threatened\" or null")
            try:
                plan = self.check(g, nation, o)
            except IllegalOrder as e:  # SITE-TABLE-07: the move at fault named (ruling TBL-10)
                raise named_refusal(g, lambda x: self.check(g, nation, x), o, e) from None
            plan["done"] = o.done
        # SITE-SAFE-10: the same moves (or Done, or Reset) again change nothing
        if self.empty(plan) and plan["done"] is None and key not in st["plans"]:
            raise AlreadyDone("SITE-MOVE-06", "you have no pending moves to clear")
        refuse_repeat(st["plans"].get(key), plan, "SITE-MOVE-06", "these moves are already entered"
                      + (" and confirmed" if plan["done"] else ""))
        if self.empty(plan) and plan["done"] is None:
            st["plans"].pop(key, None)
            g.emit("Your pending moves are cleared.", "move_pending", to=[o.player])
        else:
            st["plans"][key] = plan
            if o.player != self._current(g):
                g.emit(f"Your moves are noted ({plan['done'] or 'not yet confirmed'}); they are "
                       "carried out on your turn.", "move_pending", to=[o.player])
            elif plan["done"] is None:
                g.emit("Your moves are entered but not confirmed: they are carried out when you "
                       "confirm them with done, or when your time runs out (SITE-MOVE-08).",
                       "move_pending", to=[o.player])
        self._resolve(g)

    def timeout(self, g: Context, seat: int) -> None:
        """SITE-MOVE-08: moves entered but not confirmed are carried out; else none."""
        plan = g.s.step["plans"].pop(str(seat), None)
        who = g.name(g.s.players[seat].nation)
        if g.s.players[seat].inert:  # left the game meanwhile: an inert nation never moves (15.61)
            g.emit(f"{who} is inert and moves nothing.", "move")
        elif plan and not self.empty(plan):
            g.emit(f"{who}'s time ran out: the moves entered are carried out.", "timeout")
            self.carry_out(g, seat, plan)
        else:
            g.emit(f"{who}'s time ran out: no movement.", "timeout")
        self._advance_mover(g)
        self._resolve(g)

    # the rules of the order, the plain module's functions (a variant's phase overrides these)
    def empty(self, plan: dict) -> bool:
        """Whether a checked plan moves nothing (no land move, no voyage); a variant's plan
        may move pieces of its own."""
        return not plan["moves"] and not plan["voyages"]

    def check(self, g: Context, nation: str, o: Move) -> dict:
        """Validate a move order against the board, changing nothing (``check_plan``)."""
        return check_plan(g, nation, o.moves, o.voyages)

    def carry_out(self, g: Context, seat: int, plan: dict) -> None:
        """Carry out a checked plan on the mover's turn (``execute``)."""
        execute(g, seat, plan)

    def _advance_mover(self, g: Context) -> None:
        g.s.step["index"] += 1
        g.s.step["asked"] = None

    def _resolve(self, g: Context) -> None:
        """Carry out pending moves in order while the current mover's are final."""
        st = g.s.step
        while (cur := self._current(g)) is not None:
            if g.s.players[cur].inert:  # departed during the phase (15.61): moves nothing
                st["plans"].pop(str(cur), None)
                g.emit(f"{g.name(g.s.players[cur].nation)} is inert and moves nothing.", "move")
                self._advance_mover(g)
                continue
            plan = st["plans"].get(str(cur))
            if plan is None or plan["done"] is None:
                return
            if plan["done"] == "unless_threatened" and st.get("asked") != cur:
                area = threat(g, cur, plan)
                if area is not None:
                    st["asked"] = cur
                    plan["done"] = None
                    g.emit(f"Another player has moved into {g.area_name(area)}: your moves are not "
                           "carried out yet; change or confirm them.", "move_threatened", to=[cur],
                           area=area)
                    return
            del st["plans"][str(cur)]
            self.carry_out(g, cur, plan)
            self._advance_mover(g)

    def sample(self, g: Context, seat: int, rng) -> Order:
        """A random legal set of moves: a few random stacks step to random neighbours,
        sometimes a ship voyage; then done (occasionally 'unless threatened')."""
        nation = g.s.players[seat].nation
        done = "unless_threatened" if rng.below(5) == 0 else "done"
        led = MoveLedger(g, nation)
        moves: list[dict] = []
        areas = g.token_areas(nation)
        road = g.of(nation).has("roadbuilding")
        for _ in range(rng.below(4) if areas else 0):
            src = rng.choice(areas)
            have = led.unmoved(src)
            adj = sorted(g.areas[src].land_adj)
            if have <= 0 or not adj:
                continue
            n = 1 + rng.below(have)
            mv: dict = {"from": src, "to": rng.choice(adj), "count": n}
            if road and rng.below(3) == 0:
                via = mv["to"]
                nxt = sorted(a for a in g.areas[via].land_adj if a != src)
                if nxt and road_blocker(g, nation, via) is None:
                    mv = {"from": src, "via": via, "to": rng.choice(nxt), "count": n}
            led.take(src, n)
            moves.append(mv)
        voyages: list[dict] = []
        ships = g.ships_of(nation)
        if ships and rng.below(3) == 0:
            start = rng.choice(ships)
            astronomy = g.of(nation).has("astronomy")
            steps: list[list] = []
            n = min(SHIP_CAPACITY, led.unmoved(start))
            n = rng.below(n + 1) if n > 0 else 0
            if n:
                steps.append(["load", n])
            pos, path = start, []
            for _ in range(1 + rng.below(ship_allowance(g, nation))):
                opts = sorted(a for a in g.areas[pos].water_adj
                              if astronomy or not g.areas[a].is_open_sea)
                if not opts or pos in DOUBLE_COASTS:
                    break
                pos = rng.choice(opts)
                path.append(pos)
            while path and g.areas[path[-1]].is_open_sea:
                path.pop()
            if path:
                steps.extend(["sail", a] for a in path)
                if n:
                    steps.append(["unload", n])
                voyages.append({"ship": start, "steps": steps})
        try:
            check_plan(g, nation, moves, voyages)
        except IllegalOrder:
            moves, voyages = [], []
        return Move(seat, moves, voyages, done)


def movement_view(g: Context, seat: int | None) -> dict:
    """The movement part of a player's view: the order of movement, whose turn it is, and
    his own pending moves (others' pending moves stay secret until carried out)."""
    st = g.s.step
    out: dict[str, Any] = {"order": list(st.get("order", ())), "index": st.get("index", 0)}
    if seat is not None and str(seat) in st.get("plans", {}):
        out["my_moves"] = st["plans"][str(seat)]
    return out


PHASE_VIEWS["movement"] = movement_view
