"""The tags of Advanced Civilization's templates: ``{% map_orders v as orders %}`` (the game
page's map orders, ``map_orders.py``), ``{% replay_turns v replay as turns %}`` and
``{% final_hands v replay as hands %}`` (the replay's layout, ``replay.py``)."""
from __future__ import annotations

from django import template

from ..map_orders import map_orders_data
from ..replay import final_hands as final_hands_of
from ..replay import replay_turns as turns_of

register = template.Library()


@register.simple_tag(takes_context=True)
def map_orders(context, v):
    """:func:`~..map_orders.map_orders_data` of the page's viewer, with the page's refusal
    (``error``) of a move order, if any (SITE-TABLE-07)."""
    return map_orders_data(v, context.get("error"))


@register.simple_tag
def replay_turns(v, data):
    """The turns of the replay data ``data`` with the seats named for the viewer ``v``."""
    return turns_of(v, data) if data else []


@register.simple_tag
def final_hands(v, data):
    """The final hands of the replay data ``data`` with the seats named for the viewer ``v``."""
    return final_hands_of(v, data) if data else []
