"""The rest of Advanced Civilization's orders on the map (issue 24, SITE-TABLE-03/04/05): a
stack taken where a ship of the player's lies lights the areas a voyage reaches apart from the
overland ones, and a click there enters the voyage; ship building, city building and the
calamities' choices are given by clicking the map, which fills the decision's own form, whose
live preview says what the order costs and does and whose own button sends it (one entry per
decision, TBL-20). Each test starts from a prepared position (SITE-SAFE-11), gives the order
only by clicks on the map and the form's button, and reads the game's true state."""
from __future__ import annotations

import json
import secrets

import pytest

from .conftest import assert_no_console_errors, check_axe, join_game, screenshot
from .test_map_orders import POINT_IN_AREA, accepted, click_area, open_map

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def start(site, players, position: dict, what: str) -> tuple[int, dict[str, object]]:
    """A game started from ``position`` by staff (SITE-SAFE-11), the three players seated;
    gives its id and each nation's player."""
    oracle = site.oracle
    name = f"{what} {secrets.token_hex(2)}"
    oracle.grant_staff(players[0].username)
    token = players[0].page.request.get("/api/accounts/csrf").json()["csrf_token"]
    r = players[0].page.request.post("/api/lobby/games", data=json.dumps(
        {"name": name, "options": {"players": 3, "position": position}, "time_limit": 24 * 3600}),
        headers={"Content-Type": "application/json", "X-CSRFToken": token})
    assert r.status == 201, r.text()
    game_id = oracle.game_id(name)
    for p in players[1:]:
        join_game(p, name)
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
@pytest.mark.site("SITE-TABLE-03", "SITE-MOVE-01", "SITE-MOVE-06")
def test_a_stack_with_its_ship_lights_the_voyages_apart_and_a_click_sails_it(site, players):
    """Thrace takes 3 of his 5 tokens in Byzantium: the areas lit for his ship's voyages
    (``movement.legal_voyages``) are apart from the overland ones (Moesia and Thrace); Enter
    on Thessalonica (by sea only, through Lemnos) enters the voyage of 3, a click on Thrace
    moves the other 2 overland, Done: 3 tokens land in Thessalonica with the ship, 2 stand
    in Thrace."""
    from tresham.games.advciv.rules import movement

    oracle = site.oracle
    game_id, by_nation = start(site, players, VOYAGE_POSITION, "Map voyage")
    state = oracle.state(game_id)
    thrace = next(p.seat for p in state.players if p.nation == "thrace")
    assert oracle.required(game_id).player == thrace
    page = by_nation["thrace"].page
    data = open_map(page, game_id)
    ways = movement.legal_voyages(state, thrace, "byzantium")
    assert data["voyages"]["byzantium"] == ways and data["ships"] == {"byzantium": 1}
    assert data["legal"]["byzantium"] == ["moesia", "thrace"]
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
    panel.get_by_role("button", name="Done", exact=True).click()
    accepted(page)
    assert_no_console_errors(page, "the game page after a voyage on the map")
    assert tokens(site, game_id, "thessalonica", "thrace") == 3
    assert tokens(site, game_id, "thrace", "thrace") == 2
    assert tokens(site, game_id, "byzantium", "thrace") == 0
    assert oracle.state(game_id).board.ships["thrace"] == ["thessalonica"]
