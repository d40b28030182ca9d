"""Three players, each in his own browser, play three turns of a three-player game through the
pages only (issue 10): the game page's decision forms, the trade page and the panel, never
JSON. The game starts from a prepared position (``positions/three_turns.json``, the game option
``position``): from the real start no trade card exists before the third turn's cities, so no
trade, calamity or purchase could happen in the first three turns.

Turn 5 holds the decisions the issue names: Thrace places his short growth, Crete keeps his
ship and sails tokens to Thera, Thrace builds a city in Moesia, Crete trades Superstition to
Africa saying it is Ochre, Africa chooses the cities Superstition reduces, Thrace buys Pottery
with Grain and treasury. Turns 6 and 7 are played the same way with plain choices. After every
order the page is checked for console errors and for any secret of the game (another seat's
hand in its HTML, its event-stream messages and its JSON responses); screenshots of the map at
1280x800 and 390x844 go to test-artifacts/.
"""
from __future__ import annotations

import json
import secrets
from pathlib import Path

import pytest

from .conftest import (SIZES, assert_no_console_errors, assert_no_leak, check_axe, game_url,
                       main_text, screenshot, start_prepared)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

POSITION = json.loads((Path(__file__).parent / "positions" / "three_turns.json").read_text())
LAST_TURN = 7
MAX_ORDERS = 250


# ---- the pages' controls ----------------------------------------------------------------------
def decision_form(page, form_id: str):
    return page.locator(f'form.decision-form[data-form="{form_id}"]')


def fill_form(page, form_id: str, values: dict) -> None:
    """Fill the decision form ``form_id`` by its controls: a dict fills the numbers of a
    "counts" field, a list ticks the boxes of a "multi" field, a text a select or an input."""
    form = decision_form(page, form_id)
    assert form.count() == 1, f"no form {form_id} on the page:\n{main_text(page)}"
    for name, value in values.items():
        if isinstance(value, dict):
            for key, n in value.items():
                form.locator(f'input[name="f.{name}.{key}"]').fill(str(n))
        elif isinstance(value, list):
            for box in form.locator(f'input[type="checkbox"][name="f.{name}"]').all():
                if box.is_enabled():
                    box.set_checked(box.get_attribute("value") in value)
        else:
            control = form.locator(f'[name="f.{name}"]')
            if control.evaluate("e => e.tagName") == "SELECT":
                control.select_option(str(value))
            else:
                control.fill(str(value))


def send_form(page, form_id: str, values: dict | None = None) -> None:
    """Fill and submit a decision form; the page must say the order was accepted. The
    decisions the map's panel gives (population placement, movement) are given there: their
    forms are hidden while the panel's script runs (one entry per decision, TBL-22)."""
    with page.expect_navigation():  # the order is posted: wait for the page that answers it
        if form_id in ON_THE_MAP:
            send_on_map(page, form_id, values or {})
        else:
            fill_form(page, form_id, values or {})
            decision_form(page, form_id).locator('button[type="submit"]:visible').click()
    page.wait_for_load_state()
    if page.locator("#error").count():
        raise AssertionError(f"form {form_id} {values} refused: {page.locator('#error').inner_text()}")
    assert "Order accepted" in page.locator(".messages").inner_text(), main_text(page)


#: the forms whose decisions the map's panel gives (advciv/map_orders.js), hidden with script
ON_THE_MAP = {"grow", "move.done"}


def send_on_map(page, form_id: str, values: dict) -> None:
    """Give with the map's panel what form ``form_id`` would: the tokens placed by area (its
    "Place one token in ..." buttons), or the moves entered confirmed (its Done)."""
    from tresham.games.advciv.data import load

    panel = page.locator("#decisions #map-orders")
    panel.wait_for()
    assert decision_form(page, form_id).is_hidden()  # one entry per decision (TBL-22)
    if form_id == "grow":
        for area, n in (values.get("areas") or {}).items():
            for _ in range(int(n)):
                panel.get_by_role("button", name=f"Place one token in {load().map.areas[area].name}").click()
    else:
        assert values in ({}, {"done": "done"}), values
    panel.get_by_role("button", name="Done", exact=True).click()


def take_on_map(page, area: str, n: int) -> None:
    """Take ``n`` tokens of the stack in ``area`` by clicking the map (a click takes one, or
    those above the area's limit; a shift-click one more; a click on the source one back)."""
    import re

    from .test_map_orders import click_area

    page.wait_for_selector(".board-view g.area.mo-offer", state="attached")
    click_area(page, area)
    for _ in range(12):
        m = re.search(r"Taken: (\d+) token", page.locator("#map-orders").inner_text())
        have = int(m.group(1)) if m else 0
        if have == n:
            return
        click_area(page, area, shift=have < n)
    raise AssertionError(f"could not take {n} tokens in {area}")


