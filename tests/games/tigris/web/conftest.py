"""Fixtures of the site's tests with the real Tigris & Euphrates engine: games created through
the lobby's pages and API, two players seated, orders given through the JSON API (and the game
page's order form) exactly as a browser would give them."""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import pytest

from tresham.platform.lobby import services as lobby
from tresham.platform.lobby import timelimits
from tresham.platform.play import services
from tresham.platform.play.models import Game

from tests.platform.conftest import client_for, make_user, post_json  # noqa: F401 (the platform's fixtures, used here)

_keys = itertools.count(1)

#: squares of the base board (column, row), 0-based: two temples printed there at the start
#: (F10 and K11) and the land between them where the war of :func:`war_orders` is built.
WEST_TEMPLE, EAST_TEMPLE = (5, 9), (10, 10)


@dataclass
class Table:
    """A started 2-player Tigris game and its two players, each with his own client."""

    game: Game
    users: list  # by seat
    clients: list  # by seat

    @property
    def rules(self):
        return services.rules_of(self.game)

    def state(self) -> Any:
        self.game.refresh_from_db()
        return self.rules.loads(self.game.state)

    def view(self, seat: int | None) -> dict:
        return self.rules.view(self.state(), seat)

    def active(self) -> int:
        """The seat the game waits on now."""
        (d,) = self.rules.pending(self.state())
        return d.player

    def order(self, seat: int, order: dict, *, revision: int | None = None):
        """POST ``order`` for ``seat`` to the JSON API with the seat's own session."""
        self.game.refresh_from_db()
        body = {"order": {**order, "player": seat}, "client_key": f"k{next(_keys)}",
                "revision": self.game.revision if revision is None else revision}
        return post_json(self.clients[seat], f"/api/games/{self.game.pk}/orders", body)

    def ok(self, seat: int, order: dict) -> dict:
        r = self.order(seat, order)
        assert r.status_code == 201, r.content.decode()
        return r.json()

    def land_colour(self, seat: int) -> str:
        """A colour of the seat's own hand that may go on land (not a farm), from his view."""
        hand = self.view(seat)["hand"]
        return next(c for c in ("black", "red", "green") if hand.get(c))


def start(make_user, client_for, *, options: dict | None = None, seed: str | None = "site-war-1",
          time_limit: int | None = timelimits.DEFAULT) -> Table:
    """A 2-player game created by the first user (seat 1) and joined by the second."""
    a, b = make_user(), make_user()
    game = lobby.create(a, kind="tigris", name="Between the rivers", options={"players": 2, **(options or {})},
                        time_limit=time_limit, seed=seed)
    lobby.join(game.pk, b)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return Table(game, [a, b], [client_for(a), client_for(b)])


@pytest.fixture
def table(make_user, client_for):
    """table(**start's keywords) -> a started 2-player Tigris game."""
    return lambda **kw: start(make_user, client_for, **kw)


def war_orders(t: Table) -> dict:
    """Build two kingdoms and join them with a tile, through the API: the first player puts
    his king beside the west temple (G10) and a tile on H10; the second his king beside the
    east temple (J11) and a tile on I11; the first then places a tile on I10, which touches
    both kingdoms: a war of kings (TE-BASE-51). Returns {attacker, defender}."""
    first = t.active()
    second = 1 - first
    t.ok(first, {"type": "leader", "colour": "black", "to": [6, 9]})
    t.ok(first, {"type": "tile", "colour": t.land_colour(first), "to": [7, 9]})
    assert t.active() == second
    t.ok(second, {"type": "leader", "colour": "black", "to": [9, 10]})
    t.ok(second, {"type": "tile", "colour": t.land_colour(second), "to": [8, 10]})
    assert t.active() == first
    t.ok(first, {"type": "tile", "colour": t.land_colour(first), "to": [8, 9]})
    return {"attacker": first, "defender": second}
