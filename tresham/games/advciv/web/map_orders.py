"""What the game page's map orders read (``advciv/_map_orders.html``, ``static/advciv/map_orders.js``,
the board's overlay ``Board.overlay``): the viewer's own seat's decisions the map can give, his
own tokens and his pending moves, from his own view only."""
from __future__ import annotations

from ....platform.play.gamepages import Viewer


#: The decisions map_orders.js gives orders for by clicking the map, as it reads them: pick a
#: nation (SITE-PICK-03), place population when stock is short (SITE-POP-02), move tokens
#: (SITE-MOVE-01/03/06/07).
MAP_KINDS = ("pick", "grow", "move")


def map_orders_data(v: Viewer | None) -> dict | None:
    """What map_orders.js needs to give the viewer's orders by clicking the map, from his
    own seat's decisions and his own view only (None: nothing to give on the map now)."""
    if v is None or v.seat is None or v.state is None or v.game.is_finished:
        return None
    kinds = set(MAP_KINDS)
    decisions = [{"kind": d.kind, "required": bool(d.required), "options": d.options or {}}
                 for d in v.rules.pending(v.state) if d.player == v.seat and d.kind in kinds]
    if not decisions:
        return None
    accepts = list(v.rules.accepts(v.state, v.seat))
    view = v.view or {}
    nation = next((p.get("nation") for p in view.get("players") or []
                   if p.get("seat") == v.seat), None)
    tokens = {}
    if nation:
        for area, owners in sorted(((view.get("board") or {}).get("tokens") or {}).items()):
            n = (owners or {}).get(nation) or 0
            if n:
                tokens[area] = n
    phase_view = view.get("phase_view") or {}
    mine = phase_view.get("my_moves") if view.get("phase") == "movement" else None
    return {"seat": v.seat, "revision": v.game.revision, "accepts": accepts, "decisions": decisions,
            "nation": nation, "tokens": tokens,
            "my_moves": mine if isinstance(mine, dict) else None}
