"""The advances that change the Expansion Project's Cyclone and Tyranny, as data
(``data/expansion_calamities.json`` ``modifiers``; SITE-SAFE-12).

Seed 002's page names Masonry, Calendar, Trade Empire (Cyclone, 28.614-28.616), Sculpture,
Monarchy and Provincial Empire (Tyranny, 28.814-28.815): Advanced Civilization has none of
them, so by default none applies (a modifier whose card the game lacks does not apply). The
game option ``ep_later_modifiers`` adds the Expansion Project's later text in place of Calendar
and Sculpture: Engineering (-2 cities, two ships kept; ruling EPC-2) and Military (-5) and
Democracy (-10 unit points; ruling EPC-4). Rulings: docs/rulings/expansion-calamities-majors.md.
"""
from __future__ import annotations

from ...data import CardModifier
from ...context import Context


def held(g: Context, nation: str, calamity: str) -> list[CardModifier]:
    """The modifiers of ``calamity`` that apply to ``nation`` now: a card of the game he holds,
    named by the page, or by the later text when the game has its option on."""
    p = g.of(nation)
    return [m for m in g.d.modifiers
            if m.calamity == calamity and m.card in g.d.civ_cards and p.has(m.card)
            and (not m.option or getattr(g.s.options, m.option, False))]


def named(g: Context, mods: list[CardModifier]) -> str:
    """The modifiers' cards and rules in words: "Engineering (28.615, ruling EPC-2)"."""
    parts = []
    for m in mods:
        why = m.rule + (f", ruling {m.ruling}" if m.ruling else "")
        parts.append(f"{g.d.civ_cards[m.card].name} ({why})")
    return " and ".join(parts)
