"""A game's webhooks (SITE-FEED-02, tresham/platform/feeds): its players add them; they are
told whose turn it is and when the game ends, from an outbox written in the order's
transaction, delivered by the worker's sender to a real HTTP receiver on loopback; with the
receiver down, retries with backoff, then switch-off and a mail to the owner, and the game
goes on untouched. Bad input gets a clear answer and changes nothing.

The game is the layout test's "count to three" (two seats say 1, 2, 3 in turn): quick to the
end, and every fact of it is public."""
from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client

from tests.platform.clock.wallclock import utc, wall  # noqa: F401 -- the fixture
from tests.platform.conftest import post_json
from tests.platform.feeds.receiver import Receiver, dead_url
from tresham.platform.clock.worker import one_pass
from tresham.platform.feeds import sender
from tresham.platform.feeds.models import Webhook, WebhookPost
from tresham.platform.lobby import services as lobby
from tresham.platform.mail.models import Outbox
from tresham.platform.play import services
from tresham.platform.play.models import Game, LogEntry

pytestmark = pytest.mark.django_db(transaction=True)
HOUR = 3600


@pytest.fixture
def count3(register_games):
    register_games({"count3": "tests.platform.test_layout:CountToThree"})
    return "count3"


@pytest.fixture
def receiver():
    r = Receiver()
    yield r
    r.close()


@pytest.fixture
def loopback_allowed(settings):
    settings.TRESHAM_WEBHOOK_ALLOW_PRIVATE = True


def _game(count3, name: str = "Counting"):
    return services.create_game(count3, {"players": 2}, name=name, time_limit=24 * HOUR)


def _say(game: Game, users: dict) -> int:
    """The seat to move says the next number; gives that seat."""
    game.refresh_from_db()
    state = services.current_state(game)
    seat = state["turn"]
    services.submit(game.pk, {"type": "say", "number": state["count"] + 1}, seat=seat, account=users[seat])
    return seat


@pytest.mark.site("SITE-FEED-02")
def test_a_webhook_is_told_whose_turn_it_is_and_the_result_on_a_receiver_on_loopback(
        count3, make_user, client_for, receiver, loopback_allowed, wall):
    ann, bob = make_user("ann"), make_user("bob")
    game = _game(count3)
    lobby.join(game.pk, ann, index=0)
    a, b = client_for(ann), client_for(bob)
    # bob is not a player yet: neither the page nor the API lets him in, and nothing is written
    assert b.get(f"/games/{game.pk}/webhooks/").status_code == 403
    r = post_json(b, f"/api/games/{game.pk}/webhooks", {"url": receiver.url("/slack"), "kind": "slack"})
    assert r.status_code == 403 and r.json()["error"] == "not_a_member"
    # ann adds a Discord webhook on the game's page (a form with its CSRF token)
    ac = Client(enforce_csrf_checks=True)
    ac.force_login(ann)
    page = ac.get(f"/games/{game.pk}/webhooks/").content.decode()
    token = page.split('name="csrfmiddlewaretoken" value="', 1)[1].split('"', 1)[0]
    assert ac.post(f"/games/{game.pk}/webhooks/", {"url": receiver.url("/discord"), "kind": "discord"}
                   ).status_code == 403  # no token: refused
    r = ac.post(f"/games/{game.pk}/webhooks/", {"url": receiver.url("/discord"), "kind": "discord",
                                                "csrfmiddlewaretoken": token})
    assert r.status_code == 303 and Webhook.objects.filter(game=game).count() == 1

    lobby.join(game.pk, bob, index=1)  # the game is full and starts: the first turn is announced
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    r = post_json(b, f"/api/games/{game.pk}/webhooks", {"url": receiver.url("/slack"), "kind": "slack"})
    assert r.status_code == 201 and r.json()["kind"] == "slack" and r.json()["yours"] is True
    # each sees his own webhook's whole address, the other's host only
    listed = {h["kind"]: h for h in a.get(f"/api/games/{game.pk}/webhooks").json()}
    assert listed["discord"]["address"] == receiver.url("/discord")
    assert listed["slack"]["address"] == "127.0.0.1/\u2026" and listed["slack"]["yours"] is False
    assert "/slack" not in a.get(f"/games/{game.pk}/webhooks/").content.decode()
    assert "Chat webhooks" in a.get(f"/games/{game.pk}/").content.decode()
    assert "Chat webhooks" not in Client().get(f"/games/{game.pk}/").content.decode()

    users = {0: ann, 1: bob}
    names = {0: "Seat 1 (ann)", 1: "Seat 2 (bob)"}
    first = services.current_state(game)["turn"]
    link = f"/games/{game.pk}/"
    assert one_pass() >= 1  # the worker's pass posts it
    assert [g["path"] for g in receiver.got] == ["/discord"]
    assert receiver.got[0]["type"] == "application/json"
    assert receiver.got[0]["body"] == {"content": f"Your turn in Counting (At 0): {names[first]} -- deadline "
                                                  f"Tue 4 Mar 12:00 UTC -- http://127.0.0.1:8000{link}"}

    wall.advance(hours=2)
    _say(game, users)  # 1: the other seat's turn, 24 h from now
    _say(game, users)  # 2
    winner = _say(game, users)  # 3: the game is over
    assert winner == first
    assert sender.drain() == 6
    got = [(g["path"], g["body"]) for g in receiver.got[1:]]
    turn2 = f"Your turn in Counting (At 1): {names[1 - first]} -- deadline Tue 4 Mar 14:00 UTC -- http://127.0.0.1:8000{link}"
    turn3 = f"Your turn in Counting (At 2): {names[first]} -- deadline Tue 4 Mar 14:00 UTC -- http://127.0.0.1:8000{link}"
    over = {p: b for p, b in got if "Game over" in str(b)}
    assert ("/discord", {"content": turn2}) in got and ("/slack", {"text": turn2}) in got
    assert ("/discord", {"content": turn3}) in got and ("/slack", {"text": turn3}) in got
    text = over["/discord"]["content"]
    assert over == {"/discord": {"content": text}, "/slack": {"text": text}}
    assert text.startswith(f"Game over in Counting: Won by {names[first]}") and text.endswith(link)
    assert WebhookPost.objects.filter(status=WebhookPost.Status.SENT).count() == 7
    assert sender.drain() == 0  # nothing twice
    # after the end: no webhook can be added
    r = post_json(a, f"/api/games/{game.pk}/webhooks", {"url": receiver.url("/late"), "kind": "discord"})
    assert r.status_code == 400 and "over" in r.json()["message"]


