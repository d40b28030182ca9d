"""A small deterministic random generator whose whole state is one integer.

The state lives in the game state (so it is saved, copied and replayed with it) and the
sequence does not depend on the Python version, unlike :mod:`random`'s Mersenne Twister.
Algorithm: SplitMix64 (Steele, Lea and Flood, 2014).
"""
from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def seed_state(seed: int | str) -> int:
    """Turn any seed (number or text) into a generator state."""
    if isinstance(seed, str):
        h = 1469598103934665603
        for b in seed.encode():
            h = ((h ^ b) * 1099511628211) & _MASK
        return h
    return seed & _MASK


class Rng:
    """SplitMix64 over an integer state held by the caller's object."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        return self.next64() % n  # bias < n / 2**64, negligible here

    def randint(self, a: int, b: int) -> int:
        """Uniform integer in [a, b]."""
        return a + self.below(b - a + 1)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        items = list(seq)
        self.shuffle(items)
        return items[:k]
