"""A turn: two actions, each resolved completely, then the end of the turn (TE-BASE-25..28).

The active player takes up to two actions, the same one twice if he likes, or passes the
rest (TE-BASE-25/26). Each action is settled in this order (TE-BASE-27, TE-Z-01):

1. ``conflicts``: a revolt (leader action) or the wars of a uniting tile, each with its
   ``commit`` decisions, and ``war_order`` when several colours are at war;
2. ``buildings`` (tile actions only; the ``building`` decision, TE-BLD-03..08,
   ``rules/buildings.py``);
3. ``monument`` (tile actions only, TE-BASE-40/62);
4. ``wonder`` (tile actions only; the ``wonder`` decision, TE-WON-02, ``rules/wonder.py``);
5. ``treasure``: compulsory collection (TE-BASE-72/73);
6. ``done``: the action counts; after the second, the end of the turn: monument VP
   (TE-BASE-71, stage ``end``), the wonder's point (stage ``wonder_point``, TE-WON-06), then
   (stage ``refill``) everyone refills to 6 from the active player on (TE-Z-03), the end
   check (TE-BASE-75/76), and the next seat (TE-BASE-21).

The state waits in ``s.phase`` on exactly one decision; ``s.ctx`` holds the action's stage.
"""
from __future__ import annotations

from ...contract import Event, IllegalOrder
from ..board import name
from ..state import COLOURS, HAND_SIZE, TEState, draw, hand_count
from . import (buildings, catastrophe, commit, leaders, monuments, revolt, swap, tiles, treasures,
               war, wonder)
from .common import emit, who
from .end import finish, over_rule, treasure_end

STAGES = ("conflicts", "buildings", "monument", "wonder", "treasure", "done", "next", "end",
          "wonder_point", "refill")
#: the optional offers after a tile's conflicts: stage -> (its rules' offer, the decision it
#: opens, the stage after it); an offer gives the decision's options, or None (nothing to offer)
OFFERS = {
    "buildings": (buildings.options, "building", "monument"),
    "monument": (monuments.options, "monument", "wonder"),
    "wonder": (wonder.options, "wonder", "treasure"),
}
ACTION_TYPES = ("leader", "withdraw", "tile", "catastrophe", "swap", "pass")
#: the order types each decision takes
ACCEPTS = {"action": ACTION_TYPES, "commit": ("commit",), "war_order": ("war_order",),
           "treasure": ("treasure",), "monument": ("monument",), "building": ("building",),
           "wonder": ("wonder",), "wonder_point": ("wonder_point",), "over": ()}


def decider(s: TEState) -> int | None:
    """The seat the game waits on (None once over)."""
    if s.finished:
        return None
    if s.phase == "commit":
        return s.conflict[commit.side_to_commit(s)]
    if s.phase == "treasure":
        return s.ctx["treasure"]["player"]
    return s.active


def handle(s: TEState, o, ev: list[Event]) -> None:
    """Carry out a player's order ``o`` (typed) for the current decision, then go on until
    the next decision. IllegalOrder before any change when it is not acceptable."""
    if s.finished:
        raise IllegalOrder(over_rule(s), "the game is over")
    seat = decider(s)
    kind = o.type
    if kind not in ACCEPTS[s.phase]:
        raise IllegalOrder("TE-BASE-27", f"the game waits on a {s.phase.replace('_', ' ')} "
                                         f"decision, not a {kind!r} order")
    if o.player != seat:
        raise IllegalOrder("TE-BASE-25", f"the game waits on {who(seat)} (seat {seat}), "
                                         f"not seat {o.player}")
    if o.player >= s.players:
        raise IllegalOrder("TE-BASE-01", f"there is no seat {o.player}")
    getattr(_Handlers, kind)(s, o, ev)
    advance(s, ev)