@pytest.mark.site("SITE-FEED-02")
def test_with_the_receiver_down_it_is_retried_with_backoff_then_switched_off_and_its_owner_told(
        count3, make_user, client_for, loopback_allowed, wall, settings):
    settings.TRESHAM_WEBHOOK_MAX_FAILURES = 5
    ann, bob = make_user("ann"), make_user("bob")
    game = _game(count3, "Down")
    lobby.join(game.pk, ann, index=0)
    url = dead_url()
    assert post_json(client_for(ann), f"/api/games/{game.pk}/webhooks", {"url": url, "kind": "discord"}).status_code == 201
    lobby.join(game.pk, bob, index=1)
    users = {0: ann, 1: bob}
    hook = Webhook.objects.get(game=game)
    (post,) = WebhookPost.objects.filter(webhook=hook)

    t0 = wall()
    tries = []
    now = t0
    for n in range(1, 6):
        assert sender.drain(now=now) == 0
        post.refresh_from_db()
        hook.refresh_from_db()
        assert post.attempts == n and hook.failures == n
        assert "no answer" in hook.last_error and ("no answer" in post.last_error or n == 5)
        tries.append(now)
        if n < 5:
            wait = post.next_try_at - now
            base = dt.timedelta(minutes=1) * 2 ** (n - 1)
            assert base / 2 <= wait <= base  # 1 min x 2^(n-1), half of it random
            assert sender.drain(now=now + wait - dt.timedelta(seconds=1)) == 0  # not due yet: not tried
            post.refresh_from_db()
            assert post.attempts == n
            now = post.next_try_at
            if n == 4:  # meanwhile the game goes on: another message waits behind the first
                wall.set(now)
                _say(game, users)
    # five failures in a row: switched off, the owner told once, nothing more is tried
    hook.refresh_from_db()
    assert hook.active is False and hook.switched_off_at == tries[-1]
    posts = list(WebhookPost.objects.filter(webhook=hook).order_by("pk").values_list("status", "attempts"))
    assert posts == [("dropped", 5), ("dropped", 0)]  # the second was never tried
    mails = Outbox.objects.filter(subject__contains="webhook", address="ann@example.org")
    assert mails.count() == 1
    (mail,) = mails
    assert mail.subject == "[Tresham] Your webhook for Down was switched off"
    assert "failed 5 times in a row" in mail.body and "127.0.0.1" in mail.body
    assert sender.drain(now=now + dt.timedelta(days=1)) == 0 and mails.count() == 1
    assert WebhookPost.objects.get(pk=post.pk).attempts == 5

    # nothing lost from the game: every order stands and the game goes on to its end
    game.refresh_from_db()
    assert game.revision == 1 and LogEntry.objects.filter(game=game).count() == 1
    wall.set(now + dt.timedelta(hours=1))
    _say(game, users)
    _say(game, users)
    game.refresh_from_db()
    assert game.is_finished and LogEntry.objects.filter(game=game).count() == 3
    assert WebhookPost.objects.filter(webhook=hook).count() == 2  # nothing written for a switched-off one
    # its owner sees it off on the page, with why
    page = client_for(ann).get(f"/games/{game.pk}/webhooks/").content.decode()
    assert "Switched off" in page and "no answer" in page


