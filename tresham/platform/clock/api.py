"""The JSON API of standing orders: what the site does for your seat when your deadline
passes, per kind of decision (``clock/standing.py``).

    GET    /api/games/{id}/standing-orders          every kind, with your standing order or null
    PUT    /api/games/{id}/standing-orders/{kind}   {"spec": {...}}: set or replace it
    DELETE /api/games/{id}/standing-orders/{kind}   clear it (the site's default applies again)

Only the seat's holder: 403 for anyone else. A spec the game refuses gets 400 with the
game's message and nothing is stored; each kind's spec is described by its ``schema``.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, Router, Schema
from ninja.responses import Status

from ..api_errors import ERRORS
from ..play.models import Game
from . import standing

router = Router(tags=["standing orders"])


class StandingOrderOut(Schema):
    kind: str = Field(description="the kind of decision it answers")
    text: str = Field(description="what a standing order for this kind can say")
    spec: dict[str, Any] | None = Field(description="your standing order (every field filled in); "
                                                    "null: the site's default applies")
    updated_at: datetime | None
    schema_: dict[str, Any] = Field(alias="schema", description="JSON Schema of the spec")


class SpecIn(Schema):
    spec: dict[str, Any] = Field(description="the standing order for this kind (see its schema); "
                                             "fields left out take their defaults")


def _out(e: standing.Entry) -> dict[str, Any]:
    return {"kind": e.kind, "text": e.text, "spec": e.spec, "updated_at": e.updated_at, "schema": e.schema}


def _game(game_id: int) -> Game:
    return get_object_or_404(Game, pk=game_id)


@router.get("/games/{game_id}/standing-orders", response={200: list[StandingOrderOut], **ERRORS},
            by_alias=True, summary="Your standing orders in a game")
def list_orders(request: HttpRequest, game_id: int):
    """Every kind of decision a standing order can answer, with yours (or null)."""
    return [_out(e) for e in standing.entries(_game(game_id), request.user)]


@router.put("/games/{game_id}/standing-orders/{kind}", response={200: StandingOrderOut, **ERRORS},
            by_alias=True, summary="Set a standing order")
def put_order(request: HttpRequest, game_id: int, kind: str, body: SpecIn):
    """Set (or replace) your standing order for ``kind`` decisions; 400 with the game's
    message, nothing stored, if the game refuses the spec."""
    standing.set_order(_game(game_id).pk, request.user, kind, body.spec)
    game = _game(game_id)
    return next(_out(e) for e in standing.entries(game, request.user) if e.kind == kind)


@router.delete("/games/{game_id}/standing-orders/{kind}", response={204: None, **ERRORS},
               summary="Clear a standing order")
def delete_order(request: HttpRequest, game_id: int, kind: str):
    """Clear your standing order for ``kind`` decisions: the site's default applies again."""
    standing.clear_order(_game(game_id).pk, request.user, kind)
    return Status(204, None)
