"""Civil War (30.41, non-tradable, stack 4).

30.411: the beneficiary is the player with most unit points in stock (tokens 1, cities 5),
ties by A.S.T. order; if that is the victim himself there is no civil war (Z-37).
30.412: the first faction: the victim selects 15 unit points of his units (30.4121), +5 with
Music (32.621), +5 with Drama and Poetry (32.611), +10 with Democracy (32.822) (30.4122);
then the beneficiary adds 20 (30.4123). With Philosophy (32.841) the first faction is just
15 unit points chosen by the beneficiary (30.4124, Z-17). Selections are exact when possible,
else the smallest excess (as 29.63); a selection larger than what is left takes it all.
30.413: the rest is the second faction; if empty, no civil war.
30.414 (32.832): with Military each faction loses 5 unit points, from areas adjacent to the
other faction where possible; the victim chooses them, before choosing a faction (Z-16).
30.415: the victim keeps one faction (and his stock, ships, treasury, cards, A.S.T.); the
beneficiary replaces the other faction's units with his own; when he runs out, the player
with the next-most units in stock takes the rest, and so on. Cities so taken count as
acquired this turn (26.32, via ``Context.replace_city``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ....contract import Decision, IllegalOrder
from ...context import Context
from ...words import plural
from ...orders import Order, Timeout, order
from ...schema import AreaId, Count, Many, Mapping
from . import losses as L
from .base import CalamityEffect, effect

VICTIM_PICK, BENEFICIARY_PICK, PHILOSOPHY_PICK, MILITARY_LOSS = 15, 20, 15, 5


@order("civil_war_units", rule="30.41")
@dataclass(slots=True)
class SelectUnits(Order):
    """Units of the victim put into the first faction (30.4121-30.4124): tokens per area
    and cities by area."""

    tokens: Mapping(AreaId, Count) = field(default_factory=dict)
    cities: Many(AreaId) = field(default_factory=list)


def victim_quota(g: Context, nation: str) -> int:
    """30.4121-30.4122: 15, +5 Music, +5 Drama and Poetry, +10 Democracy (cumulative)."""
    p = g.of(nation)
    return (VICTIM_PICK + (5 if p.has("music") else 0) + (5 if p.has("drama_and_poetry") else 0)
            + (10 if p.has("democracy") else 0))


def beneficiary_of(g: Context, victim: str) -> str | None:
    """30.411, Z-37: the player with most unit points in stock, or None if it is the victim."""
    best = g.most_units_in_stock()
    return None if best in (None, victim) else best


def unit_points(units: dict[str, Any]) -> int:
    """Unit points of a selection: a token 1, a city 5 (30.41)."""
    return sum(units["tokens"].values()) + 5 * len(units["cities"])


def selection_size(avail: dict[str, Any], quota: int) -> int:
    """The exact selection size: ``quota`` if reachable with tokens (1) and cities (5), else
    the smallest excess, else everything left."""
    t, c = sum(avail["tokens"].values()), len(avail["cities"])
    best = None
    for k in range(c + 1):
        x = max(5 * k, quota)
        if x <= 5 * k + t and (best is None or x < best):
            best = x
    return best if best is not None else t + 5 * c


def units_minus(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """The units of selection ``a`` not in ``b``."""
    toks = {ar: n - b["tokens"].get(ar, 0) for ar, n in a["tokens"].items()}
    return {"tokens": {ar: n for ar, n in sorted(toks.items()) if n > 0},
            "cities": sorted(set(a["cities"]) - set(b["cities"]))}


def _plus(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    toks = dict(a["tokens"])
    for ar, n in b["tokens"].items():
        toks[ar] = toks.get(ar, 0) + n
    return {"tokens": dict(sorted(toks.items())), "cities": sorted(set(a["cities"]) | set(b["cities"]))}


def all_units(g: Context, nation: str) -> dict[str, Any]:
    return {"tokens": {a: g.tokens(a, nation) for a in g.token_areas(nation)},
            "cities": g.cities_of(nation)}


def check_selection(avail: dict[str, Any], quota: int, tokens: Any, cities: Any, rule: str) -> dict[str, Any]:
    """Validate a faction selection; gives it clean. Raises IllegalOrder, changes nothing."""
    if not isinstance(tokens, dict) or not all(isinstance(k, str) and isinstance(v, int)
                                               and not isinstance(v, bool) for k, v in tokens.items()):
        raise IllegalOrder(rule, "tokens must map areas to numbers of tokens")
    if not isinstance(cities, list) or not all(isinstance(a, str) for a in cities):
        raise IllegalOrder(rule, "cities must be a list of areas")
    if len(set(cities)) != len(cities):
        raise IllegalOrder(rule, "a city may be named only once")
    for a, n in tokens.items():
        if n < 0 or n > avail["tokens"].get(a, 0):
            raise IllegalOrder(rule, f"only {avail['tokens'].get(a, 0)} of the victim's tokens in "
                               f"{a} can be selected")
    bad = [a for a in cities if a not in avail["cities"]]
    if bad:
        raise IllegalOrder(rule, f"no selectable city of the victim in {', '.join(bad)}")
    sel = {"tokens": {a: n for a, n in sorted(tokens.items()) if n > 0}, "cities": sorted(cities)}
    need = selection_size(avail, quota)
    if unit_points(sel) != need:
        raise IllegalOrder(rule, f"select exactly {plural(need, 'unit point')} (tokens 1, cities 5); "
                           f"this selection has {unit_points(sel)}")
    return sel


def random_selection(avail: dict[str, Any], quota: int, rng) -> dict[str, Any]:
    """A random legal selection: a feasible number of cities, then random cities and tokens."""
    need = selection_size(avail, quota)
    t, c = sum(avail["tokens"].values()), len(avail["cities"])
    counts = [k for k in range(c + 1) if 0 <= need - 5 * k <= t]
    k = counts[rng.below(len(counts))]
    cities = sorted(rng.sample(avail["cities"], k))
    pool = [a for a in sorted(avail["tokens"]) for _ in range(avail["tokens"][a])]
    tokens: dict[str, int] = {}
    for a in rng.sample(pool, need - 5 * k):
        tokens[a] = tokens.get(a, 0) + 1
    return {"tokens": dict(sorted(tokens.items())), "cities": cities}


def forced_selection(avail: dict[str, Any], quota: int) -> dict[str, Any] | None:
    """The selection when there is only one: everything left, or tokens of a single area."""
    need = selection_size(avail, quota)
    if need == unit_points(avail):
        return {"tokens": dict(avail["tokens"]), "cities": list(avail["cities"])}
    if need == 0:
        return {"tokens": {}, "cities": []}
    if not avail["cities"] and len(avail["tokens"]) == 1:
        (a, _), = avail["tokens"].items()
        return {"tokens": {a: need}, "cities": []}
    return None


def _adjacent_areas(g: Context, mine: dict[str, Any], other: dict[str, Any]) -> set[str]:
    """Areas of a faction adjacent to (or shared with) the other faction's areas (30.414)."""
    theirs = set(other["tokens"]) | set(other["cities"])
    out = set()
    for a in set(mine["tokens"]) | set(mine["cities"]):
        if a in theirs or g.areas[a].land_adj & theirs:
            out.add(a)
    return out


