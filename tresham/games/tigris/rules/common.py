"""Small shared helpers of the rules modules: words for seats and squares, events,
the leaders-without-a-temple rule (TE-BASE-34)."""
from __future__ import annotations

from ...contract import Event, IllegalOrder
from ..board import Square, name
from ..state import DYNASTIES, LEADER_NAMES, TILE_NAMES, TEState


def who(seat: int) -> str:
    """A seat's dynasty as players read it: "Archer" (issue 24, finding 9); the order values
    and the view keep the lower-case id ("archer", ``DYNASTIES``)."""
    return DYNASTIES[seat].capitalize()


def emit(ev: list[Event], text: str, kind: str = "info", **data) -> None:
    ev.append(Event(text, kind, None, data))


def leader_words(owner: int, colour: str) -> str:
    return f"the {LEADER_NAMES[colour]} of {who(owner)}"


def tile_words(colour: str, n: int = 1) -> str:
    t = TILE_NAMES[colour]
    return f"{n} {t}{'s' if n != 1 else ''}"


def on_board(s: TEState, sq: Square, rule: str) -> None:
    if not s.board.on_board(sq):
        raise IllegalOrder(rule, f"[{sq[0]}, {sq[1]}] is not a square of the 16 x 11 board")


def has_temple(s: TEState, sq: Square) -> bool:
    """A face-up red temple is next to ``sq`` (TE-BASE-29/34, TE-BASE-65)."""
    return any(s.face_up(n, "red") for n in s.nb(sq))


def withdraw_unsupported(s: TEState, ev: list[Event]) -> list[Square]:
    """Every leader with no face-up temple next to it goes back to its owner (TE-BASE-34),
    in reading order; the squares emptied."""
    gone = [sq for sq in sorted(s.leaders, key=lambda q: (q[1], q[0])) if not has_temple(s, sq)]
    for sq in gone:
        owner, colour = s.leaders.pop(sq)
        emit(ev, f"{leader_words(owner, colour)} on {name(sq)} has no temple beside it and "
                 f"returns to {who(owner)}", "withdraw", at=list(sq))
    return gone


def score(s: TEState, seat: int, colour: str, n: int) -> None:
    s.points[seat][colour] += n
