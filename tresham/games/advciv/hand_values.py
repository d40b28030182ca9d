"""The value of a hand of trade cards as sets (28.51-28.53, 32.261), kept by hand.

The plain rule depends on nothing but the cards and the data's commodities, so a hand's value
is computed once and kept (an LRU cache per ``GameData``, keyed by the sorted hand and the
Mining boost): the bots value the same hands again and again (each card's marginal value,
each deal weighed). ``Context.hand_value`` uses it when its set values are the plain ones; a
variant with its own (Grand Imperial's Loom and Quarry, ``Context.set_value``) computes anew.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache, partial
from typing import Callable

from .data import Commodity, GameData


def set_value(commodities: dict[str, Commodity], card: str, n: int) -> int:
    """Value of ``n`` identical commodity cards: n² × face value, capped by the printed
    maximum (28.51, 28.52). Calamities are worth nothing."""
    c = commodities.get(card)
    if c is None or n <= 0:
        return 0
    n = min(n, c.count)
    return n * n * c.value


def hand_value(commodities: dict[str, Commodity], cards, mining: bool = False) -> int:
    """Value of a group of trade cards as sets; with Mining one eligible set counts one card
    larger, once (28.53, 32.261, Z-29)."""
    counts = Counter(c for c in cards if c in commodities)
    total = sum(set_value(commodities, c, n) for c, n in counts.items())
    if mining:
        total += max((set_value(commodities, c, n + 1) - set_value(commodities, c, n)
                      for c, n in counts.items() if commodities[c].mining), default=0)
    return total


#: id(data) -> (the data, kept alive so its id is never reused; its cached valuer)
_VALUERS: dict[int, tuple[GameData, Callable[[tuple[str, ...], bool], int]]] = {}


def valuer(d: GameData) -> Callable[[tuple[str, ...], bool], int]:
    """``value(sorted_hand, mining)`` for the data ``d``, its results kept."""
    got = _VALUERS.get(id(d))
    if got is None:
        got = _VALUERS[id(d)] = (d, lru_cache(maxsize=1 << 14)(partial(hand_value, d.commodities)))
    return got[1]