class _Handlers:
    """One function per order type; each checks first, then changes ``s``."""

    @staticmethod
    def leader(s: TEState, o, ev: list[Event]) -> None:
        conflict = leaders.place(s, o.player, o.colour, o.sq(), ev)
        s.ctx = {"kind": "leader", "stage": "conflicts"}
        if conflict is not None:
            s.conflict = conflict
            emit(ev, f"revolt: {who(conflict['attacker'])} attacks {who(conflict['defender'])} "
                     f"({conflict['attacker_strength']} temples against "
                     f"{conflict['defender_strength']})", "revolt")

    @staticmethod
    def withdraw(s: TEState, o, ev: list[Event]) -> None:
        leaders.withdraw(s, o.player, o.colour, ev)
        s.ctx = {"kind": "withdraw", "stage": "treasure"}

    @staticmethod
    def tile(s: TEState, o, ev: list[Event]) -> None:
        tiles.place(s, o.player, o.colour, o.sq(), ev)
        s.ctx = {"kind": "tile", "at": list(o.sq()), "stage": "conflicts"}

    @staticmethod
    def catastrophe(s: TEState, o, ev: list[Event]) -> None:
        catastrophe.place(s, o.player, o.sq(), ev)
        s.ctx = {"kind": "catastrophe", "stage": "treasure"}

    @staticmethod
    def swap(s: TEState, o, ev: list[Event]) -> None:
        ok = swap.swap(s, o.player, dict(o.tiles), ev)
        s.ctx = {"kind": "swap", "stage": "treasure"}
        if not ok:
            finish(s, "the bag could not supply a swap's draw (TE-BASE-76)", ev)

    @staticmethod
    def pass_(s: TEState, o, ev: list[Event]) -> None:
        emit(ev, f"{who(o.player)} passes ({s.actions_left} action"
                 f"{'s' if s.actions_left != 1 else ''} left unused)", "pass")
        s.actions_left = 0
        s.ctx = {"kind": "pass", "stage": "end"}

    @staticmethod
    def commit(s: TEState, o, ev: list[Event]) -> None:
        if commit.commit(s, o.player, o.tiles, ev):
            (revolt if s.conflict["kind"] == "revolt" else war).resolve(s, ev)

    @staticmethod
    def war_order(s: TEState, o, ev: list[Event]) -> None:
        cols = s.ctx["war_colours"]
        if o.colour not in cols:
            raise IllegalOrder("TE-BASE-53", f"there is no {o.colour} war; the colours at war are "
                                             f"{', '.join(cols)}")
        start_war(s, o.colour, ev)

    @staticmethod
    def treasure(s: TEState, o, ev: list[Event]) -> None:
        treasures.choose(s, o.player, o.sq("at"), s.ctx["treasure"], ev)
        del s.ctx["treasure"]

    @staticmethod
    def monument(s: TEState, o, ev: list[Event]) -> None:
        opts = s.ctx["monument"]
        if o.monument is None:
            emit(ev, f"{who(o.player)} builds no monument", "monument")
        else:
            at = o.sq("at") if o.at is not None else None
            if at is None:
                if len(opts["blocks"]) != 1:
                    raise IllegalOrder("TE-BASE-63", "several blocks qualify: say which (\"at\", "
                                                     "its top-left square)")
                at = tuple(opts["blocks"][0])
            monuments.build(s, o.player, o.monument, at, opts, ev)
        del s.ctx["monument"]
        s.ctx["stage"] = "wonder"


setattr(_Handlers, "pass", _Handlers.pass_)


# the additions' decisions (TE-BLD-03/04, TE-WON-02, TE-WON-06)
setattr(_Handlers, "building", staticmethod(buildings.order))
setattr(_Handlers, "wonder", staticmethod(wonder.order))
setattr(_Handlers, "wonder_point", staticmethod(wonder.point))


def start_war(s: TEState, colour: str, ev: list[Event]) -> None:
    c = war.start(s, colour)
    s.conflict = c
    s.ctx.pop("war_colours", None)
    emit(ev, f"{colour} war on {name(tuple(s.unification))}: {who(c['attacker'])} attacks "
             f"{who(c['defender'])} ({c['attacker_strength']} {colour} against "
             f"{c['defender_strength']})", "war")


