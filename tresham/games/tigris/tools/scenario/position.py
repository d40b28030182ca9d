"""The starting position a scenario describes: the board emptied or set up, then its squares,
monuments, buildings, wonder and players as written, the bag given or shuffled by the seed;
a position that cannot occur is refused (tiles, treasures and catastrophes must be accounted
for, TE-BASE-02/04/07, and the state's invariants must hold).
"""
from __future__ import annotations

from ... import engine
from ....contract import IllegalOrder
from ...board import name
from ...invariants import violations
from ...rules.monuments import block
from ...rules.wonder import cross
from ...state import CATASTROPHES_EACH, COLOURS, DYNASTIES, TILE_COUNTS, TEState
from .reading import ScenarioError, parse, seat_of, square
from .schema import BUILDING_COLOURS, PlayerSpec, Scenario, SquareSpec


def _board(s: TEState, doc: Scenario) -> None:
    """Everything off the board and out of the hands, the board empty or set up (``start``),
    then each square as written (``squares``)."""
    n = s.players
    b = s.board
    s.tiles.clear()
    s.treasures.clear()
    s.hands = [{c: 0 for c in COLOURS} for _ in range(n)]
    if doc.start == "setup":
        for q in b.shedu:
            s.tiles[q] = "red"
            s.treasures.add(q)
    for key, spec in doc.squares.items():
        q = square(key)
        if isinstance(spec, str):
            spec = SquareSpec() if spec == "empty" else SquareSpec(tile=spec)
        where = f"squares.{key}"
        for old in (s.tiles, s.leaders):
            old.pop(q, None)
        s.treasures.discard(q)
        parts = sum([spec.tile is not None, spec.catastrophe, spec.leader is not None])
        if parts > 1:
            raise ScenarioError(f"{where}: a square holds one thing: a tile, a catastrophe or a leader")
        if spec.tile is not None:
            if (spec.tile == "blue") != b.is_river(q):
                raise ScenarioError(f"{where}: a {'farm goes only on a river' if spec.tile == 'blue' else spec.tile + ' tile goes only on land'}"
                                    f" ({key} is {'a river square' if b.is_river(q) else 'land'}; TE-BASE-35)")
            s.tiles[q] = spec.tile
            if spec.face_down:
                s.face_down.add(q)
        elif spec.face_down:
            raise ScenarioError(f"{where}: only a tile can be face down")
        if spec.treasure:
            if spec.tile != "red" and not (doc.wonder and q in cross(square(doc.wonder.at))):
                raise ScenarioError(f"{where}: a treasure lies on a temple (a red tile)")
            s.treasures.add(q)
        if spec.catastrophe:
            s.catastrophes.add(q)
        if spec.leader is not None:
            owner = seat_of(spec.leader.owner, n)
            if b.is_river(q):
                raise ScenarioError(f"{where}: a leader stands only on land (TE-BASE-29)")
            if s.leader_square(owner, spec.leader.colour) is not None:
                raise ScenarioError(f"{where}: {DYNASTIES[owner]}'s {spec.leader.colour} leader is "
                                    f"on the board twice")
            s.leaders[q] = (owner, spec.leader.colour)


def _pieces(s: TEState, doc: Scenario, opts: dict) -> None:
    """The monuments, the buildings (option ``buildings``) and the wonder (option ``wonder``)."""
    n = s.players
    b = s.board
    for mid, key in doc.monuments.items():
        tl = square(key)
        for q in block(tl):
            if q not in s.tiles:
                raise ScenarioError(f"monuments.{mid}: the monument on {key} needs a tile on each of "
                                    f"{', '.join(name(x) for x in block(tl))}; {name(q)} has none")
            s.face_down.add(q)
        s.monuments[mid] = tl
    for bid, key in doc.buildings.items():
        q = square(key)
        if not opts["buildings"]:
            raise ScenarioError(f"buildings.{bid}: the buildings need the option \"buildings\"")
        if not s.face_up(q, BUILDING_COLOURS[bid]):
            raise ScenarioError(f"buildings.{bid}: the {bid} stands on a face-up {BUILDING_COLOURS[bid]} "
                                f"tile; {key} holds none")
        s.buildings[bid] = q
    if doc.wonder is not None:
        if not opts["wonder"]:
            raise ScenarioError("wonder: the wonder needs the option \"wonder\"")
        five = cross(square(doc.wonder.at))
        for q in five:
            if not b.on_board(q) or q in s.tiles or q in s.leaders or q in s.catastrophes:
                raise ScenarioError(f"wonder: its cross around {doc.wonder.at} covers "
                                    f"{', '.join(name(x) for x in five if b.on_board(x))}, which must be "
                                    f"on the board and hold nothing else; {name(q)} does not")
        s.wonder = {"at": list(square(doc.wonder.at)), "squares": [list(q) for q in five],
                    "colour": doc.wonder.colour, "by": seat_of(doc.wonder.by, n)}


