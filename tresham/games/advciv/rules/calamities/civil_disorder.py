"""Civil Disorder (30.71): all but three of the primary victim's cities are reduced."""
from __future__ import annotations

from typing import Any

from ...context import Context
from .base import effect
from .superstition import ReduceOwnCities

MITIGATORS = ("music", "drama_and_poetry", "law", "democracy")  # 30.712, 32.611, 32.811, 32.822
AGGRAVATORS = ("military", "roadbuilding")  # 30.713 (32.833), 30.714 (32.252)


def disorder_count(g: Context, nation: str) -> int:
    """Cities reduced by Civil Disorder (30.711-30.715, Z-38): start from max(0, cities − 3),
    one fewer per Music, Drama and Poetry, Law, Democracy (30.712), one more with Military
    (30.713) and with Roadbuilding (30.714), all cumulative (30.715), then clamp to 0..cities."""
    p = g.of(nation)
    cities = len(g.cities_of(nation))
    n = max(0, cities - 3)
    n -= sum(1 for c in MITIGATORS if p.has(c))
    n += sum(1 for c in AGGRAVATORS if p.has(c))
    return max(0, min(n, cities))


@effect
class CivilDisorder(ReduceOwnCities):
    """30.711: the primary victim chooses which cities are reduced."""

    id = "civil_disorder"
    rule = "30.71"
    #: the effect in the site's own words (the help pages, 30)
    summary = ("Every city of the victim beyond three is reduced. Music, Drama and Poetry, Law "
               "and Democracy each spare one city; Military and Roadbuilding each add one.")

    def count(self, g: Context, ctx: dict[str, Any]) -> int:
        return disorder_count(g, ctx["victim"])
