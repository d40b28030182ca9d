"""The decision the viewer owes is given without scrolling the page at 1280x800 (SITE-TABLE-02):
the decision column, beside the map, scrolls by itself under the action bar, and the form's
preview and its send button stay in view at its foot. Advanced Civilization's ship orders (the
longest form: three ships' upkeep and two coasts to build on) and its movement panel are given
with the window never scrolled; at 390x844 the decision follows the map and nothing scrolls
sideways. Screenshots go to test-artifacts/."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import assert_no_console_errors, check_axe, screenshot
from .test_map_orders import accepted, click_area
from .test_map_orders_more import UPKEEP_POSITION, VOYAGE_POSITION, open_form, preview_says, start, tokens

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDTH, HEIGHT = 1280, 800

#: the viewport box of an element, with the window's scroll and the map's right edge
BOX = """(el) => {
  const r = el.getBoundingClientRect(), m = document.querySelector('.board-view').getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height,
          scrollY: window.scrollY, inner: window.innerHeight, mapRight: m.right, mapBottom: m.bottom};
}"""


#: the control that has focus stands above the sticky foot of its form (the preview and the button)
CLEAR_OF_FOOT = """() => { const f = document.activeElement, foot = f.form.querySelector('.form-foot');
  return f.getBoundingClientRect().bottom <= foot.getBoundingClientRect().top + 1; }"""


def in_view(locator, what: str) -> dict:
    """``locator``'s box: wholly within the 1280x800 window unscrolled, right of the map."""
    box = locator.evaluate(BOX)
    assert box["scrollY"] == 0, (what, box)
    assert box["height"] > 0 and 0 <= box["top"] and box["bottom"] <= box["inner"], (what, box)
    assert box["left"] > box["mapRight"], (what, box)
    return box


def side_scroll(page) -> dict:
    return page.evaluate("""() => { const s = document.querySelector('.table-side');
      return {top: s.scrollTop, height: s.scrollHeight, client: s.clientHeight}; }""")


