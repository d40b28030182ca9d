"""Many players posting to one game at the same moment: nothing is lost or doubled.

Eight clients, each its own logged-in session and its own database connection (a thread
each), post orders to one 8-player game in its trade phase (where every seat may act at
once), all released together by a barrier; one client also sends the same order twice at
once under one client key. Afterwards the log holds each accepted order exactly once, its
sequence has no gap and no duplicate, a retried request got the first answer, and replaying
the log from the seed alone gives exactly the stored state. A stale revision gets 409 with
the current one. Runs on SQLite (a file database: several connections) and PostgreSQL.
"""
from __future__ import annotations

import json
import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client

from tresham.games import registry
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services
from tresham.platform.play.models import Game, LogEntry
from tests.helpers import bot_order

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = 8
PER_CLIENT = 3
SEED = "c0ffee" * 5 + "00"  # its first trade phase has all eight seats in the market


def _game_in_trade() -> tuple[Game, dict[int, object]]:
    """An 8-player game advanced by its bot through the one order path until a trade phase in
    which every seat owes a decision; gives the game and the user of each seat."""
    User = get_user_model()
    rules = registry.get("advciv")
    game = services.create_game("advciv", {"players": PLAYERS}, name="Crowded", seed=SEED)
    for i in range(PLAYERS):
        lobby.join(game.pk, User.objects.create_user(f"c{i}", f"c{i}@example.org", "pw-long-enough"))
    users = {s.index: s.user for s in game.seats.select_related("user")}
    for n in range(3000):
        game.refresh_from_db()
        state = rules.loads(game.state)
        pend = rules.pending(state)
        if game.stage.endswith("trade") and len({d.player for d in pend if d.required}) == PLAYERS:
            return game, users
        d = next(d for d in pend if d.required)
        order = bot_order(rules, state, d.player, f"advance:{n}")
        by_site = rules.is_site_order(order)
        services.submit(game.pk, order, seat=d.player, by_site=by_site,
                        account=None if by_site else users[d.player], reason="bot" if by_site else "")
    raise AssertionError("the game never reached a trade phase with every seat in the market")


def _post(client: Client, game_id: int, body: dict):
    r = client.post(f"/api/games/{game_id}/orders", data=json.dumps(body), content_type="application/json")
    return r.status_code, r.json()


def test_eight_clients_at_once_lose_nothing_and_double_nothing():
    game, users = _game_in_trade()
    start_rev = game.revision
    barrier = threading.Barrier(PLAYERS + 1)
    results: list[tuple[str, int, dict]] = []  # (client key, status, body)
    errors: list[BaseException] = []
    lock = threading.Lock()
    dup_key = "seat0-same-order"
    dup_body = {"order": {"type": "trade_message", "text": "Seat 1 says this once"}, "client_key": dup_key}

    def run(seat: int, bodies: list[dict]) -> None:
        try:
            client = Client()
            client.force_login(users[seat])
            barrier.wait(timeout=60)
            for body in bodies:
                status, out = _post(client, game.pk, body)
                with lock:
                    results.append((body["client_key"], status, out))
        except BaseException as e:  # noqa: BLE001 - reported by the test
            errors.append(e)
        finally:
            connection.close()

    threads = []
    for seat in range(PLAYERS):
        bodies = [{"order": {"type": "trade_message", "text": f"seat {seat} message {k}"},
                   "client_key": f"seat{seat}-{k}"} for k in range(PER_CLIENT)]
        if seat == 0:
            bodies.insert(1, dup_body)
        threads.append(threading.Thread(target=run, args=(seat, bodies)))
    threads.append(threading.Thread(target=run, args=(0, [dup_body])))  # the same order again, at once
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors, errors
    assert len(results) == PLAYERS * PER_CLIENT + 2

    assert all(status == 201 for _, status, _ in results), [r for r in results if r[1] != 201]
    dup = [out for key, _, out in results if key == dup_key]
    assert len(dup) == 2 and dup[0]["revision"] == dup[1]["revision"]
    assert sorted(d["replayed"] for d in dup) == [False, True]
    fresh = [out["revision"] for key, _, out in results if not out["replayed"]]
    accepted = PLAYERS * PER_CLIENT + 1
    assert sorted(fresh) == list(range(start_rev + 1, start_rev + accepted + 1))

    game.refresh_from_db()
    assert game.revision == start_rev + accepted
    seqs = list(LogEntry.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, game.revision + 1))  # no gap, no duplicate
    keys = list(LogEntry.objects.filter(game=game, seq__gt=start_rev).values_list("client_key", flat=True))
    assert sorted(keys) == sorted({key for key, _, _ in results})  # each accepted order exactly once
    by_key = dict(LogEntry.objects.filter(game=game, seq__gt=start_rev).values_list("client_key", "seq"))
    assert all(by_key[key] == out["revision"] for key, _, out in results)  # each answer names its own entry
    rules = services.rules_of(game)
    assert rules.digest(services.rebuild(game, from_snapshot=False)) == rules.digest(rules.loads(game.state))

    # a client that decided on an older revision is told the current one and changes nothing
    client = Client()
    client.force_login(users[3])
    status, out = _post(client, game.pk, {"order": {"type": "trade_message", "text": "late"},
                                          "revision": start_rev})
    assert status == 409 and out["error"] == "stale_revision" and out["revision"] == game.revision
    game.refresh_from_db()
    assert game.revision == start_rev + accepted
