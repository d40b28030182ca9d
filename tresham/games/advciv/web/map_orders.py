"""What the game page's map orders read (``advciv/_map_orders.html``, ``static/advciv/map_orders.js``,
the board's overlay ``Board.overlay``): the viewer's own seat's decisions the map can give, his
own tokens and his pending moves, from his own view only; in movement, where each of his
stacks may move (``legal``, SITE-TABLE-03: ``movement.legal_destinations`` on his information
state; ``voyages``: where a ship of his there may carry them, ``movement.legal_voyages``),
and after a move order refused for one move, the moves he sent and the one refused
with its reason (``refused``, SITE-TABLE-07), so the map keeps them entered."""
from __future__ import annotations

from typing import Any

from ....platform.play.gamepages import Viewer
from ..rules import movement
from ..view import information_state


#: The decisions map_orders.js gives orders for by clicking the map, as it reads them: pick a
#: nation (SITE-PICK-03), place population when stock is short (SITE-POP-02), move tokens
#: (SITE-MOVE-01/03/06/07).
MAP_KINDS = ("pick", "grow", "move")


def legal_moves(v: Viewer, tokens: dict[str, int]) -> dict[str, list[str]]:
    """For each area holding the viewer's tokens, the areas they may move to overland now
    (``movement.legal_destinations``: one boundary, or two with Roadbuilding), from what his
    seat may know."""
    known = information_state(v.state, v.seat)
    return {a: [d["to"] for d in movement.legal_destinations(known, v.seat, a)] for a in tokens}


def legal_voyages(v: Viewer, tokens: dict[str, int]) -> dict[str, list[dict]]:
    """For each area holding the viewer's tokens and one of his ships, where a voyage of that
    ship may carry them now (``movement.legal_voyages``: [{to, path, tokens}]), from what his
    seat may know; areas without a ship or without a voyage are left out."""
    known = information_state(v.state, v.seat)
    out = {}
    for a in tokens:
        ways = movement.legal_voyages(known, v.seat, a)
        if ways:
            out[a] = ways
    return out


def ships_by_area(state: Any, nation: str) -> dict[str, int]:
    """The nation's ships by area (public: on the board)."""
    out: dict[str, int] = {}
    for a in state.board.ships.get(nation, []):
        if isinstance(a, str):
            out[a] = out.get(a, 0) + 1
    return out


def refused_moves(error: dict[str, Any] | None) -> dict | None:
    """The move order the page refused for one of its moves (``error``: ``gamepages.refusal``):
    its moves and voyages as sent, and which one was refused and why; None otherwise."""
    if not error or error.get("part") is None or not isinstance(error.get("order"), dict):
        return None
    order = error["order"]
    if order.get("type") != "move" or not isinstance(order.get("moves", []), list):
        return None
    return {"moves": order.get("moves") or [], "voyages": order.get("voyages") or [],
            "part": error["part"], "index": error.get("index"), "reason": error.get("reason") or error.get("message")}


def map_orders_data(v: Viewer | None, error: dict[str, Any] | None = None) -> dict | None:
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
    moving = any(d["kind"] == "move" for d in decisions)
    return {"seat": v.seat, "revision": v.game.revision, "accepts": accepts, "decisions": decisions,
            "nation": nation, "tokens": tokens,
            "my_moves": mine if isinstance(mine, dict) else None,
            "legal": legal_moves(v, tokens) if moving else {},
            "voyages": legal_voyages(v, tokens) if moving else {},
            "ships": ships_by_area(v.state, nation) if moving and nation else {},
            "refused": refused_moves(error) if moving else None}
