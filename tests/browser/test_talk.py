"""The table talk played in the browser (issue 25): two players of a game negotiate in a
private conversation, as people would, each in his own browser.

Seat 1 opens a conversation with seat 2 from the talk page; seat 2, looking at his game page,
sees "1 unread message" appear without reloading (the live stream says only that something
changed); he reads it (escaped: the markup written is shown as text) and answers. The third
seat and a visitor get 403 at the conversation's address and find no word of it in any page
they can open. The talk pages fit a phone (390 px), with no console error and no serious or
critical axe violation."""
from __future__ import annotations

import secrets

import pytest

from .conftest import (PHONE, BrowserGame, assert_no_console_errors, check_axe, game_url, main_text,
                       screenshot, watch)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.site("SITE-CHAT-01")
@pytest.mark.site("SITE-CHAT-02")
@pytest.mark.site("SITE-CHAT-06")
def test_two_players_negotiate_in_private_and_the_others_read_nothing(site, game: BrowserGame, spectator):
    alice, bob, carol = game.by_seat[0], game.by_seat[1], game.by_seat[2]
    word = secrets.token_hex(4)
    text = f"Deal {word}? I give <b>Salt</b> & Ochre for your Grain."

    # bob watches his game page; nothing is unread yet
    bob.page.goto(game_url(game.id))
    before = bob.page.locator("#talk-unread").inner_text()
    assert "No unread message" in before, before

    # alice starts the conversation with bob
    page = alice.page
    page.goto(f"/games/{game.id}/talk/")
    check_axe(page, "the talk page")
    page.get_by_label(str(bob.username), exact=False).check()
    page.get_by_label("Your message").fill(text)
    page.get_by_role("button", name="Start").click()
    page.wait_for_load_state()
    assert text in main_text(page), main_text(page)
    conversation_url = page.url
    assert "/talk/" in conversation_url and conversation_url.rstrip("/").split("/")[-1].isdigit(), conversation_url
    assert_no_console_errors(page, "alice's conversation page")

    # bob's page learns it live (the stream carries a number; live.js reloads the page)
    bob.page.locator("#talk-unread").get_by_text("1 unread message").wait_for(timeout=20_000)
    # follow the link's address: a click may race the live reload of the page (another seat's
    # order, a bot's, reloads it), which would land on the game page again
    href = bob.page.locator("#talk-unread").get_by_role("link", name="read them").get_attribute("href")
    bob.page.goto(href)
    if bob.page.locator("#talk-messages").count() == 0:  # the list of his conversations
        link = bob.page.locator("#conversations a", has_text=alice.username)
        assert link.count() == 1, main_text(bob.page)
        assert "1 unread" in bob.page.locator("#conversations").inner_text()
        bob.page.goto(link.get_attribute("href"))
    shown = bob.page.locator("#talk-messages").inner_text()
    assert text in shown, shown  # as written, markup and all: escaped, not rendered
    assert bob.page.locator("#talk-messages b").count() == 0
    bob.page.get_by_label("Your message").fill(f"Agreed {word}, send the offer.")
    bob.page.get_by_role("button", name="Send").click()
    bob.page.locator("#talk-messages").get_by_text(f"Agreed {word}").wait_for(timeout=20_000)
    check_axe(bob.page, "bob's conversation page")
    assert_no_console_errors(bob.page, "bob's conversation page")

    # on a phone the conversation fits
    bob.page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    try:
        bob.page.reload()
        assert bob.page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
        screenshot(bob.page, "talk-conversation-390x844", full_page=True)
    finally:
        bob.page.set_viewport_size({"width": 1280, "height": 800})

    # the third seat and a visitor: 403, and no word of it anywhere they look
    visitor = spectator
    for who, p in (("carol", carol.page), ("a visitor", visitor)):
        response = p.goto(conversation_url)
        assert response is not None and response.status == 403, (who, response and response.status)
        # the browser reports the 403 on the console: expected here, and not for the next test to find
        w = watch(p)
        assert all("403" in e for e in w.console_errors), w.console_errors
        w.console_errors = []
        assert word not in p.content(), who
        for address in (game_url(game.id), f"/games/{game.id}/talk/", f"/games/{game.id}/history/",
                        f"/games/{game.id}/messages/"):
            p.goto(address)
            assert word not in p.content(), (who, address)
    carol.page.goto(f"/games/{game.id}/talk/")
    assert alice.username not in carol.page.locator("#conversations").inner_text()
