"""A scenario's expectations (:class:`Expect`) held against a state and the events that led
to it: what differs, in words ("bull should have 2 red VP, has 1").
"""
from __future__ import annotations

from typing import Any, Callable

from ... import engine
from ....contract import Event
from ...board import name
from ...rules.end import final_totals, places, score_vector
from ...rules.turn import decider
from ...state import COLOURS, DYNASTIES, TEState
from .describe import describe, leader_words, square_now
from .reading import seat_of, square
from .schema import Expect, SquareExpect


def _points(s: TEState, e: Expect, seat: Callable[[Any], int]) -> list[str]:
    """The players' points by colour (``points``)."""
    out: list[str] = []
    for k, cols in e.points.items():
        p = seat(k)
        for c, v in cols.items():
            if s.points[p][c] != v:
                out.append(f"{DYNASTIES[p]} should have {v} {c} VP, has {s.points[p][c]}")
    return out


def _squares(s: TEState, e: Expect, seat: Callable[[Any], int]) -> list[str]:
    """What stands on each square named (``squares``)."""
    out: list[str] = []
    for key, want in e.squares.items():
        q = square(key)
        now = square_now(s, q)
        if want == "empty":
            if now["occupied"]:
                out.append(f"{key} should be empty, holds {describe(now)}")
            continue
        if isinstance(want, str):
            want = SquareExpect(tile=want)
        for f in sorted(want.model_fields_set):
            v = getattr(want, f)
            if f == "empty":
                if v == now["occupied"]:
                    out.append(f"{key} should {'be empty' if v else 'be occupied'}, holds {describe(now)}")
            elif f == "leader":
                got = now["leader"]
                exp = (seat(v.owner), v.colour) if v is not None else None
                if got != exp:
                    out.append(f"{key} should hold {leader_words(*exp) if exp else 'no leader'}, "
                               f"holds {describe(now)}")
            elif now[f] != v:
                out.append(f"{key}: {f} should be {v!r}, is {now[f]!r}")
    return out


def _supplies(s: TEState, e: Expect, seat: Callable[[Any], int]) -> list[str]:
    """What the players hold and what is left: leaders in supply, hands, treasures, catastrophes."""
    out: list[str] = []
    for k, cols in e.leaders_in_supply.items():
        p = seat(k)
        off = sorted(c for c in COLOURS if s.leader_square(p, c) is None)
        if off != sorted(cols):
            out.append(f"{DYNASTIES[p]}'s leaders in supply should be {sorted(cols)}, are {off}")
    for k, cols in e.hands.items():
        p = seat(k)
        for c, v in cols.items():
            if s.hands[p][c] != v:
                out.append(f"{DYNASTIES[p]} should hold {v} {c} tiles, holds {s.hands[p][c]}")
    for k, v in e.hand_size.items():
        p = seat(k)
        if sum(s.hands[p].values()) != v:
            out.append(f"{DYNASTIES[p]} should hold {v} tiles, holds {sum(s.hands[p].values())}")
    for k, v in e.treasures_held.items():
        p = seat(k)
        if s.collected[p] != v:
            out.append(f"{DYNASTIES[p]} should hold {v} treasures, holds {s.collected[p]}")
    if e.treasures_on_board is not None and len(s.treasures) != e.treasures_on_board:
        out.append(f"{e.treasures_on_board} treasures should be on the board, "
                   f"{len(s.treasures)} are ({', '.join(name(q) for q in sorted(s.treasures, key=lambda q: (q[1], q[0])))})")
    for k, v in e.catastrophes_left.items():
        p = seat(k)
        if s.catastrophes_left[p] != v:
            out.append(f"{DYNASTIES[p]} should have {v} catastrophes left, has {s.catastrophes_left[p]}")
    return out


def _pieces(s: TEState, e: Expect) -> list[str]:
    """The monuments, buildings, wonder, tiles out of the game, bag and unification marker."""
    out: list[str] = []
    given = e.model_fields_set
    for m, key in e.monuments.items():
        at = s.monuments.get(m)
        want = square(key) if key is not None else None
        if at != want:
            out.append(f"the {m} monument should be {'on ' + key if key else 'unbuilt'}, is "
                       f"{'on ' + name(at) if at else 'unbuilt'}")
    for bid, key in e.buildings.items():
        at = s.buildings.get(bid)
        want = square(key) if key is not None else None
        if at != want:
            out.append(f"the {bid} should be {'on ' + key if key else 'beside the board'}, is "
                       f"{'on ' + name(at) if at else 'beside the board'}")
    if "wonder" in given:
        at = tuple(s.wonder["at"]) if s.wonder and s.wonder.get("at") is not None else None
        want = square(e.wonder) if e.wonder is not None else None
        if at != want:
            out.append(f"the wonder should be {'on ' + e.wonder if want else 'unbuilt'}, is "
                       f"{'on ' + name(at) if at else 'unbuilt'}")
    for c, v in e.out_of_game.items():
        if s.removed[c] != v:
            out.append(f"{v} {c} tiles should be out of the game, {s.removed[c]} are")
    if e.bag is not None and len(s.bag) != e.bag:
        out.append(f"the bag should hold {e.bag} tiles, holds {len(s.bag)}")
    if "unification" in given:
        want = square(e.unification) if e.unification is not None else None
        if s.unification != want:
            out.append(f"the unification marker should be {'on ' + name(want) if want else 'off the board'}, "
                       f"is {'on ' + name(s.unification) if s.unification else 'off the board'}")
    return out