@effect
class CivilWar(CalamityEffect):
    id = "civil_war"
    rule = "30.41"
    #: the effect in the site's own words (the help pages, 30)
    summary = ("The victim's nation breaks in two. He and the player with the largest stock draw "
               "up the first faction; the victim keeps one faction and the other player takes over "
               "the other (Music, Drama and Poetry, Democracy, Philosophy and Military change the split).")
    accepts = ("civil_war_units", "choose_losses", "calamity_choice")

    # ---- set-up ---------------------------------------------------------------------------
    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        v = ctx["victim"]
        ben = beneficiary_of(g, v)
        ctx.update(beneficiary=ben, stage="done", first={"tokens": {}, "cities": []})
        if ben is None:  # 30.411, Z-37
            g.emit(f"Civil War: {g.name(v)} has the most units in stock; there is no civil war.",
                   "calamity_none", nation=v)
            return
        g.emit(f"Civil War splits {g.name(v)}; {g.name(ben)} has most units in stock and is the "
               "beneficiary.", "calamity_effect", nation=v, beneficiary=ben)
        if g.of(v).has("philosophy"):  # 30.4124
            ctx.update(stage="pick", picker=ben, quota=PHILOSOPHY_PICK, rule="30.4124", next="split")
        else:
            ctx.update(stage="pick", picker=v, quota=victim_quota(g, v), rule="30.4121",
                       next="beneficiary")
        self._advance(g, ctx)

    def _avail(self, g: Context, ctx: dict[str, Any]) -> dict[str, Any]:
        return units_minus(all_units(g, ctx["victim"]), ctx["first"])

    def _advance(self, g: Context, ctx: dict[str, Any]) -> None:
        """Make forced moves until a real decision is owed or the civil war is over."""
        while True:
            st = ctx["stage"]
            if st == "pick":
                forced = forced_selection(self._avail(g, ctx), ctx["quota"])
                if forced is None:
                    return
                self._select(g, ctx, forced)
            elif st == "military":
                loss = ctx["loss"]
                forced = L.forced_choice(g, loss)
                if forced is None:
                    return
                self._military(g, ctx, forced)
            else:
                return

    # ---- factions (30.4121-30.413) -------------------------------------------------------
    def _select(self, g: Context, ctx: dict[str, Any], sel: dict[str, Any]) -> None:
        v, picker = ctx["victim"], ctx["picker"]
        ctx["first"] = _plus(ctx["first"], sel)
        g.emit(f"Civil War: {g.name(picker)} puts {plural(unit_points(sel), 'unit point')} of {g.name(v)} "
               "into the first faction.", "civil_war_faction", nation=picker, points=unit_points(sel))
        if ctx["next"] == "beneficiary":
            ctx.update(picker=ctx["beneficiary"], quota=BENEFICIARY_PICK, rule="30.4123", next="split")
            return
        self._split(g, ctx)

    def _split(self, g: Context, ctx: dict[str, Any]) -> None:
        v = ctx["victim"]
        ctx["second"] = self._avail(g, ctx)
        if unit_points(ctx["second"]) == 0:  # 30.413
            g.emit(f"Civil War: no second faction remains; there is no civil war in {g.name(v)}.",
                   "calamity_none", nation=v)
            ctx["stage"] = "done"
            return
        g.emit(f"Civil War: the first faction has {plural(unit_points(ctx['first']), 'unit point')}, the second "
               f"{unit_points(ctx['second'])}.", "civil_war_factions",
               first=ctx["first"], second=ctx["second"])
        if g.of(v).has("military"):  # 30.414, Z-16: before the choice
            ctx["military_left"] = ["first", "second"]
            self._next_military(g, ctx)
        else:
            ctx["stage"] = "keep"

    # ---- Military (30.414) ---------------------------------------------------------------
    def _next_military(self, g: Context, ctx: dict[str, Any]) -> None:
        if not ctx["military_left"]:
            ctx["stage"] = "keep"
            ctx.pop("loss", None)
            return
        which = ctx["military_left"][0]
        other = "second" if which == "first" else "first"
        mine = ctx[which]
        near = _adjacent_areas(g, mine, ctx[other])
        why = f"Civil War (Military, {which} faction)"
        loss = L.make_loss(g, ctx["victim"], MILITARY_LOSS, why=why, rule="30.414",
                           tokens={a: n for a, n in mine["tokens"].items() if a in near},
                           cities=[a for a in mine["cities"] if a in near])
        if L.maximum(g, loss) < MILITARY_LOSS:  # not possible from adjacent areas alone
            loss = L.make_loss(g, ctx["victim"], MILITARY_LOSS, why=why, rule="30.414",
                               tokens=mine["tokens"], cities=mine["cities"])
        ctx.update(stage="military", loss=loss, faction=which)
        self._advance(g, ctx)

    def _military(self, g: Context, ctx: dict[str, Any], choice: dict[str, Any]) -> None:
        """Apply one faction's Military loss and update that faction."""
        v = ctx["victim"]
        L.apply(g, ctx["loss"], **choice)
        f = ctx[ctx["faction"]]
        f = units_minus(f, {"tokens": choice["tokens"], "cities": choice["reduce"] + choice["destroy"]})
        for a in choice["reduce"]:
            if g.tokens(a, v):
                f["tokens"][a] = f["tokens"].get(a, 0) + g.tokens(a, v)
        f["tokens"] = dict(sorted(f["tokens"].items()))
        ctx[ctx["faction"]] = f
        ctx["military_left"].pop(0)
        self._next_military(g, ctx)

    # ---- the choice and the annexation (30.415) -----------------------------------------
    def _keep(self, g: Context, ctx: dict[str, Any], which: str) -> None:
        v, ben = ctx["victim"], ctx["beneficiary"]
        lost = ctx["second" if which == "first" else "first"]
        g.emit(f"Civil War: {g.name(v)} keeps the {which} faction; the other goes to "
               f"{g.name(ben)}.", "civil_war_keep", nation=v, kept=which)
        ctx["stage"] = "done"
        chain = [ben]

        def taker(has_room) -> str | None:
            for n in chain:
                if has_room(n):
                    return n
            while True:  # 30.415: the next player with most units in stock, and so on
                nxt = g.most_units_in_stock(exclude=tuple([v] + chain))
                if nxt is None:
                    return None
                chain.append(nxt)
                if has_room(nxt):
                    return nxt

        for area in lost["cities"]:
            if g.s.board.cities.get(area) != v:
                continue
            t = taker(lambda n: g.cities_in_stock(n) > 0)
            if t is None:
                g.destroy_city(area, "Civil War (no player has a city left to take it)")
            else:
                g.replace_city(area, t, "Civil War")
        for area, n in lost["tokens"].items():
            n = g.remove_tokens(v, area, min(n, g.tokens(area, v)))
            while n > 0:
                t = taker(lambda x: g.of(x).stock > 0)
                if t is None:
                    g.emit(f"{n} of {g.name(v)}'s tokens in {g.area_name(area)} leave the board: "
                           "nobody has tokens left to take them.", "tokens_lost", area=area, nation=v)
                    break
                k = min(n, g.of(t).stock)
                g.add_tokens(t, area, k)
                g.emit(f"{k} of {g.name(v)}'s tokens in {g.area_name(area)} become "
                       f"{g.name(t)}'s (Civil War).", "tokens_replaced", area=area, old=v,
                       nation=t, tokens=k)
                n -= k

    # ---- interface ------------------------------------------------------------------------
    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        st = ctx["stage"]
        v = ctx["victim"]
        if st == "pick":
            avail = self._avail(g, ctx)
            need = selection_size(avail, ctx["quota"])
            picker = ctx["picker"]
            return [Decision(g.of(picker).seat, "civil_war_units",
                             f"Civil War: select {plural(need, 'unit point')} of {g.name(v)}'s units "
                             "(tokens 1, cities 5) for the first faction",
                             default="units selected at random",
                             options={"points": need, "tokens": avail["tokens"],
                                      "cities": avail["cities"], "first": ctx["first"]})]
        if st == "military":
            return [L.decision(g, ctx["loss"])]
        if st == "keep":
            return [Decision(g.of(v).seat, "calamity_choice",
                             "Civil War: choose the faction you keep; the other goes to "
                             f"{g.name(ctx['beneficiary'])}", default="chosen at random",
                             options={"choices": ["first", "second"], "first": ctx["first"],
                                      "second": ctx["second"]})]
        return []

    def _owner(self, g: Context, ctx: dict[str, Any], seat: int) -> bool:
        d = self.pending(g, ctx)
        return bool(d) and d[0].player == seat

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        st = ctx["stage"]
        if not self._owner(g, ctx, o.player):
            raise IllegalOrder("30.412", "no Civil War decision is owed by you now")
        if isinstance(o, SelectUnits) and st == "pick":
            sel = check_selection(self._avail(g, ctx), ctx["quota"], o.tokens, o.cities, ctx["rule"])
            self._select(g, ctx, sel)
        elif isinstance(o, L.ChooseLosses) and st == "military":
            L.check(g, ctx["loss"], o.tokens, o.reduce, o.destroy)
            self._military(g, ctx, {"tokens": o.tokens, "reduce": o.reduce, "destroy": o.destroy})
        elif isinstance(o, L.CalamityChoice) and st == "keep":
            if o.choice not in ("first", "second"):
                raise IllegalOrder("30.415", "choose 'first' or 'second'")
            self._keep(g, ctx, o.choice)
        else:
            raise IllegalOrder("30.412", f"a {o.type_name!r} order does not answer this Civil War "
                               "decision")
        self._advance(g, ctx)

    def timeout(self, g: Context, ctx: dict[str, Any], seat: int) -> None:
        """SITE-CAL-05: random selections, random units, random faction."""
        g.emit(f"{g.name(g.player(seat).nation)} did not decide in time; the Civil War choice "
               "is made at random.", "timeout")
        self.handle(g, ctx, self.sample(g, ctx, seat, g.rng))

    def sample(self, g: Context, ctx: dict[str, Any], seat: int, rng) -> Order:
        st = ctx["stage"]
        if st == "pick":
            return SelectUnits(seat, **random_selection(self._avail(g, ctx), ctx["quota"], rng))
        if st == "military":
            return L.ChooseLosses(seat, **L.random_choice(g, ctx["loss"], rng))
        if st == "keep":
            return L.CalamityChoice(seat, ("first", "second")[rng.below(2)])
        return Timeout(seat)
