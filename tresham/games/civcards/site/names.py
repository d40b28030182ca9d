"""How the pages name the game's cards and resources (docs/civcards.md: the orders name cards by
instance id, "swordsman.2"; people read "Swordsman": copies of a card are alike, and a copy's
number read as a strength or a yield, "Walls 4", "Grassland 2 (2 Food, 1 Commerce)")."""
from __future__ import annotations

from ..deck import Cards

RES_WORDS = {"food": "Food", "production": "Production", "commerce": "Commerce"}


def res_text(res: dict[str, int]) -> str:
    """{"food": 2, "commerce": 1} -> "2 Food, 1 Commerce" ("nothing" when empty)."""
    parts = [f"{n} {RES_WORDS[r]}" for r, n in res.items() if n]
    return ", ".join(parts) or "nothing"


def card(cards: Cards, cid: str) -> str:
    """A card's printed name: "Swordsman" (any copy, "swordsman.2" too)."""
    return cards.name(cid)


def sentence(text: str) -> str:
    """A card's text as a clause inside a description: "Collect 1 more Food each turn." ->
    "collect 1 more Food each turn"."""
    text = text.strip().rstrip(".")
    if text[:1].isupper() and text[1:2].islower():
        text = text[0].lower() + text[1:]
    return text


def distinct(labels: list[str]) -> list[str]:
    """The labels of a list of choices, a second copy of the same card told apart from the
    first: ["Warrior (...)", "Warrior (...)"] -> ["Warrior (...)", "Warrior (...), copy 2"]."""
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        out.append(label if seen[label] == 1 else f"{label}, copy {seen[label]}")
    return out


def short(cards: Cards, cid: str) -> str:
    """A card of the hand to build, short enough for a drop-down on a phone: "Market
    (building, costs 5 Production)"."""
    return f"{card(cards, cid)} ({cards.kind(cid)}, costs {cards.card(cid).cost} Production)"


def plot(cards: Cards, cid: str) -> str:
    """A plot with its printed yield: "Grassland (2 Food, 1 Commerce)"."""
    return f"{card(cards, cid)} ({res_text(dict(cards.card(cid).yields))})"


def described(cards: Cards, cid: str) -> str:
    """A card with what it is and does, for a hand or a market: "Swordsman (unit: steals 1
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
            bits.append(sentence(c.text))
    return f"{card(cards, cid)} ({kind}: {'; '.join(bits)})"



def own_plot(cards: Cards, plots: list[dict], cid: str) -> str:
    """One of a nation's plots (``plots``: its plots in order, as the view and the state list
    them), a second plot of the same card told apart as the table shows it: "Plains (1 Food,
    1 Production, 1 Commerce), the second"."""
    same = [p["id"] for p in plots if cards.def_id(p["id"]) == cards.def_id(cid)]
    k = same.index(cid) if cid in same else 0
    return plot(cards, cid) + ("" if k == 0 else f", the {ORDINALS[min(k, len(ORDINALS) - 1)]}")


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "next")
