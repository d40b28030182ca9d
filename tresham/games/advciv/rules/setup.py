"""Set-up (15): trade card stacks (15.2) and nation picking with initial placement (15.3).

Picking follows the site (SITE-PICK-*): every seat has a random pick-order number; any seat
may pre-select a nation and start area at any time; picks are confirmed strictly in pick
order; a pre-selection whose nation an earlier seat took is dropped and that seat must pick
again; on timeout a random free nation and start area are taken (SZ-09).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...contract import Decision, IllegalOrder
from ..context import Context
from ..orders import Order, order
from ..schema import AreaId, NationId
from ..phase import Phase, refuse_repeat, register
from ..view import PHASE_VIEWS


def put_at_bottom(g: Context, stack: list[str], card: str) -> None:
    """Put a non-tradable calamity at the bottom of its stack (15.2, 31.82); with the
    SITE-CREATE-11 option it is first shuffled with the stack's bottom two cards (SZ-07)."""
    if g.s.options.shuffle_nontradable_with_bottom_two:
        bottom = [card] + stack[-2:]
        del stack[len(stack) - (len(bottom) - 1):]
        g.rng.shuffle(bottom)
        stack.extend(bottom)
    else:
        stack.append(card)


def build_stacks(g: Context) -> None:
    """Build the nine trade stacks (15.2): commodities shuffled; from stacks 2-9 as many
    commodity cards as players are set aside, the stack's tradable calamity shuffled into
    the rest, the set-aside cards put back on top, the non-tradable calamity at the bottom.
    Stack 1 gets no calamity."""
    n = g.s.options.players
    in_play = g.d.calamities_in_play(g.s.options)  # the variants' too, where their options are on
    for value in range(1, 10):
        cards = [c.id for c in g.d.commodities.values() if c.value == value for _ in range(c.count)]
        g.rng.shuffle(cards)
        top, rest = cards[:n], cards[n:]
        if value > 1:
            tradable = [c.id for c in in_play if c.stack == value and c.tradable]
            rest.extend(tradable)
            g.rng.shuffle(rest)
        stack = top + rest
        for cal in in_play:
            if cal.stack == value and not cal.tradable:
                put_at_bottom(g, stack, cal.id)
        g.s.stacks[value - 1] = stack


def nations_available(g: Context) -> list[str]:
    """Nations that may be chosen on this board (16.6-16.8, 16.12), in A.S.T. order."""
    cfg = g.d.map.configs[g.s.options.board]
    out = []
    for nid in g.d.map.ast_order:
        if cfg.nations is not None and nid not in cfg.nations:
            continue
        if start_areas(g, nid):
            out.append(nid)
    return out


def start_areas(g: Context, nation: str) -> list[str]:
    """The nation's start areas in play (4.6, 4.61, 16.12). The WEM start areas replace the
    western ones only when the WEM panel is actually in play (4.61: "if the WEM is used");
    boards that leave it out (e.g. 2 or 3 players, 16.7, 16.8) keep the original ones."""
    n = g.d.map.nations[nation]
    wem_in_play = g.s.options.wem and any(a.panel == "WEM" for a in g.areas.values())
    areas = n.start_areas_with_wem if wem_in_play else n.start_areas
    return [a for a in areas if a in g.areas]


@order("pick", rule="15.3", fields={"nation": "16.12", "area": "4.6"})
@dataclass(slots=True)
class Pick(Order):
    """Choose (or pre-select) a nation by its start area (SITE-PICK-03/04)."""

    nation: NationId = ""
    area: AreaId = ""


