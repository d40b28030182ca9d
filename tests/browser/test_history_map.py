"""The history on the map in a real browser (SITE-TABLE-10): a player steps back to the start
and forth through the game's phases with the stepper's links; with the script each step is
fetched alone and swapped in (the base map fetched once for all of them), the address follows,
and the browser's Back steps back; the pieces drawn are those of the step. Screenshots at
1280x800 and 390x844."""
from __future__ import annotations

import re

import pytest

from .conftest import SIZES, BrowserGame, assert_no_console_errors, check_axe, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LABEL = "#step-label"


def _pieces(page) -> int:
    return page.locator("#step-board-view g.pieces g.pc").count()


@pytest.mark.site("SITE-TABLE-10")
def test_a_player_steps_back_and_forth_on_the_map(game: BrowserGame, site):
    player = game.by_seat[0]
    page = player.page
    revision = site.oracle.game(game.id)["revision"]
    svg_requests: list[str] = []
    page.on("request", lambda r: svg_requests.append(r.url) if "/board.svg" in r.url else None)
    try:
        page.set_viewport_size({"width": SIZES["1280x800"][0], "height": SIZES["1280x800"][1]})
        page.goto(f"/games/{game.id}/history/")
        page.wait_for_selector("#step-board-view g.board-base g.area", state="attached")  # the base map inlined
        assert re.fullmatch(rf".+ \(order {revision} of {revision}\)", page.locator(LABEL).inner_text())
        now = _pieces(page)
        assert now > 0 and now == page.evaluate("""async (id) => (await (await fetch(`/games/${id}/board.json`)).json())
                                                   .pieces.length""", game.id)  # the game page's own map, now
        # back to the start: nothing on the board, the address follows
        page.locator('#step-now a[rel="first"]').click()
        page.wait_for_function("() => document.querySelector('#step-label').textContent.includes('the start')")
        assert _pieces(page) == 0 and page.url.endswith("?at=0#steps")
        # phase by phase: each step its label and its own pieces (the nations' first tokens)
        labels = [page.locator(LABEL).inner_text()]
        counts = [0]
        while len(labels) < 4 and page.locator('#step-now a[rel="next"]').count():
            page.locator('#step-now a[rel="next"]').click()
            page.wait_for_function("(old) => document.querySelector('#step-label').textContent !== old", arg=labels[-1])
            labels.append(page.locator(LABEL).inner_text())
            counts.append(_pieces(page))
            at = int(re.search(r"order (\d+) of", labels[-1]).group(1))
            assert page.url.endswith(f"?at={at}#steps")
            assert counts[-1] == page.evaluate(
                """async (u) => { const t = await (await fetch(u)).text();
                   return (t.match(/class="pc /g) || []).length; }""", f"/games/{game.id}/steps/?at={at}")
        assert len(labels) >= 2 and len(set(labels)) == len(labels) and counts[-1] > 0
        # the browser's Back steps back; one order back and on by the small links
        page.go_back()
        page.wait_for_function("(want) => document.querySelector('#step-label').textContent === want", arg=labels[-2])
        assert _pieces(page) == counts[-2]
        page.get_by_role("link", name="One order on").click()
        page.wait_for_function("(old) => document.querySelector('#step-label').textContent !== old", arg=labels[-2])
        page.locator('#step-now a[rel="last"]').click()
        page.wait_for_function("(want) => document.querySelector('#step-label').textContent.includes(want)",
                               arg=f"order {revision} of {revision}")
        assert _pieces(page) == now
        # the list of phases, without a reload
        page.locator("#step-at").select_option(value="0")
        page.get_by_role("button", name="Show this step").click()
        page.wait_for_function("() => document.querySelector('#step-label').textContent.includes('the start')")
        assert _pieces(page) == 0
        assert len([u for u in svg_requests if "/board.svg" in u]) == 1, svg_requests  # the base map once
        assert_no_console_errors(page, "the history's map")
        check_axe(page, "the history's map")
        for size in SIZES:
            page.set_viewport_size({"width": SIZES[size][0], "height": SIZES[size][1]})
            page.locator("#steps").scroll_into_view_if_needed()
            screenshot(page, f"history-map-{size}")
            assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    finally:
        page.set_viewport_size({"width": SIZES["1280x800"][0], "height": SIZES["1280x800"][1]})
