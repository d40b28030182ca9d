"""The order path's budget of SQL statements, and the game page's (issue 28): a regression
that adds a statement to every order fails here. A statement reads or writes rows; BEGIN,
COMMIT and savepoints are not counted (``tresham.platform.statements``). The figures are
those of a real order through the JSON API, as the server benchmark sends them."""
from __future__ import annotations

import json
import statistics

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client

from tests.helpers import bot_order
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services
from tresham.platform.statements import counting

pytestmark = pytest.mark.django_db(transaction=True)

#: an order of a game without a time limit: the session, the user with his profile, the game
#: locked (with whether it has webhooks or due rows and the client key's first answer), its
#: seats, the log entry, its events, the game's row, the decisions it opens noted for their
#: mails; on PostgreSQL one more, the NOTIFY that tells the other processes' live pages
ORDER_BUDGET = 8
#: the game page of a player, and the JSON view the benchmark reads before each order
PAGE_BUDGET, VIEW_BUDGET = 16, 5  # the page: 24 before issue 28


def _table(time_limit=None):
    User = get_user_model()
    users = [User.objects.create_user(f"s{i}", f"s{i}@example.org", "pw-long-enough") for i in range(3)]
    game = services.create_game("advciv", {"players": 3}, name="Counted", time_limit=time_limit, seed="counted")
    for u in users:
        lobby.join(game.pk, u)
    clients = []
    for u in users:
        c = Client()
        c.force_login(u)
        clients.append(c)
    return game, clients


def _orders(game, clients, n: int) -> list[tuple[int, list[str]]]:
    """Play ``n`` orders of the game's bot through the API: each POST's statement count."""
    rules = services.rules_of(game)
    out = []
    for k in range(n * 3):
        if len(out) == n:
            break
        game.refresh_from_db()
        state = rules.loads(game.state)
        seat = next(d.player for d in rules.pending(state) if d.required)
        order = bot_order(rules, state, seat, f"counted:{k}")
        if rules.is_site_order(order):
            services.submit(game.pk, order, seat=seat, by_site=True, reason="timeout")
            continue
        body = {"order": order, "revision": game.revision, "client_key": f"c{k}"}
        with counting() as sent:
            r = clients[seat].post(f"/api/games/{game.pk}/orders", data=json.dumps(body),
                                   content_type="application/json")
        assert r.status_code == 201, r.content
        out.append((sent.n, sent.sql))
    return out


def test_an_order_sends_at_most_nine_statements():
    game, clients = _table()
    counts = _orders(game, clients, 20)
    assert len(counts) == 20
    budget = ORDER_BUDGET + (connection.vendor == "postgresql")
    worst = max(counts, key=lambda c: c[0])
    assert worst[0] <= budget, "\n".join(worst[1])
    assert statistics.median(n for n, _ in counts) <= 9
    # one read of the seats, none of the client key apart from the game's row
    for _, sql in counts:
        assert sum('FROM "play_seat"' in s for s in sql) == 1
        assert not any(s.startswith('SELECT') and 'FROM "play_logentry"' in s.split("WHERE")[0] for s in sql)


def test_an_order_of_a_timed_game_stays_within_its_budget():
    """With a time limit each order also rewrites the deadline it ends and opens (the clock's
    rows, the old one's reminders with it), reads the players' windows and pauses, and notes
    the new deadline's reminders (one row, written out by the worker): 16 at most (31 before
    issue 28)."""
    game, clients = _table(time_limit=24 * 3600)
    counts = _orders(game, clients, 12)
    worst = max(counts, key=lambda c: c[0])
    assert worst[0] <= 16 + (connection.vendor == "postgresql"), "\n".join(worst[1])


def test_a_retried_order_is_answered_from_the_log_in_as_few_statements():
    game, clients = _table()
    rules = services.rules_of(game)
    for k in range(50):  # the first order a player gives himself (the bot falls back on the site's at times)
        game.refresh_from_db()
        state = rules.loads(game.state)
        seat = next(d.player for d in rules.pending(state) if d.required)
        order = bot_order(rules, state, seat, f"retry:{k}")
        if not rules.is_site_order(order):
            break
        services.submit(game.pk, order, seat=seat, by_site=True, reason="timeout")
    body = json.dumps({"order": order, "revision": game.revision, "client_key": "same"})
    first = clients[seat].post(f"/api/games/{game.pk}/orders", data=body, content_type="application/json")
    with counting() as sent:
        again = clients[seat].post(f"/api/games/{game.pk}/orders", data=body, content_type="application/json")
    assert first.status_code == again.status_code == 201
    assert again.json()["replayed"] is True and again.json()["revision"] == first.json()["revision"] == game.revision + 1
    assert again.json()["events"] == first.json()["events"]
    assert sent.n <= 5, "\n".join(sent.sql)  # session, user, game with the key's answer, seats, its events


def test_the_game_page_and_the_json_view_stay_within_their_budget():
    game, clients = _table()
    _orders(game, clients, 5)
    with counting() as page:
        r = clients[0].get(f"/games/{game.pk}/")
    assert r.status_code == 200
    assert page.n <= PAGE_BUDGET, "\n".join(page.sql)
    with counting() as view:
        r = clients[0].get(f"/api/games/{game.pk}")
    assert r.status_code == 200
    assert view.n <= VIEW_BUDGET, "\n".join(view.sql)
