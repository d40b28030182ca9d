"""Private conversations between seats (SITE-CHAT-01), their messages (SITE-CHAT-06), the game
option that reveals them after the game (SITE-CHAT-05): through the JSON API and the pages."""
from __future__ import annotations

import pytest
from django.test import Client

from tresham.platform.clock import absence
from tresham.platform.play.models import Game, Message as TableMessage
from tresham.platform.talk.models import Conversation, Message

from ..conftest import post_json

pytestmark = pytest.mark.django_db

NASTY = '<script>alert("x")</script> & <b>bold</b>\nsecond line'


@pytest.mark.site("SITE-CHAT-01")
def test_a_player_starts_a_conversation_and_only_its_members_read_it(talk):
    t = talk
    conv = t.start(t.alice, [1], "Bob, shall we share Crete?")
    assert [s["seat"] for s in conv["seats"]] == [0, 1] and conv["started_by"] == 0
    assert [m["text"] for m in conv["messages"]] == ["Bob, shall we share Crete?"]
    r = t.c(t.bob).get(t.url(conv["id"]))
    assert r.status_code == 200
    assert [(m["seat"], m["author"], m["text"]) for m in r.json()["messages"]] == [(0, "Alice", "Bob, shall we share Crete?")]
    for who in (t.carol, t.dave, t.erin, None):  # other players, a logged-in onlooker, a visitor
        r = t.c(who).get(t.url(conv["id"]))
        assert r.status_code == 403, who
        assert "Crete" not in r.content.decode()
        assert t.c(who).get(f"/games/{t.game.pk}/talk/{conv['id']}/").status_code == 403
    # the other players see no conversation of theirs; onlookers have none at all
    assert t.c(t.carol).get(t.url()).json() == []
    assert t.c(t.erin).get(t.url()).status_code == 403 and Client().get(t.url()).status_code == 403
    assert [c["id"] for c in t.c(t.bob).get(t.url()).json()] == [conv["id"]]


@pytest.mark.site("SITE-CHAT-01")
def test_the_same_seats_share_one_conversation_and_a_member_writes_in_it(talk):
    t = talk
    first = t.start(t.alice, [1, 2], "Three of us")
    r = post_json(t.c(t.carol), t.url(), {"seats": [0, 1], "text": "Again, from me"})
    assert r.status_code == 200 and r.json()["id"] == first["id"]  # the conversation of seats 0, 1, 2
    assert t.write(t.bob, first["id"], "Agreed").status_code == 201
    assert t.write(t.dave, first["id"], "Let me in").status_code == 403
    assert list(Message.objects.filter(conversation_id=first["id"]).values_list("seat", "text")) == [
        (0, "Three of us"), (2, "Again, from me"), (1, "Agreed")]
    other = t.start(t.bob, [2], "Just us two")
    assert other["id"] != first["id"] and Conversation.objects.filter(game=t.game).count() == 2


@pytest.mark.site("SITE-CHAT-01")
@pytest.mark.parametrize("seats, code", [([0], "bad_seats"), ([7], "bad_seats"), ([], None), (["1"], None)])
def test_a_conversation_needs_other_seats_held_by_people(talk, seats, code):
    t = talk
    r = post_json(t.c(t.alice), t.url(), {"seats": seats, "text": "hello"})
    assert r.status_code in (400, 422) and Conversation.objects.count() == 0
    if code:
        assert r.json()["error"] == code


@pytest.mark.site("SITE-CHAT-01")
def test_only_the_games_players_start_conversations(talk):
    t = talk
    r = post_json(t.c(t.erin), t.url(), {"seats": [0], "text": "I want in"})
    assert r.status_code == 403 and r.json()["error"] == "not_a_member"
    assert post_json(Client(), t.url(), {"seats": [0], "text": "x"}).status_code == 401
    assert Conversation.objects.count() == 0


