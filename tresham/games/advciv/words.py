"""Counts in words for the text players read (issue 24, finding 9: never "1 tokens")."""
from __future__ import annotations


def plural(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the noun, singular for 1 (and -1): "1 token", "3 tokens", "1 city", "2 cities"
    (``many`` when the plural is not ``one`` + "s")."""
    if many is None:
        many = one[:-1] + "ies" if one.endswith("y") and one[-2:-1] not in "aeiou" else one + "s"
    return f"{n} {one if abs(n) == 1 else many}"
