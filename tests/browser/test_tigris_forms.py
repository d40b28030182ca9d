"""The Tigris & Euphrates decision forms in a browser: a click on a square of the map chooses
it in the form the player is using (form_clicks.js; the form's squares outlined on the map),
nothing is sent until he presses the
form's button, and the form's order is then applied (the server's state checked)."""
from __future__ import annotations

import re
import secrets

import pytest

from .conftest import assert_no_console_errors, check_axe, game_url, join_game, register, screenshot
from .test_tigris import create_tigris, tigris_state, whose_turn

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.variant("TE-BASE-35")
def test_a_click_on_the_map_fills_the_tile_form_and_its_button_places_the_tile(browser, site):
    tag = secrets.token_hex(2)
    ann, ben = register(browser, site, f"ann{tag}"), register(browser, site, f"ben{tag}")
    name = f"Tigris forms {tag}"
    try:
        create_tigris(ann, name)
        game_id = site.oracle.game_id(name)
        join_game(ben, name)
        mover = whose_turn([ann, ben], game_id)
        page = mover.page
        seat = site.oracle.seat_of(game_id, mover.username)
        form = page.locator('form[data-form="tile.land"]')
        form.wait_for()
        options = form.locator("#id_tile_land_to option").evaluate_all("os => os.map(o => o.value)")
        square = options[len(options) // 2]  # not the one it starts with
        assert re.fullmatch(r"[A-P]\d{1,2}", square) and form.locator("#id_tile_land_to").input_value() != square
        page.locator("#board-view g.sq[data-area]").first.wait_for()  # the map is inlined
        revision = site.oracle.game(game_id)["revision"]
        page.locator("#id_tile_land_colour").focus()  # the form he is using
        # its squares are outlined on the map, the one chosen more strongly
        assert page.locator("#board-view g.sq.fc-offer").count() == len(options) - 1
        assert page.locator("#board-view g.sq.fc-chosen").count() == 1
        page.locator(f'#board-view g.sq[data-area="{square}"]').click()
        assert form.locator("#id_tile_land_to").input_value() == square
        assert page.locator("#board-view g.sq.fc-chosen").get_attribute("data-area") == square
        screenshot(page, "tigris-form-square-clicked")
        assert square in form.locator(".form-click-status").inner_text()
        assert site.oracle.game(game_id)["revision"] == revision  # nothing sent yet
        colour = form.locator("#id_tile_land_colour").input_value()
        check_axe(page, "the Tigris game page with its forms")
        form.get_by_role("button", name="Place the tile").click()
        page.wait_for_load_state()
        state = tigris_state(site, game_id)
        c, r = ord(square[0]) - 65, int(square[1:]) - 1
        assert state.tiles[(c, r)] == colour and state.actions_left == 1 and state.active == seat
        page.goto(game_url(game_id))
        assert_no_console_errors(page, "the game page after the form's order")
    finally:
        for p in (ann, ben):
            p.context.close()


@pytest.mark.site("SITE-TABLE-03", "SITE-TABLE-13")
def test_the_legal_squares_are_highlighted_focusable_and_enter_chooses_one(browser, site):
    """The land-tile form in use: the squares outlined on the map are exactly the rules' legal
    squares for a land tile (``legal.legal_orders``), each focusable; a square not offered takes
    no click (the form says so); Enter on a focused square chooses it, nothing is sent."""
    from tresham.games.tigris.legal import legal_orders

    tag = secrets.token_hex(2)
    ann, ben = register(browser, site, f"ann{tag}"), register(browser, site, f"ben{tag}")
    name = f"Tigris keys {tag}"
    try:
        create_tigris(ann, name)
        game_id = site.oracle.game_id(name)
        join_game(ben, name)
        mover = whose_turn([ann, ben], game_id)
        page = mover.page
        seat = site.oracle.seat_of(game_id, mover.username)
        form = page.locator('form[data-form="tile.land"]')
        form.wait_for()
        page.locator("#board-view g.sq[data-area]").first.wait_for()
        page.locator("#id_tile_land_colour").focus()
        state = tigris_state(site, game_id)
        legal = {f"{chr(65 + o['to'][0])}{o['to'][1] + 1}" for o in legal_orders(state, seat)
                 if o["type"] == "tile" and o["colour"] in ("red", "green", "black")}
        lit = set(page.locator("#board-view g.sq.fc-offer, #board-view g.sq.fc-chosen").evaluate_all(
            "gs => gs.map(g => g.getAttribute('data-area'))"))
        assert lit == legal and len(legal) > 10
        assert set(page.locator("#board-view g.sq[tabindex='0']").evaluate_all(
            "gs => gs.map(g => g.getAttribute('data-area'))")) == legal
        before = form.locator("#id_tile_land_to").input_value()
        off = sorted(set(page.locator("#board-view g.sq[data-area]").evaluate_all(
            "gs => gs.map(g => g.getAttribute('data-area'))")) - legal)[0]
        page.locator(f'#board-view g.sq[data-area="{off}"]').click()
        assert form.locator("#id_tile_land_to").input_value() == before
        assert "not offered" in form.locator(".form-click-status").inner_text()
        square = sorted(legal - {before})[0]
        revision = site.oracle.game(game_id)["revision"]
        page.locator(f'#board-view g.sq[data-area="{square}"]').focus()
        page.keyboard.press("Enter")
        assert form.locator("#id_tile_land_to").input_value() == square
        assert page.locator("#board-view g.sq.fc-chosen").get_attribute("data-area") == square
        assert site.oracle.game(game_id)["revision"] == revision  # nothing sent
        # the preview follows the form (SITE-TABLE-05): a tile scoring nothing, no conflict
        preview = form.locator(".order-preview-live")
        preview.wait_for()
        assert "What this order costs and does" in preview.inner_text()
        check_axe(page, "the Tigris game page with focusable squares")
        screenshot(page, "tigris-squares-keyboard")
        assert_no_console_errors(page, "the Tigris page chosen by keyboard")
    finally:
        for p in (ann, ben):
            p.context.close()
