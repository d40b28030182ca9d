"""Seven turns of a three-player Advanced Civilization game, every decision that names areas
given on the map alone (issue 24, SITE-TABLE-03..06): three people, each in his own browser.

From the real start (turns 1 to ``REAL_TURNS``): each picks his nation by a click on a start
area of the map and "Confirm the pick" (the panel says what the pick does, SITE-TABLE-05); in
turn 2 the last in census order enters his ship orders early by clicks on his coast (2 ships),
sees "Your order is in: ship orders: 2 ships to build ...", changes them to 1 ship before his
turn and his turn builds 1 (SITE-TABLE-06); the others build a ship each by a click on their
coast; the first mover with a ship takes his tokens on the map and sails them to an area lit
for the voyage. Every other decision is the plainest one, given through the pages (the map's
Done, the forms' buttons).

From the real start no population placement, city, trade card, calamity or purchase can
happen in the first turns: the stock (55) always covers the growth, a city needs 6 tokens on a
city site and trade cards come with cities. Turns 5 to 7 therefore continue from a prepared
position (``positions/three_turns.json`` with Thrace's tokens in Moesia and Byzantium, two
city sites, SITE-SAFE-11): Thrace places his short growth by clicks on the map; he ticks both
cities on the map and the form's preview says they are not supported (0 tokens for 2 cities),
unticks Byzantium (supported) and builds Moesia; Crete trades Superstition to Africa saying it
is Ochre (the trade page); Africa chooses on the map the three cities Superstition reduces;
Thrace buys Pottery with the advance form. After each player's turn: no console error, no
serious or critical axe violation, no other seat's secret in what his page shows or received.
"""
from __future__ import annotations

import json
import secrets
import time
from pathlib import Path

import pytest

from tresham.games.advciv.data import load

from .conftest import (assert_no_console_errors, assert_no_leak, check_axe, create_game, game_url, join_game,
                       main_text, screenshot)
from .test_map_orders import accepted, click_area, confirm_pick, open_map
from .test_map_orders_more import lit, open_form, preview_says, start
from .test_three_turns import decision_form, plain_choice, send_form, take_on_map, trade_with_a_lie

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: the turns played from the real start; the prepared position continues from the next
REAL_TURNS = 4
LAST_TURN = 7
MAX_ORDERS = 250

POSITION = json.loads((Path(__file__).parent / "positions" / "three_turns.json").read_text())
#: Thrace's tokens on two city sites only (Moesia 6, Byzantium 6): with 3 in stock his growth
#: is his to place (+2 each), and after it he may build a city in each, but the two together
#: leave no token to support them (26.31).
POSITION = {**POSITION, "title": "Seven turns on the map (browser test): turns 5 to 7",
            "board": {**{a: v for a, v in POSITION["board"].items()
                         if (v.get("tokens") or {}).get("thrace") is None},
                      "moesia": {"tokens": {"thrace": 6}}, "byzantium": {"tokens": {"thrace": 6}}},
            # 12 tokens on the board, 3 in stock, 32 in treasury: his 47 (5.1)
            "players": {**POSITION["players"], "thrace": {**POSITION["players"]["thrace"], "treasury": 32}}}


def orders_in(page) -> str:
    """What the game page says of the viewer's orders ("Your order is in: ...")."""
    box = page.locator("#orders-in")
    return " ".join(box.inner_text().split()) if box.count() else ""


def coastal_start(nations: dict[str, list[str]]) -> tuple[str, str]:
    """The free nation with the roomiest coastal start area, and that area."""
    areas = load().map.areas
    best = sorted((-areas[a].limit, n, a) for n, starts in nations.items() for a in starts if areas[a].coastal)
    assert best, f"no coastal start area offered: {nations}"
    return best[0][1], best[0][2]


@pytest.mark.site("SITE-TABLE-03", "SITE-TABLE-04", "SITE-TABLE-05", "SITE-TABLE-06", "SITE-PICK-03",
                  "SITE-PICK-05", "SITE-POP-02", "SITE-SHIP-01", "SITE-SHIP-02", "SITE-MOVE-01", "SITE-MOVE-03",
                  "SITE-MOVE-06", "SITE-CITY-01", "SITE-CAL-01", "SITE-CAL-06", "SITE-TRADE-01", "SITE-TRADE-05",
                  "SITE-TRADE-06", "SITE-TRADE-08", "SITE-ADV-01", "SITE-ADV-03")