# ---- plain choices for the decisions the test has no plan for -------------------------------
def plain_choice(state, d) -> tuple[str, dict]:
    """(form, values) a careful player would send: all his growth, ships kept only if he can,
    his moves confirmed, the cities the form ticks, no purchase but the cards over the limit
    surrendered, the cheapest losses, the leaders made to pay."""
    o = d.options
    if d.kind == "grow":
        left, out = int(o["stock"]), {}
        for area, cap in sorted(o["areas"].items()):
            n = min(cap, left)
            if n:
                out[area] = n
                left -= n
        return "grow", {"areas": out}
    if d.kind == "ships":
        treasury = int(o.get("treasury", 0))
        if not treasury:  # a ship's row offers what can pay (a token there) or is missing
            return "ships", {}
        return "ships", {f"keep{i}": ("treasury" if i < treasury else "remove") for i in range(len(o["ships"]))}
    if d.kind == "move":
        return "move.done", {"done": "done"}
    if d.kind == "build_cities":
        return "build_cities", {}
    if d.kind == "trade":
        return "trade.done", {}
    if d.kind == "buy":
        if not o.get("excess"):
            return "buy", {}
        hand = sorted(state.players[d.player].hand)
        return "buy", {"discard": _counts(hand[: int(o["excess"])])}
    if d.kind == "tax_rate":
        return "tax_rate", {}
    if d.kind == "calamity_cities":
        return "calamity_cities", {"cities": list(o["cities"])[: int(o["count"])]}
    if d.kind == "reduce_cities":
        return "reduce_cities", {"areas": list(o.get("new_cities") or o["cities"])[:1]}
    if d.kind == "choose_losses":
        left, out = int(o["points"]), {}
        for area, cap in sorted(o["tokens"].items()):
            n = min(int(cap), left)
            if n:
                out[area] = n
                left -= n
        return "choose_losses", {"tokens": out}
    if d.kind in ("famine_assign", "assign_losses"):
        left, out = int(o["total"]), {}
        for nation, cap in o["caps"].items():
            n = min(int(cap), left)
            if n:
                out[nation] = n
                left -= n
        return d.kind, {"points": out}
    if d.kind in ("calamity_choice", "calamity_site", "famine_grain", "buy_cards", "pillage", "monotheism"):
        return d.kind, {}
    raise AssertionError(f"the test has no plain choice for {d.kind}: {d.prompt}")


