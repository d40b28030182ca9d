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


def ship_piece(owner: str, area: str, n: int) -> str:
    """The id on the game page's map (``data-piece``) of ``owner``'s ``n``-th ship (from 1) in
    ``area``, his ships there counted in the order of the board's list: the board's pieces
    carry it and the ships form's upkeep names it (``FieldChoice.place``, TBL-23)."""
    return f"ship-{owner}-{area}-{n}"