@pytest.mark.site("SITE-CHAT-01")
def test_a_replacement_reads_his_seats_conversations_and_the_player_who_left_does_not(talk):
    t = talk
    conv = t.start(t.bob, [0], "Alice: Crete is yours if Cyprus is mine")
    absence.quit_game(t.game.pk, t.alice, replacement=t.frank)
    r = t.c(t.frank).get(t.url(conv["id"]))
    assert r.status_code == 200 and r.json()["messages"][0]["text"] == "Alice: Crete is yours if Cyprus is mine"
    assert [c["id"] for c in t.c(t.frank).get(t.url()).json()] == [conv["id"]]
    assert t.write(t.frank, conv["id"], "Frank here, Alice's seat").status_code == 201
    r = t.c(t.alice).get(t.url(conv["id"]))
    assert r.status_code == 403 and "Crete" not in r.content.decode()
    assert t.write(t.alice, conv["id"], "still me").status_code == 403
    assert t.c(t.alice).get(f"/games/{t.game.pk}/talk/{conv['id']}/").status_code == 403
    # the message frank wrote is his seat's, under his own name
    assert [(m["seat"], m["author"]) for m in t.c(t.bob).get(t.url(conv["id"])).json()["messages"]] == [
        (1, "Bob"), (0, "Frank")]


@pytest.mark.site("SITE-CHAT-06")
def test_messages_are_plain_text_shown_escaped(talk):
    t = talk
    conv = t.start(t.alice, [1], NASTY)
    assert t.c(t.bob).get(t.url(conv["id"])).json()["messages"][0]["text"] == NASTY  # JSON: as written
    html = t.c(t.bob).get(f"/games/{t.game.pk}/talk/{conv['id']}/").content.decode()
    assert "<script>alert" not in html and "<b>bold</b>" not in html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;<br>second line" in html


@pytest.mark.site("SITE-CHAT-06")
def test_a_message_has_at_most_2000_characters(talk):
    t = talk
    conv = t.start(t.alice, [1], "a" * 2000)
    r = t.write(t.alice, conv["id"], "b" * 2001)
    assert r.status_code == 422 and "2000" in r.json()["message"]
    page = t.c(t.alice).post(f"/games/{t.game.pk}/talk/{conv['id']}/", {"action": "write", "text": "c" * 2001})
    assert page.status_code == 400 and "at most 2000 characters" in page.content.decode()
    assert Message.objects.filter(conversation_id=conv["id"]).count() == 1


@pytest.mark.site("SITE-CHAT-06", "SITE-SAFE-09")
def test_conversations_and_the_table_share_the_messages_limit(talk, settings):
    t = talk
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "messages": (3, 600)}
    conv = t.start(t.alice, [1], "one")
    assert post_json(t.c(t.alice), f"/api/games/{t.game.pk}/messages", {"text": "two, to the table"}).status_code == 201
    assert t.write(t.alice, conv["id"], "three").status_code == 201
    r = t.write(t.alice, conv["id"], "four")
    assert r.status_code == 429 and r.json()["error"] == "rate_limited" and int(r["Retry-After"]) > 0
    r = post_json(t.c(t.alice), f"/api/games/{t.game.pk}/messages", {"text": "four, to the table"})
    assert r.status_code == 429
    page = t.c(t.alice).post(f"/games/{t.game.pk}/talk/{conv['id']}/", {"action": "write", "text": "five"})
    assert page.status_code == 429 and page["Retry-After"]
    assert Message.objects.count() == 2 and TableMessage.objects.count() == 1
    assert t.write(t.bob, conv["id"], "bob is not limited by alice").status_code == 201


@pytest.mark.site("SITE-CHAT-06")
def test_a_double_click_writes_one_message(talk):
    t = talk
    conv = t.start(t.alice, [1], "hi")
    url = f"/games/{t.game.pk}/talk/{conv['id']}/"
    for _ in range(2):
        assert t.c(t.bob).post(url, {"action": "write", "text": "Deal?"}).status_code == 303
    assert list(Message.objects.values_list("text", flat=True)) == ["hi", "Deal?"]


