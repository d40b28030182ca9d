"""Civil War in Grand Imperial (GI-CAL-05, ruling GIR-49).

The beneficiary is found as in the plain game (30.411). The victim selects the whole first
faction, which goes to the beneficiary: 15 unit points (+5 Music, +5 Drama and Poetry, +10
Democracy, 30.4122) + 20, or 15 with Philosophy (30.4124). It is built in the seed's order:
every city in Revolt (even beyond the quota), then the tokens he wishes, then Unhappy cities,
then Content ones (a Content city only once every Unhappy one is in). Satisfied and Happy
cities and the capital are never in it. Military costs each faction 5 unit points as in the
plain game (30.414); the victim keeps the other faction, with the capital and the immune
cities, without choosing (the seed: the smaller faction is the one given away).

D16 ``hold_civil_war``: a victim who holds the Great Compromiser may hold the Civil War card
instead of suffering it (timeout: hold). The hold is public
(``variant_state["held_civil_war"][nation] = turn``); the card waits among the cards set aside
(not restacked while held, ``stacks.restack``) and the Civil War is resolved at the next
calamity phase, without a second hold (ruling GIC-17)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....contract import Decision, IllegalOrder
from ...context import Context
from ...orders import Order, Timeout, order
from ...rules.calamities import losses as L
from ...rules.calamities.base import effect
from ...rules.calamities.civil_war import (BENEFICIARY_PICK, PHILOSOPHY_PICK, CivilWar, SelectUnits,
                                           units_minus, unit_points, selection_size, all_units, check_selection,
                                           victim_quota)
from ..variant import KEY
from . import political as pol

RULE = "GI-CAL-05"
COMPROMISER = "great_compromiser"


@order("hold_civil_war", rule="GI-CAL-05", variant=KEY)
@dataclass(slots=True)
class HoldCivilWar(Order):
    """D16: hold the Civil War card until the next calamity phase (true) or suffer it now."""

    hold: bool = True


def release(g: Context, nation: str) -> int | None:
    """The hold of ``nation`` ends (its card is restacked with the others); gives its turn."""
    h = g.s.variant_state.get("held_civil_war", {})
    since = h.pop(nation, None)
    if not h:
        g.s.variant_state.pop("held_civil_war", None)
    return since


def held(g: Context) -> dict[str, int]:
    """The Civil War cards held: nation -> the turn it was held (D16)."""
    return g.s.variant_state.get("held_civil_war", {})


def may_hold(g: Context, ctx: dict[str, Any]) -> bool:
    """D16: the Civil War card drawn (not one held since an earlier calamity phase, nor one a
    Slave Revolt or a lost capital brings), its victim holding the Great Compromiser."""
    return ctx["calamity"] == "civil_war" and ctx.get("cause") is None \
        and COMPROMISER in g.of(ctx["victim"]).hand


def gi_quota(g: Context, nation: str) -> int:
    """The first faction's size (GIR-49): the plain victim's quota + the beneficiary's 20, or
    15 with Philosophy."""
    if g.of(nation).has("philosophy"):
        return PHILOSOPHY_PICK
    return victim_quota(g, nation) + BENEFICIARY_PICK


@effect(variant=KEY)
class GICivilWar(CivilWar):
    """GI-CAL-05."""

    accepts = ("civil_war_units", "choose_losses", "calamity_choice", "hold_civil_war")

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        v = ctx["victim"]
        if ctx.get("cause") == "held":
            since = release(g, v)  # the held card takes effect now
            g.emit(f"The Civil War {g.name(v)} has held since turn {since} takes effect "
                   "(GI-CAL-05).", "civil_war_released", nation=v, since=since)
        elif may_hold(g, ctx):
            ctx["stage"] = "hold"
            return
        self._start(g, ctx)

    def _hold(self, g: Context, ctx: dict[str, Any], hold: bool) -> None:
        v = ctx["victim"]
        if not hold:
            g.emit(f"{g.name(v)} does not hold the Civil War (GI-CAL-05).", "civil_war_not_held", nation=v)
            self._start(g, ctx)
            return
        g.s.variant_state.setdefault("held_civil_war", {})[v] = g.s.turn
        ctx["stage"] = "done"
        g.emit(f"{g.name(v)} holds the Great Compromiser and holds the Civil War card: it takes "
               "effect at the next calamity phase (GI-CAL-05, GI-LEADER-08).", "civil_war_held",
               nation=v, turn=g.s.turn)

    def _start(self, g: Context, ctx: dict[str, Any]) -> None:
        v = ctx["victim"]
        ben = self._beneficiary(g, v)
        ctx.update(beneficiary=ben, stage="done", first={"tokens": {}, "cities": []})
        if ben is None:
            g.emit(f"Civil War: {g.name(v)} has the most units in stock; there is no civil war.",
                   "calamity_none", nation=v)
            return
        cap = pol.capital(g, v)
        g.emit(f"Civil War splits {g.name(v)}; {g.name(ben)} has most units in stock and is the "
               f"beneficiary; {g.name(v)} selects the faction that goes to him"
               + (f" and keeps his capital {g.area_name(cap)}" if cap else "") + " (GI-CAL-05).",
               "calamity_effect", nation=v, beneficiary=ben, capital=cap)
        ctx.update(stage="pick", picker=v, quota=gi_quota(g, v), rule=RULE, next="split")
        self._advance(g, ctx)

    def _beneficiary(self, g: Context, victim: str) -> str | None:
        from ...rules.calamities.civil_war import beneficiary_of

        return beneficiary_of(g, victim)

    # ---- what may be selected ------------------------------------------------------------
    def _groups(self, g: Context, ctx: dict[str, Any]) -> dict[str, list[str]]:
        """The victim's cities still unselected, by the seed's order (the capital, Satisfied
        and Happy cities left out)."""
        v = ctx["victim"]
        cap = pol.capital(g, v)
        out: dict[str, list[str]] = {"revolt": [], "unhappy": [], "content": []}
        for a in g.cities_of(v):
            d = pol.disposition(g, a)
            if a != cap and a not in ctx["first"]["cities"] and d in out:
                out[d].append(a)
        return out

    def _avail(self, g: Context, ctx: dict[str, Any]) -> dict[str, Any]:
        grp = self._groups(g, ctx)
        units = units_minus(all_units(g, ctx["victim"]), ctx["first"])
        return {"tokens": units["tokens"], "cities": sorted(grp["revolt"] + grp["unhappy"] + grp["content"])}

    def _need(self, g: Context, ctx: dict[str, Any]) -> tuple[list[str], int]:
        """The Revolt cities every selection holds, and the unit points it must have."""
        grp = self._groups(g, ctx)
        comp = sorted(grp["revolt"])
        rest = ctx["quota"] - 5 * len(comp)
        if rest <= 0:
            return comp, 5 * len(comp)
        pool = {"tokens": self._avail(g, ctx)["tokens"], "cities": grp["unhappy"] + grp["content"]}
        return comp, 5 * len(comp) + selection_size(pool, rest)

    def _check(self, g: Context, ctx: dict[str, Any], tokens: Any, cities: Any) -> dict[str, Any]:
        """Validate the victim's selection (GI-CAL-05); changes nothing."""
        avail = self._avail(g, ctx)
        grp = self._groups(g, ctx)
        if isinstance(cities, list):
            v = ctx["victim"]
            for a in cities:
                if isinstance(a, str) and g.s.board.cities.get(a) == v and a not in avail["cities"]:
                    why = ("the capital is always kept" if a == pol.capital(g, v) else
                           f"a {pol.disposition(g, a).title()} city is immune to Civil War")
                    raise IllegalOrder(RULE, f"{g.area_name(a)} cannot be in the faction: {why}")
        comp, need = self._need(g, ctx)
        # the shape checks of the plain selection, with this faction's size
        try:
            sel = check_selection(avail, need, tokens, cities, RULE)
        except IllegalOrder as e:
            if "select exactly" not in str(e):
                raise
            raise IllegalOrder(RULE, f"select exactly {need} unit points (tokens 1, cities 5): every city "
                               "in Revolt, then tokens, then Unhappy cities, then Content ones") from None
        missing = [a for a in comp if a not in sel["cities"]]
        if missing:
            raise IllegalOrder(RULE, f"every city in Revolt goes into the faction first: "
                               f"{', '.join(g.area_name(a) for a in missing)} is left out")
        if any(a in grp["content"] for a in sel["cities"]) and \
                any(a not in sel["cities"] for a in grp["unhappy"]):
            raise IllegalOrder(RULE, "a Content city goes into the faction only after every Unhappy one")
        return sel

    def _random(self, g: Context, ctx: dict[str, Any], rng) -> dict[str, Any]:
        grp = self._groups(g, ctx)
        comp, need = self._need(g, ctx)
        rest = need - 5 * len(comp)
        toks = self._avail(g, ctx)["tokens"]
        t = sum(toks.values())
        ordered = grp["unhappy"], grp["content"]
        others = len(ordered[0]) + len(ordered[1])
        ks = [k for k in range(others + 1) if 0 <= rest - 5 * k <= t]
        k = ks[rng.below(len(ks))] if ks else 0
        if k <= len(ordered[0]):
            cities = rng.sample(ordered[0], k)
        else:
            cities = list(ordered[0]) + rng.sample(ordered[1], k - len(ordered[0]))
        pool = [a for a in sorted(toks) for _ in range(toks[a])]
        chosen: dict[str, int] = {}
        for a in rng.sample(pool, max(0, rest - 5 * k)):
            chosen[a] = chosen.get(a, 0) + 1
        return {"tokens": dict(sorted(chosen.items())), "cities": sorted(comp + cities)}

    def _forced(self, g: Context, ctx: dict[str, Any]) -> dict[str, Any] | None:
        grp = self._groups(g, ctx)
        comp, need = self._need(g, ctx)
        avail = self._avail(g, ctx)
        if need == 5 * len(comp):
            return {"tokens": {}, "cities": comp}
        if need == unit_points(avail):
            return {"tokens": dict(avail["tokens"]), "cities": list(avail["cities"])}
        rest = need - 5 * len(comp)
        if not grp["unhappy"] and not grp["content"] and len(avail["tokens"]) <= 1:
            return {"tokens": {a: rest for a in avail["tokens"]}, "cities": comp}
        return None

    # ---- flow -----------------------------------------------------------------------------
    def _split(self, g: Context, ctx: dict[str, Any]) -> None:
        """The second faction is everything else, the capital and immune cities included."""
        v = ctx["victim"]
        ctx["second"] = units_minus(all_units(g, v), ctx["first"])
        if unit_points(ctx["first"]) == 0:
            g.emit(f"Civil War: nothing of {g.name(v)} can go into the first faction; there is no "
                   "civil war (GI-CAL-05).", "calamity_none", nation=v)
            ctx["stage"] = "done"
            return
        g.emit(f"Civil War: the first faction has {unit_points(ctx['first'])} unit points, the second "
               f"{unit_points(ctx['second'])}.", "civil_war_factions",
               first=ctx["first"], second=ctx["second"])
        if g.of(v).has("military"):  # 30.414, as plain
            ctx["military_left"] = ["first", "second"]
            self._next_military(g, ctx)
        else:
            ctx["stage"] = "keep"

    def _advance(self, g: Context, ctx: dict[str, Any]) -> None:
        while True:
            st = ctx["stage"]
            if st == "pick":
                forced = self._forced(g, ctx)
                if forced is None:
                    return
                self._select(g, ctx, forced)
            elif st == "military":
                forced = L.forced_choice(g, ctx["loss"])
                if forced is None:
                    return
                self._military(g, ctx, forced)
            elif st == "keep":  # GIR-49: the first faction goes to the beneficiary
                self._keep(g, ctx, "second")
            else:
                return

    # ---- interface ------------------------------------------------------------------------
    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        if ctx.get("stage") == "hold":
            return [Decision(g.of(ctx["victim"]).seat, "hold_civil_war",
                             "Civil War: you hold the Great Compromiser; hold the Civil War card "
                             "until the next calamity phase, or suffer it now?",
                             default="hold it", options={"choices": ["hold", "suffer"]})]
        if ctx.get("stage") != "pick":
            return super().pending(g, ctx)
        v = ctx["victim"]
        comp, need = self._need(g, ctx)
        avail = self._avail(g, ctx)
        grp = self._groups(g, ctx)
        return [Decision(g.of(v).seat, "civil_war_units",
                         f"Civil War: select {need} unit points of your units (tokens 1, cities 5) "
                         f"for the faction that goes to {g.name(ctx['beneficiary'])}: every city in "
                         "Revolt, then tokens, then Unhappy cities, then Content ones",
                         default="units selected at random, in that order",
                         options={"points": need, "tokens": avail["tokens"], "cities": avail["cities"],
                                  "compulsory": comp, "unhappy": sorted(grp["unhappy"]),
                                  "content": sorted(grp["content"]), "first": ctx["first"]})]

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        if ctx.get("stage") == "hold":
            if not isinstance(o, HoldCivilWar) or o.player != g.of(ctx["victim"]).seat:
                raise IllegalOrder(RULE, "the victim decides whether he holds the Civil War "
                                   "(a hold_civil_war order)")
            if not isinstance(o.hold, bool):
                raise IllegalOrder(RULE, "hold must be true or false")
            self._hold(g, ctx, o.hold)
            return
        if ctx.get("stage") == "pick" and isinstance(o, SelectUnits):
            if not self._owner(g, ctx, o.player):
                raise IllegalOrder(RULE, "no Civil War decision is owed by you now")
            self._select(g, ctx, self._check(g, ctx, o.tokens, o.cities))
            self._advance(g, ctx)
            return
        super().handle(g, ctx, o)

    def timeout(self, g: Context, ctx: dict[str, Any], seat: int) -> None:
        """D16: hold; otherwise the plain default (random selections and units)."""
        if ctx.get("stage") == "hold":
            self._hold(g, ctx, True)
            return
        super().timeout(g, ctx, seat)

    def sample(self, g: Context, ctx: dict[str, Any], seat: int, rng) -> Order:
        if ctx.get("stage") == "hold":
            return HoldCivilWar(seat, bool(rng.below(2)))
        if ctx.get("stage") == "pick":
            return SelectUnits(seat, **self._random(g, ctx, rng))
        if ctx.get("stage") in ("military", "keep"):
            return super().sample(g, ctx, seat, rng)
        return Timeout(seat)
