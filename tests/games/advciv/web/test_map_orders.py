"""Orders given by clicking the map (``advciv/_map_orders.html``, ``map_orders.js``): the JSON
block the script reads holds the viewer's own seat's decisions (pick, grow, move) and his own
tokens and pending moves only; a visitor or a person without a seat gets none, and the page's
order form stays (the script only fills it in)."""
from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from tresham.platform.play import services
from tresham.games.advciv.web.map_orders import map_orders_data
from tresham.platform.play.gamepages import viewer
from tests.helpers import bot_order

pytestmark = pytest.mark.django_db(transaction=True)

BLOCK = re.compile(r'<script id="map-orders-data" type="application/json">(.*?)</script>', re.S)


def client(user=None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def block(table, user) -> dict | None:
    html = client(user).get(f"/games/{table.game.pk}/").content.decode()
    m = BLOCK.search(html)
    return json.loads(m.group(1)) if m else None


def own(table, seat: int) -> list[dict]:
    return [{"kind": d.kind, "required": bool(d.required), "options": d.options or {}}
            for d in table.rules.pending(table.state()) if d.player == seat and d.kind in ("pick", "grow", "move")]


@pytest.mark.site("SITE-PICK-03", "SITE-PICK-04")
def test_the_pick_block_holds_the_seats_own_decision_only(table):
    state = table.state()
    assert state.phase == "pick"
    seen = {}
    for seat, user in ((0, table.alice), (1, table.bob)):
        data = block(table, user)
        assert data is not None, f"seat {seat} has no map orders block"
        assert data["seat"] == seat and data["decisions"] == own(table, seat)
        assert [d["kind"] for d in data["decisions"]] == ["pick"]
        assert data["decisions"][0]["options"]["nations"], "no start area offered"
        assert "pick" in data["accepts"]
        seen[seat] = data
    # the other seat's decision is not in the block: only one decision, of the viewer's seat
    required = {s: d["decisions"][0]["required"] for s, d in seen.items()}
    current = next(d.player for d in table.rules.pending(state) if d.required)
    assert required == {0: current == 0, 1: current == 1}
    # no seat, or not logged in: no block, and the order form is there for the seats
    assert block(table, table.carol) is None and block(table, None) is None
    html = client(table.alice).get(f"/games/{table.game.pk}/").content.decode()
    assert 'id="order"' in html and "advciv/map_orders.js" in html and 'id="map-orders"' in html


@pytest.mark.site("SITE-MOVE-01", "SITE-MOVE-05")
def test_the_movement_block_holds_the_seats_own_tokens_and_pending_moves(table):
    table.play_until(lambda s: s.phase == "movement" and any(
        d.required and d.kind == "move" and table.user(d.player) for d in table.rules.pending(s)))
    state = table.state()
    mover = next(d.player for d in table.rules.pending(state) if d.required and d.kind == "move")
    user = table.user(mover)
    data = block(table, user)
    assert data is not None and data["seat"] == mover
    assert data["decisions"] == own(table, mover) and data["decisions"][0]["kind"] == "move"
    nation = state.players[mover].nation
    assert data["nation"] == nation
    view = table.rules.view(state, mover)
    mine = {a: o[nation] for a, o in view["board"]["tokens"].items() if o.get(nation)}
    assert data["tokens"] == mine and mine
    assert data["my_moves"] is None
    # a pending plan (not confirmed) is in his block only
    order = dict(bot_order(table.rules, state, mover, "map-orders"))
    assert order["type"] == "move" and order["moves"], order  # the test needs a move to leave pending
    order["done"] = None
    services.submit(table.game.pk, order, seat=mover, account=user)
    data = block(table, user)
    pending = table.rules.view(table.state(), mover)["phase_view"]["my_moves"]["moves"]
    assert pending == order["moves"] and data["my_moves"]["moves"] == pending
    (other,) = {0, 1} - {mover}
    theirs = block(table, table.user(other))  # he may enter his moves ahead: his own block, without the plan
    assert (theirs["seat"], theirs["my_moves"]) == (other, None) and theirs["decisions"] == own(table, other)
    assert [d["kind"] for d in theirs["decisions"]] == ["move"] and theirs["nation"] != data["nation"]


def test_nothing_for_a_finished_game_or_a_visitor(finished):
    g = finished.game
    for user in (finished.alice, finished.bob, finished.carol, None):
        assert block(finished, user) is None
    v = viewer(g, finished.alice)
    assert map_orders_data(v) is None
