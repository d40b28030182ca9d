"""What an order would cost and do, before it is given (SITE-TABLE-05): the game's
``Offers.preview`` on the current state for the caller's own seat, for the JSON API's
``POST /api/games/{id}/preview`` and the game page's decision forms (Preview, then Confirm).

Nothing is written and nothing is locked: a preview reads the game as it stands. The order is
the caller's seat's own (``player`` is set to it); one a decision form gives is built by the
game from the form's values (``Forms.form_order``) after the platform's check of each field
(``decision_forms.read``), as when the form is sent."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import QueryDict

from ...games.contract import IllegalOrder
from ..errors import Refusal
from . import decision_forms, services
from .models import Game


class NoPreview(Refusal):
    """The game shows no preview of its orders (``Offers.preview`` is None)."""

    status, code = 404, "no_preview"


class FormClosed(Refusal):
    """The decision form is not open now (the game has moved on)."""

    status, code = 409, "form_closed"


@dataclass
class Preview:
    order: dict[str, Any]  # the order previewed, as it would be given
    lines: list[str]  # what it costs and does, in sentences


def playing(game: Game) -> None:
    """Refuse a game that is over or has not started (409), as an order would be."""
    if game.status == Game.Status.FINISHED:
        raise services.GameOver("the game is over")
    if game.status != Game.Status.ACTIVE:
        raise services.NotStarted("the game has not started: it waits for its players")


def form_values(values: dict[str, list[str]]) -> QueryDict:
    """A decision form's controls as a page posts them (``f.<name>`` -> its values)."""
    q = QueryDict(mutable=True)
    for name, vs in values.items():
        q.setlist(name, [str(v) for v in vs])
    return q


def order_of_form(game: Game, seat: int, form_id: str, post: QueryDict) -> dict[str, Any]:
    """The order decision form ``form_id`` gives ``seat`` with the values ``post`` (each checked
    against its field); FormClosed if that form is not offered now, IllegalOrder (the form's or
    the rules') if the values make no order."""
    rules = services.rules_of(game)
    forms = rules.offers.forms
    state = rules.loads(game.state)
    offered = decision_forms.find(forms.order_forms(state, seat), form_id) if forms is not None else None
    if offered is None:
        raise FormClosed("this form is not open now (the game has moved on): load the page again")
    return forms.form_order(state, seat, form_id, decision_forms.read(offered, post))


def preview(game: Game, seat: int, order: dict[str, Any]) -> Preview:
    """What ``order`` of ``seat`` would cost and do now (``Offers.preview``); the rules'
    IllegalOrder if they refuse it, NoPreview for a game without previews."""
    playing(game)
    rules = services.rules_of(game)
    if rules.offers.preview is None:
        raise NoPreview(f"{rules.title} shows no preview of its orders")
    if not isinstance(order, dict):
        raise IllegalOrder("", "an order must be a JSON object")
    given = {**order, "player": seat}
    lines = rules.offers.preview(rules.loads(game.state), seat, given)
    return Preview(given, [str(x) for x in lines])
