"""Iconoclasm and Heresy in Grand Imperial (GI-CAL-11): the plain counts (30.811-30.817);
Happy cities are not named; Unhappy and Revolt cities are named first, Satisfied last
(GIR-39); a reduced city's site flips an advance, then decays (GID-11). The two cities of
other players (30.818-30.819) are named as in the plain game, but never a Happy one (GIC-13)."""
from __future__ import annotations

from typing import Any

from ...game import Game
from ...rules.calamities.base import effect
from ...rules.calamities.iconoclasm import Iconoclasm, eligible_secondaries, secondary_total
from ..variant import KEY
from . import political as pol
from .damage import SiteDamage
from .reduce_own import PoliticalReduce


def secondary_caps(g: Game, ctx: dict[str, Any]) -> dict[str, int]:
    """The plain secondary victims (30.818-30.819), each capped by his cities that are not
    Happy (GIR-39)."""
    out = {}
    for n, cap in eligible_secondaries(g, ctx).items():
        k = min(cap, len(pol.nameable(g, g.cities_of(n))))
        if k > 0:
            out[n] = k
    return out


@effect(variant=KEY)
class GIIconoclasm(SiteDamage, PoliticalReduce, Iconoclasm):
    """GI-CAL-11."""

    gi_rule = "GI-CAL-11"

    def after(self, g: Game, ctx: dict[str, Any]) -> None:
        caps = secondary_caps(g, ctx)
        total = secondary_total(caps)
        ctx["stage"] = "secondary"
        ctx["m"] = total
        allowed = self._allowed(g, ctx)
        if total == 0:
            g.emit("Iconoclasm and Heresy: no other player's city can be reduced.", "calamity_none")
            ctx["stage"] = "done"
        elif total == len(allowed):
            self._reduce_others(g, ctx, allowed)

    def _allowed(self, g: Game, ctx: dict[str, Any]) -> list[str]:
        return sorted(a for n in secondary_caps(g, ctx) for a in pol.nameable(g, g.cities_of(n)))

    def _leader_pick(self, g: Game, ctx: dict[str, Any], rng) -> list[str]:
        """SITE-CAL-05 / SZ-20 as plain (ruling CA-21), over the cities that are not Happy."""
        caps = dict(secondary_caps(g, ctx))
        left = {n: pol.nameable(g, g.cities_of(n)) for n in caps}
        out: list[str] = []
        order = [n for n in g.leaders() if n in caps]
        while len(out) < ctx["m"] and any(caps[n] > 0 and left[n] for n in order):
            for n in order:
                if len(out) < ctx["m"] and caps[n] > 0 and left[n]:
                    city = rng.choice(sorted(left[n]))
                    left[n].remove(city)
                    caps[n] -= 1
                    out.append(city)
        return sorted(out)
