"""A trade offer made from a conversation and shown in it (SITE-CHAT-03): the game declares the
orders a seat gives another from a conversation (``talk_orders``: Advanced Civilization's
trade offer, naming its partner in ``to``); the order goes through the one order path and the
conversation holds it, each member reading the events his own seat may see."""
from __future__ import annotations

import pytest

from tresham.games.advciv.site.pages import trade_page
from tresham.platform.play.models import Game
from tresham.platform.talk.models import Message

from ..conftest import post_json
from .conftest import play_to, trading

pytestmark = pytest.mark.django_db


@pytest.fixture
def market(talk):
    play_to(talk, trading)
    return talk


def offer(t, to: int) -> dict:
    rules = Game.objects.get(pk=t.game.pk)
    from tresham.platform.play import services

    state = services.rules_of(rules).loads(rules.state)
    hand = [c["id"] for c in trade_page(state, 0)["hand"] if c["tradable"]][:3]
    return {"type": "trade_offer", "to": to, "give": hand, "said": [], "expect": ["dont_care"] * 3}


@pytest.mark.site("SITE-CHAT-03")
def test_a_trade_offer_is_made_from_a_conversation_and_shows_in_it(market):
    t = market
    conv = t.start(t.alice, [1, 2], "Bob, three cards for three, as we said?")
    before = Game.objects.get(pk=t.game.pk).revision
    r = post_json(t.c(t.alice), f"{t.url(conv['id'])}/orders", {"order": offer(t, 1), "text": "Here it is",
                                                                 "client_key": "talk-offer-1"})
    assert r.status_code == 201, r.content
    out = r.json()
    assert out["revision"] == before + 1 and out["replayed"] is False
    assert out["message"]["text"] == "Here it is" and out["message"]["order"][0].startswith("Offer #1 to ")
    # each member reads the order as his own seat sees it: the giver his real cards, the partner
    # what he is told, the third member nothing of it
    alice = t.c(t.alice).get(t.url(conv["id"])).json()["messages"][-1]
    bob = t.c(t.bob).get(t.url(conv["id"])).json()["messages"][-1]
    carol = t.c(t.carol).get(t.url(conv["id"])).json()["messages"][-1]
    assert alice["order"][0].startswith("Offer #1 to ") and "you give" in alice["order"][0]
    assert bob["order"] and bob["order"][0].startswith("Offer #1 from ") and "said to be" in bob["order"][0]
    assert carol["order"] == [] and carol["text"] == "Here it is"
    # the game has it: bob's trade page lists the offer received
    game = Game.objects.get(pk=t.game.pk)
    from tresham.platform.play import services

    rules = services.rules_of(game)
    assert [o["id"] for o in trade_page(rules.loads(game.state), 1)["offers_received"]] == [1]
    html = t.c(t.bob).get(f"/games/{t.game.pk}/talk/{conv['id']}/").content.decode()
    assert "Order given from this conversation" in html and "Offer #1 from " in html
    assert "binds no one (28.3)" in html  # the game's words: what a message says binds no one
    # the same client key again: the first answer, nothing given twice
    r = post_json(t.c(t.alice), f"{t.url(conv['id'])}/orders", {"order": offer(t, 1), "text": "Here it is",
                                                                 "client_key": "talk-offer-1"})
    assert r.status_code == 201 and r.json()["replayed"] is True and r.json()["message"]["id"] == out["message"]["id"]
    assert Message.objects.filter(order_seq__isnull=False).count() == 1


@pytest.mark.site("SITE-CHAT-03")
def test_an_order_from_a_conversation_goes_to_one_of_its_seats_and_must_be_legal(market):
    t = market
    conv = t.start(t.alice, [1], "hello")
    url = f"{t.url(conv['id'])}/orders"
    revision = Game.objects.get(pk=t.game.pk).revision
    r = post_json(t.c(t.alice), url, {"order": offer(t, 3)})  # dave is not in the conversation
    assert r.status_code == 403 and r.json()["error"] == "not_a_member"
    r = post_json(t.c(t.alice), url, {"order": {"type": "trade_done"}})  # not an order given to another
    assert r.status_code == 400 and r.json()["error"] == "not_a_talk_order"
    bad = {**offer(t, 1), "give": ["no-such-card"] * 3}
    r = post_json(t.c(t.alice), url, {"order": bad})
    assert r.status_code == 400 and r.json()["error"] == "illegal_order" and r.json()["rule"] == "28.2"
    r = post_json(t.c(t.carol), url, {"order": offer(t, 1)})  # not a member
    assert r.status_code == 403
    assert Game.objects.get(pk=t.game.pk).revision == revision  # nothing was given
    assert Message.objects.filter(conversation_id=conv["id"]).count() == 1