def _conflict(s: TEState, e: Expect, seat: Callable[[Any], int]) -> list[str]:
    """The conflict being fought (``conflict``)."""
    out: list[str] = []
    given = e.model_fields_set
    if "conflict" in given:
        if e.conflict is None:
            if s.conflict is not None:
                out.append(f"no conflict should be open, but a {s.conflict['kind']} is")
        elif s.conflict is None:
            out.append("a conflict should be open, none is")
        else:
            for k, v in e.conflict.items():
                got = s.conflict.get(k)
                if k in ("attacker", "defender") and v is not None:
                    v = seat(v)
                if k.endswith("_square") and isinstance(v, str):
                    v = list(square(v))
                if got != v:
                    out.append(f"conflict {k} should be {v!r}, is {got!r}")
    return out


def _decision(s: TEState, e: Expect, seat: Callable[[Any], int]) -> list[str]:
    """The decision pending, the turn, the active player, the actions left, the end."""
    out: list[str] = []
    given = e.model_fields_set
    if "pending" in given:
        if e.pending is None:
            if not s.finished:
                out.append(f"no decision should be pending, but {s.phase} is")
        elif s.finished:
            out.append(f"a {e.pending.kind} decision should be pending; the game is over")
        else:
            who = decider(s)
            want = seat(e.pending.player)
            if s.phase != e.pending.kind or who != want:
                out.append(f"the pending decision should be {e.pending.kind} by {DYNASTIES[want]}, is "
                           f"{s.phase} by {DYNASTIES[who]}")
            if e.pending.options is not None:
                opts = engine.decision_options(s, private=True)  # the decider's own view of it
                for k, v in e.pending.options.items():
                    if opts.get(k) != v:
                        out.append(f"the decision's {k} should be {v!r}, is {opts.get(k)!r}")
    if e.turn is not None and s.turn != e.turn:
        out.append(f"the turn should be {e.turn}, is {s.turn}")
    if e.active is not None and s.active != seat(e.active):
        out.append(f"the active player should be {DYNASTIES[seat(e.active)]}, is {DYNASTIES[s.active]}")
    if e.actions_left is not None and s.actions_left != e.actions_left:
        out.append(f"{e.actions_left} actions should be left, {s.actions_left} are")
    if e.finished is not None and s.finished != e.finished:
        out.append(f"the game should {'be over' if e.finished else 'go on'}, "
                   f"{'is over' if s.finished else 'goes on'}")
    return out


def _final(s: TEState, e: Expect, seat: Callable[[Any], int]) -> list[str]:
    """After the end: the final totals, the scores, their vectors and the places."""
    out: list[str] = []
    for k, cols in e.final_totals.items():
        p = seat(k)
        tot = final_totals(s, p)
        for c, v in cols.items():
            if tot[c] != v:
                out.append(f"{DYNASTIES[p]}'s final {c} total should be {v}, is {tot[c]}")
    for k, v in e.score.items():
        p = seat(k)
        if score_vector(s, p)[0] != v:
            out.append(f"{DYNASTIES[p]}'s score should be {v}, is {score_vector(s, p)[0]}")
    for k, v in e.score_vector.items():
        p = seat(k)
        if list(score_vector(s, p)) != v:
            out.append(f"{DYNASTIES[p]}'s sorted totals should be {v}, are {list(score_vector(s, p))}")
    if e.places:
        pl = places(s)
        for k, v in e.places.items():
            p = seat(k)
            if pl[p] != v:
                out.append(f"{DYNASTIES[p]} should place {v}, places {pl[p]}")
    return out


def _events(e: Expect, events: list[Event]) -> list[str]:
    """The events: texts some event contains, in order, or none does."""
    out: list[str] = []
    texts = [ev.text for ev in events]
    for want in e.events_contain:
        words = [want] if isinstance(want, str) else want
        if not any(all(w in t for w in words) for t in texts):
            out.append(f"no event contains {' + '.join(repr(w) for w in words)}")
    pos = 0
    for w in e.events_in_order:
        hit = next((i for i in range(pos, len(texts)) if w in texts[i]), None)
        if hit is None:
            out.append(f"no event after the previous one contains {w!r}" if pos else f"no event contains {w!r}")
            break
        pos = hit + 1
    for w in e.events_lack:
        if any(w in t for t in texts):
            out.append(f"an event contains {w!r}, which should not happen")
    return out


def check(s: TEState, e: Expect, events: list[Event]) -> list[str]:
    """What differs from ``e`` in ``s`` (and the ``events``), in words."""
    seat = lambda k: seat_of(k, s.players)  # noqa: E731
    return (_points(s, e, seat)
            + _squares(s, e, seat)
            + _supplies(s, e, seat)
            + _pieces(s, e)
            + _conflict(s, e, seat)
            + _decision(s, e, seat)
            + _final(s, e, seat)
            + _events(e, events))
