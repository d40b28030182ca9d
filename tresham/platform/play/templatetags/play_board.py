"""``{% game_board v as board %}``: the game page's map (``views_board.board_context``)."""
from __future__ import annotations

from django import template

from ..views_board import board_context

register = template.Library()


@register.simple_tag
def game_board(v):
    """The map of the page's viewer ``v`` (None: the game has none)."""
    return board_context(v) if v is not None else None


#: The decisions map_orders.js gives orders for by clicking the map, as it reads them: pick a
#: nation (SITE-PICK-03), place population when stock is short (SITE-POP-02), move tokens
#: (SITE-MOVE-01/03/06/07). A game takes part by naming the template of its map orders as its
#: board's ``overlay`` (``Board.overlay``).
MAP_KINDS = ("pick", "grow", "move")


def map_orders_data(v) -> dict | None:
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


@register.simple_tag
def map_orders(v):
    """``{% map_orders v as orders %}``: :func:`map_orders_data` of the page's viewer."""
    return map_orders_data(v)
