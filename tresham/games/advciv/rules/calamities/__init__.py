"""The calamity phase (29): reveal, cap, order and resolve calamities; Monotheism; support.

Sequence of the phase (18.1 phase 11, 29.1):

1. Every calamity card in any hand is revealed (29.3, SITE-CAL-03) and taken out of the
   hand to ``g.s.set_aside`` (29.7), where the acquisition phase finds it for restacking.
   When only the active calamity is shown (SITE-CREATE-10) each one is announced when it
   becomes active and the disregarded ones once all are resolved.
2. The holder is the primary victim (29.61, SITE-CAL-01); the nation that traded it to him is
   read from ``player.flags["calamity_from"][card]`` (written by the trade phase). The public
   line says only that it strikes him; he and the trader are told who traded it
   (``base.tell_trader``; 28.3, SITE-SAFE-05), and an effect that shows the trader at the
   table makes him public (``base.show_trader``).
3. Without the Stoic option (SITE-CREATE-12) a primary victim suffers at most two calamities,
   drawn at random from his (29.5, SITE-CAL-02). Barbarian Hordes held by Crete has no
   effect and does not count toward the cap (30.527, Z-35).
4. They are resolved in the order of 29.6 (stack ascending, non-tradable first;
   SITE-CAL-04), each by its :class:`~.base.CalamityEffect` in ``EFFECTS`` (a variant's
   calamity phase overlays its own effects: ``CalamitiesPhase.effects``, EP-9).
5. Monotheism conversions (32.941-32.942), in A.S.T. order (Z-31b).
6. The city support check (29.8, 26.3).

Orders taken (each routed to the calamity being resolved, or to Monotheism / the support check):

* ``{"type": "choose_cities", "player": S, "cities": [area, ...]}`` - cities a calamity asks for:
  own cities to reduce (Superstition, Civil Disorder, Iconoclasm), the victim's city (Treachery,
  chosen by the trader), coastal cities (Piracy), other players' cities (Iconoclasm, Piracy).
* ``{"type": "choose_site", "player": S, "site": volcano_or_area, "target": area_or_""}`` -
  the victim's pick among equally damaging volcano/earthquake sites (30.211-30.212).
* ``{"type": "famine_assign", "player": S, "victims": {nation: points}}`` - Famine's 20 points.
* ``{"type": "choose_losses", "player": S, "tokens": {area: n}, "reduce": [...], "destroy": [...]}``
  - units lost (``losses.py``).
* ``{"type": "convert", "player": S, "area": area_or_""}`` - Monotheism (32.941).
* ``{"type": "reduce_cities", "player": S, "areas": [...]}`` - the support check (``support.py``).
* ``{"type": "timeout", "player": S}`` - the site default (SITE-CAL-05): secondary victims are the
  leaders by Total Public Points (SZ-20), units and cities chosen at random; Monotheism: none.
"""
from __future__ import annotations

from dataclasses import replace
from collections.abc import Mapping
from typing import Any

from ....contract import Decision, IllegalOrder
from ...context import Context
from ...orders import Order, Timeout
from ...phase import Phase, register, require_phase_player
from ...view import HIDDEN, PHASE_SECRETS, PHASE_VIEWS
from .base import EFFECTS, CalamityEffect, tell_trader, trader_seen_by
from .. import support
from . import monotheism

# Importing the effect modules registers them in EFFECTS (29.6 order).
from . import (  # noqa: E402,F401
    volcano, treachery, famine, superstition, civil_war, slave_revolt, flood, barbarians,
    epidemic, civil_disorder, iconoclasm, piracy,
)
# The Expansion Project's (options ep_major / ep_minor; data/expansion_calamities.json).
from . import (  # noqa: E402,F401
    squandered_wealth, tempest, city_in_flames, city_riots, cyclone, coastal_migration, corruption,
    tribal_conflict, tyranny, minor_uprising, regression, banditry,
)

CAP = 2  # 29.5


def trader_of(g: Context, nation: str, card: str) -> str | None:
    """The nation that traded ``card`` to ``nation`` (29.61), None if never traded.

    The trade phase records it in ``flags["calamity_from"]`` as a nation id (a seat number is
    accepted too)."""
    who = g.of(nation).flags.get("calamity_from", {}).get(card)
    if who is None:
        return None
    if isinstance(who, int):
        return g.s.players[who].nation
    return who if who != nation else None


