"""The messages page: the table's messages (players write, everyone reads, all escaped,
length-limited, a double click posts once) and the public trade messages of the game: public
messages, SITE-MSG-01 (the private chat for negotiation, SITE-MSG-02, is not built)."""
from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from tresham.platform.play.models import Message

from .conftest import section

pytestmark = pytest.mark.django_db

NASTY = '<script>alert("x")</script> & <b>bold</b>\nsecond line'


@pytest.mark.site("SITE-MSG-01")
def test_players_write_to_the_table_and_everyone_reads_it_escaped(trading, client_for):
    t = trading
    url = f"/games/{t.game.pk}/messages/"
    r = client_for(t.alice).post(url, {"text": NASTY})
    assert r.status_code == 303 and r["Location"] == url
    m = Message.objects.get(game=t.game)
    assert (m.author, m.seat, m.text) == (t.alice, 0, NASTY)
    name = t.rules.summary(t.state())
    nation = next(s.name for s in name if s.seat == 0)
    for c in (Client(), client_for(t.bob), client_for(t.carol)):
        html = c.get(url).content.decode()
        listed = section(html, "table-title")
        assert "<script>alert" not in html and "<b>bold</b>" not in html
        assert ("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;<br>second line"
                in listed)
        assert f"<strong>alice</strong> ({nation})" in listed


@pytest.mark.site("SITE-MSG-01")
def test_a_double_click_posts_one_message_and_a_new_text_is_a_new_message(trading, client_for):
    t = trading
    c = client_for(t.alice)
    url = f"/games/{t.game.pk}/messages/"
    for _ in range(2):
        c.post(url, {"text": "Anyone for grain?"})
    assert Message.objects.filter(game=t.game).count() == 1
    c.post(url, {"text": "Anyone for oil?"})
    client_for(t.bob).post(url, {"text": "Anyone for grain?"})
    assert list(Message.objects.filter(game=t.game).values_list("text", "seat")) == [
        ("Anyone for grain?", 0), ("Anyone for oil?", 0), ("Anyone for grain?", 1)]


@pytest.mark.site("SITE-MSG-01")
@pytest.mark.parametrize("text, error", [("x" * 2001, "Ensure this value has at most 2000 characters (it has 2001)."),
                                         ("   ", "This field is required.")])
def test_a_bad_message_is_shown_again_with_its_error(trading, client_for, text, error):
    t = trading
    r = client_for(t.alice).post(f"/games/{t.game.pk}/messages/", {"text": text})
    assert r.status_code == 400 and error in r.content.decode()
    assert not Message.objects.filter(game=t.game).exists()


@pytest.mark.site("SITE-MSG-01")
def test_only_the_players_write(trading, client_for):
    t = trading
    url = f"/games/{t.game.pk}/messages/"
    r = Client().post(url, {"text": "hello"})
    assert r.status_code == 403 and "log in and take a seat to write here" in r.content.decode()
    r = client_for(t.carol).post(url, {"text": "hello"})
    assert r.status_code == 403 and "only the game&#x27;s players write to its table" in r.content.decode()
    assert not Message.objects.exists()
    assert 'name="text"' not in client_for(t.carol).get(url).content.decode()
    assert 'name="text"' in client_for(t.bob).get(url).content.decode()


@pytest.mark.site("SITE-MSG-01")
def test_the_public_trade_messages_come_from_the_game(trading, client_for):
    """A player's public message is the game's trade_message order, given with the order
    form; the messages page shows everyone's, escaped, to players and visitors alike."""
    t = trading
    c = client_for(t.alice)
    page = c.get(f"/games/{t.game.pk}/").content.decode()
    fields = dict(re.findall(r'<input type="hidden" name="(client_key|revision)" value="([^"]*)"',
                             page[page.index('id="order"'):]))
    order = {"type": "trade_message", "text": "Want <b>grain</b>, offer oil"}
    assert c.post(f"/games/{t.game.pk}/", {"order": json.dumps(order), **fields}).status_code == 303
    nation = next(s.name for s in t.rules.summary(t.state()) if s.seat == 0)
    for viewer in (Client(), client_for(t.bob)):
        html = viewer.get(f"/games/{t.game.pk}/messages/").content.decode()
        public = section(html, "public-title")
        assert f"<dt>{nation} (alice)</dt><dd>Want &lt;b&gt;grain&lt;/b&gt;, offer oil</dd>" in public
        assert public.count("<dt>") == 1  # bob and the bot have set none
