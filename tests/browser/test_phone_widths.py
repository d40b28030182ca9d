"""No page reachable from the home page in two clicks scrolls sideways on a phone
(SITE-TABLE-11, issue 24 finding 6): at 390x844, as a player with a game in progress and as a
visitor, every page the home page links to, and every page those link to, has
``document.documentElement.scrollWidth`` <= 390; a wide table scrolls inside its own focusable,
named region (``.table-scroll``) instead. Each page also loads with no console error and no
serious or critical axe violation.

The pages are found by following the links (same site, HTML, GET), one page per address
pattern: the digits of a path and the values of its query are not told apart
(``/games/7/history/`` stands for every game's history, ``?type=pick`` for every order type),
so the walk stays bounded. Printed: each page's width, and the elements past the right edge
of those that are too wide. The game list's player queue, after the games on a phone, stands
in the right column on a desktop."""
from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest

from .conftest import (SIZES, BrowserGame, assert_no_console_errors, axe_violations, describe_violations,
                       log_in, new_context, new_page, screenshot)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = SIZES["390x844"]
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
LINKS = "() => [...document.querySelectorAll('a[href]')].map(a => a.href)"
#: addresses not followed: the JSON API, the administrators' site, files, logging out
SKIP = re.compile(r"^/(api|admin|static|media)/|\.(svg|png|json|txt|csv)$|/logout/")
#: the pages issue 24 found too wide (finding 6): a screenshot of each at 390x844 (test-artifacts/)
FIXED = re.compile(r"^/(lobby/(new/|games/N/)?|games/N/(messages|standing-orders|ast|advances)/|pauses/|help/(advances|ages|calamities)/)$")
#: at most this many address patterns per viewer (the walk is bounded)
MAX_PAGES = 60


def _pattern(url: str, base: str) -> str | None:
    """The address pattern of ``url`` (its path with digits as N, its query's keys), or None
    when it is not a page of the site to follow."""
    if not url.startswith(base):
        return None
    parts = urlsplit(url)
    if SKIP.search(parts.path):
        return None
    query = sorted({k for k, _ in parse_qsl(parts.query)})
    return re.sub(r"\d+", "N", parts.path) + ("?" + urlencode([(k, "") for k in query]) if query else "")


def _address(url: str, base: str) -> str:
    parts = urlsplit(url)
    return parts.path + ("?" + parts.query if parts.query else "")


def _walk(page, base: str, who: str, checked: set[str]) -> dict[str, dict]:
    """Every page two clicks from the home page: pattern -> {url, width, wide, errors, axe}
    (or ``skipped``: why it is not measured). axe runs once per pattern of ``checked`` (the
    help pages a visitor reads are the player's but for the site's menu)."""
    seen: dict[str, dict] = {"/": {"url": "/"}}
    frontier = ["/"]
    for depth in range(3):  # the home page, one click, two clicks
        following: list[str] = []
        for url in frontier:
            facts = seen[_pattern(base + url, base)]
            response = page.goto(url)
            ctype = response.headers.get("content-type", "") if response is not None else ""
            if response is None or response.status >= 400 or "text/html" not in ctype:
                facts["skipped"] = f"{response and response.status} {ctype}"
                continue
            landed = _pattern(page.url, base)
            if landed != _pattern(base + url, base):
                facts["redirect"] = _address(page.url, base)
                if landed in seen and "width" in seen[landed]:
                    continue
            facts["width"] = page.evaluate("document.documentElement.scrollWidth")
            facts["wide"] = page.evaluate(WIDE) if facts["width"] > PHONE[0] else []
            try:
                assert_no_console_errors(page, url)
                facts["errors"] = ""
            except AssertionError as e:
                facts["errors"] = str(e)
            bad = axe_violations(page) if landed not in checked else []
            checked.add(landed)
            facts["axe"] = describe_violations(bad) if bad else ""
            if FIXED.match(landed or ""):
                screenshot(page, f"phone-{who.split()[1]}-{landed.strip('/').replace('/', '-')}", full_page=True)
            if depth == 2:
                continue
            for link in page.evaluate(LINKS):
                pattern = _pattern(link, base)
                if pattern is None or pattern in seen:
                    continue
                seen[pattern] = {"url": _address(link, base)}
                following.append(_address(link, base))
        frontier = following
        assert len(seen) <= MAX_PAGES, f"{who}: more than {MAX_PAGES} pages two clicks from home: {sorted(seen)}"
    return seen


def _report(who: str, seen: dict[str, dict]) -> list[str]:
    print(f"\n{who} at {PHONE[0]}x{PHONE[1]}: {len(seen)} pages")
    failures = []
    for pattern, f in sorted(seen.items()):
        if "width" not in f:
            print(f"  {'-':>5}  {f['url']}  " + (f"(not a page: {f['skipped']})" if "skipped" in f
                                                 else f"(goes to {f.get('redirect')}, measured there)"))
            continue
        print(f"  {f['width']:5d}  {f['url']}" + (f" -> {f['redirect']}" if "redirect" in f else "")
              + (f"  past the edge: {f['wide']}" if f["wide"] else ""))
        if f["width"] > PHONE[0]:
            failures.append(f"{who}: {f['url']} is {f['width']} px wide; past the edge: {f['wide']}")
        if f["errors"]:
            failures.append(f["errors"])
        if f["axe"]:
            failures.append(f"{who}: accessibility violations on {f['url']}:\n{f['axe']}")
    return failures


@pytest.mark.site("SITE-TABLE-11")
def test_no_page_two_clicks_from_home_scrolls_sideways_on_a_phone(browser, site, game: BrowserGame):
    player = game.by_seat[0]
    phone = log_in(browser, site, player.username, player.password, size=PHONE)
    visitor_ctx = new_context(browser, site, PHONE)
    visitor = new_page(visitor_ctx, site.url)
    try:
        failures = []
        walked, checked = {}, set()
        for who, page in (("a player with a game in progress", phone.page), ("a visitor", visitor)):
            walked[who] = _walk(page, site.url, who, checked)
            failures += _report(who, walked[who])
        assert {"/", "/lobby/new/", "/games/N/", "/help/"} <= set(walked["a player with a game in progress"]), \
            sorted(walked["a player with a game in progress"])
        assert not failures, "\n".join(failures)
        page = phone.page
        page.goto("/lobby/")  # what the player sees first, at the size of his screen
        screenshot(page, "phone-player-lobby-viewport")
        queue, tabs = page.locator("aside.queue").bounding_box(), page.locator("nav.tabs").bounding_box()
        games = page.locator("section.games").bounding_box()
        assert queue["y"] >= games["y"] + games["height"] > tabs["y"] + tabs["height"], (queue, games, tabs)
        page.set_viewport_size({"width": 1280, "height": 800})  # from 48rem: the queue in the right column
        queue, games = page.locator("aside.queue").bounding_box(), page.locator("section.games").bounding_box()
        assert queue["x"] > games["x"] + games["width"] and queue["y"] < games["y"], (queue, games)
        screenshot(page, "lobby-1280x800-queue-right")
    finally:
        phone.context.close()
        visitor_ctx.close()
