"""Messages arrive live, with unread counts on the game page and the game list (SITE-CHAT-02):
the live stream of a game tells a conversation's members, and only them, that it changed (a
number, never its text); the pages count what each member has not read."""
from __future__ import annotations

import json
import re

import pytest
from django.db import transaction
from django.test import Client

from tresham.platform.bench import ServerProcess
from tresham.platform.play import live
from tresham.platform.talk import services as talk

from ..conftest import post_json
from ..serving import site_env
from .conftest import four_players

pytestmark = pytest.mark.django_db


def unread_line(html: str) -> str:
    m = re.search(r'<p id="talk-unread">(.*?)</p>', html, re.S)
    return re.sub(r"<[^>]+>", "", m.group(1)) if m else ""


@pytest.mark.site("SITE-CHAT-02")
def test_unread_counts_on_the_game_page_and_the_game_list(talk):
    t = talk
    conv = t.start(t.alice, [1], "First")
    t.write(t.alice, conv["id"], "Second")
    game_page = f"/games/{t.game.pk}/"
    assert unread_line(t.c(t.bob).get(game_page).content.decode()).startswith(
        "2 unread messages in 1 conversation: read them")
    assert unread_line(t.c(t.alice).get(game_page).content.decode()).startswith("No unread message.")  # his own
    assert unread_line(t.c(t.carol).get(game_page).content.decode()).startswith("No unread message.")
    for who in (t.erin, None):
        assert 'id="talk"' not in t.c(who).get(game_page).content.decode()
    listing = t.c(t.bob).get("/lobby/").content.decode()
    assert f'<a class="unread" href="/games/{t.game.pk}/talk/">2 unread messages</a>' in listing
    assert 'class="unread"' not in t.c(t.alice).get("/lobby/").content.decode()
    assert t.c(t.bob).get("/api/talk/unread").json() == [{"game": t.game.pk, "unread": 2}]
    assert [c["unread"] for c in t.c(t.bob).get(t.url()).json()] == [2]
    # reading the conversation reads them
    t.c(t.bob).get(t.url(conv["id"]))
    assert unread_line(t.c(t.bob).get(game_page).content.decode()).startswith("No unread message.")
    assert 'class="unread"' not in t.c(t.bob).get("/lobby/").content.decode()
    assert t.c(t.bob).get("/api/talk/unread").json() == []
    t.write(t.alice, conv["id"], "Third")
    assert t.c(t.bob).get("/api/talk/unread").json() == [{"game": t.game.pk, "unread": 1}]
    # the page that shows the conversation reads it too
    t.c(t.bob).get(f"/games/{t.game.pk}/talk/{conv['id']}/")
    assert t.c(t.bob).get("/api/talk/unread").json() == []
    # only these games: a game id past what a database column holds is refused, never queried
    t.write(t.alice, conv["id"], "Fourth")
    assert t.c(t.bob).get(f"/api/talk/unread?game={t.game.pk}").json() == [{"game": t.game.pk, "unread": 1}]
    assert t.c(t.bob).get(f"/api/talk/unread?game={t.game.pk + 1}").json() == []
    for bad in (2**63, -(2**70), 0):
        r = t.c(t.bob).get(f"/api/talk/unread?game={bad}")
        assert r.status_code == 422, (bad, r.status_code, r.content[:200])


@pytest.mark.site("SITE-CHAT-02")
def test_a_replacement_finds_his_seats_messages_unread(talk):
    from tresham.platform.clock import absence

    t = talk
    conv = t.start(t.bob, [0], "For seat 1")
    t.c(t.alice).get(t.url(conv["id"]))  # alice has read it
    absence.quit_game(t.game.pk, t.alice, replacement=t.frank)
    assert t.c(t.frank).get("/api/talk/unread").json() == [{"game": t.game.pk, "unread": 1}]


@pytest.mark.site("SITE-CHAT-02")
def test_only_the_members_hear_of_a_message_and_only_its_number(make_user, transactional_db):
    t = four_players(make_user)
    assert talk.stream_topics(t.game.pk, t.carol) == [f"talk:{t.game.pk}:2"]
    assert talk.stream_topics(t.game.pk, t.erin) == []
    heard: list = []
    cancels = [live.hub.subscribe(f"talk:{t.game.pk}:{s}", lambda k, n: heard.append((k, n))) for s in range(4)]
    try:
        with transaction.atomic():
            conv, first, _ = talk.start(t.game.pk, t.alice, [1], "secret words")
            assert heard == []  # nothing before the commit
        assert sorted(set(heard)) == [(f"talk:{t.game.pk}:0", first.pk), (f"talk:{t.game.pk}:1", first.pk)]
        assert talk.newest_for_seats([f"talk:{t.game.pk}:1", f"talk:{t.game.pk}:2"]) == {
            f"talk:{t.game.pk}:1": first.pk, f"talk:{t.game.pk}:2": 0}
    finally:
        for c in cancels:
            c()


@pytest.mark.slow
@pytest.mark.site("SITE-CHAT-02")
def test_the_live_stream_tells_the_members_and_nobody_else(make_user, transactional_db, tmp_path):
    """A real ``tresham serve``: bob's stream hears ``talk`` events as alice writes to him, with
    the number of the newest message only; carol's (a player outside it), erin's (a logged-in
    onlooker) and a visitor's hear only revisions; none holds a word of it."""
    import threading
    import time

    import httpx

    from tresham.platform.bench import http_client, session_cookies

    t = four_players(make_user)
    conv = t.start(t.alice, [1], "opening words")
    with ServerProcess({**site_env(tmp_path / "var"), "TRESHAM_LIVE_PING_SECONDS": "1"}, worker=False) as server:
        clients = {name: (http_client(server.url, session_cookies(u)) if u else httpx.Client(base_url=server.url))
                   for name, u in (("bob", t.bob), ("carol", t.carol), ("erin", t.erin), ("visitor", None))}
        raw = {name: bytearray() for name in clients}

        def read(name):
            try:
                with clients[name].stream("GET", f"/games/{t.game.pk}/live", timeout=httpx.Timeout(10, read=5)) as r:
                    for chunk in r.iter_raw():
                        raw[name] += chunk
                        if b"stop" in raw[name] or time.monotonic() > end:
                            return
            except httpx.HTTPError:
                return

        end = time.monotonic() + 6
        threads = [threading.Thread(target=read, args=(n,), daemon=True) for n in clients]
        for th in threads:
            th.start()
        time.sleep(1.5)
        r = post_json(t.c(t.alice), f"{t.url(conv['id'])}/messages", {"text": "the password is swordfish"})
        assert r.status_code == 201
        newest = r.json()["id"]
        deadline = time.monotonic() + 4
        while b'"talk": %d' % newest not in raw["bob"] and time.monotonic() < deadline:
            time.sleep(0.05)
        end = time.monotonic()
        for th in threads:
            th.join(8)
        for c in clients.values():
            c.close()
    bob = bytes(raw["bob"])
    first = t.c(t.bob).get(t.url(conv["id"])).json()["messages"][0]["id"]
    assert b"event: talk\ndata: " + json.dumps({"game": t.game.pk, "talk": first}).encode() in bob  # on opening
    assert b"event: talk\ndata: " + json.dumps({"game": t.game.pk, "talk": newest}).encode() in bob  # live
    for name, got in raw.items():
        assert b"swordfish" not in got and b"opening words" not in got
        for d in re.findall(rb"data: (.*)", bytes(got)):
            keys = set(json.loads(d))
            assert keys in ({"game", "revision"}, {"game", "talk"}), (name, d)
            if name != "bob":
                assert keys == {"game", "revision"}, (name, d)
