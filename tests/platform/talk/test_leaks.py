"""The table talk's leak test (issue 25): in a 4-player game with conversations among seats 1-2
and 2-3, seat 4, a spectator (logged in, no seat) and a visitor find no word of them in any
page, any endpoint of the JSON API (every GET of the OpenAPI document, and the talk's own
POSTs they may try), any event-stream message or any mail; after seat 1 changes hands, its
new holder reads its conversations and the player who left gets 403 and no more mail of them
(SITE-CHAT-01, SITE-CHAT-02)."""
from __future__ import annotations

import datetime as dt
import html
import json
import re
import threading
import time

import httpx
import pytest
from django.conf import settings
from django.utils import timezone

from tresham.platform.bench import ServerProcess, http_client, session_cookies
from tresham.platform.clock import absence
from tresham.platform.mail import sender
from tresham.platform.mail.models import Outbox
from tresham.platform.play import live
from tresham.platform.talk import services as talk
from tresham.platform.talk.models import Message

from ..conftest import post_json
from ..mail.conftest import smtp, smtp_server  # noqa: F401  (the loopback SMTP server)
from ..serving import site_env
from .conftest import four_players

pytestmark = pytest.mark.django_db

#: Words only the conversations hold: none may reach an outsider in any form.
SECRETS = ("quokka-1", "Zanzibar pact", "wolfram-77", "Betray Dave", "tangerine <b>moon</b>", "frankly-after")
PAGES = ("/games/{g}/", "/games/{g}/history/", "/games/{g}/messages/", "/games/{g}/talk/", "/games/{g}/talk/{c}/",
         "/games/{g}/talk/{c}/report/{m}/", "/games/{g}/talk/{c}/moderate/{m}/", "/games/{g}/standing-orders/",
         "/games/{g}/board.json", "/games/{g}/log.json", "/lobby/", "/lobby/open/", "/lobby/completed/",
         "/lobby/games/{g}/", "/mail/preferences/", "/accounts/me/", "/help/")


def found(body: bytes | str) -> list[str]:
    """The secrets in ``body``, as written, escaped for HTML or for JSON."""
    text = body.decode(errors="replace") if isinstance(body, bytes) else body
    forms = {s: (s, html.escape(s), json.dumps(s)[1:-1]) for s in SECRETS}
    return [s for s, fs in forms.items() if any(f in text for f in fs)]


@pytest.fixture
def table(make_user):
    """Conversations among seats 1-2 (alice, bob) and 2-3 (bob, carol), each with messages."""
    t = four_players(make_user)
    c12 = t.start(t.alice, [1], "quokka-1: the Zanzibar pact holds")
    t.write(t.bob, c12["id"], "wolfram-77 agreed")
    c23 = t.start(t.bob, [2], "Betray Dave next turn")
    t.write(t.carol, c23["id"], "tangerine <b>moon</b>")
    t.convs = (c12["id"], c23["id"])
    t.msgs = list(Message.objects.values_list("pk", flat=True))
    return t


def api_gets(client, game_id: int, conv: int, msg: int) -> list[str]:
    """Every GET of the OpenAPI document, its ids filled in with this game's."""
    doc = client.get("/api/openapi.json").json()
    out = []
    for path, ops in doc["paths"].items():
        if "get" not in ops:
            continue
        p = (path.replace("{game_id}", str(game_id)).replace("{conversation_id}", str(conv))
             .replace("{message_id}", str(msg)).replace("{kind}", "movement").replace("{pause_id}", "1")
             .replace("{username}", "alice"))
        if "{" not in p:
            out.append(p)
    return out


