"""The game page's map and tables on a phone (390x844) in a real browser: the base map is
requested once (board.js inlines it), gzip-encoded; the page never scrolls sideways (a wide
table scrolls in its own focusable, named region); without scripts the map still shows, still
from one request. Prints the bytes the first load transferred."""
from __future__ import annotations

import pytest

from .conftest import SIZES, BrowserGame, assert_no_console_errors, check_axe, game_url, log_in, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = SIZES["390x844"]
OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
#: the elements that reach past the page's right edge, outside any region that scrolls itself
WIDE = """() => {
  const w = document.documentElement.clientWidth, out = [];
  for (const e of document.querySelectorAll("body *")) {
    if (e.closest(".table-scroll, .board-view, noscript")) continue;
    const r = e.getBoundingClientRect();
    if (r.right > w + 0.5 && r.width) out.push(e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
      (e.className && typeof e.className === "string" ? "." + e.className.split(" ").join(".") : "") + " " + Math.round(r.right));
  }
  return out.slice(0, 12);
}"""


def _record(page) -> list:
    finished: list = []
    page.on("requestfinished", lambda r: finished.append(r))
    return finished


def _transferred(requests) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in requests:
        s = r.sizes()
        out[r.url] = out.get(r.url, 0) + s["responseBodySize"] + s["responseHeadersSize"]
    return out


def test_the_game_page_on_a_phone(browser, site, game: BrowserGame):
    player = game.by_seat[0]
    phone = log_in(browser, site, player.username, player.password, size=PHONE)
    try:
        page = phone.page
        requests = _record(page)
        page.goto(game_url(game.id))
        page.wait_for_selector(".board-view g.board-base g.area", state="attached")  # inlined
        page.wait_for_load_state("networkidle")
        svg = [r for r in requests if "/board.svg" in r.url]
        sizes = _transferred(r for r in requests if not r.url.split("?")[0].endswith("/live"))  # not the event stream
        print(f"\nfirst load at 390x844 (with scripts): {sum(sizes.values())} bytes")
        for url, n in sizes.items():
            print(f"  {n:8d}  {url.removeprefix(site.url)}")
        assert len(svg) == 1, [r.url for r in svg]
        assert svg[0].response().headers.get("content-encoding") == "gzip"
        assert page.evaluate(OVERFLOW) <= 0, f"the page scrolls sideways: {page.evaluate(WIDE)}"
        box = page.locator("#board-view").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0] and box["height"] < PHONE[1] * 0.8
        for name in ("The board", "Public summary"):
            region = page.get_by_role("region", name=name, exact=True)
            assert region.count() == 1, name
            region.focus()
            assert page.evaluate("document.activeElement.className") == "table-scroll"
            r = region.bounding_box()
            assert r["x"] >= 0 and r["x"] + r["width"] <= PHONE[0], name
        check_axe(page, "the game page at 390x844")
        assert_no_console_errors(page)
        screenshot(page, "game-phone-map", element=page.locator("#map"))
    finally:
        phone.context.close()


def test_the_map_shows_without_scripts(browser, site, game: BrowserGame):
    ctx = browser.new_context(base_url=site.url, viewport={"width": PHONE[0], "height": PHONE[1]},
                              java_script_enabled=False)
    try:
        page = ctx.new_page()
        requests = _record(page)
        page.goto(game_url(game.id))
        page.wait_for_load_state("networkidle")
        svg = [r for r in requests if "/board.svg" in r.url]
        assert len(svg) == 1 and svg[0].response().status == 200, [r.url for r in svg]
        # the base map as an image under the stage (no inline style: SITE-SAFE-08)
        shown = page.evaluate("(() => { const i = document.querySelector('#board-view img.board-noscript');"
                              " return i && i.complete ? [i.currentSrc, i.naturalWidth, i.getBoundingClientRect().width]"
                              " : null; })()")
        assert shown and "/board.svg" in shown[0] and shown[1] > 0 and shown[2] > 300, shown
        assert page.evaluate(OVERFLOW) <= 0, f"the page scrolls sideways: {page.evaluate(WIDE)}"
        screenshot(page, "game-phone-map-noscript", element=page.locator("#map"))
    finally:
        ctx.close()
