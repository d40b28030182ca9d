"""The site's pages in a real browser (Debian's chromium through Playwright): three players set
up a three-player game through the pages and pick their nations with the game page's order
form; each page of a game in progress loads without console errors, has no serious or critical
accessibility violation (axe-core) and shows no other seat's hand, at 1280x800 and 390x844;
the first three turns are played through the order form. Screenshots go to test-artifacts/.
"""
from __future__ import annotations


import pytest

from .conftest import (SIZES, BrowserGame, assert_no_console_errors, assert_no_leak, axe_violations, check_axe,
                       game_url, hand_leaks, log_in, main_text, screenshot, submit_order,
                       waits_on_me)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: The pages of a game in progress: how to reach each from the game page (its link in the
#: game's top panel) or its address, with the site IDs it shows.
PAGES = [
    pytest.param("lobby", "/lobby/", marks=pytest.mark.site("SITE-GEN-01", "SITE-LIST-01", "SITE-LIST-02")),
    pytest.param("game", "Map and orders", marks=pytest.mark.site("SITE-GEN-02", "SITE-GEN-05")),
    pytest.param("trade", "Trade", marks=pytest.mark.site("SITE-TRADE-01")),
    pytest.param("ast", "A.S.T.", marks=pytest.mark.site("SITE-AST-02", "SITE-AST-03")),
    pytest.param("advances", "Advances", marks=pytest.mark.site("SITE-ADV-09", "SITE-ADV-10")),
    pytest.param("history", "History", marks=pytest.mark.site("SITE-HIST-01")),
]
TURNS = 3
MAX_ORDERS = 200


@pytest.mark.site("SITE-CREATE-01", "SITE-LIST-03", "SITE-PICK-01", "SITE-PICK-03", "SITE-PICK-05")
def test_three_players_set_up_a_game_and_pick_their_nations(game: BrowserGame, site):
    state = site.oracle.state(game.id)
    assert state.phase != "pick"
    nations = {p.seat: p.nation for p in state.players}
    assert [n for _, n, _ in game.picks] == [nations[s] for s, _, _ in game.picks]
    assert len(set(nations.values())) == 3
    for seat, player in game.by_seat.items():  # each sees his own nation among the players
        player.page.goto(game_url(game.id))
        players = player.page.get_by_role("region", name="Players").inner_text()
        assert f"{player.username} (you)" in players
        assert_no_console_errors(player.page)


@pytest.mark.site("SITE-GEN-03", "SITE-LIST-02")
def test_a_second_browser_logs_in_and_opens_the_game_from_the_list(browser, site, game: BrowserGame):
    someone = game.by_seat[1]
    phone = log_in(browser, site, someone.username, someone.password, size=SIZES["390x844"])
    try:
        page = phone.page
        page.get_by_role("navigation", name="Site").get_by_role("link", name="Game List").click()
        page.get_by_role("link", name=game.name, exact=True).click()
        page.wait_for_load_state()
        assert page.url.endswith(game_url(game.id)), page.url
        assert page.get_by_role("heading", name=game.name, level=1).count()
        assert_no_console_errors(page)
    finally:
        phone.context.close()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize(("name", "how"), PAGES)
def test_page_of_a_game_in_progress(game: BrowserGame, site, spectator, name, how, size):
    seat = 0
    player = game.by_seat[seat]
    page = player.page
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    try:
        if how.startswith("/"):
            response = page.goto(how)
            assert response.status == 200, f"{how}: {response.status}"
        else:
            page.goto(game_url(game.id))
            page.get_by_role("navigation", name="This game").get_by_role("link", name=how, exact=True).click()
            page.wait_for_load_state()
        assert page.locator("h1").count() >= 1, f"{name}: no heading\n{main_text(page)}"
        assert_no_console_errors(page, f"the {name} page")
        check_axe(page, f"the {name} page at {size}")
        screenshot(page, f"{name}-{size}", full_page=True)
        assert_no_leak(page, site, game.id, seat, spectator=spectator, what=f"the {name} page")
    finally:
        page.set_viewport_size({"width": SIZES["1280x800"][0], "height": SIZES["1280x800"][1]})


@pytest.mark.site("SITE-GEN-02", "SITE-PICK-03")
def test_first_three_turns_through_the_order_form(game: BrowserGame, site, spectator):
    """The seat the game waits on gives, on its game page, the order the game's bot would give
    (the test's oracle decides it from the true state); every page after an order is checked
    for console errors and leaks. Then screenshots of the map at both sizes."""
    oracle = site.oracle
    orders = 0
    while oracle.state(game.id).turn <= TURNS:
        d = oracle.required(game.id)
        assert d is not None, "the game waits on no one"
        player = game.by_seat[d.player]
        order = oracle.bot_order(game.id, d.player, str(orders))
        assert not oracle.rules.is_site_order(order), f"the bot would leave {d.kind} to the site: {order}"
        page = player.page
        page.goto(game_url(game.id))
        assert waits_on_me(page), f"{player}'s page does not say the game waits on him:\n{main_text(page)}"
        submit_order(page, game.id, order)
        assert_no_console_errors(page, f"{player}'s game page after order {orders + 1}")
        assert_no_leak(page, site, game.id, d.player, spectator=spectator)
        orders += 1
        assert orders < MAX_ORDERS, "three turns take too many orders"
    state = oracle.state(game.id)
    assert state.turn == TURNS + 1
    viewer = game.by_seat[0].page
    for size, (width, height) in SIZES.items():
        viewer.set_viewport_size({"width": width, "height": height})
        viewer.goto(game_url(game.id))
        screenshot(viewer, f"game-turn-{state.turn}-{size}")
        screenshot(viewer, f"map-{size}", element=viewer.locator("#map"))
        assert_no_console_errors(viewer)
    viewer.set_viewport_size({"width": SIZES["1280x800"][0], "height": SIZES["1280x800"][1]})


def test_the_leak_check_finds_a_hand():
    """The page check of :func:`hand_leaks` itself: another seat's card in a page is found,
    one's own cards and what a spectator also sees are not."""
    others = {1: ["Salt", "Grain"], 2: ["Civil War"]}
    assert hand_leaks("<li>Salt</li>", ["Ochre"], others)
    assert hand_leaks("<p>Civil War</p>", [], others)
    assert not hand_leaks("<li>Ochre</li><li>Salt</li>", ["Ochre", "Salt"], {1: ["Salt"]})
    assert not hand_leaks("<p>Flood: Civil War</p>", [], others, public_html="<p>Civil War</p>")
    assert hand_leaks("<p>Civil War</p><p>Civil War</p>", [], others, public_html="<p>Civil War</p>")
    assert not hand_leaks("<p>Saltpetre, Civil-War</p>", [], others)


def test_the_axe_check_finds_a_violation(spectator):
    """The axe check itself: a nameless button and an image without alt text (critical) are
    reported, by rule. It runs in a page of its own: the visitor's page is the session's, and
    the image this page loads is refused by the site's policy (a console error the next test
    reading that page would take for its own)."""
    page = spectator.context.new_page()
    try:
        page.set_content('<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><main>'
                         '<h1>t</h1><button></button><img src="data:,"></main></body></html>')
        found = {v["id"] for v in axe_violations(page)}
    finally:
        page.close()
    assert {"button-name", "image-alt"} <= found, found
