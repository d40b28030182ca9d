"""Two players play the setup and three turns each of Civilization: The Card Game through the
pages (issue 29, "What this issue must show"), one attack with a counter included.

Each player, in his own browser context (the second on a phone, 390x844), gives every order
with the game page's decision forms, filled in by their controls (drop-downs, check boxes,
number boxes) and submitted, never as JSON: the drafts, the free population, the opening
discard, then each turn's collection, purchases, attack and end-of-turn discard; on the way
one attack, its unit countered by a unit of the defender's hand (CCG-COMB-04).

What to give comes from the true state (the test's knowledge, never a page's) by :func:`plan`:
the heuristic bot's purchases (at most three a turn) and discards, the main-resource collection,
an attack only with a unit the neighbour holds a counter to, that counter used. A real game
deals from its secret seed; the test sets the seed of the game it created before the second
player joins (the one write of the operator's, as ``Oracle.grant_staff``), to :data:`SEED`, a
seed where this plan leads to such an attack within three turns (found by :func:`play_plan`,
which the test also runs on the engine to know what to expect). After every order the
server's state is the test's own copy with that order applied (so each form gave exactly it).

Checked on the way: the table page (the hand, the plots with their population, the market,
the scores, the combat in progress with its countered unit), no console error, no serious or
critical axe violation, no other seat's hand in the pages; screenshots of the game page and
the table page at 1280x800 and 390x844 under ``test-artifacts/``.
"""
from __future__ import annotations

import hashlib
import secrets
import sqlite3

import pytest

from tresham.games import registry
from tresham.games.civcards import engine
from tresham.games.civcards.bots import heuristic_bot
from tresham.games.civcards.rules import combat
from tresham.games.civcards.rules.turn import decider
from tresham.games.civcards.seating import targets
from tresham.games.civcards.site import names
from tresham.games.civcards.site.forms import form_order, order_forms
from tresham.games.civcards.state import CCState

from tests.games.civcards.web.helpers import fill as first_values  # the first choices, counts in order

from .conftest import (PHONE, assert_no_console_errors, check_axe, game_url, log_in, main_text, register,
                       screenshot, waits_on_me)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RULES = registry.get("civcards")
#: a seed where :func:`plan` attacks with a unit the defender counters within three turns each
SEED = "civcards-browser-0"
TURNS = 6  # three turns each of two players
BUYS_PER_TURN = 3


# ---- what to do (the test's choice, from the true state) -------------------------------------
def counter_attack(s: CCState, seat: int) -> tuple[int, str, str] | None:
    """(target, unit, counter): a unit of ``seat``'s hand that a neighbour can counter with a
    unit of his (CCG-COMB-04), or None."""
    cards = s.cards
    for t in targets(s.options, s.players, seat):
        for u in s.seats[seat]["hand"]:
            if cards.kind(u) != "unit" or cards.card(u).removes_walls:
                continue
            by = next((h for h in s.seats[t]["hand"] if combat.counters(s, h, u)), None)
            if by:
                return t, u, by
    return None


def plan(s: CCState, seat: int, attacked: bool, bought: int) -> tuple[str, dict]:
    """The form the test uses for ``seat``'s decision now, and its values."""
    forms = {f.id: f for f in order_forms(s, seat)}
    ph = s.phase
    if ph in ("opening_discard", "discard"):
        chosen = set(heuristic_bot(s, seat, "browser")["cards"])  # in the hand's order, as the page sends them
        return "discard", {"cards": [c for c in s.seats[seat]["hand"] if c in chosen]}
    if ph == "collect":
        return "collect.default", {}
    if ph == "buy":
        o = heuristic_bot(s, seat, "browser")
        t = o["type"]
        if bought >= BUYS_PER_TURN or t not in ("buy_tech", "build", "buy_population", "buy_plot", "exchange", "cash"):
            return "end_buy", {}
        return t, {k: v for k, v in o.items() if k not in ("type", "player")}
    if ph == "attack":
        found = None if attacked else counter_attack(s, seat)
        if found is None or "attack" not in forms:
            return "attack.none", {}
        t, u, _ = found
        return "attack", {f.name: ([u] if f.name == f"t{t}" else []) for f in forms["attack"].fields}
    if ph == "defend":
        (form,) = forms.values()
        units = engine.view(s, seat)["pending"][0]["options"]["units"]
        return "defend", {f.name: next(c.value for c in f.choices if combat.counters(s, c.value, units[int(f.name[1:])]))
                          for f in form.fields}
    fid = next(iter(forms))  # the setup's choices, and the rest of a combat: what the page shows first
    return fid, first_values(forms[fid])