def _players(s: TEState, doc: Scenario) -> None:
    """Each player's hand, points, treasures and catastrophes (``players``; the others empty)."""
    n = s.players
    given = {}
    for key, spec in doc.players.items():
        seat = seat_of(key, n)
        if seat in given:
            raise ScenarioError(f"players.{key}: seat {seat} is given twice")
        given[seat] = spec
    for seat in range(n):
        spec = given.get(seat, PlayerSpec())
        s.hands[seat] = {c: spec.hand.get(c, 0) for c in COLOURS}
        s.points[seat] = {c: spec.points.get(c, 0) for c in COLOURS}
        s.collected[seat] = spec.treasures
        s.catastrophes_left[seat] = spec.catastrophes


def _accounts(s: TEState, doc: Scenario) -> None:
    """The tiles (TE-BASE-02), with the bag given or the rest shuffled by the seed, the
    treasures (TE-BASE-07) and the catastrophes (TE-BASE-04) accounted for."""
    n = s.players
    b = s.board
    used = {c: sum(1 for v in s.tiles.values() if v == c) + sum(h[c] for h in s.hands) for c in COLOURS}
    bag_given = list(doc.bag) if doc.bag is not None else None
    for c in COLOURS:
        extra = bag_given.count(c) if bag_given is not None else 0
        if used[c] + extra > TILE_COUNTS[c]:
            raise ScenarioError(f"{c}: {used[c]} tiles on the board and in hands + {extra} in the bag "
                                f"is more than the game's {TILE_COUNTS[c]} (TE-BASE-02)")
    if bag_given is None:
        rest = [c for c in COLOURS for _ in range(TILE_COUNTS[c] - used[c])]
        r = s.rng_obj()
        r.shuffle(rest)
        s.set_rng(r)
        s.bag = rest
        s.removed = {c: 0 for c in COLOURS}
    else:
        s.bag = list(reversed(bag_given))  # the engine draws from the end
        s.removed = {c: TILE_COUNTS[c] - used[c] - bag_given.count(c) for c in COLOURS}
    total = len(b.shedu)
    held = sum(s.collected)
    if len(s.treasures) + held != total:
        raise ScenarioError(f"treasures: {len(s.treasures)} on the board + {held} held by the players "
                            f"must be the board's {total} (TE-BASE-07); give the others to players "
                            f"(players.SEAT.treasures)")
    cats = sum(s.catastrophes_left) + len(s.catastrophes)
    if cats != CATASTROPHES_EACH * n:
        raise ScenarioError(f"catastrophes: {sum(s.catastrophes_left)} in the players' supplies + "
                            f"{len(s.catastrophes)} on the board must be {CATASTROPHES_EACH * n} "
                            f"(TE-BASE-04); set players.SEAT.catastrophes")


def build(doc: Scenario | dict) -> TEState:
    """The starting state the scenario describes (ScenarioError when it cannot occur)."""
    if not isinstance(doc, Scenario):
        doc = parse(doc)
    try:
        opts = engine.parse_options({"players": 2, **doc.options})
    except IllegalOrder as e:
        raise ScenarioError(f"options: {e.message}") from None
    s = engine.new_game(opts, doc.seed)
    n = s.players
    _board(s, doc)
    _pieces(s, doc, opts)
    _players(s, doc)
    _accounts(s, doc)
    s.turn = doc.turn
    s.start_player = 0
    s.active = seat_of(doc.active, n)
    s.actions_left = doc.actions_left
    s.phase = "action"
    s.ctx = None
    bad = violations(s)
    if bad:
        raise ScenarioError("the position cannot occur: " + "; ".join(bad))
    return s
