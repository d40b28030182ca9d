"""Regression (Expansion Project 28.91; stack 9, major, non-tradable; option ``ep_major``).

28.911 The victim immediately moves his A.S.T. marker backward; it may move forward normally in
the A.S.T. alteration phase (33) if he meets the requirements. The page gives no number of
spaces: one (the Expansion Project's current text, 28.4.2: "zero to two", i.e. one, plus or
minus its modifiers; CPCAL-28.911 [INFERRED]). 28.912 Fundamentalism +1 and 28.913 Library -1:
neither card exists in Advanced Civilization, so no modifier applies (ruling). 28.914 A victim
with no city: no effect. The marker never goes behind the start arrow (space 0, 10.2).
Rulings: ``docs/rulings/expansion-calamities-cards.md``.
"""
from __future__ import annotations

from typing import Any

from ...context import Context
from .base import CalamityEffect, effect

SPACES = 1  # 28.911 [INFERRED], 28.4.2 of the Expansion Project's current rulebook


@effect
class Regression(CalamityEffect):
    """28.911-28.914: the A.S.T. marker one space back, unless the victim has no city."""

    id = "regression"
    rule = "28.91"
    #: the effect in the site's own words (the help pages, 30)
    summary = "The victim's marker on the A.S.T. moves back one space (not if he has no city)."

    def spaces(self, g: Context, ctx: dict[str, Any]) -> int:
        """28.912/28.913: Fundamentalism and Library are not Advanced Civilization cards;
        ``has`` is asked anyway so a later card set with them gets the page's modifiers."""
        p = g.of(ctx["victim"])
        return max(0, SPACES + (1 if p.has("fundamentalism") else 0) - (1 if p.has("library") else 0))

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        victim = ctx["victim"]
        p = g.of(victim)
        if not g.cities_of(victim):  # 28.914
            g.emit(f"Regression: {g.name(victim)} has no city; it has no effect (28.914).",
                   "calamity_none", nation=victim, calamity=self.id)
            return
        n = min(self.spaces(g, ctx), p.ast)
        if n <= 0:
            g.emit(f"Regression: {g.name(victim)}'s A.S.T. marker is on the start space and "
                   "cannot move back.", "calamity_none", nation=victim, calamity=self.id)
            return
        p.ast -= n
        g.emit(f"Regression: {g.name(victim)}'s A.S.T. marker moves back {n} space"
               f"{'s' if n != 1 else ''} to space {p.ast} (28.911).", "ast_back",
               nation=victim, space=p.ast, calamity=self.id)