@register
class PickPhase(Phase):
    name = "pick"
    rule = "15.3"
    accepts = ("pick",)

    def start(self, g: Context) -> None:
        seats = list(range(len(g.s.players)))
        g.rng.shuffle(seats)
        g.s.step = {"order": seats, "index": 0, "pre": {}}
        g.emit("Pick order: " + ", ".join(f"seat {s + 1}" for s in seats) + ".", "pick_order", order=seats)
        self._resolve(g)

    def _taken(self, g: Context) -> set[str]:
        return {p.nation for p in g.s.players if p.nation}

    def _current(self, g: Context) -> int | None:
        st = g.s.step
        return st["order"][st["index"]] if st["index"] < len(st["order"]) else None

    def pending(self, g: Context) -> list[Decision]:
        cur = self._current(g)
        out = []
        first = g.s.step["index"] == 0
        for seat in g.s.step["order"][g.s.step["index"]:]:
            out.append(Decision(
                seat, "pick", "Choose your nation by clicking one of its start areas"
                + ("" if seat == cur else " (pre-selection; confirmed on your turn)"),
                required=seat == cur, default="a random free nation and start area",
                deadline_factor=1.5 if (seat == cur and first) else 1.0,
                options={"nations": {n: start_areas(g, n) for n in nations_available(g)
                                     if n not in self._taken(g)}}))
        return out

    def complete(self, g: Context) -> bool:
        return self._current(g) is None

    def _validate(self, g: Context, nation: str, area: str) -> None:
        if nation not in nations_available(g):
            raise IllegalOrder("16.12", f"{nation!r} cannot be chosen in this game; choose one of "
                               + ", ".join(nations_available(g)))
        if nation in self._taken(g):
            raise IllegalOrder("15.3", f"{g.name(nation)} has already been chosen")
        if area not in start_areas(g, nation):
            raise IllegalOrder("4.6", f"{g.name(nation)} must start in one of its start areas: "
                               + ", ".join(start_areas(g, nation)))

    def handle(self, g: Context, o: Order) -> None:
        assert isinstance(o, Pick)
        if o.player not in g.s.step["order"][g.s.step["index"]:]:
            raise IllegalOrder("15.3", "you have already chosen your nation")
        self._validate(g, o.nation, o.area)
        entry = {"nation": o.nation, "area": o.area}
        if o.player != self._current(g):
            refuse_repeat(g.s.step["pre"].get(str(o.player)), entry, "SITE-PICK-04",
                          "this pre-selection is already noted")  # SITE-SAFE-10
        g.s.step["pre"][str(o.player)] = entry
        if o.player != self._current(g):
            g.emit(f"Your pre-selection of {g.name(o.nation)} is noted.", "pick_pre", to=[o.player])
        self._resolve(g)

    def timeout(self, g: Context, seat: int) -> None:
        free = [n for n in nations_available(g) if n not in self._taken(g)]
        nation = g.rng.choice(free)
        area = g.rng.choice(start_areas(g, nation))
        g.emit(f"Seat {seat + 1} did not pick in time; {g.name(nation)} was chosen at random.", "timeout")
        self._confirm(g, seat, nation, area)
        g.s.step["index"] += 1
        self._resolve(g)

    def _resolve(self, g: Context) -> None:
        """Confirm picks in pick order while the current seat has a valid pre-selection."""
        st = g.s.step
        while (cur := self._current(g)) is not None:
            pre = st["pre"].pop(str(cur), None)
            if pre is None:
                return
            if pre["nation"] in self._taken(g):
                g.emit(f"{g.name(pre['nation'])} was taken by an earlier player; please pick again.",
                       "pick_lost", to=[cur])
                return
            self._confirm(g, cur, pre["nation"], pre["area"])
            st["index"] += 1

    def _confirm(self, g: Context, seat: int, nation: str, area: str) -> None:
        p = g.s.players[seat]
        p.nation = nation
        p.stock = g.s.options.tokens
        g.add_tokens(nation, area, 1)
        g.emit(f"Seat {seat + 1} plays {g.name(nation)}, starting in {g.area_name(area)}.", "pick",
               seat=seat, nation=nation, area=area)
        # SITE-PICK-05: a later seat's pre-selection of this nation is removed now, and he is
        # told at once (he must pick again when his turn comes).
        for other, pre in sorted(g.s.step["pre"].items()):
            if pre["nation"] == nation and int(other) != seat:
                del g.s.step["pre"][other]
                g.emit(f"{g.name(nation)} was taken by an earlier player; please pick again.",
                       "pick_lost", to=[int(other)])

    def finish(self, g: Context) -> None:
        taken = self._taken(g)
        g.s.unused_nations = [n for n in g.d.map.ast_order if n not in taken]  # 15.31


def pick_view(g: Context, seat: int | None) -> dict:
    """What a seat sees while nations are picked (SITE-PICK-01/04/05): the pick order, whose
    turn it is, the nations taken and free, and only his own pre-selection."""
    st = g.s.step
    order = list(st.get("order", []))
    i = st.get("index", 0)
    out: dict = {"order": order, "current": order[i] if i < len(order) else None,
                 "free": [n for n in nations_available(g) if n not in {p.nation for p in g.s.players}]}
    if seat is not None:
        out["preselection"] = st.get("pre", {}).get(str(seat))
    return out


PHASE_VIEWS["pick"] = pick_view
