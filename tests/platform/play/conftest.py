"""Fixtures of the play pages' tests: a real game made with ``services.create_game`` and
seated with the lobby's ``join`` and ``add_bot``; the people's seats play the game's own bot
orders through the one order path, the bot seat is played by the clock's worker."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

import pytest

from tresham.platform.clock.worker import run_due
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services
from tresham.platform.play.models import Game
from tests.helpers import bot_order


@dataclass
class Table:
    """A three-seat game: alice (seat 0), bob (seat 1), the bot (seat 2), and carol who has
    no seat."""

    game: Game
    alice: Any
    bob: Any
    carol: Any

    def user(self, seat: int):
        return {0: self.alice, 1: self.bob}.get(seat)

    def state(self):
        self.game.refresh_from_db()
        return services.rules_of(self.game).loads(self.game.state)

    @property
    def rules(self):
        return services.rules_of(self.game)

    def play_until(self, done: Callable[[Any], bool], max_orders: int = 3000) -> None:
        """Play on (people's seats by the game's bot, the bot's seat by the worker) until
        ``done(state)``; fails if the game gets there in no time or ends first."""
        for i in range(max_orders):
            state = self.state()
            if done(state):
                return
            assert self.game.status == Game.Status.ACTIVE, "the game ended before the wanted state"
            if run_due(limit=1):
                continue
            owed = [d.player for d in self.rules.pending(state) if d.required and self.user(d.player)]
            assert owed, "nobody owes a decision"
            seat = owed[0]
            order = bot_order(self.rules, state, seat, f"test:{i}")
            services.submit(self.game.pk, order, seat=seat, account=self.user(seat),
                            by_site=self.rules.is_site_order(order), reason="test")
        raise AssertionError("the wanted state was not reached")


def _table(make_user, **options) -> Table:
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = services.create_game("advciv", {"players": 3, **options}, name="Bronze <Table>", creator=alice,
                                seed="pages-test-seed", time_limit=24 * 3600)
    lobby.join(game.pk, alice)
    lobby.join(game.pk, bob)
    lobby.add_bot(game.pk)
    game.refresh_from_db()
    return Table(game, alice, bob, carol)


@pytest.fixture
def table(make_user) -> Table:
    return _table(make_user)


@pytest.fixture
def finished(make_user) -> Table:
    """The same table, played to its end (a two-turn limit)."""
    t = _table(make_user, turn_limit=2)
    t.play_until(lambda s: s.finished)
    assert t.game.status == Game.Status.FINISHED
    return t


def in_trade_with_hands(t: Table) -> Callable[[Any], bool]:
    """The trade phase, both people holding cards, bob holding one that alice does not."""
    def done(s) -> bool:
        if s.phase != "trade":
            return False
        a, b = set(s.players[0].hand), set(s.players[1].hand)
        pend = {d.player for d in t.rules.pending(s) if d.required}
        return bool(a) and bool(b - a) and {0, 1} <= pend
    return done


@pytest.fixture
def trading(table) -> Table:
    """The table in a trade phase where alice and bob both hold trade cards."""
    table.play_until(in_trade_with_hands(table))
    return table


def section(html: str, ident: str) -> str:
    """The HTML of the element with ``id=ident`` up to the end of its section."""
    start = html.index(f'id="{ident}"')
    return html[start:html.index("</section>", start)]


def table_rows(html: str, ident: str) -> list[list[str]]:
    """The body rows of the table with ``id=ident``, cells as text."""
    start = html.index(f'<table id="{ident}"')
    body = html[html.index("<tbody>", start):html.index("</tbody>", start)]
    return [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]


def table_head(html: str, ident: str) -> list[str]:
    start = html.index(f'<table id="{ident}"')
    head = html[html.index("<thead>", start):html.index("</thead>", start)]
    return [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<th[^>]*>(.*?)</th>", head, re.S)]
