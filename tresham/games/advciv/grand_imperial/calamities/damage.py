"""City advances lost to calamities (GI-CAL-01, 03, 04, 06, 07, 09, 11; data GID-11).

A city that a calamity removes (reduced or destroyed) leaves its site on the board, less its
Palace (GIR-42: a Palace goes when its city does)
(``variant_state["sites"][area] = {"owner", "active", "flipped", "decay"}``). The seed's
losses, from ``gi.calamity_changes()[...].advances_lost``: ``now`` advances at once (``all``,
or a number), ``removed`` outright or ``flipped`` over as in conflict; then, with
``per_turn``, the site decays at the end of each turn until it is rebuilt: ``"lose"`` (one
more removed) or, after a flip, ``"flip"`` (the flipped one removed and another flipped). The
decay itself is applied at the end of the turn by the sites' rules; this module records it.

While the effect runs the rule is in force for its state, so that a city leaving the board in
the middle of it (``city_left``) is damaged at once; any city gone at the end of the step that
was not is damaged then.

Which advances go: chosen at random (``g.rng``, over the site's advances in id order), as the
conflict's damage and the decay choose theirs (GI-CARULE-04; ruling GIC-3); no decision is
asked.

:class:`SiteDamage` is mixed into a plain effect: it compares the cities before and after
each step of the effect and applies the loss to every site whose city is gone.
"""
from __future__ import annotations

from typing import Any

from ...context import Context
from .. import data as gi
from .. import sites


def site(g: Context, area: str) -> dict[str, Any] | None:
    """The site record of ``area`` (GI-CITYADV), None if it holds no advance record."""
    return sites.site(g.s, area)


def _pick(g: Context, advances: list[str]) -> str:
    """One of ``advances`` at random (``g.rng``, in id order)."""
    pool = sorted(advances)
    return pool[g.rng.below(len(pool))]


def loss_of(calamity: str, case: str | None = None) -> gi.AdvanceLoss | None:
    """The seed's advance loss for ``calamity`` (``case``: volcano or earthquake)."""
    lost = gi.calamity_changes()[calamity].advances_lost
    return lost.get(case or calamity)


def damage(g: Context, area: str, loss: gi.AdvanceLoss, why: str) -> None:
    """Apply ``loss`` to the site of ``area`` whose city ``why`` removed (GID-11)."""
    s = site(g, area)
    if s is None or not (s.get("active") or s.get("flipped")):
        return
    active, flipped = list(s.get("active", [])), list(s.get("flipped", []))
    gone: list[str] = []
    for pile in (active, flipped):  # GIR-42: a Palace goes with its city
        if sites.PALACE in pile:
            pile.remove(sites.PALACE)
            gone.append(sites.PALACE)
    turned: list[str] = []
    if loss.now == "all":
        gone, active, flipped = gone + active + flipped, [], []
    elif loss.kind == "removed":
        for _ in range(int(loss.now)):
            pool = active or flipped
            if not pool:
                break
            a = _pick(g, pool)
            pool.remove(a)
            gone.append(a)
    elif loss.kind == "flipped":
        for _ in range(int(loss.now)):
            if not active:
                break
            a = _pick(g, active)
            active.remove(a)
            flipped.append(a)
            turned.append(a)
    s["active"], s["flipped"] = active, sorted(flipped)
    if loss.per_turn and (active or flipped):
        s["decay"] = "flip" if loss.kind == "flipped" else "lose"
    if not (active or flipped):  # nothing left: the site is gone
        sites.drop(g, area)
    names = gi.city_advances()
    parts = []
    if gone:
        parts.append("loses " + ", ".join(names[a].name if a in names else a for a in gone))
    if turned:
        parts.append("flips " + ", ".join(names[a].name if a in names else a for a in turned))
    if (active or flipped) and s.get("decay"):
        parts.append(f"and decays ({s['decay']}) at the end of each turn until a city is rebuilt")
    if parts:
        g.emit(f"The site of {g.area_name(area)} {' '.join(parts)} ({why}).", "site_damage",
               area=area, lost=gone, flipped=turned, decay=s.get("decay") if (active or flipped) else None)


def city_left(g: Context, area: str) -> bool:
    """A city left the board while a calamity's damage rule is in force: its site takes the
    seed's loss and decays (for the sites' ``city_left``); False when no rule is in force."""
    rule = _IN_FORCE.get(id(g.s))
    if rule is None or area in rule["done"]:
        return False
    return _apply(g, rule, area)


def _apply(g: Context, rule: dict[str, Any], area: str) -> bool:
    """Damage the site of ``area`` under ``rule``; False when the calamity takes no advance."""
    found = rule["effect"].loss(g, rule["ctx"])
    if found is None:
        return False
    rule["done"].append(area)
    damage(g, area, *found)
    return True


#: The damage rule in force, by the state it applies to, while a calamity step runs (a step
#: that calls another, a timeout that handles, keeps the outer one). Never saved: it exists
#: only inside one call.
_IN_FORCE: dict[int, dict[str, Any]] = {}


class SiteDamage:
    """Mixin for a plain calamity effect: every city it removes damages its site (GID-11)."""

    id: str

    def loss_case(self, g: Context, ctx: dict[str, Any]) -> str | None:
        return None

    def loss(self, g: Context, ctx: dict[str, Any]) -> tuple[gi.AdvanceLoss, str] | None:
        """The seed's loss for a city this effect removes now, and why; None when the
        calamity takes no advance."""
        loss = loss_of(self.id, self.loss_case(g, ctx))
        if loss is None:
            return None
        return loss, f"{g.d.calamities[self.id].name}, {gi.calamity_changes()[self.id].spec}"

    def _step(self, g: Context, ctx: dict[str, Any], run) -> None:
        before = set(g.s.board.cities)
        outer = id(g.s) not in _IN_FORCE
        rule = {"effect": self, "ctx": ctx, "done": []}
        if outer:
            _IN_FORCE[id(g.s)] = rule
        try:
            run()
        finally:
            if outer:
                _IN_FORCE.pop(id(g.s), None)
        if outer:
            for area in sorted(before - set(g.s.board.cities) - set(rule["done"])):
                _apply(g, rule, area)

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        self._step(g, ctx, lambda: super(SiteDamage, self).begin(g, ctx))  # type: ignore[misc]

    def handle(self, g: Context, ctx: dict[str, Any], o) -> None:
        self._step(g, ctx, lambda: super(SiteDamage, self).handle(g, ctx, o))  # type: ignore[misc]

    def timeout(self, g: Context, ctx: dict[str, Any], seat: int) -> None:
        self._step(g, ctx, lambda: super(SiteDamage, self).timeout(g, ctx, seat))  # type: ignore[misc]
