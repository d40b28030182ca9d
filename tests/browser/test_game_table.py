"""The game page as a table in a real browser (issue 24): the action bar stays in view while the
page scrolls and its countdown counts (SITE-TABLE-01); at 1280x800 the decision's first control
is in view without scrolling, beside the map, and at 390x844 the decision follows the map
directly (SITE-TABLE-02); the raw order box is closed behind "Advanced" (SITE-TABLE-04).
Screenshots go to test-artifacts/; with TRESHAM_README_SCREENSHOT=1 the table at 1280x800 becomes
the README's picture (docs/images/game-in-progress.png)."""
from __future__ import annotations

import pytest

from .conftest import (SIZES, BrowserGame, assert_no_console_errors, check_axe, game_url, log_in, screenshot,
                       update_readme_screenshot)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: the first control a player fills in of the decision he owes
FIRST_CONTROL = ("#decisions form.decision-form:not([hidden]) select, #decisions form.decision-form:not([hidden]) textarea, "
                 "#decisions form.decision-form:not([hidden]) input:not([type=hidden]), "
                 "#decisions form.decision-form:not([hidden]) button, #decisions #map-orders select, "
                 "#decisions #map-orders button")


def _owing(site, game: BrowserGame):
    d = site.oracle.required(game.id)
    assert d is not None, "the game waits on no one"
    return d, game.by_seat[d.player]


@pytest.mark.site("SITE-TABLE-01")
def test_the_action_bar_stays_in_view_and_counts_down(browser, site, game: BrowserGame):
    d, player = _owing(site, game)
    me = log_in(browser, site, player.username, player.password, size=SIZES["1280x800"])
    try:
        page = me.page
        page.clock.install()  # the page's own clock, moved on by the test
        page.goto(game_url(game.id))
        bar = page.locator("#action-bar")
        assert bar.count() == 1
        text = bar.inner_text()
        assert text.startswith(d.prompt), text
        assert "due in " in text and "Go to your decision" in text
        countdown = bar.locator("time[data-countdown]")
        before = countdown.inner_text()
        page.clock.fast_forward("01:01:00")  # an hour and a minute later
        page.wait_for_function("b => document.querySelector('#action-bar time[data-countdown]').textContent !== b",
                               arg=before)
        after = countdown.inner_text()
        assert after != before and after.startswith("in "), (before, after)
        # the absolute time beside it is the same moment, in the viewer's zone (UTC here)
        absolute = bar.locator("time:not([data-countdown])")
        assert absolute.get_attribute("datetime") == countdown.get_attribute("datetime")
        assert absolute.inner_text().endswith("UTC")
        # scrolled to the bottom of the page, the bar is still at the top of the screen
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        page.wait_for_function("() => window.scrollY > 500")
        box = bar.bounding_box()
        assert 0 <= box["y"] <= 5 and box["height"] < 120, box
        screenshot(page, "action-bar-scrolled-1280x800")
        # the same bar on the game's other pages
        for link in ("History", "A.S.T.", "Advances", "Messages"):
            page.get_by_role("navigation", name="This game").get_by_role("link", name=link, exact=True).click()
            page.wait_for_load_state()
            assert page.locator("#action-bar").inner_text().startswith(d.prompt), link
        # its link leads to the decision on the game page
        page.locator("#action-bar a").click()
        page.wait_for_load_state()
        assert page.url.endswith(f"{game_url(game.id)}#decisions"), page.url
        assert_no_console_errors(page)
    finally:
        me.context.close()


@pytest.mark.site("SITE-TABLE-02", "SITE-TABLE-04")
def test_the_map_and_the_decision_share_the_screen(browser, site, game: BrowserGame):
    d, player = _owing(site, game)
    for size in ("1280x800", "390x844"):
        width, height = SIZES[size]
        me = log_in(browser, site, player.username, player.password, size=(width, height))
        try:
            page = me.page
            page.goto(game_url(game.id))
            assert page.evaluate("() => window.scrollY") == 0
            board = page.locator("#map").bounding_box()
            decisions = page.locator("#decisions").bounding_box()
            control = page.locator(FIRST_CONTROL).first
            assert control.count() == 1, "no decision form"
            first = control.bounding_box()
            if size == "1280x800":
                # in view without scrolling, and beside the map
                assert first["y"] >= 0 and first["y"] + first["height"] <= height, first
                assert first["x"] > board["x"] + board["width"], (first, board)
                assert decisions["x"] > board["x"] + board["width"] and decisions["y"] < height / 2, decisions
            else:
                # the map, then the decision directly below it (only the map's own orders between)
                between = page.evaluate("""() => {
                  const m = document.querySelector('#map'), d = document.querySelector('#decisions');
                  const out = [];
                  for (const e of document.querySelectorAll('main section, main form, main h2')) {
                    const r = e.getBoundingClientRect(), mb = m.getBoundingClientRect().bottom;
                    if (r.top >= mb && r.top < d.getBoundingClientRect().top && !e.closest('#map, #map-orders, #decisions'))
                      out.push(e.id || e.tagName);
                  }
                  return out;
                }""")
                assert between == [], between
                assert decisions["y"] >= board["y"] + board["height"] - 1, (decisions, board)
                assert abs(decisions["x"] - board["x"]) < 2
            # the raw order box: closed behind "Advanced"
            box = page.locator("details#advanced-order")
            assert box.count() == 1 and box.get_attribute("open") is None
            assert not page.locator("#order textarea").is_visible()
            assert box.locator("> summary").inner_text() == "Advanced: type an order"
            assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
            shot = screenshot(page, f"game-table-{size}")
            if size == "1280x800":  # the README's picture: the table with a decision beside the map
                update_readme_screenshot(shot)
            check_axe(page, f"the game table at {size}")
            assert_no_console_errors(page)
        finally:
            me.context.close()