@pytest.mark.site("SITE-CHAT-01", "SITE-CHAT-02")
def test_outsiders_find_no_word_of_the_conversations_anywhere(table, smtp):
    t = table
    g = t.game.pk
    outsiders = {"seat 4": t.dave, "spectator": t.erin, "visitor": None}
    members = {"alice": t.alice, "bob": t.bob, "carol": t.carol}
    gets = api_gets(t.c(None), g, t.convs[0], t.msgs[0])
    assert len(gets) >= 15 and f"/api/games/{g}/conversations/{t.convs[0]}" in gets
    checked = 0
    for name, who in outsiders.items():
        c = t.c(who)
        for conv, msg in zip(t.convs, t.msgs[::2]):
            for page in PAGES:
                r = c.get(page.format(g=g, c=conv, m=msg))
                assert found(r.content) == [], (name, page, r.status_code)
                checked += 1
            for path in gets:
                r = c.get(path.replace(str(t.convs[0]), str(conv)) if "/conversations/" in path else path)
                assert r.status_code < 500 and found(r.content) == [], (name, path)
                checked += 1
            base = f"/api/games/{g}/conversations/{conv}"
            for path, body in ((f"{base}/messages", {"text": "let me in"}),
                               (f"{base}/orders", {"order": {"type": "trade_offer", "to": 0}}),
                               (f"{base}/messages/{msg}/report", {"rule": 1, "reason": "show me the message"})):
                r = post_json(c, path, body)
                assert r.status_code in (401, 403) and found(r.content) == [], (name, path, r.status_code)
        # what the live stream would tell them: nothing of the talk (a visitor, a spectator:
        # no topic; seat 4: his own seat's, in none of these conversations)
        numbers = live.poll_topics(talk.stream_topics(g, who))
        assert all(n == 0 for n in numbers.values()) and not numbers, (name, numbers)
    # the members do read them (the check can find what it looks for)
    assert found(t.c(t.alice).get(f"/api/games/{g}/conversations/{t.convs[0]}").content)
    assert found(t.c(t.carol).get(f"/games/{g}/talk/{t.convs[1]}/").content)
    # mails: the batches reach the members only
    sender.drain(now=timezone.now() + dt.timedelta(seconds=settings.TRESHAM_TALK_MAIL_DELAY + 1))
    for name, who in outsiders.items():
        if who is not None:
            assert smtp.to(who.email) == [] or not any(found(m.text) for m in smtp.to(who.email)), name
            assert not any(found(b) for b in Outbox.objects.filter(user=who).values_list("body", flat=True))
    assert any(found(m.text) for m in smtp.to(t.bob.email))  # bob, in both, was mailed them
    assert not [m for m in smtp.to(t.alice.email) if "Betray Dave" in m.text]  # not alice's conversation
    assert checked > 100


@pytest.mark.site("SITE-CHAT-01")
def test_after_a_seat_changes_hands_the_new_holder_reads_and_the_old_one_gets_403(table, smtp):
    t = table
    g = t.game.pk
    absence.quit_game(g, t.alice, replacement=t.frank)
    r = t.c(t.frank).get(f"/api/games/{g}/conversations/{t.convs[0]}")
    assert r.status_code == 200 and "quokka-1" in r.content.decode()
    for path in (f"/api/games/{g}/conversations/{t.convs[0]}", f"/games/{g}/talk/{t.convs[0]}/"):
        r = t.c(t.alice).get(path)
        assert r.status_code == 403 and found(r.content) == []
    assert t.c(t.alice).get(f"/api/games/{g}/conversations").status_code == 403
    assert found(t.c(t.alice).get(f"/games/{g}/").content) == []
    t.write(t.bob, t.convs[0], "frankly-after the change")
    sender.drain(now=timezone.now() + dt.timedelta(seconds=settings.TRESHAM_TALK_MAIL_DELAY + 1))
    assert not [m for m in smtp.to(t.alice.email) if found(m.text)]
    assert [m for m in smtp.to(t.frank.email) if "frankly-after" in m.text]


@pytest.mark.slow
@pytest.mark.site("SITE-CHAT-02")
def test_no_event_stream_message_tells_an_outsider_anything_of_the_talk(table, transactional_db, tmp_path):
    """A real ``tresham serve``: the streams of seat 4, a spectator and a visitor carry revisions
    only, while the members talk; bob's carries the talk's numbers."""
    t = table
    g = t.game.pk
    with ServerProcess({**site_env(tmp_path / "var"), "TRESHAM_LIVE_PING_SECONDS": "1"}, worker=False) as server:
        clients = {"dave": http_client(server.url, session_cookies(t.dave)),
                   "erin": http_client(server.url, session_cookies(t.erin)),
                   "visitor": httpx.Client(base_url=server.url), "bob": http_client(server.url, session_cookies(t.bob))}
        raw = {n: bytearray() for n in clients}
        end = [time.monotonic() + 8]

        def read(name: str) -> None:
            try:
                with clients[name].stream("GET", f"/games/{g}/live", timeout=httpx.Timeout(10, read=5)) as r:
                    for chunk in r.iter_raw():
                        raw[name] += chunk
                        if time.monotonic() > end[0]:
                            return
            except httpx.HTTPError:
                return

        threads = [threading.Thread(target=read, args=(n,), daemon=True) for n in clients]
        for th in threads:
            th.start()
        time.sleep(1.5)
        newest = t.write(t.carol, t.convs[1], "Betray Dave: confirmed").json()["id"]
        deadline = time.monotonic() + 4
        while b'"talk": %d' % newest not in raw["bob"] and time.monotonic() < deadline:
            time.sleep(0.05)
        end[0] = time.monotonic()
        for th in threads:
            th.join(8)
        for c in clients.values():
            c.close()
    assert b'"talk": %d' % newest in raw["bob"]
    for name in ("dave", "erin", "visitor"):
        got = bytes(raw[name])
        assert found(got) == [] and b"talk" not in got, name
        for d in re.findall(rb"data: (.*)", got):
            assert set(json.loads(d)) == {"game", "revision"}, (name, d)
