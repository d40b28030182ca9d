"""Names the site's pages give the game's things."""
from __future__ import annotations

from ..data import BARBARIANS, PIRATES, load


def nation_name(nation: str) -> str:
    """A nation's printed name; the Barbarians' and Pirates' pieces by their own names."""
    if nation == BARBARIANS:
        return "Barbarians"
    if nation == PIRATES:
        return "Pirates"
    n = load().map.nations.get(nation)
    return n.name if n else nation
