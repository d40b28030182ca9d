"""Grand Imperial's calamity phase (GI-CAL-01..13; design section 3.13, EP-9).

The plain phase (``rules/calamities``, 29) with the variant's effects overlaid on the plain
ones (``CalamitiesPhase.effects``): one module per changed calamity, each a subclass of the
plain effect registered with ``@effect(variant=KEY)``.

* political calamities by disposition (GIR-39, ``political``): Treachery (GI-CAL-02),
  Superstition (GI-CAL-04), Civil War (GI-CAL-05), Slave Revolt (GI-CAL-06), Civil Disorder
  (GI-CAL-10), Iconoclasm and Heresy (GI-CAL-11);
* city advances lost with the cities (``damage``): Volcano/Earthquake (GI-CAL-01), Famine
  (GI-CAL-03), Flood (GI-CAL-07), Epidemic (GI-CAL-09), and the reductions of Superstition,
  Slave Revolt and Iconoclasm;
* Barbarian Hordes and City Walls (GI-CAL-08).

The phase opens with the leaders' window (design 3.9, D1; ruling GIC-19): holders of the
Theocratic Leader or the Great Proselytizer owe ``play_leaders`` (sealed, timeout: play
nothing) before any calamity is revealed or resolved; a Theocratic Leader owning Theology and
Monotheism gives two conversions (``GIContext.conversions``, GI-LEADER-02).

At its start the phase lifts last turn's Slave Revolt block (``variant_state["tax_blocked"]``):
the taxation phase it was for is past (ruling GIC-6). A player who lost his capital since the
last calamity phase while a city of his was Unhappy or in Revolt (queued then in
``variant_state["pending_civil_war"]``), or who loses it to a calamity in this one while one is,
suffers a Civil War in this phase (GI-CAL-05, GI-CITYADV-14; ruling GIC-15). A Civil War held with the Great Compromiser (D16)
is resolved at the next calamity phase (GIC-17).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....contract import Decision, IllegalOrder
from ...orders import Order
from ...phase import register, require_phase_player
from .. import leaders as lw
from ...rules.calamities import CalamitiesPhase
from ...rules.calamities.base import EFFECTS, VARIANT_EFFECTS, CalamityEffect
from ...context import Context
from ..variant import KEY
from . import political as pol
from .civil_war import held, release
from . import (  # noqa: F401  (registering the variant's effects)
    barbarians, civil_disorder, civil_war, iconoclasm, losses, piracy, slave_revolt, superstition,
    treachery,
)


def invariants(state) -> list[str]:
    """The calamities' own state (design 4.2): ``tax_blocked`` holds a player's count of
    tokens, 0 or more; ``pending_civil_war`` names players; a held Civil War's card waits set
    aside; a decaying site has no city of its owner and something left to decay."""
    out: list[str] = []
    vs = state.variant_state or {}
    nations = {p.nation for p in state.players}
    for n, k in sorted(vs.get("tax_blocked", {}).items()):
        if n not in nations or not isinstance(k, int) or isinstance(k, bool) or k < 0:
            out.append(f"tax_blocked[{n!r}] = {k!r}")
    for n in vs.get("pending_civil_war", []):
        if n not in nations:
            out.append(f"pending_civil_war names {n!r}")
    hold = vs.get("held_civil_war", {})
    for n in sorted(hold):
        if n not in nations:
            out.append(f"held_civil_war names {n!r}")
    if len(hold) > state.set_aside.count("civil_war"):
        out.append("a Civil War is held but its card is not among the cards set aside")
    for area, s in sorted(vs.get("sites", {}).items()):
        if s.get("decay") is None:
            continue
        if state.board.cities.get(area) == s.get("owner"):
            out.append(f"the site in {area} decays under its owner's city")
        if not (s.get("active") or s.get("flipped")):
            out.append(f"the site in {area} decays with nothing left")
    return out


@register(variant=KEY)
class GICalamitiesPhase(CalamitiesPhase):
    """Phase 11 of the turn (29) with Grand Imperial's calamity changes (GI-CAL)."""

    def effects(self) -> Mapping[str, CalamityEffect]:
        """The plain effects overlaid with Grand Imperial's (EP-9)."""
        return {**EFFECTS, **VARIANT_EFFECTS.get(KEY, {})}

    @property
    def accepts(self) -> tuple[str, ...]:  # type: ignore[override]
        """The plain phase's orders and ``play_leaders`` (the leaders' window, D1)."""
        return tuple(sorted({*super().accepts, "play_leaders"}))

    def start(self, g: Context) -> None:
        """29.1, after lifting last turn's Slave Revolt tax block (GI-CAL-06, GIC-6) and after
        the leaders' window (design 3.9, D1; ruling GIC-19): holders of the Theocratic Leader
        or the Great Proselytizer may play them before any calamity is revealed or resolved
        (simultaneous and sealed; timeout: play nothing)."""
        if g.s.variant_state.get("tax_blocked"):
            g.s.variant_state.pop("tax_blocked")
        win = lw.open_window(g, "calamities")
        if not win["owed"]:
            super().start(g)
            return
        g.s.step = {"stage": "leaders", "leaders": win}

    def _close_window(self, g: Context) -> None:
        if lw.window_settle(g, g.s.step["leaders"]):
            super().start(g)

    def _pending(self, g: Context) -> list[Decision]:
        if g.s.step.get("stage") == "leaders":
            return lw.window_pending(g, g.s.step["leaders"])
        return super()._pending(g)

    def handle(self, g: Context, o: Order) -> None:
        if g.s.step.get("stage") != "leaders":
            return super().handle(g, o)
        require_phase_player(g, o, "GI-LEADER-01")
        if not isinstance(o, lw.PlayLeaders):
            raise IllegalOrder("GI-LEADER-01", "the calamity phase opens with the Leadership cards: "
                               "answer with play_leaders")
        lw.window_note(g, g.s.step["leaders"], o)
        self._close_window(g)

    def timeout(self, g: Context, seat: int) -> None:
        """D1: play nothing."""
        if g.s.step.get("stage") != "leaders":
            return super().timeout(g, seat)
        if not lw.window_timeout(g, g.s.step["leaders"], seat):
            raise IllegalOrder("GI-LEADER-01", "no Leadership card of this seat is waiting")
        self._close_window(g)

    def sample(self, g: Context, seat: int, rng) -> Order:
        if g.s.step.get("stage") == "leaders":
            return lw.window_sample(g, g.s.step["leaders"], seat, rng)
        return super().sample(g, seat, rng)

    # ---- a capital lost brings a Civil War (GI-CAL-05, GI-CITYADV-14) ---------------------
    def queue(self, g: Context, later: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The calamities revealed, and a Civil War for each player who lost his capital since
        the last calamity phase and has an Unhappy city or one in Revolt; the capitals held now
        are noted so that one lost in this phase brings its Civil War too."""
        queue = super().queue(g, later)
        g.s.step["capitals"] = {p.nation: cap for p in g.active()
                                if (cap := pol.capital(g, p.nation)) is not None}
        for nation in sorted(held(g)):  # D16: the Civil War held since the last phase
            if g.of(nation).inert or nation not in {p.nation for p in g.active()}:
                release(g, nation)
            else:
                queue.append({"calamity": "civil_war", "victim": nation, "trader": None, "cause": "held"})
        pending = g.s.variant_state.pop("pending_civil_war", [])
        for nation in sorted(set(pending)):  # queued when it was lost (GI-CITYADV-14)
            self._capital_lost(g, nation, queue, "since the last calamity phase", check=False)
        queue.sort(key=lambda x: (g.d.calamities[x["calamity"]].order, g.ast_rank(x["victim"])))
        return queue

    def after_calamity(self, g: Context, ctx: dict[str, Any]) -> None:
        """A capital lost to this calamity brings a Civil War later in this phase."""
        caps = g.s.step.get("capitals", {})
        for nation, area in sorted(caps.items()):
            if area is not None and pol.capital(g, nation) != area:
                caps[nation] = None
                self._capital_lost(g, nation, g.s.step["queue"], "to a calamity",
                                   after=g.s.step["index"])

    def _capital_lost(self, g: Context, nation: str, queue: list[dict[str, Any]], when: str,
                      after: int = -1, check: bool = True) -> None:
        p = g.of(nation)
        if p.inert or nation not in {x.nation for x in g.active()}:
            return
        if any(x["calamity"] == "civil_war" and x["victim"] == nation for x in queue[after + 1:]) \
                or (after >= 0 and nation in held(g)):
            return  # he suffers one already
        exposed = [a for a in g.cities_of(nation) if pol.rank(g, a) == 0]
        if check and not exposed:
            g.emit(f"{g.name(nation)} lost his capital {when}, but none of his cities is Unhappy "
                   "or in Revolt: no Civil War (GI-CAL-05).", "capital_lost", nation=nation)
            return
        g.emit(f"{g.name(nation)} lost his capital {when}"
               + (" and has cities Unhappy or in Revolt" if check else "")
               + ": he suffers a Civil War in this calamity phase (GI-CAL-05).", "capital_lost",
               nation=nation, cities=exposed)
        queue.append({"calamity": "civil_war", "victim": nation, "trader": None, "cause": "capital"})
