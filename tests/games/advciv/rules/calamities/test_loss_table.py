"""tresham/games/advciv/rules/calamities/loss_table.py: the totals a calamity loss can reach, on
integer bitsets, agree with every way of keeping, reducing or destroying the cities, tried
one by one (29.62, 29.63, 30.511, 30.612)."""
from itertools import product

import pytest

from tresham.games.advciv.rules.calamities import loss_table as lt
from tresham.rng import Rng


def brute_totals(wants, epidemic, stock):
    """Every total of every choice (keep, reduce, destroy per city, in area order)."""
    out = set()
    for acts in product((None, 0, 1), repeat=len(wants)):
        left, total = stock, 0
        for (want, act) in zip(wants, acts):
            if act is None:
                continue
            placed = min(want[act], left)
            left -= placed
            pts = 5 - placed
            total += min(4, pts) if epidemic else pts
        out.add(total)
    return out


def brute_target(reach, tokens, points, ceiling):
    """29.63 read plainly: the smallest total >= points that cities plus tokens can make."""
    made = {c + k for c in reach for k in range(tokens + 1)}
    above = [x for x in made if x >= points]
    if not above:
        return max(made)
    best = min(above)
    if ceiling is not None and best > ceiling:
        return max(x for x in made if x <= ceiling)
    return best


def cases(n):
    rng = Rng(2024)
    for _ in range(n):
        cities = rng.below(6)
        epidemic = rng.below(3) == 0
        wants = tuple((rng.below(8), 1 if epidemic else 0) for _ in range(cities))
        yield wants, epidemic, rng.below(12)


@pytest.mark.rule("29.62", "30.612")
def test_the_bitset_holds_exactly_the_totals_of_every_choice():
    """600 random tables (0-5 cities, reductions wanting 0-7 tokens: up to 6 is a limit-5 area
    with Agriculture, which counts below zero; Epidemic or not; stock 0-11)."""
    below_zero = 0
    for wants, epidemic, stock in cases(600):
        t = lt.totals(wants, epidemic, stock)
        got = {k + t.base for k in range(t.bits.bit_length()) if t.bits >> k & 1}
        want = brute_totals(wants, epidemic, stock)
        assert got == want, (wants, epidemic, stock)
        assert t.largest() == max(want)
        below_zero += min(want) < 0
    assert below_zero > 0  # the case the lift exists for was met


@pytest.mark.rule("29.63", "30.511")
def test_the_target_is_the_smallest_reachable_total_or_the_most_below_the_ceiling():
    rng = Rng(7)
    for wants, epidemic, stock in cases(300):
        t = lt.totals(wants, epidemic, stock)
        reach = brute_totals(wants, epidemic, stock)
        for _ in range(5):
            tokens, points = rng.below(6), rng.below(30)
            ceiling = None if rng.below(2) else points + rng.below(4)
            assert t.target(tokens, points, ceiling) == brute_target(reach, tokens, points, ceiling), \
                (wants, epidemic, stock, tokens, points, ceiling)
            lo, hi = rng.below(25) - 3, rng.below(25) - 3
            assert t.any_between(lo, hi) == any(lo <= c <= hi for c in reach)


def test_the_search_is_kept_for_the_same_cities_and_stock():
    lt.reach.cache_clear()
    wants = ((3, 0), (2, 0), (4, 0))
    first = lt.totals(wants, False, 5)
    misses = lt.reach.cache_info().misses
    assert lt.totals(wants, False, 5) == first
    assert lt.reach.cache_info().misses == misses
