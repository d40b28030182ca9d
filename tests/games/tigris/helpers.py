"""Build Tigris & Euphrates positions directly: tiles, leaders, treasures on named squares
("B2" = column B, row 2) of a fresh state, hands set exactly, the active seat chosen."""
from __future__ import annotations

from tresham.games.tigris import engine
from tresham.games.tigris.state import COLOURS, TEState


def sq(name: str) -> tuple[int, int]:
    """ "B2" -> (1, 1)."""
    return (ord(name[0].upper()) - ord("A"), int(name[1:]) - 1)


def J(name: str) -> list[int]:
    c, r = sq(name)
    return [c, r]


#: three lone temples with treasures a cleared board keeps, far from the test positions
SPARE = ("A1", "A11", "P11")


def game(players: int = 2, board: str = "base", clear: bool = True, seed: int = 1, **opts) -> TEState:
    """A fresh game with seat 0 active and empty hands (their tiles back in the bag);
    ``clear``: no tile or treasure on the board (the Shedu temples go back in the bag)."""
    s = engine.new_game({"players": players, "board": board, **opts}, seed)
    s.start_player = s.active = 0
    for h in s.hands:
        for c in COLOURS:
            s.bag += [c] * h[c]
            h[c] = 0
    if clear:
        for q in list(s.tiles):
            s.bag.append(s.tiles.pop(q))
        s.treasures.clear()
        for where in SPARE:  # so that a turn's end does not end the game (TE-BASE-75)
            tile(s, where, "red", treasure=True)
    return s


def _take(s: TEState, colour: str) -> None:
    if colour in s.bag:
        s.bag.remove(colour)


def tile(s: TEState, where: str, colour: str = "red", *, treasure: bool = False,
         face_down: bool = False) -> None:
    q = sq(where)
    _take(s, colour)
    s.tiles[q] = colour
    if treasure:
        s.treasures.add(q)
    if face_down:
        s.face_down.add(q)


def tiles(s: TEState, colour: str, *names: str) -> None:
    for n in names:
        tile(s, n, colour)


def leader(s: TEState, where: str, owner: int, colour: str) -> None:
    s.leaders[sq(where)] = (owner, colour)


def hand(s: TEState, seat: int, **counts: int) -> None:
    """Set ``seat``'s hand exactly (the tiles come from / go back to the bag)."""
    for c in COLOURS:
        s.bag += [c] * s.hands[seat][c]
        s.hands[seat][c] = 0
        for _ in range(counts.get(c, 0)):
            _take(s, c)
            s.hands[seat][c] += 1


def act(s: TEState, order: dict, by_site: bool = False):
    """Apply ``order``: (new state, events)."""
    return engine.apply(s, order, by_site=by_site)


def acts(s: TEState, *orders: dict) -> tuple[TEState, list]:
    ev = []
    for o in orders:
        s, e = engine.apply(s, o)
        ev += e
    return s, ev


def text(events) -> str:
    return " | ".join(e.text for e in events)