@pytest.mark.site("SITE-FEED-02")
def test_bad_input_gets_a_clear_answer_and_changes_nothing(count3, make_user, client_for, settings):
    ann, bob, eve = make_user("ann"), make_user("bob"), make_user("eve")
    game = _game(count3, "Careful")
    lobby.join(game.pk, ann, index=0)
    lobby.join(game.pk, bob, index=1)
    a, e = client_for(ann), client_for(eve)
    api = f"/api/games/{game.pk}/webhooks"
    refused = {
        "http://127.0.0.1:8000/hook": "private or local network",
        "http://10.1.2.3/hook": "private or local network",
        "http://[::1]/hook": "private or local network",
        "http://169.254.169.254/latest/meta-data": "private or local network",
        "http://0.0.0.0/x": "private or local network",
        "ftp://93.184.215.14/hook": "starts with https://",
        "javascript:alert(1)": "starts with https://",
        "not a url": "no spaces",
        "https://user:secret@93.184.215.14/hook": "no user name or password",
        "https:///nohost": "names a host",
        "http://[::1/hook": "not a web address",
    }
    for url, why in refused.items():
        r = post_json(a, api, {"url": url, "kind": "discord"})
        assert r.status_code == 400, url
        assert r.json()["error"] == "bad_webhook" and why in r.json()["message"], (url, r.json())
    r = post_json(a, api, {"url": "https://93.184.215.14/hook", "kind": "teams"})
    assert r.status_code == 400 and "discord or slack" in r.json()["message"]
    assert post_json(a, api, {"url": "", "kind": "discord"}).status_code == 422
    assert post_json(a, api, {"url": "https://93.184.215.14/" + "x" * 600}).status_code == 422
    assert post_json(e, api, {"url": "https://93.184.215.14/hook"}).status_code == 403  # not a player
    assert post_json(Client(), api, {"url": "https://93.184.215.14/hook"}).status_code == 401
    assert post_json(a, "/api/games/999999/webhooks", {"url": "https://93.184.215.14/hook"}).status_code == 404
    # the page says the same, with a 4xx and the form kept
    r = a.post(f"/games/{game.pk}/webhooks/", {"url": "http://192.168.1.1/x", "kind": "discord"})
    assert r.status_code == 400 and "private or local network" in r.content.decode()
    assert 'value="http://192.168.1.1/x"' in r.content.decode()
    assert Webhook.objects.count() == 0

    # a public address is taken (nothing is sent to it on adding); the same again is refused
    r = post_json(a, api, {"url": "https://93.184.215.14/hook", "kind": "slack"})
    assert r.status_code == 201
    hook_id = r.json()["id"]
    r = post_json(a, api, {"url": "https://93.184.215.14/hook", "kind": "discord"})
    assert r.status_code == 409 and r.json()["error"] == "duplicate_webhook"
    # loopback is refused by default, taken when the operator allows it
    settings.TRESHAM_WEBHOOK_ALLOW_PRIVATE = True
    assert post_json(a, api, {"url": "http://127.0.0.1:9/hook"}).status_code == 201
    settings.TRESHAM_WEBHOOKS_PER_GAME = 2
    r = post_json(a, api, {"url": "http://127.0.0.1:10/hook"})
    assert r.status_code == 409 and r.json()["error"] == "too_many_webhooks"
    assert Webhook.objects.filter(game=game).count() == 2

    # only its owner removes it
    b = client_for(bob)
    r = b.delete(f"{api}/{hook_id}")
    assert r.status_code == 403 and r.json()["error"] == "not_yours"
    assert e.delete(f"{api}/{hook_id}").status_code == 403
    assert a.delete(f"{api}/424242").status_code == 404
    assert a.delete(f"{api}/{hook_id}").status_code == 204
    assert Webhook.objects.filter(game=game).count() == 1
    # a host that now resolves to a private address is refused at delivery, and counted
    settings.TRESHAM_WEBHOOK_ALLOW_PRIVATE = False
    _say(game, {0: ann, 1: bob})
    assert sender.drain() == 0
    p = WebhookPost.objects.get()
    assert p.attempts == 1 and "private or local network" in p.last_error and p.status == "pending"
    # removed on the page by its owner (not by another player): its undelivered message goes with it
    remove = f"/games/{game.pk}/webhooks/{p.webhook_id}/remove/"
    r = b.post(remove)
    assert r.status_code == 403 and "only the player who added a webhook removes it" in r.content.decode()
    assert a.post(remove).status_code == 303
    assert Webhook.objects.count() == 0 and WebhookPost.objects.count() == 0