def _counts(cards: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


# ---- the game --------------------------------------------------------------------------------
@pytest.mark.site("SITE-POP-02", "SITE-SHIP-04", "SITE-MOVE-07", "SITE-CITY-01", "SITE-TRADE-01", "SITE-TRADE-05",
                  "SITE-TRADE-06", "SITE-TRADE-08", "SITE-CAL-01", "SITE-ADV-01", "SITE-ADV-03")
def test_three_players_play_three_turns_through_the_pages(site, own_players, spectator):
    players = own_players
    oracle = site.oracle
    name = f"Three turns {secrets.token_hex(2)}"
    game_id = start_prepared(site, players, POSITION, name)  # the others join on its page
    by_seat = {oracle.seat_of(game_id, p.username): p for p in players}
    state = oracle.state(game_id)
    nation_of = {p.seat: p.nation for p in state.players}
    seat_of = {n: s for s, n in nation_of.items()}
    crete, thrace, africa = seat_of["crete"], seat_of["thrace"], seat_of["africa"]
    done: set[str] = set()
    orders = 0

    def page_of(seat):
        page = by_seat[seat].page
        page.goto(game_url(game_id))
        return page

    #: card names each seat has seen named in his own deals (asked for, said to him): they
    #: may appear on his pages whoever holds such cards now
    known: dict[int, set[str]] = {s: set() for s in by_seat}

    def checked(page, seat, what):
        assert_no_console_errors(page, what)
        assert_no_leak(page, site, game_id, seat, spectator=spectator, what=what, known=known[seat],
                       catalogue_selects="/trade/" in page.url)

    while oracle.state(game_id).turn <= LAST_TURN and not oracle.state(game_id).finished:
        state = oracle.state(game_id)
        d = oracle.required(game_id)
        assert d is not None, "the game waits on no one"
        seat, page = d.player, page_of(d.player)
        assert page.locator("#decisions").get_by_text("the game waits on you").count(), main_text(page)
        turn5 = state.turn == 5

        if turn5 and d.kind == "grow" and seat == thrace:
            # (a) population placement with a short stock: 3 tokens where 7 could grow
            assert d.options["stock"] == 3
            send_form(page, "grow", {"areas": {"byzantium": 2, "thrace": 1}})
            tokens = oracle.state(game_id).board.tokens
            assert tokens["byzantium"]["thrace"] == 4 and tokens["thrace"]["thrace"] == 3
            done.add("population placement")
        elif turn5 and d.kind == "ships" and seat == crete:
            treasury = state.players[crete].treasury
            send_form(page, "ships", {"keep0": "treasury"})
            assert oracle.state(game_id).players[crete].treasury == treasury - 1
        elif turn5 and d.kind == "move" and seat == crete:
            # (b) a move by ship: 3 tokens aboard in Knossos, sail to Thera, land them
            before = oracle.state(game_id).board.tokens
            # given on the map (TBL-19, TBL-22): 3 taken in Knossos, Thera lit for the ship, clicked
            from .test_map_orders import click_area
            take_on_map(page, "knossos", 3)
            assert page.locator("#area-thera.mo-voyage").count() == 1
            click_area(page, "thera")
            assert "3 by ship from Knossos → Thera" in page.locator("#map-orders").inner_text()
            check_axe(page, "the game page with the movement panel")
            screenshot(page, "decision-forms-movement", element=page.locator("#decisions"))
            send_form(page, "move.done", {"done": "done"})
            tokens = oracle.state(game_id).board.tokens
            assert tokens["thera"]["crete"] == (before.get("thera") or {}).get("crete", 0) + 3, tokens.get("thera")
            assert (tokens.get("knossos") or {}).get("crete", 0) == before["knossos"]["crete"] - 3
            done.add("move by ship")
        elif turn5 and d.kind == "build_cities" and seat == thrace:
            # (c) a city build: Moesia ticked
            send_form(page, "build_cities", {"areas": ["moesia"]})
            assert oracle.state(game_id).board.cities.get("moesia") == "thrace"
            done.add("city build")
        elif turn5 and d.kind == "trade" and "trade with a lie" not in done:
            trade_with_a_lie(site, game_id, by_seat, crete, africa, checked, known)
            done.add("trade with a lie")
            continue
        elif turn5 and d.kind == "calamity_cities" and seat == africa:
            # (d) a calamity choice: Superstition reduces three of Africa's four cities
            assert "Superstition" in d.prompt and d.options["count"] == 3
            keep = "cyrene"
            send_form(page, "calamity_cities", {"cities": [c for c in d.options["cities"] if c != keep]})
            cities = oracle.state(game_id).board.cities
            assert [a for a, n in cities.items() if n == "africa"] == [keep], cities
            done.add("calamity choice")
        elif turn5 and d.kind == "buy" and seat == thrace:
            # (e) an advance bought with three Grain and 9 from treasury
            form = decision_form(page, "buy")
            assert form.locator('input[name="f.cards"][value="pottery"]').is_enabled()
            grey = form.locator('input[name="f.cards"][disabled]')
            assert grey.count() >= 1, "no advance greyed out for a treasury of 33 and three Grain"
            check_axe(page, "the game page with the advances cart")
            page.set_viewport_size({"width": 390, "height": 844})
            screenshot(page, "decision-forms-cart-390x844", element=decision_form(page, "buy"))
            assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1"), \
                "the game page with the cart scrolls sideways on a phone"
            page.set_viewport_size({"width": 1280, "height": 800})
            treasury = oracle.state(game_id).players[thrace].treasury
            send_form(page, "buy", {"cards": ["pottery"], "pay": {"grain": 3}, "treasury": 9})
            known[thrace] |= {"Grain"}  # the cards he paid with are named on his page
            after = oracle.state(game_id).players[thrace]
            assert "pottery" in after.civ_cards and "grain" not in after.hand
            assert after.treasury == treasury - 9
            done.add("advance purchase")
        else:
            form_id, values = plain_choice(state, d)
            send_form(page, form_id, values)
        checked(page, seat, f"{by_seat[seat]}'s game page after order {orders + 1} ({d.kind})")
        orders += 1
        assert orders < MAX_ORDERS, "three turns take too many orders"

    assert done == {"population placement", "move by ship", "city build", "trade with a lie",
                    "calamity choice", "advance purchase"}, done
    assert oracle.state(game_id).turn == LAST_TURN + 1
    viewer = by_seat[crete].page
    for size, (width, height) in SIZES.items():
        viewer.set_viewport_size({"width": width, "height": height})
        viewer.goto(game_url(game_id))
        screenshot(viewer, f"three-turns-game-{size}")
        screenshot(viewer, f"three-turns-map-{size}", element=viewer.locator("#map"))
        assert viewer.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1"), \
            f"the game page scrolls sideways at {size}"
        assert_no_console_errors(viewer)
    viewer.set_viewport_size({"width": SIZES["1280x800"][0], "height": SIZES["1280x800"][1]})


def give(form, card: str, *, drag: bool = False, say: str | None = None) -> None:
    """Put one ``card`` of the form's hand into its "You give" box (dragged, or with its Give
    button) and, with ``say``, state it as another card."""
    li = form.locator(f'[data-hand] li[data-name="{card}"]').first
    assert li.count(), f"no {card} left in the hand on the trade page"
    given = form.locator(f'[data-give] li[data-name="{card}"]').count()
    if drag:
        # the page's drag and drop, by the events a mouse drag fires (Chromium headless
        # does not start a native drag from synthetic mouse moves)
        zone = form.locator("[data-give]")
        dt = form.page.evaluate_handle("() => new DataTransfer()")
        li.dispatch_event("dragstart", {"dataTransfer": dt})
        zone.dispatch_event("dragover", {"dataTransfer": dt})
        zone.dispatch_event("drop", {"dataTransfer": dt})
    else:
        li.locator("button[data-move]").click()
    moved = form.locator(f'[data-give] li[data-name="{card}"]')
    assert moved.count() == given + 1, f"{card} did not move into the give box"
    if say:
        moved.last.locator("select").select_option(label=say)


def trade_with_a_lie(site, game_id, by_seat, crete, africa, checked, known) -> None:
    """On the trade page: Crete offers Salt, Salt and Superstition to Africa, saying the
    Superstition is Ochre, and asks for Oil, Oil and Don't Care; Africa sees only what was said,
    accepts with Oil, Oil and Hides; everyone says Done; the embargo ends with the market (all
    left) and the cards change hands."""
    from collections import Counter

    oracle = site.oracle
    before = {s: Counter(oracle.state(game_id).players[s].hand) for s in (crete, africa)}
    cpage = by_seat[crete].page
    cpage.goto(f"/games/{game_id}/trade/")
    cpage.locator(f"#to-{africa}").check()
    offer_form = cpage.locator("#offer-form")
    give(offer_form, "Salt", drag=True)  # dragged into "You give"
    give(offer_form, "Salt")             # its Give button (the keyboard's way)
    give(offer_form, "Superstition", say="Ochre")  # the lie
    assert offer_form.locator("[data-give] li").count() == 3
    cpage.locator("#expect-0").select_option(label="Oil")
    cpage.locator("#expect-1").select_option(label="Oil")
    cpage.locator("#expect-2").select_option(label="Don't Care")
    check_axe(cpage, "the trade page with an offer being made")
    apage = by_seat[africa].page
    apage.goto(f"/games/{game_id}/trade/")  # Africa looks at his trade page meanwhile
    assert apage.locator("#incoming section").count() == 0
    apage.evaluate("() => { window.__notReloaded = true; }")
    cpage.get_by_role("button", name="Submit this trade").click()
    cpage.wait_for_load_state()
    assert cpage.locator("#error").count() == 0, cpage.locator("#error").inner_text()
    known[crete] |= {"Oil"}  # he asked for it
    known[africa] |= {"Salt", "Ochre", "Oil"}  # what he was told he gets, and what he is asked for
    checked(cpage, crete, "Crete's trade page after his offer")

    # the offer appears on Africa's open page by itself (live.js), without a reload
    offer = apage.locator("#incoming section").first
    offer.wait_for(timeout=5_000)
    assert apage.evaluate("() => window.__notReloaded === true"), "the trade page was reloaded"
    said = offer.locator("p").first.inner_text()
    assert "Salt, Salt, Ochre" in said, said  # what was said, not what is given
    accept = offer.locator("form[data-trade-form]")
    for card in ("Oil", "Oil", "Hides"):
        give(accept, card)
    known[crete] |= {"Hides"}  # what Africa says he gives
    accept.locator('button[type="submit"]:visible').click()
    apage.wait_for_load_state()
    assert apage.locator("#error").count() == 0, apage.locator("#error").inner_text()
    checked(apage, africa, "Africa's trade page after accepting")

    for seat in sorted(by_seat):  # everyone leaves the market: the embargo ends, the deal is made
        state = oracle.state(game_id)
        if state.phase != "trade":
            break
        if not any(d.player == seat and d.kind == "trade" for d in oracle.rules.pending(state)):
            continue
        page = by_seat[seat].page
        page.goto(game_url(game_id))
        send_form(page, "trade.done")
        checked(page, seat, f"seat {seat}'s game page after leaving the market")
    state = oracle.state(game_id)
    assert "superstition" in state.players[africa].hand or state.phase != "trade"
    assert Counter(state.players[crete].hand) - before[crete] == Counter({"oil": 2, "hides": 1})
    got = Counter(state.players[africa].hand) - before[africa]
    assert got["salt"] == 2 and (got["superstition"] == 1 or state.phase != "trade")
