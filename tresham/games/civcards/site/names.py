"""How the pages name the game's cards and resources (docs/civcards.md: cards are named by
instance id, "swordsman.2"; people read "Swordsman 2")."""
from __future__ import annotations

from ..deck import Cards

RES_WORDS = {"food": "Food", "production": "Production", "commerce": "Commerce"}


def res_text(res: dict[str, int]) -> str:
    """{"food": 2, "commerce": 1} -> "2 Food, 1 Commerce" ("nothing" when empty)."""
    parts = [f"{n} {RES_WORDS[r]}" for r, n in res.items() if n]
    return ", ".join(parts) or "nothing"


def card(cards: Cards, cid: str) -> str:
    """A card's name with its copy's number: "Swordsman 2" (the instance "swordsman.2")."""
    _, _, n = cid.partition(".")
    return f"{cards.name(cid)} {n}".strip()


def plot(cards: Cards, cid: str) -> str:
    """A plot with its printed yield: "Grassland 1 (2 Food, 1 Commerce)"."""
    return f"{card(cards, cid)} ({res_text(dict(cards.card(cid).yields))})"


def described(cards: Cards, cid: str) -> str:
    """A card with what it is and does, for a hand or a market: "Swordsman 2 (unit: steals 1
    population; counters Axeman)"."""
    kind = cards.kind(cid)
    c = cards.card(cid)
    if kind == "plot":
        return plot(cards, cid)
    bits: list[str] = []
    if kind == "unit":
        if c.steal:
            bits.append(f"steals {c.steal} population")
        if c.destroy:
            bits.append(f"sends back {c.destroy} building{'s' if c.destroy != 1 else ''}")
        if c.removes_walls:
            bits.append("removes Walls")
        if c.counters:
            bits.append("counters " + ", ".join(cards.defs[x].name if x in cards.defs else x for x in c.counters))
    elif kind == "bonus":
        bits.append(f"{c.value} {'of any resource' if c.resource == 'wild' else RES_WORDS[c.resource]}")
    else:
        bits.append(f"costs {c.cost} {'Commerce' if kind == 'technology' else 'Production'}")
        if c.happiness:
            bits.append(f"{c.happiness} Happiness")
        if c.culture:
            bits.append(f"{c.culture} Culture")
        if getattr(c, "text", ""):
            bits.append(c.text)
    return f"{card(cards, cid)} ({kind}: {'; '.join(bits)})"