@pytest.mark.site("SITE-CHAT-01")
def test_the_pages_start_a_conversation_and_list_it(talk):
    t = talk
    index = f"/games/{t.game.pk}/talk/"
    html = t.c(t.alice).get(index).content.decode()
    assert 'name="seats"' in html and "Bob" in html and "Dave" in html
    r = t.c(t.alice).post(index, {"seats": ["1", "3"], "text": "Dave, Bob: a word"})
    conv = Conversation.objects.get()
    assert r.status_code == 303 and r["Location"] == f"/games/{t.game.pk}/talk/{conv.pk}/"
    assert conv.seats == [0, 1, 3]
    html = t.c(t.dave).get(index).content.decode()
    assert f"/games/{t.game.pk}/talk/{conv.pk}/" in html and "1 unread" in html
    carol = t.c(t.carol).get(index)
    assert carol.status_code == 200 and f"/talk/{conv.pk}/" not in carol.content.decode()
    assert "No conversation yet." in carol.content.decode()
    assert t.c(t.erin).get(index).status_code == 403 and Client().get(index).status_code == 403


@pytest.mark.site("SITE-CHAT-05")
def test_conversations_stay_private_after_the_game_without_the_option(talk):
    t = talk
    conv = t.start(t.alice, [1], "our secret")
    Game.objects.filter(pk=t.game.pk).update(status=Game.Status.FINISHED)
    assert t.c(t.bob).get(t.url(conv["id"])).status_code == 200  # its members still read it
    assert t.write(t.bob, conv["id"], "after the end").status_code == 409  # nobody writes any more
    for who in (t.carol, t.erin, None):
        assert t.c(who).get(t.url(conv["id"])).status_code == 403


@pytest.mark.site("SITE-CHAT-05")
def test_the_option_reveals_every_conversation_once_the_game_is_over(talk):
    t = talk
    conv = t.start(t.alice, [1], "our secret plan")
    Game.objects.filter(pk=t.game.pk).update(reveal_talk=True)
    assert Client().get(t.url(conv["id"])).status_code == 403  # not before the end
    Game.objects.filter(pk=t.game.pk).update(status=Game.Status.FINISHED)
    for who in (t.carol, t.erin, None):
        r = t.c(who).get(t.url(conv["id"]))
        assert r.status_code == 200 and r.json()["messages"][0]["text"] == "our secret plan"
        assert [c["id"] for c in t.c(who).get(t.url()).json()] == [conv["id"]]
        assert "our secret plan" in t.c(who).get(f"/games/{t.game.pk}/talk/{conv['id']}/").content.decode()
    assert "table talk is revealed" in Client().get(f"/games/{t.game.pk}/").content.decode()


@pytest.mark.site("SITE-CHAT-05")
def test_the_option_is_off_by_default_and_chosen_when_the_game_is_created(make_user, client_for):
    creator = make_user("creator")
    c = client_for(creator)
    r = post_json(c, "/api/lobby/games", {"options": {"players": 3}})
    assert r.status_code == 201 and r.json()["reveal_talk"] is False
    assert Game.objects.get(pk=r.json()["id"]).reveal_talk is False
    r = post_json(c, "/api/lobby/games", {"options": {"players": 3}, "reveal_talk": True})
    assert r.status_code == 201 and r.json()["reveal_talk"] is True
    game = Game.objects.get(pk=r.json()["id"])
    assert game.reveal_talk is True
    assert "reveals its table talk when it ends" in c.get(f"/games/{game.pk}/talk/").content.decode()
    page = c.get("/lobby/new/").content.decode()
    assert 'name="reveal_talk"' in page and "Reveal the table talk after the game" in page
    assert 'name="reveal_talk" checked' not in page
    assert post_json(c, "/api/lobby/games", {"options": {"players": 3}, "reveal_talk": "yes"}).status_code == 422
