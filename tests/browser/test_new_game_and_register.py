"""The new-game form offers only what fits the player count, and registration takes the time
zone from the browser (SITE-TABLE-12, issue 24 finding 9), in a real browser with and without
scripts. The server side of both: tests/platform/lobby/test_new_game_form.py and
tests/platform/accounts/test_auth.py."""
from __future__ import annotations

import secrets
import sqlite3

import pytest

from .conftest import (SIZES, CHROMIUM_ARGS, Player, assert_no_console_errors, check_axe, log_in, main_text,
                       new_context, new_page, screenshot)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.site("SITE-TABLE-12")]

PHONE = SIZES["390x844"]
#: the choices of a drop-down and the bot seats a person can see and pick
SHOWN = """() => ({
  boards: [...document.querySelectorAll('#id_opt_board option')].filter(o => !o.hidden && !o.disabled).map(o => o.value),
  board: document.querySelector('#id_opt_board').value,
  seats: [...document.querySelectorAll('input[name=bot_seats]')].filter(b => !b.disabled && b.offsetParent !== null).map(b => b.value),
  ticked: [...document.querySelectorAll('input[name=bot_seats]:checked')].map(b => b.value),
  tokens: document.querySelector('span.suggested').textContent,
})"""


def test_the_new_game_form_follows_the_player_count(browser, site, players):
    someone = log_in(browser, site, players[0].username, players[0].password, size=PHONE)
    page = someone.page
    try:
        page.goto("/lobby/new/")
        assert page.locator("#id_opt_players").input_value() == "5"
        shown = page.evaluate(SHOWN)
        assert shown["boards"] == ["", "five_panels_2_3", "five_wem_drop_two_west", "five_wem_drop_two_east"]
        assert shown["seats"] == ["0", "1", "2", "3", "4"] and shown["tokens"] == "Suggested for 5 players: 47"
        page.locator("#id_opt_players").select_option("3")
        page.locator("#id_opt_board").select_option("three")
        page.locator("#id_bot_seats_2").check()
        shown = page.evaluate(SHOWN)
        assert shown["boards"] == ["", "three"] and shown["board"] == "three"
        assert shown["seats"] == ["0", "1", "2"] and shown["ticked"] == ["2"]
        assert shown["tokens"] == "Suggested for 3 players: 47"
        # SITE-BOT-05: each seat's bot level, for the seats of the count only, the default chosen
        assert page.locator("#id_bot_level_2").is_visible() and not page.locator("#id_bot_level_3").is_visible()
        assert page.locator("#id_bot_level_2").input_value() == "trader"
        screenshot(page, "new-game-3-players-390x844", full_page=True)
        page.locator("#id_opt_players").select_option("8")  # board three no longer fits: the standard one
        shown = page.evaluate(SHOWN)
        assert shown["boards"] == ["", "full_8p"] and shown["board"] == ""
        assert shown["seats"] == [str(i) for i in range(8)] and shown["ticked"] == ["2"]
        page.locator("#id_opt_players").select_option("2")  # seat 3 is gone, and its tick
        shown = page.evaluate(SHOWN)
        assert shown["seats"] == ["0", "1"] and shown["ticked"] == [] and shown["tokens"] == "Suggested for 2 players: 55"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
        check_axe(page, "the new-game page")
        assert_no_console_errors(page, "the new-game page")
    finally:
        someone.context.close()


def test_without_scripts_bot_seats_beyond_the_count_are_refused(browser, site, players):
    ctx = browser.new_context(base_url=site.url, viewport={"width": PHONE[0], "height": PHONE[1]},
                              java_script_enabled=False)
    try:
        page = ctx.new_page()
        page.goto("/accounts/login/")
        page.locator("#id_username").fill(players[1].username)
        page.locator("#id_password").fill(players[1].password)
        page.get_by_role("button", name="Log in").click()
        page.goto("/lobby/new/")
        name = f"Too many bots {secrets.token_hex(2)}"
        page.locator("#id_name").fill(name)
        page.locator("#id_opt_players").select_option("3")
        assert page.locator("#id_bot_seats_4").is_visible()  # every seat shows without the script
        page.locator("#id_bot_seats_3").check()
        page.locator("#id_bot_seats_4").check()
        page.get_by_role("button", name="Create the game").click()
        page.wait_for_load_state()
        seats = page.get_by_role("group", name="Seats for the bot")
        assert "a 3-player game has seats 1 to 3 only, not seat 4 or 5: at most 2 bots beside you" in seats.inner_text()
        with sqlite3.connect(f"file:{site.oracle.db}?mode=ro", uri=True, timeout=30) as db:
            assert db.execute("SELECT COUNT(*) FROM play_game WHERE name = ?", (name,)).fetchone() == (0,)
    finally:
        ctx.close()


def _register_page(browser, site, zone: str, *, scripts: bool = True):
    ctx = browser.new_context(base_url=site.url, viewport={"width": PHONE[0], "height": PHONE[1]},
                              locale="en-GB", timezone_id=zone, java_script_enabled=scripts)
    page = new_page(ctx, site.url) if scripts else ctx.new_page()
    page.goto("/accounts/register/")
    return ctx, page


def test_registration_takes_the_time_zone_from_the_browser(browser, site):
    ctx, page = _register_page(browser, site, "America/New_York")
    try:
        assert page.locator("#id_time_zone").input_value() == "America/New_York"
        screenshot(page, "register-390x844", full_page=True)
        check_axe(page, "the register page")
        username, password = f"nyc{secrets.token_hex(2)}", secrets.token_urlsafe(12)
        page.locator("#id_username").fill(username)
        page.locator("#id_email").fill(f"{username}@example.org")
        page.locator("#id_password1").fill(password)
        page.locator("#id_password2").fill(password)
        page.get_by_role("button", name="Open the account").click()
        page.wait_for_load_state()
        assert "/accounts/register/" not in page.url, main_text(page)
        page.goto("/accounts/me/")
        assert page.locator("#id_time_zone").input_value() == "America/New_York"
        assert_no_console_errors(page, "registering")
    finally:
        ctx.close()
    # a zone he chose himself stays when the form comes back with an error
    ctx, page = _register_page(browser, site, "Asia/Tokyo")
    try:
        assert page.locator("#id_time_zone").input_value() == "Asia/Tokyo"
        page.locator("#id_time_zone").select_option("Europe/Lisbon")
        page.locator("#id_username").fill(f"lis{secrets.token_hex(2)}")
        page.get_by_role("button", name="Open the account").click()  # no address, no password
        page.wait_for_load_state()
        assert "/accounts/register/" in page.url
        assert page.locator("#id_time_zone").input_value() == "Europe/Lisbon"
    finally:
        ctx.close()


def test_without_scripts_registration_keeps_the_default_time_zone(browser, site):
    ctx, page = _register_page(browser, site, "Asia/Tokyo", scripts=False)
    try:
        assert page.locator("#id_time_zone").input_value() == "UTC"
    finally:
        ctx.close()