def test_seven_turns_with_every_area_decision_on_the_map(site, own_players, spectator):
    people = own_players  # two games of their own: within SITE-META-01's three
    oracle = site.oracle
    began = time.monotonic()
    done: set[str] = set()

    # ---- turns 1 to REAL_TURNS, from the real start --------------------------------------
    name = f"Seven turns {secrets.token_hex(2)}"
    game_id = create_game(site, people[0], name)
    for p in people[1:]:
        join_game(p, name)
    by_seat = {oracle.seat_of(game_id, p.username): p for p in people}
    assert sorted(by_seat) == [0, 1, 2]
    known: dict[int, set[str]] = {s: set() for s in by_seat}

    def page_of(seat):
        page = by_seat[seat].page
        page.goto(game_url(game_id))
        return page

    def checked(page, seat, what):
        """After a player's turn: no console error, no serious axe violation, no secret."""
        assert_no_console_errors(page, what)
        check_axe(page, what)
        assert_no_leak(page, site, game_id, seat, spectator=spectator, what=what, known=known[seat],
                       catalogue_selects="/trade/" in page.url)

    home: dict[int, str] = {}  # each seat's start area
    # the picks, each by a click on a start area and "Confirm the pick" (SITE-PICK-03, SITE-TABLE-05)
    while oracle.state(game_id).phase == "pick":
        d = oracle.required(game_id)
        assert d is not None and d.kind == "pick"
        page = by_seat[d.player].page
        data = open_map(page, game_id)
        assert [x["kind"] for x in data["decisions"]] == ["pick"] and data["decisions"][0]["required"]
        nation, area = coastal_start(data["decisions"][0]["options"]["nations"])
        assert page.locator(f"#area-{area}.mo-offer").count() == 1
        # one entry per decision: the raw order box is closed behind "Advanced" (SITE-TABLE-04)
        assert page.locator("details#advanced-order[open]").count() == 0
        click_area(page, area)
        confirm_pick(page, site, game_id, nation)
        accepted(page)
        checked(page, d.player, f"{by_seat[d.player]}'s game page after his pick on the map")
        state = oracle.state(game_id)
        assert state.players[d.player].nation == nation
        # his token there; after the last pick turn 1 has begun and it has grown (20.1)
        assert state.board.tokens[area][nation] == (1 if state.phase == "pick" else 2)
        home[d.player] = area
    done.add("pick")
    state = oracle.state(game_id)
    nation_of = {p.seat: p.nation for p in state.players}

    orders = 0
    while oracle.state(game_id).turn <= REAL_TURNS:
        state = oracle.state(game_id)
        d = oracle.required(game_id)
        assert d is not None, "the game waits on no one"
        seat, page = d.player, page_of(d.player)
        assert page.locator("#decisions").get_by_text("the game waits on you").count(), main_text(page)
        nation = nation_of[seat]
        if "order changed" in done and "changed order carried out" not in done and state.phase != "ships":
            # his turn carried out the changed order (1 ship, 2 tokens levied), not the first
            early, area = changed
            assert state.board.ships.get(nation_of[early]) == [area]
            assert state.board.tokens[area][nation_of[early]] == 2
            assert not orders_in(page_of(early)).startswith("Your order is in: ship orders")
            done.add("changed order carried out")
            page = page_of(seat)
        if state.turn == 2 and d.kind == "ships" and "order changed" not in done:
            # the last in census order enters his ship orders early, then changes them (SITE-TABLE-06)
            later = [x for x in oracle.rules.pending(state) if x.kind == "ships" and not x.required]
            assert later, "no ship orders to enter early in turn 2"
            early = later[-1].player
            epage, area = page_of(early), home[early]
            assert orders_in(epage).startswith("Your order is not in yet"), orders_in(epage)
            form = open_form(epage, game_id, "ships")
            assert epage.locator("#map-orders").count() == 0  # the form is the one entry (TBL-22)
            assert area in lit(epage, "fc-offer")
            click_area(epage, area)
            click_area(epage, area)
            preview_says(form, "2 ships built: 4 tokens levied")
            with epage.expect_navigation():
                form.locator("button.send-button").click()
            accepted(epage)
            where = load().map.areas[area].name
            assert orders_in(epage).startswith(f"Your order is in: ship orders: 2 ships to build ({where}, {where})"), \
                orders_in(epage)
            form = open_form(epage, game_id, "ships")  # Change: the form again, one ship this time
            click_area(epage, area)
            preview_says(form, "1 ship built: 2 tokens levied")
            with epage.expect_navigation():
                form.locator("button.send-button").click()
            accepted(epage)
            assert orders_in(epage).startswith(f"Your order is in: ship orders: 1 ship to build ({where})"), \
                orders_in(epage)
            checked(epage, early, f"{by_seat[early]}'s game page after changing his ship orders")
            assert oracle.state(game_id).board.ships.get(nation_of[early], []) == []  # not yet carried out
            changed = (early, area)
            done.add("order changed")
            continue
        if state.turn == 2 and d.kind == "ships":
            # a ship built by a click on his coast, the preview saying what it costs (SITE-SHIP-01/02)
            area = home[seat]
            form = open_form(page, game_id, "ships")
            click_area(page, area)
            preview_says(form, "1 ship built: 2 tokens levied")
            with page.expect_navigation():
                form.locator("button.send-button").click()
            accepted(page)
            assert oracle.state(game_id).board.ships.get(nation) == [area]
            done.add("ship built")
        elif state.turn == 2 and d.kind == "move" and "voyage" not in done and state.board.ships.get(nation):
            # his tokens taken where his ship lies, sailed to an empty area lit for the voyage
            ship = state.board.ships[nation][0]
            n = state.board.tokens[ship][nation]
            data = open_map(page, game_id)
            assert data["ships"] == {ship: 1}
            take_on_map(page, ship, n)
            lit_voyage = sorted(page.locator(".board-view g.area.mo-voyage").evaluate_all(
                "gs => gs.map(g => g.getAttribute('data-area'))"))
            empty = [a for a in lit_voyage if not state.board.tokens.get(a) and a not in state.board.cities]
            assert empty, f"no empty area lit for a voyage from {ship}: {lit_voyage}"
            to = empty[0]
            click_area(page, to)
            panel = page.locator("#map-orders")
            assert f"{n} by ship from {load().map.areas[ship].name} → {load().map.areas[to].name}" in \
                panel.get_by_role("list", name="Your pending voyages").inner_text()
            screenshot(page, "seven-turns-voyage-entered")
            with page.expect_navigation():
                panel.get_by_role("button", name="Done", exact=True).click()
            accepted(page)
            after = oracle.state(game_id)
            assert after.board.tokens[to][nation] == n and not (after.board.tokens.get(ship) or {}).get(nation)
            assert after.board.ships[nation] == [to]
            done.add("voyage")
        else:
            form_id, values = plain_choice(state, d)
            send_form(page, form_id, values)
        checked(page, seat, f"{by_seat[seat]}'s game page after order {orders + 1} ({d.kind})")
        orders += 1
        assert orders < MAX_ORDERS
    assert done >= {"pick", "order changed", "changed order carried out", "ship built", "voyage"}, done
    real_took = time.monotonic() - began
    print(f"seven turns: turns 1 to {REAL_TURNS} from the real start in {real_took:.0f} s")

    # ---- turns 5 to 7, from a prepared position ---------------------------------------------
    game_id, by_nation = start(site, people, POSITION, "Seven turns, prepared")
    by_seat = {oracle.seat_of(game_id, p.username): p for p in people}
    state = oracle.state(game_id)
    seat_of = {p.nation: p.seat for p in state.players}
    crete, thrace, africa = seat_of["crete"], seat_of["thrace"], seat_of["africa"]
    known = {s: set() for s in by_seat}
    orders = 0
    while oracle.state(game_id).turn <= LAST_TURN and not oracle.state(game_id).finished:
        state = oracle.state(game_id)
        d = oracle.required(game_id)
        assert d is not None, "the game waits on no one"
        seat, page = d.player, page_of(d.player)
        turn5 = state.turn == 5
        if turn5 and d.kind == "grow" and seat == thrace:
            # population placement by clicks on the map (SITE-POP-02): 3 tokens where 4 could grow
            assert d.options == {"stock": 3, "areas": {"byzantium": 2, "moesia": 2}}, d.options
            data = open_map(page, game_id)
            assert [x["kind"] for x in data["decisions"]] == ["grow"]
            panel = page.locator("#map-orders")
            click_area(page, "moesia")
            click_area(page, "moesia")
            click_area(page, "byzantium")
            assert "Tokens left to place: 0" in panel.inner_text(), panel.inner_text()
            with page.expect_navigation():
                panel.get_by_role("button", name="Done", exact=True).click()
            accepted(page)
            tokens = oracle.state(game_id).board.tokens
            assert tokens["moesia"]["thrace"] == 8 and tokens["byzantium"]["thrace"] == 7
            done.add("population placement")
        elif turn5 and d.kind == "build_cities" and seat == thrace:
            # both cities ticked on the map: not supported; Byzantium unticked: supported (SITE-TABLE-05)
            form = open_form(page, game_id, "build_cities")
            assert sorted(lit(page, "fc-offer") + lit(page, "fc-chosen")) == ["byzantium", "moesia"]
            for a in ("byzantium", "moesia"):
                if a not in lit(page, "fc-chosen"):
                    click_area(page, a)
            assert lit(page, "fc-chosen") == ["byzantium", "moesia"]
            text = preview_says(form, "Not supported: 0 tokens for 2 cities, which need 4")
            assert "2 cities built" in text
            screenshot(page, "seven-turns-cities-not-supported")
            click_area(page, "byzantium")
            preview_says(form, "Supported: ")
            assert lit(page, "fc-chosen") == ["moesia"]
            with page.expect_navigation():
                form.locator("button.send-button").click()
            accepted(page)
            cities = oracle.state(game_id).board.cities
            assert cities.get("moesia") == "thrace" and "byzantium" not in cities
            done.add("city built, one refused for support")
        elif turn5 and d.kind == "trade" and "trade with a lie" not in done:
            trade_with_a_lie(site, game_id, by_seat, crete, africa, checked, known)
            done.add("trade with a lie")
            continue
        elif turn5 and d.kind == "calamity_cities" and seat == africa:
            # Superstition: Africa chooses on the map the three cities reduced (SITE-CAL-06)
            assert "Superstition" in d.prompt and d.options["count"] == 3
            form = open_form(page, game_id, "calamity_cities")
            assert lit(page, "fc-offer") == sorted(d.options["cities"])
            for a in ("carthage", "thapsus", "tripoli"):
                click_area(page, a)
            assert lit(page, "fc-chosen") == ["carthage", "thapsus", "tripoli"]
            screenshot(page, "seven-turns-calamity-cities")
            with page.expect_navigation():
                form.locator("button.send-button").click()
            accepted(page)
            cities = oracle.state(game_id).board.cities
            assert [a for a, n in cities.items() if n == "africa"] == ["cyrene"], cities
            done.add("calamity choice")
        elif turn5 and d.kind == "buy" and seat == thrace:
            # an advance bought with its form: Pottery for three Grain and 9 from treasury
            form = decision_form(page, "buy")
            assert form.locator('input[name="f.cards"][value="pottery"]').is_enabled()
            treasury = state.players[thrace].treasury
            send_form(page, "buy", {"cards": ["pottery"], "pay": {"grain": 3}, "treasury": 9})
            known[thrace] |= {"Grain"}
            after = oracle.state(game_id).players[thrace]
            assert "pottery" in after.civ_cards and after.treasury == treasury - 9
            done.add("advance bought")
        else:
            form_id, values = plain_choice(state, d)
            send_form(page, form_id, values)
        checked(page, seat, f"{by_seat[seat]}'s game page after order {orders + 1} ({d.kind}, turn {state.turn})")
        orders += 1
        assert orders < MAX_ORDERS

    assert done == {"pick", "order changed", "changed order carried out", "ship built", "voyage", "population placement",
                    "city built, one refused for support", "trade with a lie", "calamity choice",
                    "advance bought"}, done
    assert oracle.state(game_id).turn == LAST_TURN + 1
    print(f"seven turns: real start {real_took:.0f} s, all {time.monotonic() - began:.0f} s")
