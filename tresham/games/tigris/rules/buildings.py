"""Civilization buildings (TE-BLD-01..13, option ``buildings``).

Four buildings, one a colour (TE-BLD-01/02): library red, granary blue, market hall green,
palace black; at the start all four are beside the board (``s.buildings[id] is None``,
set up by ``state.new_state``).

When the tile just placed is, after its conflicts (TE-BLD-06/08), part of a straight line
of three or more face-up tiles of its own colour (TE-BLD-03), the active player may put
that colour's building on any tile of such a line. A line is a run of consecutive squares
of one row or one column, each holding a face-up tile of the colour (TER-BLD-1): a
face-down monument tile, the wonder, a catastrophe, a leader, an empty square or a tile of
another colour ends it. Only the placed tile's colour can trigger, and only a tile action
(TE-BLD-13, TER-BLD-2/3). A building already on the board may move onto the new line only
when that line is strictly longer than each of the lines its tile stands on now
(TE-BLD-04/05, TER-BLD-4). The ``building`` decision comes before the monument and the
wonder (TE-BLD-06, ``rules/turn.py``); declining is the default.

Effects elsewhere, each a hook into another module: a tile placed into a kingdom holding its
colour's building scores 2 instead of 1 (TE-BLD-07, :func:`tile_points` from
``rules/tiles.py``); a building's tile is never removed in war (TE-BLD-09,
``rules/war.py``), never hit by a catastrophe (TE-BLD-10, ``rules/catastrophe.py``), and a
building whose tile is flipped for a monument or replaced by the wonder goes back beside the
board (TE-BLD-11, ``rules/monuments.py``, ``rules/wonder.py``).
"""
from __future__ import annotations

from ...contract import Event, IllegalOrder
from ..board import Square, name
from ..state import BUILDINGS, TILE_NAMES, TEState, reading
from .common import emit, who

#: colour -> building (``BUILDINGS``, from the state: building -> colour, TE-BLD-02)
BUILDING_OF = {c: b for b, c in BUILDINGS.items()}
#: the buildings in the order red, blue, green, black
ORDER = tuple(BUILDINGS)
WORDS = {"library": "library", "granary": "granary", "market_hall": "market hall", "palace": "palace"}


def enabled(s: TEState) -> bool:
    """The game is played with the buildings (option ``buildings``, TE-BLD)."""
    return bool(s.options.get("buildings"))


def run(s: TEState, at: Square, colour: str, step: tuple[int, int]) -> list[Square]:
    """The line through ``at`` along ``step`` ((1, 0) a row, (0, 1) a column): the
    consecutive squares holding a face-up ``colour`` tile (TER-BLD-1); [] when ``at`` holds
    none. In reading order."""
    if not s.face_up(at, colour):
        return []
    dc, dr = step
    out = [at]
    for sign in (-1, 1):
        c, r = at
        while True:
            c, r = c + sign * dc, r + sign * dr
            if not s.board.on_board((c, r)) or not s.face_up((c, r), colour):
                break
            out.append((c, r))
    return sorted(out, key=reading)


def lines(s: TEState, at: Square, colour: str) -> list[list[Square]]:
    """The row line and the column line through ``at`` (TE-BLD-03/05)."""
    return [run(s, at, colour, (1, 0)), run(s, at, colour, (0, 1))]


def standing_length(s: TEState, building: str) -> int:
    """The longer of the two lines the building's tile stands on now (0 beside the board):
    a new line must be strictly longer than each of them (TE-BLD-04/05, TER-BLD-4)."""
    at = s.buildings.get(building)
    if at is None:
        return 0
    return max(len(x) for x in lines(s, at, BUILDINGS[building]))


def options(s: TEState, placed: Square) -> dict | None:
    """The ``building`` decision the tile on ``placed`` opens after its conflicts, or None:
    ``building``, ``colour``, ``from`` (its square now, or None), ``squares`` (where it may
    go, reading order) and ``lines`` (the qualifying lines' lengths)."""
    if not enabled(s):
        return None
    colour = s.tiles.get(placed)
    if colour is None or not s.face_up(placed, colour):
        return None
    b = BUILDING_OF[colour]
    need = standing_length(s, b)
    good = [x for x in lines(s, placed, colour) if len(x) >= 3 and len(x) > need]
    if not good:
        return None
    squares = sorted({q for x in good for q in x}, key=reading)
    cur = s.buildings[b]
    return {"building": b, "colour": colour, "from": list(cur) if cur is not None else None,
            "squares": [list(q) for q in squares], "lines": [len(x) for x in good]}