@pytest.mark.rule("22.1", "22.3")
@pytest.mark.site("SITE-TABLE-02", "SITE-TABLE-05")
def test_the_ship_orders_are_given_without_scrolling_the_page(site, own_players):
    """Thrace's ship orders at 1280x800: the form's preview and "Give the ship orders" are in
    the window unscrolled, beside the map; the prompt is said once in the decision column, the
    rules of ships behind "How ships work" with a line of summary. The build field for
    Thessalonica, the form's last, is reached with Tab: the column scrolls (not the window), the
    field stands above the form's foot; its count changes the preview, still in view, and the
    button sends the order: the first ship kept by a token of Byzantium (4 -> 3), the one in
    Thessalonica removed, the third kept from treasury (2 -> 1), a ship built in Thessalonica
    by its 2 tokens (2 -> 0); the window never scrolled. At 390x844 nothing scrolls sideways and the column is not a box of its own."""
    oracle = site.oracle
    game_id, by_nation = start(site, own_players, UPKEEP_POSITION, "Fold ships")
    d = oracle.required(game_id)
    assert d.kind == "ships"
    page = by_nation["thrace"].page
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    form = open_form(page, game_id, "ships")
    # all three kept from a treasury of 2 to start: the preview foresees the refusal
    preview_says(form, "not enough treasury to maintain this ship")
    assert page.evaluate("() => window.scrollY") == 0
    send = form.locator("button.send-button")
    preview = form.locator(".order-preview-live")
    sent_at = in_view(send, "the send button")
    in_view(preview, "the live preview")
    in_view(page.locator(".table-side h2#decisions-title"), "the decision column's heading")
    assert sent_at["mapBottom"] <= HEIGHT, sent_at  # the map, in view beside it
    screenshot(page, "fold-ships-1280x800")
    # the prompt once in the decision column; the rules of ships behind a summary
    side = page.locator("#decisions").inner_text()
    assert side.count(d.prompt) == 1, side
    assert "Your order is not in yet." in side
    more = form.locator("details.form-more")
    assert more.locator("> summary").inner_text() == "How ships work"
    assert more.get_attribute("open") is None and not more.get_by_text("At most 4 ships in play").is_visible()
    assert form.locator(".helptext", has_text="Treasury 2.").first.is_visible()
    more.locator("> summary").click()
    assert more.get_by_text("At most 4 ships in play", exact=False).is_visible()
    more.locator("> summary").click()
    form.locator('select[name="f.keep0"]').select_option("token")
    form.locator('select[name="f.keep1"]').select_option("remove")
    text = preview_says(form, "treasury 2 → 1")
    assert "Not kept, back to stock: your ship in Thessalonica." in text, text
    # the Thessalonica coast's field, by keyboard: in the column's own scroll, above the form's foot
    last = form.locator('input[name="f.build.thessalonica.tokens"]')
    form.locator('select[name="f.keep2"]').focus()
    for _ in range(12):
        if page.evaluate("() => document.activeElement.name") == "f.build.thessalonica.tokens":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.name") == "f.build.thessalonica.tokens"
    # not under the sticky foot (the column scrolls it clear a frame after the focus)
    page.wait_for_function(CLEAR_OF_FOOT, timeout=2000)
    field = in_view(last, "the Thessalonica coast's field, focused")
    foot = form.locator(".form-foot").evaluate(BOX)
    assert field["bottom"] <= foot["top"] + 1 and foot["bottom"] <= HEIGHT, (field, foot)
    scrolled = side_scroll(page)
    assert scrolled["height"] > scrolled["client"] and scrolled["top"] > 0, scrolled
    page.keyboard.press("ArrowUp")  # 0 -> 1 ship built in Thessalonica
    assert last.input_value() == "1"
    preview_says(form, "1 ship built: 2 tokens levied (Thessalonica 2)")
    page.wait_for_function(CLEAR_OF_FOOT, timeout=2000)  # the longer preview did not cover it
    in_view(last, "the Thessalonica coast's field, the preview longer")
    in_view(preview, "the live preview, the column scrolled")
    in_view(send, "the send button, the column scrolled")
    screenshot(page, "fold-ships-1280x800-scrolled")
    check_axe(page, "the ships form in its own scroll at 1280x800")
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the page scrolls, not the column
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    phone = side_scroll(page)
    assert phone["height"] <= phone["client"] + 1, phone
    page.evaluate("() => window.scrollTo(0, 0)")
    screenshot(page, "fold-ships-390x844")
    send.scroll_into_view_if_needed()
    screenshot(page, "fold-ships-390x844-send")
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    page.evaluate("() => window.scrollTo(0, 0)")
    # the page laid out again for the wider window (its resize handlers run) before it is measured
    expect(send).to_be_in_viewport(ratio=1)
    in_view(send, "the send button, back at 1280x800")
    with page.expect_navigation():
        send.click()
    accepted(page)
    assert_no_console_errors(page, "the game page after the ship orders given in the column")
    after = oracle.state(game_id)
    assert sorted(after.board.ships["thrace"]) == ["byzantium", "byzantium", "thessalonica"]
    assert tokens(site, game_id, "byzantium", "thrace") == 3
    assert tokens(site, game_id, "thessalonica", "thrace") == 0
    assert next(p for p in after.players if p.nation == "thrace").treasury == 1


@pytest.mark.rule("23.5")
@pytest.mark.site("SITE-TABLE-02", "SITE-MOVE-06")
def test_the_moves_are_given_without_scrolling_the_page(site, own_players):
    """Thrace's movement at 1280x800: the map's panel in the decision column, its list of
    pending moves and its Done in the window unscrolled after a move is entered on the map;
    Done sends it: 2 tokens from Byzantium in Thrace."""
    oracle = site.oracle
    game_id, by_nation = start(site, own_players, VOYAGE_POSITION, "Fold moves")
    page = by_nation["thrace"].page
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    from .conftest import game_url

    page.goto(game_url(game_id))
    page.wait_for_selector(".board-view g.area.mo-offer", state="attached")
    panel = page.locator("#map-orders")
    assert page.evaluate("() => window.scrollY") == 0
    done = panel.get_by_role("button", name="Done", exact=True)
    in_view(done, "Done")
    click_area(page, "byzantium")
    click_area(page, "thrace")
    page.evaluate("() => window.scrollTo(0, 0)")  # click_area centres the map
    moves = panel.get_by_role("list", name="Your pending moves")
    assert moves.inner_text().startswith("2 from Byzantium → Thrace"), moves.inner_text()
    in_view(moves, "the pending moves")
    in_view(done, "Done, a move entered")
    screenshot(page, "fold-moves-1280x800")
    side = page.locator("#decisions").inner_text()
    assert side.count(oracle.required(game_id).prompt) == 1, side
    with page.expect_navigation():
        done.click()
    accepted(page)
    assert tokens(site, game_id, "thrace", "thrace") == 2
    assert tokens(site, game_id, "byzantium", "thrace") == 3