def reveal(g: Context, later: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Reveal every calamity held (29.3, SITE-CAL-03), set the cards aside (29.7) and give the
    calamities that take effect, one ctx per calamity, in resolution order (29.6).

    When the game shows only the active calamity (SITE-CREATE-10, SITE-CAL-06) the event log
    must not announce the upcoming ones either: a calamity that takes effect is announced when
    it becomes active (``ctx["announce"]``), and the disregarded ones are written to ``later``
    (announced once every calamity is resolved)."""
    hide = g.s.options.only_active_calamity
    queue: list[dict[str, Any]] = []

    def say(text: str, kind: str, **data: Any) -> None:
        if hide and later is not None:
            later.append({"text": text, "kind": kind, "data": data})
        else:
            g.emit(text, kind, **data)

    for p in g.active():
        cals = [c for c in p.hand if c in g.d.calamities]
        if not cals:
            continue
        for c in cals:
            p.hand.remove(c)
            g.s.set_aside.append(c)
        kept = [] if p.inert else list(cals)
        ignored: list[tuple[str, str]] = []
        if p.nation == "crete" and "barbarian_hordes" in kept:
            kept.remove("barbarian_hordes")  # 30.527, Z-35
            ignored.append(("barbarian_hordes", "Crete may not be the primary victim of Barbarian "
                            "Hordes; it has no effect (30.527)."))
        if len(kept) > CAP and not g.s.options.stoic:
            keep = g.rng.sample(kept, CAP)  # 29.5: shuffled, two drawn at random
            for c in kept:
                if c not in keep:
                    ignored.append((c, f"{g.name(p.nation)} already suffers two calamities this "
                                    f"turn: {g.d.calamities[c].name} is disregarded (29.5)."))
            kept = [c for c in kept if c in keep]
        for c in cals:
            text = f"{g.name(p.nation)} reveals {g.d.calamities[c].name}."
            if hide and c in kept:
                continue  # announced when it becomes active
            say(text, "calamity_revealed", nation=p.nation, calamity=c)
        for c, text in ignored:
            say(text, "calamity_ignored", nation=p.nation, calamity=c)
        for c in kept:
            ctx = {"calamity": c, "victim": p.nation, "trader": trader_of(g, p.nation, c)}
            if ctx["trader"] is not None:  # the seats told who traded it (SITE-SAFE-05)
                ctx["told"] = sorted({p.seat, g.of(ctx["trader"]).seat})
            if hide:
                ctx["announce"] = f"{g.name(p.nation)} reveals {g.d.calamities[c].name}."
            queue.append(ctx)
    if hide and queue:
        g.emit("The calamities are revealed; only the one being resolved is shown "
               "(SITE-CREATE-10).", "calamities_hidden")
    queue.sort(key=lambda x: (g.d.calamities[x["calamity"]].order, g.ast_rank(x["victim"])))
    return queue


@register
class CalamitiesPhase(Phase):
    """Phase 11 of the turn (29): the calamities, then Monotheism, then city support."""

    name = "calamities"
    rule = "29"

    def effects(self) -> Mapping[str, CalamityEffect]:
        """The calamity effects by card id (EP-9): the plain ``EFFECTS``; a variant's phase
        returns them overlaid with its own."""
        return EFFECTS

    def effect(self, g: Context, cid: str) -> CalamityEffect:
        """The effect that resolves calamity ``cid`` in this game (EP-9)."""
        return self.effects()[cid]

    @property
    def accepts(self) -> tuple[str, ...]:  # type: ignore[override]
        """Every effect's orders, Monotheism's and the support check's."""
        out = {monotheism.Convert.type_name}
        for eff in self.effects().values():
            out.update(eff.accepts)
        out.update(_support_accepts())
        return tuple(sorted(out))

    # ---- flow ----------------------------------------------------------
    def start(self, g: Context) -> None:
        """29.1: right after trading; reveal, cap and order, then resolve what needs no decision."""
        later: list[dict[str, Any]] = []
        g.s.step = {"queue": [], "index": -1, "current": None, "stage": "calamities",
                    "later": later, "hide_upcoming": g.s.options.only_active_calamity,
                    "first": True}
        g.s.step["queue"] = self.queue(g, later)
        self._run(g)

    def queue(self, g: Context, later: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The calamities that take effect, in resolution order (``reveal``); a variant may
        add calamities no card brings."""
        return reveal(g, later)

    def after_calamity(self, g: Context, ctx: dict[str, Any]) -> None:
        """Called once each calamity is resolved (a variant may queue what it brings about)."""

    def _run(self, g: Context) -> None:
        """Advance until someone owes a decision or the phase is over."""
        st = g.s.step
        guard = 0
        while True:
            guard += 1
            if guard > 10000:
                raise RuntimeError("calamity phase is looping")
            if st["stage"] == "calamities":
                ctx = st["current"]
                if ctx is not None:
                    eff = self.effect(g, ctx["calamity"])
                    if not eff.done(g, ctx):
                        inert = [d.player for d in eff.pending(g, ctx)
                                 if d.required and g.s.players[d.player].inert]
                        if not inert:
                            return
                        eff.timeout(g, ctx, inert[0])  # 15.61: an inert nation decides nothing
                        continue
                    st["current"] = None
                    self.after_calamity(g, ctx)
                st["index"] += 1
                if st["index"] >= len(st["queue"]):
                    for e in st.get("later", []):  # SITE-CREATE-10: the disregarded ones
                        g.emit(e["text"], e["kind"], **e["data"])
                    st["later"] = []
                    st["stage"] = "monotheism"
                    monotheism.begin(g)
                    continue
                ctx = dict(st["queue"][st["index"]])
                announce = ctx.pop("announce", None)
                if announce:  # SITE-CREATE-10: revealed when it becomes active
                    g.emit(announce, "calamity_revealed", nation=ctx["victim"],
                           calamity=ctx["calamity"])
                eff = self.effects().get(ctx["calamity"])
                name = g.d.calamities[ctx["calamity"]].name
                public = {"calamity": ctx["calamity"], "victim": ctx["victim"]}  # no trader: 28.3
                if eff is None:
                    g.emit(f"{name} against {g.name(ctx['victim'])} cannot be resolved yet "
                           "(not implemented); it is skipped.", "calamity_skipped", **public)
                    continue
                g.emit(f"{name} strikes {g.name(ctx['victim'])}.", "calamity", **public)
                told = len(g.events)
                st["current"] = ctx
                eff.begin(g, ctx)
                # SITE-SAFE-05: to the victim and the trader only, after the line above, unless
                # the effect has just made him public (Treachery)
                tell_trader(g, ctx, at=told)
            elif st["stage"] == "monotheism":
                if not monotheism.done(g):
                    return
                st["stage"] = "support"
                _start_support(g)
            elif st["stage"] == "support":
                if not _support_done(g):
                    return
                st["stage"] = "done"
            else:
                return

    def pending(self, g: Context) -> list[Decision]:
        """The decisions owed now; the first one(s) asked in the phase get 1.5 x the time
        limit (SITE-TIME-02, SZ-10: the phase is answered one decision after another)."""
        out = self._pending(g)
        st = g.s.step
        first = set(st.get("first_seats", [])) if st.get("first_at") == self._where(g) else set()
        return [replace(d, deadline_factor=1.5)
                if d.required and (st.get("first") or d.player in first) else d for d in out]

    @staticmethod
    def _where(g: Context) -> list:
        st = g.s.step
        return [st.get("stage"), st.get("index")]

    def _first_batch(self, g: Context, seat: int) -> dict[str, Any] | None:
        """Before an answer: who else was asked first (they keep their 1.5 x afterwards)."""
        if not g.s.step.get("first"):
            return None
        return {"first": False, "first_at": self._where(g),
                "first_seats": sorted({d.player for d in self._pending(g) if d.required} - {seat})}

    def _pending(self, g: Context) -> list[Decision]:
        st = g.s.step
        stage = st.get("stage")
        if stage == "calamities" and st.get("current"):
            ctx = st["current"]
            return self.effect(g, ctx["calamity"]).pending(g, ctx)
        if stage == "monotheism":
            return monotheism.pending(g)
        if stage == "support":
            return _support_pending(g)
        return []

    def complete(self, g: Context) -> bool:
        return g.s.step.get("stage") == "done"

    def _owes(self, g: Context, seat: int) -> None:
        if not any(d.player == seat and d.required for d in self.pending(g)):
            raise IllegalOrder("29.6", "you owe no calamity decision now")

    def handle(self, g: Context, o: Order) -> None:
        require_phase_player(g, o, "29")
        st = g.s.step
        self._owes(g, o.player)
        batch = self._first_batch(g, o.player)
        if st["stage"] == "calamities":
            ctx = st["current"]
            eff = self.effect(g, ctx["calamity"])
            if o.type_name not in eff.accepts:
                raise IllegalOrder(eff.rule, f"a {o.type_name!r} order does not answer "
                                   f"{g.d.calamities[ctx['calamity']].name}")
            eff.handle(g, ctx, o)
        elif st["stage"] == "monotheism":
            monotheism.handle(g, o)
        else:
            _support_handle(g, o)
        if batch:
            st.update(batch)
        self._run(g)

    def timeout(self, g: Context, seat: int) -> None:
        """SITE-CAL-05: secondary victims = the leaders (SZ-20), units chosen at random."""
        st = g.s.step
        batch = self._first_batch(g, seat)
        if batch:
            st.update(batch)
        if st["stage"] == "calamities":
            ctx = st["current"]
            self.effect(g, ctx["calamity"]).timeout(g, ctx, seat)
        elif st["stage"] == "monotheism":
            monotheism.timeout(g, seat)
        else:
            _support_timeout(g, seat)
        self._run(g)

    def sample(self, g: Context, seat: int, rng) -> Order:
        st = g.s.step
        if st.get("stage") == "calamities" and st.get("current"):
            ctx = st["current"]
            return self.effect(g, ctx["calamity"]).sample(g, ctx, seat, rng)
        if st.get("stage") == "monotheism":
            return monotheism.sample(g, seat, rng)
        if st.get("stage") == "support":
            return support.sample(g, st["support"], seat, rng)
        return Timeout(seat)


# ---- 29.8 city support check -------------------------------------------------
def _start_support(g: Context) -> None:
    """29.8: after all calamities (and Monotheism) city support is checked again (26.3),
    with the shared sub-machine of ``rules/support.py``."""
    g.s.step["support"] = support.start_support_check(g, "the calamities")


def _support_done(g: Context) -> bool:
    return support.done(g, g.s.step["support"])


def _support_pending(g: Context) -> list[Decision]:
    return support.pending(g, g.s.step["support"])


def _support_handle(g: Context, o: Order) -> None:
    support.handle(g, g.s.step["support"], o)


def _support_timeout(g: Context, seat: int) -> None:
    support.timeout(g, g.s.step["support"], seat)


def _support_accepts() -> tuple[str, ...]:
    return (support.ReduceCities.type_name,)


# ---- view ----------------------------------------------------------------------
def calamity_view(g: Context, seat: int | None) -> dict[str, Any]:
    """What the calamity display shows (SITE-CAL-06): the active calamity, and the upcoming
    ones unless the game hides them (SITE-CREATE-10); each one's trader only as ``seat``
    knows him (``base.trader_seen_by``: the victim and the trader, everyone once the
    resolution has shown him; SITE-SAFE-05)."""
    st = g.s.step

    def info(ctx: dict) -> dict:
        return {"calamity": ctx["calamity"], "name": g.d.calamities[ctx["calamity"]].name,
                "victim": ctx["victim"], "trader": trader_seen_by(g, ctx, seat)}

    out: dict[str, Any] = {"stage": st.get("stage")}
    cur = st.get("current")
    out["active"] = info(cur) if cur else None
    if not g.s.options.only_active_calamity:
        out["upcoming"] = [info(c) for c in st.get("queue", [])[st.get("index", -1) + 1:]]
    return out


PHASE_VIEWS["calamities"] = calamity_view


def calamity_secrets(step: dict[str, Any], seat: int) -> dict[str, Any]:
    """The phase's scratch data as a seat knows it: who traded each calamity only if he is
    among the seats told (``ctx["told"]``: the victim and the trader) or the resolution has
    shown him (28.3, SITE-SAFE-05; a bot knows no more than its player would); with only the
    active calamity shown (SITE-CREATE-10) the upcoming and the disregarded calamities are
    unknown."""
    i = step.get("index", -1)
    shown = bool((step.get("current") or {}).get("trader_shown"))  # the one being resolved

    def known(ctx: Any, now: bool) -> Any:
        if not isinstance(ctx, dict) or ctx.get("trader") is None or ctx.get("trader_shown") \
                or (now and shown) or seat in ctx.get("told", ()):
            return ctx
        return {**ctx, "trader": None, "told": []}

    out = dict(step)
    out["queue"] = [known(c, k == i) for k, c in enumerate(step.get("queue", []))]
    if step.get("current") is not None:
        out["current"] = known(step["current"], True)
    if not step.get("hide_upcoming"):
        return out
    out["queue"] = [c if k <= i else {"calamity": HIDDEN, "victim": HIDDEN, "trader": None}
                    for k, c in enumerate(out["queue"])]
    out["later"] = []
    return out


PHASE_SECRETS["calamities"] = calamity_secrets
