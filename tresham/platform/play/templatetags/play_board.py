"""``{% game_board v as board %}``: the game page's map (``views_board.board_context``)."""
from __future__ import annotations

from django import template

from ..views_board import board_context

register = template.Library()


@register.simple_tag
def game_board(v):
    """The map of the page's viewer ``v`` (None: the game has none)."""
    return board_context(v) if v is not None else None
