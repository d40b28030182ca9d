"""Per-account limits on creating games and sending messages, and per-address on opening
accounts (SITE-SAFE-09): beyond them 429 with ``Retry-After`` and ``{"error": "rate_limited",
"message": ...}`` on the API, the same message on the pages, and nothing created. The counts
are the stored rows themselves (games by their creator, messages by their author,
registrations by their address), so every server process shares them. Defaults: 10 games an
hour, 30 messages in 10 minutes, 5 accounts a day. No test sleeps: stored times are moved back."""
from __future__ import annotations

import datetime as dt

import pytest
from django.db.models import F
from django.test import Client, override_settings

from tresham.platform.accounts.models import Registration
from tresham.platform.play.models import Game, Message, Seat

from .conftest import post_json

pytestmark = [pytest.mark.django_db, pytest.mark.site("SITE-SAFE-09")]


def _seated_game(*users, name: str = "Chatty table") -> Game:
    g = Game.objects.create(kind="advciv", name=name, options={"players": 2}, players=2, seed="s",
                            seed_sha256=Game.hash_seed("s"))
    for i, u in enumerate(users):
        Seat.objects.create(game=g, index=i, user=u, status="playing")
    return g


def _create(c: Client, n: int):
    return post_json(c, "/api/lobby/games", {"name": f"Game {n}", "options": {"players": 3}, "take_seat": False})


def test_an_account_creates_at_most_ten_games_an_hour(make_user, client_for):
    """The finding: 25 games created in a row, all accepted."""
    alice, bob = make_user("alice"), make_user("bob")
    c = client_for(alice)
    assert [_create(c, i).status_code for i in range(10)] == [201] * 10
    r = _create(c, 10)
    assert r.status_code == 429
    assert 3590 <= int(r["Retry-After"]) <= 3600
    body = r.json()
    assert body["error"] == "rate_limited"
    assert body["message"].startswith("You created 10 games in the last hour, the most the site allows: "
                                      "you can create another in ")
    assert Game.objects.filter(creator=alice).count() == 10
    # another account is not held back
    assert _create(client_for(bob), 0).status_code == 201
    # an hour after the first, one more
    first = Game.objects.filter(creator=alice).order_by("created_at").first()
    Game.objects.filter(pk=first.pk).update(created_at=F("created_at") - dt.timedelta(hours=1))
    assert _create(c, 11).status_code == 201
    assert _create(c, 12).status_code == 429


def test_the_new_game_page_says_so_too(make_user, client_for):
    alice = make_user("alice")
    c = client_for(alice)
    for i in range(10):
        assert _create(c, i).status_code == 201
    r = c.post("/lobby/new/", {"name": "One too many", "opt_players": "3", "opt_hand_limit": "8",
                               "opt_variant": "standard", "time_limit": "86400", "take_seat": "on"})
    assert r.status_code == 429 and 3590 <= int(r["Retry-After"]) <= 3600
    assert "You created 10 games in the last hour, the most the site allows" in r.content.decode()
    assert not Game.objects.filter(name="One too many").exists()


def test_an_account_sends_at_most_thirty_messages_in_ten_minutes_across_its_games(make_user, client_for):
    alice, bob = make_user("alice"), make_user("bob")
    one, two = _seated_game(alice, bob), _seated_game(alice, bob, name="Other table")
    c = client_for(alice)
    codes = [post_json(c, f"/api/games/{(one if i % 2 else two).pk}/messages", {"text": f"hello {i}"}).status_code
             for i in range(30)]
    assert codes == [201] * 30
    r = post_json(c, f"/api/games/{one.pk}/messages", {"text": "one more"})
    assert r.status_code == 429 and 590 <= int(r["Retry-After"]) <= 600
    assert r.json()["error"] == "rate_limited"
    assert r.json()["message"].startswith("You sent 30 messages in the last 10 minutes, the most the site "
                                          "allows: you can send another in ")
    # the page refuses it as well, saying why
    r = c.post(f"/games/{one.pk}/messages/", {"text": "one more"})
    assert r.status_code == 429 and 590 <= int(r["Retry-After"]) <= 600
    assert "You sent 30 messages in the last 10 minutes" in r.content.decode()
    assert Message.objects.filter(author=alice).count() == 30
    # bob writes on
    assert post_json(client_for(bob), f"/api/games/{one.pk}/messages", {"text": "hi"}).status_code == 201
    # ten minutes later
    Message.objects.filter(author=alice).update(at=F("at") - dt.timedelta(minutes=10))
    assert post_json(c, f"/api/games/{one.pk}/messages", {"text": "back"}).status_code == 201


def test_the_registration_limit_answers_the_same_way(client_for):
    def register(i: int):
        return post_json(Client(), "/api/accounts/register",
                         {"username": f"new{i}", "email": f"new{i}@example.org", "password1": "sunny-river-42",
                          "password2": "sunny-river-42"}, REMOTE_ADDR="192.0.2.44")

    assert [register(i).status_code for i in range(5)] == [201] * 5
    Registration.objects.update(at=F("at") - dt.timedelta(hours=20))
    r = register(5)
    assert r.status_code == 429 and 4 * 3600 - 10 <= int(r["Retry-After"]) <= 4 * 3600
    assert r.json() == {"error": "rate_limited", "message": "5 accounts were opened from your address in the "
                        "last 24 hours, the most the site allows: try again in 4 hours."}
    r = Client().post("/accounts/register/", {"username": "new6"}, REMOTE_ADDR="192.0.2.44")
    assert r.status_code == 429 and r.has_header("Retry-After") and "try again in 4 hours" in r.content.decode()


def test_the_limits_are_settings(make_user, client_for):
    alice = make_user("alice")
    c = client_for(alice)
    with override_settings(RATE_LIMITS={"games": (2, 60), "messages": (1, 30), "registrations": (5, 86400)}):
        assert [_create(c, i).status_code for i in range(3)] == [201, 201, 429]
        game = _seated_game(alice, make_user("bob"))
        assert post_json(c, f"/api/games/{game.pk}/messages", {"text": "a"}).status_code == 201
        r = post_json(c, f"/api/games/{game.pk}/messages", {"text": "b"})
        assert r.status_code == 429 and int(r["Retry-After"]) <= 30
        assert "You sent 1 message in the last 30 seconds" in r.json()["message"]
    with override_settings(RATE_LIMITS={"games": (0, 3600), "messages": (30, 600), "registrations": (5, 86400)}):
        assert _create(c, 9).status_code == 201  # 0: no limit
