"""The city-point totals a calamity loss can reach (29.62, 29.63), as integer bitsets.

A *reach* is an int whose bit ``k`` is set when the cities, each kept, reduced or destroyed in
area order, can give exactly ``k`` unit points (less the :func:`lift`: a reduction may count
below zero). A city counts 5 minus the tokens it leaves
(29.62), at most 4 in an Epidemic (30.612); a reduction draws its tokens from the owner's
shrinking stock, so a city reduced late may leave fewer (hence the area order).

:func:`reach` is a pure function of plain integers -- each city's (tokens wanted when reduced,
tokens wanted when destroyed), the mode, the stock -- so its tables are kept (an LRU cache)
and shared by every state with the same cities and stock: a loss asked about again (its
decision, its check, the bot's sample) costs a look-up. :class:`Totals` reads a reach:
``target`` (the exact total owed, 29.63), ``any_between``, ``largest``.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

#: A city's tokens wanted: (when reduced, when destroyed); see ``losses._want``.
Wants = tuple[tuple[int, int], ...]


def city_points(placed: int, epidemic: bool) -> int:
    """29.62: 5 minus the tokens left; at most 4 in an Epidemic (30.612)."""
    pts = 5 - placed
    return min(4, pts) if epidemic else pts


def lift(wants: Wants) -> int:
    """How far below zero the totals may go: a reduction that leaves more than 5 tokens (an
    area of limit 5 and Agriculture, 32.241) counts 5 minus the tokens left, below zero."""
    return sum(max(0, r - 5) for r, _ in wants)


@lru_cache(maxsize=1 << 14)
def reach(wants: Wants, epidemic: bool, stock: int) -> int:
    """The totals the cities of ``wants`` can give, in order, with ``stock`` tokens left for
    their reductions: bit ``k`` set when exactly ``k - lift(wants)`` unit points can be lost."""
    if not wants:
        return 1  # nothing left to lose: 0 points
    (reduce, destroy), rest = wants[0], wants[1:]
    up = max(0, reduce - 5)  # this city's part of the lift: every shift below is >= 0
    bits = reach(rest, epidemic, stock) << up  # kept
    for want in (reduce, destroy):
        placed = min(want, stock)
        bits |= reach(rest, epidemic, stock - placed) << (city_points(placed, epidemic) + up)
    return bits


class Totals(NamedTuple):
    """A reach read as totals: bit ``k`` of ``bits`` stands for ``k + base`` unit points."""

    bits: int
    base: int

    def largest(self) -> int:
        """The largest total."""
        return self.bits.bit_length() - 1 + self.base

    def any_between(self, lo: int, hi: int) -> bool:
        """Whether a total ``lo <= c <= hi`` can be reached."""
        lo, hi = max(lo - self.base, 0), hi - self.base
        if hi < lo:
            return False
        return bool((self.bits >> lo) & ((1 << (hi - lo + 1)) - 1))

    def target(self, tokens: int, points: int, ceiling: int | None = None) -> int:
        """29.63: the smallest achievable total >= ``points``; everything if short.

        ``tokens``: how many tokens may go besides the cities (so ``c`` to ``c + tokens`` can
        be lost for each total ``c``). With a ``ceiling`` (a stated maximum, 30.511 /
        30.515), a total above it is never chosen: if no total lies between ``points`` and
        the ceiling, the largest total at or below the ceiling is lost instead (ruling F-6)."""
        bits, base = self.bits, self.base
        lo = max(points - tokens - base, 0)
        high = bits >> lo << lo  # the totals that tokens can bring up to ``points``
        if not high:
            return self.largest() + tokens
        if self.any_between(lo + base, points):
            best = points
        else:
            best = (high & -high).bit_length() - 1 + base  # the smallest total above ``points``
        if ceiling is not None and best > ceiling:
            below = bits & ((1 << (ceiling - base + 1)) - 1)
            return min(ceiling, below.bit_length() - 1 + base + tokens)
        return best


def totals(wants: Wants, epidemic: bool, stock: int) -> Totals:
    """The totals the cities of ``wants`` can give with ``stock`` left (kept: see :func:`reach`)."""
    return Totals(reach(wants, epidemic, stock), -lift(wants))
