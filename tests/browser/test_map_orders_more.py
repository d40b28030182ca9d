"""The rest of Advanced Civilization's orders on the map (issue 24, SITE-TABLE-03/04/05): a
stack taken where a ship of the player's lies lights the areas a voyage reaches apart from the
overland ones, and a click there enters the voyage; ship building, city building and the
calamities' choices are given by clicking the map, which fills the decision's own form, whose
live preview says what the order costs and does and whose own button sends it (one entry per
decision, TBL-22). Each test starts from a prepared position (SITE-SAFE-11), gives the order
only by clicks on the map and the form's button, and reads the game's true state."""
from __future__ import annotations

import secrets

import pytest

from .conftest import assert_no_console_errors, check_axe, screenshot, start_prepared
from .test_map_orders import POINT_IN_AREA, accepted, click_area, open_map

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def start(site, players, position: dict, what: str) -> tuple[int, dict[str, object]]:
    """A game started from ``position`` by staff (SITE-SAFE-11), the three players seated;
    gives its id and each nation's player."""
    oracle = site.oracle
    game_id = start_prepared(site, players, position, f"{what} {secrets.token_hex(2)}")
    state = oracle.state(game_id)
    by_nation = {state.players[oracle.seat_of(game_id, p.username)].nation: p for p in players}
    return game_id, by_nation


def tokens(site, game_id: int, area: str, nation: str) -> int:
    return (site.oracle.state(game_id).board.tokens.get(area) or {}).get(nation, 0)


#: Thrace's 5 tokens and ship in Byzantium, in the movement phase; he moves first (23.2).
VOYAGE_POSITION = {
    "title": "Movement with a ship (browser test of the map's voyages)",
    "nations": ["crete", "thrace", "africa"], "turn": 2, "phase": "movement",
    "board": {"byzantium": {"tokens": {"thrace": 5}}, "knossos": {"tokens": {"crete": 3}},
              "numidia": {"tokens": {"africa": 2}}},
    "ships": {"thrace": ["byzantium"]},
}


