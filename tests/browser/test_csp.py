"""The site works under its Content-Security-Policy in a real browser (SITE-SAFE-08): the
console check of every browser test fails on a violation (proved here on a page that breaks
the policy on purpose), and the pages the game tests do not open (accounts, pauses, quitting,
help, the administrators' pages) run their scripts with no violation. The game pages, the map
with its click scripts, the trade page and the live updates are checked by the other browser
tests through the same console check."""
from __future__ import annotations

import secrets
import sqlite3

import pytest

from .conftest import assert_no_console_errors, register

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.site("SITE-SAFE-08")]


def test_the_console_check_fails_on_a_policy_violation(spectator, site):
    """A positive control: an inline script and a style attribute put in a page of the site
    are refused by the browser, and the check says so."""
    spectator.goto("/help/")
    assert_no_console_errors(spectator)
    spectator.evaluate("""() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.body.appendChild(s);
      const p = document.createElement('p');
      p.setAttribute('style', 'color: red');
      document.body.appendChild(p);
    }""")
    spectator.wait_for_timeout(200)  # the violation events are queued as tasks
    assert spectator.evaluate("() => window.__inlineRan === undefined")
    with pytest.raises(AssertionError) as e:
        assert_no_console_errors(spectator, "the help page, broken on purpose")
    text = str(e.value)
    assert "Content Security Policy" in text and "script-src" in text and "style-src" in text


def test_the_pages_outside_a_game_run_their_scripts_under_the_policy(browser, site):
    someone = register(browser, site, f"root{secrets.token_hex(2)}")
    page = someone.page
    try:
        pages = ["/", "/lobby/", "/lobby/open/", "/lobby/new/", "/lobby/new/?kind=tigris", "/help/",
                 "/help/trading/", "/help/playing/?game=tigris", "/rankings/", "/accounts/me/", "/accounts/friends/",
                 "/accounts/report/", "/accounts/password/", "/quit/", "/accounts/conduct/"]
        for url in pages:
            r = page.goto(url)
            assert r.status == 200, f"{url}: {r.status}"
            policy = {d.strip() for d in r.headers["content-security-policy"].split(";")}
            assert {"default-src 'self'", "script-src 'self'", "style-src 'self'"} <= policy, url
            assert_no_console_errors(page, url)
        # the pause request counts its days (pause.js)
        page.goto("/pauses/")
        page.locator("#id_start_date").fill("2031-03-01")
        page.locator("#id_end_date").fill("2031-03-03")
        assert page.locator("output#days").inner_text() == "3"
        assert_no_console_errors(page, "the pause page")
        # the new-game form shows and hides its dependent options (options.js)
        page.goto("/lobby/new/")
        assert_no_console_errors(page, "the new-game page")
        # the administrators' pages: their scripts build the two-list permission picker
        with sqlite3.connect(site.oracle.db, timeout=30) as db:
            db.execute("UPDATE auth_user SET is_staff = 1, is_superuser = 1 WHERE username = ?", (someone.username,))
        for url in ("/admin/", "/admin/auth/user/", "/admin/play/", "/admin/axes/accessattempt/"):
            r = page.goto(url)
            assert r.status == 200, f"{url}: {r.status}"
            assert_no_console_errors(page, url)
        page.goto("/admin/auth/user/")
        page.get_by_role("link", name=someone.username, exact=True).click()
        page.wait_for_load_state()
        assert page.locator(".selector-available").count() >= 1, "the admin's SelectFilter did not run"
        assert_no_console_errors(page, "the admin's user page")
    finally:
        someone.context.close()