def advance(s: TEState, ev: list[Event]) -> None:
    """Go on with the current action (and turn) until a decision is owed (module docstring)."""
    for _ in range(200):
        if s.finished:
            return
        ctx = s.ctx
        if ctx is None:
            s.phase = "action"
            return
        st = ctx["stage"]
        if st == "conflicts":
            if s.conflict is not None:
                why = commit.forced_nothing(s)
                if why is None:
                    s.phase = "commit"
                    return
                # SITE-TABLE-08: no real choice (public facts alone): applied at once
                side = commit.side_to_commit(s)
                seat = s.conflict[side]
                emit(ev, f"{who(seat)}, the {side}, has no choice but to commit nothing: {why}", "commit_forced",
                     side=side)
                if commit.commit(s, seat, 0, ev):
                    (revolt if s.conflict["kind"] == "revolt" else war).resolve(s, ev)
                continue
            if ctx["kind"] == "tile" and s.unification is not None:
                cols = war.war_colours(s)
                if len(cols) == 1:
                    start_war(s, cols[0], ev)
                    continue
                if len(cols) > 1:
                    ctx["war_colours"] = cols
                    s.phase = "war_order"
                    return
                emit(ev, f"the unification marker leaves {name(tuple(s.unification))}", "info")
                s.unification = None
            ctx["stage"] = "buildings" if ctx["kind"] == "tile" else "treasure"
        elif st in OFFERS:
            # the optional offers after a tile's conflicts, in the seed's order: a building
            # (TE-BLD-03..06, before any monument), a monument (TE-BASE-62), the wonder (TE-WON-02)
            offer, decision, following = OFFERS[st]
            opts = offer(s, tuple(ctx["at"]))
            if opts is not None:
                ctx[decision] = opts
                s.phase = decision
                return
            ctx["stage"] = following
        elif st == "treasure":
            choice = treasures.step(s, ev)
            if choice is not None:
                ctx["treasure"] = choice
                s.phase = "treasure"
                return
            ctx["stage"] = "done"
        elif st == "done":
            s.actions_left -= 1
            ctx["stage"] = "end" if s.actions_left <= 0 else "next"
        elif st == "next":
            s.ctx = None
            s.phase = "action"
            return
        elif st == "end":
            monuments.score_turn_end(s, ev)  # TE-BASE-28 (a), TE-BASE-71
            ctx["stage"] = "wonder_point"
        elif st == "wonder_point":
            if wonder.open_point(s):  # TE-WON-06: after the monuments' VP, before the refills
                return
            ctx["stage"] = "refill"
        elif st == "refill":
            end_turn(s, ev)
            if s.finished:
                return
        else:
            raise RuntimeError(f"unknown stage {st!r}")
    raise RuntimeError("the turn does not settle")


def end_turn(s: TEState, ev: list[Event]) -> None:
    """TE-BASE-28 (b, c): refills (TE-Z-03), the end check, then the next seat. The
    monuments' VP (a) and the wonder's point (TE-WON-06) come before, in ``advance``."""
    n = s.players
    for k in range(n):
        seat = (s.active + k) % n
        need = HAND_SIZE - hand_count(s, seat)
        if need <= 0:
            continue
        before = dict(s.hands[seat])
        got = draw(s, seat, need)
        drawn = {c: s.hands[seat][c] - before[c] for c in COLOURS}
        ev.append(Event(f"you draw {swap.words(drawn)}", "draw", [seat]))
        if got < need:
            finish(s, "the bag could not refill the hands (TE-BASE-76)", ev)
            return
    if treasure_end(s):
        k = len(s.treasures)
        finish(s, f"only {k} treasure{'s are' if k != 1 else ' is'} left on the board (TE-BASE-75)", ev)
        return
    s.active = (s.active + 1) % n
    s.turn += 1
    s.actions_left = 2
    s.ctx = None
    s.phase = "action"
    emit(ev, f"turn {s.turn}: {who(s.active)} to play", "turn", turn=s.turn)


def default_order(s: TEState) -> dict:
    """The order the deadline gives for the current decision (docs/tigris.md)."""
    seat = decider(s)
    p = s.phase
    if p == "action":
        return {"type": "pass", "player": seat}
    if p == "commit":
        return {"type": "commit", "player": seat, "tiles": commit.allowed_counts(s, commit.side_to_commit(s))[0]}
    if p == "war_order":
        return {"type": "war_order", "player": seat, "colour": s.ctx["war_colours"][0]}
    if p == "treasure":
        sq = sorted(s.ctx["treasure"]["squares"], key=lambda q: (q[1], q[0]))[0]
        return {"type": "treasure", "player": seat, "at": list(sq)}
    if p == "monument":
        return {"type": "monument", "player": seat, "monument": None, "at": None}
    if p == "building":
        return {"type": "building", "player": seat, "building": None, "at": None}
    if p == "wonder":
        return {"type": "wonder", "player": seat, "at": None}
    if p == "wonder_point":
        pts = s.points[seat]
        return {"type": "wonder_point", "player": seat, "colour": min(COLOURS, key=lambda c: pts[c])}
    raise IllegalOrder(over_rule(s), "the game is over")