@pytest.mark.rule("23.5", "23.51", "23.52")
@pytest.mark.site("SITE-TABLE-03", "SITE-TABLE-04", "SITE-MOVE-01", "SITE-MOVE-06")
def test_a_stack_with_its_ship_lights_the_voyages_apart_and_a_click_sails_it(site, own_players):
    """Thrace takes 3 of his 5 tokens in Byzantium: the areas lit for his ship's voyages
    (``movement.legal_voyages``) are apart from the overland ones (Moesia and Thrace); Enter
    on Thessalonica (by sea only, through Lemnos) enters the voyage of 3, a click on Thrace
    moves the other 2 overland, Done: 3 tokens land in Thessalonica with the ship, 2 stand
    in Thrace."""
    from tresham.games.advciv.rules import movement

    oracle = site.oracle
    game_id, by_nation = start(site, own_players, VOYAGE_POSITION, "Map voyage")
    state = oracle.state(game_id)
    thrace = next(p.seat for p in state.players if p.nation == "thrace")
    assert oracle.required(game_id).player == thrace
    page = by_nation["thrace"].page
    data = open_map(page, game_id)
    ways = movement.legal_voyages(state, thrace, "byzantium")
    assert data["voyages"]["byzantium"] == ways and data["ships"] == {"byzantium": 1}
    assert data["legal"]["byzantium"] == ["moesia", "thrace"]
    # one entry per decision (TBL-22): the panel, in the decision column, in place of the movement forms
    assert page.locator("#decisions #map-orders").is_visible()
    for form_id in ("move.land", "move.voyage", "move.done"):
        assert page.locator(f'form.decision-form[data-form="{form_id}"]').is_hidden(), form_id
    assert page.locator("#decisions button:visible", has_text="Add this voyage").count() == 0
    click_area(page, "byzantium")  # the 2 above Byzantium's limit of 3 (SITE-MOVE-02)
    click_area(page, "byzantium", shift=True)  # one more: 3
    panel = page.locator("#map-orders")
    assert "Taken: 3 tokens from Byzantium" in panel.inner_text()
    lit = lambda cls: sorted(page.locator(f".board-view g.area.{cls}").evaluate_all(
        "gs => gs.map(g => g.getAttribute('data-area'))"))
    assert lit("mo-target") == ["moesia", "thrace"]
    assert lit("mo-voyage") == sorted(w["to"] for w in ways if w["to"] not in ("moesia", "thrace"))
    assert "thessalonica" in lit("mo-voyage") and len(lit("mo-voyage")) == 11  # the 3-player board
    screenshot(page, "map-orders-voyages-lit")
    page.locator("#area-thessalonica").focus()
    page.keyboard.press("Enter")  # the keyboard enters the voyage (SITE-TABLE-03)
    voy = panel.get_by_role("list", name="Your pending voyages")
    assert voy.inner_text().startswith("3 by ship from Byzantium → Thessalonica (by Lemnos)"), voy.inner_text()
    click_area(page, "byzantium")  # the 2 left
    click_area(page, "thrace")
    assert "2 from Byzantium → Thrace" in panel.get_by_role("list", name="Your pending moves").inner_text()
    check_axe(page, "the game page with a voyage entered on the map")
    screenshot(page, "map-orders-voyage-entered", element=panel)
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: nothing scrolls sideways
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    screenshot(page, "map-orders-voyage-390x844", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    with page.expect_navigation():
        panel.get_by_role("button", name="Done", exact=True).click()
    accepted(page)
    assert_no_console_errors(page, "the game page after a voyage on the map")
    assert tokens(site, game_id, "thessalonica", "thrace") == 3
    assert tokens(site, game_id, "thrace", "thrace") == 2
    assert tokens(site, game_id, "byzantium", "thrace") == 0
    assert oracle.state(game_id).board.ships["thrace"] == ["thessalonica"]


def open_form(page, game_id: int, form_id: str):
    """The game page, its map inlined, and the decision form ``form_id`` with its live preview."""
    from .conftest import game_url

    page.goto(game_url(game_id))
    form = page.locator(f'form.decision-form[data-form="{form_id}"]')
    form.wait_for()
    page.wait_for_selector(".board-view .fc-offer, .board-view .fc-chosen", state="attached")
    return form


def preview_says(form, text: str) -> str:
    """Waits until the form's live preview (the API's, SITE-TABLE-05) says ``text``."""
    region = form.locator(".order-preview-live")
    region.filter(has_text=text).wait_for(timeout=10000)
    return region.inner_text()


def lit(page, cls: str) -> list[str]:
    return sorted(set(page.locator(f".board-view .board-base .{cls}[data-area]").evaluate_all(
        "gs => gs.map(g => g.getAttribute('data-area'))")))


#: Thrace may build ships on the coast of Byzantium (4 tokens there, 3 in treasury); Crete and
#: Africa stand inland with nothing in treasury, so they have no ship decision (SITE-TABLE-08).
SHIPS_POSITION = {
    "title": "Ship construction (browser test of ships built on the map)",
    "nations": ["crete", "thrace", "africa"], "turn": 2, "phase": "ships",
    "board": {"byzantium": {"tokens": {"thrace": 4}}, "sudeten": {"tokens": {"crete": 2}},
              "sahara": {"tokens": {"africa": 2}}},
    "players": {"thrace": {"treasury": 3}},
}


@pytest.mark.rule("22.1", "22.2")
@pytest.mark.site("SITE-TABLE-03", "SITE-TABLE-04", "SITE-TABLE-05", "SITE-SHIP-02")
def test_a_click_on_a_coast_builds_a_ship_there_through_the_ships_form(site, own_players):
    """Byzantium, where Thrace may build, is lit on the map; a click raises the form's ships
    built there by tokens to 1, a second to 2, a shift-click lowers it to 1 (the form's own
    numbers, no second entry), the live preview saying each time what it costs ("1 ship
    built: 2 tokens levied (Byzantium 2)", the treasury); the form's button sends it: one ship
    in Byzantium, 2 tokens there, the treasury untouched."""
    oracle = site.oracle
    game_id, by_nation = start(site, own_players, SHIPS_POSITION, "Map ships")
    state = oracle.state(game_id)
    thrace = next(p.seat for p in state.players if p.nation == "thrace")
    d = oracle.required(game_id)
    assert d.kind == "ships" and d.player == thrace
    page = by_nation["thrace"].page
    form = open_form(page, game_id, "ships")
    assert lit(page, "fc-offer") == ["byzantium"]
    assert page.locator("#map-orders").count() == 0  # the form is the one entry (TBL-22)
    click_area(page, "byzantium")
    preview_says(form, "1 ship built: 2 tokens levied (Byzantium 2) and 0 from treasury; treasury 3 → 3.")
    assert lit(page, "fc-chosen") == ["byzantium"]
    click_area(page, "byzantium")
    preview_says(form, "2 ships built: 4 tokens levied (Byzantium 4)")
    click_area(page, "byzantium", shift=True)  # one back
    text = preview_says(form, "1 ship built: 2 tokens levied (Byzantium 2)")
    assert "Byzantium now 1" in form.locator(".form-click-status").inner_text()
    page.locator("#area-byzantium").focus()  # the keyboard: Enter is a click (SITE-TABLE-03)
    page.keyboard.press("Shift+Enter")
    assert "Byzantium now 0" in form.locator(".form-click-status").inner_text()
    page.keyboard.press("Enter")
    text = preview_says(form, "1 ship built: 2 tokens levied (Byzantium 2)")
    assert "treasury 3 → 3" in text
    check_axe(page, "the ships form filled from the map")
    screenshot(page, "map-ships-preview")
    with page.expect_navigation():
        form.locator("button.send-button").click()
    accepted(page)
    assert_no_console_errors(page, "the game page after ships built from the map")
    state = oracle.state(game_id)
    assert state.board.ships.get("thrace") == ["byzantium"]
    assert tokens(site, game_id, "byzantium", "thrace") == 2
    assert state.players[thrace].treasury == 3


#: Thrace may build cities in Byzantium and Thessalonica (6 tokens each, a city site each) but
#: not both: 1 token would be left for 2 cities (26.31).
CITIES_POSITION = {
    "title": "City construction (browser test of cities built on the map)",
    "nations": ["crete", "thrace", "africa"], "turn": 2, "phase": "cities",
    "board": {"byzantium": {"tokens": {"thrace": 6}}, "thessalonica": {"tokens": {"thrace": 6}},
              "thrace": {"tokens": {"thrace": 1}}, "sudeten": {"tokens": {"crete": 2}},
              "sahara": {"tokens": {"africa": 2}}},
}


@pytest.mark.rule("24.1", "26.31")
@pytest.mark.site("SITE-TABLE-03", "SITE-TABLE-04", "SITE-TABLE-05", "SITE-CITY-01")
def test_a_click_toggles_a_city_and_the_preview_says_whether_it_is_supported(site, own_players):
    """The two places a city may be built are lit, Byzantium ticked (the supported set the
    default builds, TBL-2); a click on Thessalonica ticks it too and the preview says the set
    is not supported (1 token for 2 cities, which need 4); a click on Byzantium unticks it:
    supported (4 tokens for 1 city). The form's button builds the city in Thessalonica only."""
    oracle = site.oracle
    game_id, by_nation = start(site, own_players, CITIES_POSITION, "Map cities")
    state = oracle.state(game_id)
    thrace = next(p.seat for p in state.players if p.nation == "thrace")
    d = oracle.required(game_id)
    assert d.kind == "build_cities" and d.player == thrace
    page = by_nation["thrace"].page
    form = open_form(page, game_id, "build_cities")
    assert lit(page, "fc-chosen") == ["byzantium"] and lit(page, "fc-offer") == ["thessalonica"]
    preview_says(form, "Supported: ")
    click_area(page, "thessalonica")
    text = preview_says(form, "Not supported: 1 token for 2 cities, which need 4")
    assert "2 cities built" in text
    click_area(page, "byzantium")
    text = preview_says(form, "Supported: 4 tokens for 1 city, which need 2")
    assert lit(page, "fc-chosen") == ["thessalonica"] and lit(page, "fc-offer") == ["byzantium"]
    check_axe(page, "the cities form filled from the map")
    screenshot(page, "map-cities-preview")
    with page.expect_navigation():
        form.locator("button.send-button").click()
    accepted(page)
    assert_no_console_errors(page, "the game page after cities built from the map")
    state = oracle.state(game_id)
    assert state.board.cities.get("thessalonica") == "thrace"
    assert "byzantium" not in state.board.cities
    assert sorted(a for a, o in state.board.cities.items() if o == "thrace") == ["thessalonica"]


#: Thrace holds Civil Disorder with Law and Military and six cities: 3 are reduced, his choice
#: (30.711-30.715).
CALAMITY_POSITION = {
    "title": "Civil Disorder (browser test of a calamity's cities chosen on the map)",
    "nations": ["crete", "thrace", "africa"], "turn": 2, "phase": "calamities",
    "board": {**{a: {"city": "thrace"} for a in ("byzantium", "thessalonica", "moesia", "thrace", "macedonia", "athens")},
              "paeonia": {"tokens": {"thrace": 4}}, "sudeten": {"tokens": {"crete": 2}},
              "sahara": {"tokens": {"africa": 2}}},
    "players": {"thrace": {"hand": ["civil_disorder"], "civ_cards": ["law", "military"]}},
}


@pytest.mark.rule("30.711", "30.4")
@pytest.mark.site("SITE-TABLE-03", "SITE-TABLE-04", "SITE-CAL-02")
def test_a_calamitys_cities_are_chosen_on_the_map(site, own_players):
    """Civil Disorder reduces 3 of Thrace's 6 cities, his choice: his six cities are lit; four
    clicks tick Athens, Byzantium and Moesia and tick then untick Thrace (the preview refusing
    any count but 3), the form's button reduces exactly those three."""
    oracle = site.oracle
    game_id, by_nation = start(site, own_players, CALAMITY_POSITION, "Map calamity")
    state = oracle.state(game_id)
    thrace = next(p.seat for p in state.players if p.nation == "thrace")
    d = oracle.required(game_id)
    assert d.kind == "calamity_cities" and d.player == thrace and d.options["count"] == 3
    page = by_nation["thrace"].page
    form = open_form(page, game_id, "calamity_cities")
    six = ["athens", "byzantium", "macedonia", "moesia", "thessalonica", "thrace"]
    assert lit(page, "fc-offer") == six
    for a in ("athens", "byzantium", "thrace"):
        click_area(page, a)
    assert lit(page, "fc-chosen") == ["athens", "byzantium", "thrace"]
    click_area(page, "thrace")  # untick
    preview_says(form, "would be refused")
    page.locator("#area-moesia").focus()
    page.keyboard.press("Enter")
    assert lit(page, "fc-chosen") == ["athens", "byzantium", "moesia"]
    check_axe(page, "a calamity's cities chosen on the map")
    screenshot(page, "map-calamity-cities")
    with page.expect_navigation():
        form.locator("button.send-button").click()
    accepted(page)
    assert_no_console_errors(page, "the game page after a calamity's cities chosen on the map")
    cities = oracle.state(game_id).board.cities
    assert sorted(a for a, o in cities.items() if o == "thrace") == ["macedonia", "thessalonica", "thrace"]


#: Thrace has three ships, two in Byzantium (4 tokens there) and one in Thessalonica (2
#: tokens), and 2 in treasury; Crete and Africa stand inland with nothing in treasury, so they
#: have no ship decision (SITE-TABLE-08).
UPKEEP_POSITION = {
    "title": "Ship upkeep (browser test of ships kept or removed on the map)",
    "nations": ["crete", "thrace", "africa"], "turn": 3, "phase": "ships",
    "board": {"byzantium": {"tokens": {"thrace": 4}}, "thessalonica": {"tokens": {"thrace": 2}},
              "sudeten": {"tokens": {"crete": 2}}, "sahara": {"tokens": {"africa": 2}}},
    "ships": {"thrace": ["byzantium", "thessalonica", "byzantium"]},
    "players": {"thrace": {"treasury": 2}},
}


def ship(page, piece: str):
    """A ship's piece on the map (``data-piece``, TBL-23)."""
    return page.locator(f'.board-view [data-piece="{piece}"]')


def click_ship(page, piece: str) -> None:
    """A click on a ship's piece, the map in the middle of the screen (under no sticky bar)."""
    page.evaluate("() => document.querySelector('.board-view').scrollIntoView({block: 'center', behavior: 'instant'})")
    ship(page, piece).click()


@pytest.mark.rule("22.1", "22.3")
@pytest.mark.site("SITE-TABLE-03", "SITE-TABLE-04", "SITE-TABLE-05", "SITE-TABLE-11", "SITE-SHIP-04")
def test_each_ships_upkeep_is_decided_by_clicking_the_ship_apart_from_building(site, own_players):
    """TBL-23: Thrace's three ships are pieces of their own on the map, lit apart from the
    coasts where he may build; each starts kept from treasury. A click on the first ship in
    Byzantium goes to "kept, 1 token from Byzantium"; two clicks on the ship in Thessalonica
    go to removed (its outline then that of a place offered, not chosen); Enter on the second
    ship in Byzantium goes to a token and Shift+Enter back to treasury; a click on the coast
    of Byzantium (not on a ship) builds one ship there by 2 tokens, the upkeep rows unchanged.
    The form's own selects show the same, the page says each in words, the live preview
    names each ship kept with its payment and the whole cost: 3 tokens levied in Byzantium
    and 1 from treasury. The form's button gives it: three ships in Byzantium, none in
    Thessalonica, Byzantium 4 → 1 tokens, Thessalonica still 2, treasury 2 → 1."""
    oracle = site.oracle
    game_id, by_nation = start(site, own_players, UPKEEP_POSITION, "Map upkeep")
    state = oracle.state(game_id)
    thrace = next(p.seat for p in state.players if p.nation == "thrace")
    d = oracle.required(game_id)
    assert d.kind == "ships" and d.player == thrace
    assert d.options["ships"] == ["byzantium", "thessalonica", "byzantium"] and d.options["treasury"] == 2
    page = by_nation["thrace"].page
    form = open_form(page, game_id, "ships")
    pieces = ["ship-thrace-byzantium-1", "ship-thrace-byzantium-2", "ship-thrace-thessalonica-1"]
    lit_pieces = lambda cls: sorted(page.locator(f".board-view .pc.{cls}[data-piece]").evaluate_all(
        "gs => gs.map(g => g.getAttribute('data-piece'))"))
    assert lit_pieces("fc-chosen") == pieces and lit_pieces("fc-offer") == []  # all kept to start
    assert lit(page, "fc-offer") == ["byzantium", "thessalonica"]  # the coasts, for building
    keep = {i: form.locator(f'select[name="f.keep{i}"]') for i in range(3)}
    assert [keep[i].input_value() for i in range(3)] == ["treasury"] * 3
    status = form.locator(".form-click-status")

    click_ship(page, "ship-thrace-byzantium-1")
    assert status.inner_text().startswith("Your ship in Byzantium: kept, 1 token from Byzantium.")
    assert [keep[i].input_value() for i in range(3)] == ["token", "treasury", "treasury"]
    click_ship(page, "ship-thrace-thessalonica-1")
    click_ship(page, "ship-thrace-thessalonica-1")
    assert status.inner_text().startswith("Your ship in Thessalonica: removed, back to stock.")
    assert keep[1].input_value() == "remove"
    preview_says(form, "Not kept, back to stock: your ship in Thessalonica.")
    assert lit_pieces("fc-offer") == ["ship-thrace-thessalonica-1"]
    # the keyboard: the ship takes focus, says its choice, Enter changes it (SITE-TABLE-03)
    second = ship(page, "ship-thrace-byzantium-2")
    assert second.get_attribute("tabindex") == "0" and second.get_attribute("role") == "button"
    assert second.get_attribute("aria-label") == "Your ship in Byzantium: kept, 1 from treasury (Enter changes it)"
    second.focus()
    page.keyboard.press("Enter")
    assert keep[2].input_value() == "token"
    assert ship(page, "ship-thrace-byzantium-2").get_attribute("aria-label").startswith(
        "Your ship in Byzantium: kept, 1 token from Byzantium")
    page.keyboard.press("Shift+Enter")
    assert keep[2].input_value() == "treasury"
    # the coast, not a ship: building, the upkeep rows untouched
    click_area(page, "byzantium")
    assert form.locator('input[name="f.build.byzantium.tokens"]').input_value() == "1"
    assert [keep[i].input_value() for i in range(3)] == ["token", "remove", "treasury"]
    text = preview_says(form, "In all: 3 tokens levied (Byzantium 3) and 1 from treasury; treasury 2 → 1.")
    assert ("Kept: your ship in Byzantium (1 token from Byzantium), your ship in Byzantium (1 from treasury)."
            in text), text
    assert "1 ship built: 2 tokens levied (Byzantium 2) and 0 from treasury." in text
    assert "Not kept, back to stock: your ship in Thessalonica." in text
    assert oracle.state(game_id).board.ships["thrace"] == ["byzantium", "thessalonica", "byzantium"]  # nothing sent
    check_axe(page, "the ships form with each ship's upkeep chosen on the map")
    screenshot(page, "map-ship-upkeep-1280x800")
    zoom = page.locator(".board-tools").get_by_role("button", name="Zoom in")
    for _ in range(3):  # the first zoom centres on his pieces (TBL-21)
        zoom.click()
    screenshot(page, "map-ship-upkeep-zoomed", element=page.locator(".board-view"))
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: nothing scrolls sideways
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    page.evaluate("() => document.querySelector('.board-view').scrollIntoView({block: 'start', behavior: 'instant'})")
    screenshot(page, "map-ship-upkeep-390x844-map")
    form.locator('select[name="f.keep0"]').scroll_into_view_if_needed()
    screenshot(page, "map-ship-upkeep-390x844-form")
    check_axe(page, "the ships form at 390x844")
    page.set_viewport_size({"width": 1280, "height": 800})
    with page.expect_navigation():
        form.locator("button.send-button").click()
    accepted(page)
    assert_no_console_errors(page, "the game page after ship upkeep chosen on the map")
    after = oracle.state(game_id)
    assert after.board.ships["thrace"] == ["byzantium", "byzantium", "byzantium"]
    assert tokens(site, game_id, "byzantium", "thrace") == 1
    assert tokens(site, game_id, "thessalonica", "thrace") == 2
    assert after.players[thrace].treasury == 1