def play_plan(seed: str, turns: int = TURNS):
    """The game :func:`plan` plays from ``seed`` on the engine: [(seat, form, values, order)] up
    to the end of turn ``turns``, and the attack countered (target, unit, counter) or None."""
    s = engine.new_game({"players": 2}, seed)
    steps, attacked, bought, countered = [], None, 0, None
    while s.turn <= turns and not s.finished:
        seat = decider(s)
        fid, vals = plan(s, seat, attacked is not None, bought)
        order = form_order(s, seat, fid, vals)
        if fid == "attack":
            attacked = counter_attack(s, seat)
        if fid == "defend":
            countered = attacked
        bought = 0 if fid == "end_buy" else bought + (s.phase == "buy")
        steps.append((seat, fid, vals, order))
        s, _ = engine.apply(s, order)
    return steps, countered


# ---- the site -------------------------------------------------------------------------------
def true_state(site, game_id: int) -> CCState:
    g = site.oracle.game(game_id)
    assert g["state"], "the game has not started"
    return RULES.loads(g["state"])


def deal_from(site, game_id: int, seed: str) -> None:
    """The operator sets the seed of a game still waiting for players (its published SHA-256
    with it): the game deals from ``seed`` when its seats are full."""
    with sqlite3.connect(str(site.oracle.db), timeout=30) as c:
        n = c.execute("UPDATE play_game SET seed = ?, seed_sha256 = ? WHERE id = ? AND status = 'open'",
                      (seed, hashlib.sha256(seed.encode()).hexdigest(), game_id)).rowcount
    assert n == 1, "the game had started"


def create_civcards(creator, name: str) -> None:
    """Game List -> Open -> "Create a new game" -> Civilization: The Card Game, 2 players, the
    Tresham deck (labelled our own design)."""
    page = creator.page
    page.goto("/")
    page.get_by_role("navigation", name="Site").get_by_role("link", name="Game List").click()
    page.get_by_role("navigation", name="Game list").get_by_role("link", name="Open").click()
    page.get_by_role("link", name="Create a new game").click()
    page.get_by_role("link", name="Civilization: The Card Game").click()
    page.wait_for_load_state()
    assert "Game: Civilization: The Card Game" in main_text(page)
    page.locator("#id_name").fill(name)
    page.locator("#id_opt_players").select_option(label="2 players")
    deck = page.locator("#id_opt_deck")
    assert "our own design" in deck.locator("option:checked").inner_text()
    assert page.locator("#id_take_seat").is_checked()
    page.get_by_role("button", name="Create the game").click()
    page.wait_for_load_state()
    assert page.get_by_role("heading", name=name).count(), f"game not created:\n{main_text(page)}"


def join(player, name: str) -> None:
    page = player.page
    page.goto("/lobby/open/")
    page.get_by_role("link", name=name, exact=True).click()
    page.get_by_role("button", name="Join this game").click()
    page.wait_for_load_state()
    assert page.get_by_text(f"{player.username} (you)").count(), main_text(page)


def give(page, s: CCState, seat: int, fid: str, vals: dict) -> None:
    """Fill the decision form ``fid`` by its controls with ``vals`` and press its button."""
    form = page.locator(f'form.decision-form[data-form="{fid}"]')
    assert form.count() == 1, f"no form {fid} on the page:\n{main_text(page)}"
    spec = next(f for f in order_forms(s, seat) if f.id == fid)
    for f in spec.fields:
        v = vals.get(f.name)
        if f.kind == "choice":
            if v is not None:
                sel = form.locator(f'select[name="f.{f.name}"]')
                sel.select_option(str(v))
                assert sel.input_value() == str(v)
        elif f.kind == "multi":
            for c in f.choices:
                box = form.locator(f'input[type=checkbox][name="f.{f.name}"][value="{c.value}"]')
                box.set_checked(c.value in (v or []))
        elif f.kind == "counts":
            for c in f.choices:
                form.locator(f'input[name="f.{f.name}.{c.value}"]').fill(str((v or {}).get(c.value, 0)))
        elif f.kind == "number" and v is not None:
            form.locator(f'input[name="f.{f.name}"]').fill(str(v))
    with page.expect_navigation():
        form.locator('button[type="submit"]').click()
    page.wait_for_load_state()
    assert not page.locator("#error").count(), page.locator("#error").inner_text()
    assert "Order accepted" in page.locator(".messages").inner_text(), main_text(page)


def table_text(page, game_id: int) -> str:
    page.goto(f"/games/{game_id}/table/")
    page.wait_for_load_state()
    return main_text(page)


def hand_names(s: CCState, seat: int) -> list[str]:
    return [names.described(s.cards, c) for c in s.seats[seat]["hand"]]