@pytest.mark.site("SITE-CHAT-03")
def test_the_conversation_page_offers_the_trade_offer_and_gives_it(market):
    t = market
    conv = t.start(t.alice, [1], "hello")
    page = f"/games/{t.game.pk}/talk/{conv['id']}/"
    html = t.c(t.alice).get(page).content.decode()
    assert "<code>trade_offer</code>" in html and "&quot;to&quot;: 1" in html
    import json

    r = t.c(t.alice).post(page, {"action": "order", "order": json.dumps(offer(t, 1)), "text": "from the page",
                                 "client_key": "page-offer", "revision": Game.objects.get(pk=t.game.pk).revision})
    assert r.status_code == 303, r.content.decode()[:2000]
    m = Message.objects.filter(conversation_id=conv["id"]).last()
    assert m.order_seq == Game.objects.get(pk=t.game.pk).revision and m.text == "from the page"
    r = t.c(t.alice).post(page, {"action": "order", "order": json.dumps({**offer(t, 1), "give": ["x"] * 3})})
    assert r.status_code == 400 and "28.2" in r.content.decode()


@pytest.mark.site("SITE-CHAT-03")
def test_the_trade_page_makes_the_offer_with_its_own_cards_and_the_conversation_holds_it(market):
    """The conversation links the game's own trade page (``Offers.talk_page``) with the partner
    and the conversation named; the offer made there with the page's card controls shows in
    the conversation, with its message; a refused one changes nothing and stays on the page."""
    t = market
    conv = t.start(t.alice, [1], "Three for three?")
    page = t.c(t.alice).get(f"/games/{t.game.pk}/talk/{conv['id']}/").content.decode()
    link = f"/games/{t.game.pk}/trade/?to=1&amp;talk={conv['id']}"
    assert link in page and ">Trade with " in page
    trade = t.c(t.alice).get(f"/games/{t.game.pk}/trade/?to=1&talk={conv['id']}").content.decode()
    assert 'id="from-talk"' in trade and f'name="talk" value="{conv["id"]}"' in trade
    assert 'value="1" id="to-1" required checked' in trade
    assert 'id="to-2"' not in trade and 'id="to-3"' not in trade  # only the conversation's partners
    # a refused offer (two cards: an offer gives at least three, 28.3): 400, nothing given, no message
    revision = Game.objects.get(pk=t.game.pk).revision
    form = {"action": "offer", "talk": conv["id"], "to": 1, "give": ["0", "1"], "talk_text": "two only",
            "expect_0": "dont_care", "expect_1": "dont_care", "expect_2": "dont_care", "client_key": "tp-1"}
    r = t.c(t.alice).post(f"/games/{t.game.pk}/trade/", form)
    assert r.status_code == 400 and Game.objects.get(pk=t.game.pk).revision == revision
    assert 'id="from-talk"' in r.content.decode()
    assert not Message.objects.filter(text="two only").exists()
    # three cards: given, and the conversation holds it with its message
    r = t.c(t.alice).post(f"/games/{t.game.pk}/trade/", {**form, "give": ["0", "1", "2"], "talk_text": "as said",
                                                          "client_key": "tp-2"})
    assert r.status_code == 303 and r["Location"] == f"/games/{t.game.pk}/talk/{conv['id']}/"
    assert Game.objects.get(pk=t.game.pk).revision == revision + 1
    m = Message.objects.get(text="as said")
    assert m.order_seq == revision + 1 and m.conversation_id == conv["id"]
    bob = t.c(t.bob).get(f"/games/{t.game.pk}/talk/{conv['id']}/").content.decode()
    assert "as said" in bob and "Offer #1 from " in bob
    # a conversation he is not in names nothing: the page is the plain trade page
    other = t.start(t.bob, [2], "between us")
    plain = t.c(t.alice).get(f"/games/{t.game.pk}/trade/?talk={other['id']}").content.decode()
    assert 'id="from-talk"' not in plain
