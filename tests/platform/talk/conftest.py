"""Fixtures of the table talk's tests: a real 4-player game made with ``services.create_game``
and seated through the lobby (alice, bob, carol, dave in seats 0 to 3), erin who has no seat,
frank, alice's friend, free to take her seat; conversations started through the API."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client

from tresham.platform.accounts import friends
from tresham.platform.lobby import services as lobby
from tresham.platform.mail import attention
from tresham.platform.play import services
from tresham.platform.play.models import Game

from ..conftest import post_json
from tests.helpers import bot_order


@dataclass
class Talk:
    game: Game
    alice: Any
    bob: Any
    carol: Any
    dave: Any
    erin: Any
    frank: Any
    clients: dict

    def c(self, user) -> Client:
        """A logged-in client of ``user`` (one per user), or a visitor's for None."""
        if user is None:
            return Client()
        if user.pk not in self.clients:
            c = Client()
            c.force_login(user)
            self.clients[user.pk] = c
        return self.clients[user.pk]

    def start(self, user, seats: list[int], text: str) -> dict:
        r = post_json(self.c(user), f"/api/games/{self.game.pk}/conversations", {"seats": seats, "text": text})
        assert r.status_code in (200, 201), r.content
        return r.json()

    def write(self, user, conversation: int, text: str):
        return post_json(self.c(user), f"/api/games/{self.game.pk}/conversations/{conversation}/messages",
                         {"text": text})

    def url(self, conversation: int | None = None) -> str:
        base = f"/api/games/{self.game.pk}/conversations"
        return base if conversation is None else f"{base}/{conversation}"


def four_players(make_user, **options) -> Talk:
    alice, bob, carol, dave = (make_user(n) for n in ("alice", "bob", "carol", "dave"))
    erin, frank = make_user("erin"), make_user("frank")
    for u, name in ((alice, "Alice"), (bob, "Bob"), (carol, "Carol"), (dave, "Dave"), (frank, "Frank")):
        u.profile.display_name = name
        u.profile.save()
    friends.send_request(alice, frank)
    friends.accept(frank, alice)
    game = services.create_game("advciv", {"players": 4, **options}, name="Talk table", creator=alice,
                                seed="talk-test-seed", time_limit=24 * 3600)
    for u in (alice, bob, carol, dave):
        lobby.join(game.pk, u)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    attention.open_notices()  # the worker's pass, a second after the deal: the first turn mail written
    return Talk(game, alice, bob, carol, dave, erin, frank, {})


@pytest.fixture
def talk(make_user) -> Talk:
    return four_players(make_user)


def play_to(t: Talk, done, max_orders: int = 3000) -> None:
    """Play the game's own bot orders for whoever owes a decision, through the one order path,
    until ``done(rules, state)``."""
    from tresham.platform.play import services

    users = {0: t.alice, 1: t.bob, 2: t.carol, 3: t.dave}
    rules = services.rules_of(t.game)
    for i in range(max_orders):
        t.game.refresh_from_db()
        state = rules.loads(t.game.state)
        if done(rules, state):
            return
        d = next(d for d in rules.pending(state) if d.required)
        order = bot_order(rules, state, d.player, f"talk:{i}")
        platform = rules.is_site_order(order)
        services.submit(t.game.pk, order, seat=d.player, account=None if platform else users[d.player],
                        by_site=platform, reason="test")
    raise AssertionError("the wanted state was not reached")


def trading(rules, state) -> bool:
    """The trade market, alice (seat 0) with three tradable cards, bob able to trade."""
    from tresham.games.advciv.site.pages import trade_page

    if rules.stage(state).split(", ")[-1] != "trade":
        return False
    owed = {d.player for d in rules.pending(state) if d.required and d.kind == "trade"}
    page = trade_page(state, 0)
    return {0, 1} <= owed and page is not None and sum(1 for c in page["hand"] if c["tradable"]) >= 3 \
        and len(trade_page(state, 1)["hand"]) >= 3