def test_two_players_play_three_turns_through_the_pages_with_a_countered_attack(browser, site):
    steps, countered = play_plan(SEED)
    assert countered is not None, f"the plan makes no countered attack from {SEED}"
    tag = secrets.token_hex(2)
    a = register(browser, site, f"civa{tag}")
    b0 = register(browser, site, f"civb{tag}")
    b = log_in(browser, site, b0.username, b0.password, size=PHONE)  # the second plays on a phone
    b0.context.close()
    name = f"Civ cards {tag}"
    try:
        create_civcards(a, name)
        game_id = site.oracle.game_id(name)
        deal_from(site, game_id, SEED)
        join(b, name)
        by_seat = {site.oracle.seat_of(game_id, p.username): p for p in (a, b)}
        assert sorted(by_seat) == [0, 1]
        mine = engine.new_game({"players": 2}, SEED)
        assert true_state(site, game_id).digest() == mine.digest(), "the game was not dealt from the seed"
        shots: set[str] = set()
        combat_seen = False
        for i, (seat, fid, vals, order) in enumerate(steps):
            p = by_seat[seat]
            page = p.page
            page.goto(game_url(game_id))
            assert waits_on_me(page), f"step {i}: the game does not wait on seat {seat}:\n{main_text(page)}"
            if fid in ("pick", "attack", "defend"):
                other = by_seat[1 - seat].page
                other.goto(game_url(game_id))
                assert not waits_on_me(other)
            size = "x".join(map(str, page.viewport_size.values()))
            if fid in ("pick", "collect.default", "buy_tech", "build", "attack", "defend") and (fid, size) not in shots:
                shots.add((fid, size))
                screenshot(page, f"civcards-{fid}-{size}", full_page=True)
                screenshot(page, f"civcards-{fid}-{size}-forms", element=page.locator("#decisions"))
            give(page, mine, seat, fid, vals)
            mine, _ = engine.apply(mine, order)
            assert true_state(site, game_id).digest() == mine.digest(), f"step {i}: {fid} gave another order"
            if fid == "attack":  # the defender's page: the combat, the form to counter it
                t, unit, by = countered
                dpage = by_seat[t].page
                text = table_text(dpage, game_id)
                assert f"Combat: {['Rome', 'Egypt'][seat]} attacks" in text
                assert names.described(mine.cards, unit) in text
                u = mine.cards.card(unit)
                assert (f"take at most {u.steal} population and {u.destroy} building{'s' if u.destroy != 1 else ''}"
                        in text), text
                dsize = "x".join(map(str, dpage.viewport_size.values()))
                screenshot(dpage, f"civcards-table-combat-{dsize}", full_page=True)
                check_axe(dpage, "the table page in combat")
            if fid == "defend":
                combat_seen = True
                t, unit, by = countered
                text = table_text(p.page, game_id)
                log = [e for e in mine.seats[t]["hand"]]
                assert by not in log, "the counter stays in the defender's hand"
                # the history of the game page names the countered unit
                page.goto(game_url(game_id))
                assert mine.cards.name(unit) in main_text(page)
            if mine.phase == "collect" and fid in ("discard", "opening_discard"):
                assert_no_console_errors(page, f"{p}'s page")
        assert combat_seen
        final = true_state(site, game_id)
        assert final.turn == TURNS + 1 and final.phase in ("collect", "buy")
        for seat, p in by_seat.items():
            text = table_text(p.page, game_id)
            size = "x".join(map(str, p.page.viewport_size.values()))
            screenshot(p.page, f"civcards-table-{size}", full_page=True)
            assert f"Your hand ({len(final.seats[seat]['hand'])} card" in text
            assert all(h in text for h in hand_names(final, seat))
            theirs = [h for h in hand_names(final, 1 - seat) if h not in hand_names(final, seat)]
            assert not [h for h in theirs if h in text.split("Scores")[0]], "another seat's hand on the table page"
            for pl in final.seats[seat]["plots"]:
                assert names.plot(final.cards, pl["id"]) in text
            assert sum(pl["pop"] for pl in final.seats[seat]["plots"]) >= 1
            # on a phone too, nothing of the table page is cut off: no region scrolls sideways
            cut = p.page.evaluate("""() => [document.documentElement, ...document.querySelectorAll('main .table-scroll')]
                .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.id || e.className || e.tagName)""")
            assert cut == [], f"cut off at {size}: {cut}"
            check_axe(p.page, f"{p}'s table page")
            assert_no_console_errors(p.page, f"{p}'s table page")
    finally:
        a.context.close()
        b.context.close()