def choose(s: TEState, seat: int, building: str | None, at: Square | None, opts: dict,
           ev: list[Event]) -> None:
    """Carry out a ``building`` order against the decision's ``opts`` (checked first)."""
    b = opts["building"]
    if building is None:
        if at is not None:
            raise IllegalOrder("TE-BLD-03", "to decline, give no square (\"at\": null)")
        emit(ev, f"{who(seat)} leaves the {WORDS[b]} where it is", "building")
        return
    if building != b:
        raise IllegalOrder("TE-BLD-03", f"only the building of the placed tile's colour may be "
                                        f"placed: the {WORDS[b]} ({opts['colour']}), not the "
                                        f"{WORDS[building]}")
    if at is None:
        raise IllegalOrder("TE-BLD-03", f"say on which tile the {WORDS[b]} goes (\"at\")")
    if list(at) not in opts["squares"]:
        rule = "TE-BLD-03" if opts["from"] is None else "TE-BLD-04"
        raise IllegalOrder(rule, f"the {WORDS[b]} goes on a {TILE_NAMES[opts['colour']]} of the new "
                                 f"line ({', '.join(name(tuple(q)) for q in opts['squares'])}), "
                                 f"not on {name(at)}")
    old = s.buildings[b]
    s.buildings[b] = at
    if old is None:
        emit(ev, f"{who(seat)} places the {WORDS[b]} on {name(at)}", "building", at=list(at))
    else:
        emit(ev, f"{who(seat)} moves the {WORDS[b]} from {name(old)} to {name(at)}", "building",
             at=list(at))


def order(s: TEState, o, ev: list[Event]) -> None:
    """The ``building`` decision's handler (``rules/turn.py``): then on to the monument."""
    at = o.sq("at") if o.at is not None else None
    choose(s, o.player, o.building, at, s.ctx["building"], ev)
    del s.ctx["building"]
    s.ctx["stage"] = "monument"


def legal(s: TEState, seat: int) -> list[dict]:
    """Decline, then every square of the decision (reading order)."""
    opts = s.ctx["building"]
    out = [{"type": "building", "player": seat, "building": None, "at": None}]
    out += [{"type": "building", "player": seat, "building": opts["building"], "at": list(q)}
            for q in opts["squares"]]
    return out


def tile_points(s: TEState, kingdom: list[Square], colour: str) -> int:
    """TE-BLD-07: a tile placed into ``kingdom`` (its squares before the tile) scores 2 when
    the kingdom holds the building of the tile's colour, else 1."""
    if not enabled(s):
        return 1
    at = s.buildings.get(BUILDING_OF[colour])
    return 2 if at is not None and at in set(kingdom) else 1


def squares(s: TEState) -> set[Square]:
    """The squares carrying a building (TE-BLD-09/10)."""
    return {q for q in s.buildings.values() if q is not None}


def release(s: TEState, covered: list[Square], ev: list[Event] | None = None) -> list[str]:
    """TE-BLD-11: buildings on ``covered`` (tiles flipped or replaced) go back beside the
    board; their ids."""
    gone = []
    for b in ORDER:
        q = s.buildings.get(b)
        if q is not None and q in covered:
            s.buildings[b] = None
            gone.append(b)
            if ev is not None:
                emit(ev, f"the {WORDS[b]} on {name(q)} goes back beside the board", "building")
    return gone


def violations(s: TEState) -> list[str]:
    """TE-BLD-01/02/09..11: four buildings with the option (none without), each beside the
    board or on a face-up tile of its colour, never two on one square."""
    if not enabled(s):
        return ["buildings in a game without the option"] if s.buildings else []
    out = []
    if sorted(s.buildings) != sorted(ORDER):
        out.append(f"the buildings are {sorted(s.buildings)}, not the four")
    seen: set[Square] = set()
    for b, q in s.buildings.items():
        if q is None:
            continue
        if not s.face_up(q, BUILDINGS.get(b, "")):
            out.append(f"the {b} on {q} is not on a face-up {BUILDINGS.get(b)} tile")
        if q in seen:
            out.append(f"two buildings share {q}")
        seen.add(q)
    return out
