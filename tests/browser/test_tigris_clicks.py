"""Two players play four turns of Tigris & Euphrates by clicking squares (SITE-TABLE-13, issue
24 "What this issue must show").

Each player, in his own browser context, plays four turns of two actions: leaders, tiles and a
catastrophe, each placed by clicking a square the form in use lights on the map
(form_clicks.js) and pressing the form's own button; the decisions that arise between them
(commitments of a revolt, the war order, treasures, a monument) are given beside the board the
same way. Nothing is typed as JSON.

What each action is comes from the true state (the test's knowledge, never a page's): a leader
beside a temple (a player's third leader goes into a kingdom where the other has his leader
of that colour, a revolt, when the board allows it), a tile scoring a point when one
can, a catastrophe on a tile. The test keeps its own copy of the game, applies to it the orders
it means to give (the engine, RULES.apply), and after every action checks that the server's
state is that copy (so each click gave exactly that order), with concrete facts: the leader on
the clicked square, the tile of the colour on it, the catastrophe on it and the tile under it
gone, the tiles on the board counted. After each turn: the player's points and leaders as the
true state has them, no console error, no serious or critical axe violation, no other seat's
secret in the page (its hand, its points, the seed).

The second player plays on a phone (390x844). Checked on the way: the lit squares' outlines
are at least 3 screen pixels wide with the whole map shown (board.css, non-scaling stroke);
after the first turn the map's first zoom centres on the player's own leader (board.js,
data-own), not the map's middle.
"""
from __future__ import annotations

import json
import re
import secrets
import time

import pytest

from tresham.games import registry
from tresham.games.tigris.board import name as square_name
from tresham.games.tigris.legal import legal_orders
from tresham.games.tigris.rules.turn import decider

from ..platform.leakscan import Secrets, scan
from .conftest import (PHONE, assert_no_console_errors, check_axe, game_url, join_game, log_in, main_text,
                       register, screenshot, watch)
from .test_tigris import create_tigris, hand_on_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RULES = registry.get("tigris")
#: the turns' actions, the same for both players: (turn of the player, [kinds of its two actions])
PLAN = (["leader", "tile"], ["leader", "tile"], ["leader", "tile"], ["catastrophe", "tile"])
LEADER_ORDER = ("black", "green", "red", "blue")


def true_state(site, game_id: int):
    return RULES.loads(site.oracle.game(game_id)["state"])


def sq(at) -> str:
    return square_name((int(at[0]), int(at[1])))


def after(state, order):
    return RULES.apply(state, order)[0]


def settled(state, seat: int) -> bool:
    """Back to an action of ``seat``'s turn or the next player's: no decision in between."""
    return state.phase == "action" and state.conflict is None


# ---- what to do (the test's choice, from the true state) ------------------------------------
def choose(state, seat: int, kind: str, turn_of_player: int) -> dict:
    orders = legal_orders(state, seat)
    if kind == "leader":
        leaders = [o for o in orders if o["type"] == "leader" and state.leader_square(seat, o["colour"]) is None]
        if turn_of_player == 2:  # a revolt, when the board allows one
            revolts = [o for o in leaders if (lambda s: s.conflict and s.conflict["kind"] == "revolt")(after(state, o))]
            if revolts:
                return revolts[0]
        for colour in LEADER_ORDER:
            calm = [o for o in leaders if o["colour"] == colour and settled(after(state, o), seat)]
            if calm:
                return calm[len(calm) // 2]
        return leaders[0]
    if kind == "tile":
        tiles = [o for o in orders if o["type"] == "tile"]

        def gain(o):
            s = after(state, o)
            return (settled(s, seat) or s.active != seat, sum(s.points[seat].values()))

        return max(tiles, key=gain)
    assert kind == "catastrophe"
    on_tiles = [o for o in orders if o["type"] == "catastrophe" and tuple(o["to"]) in state.tiles]
    calm = [o for o in on_tiles if settled(after(state, o), seat)]
    return (calm or on_tiles)[0]


# ---- the page -----------------------------------------------------------------------------
def click_square(page, form, field: str, square: str) -> None:
    """Click ``square`` on the map (lit by the form in use) and see the form's field take it."""
    g = page.locator(f'#board-view .board-base g.sq[data-area="{square}"]')
    g.wait_for(state="attached")
    cls = g.get_attribute("class") or ""
    assert "fc-offer" in cls or "fc-chosen" in cls, f"{square} is not lit for the form in use ({cls})"
    g.scroll_into_view_if_needed()
    box = g.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # pieces on it too
    select = form.locator(f'select[name="f.{field}"]')
    assert select.input_value() == square, f"the click on {square} did not choose it"
    assert "fc-chosen" in (g.get_attribute("class") or "")


def give(page, form_id: str, *, choices: dict[str, str] | None = None, square: tuple[str, str] | None = None,
         shots: set | None = None) -> None:
    """Use the decision form ``form_id``: its drop-downs that are not squares chosen, the square
    clicked on the map, then the form's own button."""
    form = page.locator(f'form.decision-form[data-form="{form_id}"]')
    assert form.count() == 1, f"no form {form_id} on the page:\n{main_text(page)}"
    first = form.locator("select, input[type=number], button[type=submit]:visible").first
    first.focus()  # the form in use: its squares are lit on the map
    for field, value in (choices or {}).items():
        form.locator(f'select[name="f.{field}"]').select_option(value)
    if square is not None:
        click_square(page, form, *square)
        if shots is not None and form_id not in shots:  # the square chosen, before the button
            shots.add(form_id)
            lit_outlines_keep_their_width(page)
            size = "x".join(map(str, page.viewport_size.values()))
            screenshot(page, f"tigris-clicks-{form_id}-{size}")
    button = form.locator('button[type="submit"]:visible')
    assert button.count() == 1 and "Preview" not in button.inner_text(), button.all_inner_texts()
    with page.expect_navigation():  # the order is posted: the page comes back with its answer
        button.click()
    page.wait_for_load_state()
    assert not page.locator("#error").count(), page.locator("#error").inner_text()
    assert "Order accepted" in page.locator(".messages").inner_text(), main_text(page)


def lit_outlines_keep_their_width(page) -> None:
    """The lit squares' outlines are drawn at least 3 screen pixels wide with the whole map
    shown, on a phone too: their stroke does not scale with the map (vector-effect:
    non-scaling-stroke, board.css); a scaled 3-unit stroke was about 1 pixel on a phone."""
    drawn = page.locator("#board-view .board-base g.sq.fc-offer > .fill, #board-view .board-base g.sq.fc-chosen > .fill")
    assert drawn.count() > 0
    widths = drawn.evaluate_all("""fs => fs.map(f => {
        const st = getComputedStyle(f), svg = f.ownerSVGElement, r = svg.getBoundingClientRect();
        const box = svg.viewBox.baseVal, scale = Math.min(r.width / box.width, r.height / box.height);
        const w = parseFloat(st.strokeWidth);
        return st.vectorEffect === "non-scaling-stroke" ? w : w * scale; })""")
    assert min(widths) >= 3, f"lit outlines {min(widths):.1f} px wide on the screen"


def view_box(page) -> list[float]:
    return [float(x) for x in page.locator("#board-view svg.board-stage").get_attribute("viewBox").split()]


def first_zoom_centres_on_own_leader(page, square: str) -> None:
    """The map's first "+ Zoom in" centres on the viewer's own pieces (here his one leader),
    not on the map's middle (board.js reading the page's data-own); "Whole map" goes back."""
    page.locator(f'#board-view .board-base g.sq[data-area="{square}"]').wait_for(state="attached")
    assert page.locator("#board-view").get_attribute("data-own") == square
    full = view_box(page)
    sq_box = page.locator(f'#board-view .board-base g.sq[data-area="{square}"]').evaluate(
        "g => { const b = g.getBBox(); return [b.x, b.y, b.width, b.height]; }")
    target = (sq_box[0] + sq_box[2] / 2, sq_box[1] + sq_box[3] / 2)
    middle = (full[0] + full[2] / 2, full[1] + full[3] / 2)
    assert abs(middle[0] - target[0]) + abs(middle[1] - target[1]) > sq_box[2] / 2, "the leader is in the middle"
    page.locator('.board-tools button[data-board="in"]').click()
    box = view_box(page)
    assert box[2] < full[2] * 0.8
    centre = (box[0] + box[2] / 2, box[1] + box[3] / 2)
    assert abs(centre[0] - target[0]) < sq_box[2] / 4 and abs(centre[1] - target[1]) < sq_box[3] / 4, (centre, target)
    page.locator('.board-tools button[data-board="fit"]').click()
    assert view_box(page) == full


def assert_no_tigris_leak(page, site, game_id: int, seat: int) -> None:
    """No other seat's secret in what the page holds or received: its hand (a JSON object for
    another seat with a hand; the page's "Your tiles" is the viewer's own), its points while
    they are hidden (a JSON object for another seat with points), the seed."""
    g = site.oracle.game(game_id)
    state = RULES.loads(g["state"])
    other = 1 - seat
    secret = Secrets(viewer=seat, other_hands={}, stacks=[], seed=g["seed"])
    bodies = [page.content()] + [m["data"] for m in page.evaluate("() => (window.__treshamStream || []).splice(0)")]
    w = watch(page)
    for r in w.responses:
        try:
            bodies.append(r.body().decode("utf-8", "replace"))
        except Exception:  # a response the page dropped (navigated away)
            pass
    w.responses = []
    problems = []
    for body in bodies:
        problems += [str(f) for f in scan(body, secret)]
        for m in re.finditer(r'"seat":\s*%d\b[^{}]*"points":\s*\{' % other, body):
            problems.append(f"seat {other}'s points: {body[m.start():m.end() + 80]}")
    assert not problems, f"secrets shown to seat {seat}:\n" + "\n".join(problems)
    own = {c: n for c, n in state.hands[seat].items() if n}
    assert hand_on_page(page) == own, (hand_on_page(page), own)
    text = main_text(page)
    assert str(dict(state.hands[other])) not in text and json.dumps(state.hands[other]) not in page.content()


@pytest.mark.site("SITE-TABLE-13")
@pytest.mark.variant("TE-BASE-29", "TE-BASE-35", "TE-BASE-41")
def test_two_players_play_four_turns_by_clicking_squares(browser, site):
    started = time.monotonic()
    tag = secrets.token_hex(2)
    ann, ben = register(browser, site, f"ann{tag}"), register(browser, site, f"ben{tag}")
    name = f"Tigris clicks {tag}"
    try:
        create_tigris(ann, name)
        game_id = site.oracle.game_id(name)
        join_game(ben, name)
        # the second plays on a phone (390x844): the same clicks on a smaller map
        ben.context.close()
        ben = log_in(browser, site, ben.username, ben.password, size=PHONE)
        by_seat = {site.oracle.seat_of(game_id, p.username): p for p in (ann, ben)}
        shadow = true_state(site, game_id)
        assert len(shadow.tiles) == 10  # the ten temples of the base board
        done = {0: 0, 1: 0}
        seen_kinds: set[str] = set()
        shots: dict[int, set] = {0: set(), 1: set()}

        def settle(after_what: str) -> None:
            """The decisions the last order raised, each given beside the board."""
            nonlocal shadow
            while not shadow.finished and shadow.phase != "action":
                d = decider(shadow)
                page = by_seat[d].page
                page.goto(game_url(game_id))
                phase = shadow.phase
                seen_kinds.add(phase)
                orders = legal_orders(shadow, d)
                if phase == "commit":
                    n = orders[-1]["tiles"] if shadow.conflict["attacker_committed"] is None else orders[0]["tiles"]
                    form = page.locator('form.decision-form[data-form="commit"]')
                    field = form.locator('[name="f.tiles"]')
                    if field.evaluate("e => e.tagName") == "SELECT":
                        field.select_option(str(n))
                    else:
                        field.fill(str(n))
                    give(page, "commit")
                    order = {"type": "commit", "player": d, "tiles": n}
                elif phase == "war_order":
                    order = orders[0]
                    give(page, "war_order", choices={"colour": order["colour"]})
                elif phase == "treasure":
                    order = orders[0]
                    give(page, "treasure", square=("at", sq(order["at"])))
                elif phase == "monument":
                    order = next(o for o in orders if o["monument"])
                    give(page, "monument", choices={"monument": order["monument"]}, square=("at", sq(order["at"])))
                else:
                    raise AssertionError(f"a decision this test does not give: {phase} after {after_what}")
                shadow = after(shadow, order)
                assert true_state(site, game_id).digest() == shadow.digest(), f"{phase} after {after_what}"

        for turn in range(8):
            seat = decider(shadow)
            assert shadow.phase == "action" and shadow.actions_left == 2 and shadow.turn == turn + 1
            player = by_seat[seat]
            page = player.page
            page.goto(game_url(game_id))
            assert page.locator("#decisions").get_by_text("the game waits on you").count()
            k = done[seat]
            for kind in PLAN[k]:
                if decider(shadow) != seat or shadow.active != seat:
                    break  # the turn ended early (a conflict lost the last action? never in this plan)
                order = choose(shadow, seat, kind, k)
                square = sq(order["to"])
                tiles_before = len(shadow.tiles)
                if page.locator("form.decision-form").count() == 0:
                    # his page answered his commitment; the defender's brings his turn back to
                    # it by a live update (live.js), its forms as those of a page loaded anew
                    page.locator("form.decision-form").first.wait_for()
                if kind == "leader":
                    give(page, "leader", choices={"colour": order["colour"]}, square=("to", square), shots=shots[seat])
                elif kind == "tile":
                    form_id = "tile.river" if order["colour"] == "blue" else "tile.land"
                    give(page, form_id, choices={"colour": order["colour"]}, square=("to", square), shots=shots[seat])
                else:
                    give(page, "catastrophe", square=("to", square), shots=shots[seat])
                seen_kinds.add(kind)
                shadow = after(shadow, order)
                truth = true_state(site, game_id)
                assert truth.digest() == shadow.digest(), f"turn {turn + 1}: {kind} on {square}"
                at = (int(order["to"][0]), int(order["to"][1]))
                if kind == "leader":
                    if truth.conflict is None:
                        assert truth.leaders.get(at) == (seat, order["colour"])
                elif kind == "tile":
                    if truth.conflict is None and truth.phase == "action":
                        assert truth.tiles.get(at) == order["colour"] and len(truth.tiles) == tiles_before + 1
                else:
                    assert at in truth.catastrophes and at not in truth.tiles
                    assert len(truth.tiles) == tiles_before - 1
                settle(f"turn {turn + 1}'s {kind}")
            done[seat] += 1
            # the turn is over: the true state's facts, and the player's page
            truth = true_state(site, game_id)
            assert truth.turn == turn + 2 and truth.active == 1 - seat
            page.goto(game_url(game_id))
            view = RULES.view(truth, seat)
            mine = view["players"][seat]
            assert mine["points"] == truth.points[seat] and view["players"][1 - seat]["points"] is None
            on_board = sorted(f"{sq(q['at'])} {q['leader']['colour']}" for q in view["squares"]
                              if q.get("leader") and q["leader"]["owner"] == seat)
            for entry in on_board:  # each leader is drawn where he stands
                where, colour = entry.split()
                assert page.locator(f'#board-view g.pc.leader[data-area="{where}"]').count() == 1, entry
            assert page.locator("#board-view g.pc").count() >= len(truth.tiles)
            print(f"{time.monotonic() - started:.1f} s turn {turn + 1}: seat {seat} tiles on board {len(truth.tiles)} "
                  f"points {dict(truth.points[seat])} leaders {on_board} catastrophes {sorted(map(sq, truth.catastrophes))}")
            if turn == 0:
                first_zoom_centres_on_own_leader(page, on_board[0].split()[0])
            assert_no_console_errors(page, f"{player}'s game page after turn {turn + 1}")
            check_axe(page, f"the Tigris page after turn {turn + 1}")
            assert_no_tigris_leak(page, site, game_id, seat)

        truth = true_state(site, game_id)
        assert truth.turn == 9 and done == {0: 4, 1: 4}
        assert {"leader", "tile", "catastrophe"} <= seen_kinds, seen_kinds
        assert len(truth.catastrophes) == 2
        assert sum(sum(p.values()) for p in truth.points) > 0
        elapsed = time.monotonic() - started
        print(f"decisions beside the board: {sorted(seen_kinds - {'leader', 'tile', 'catastrophe'})}; {elapsed:.1f} s")
        assert elapsed < 150, f"{elapsed:.0f} s"  # about 40 s on an idle machine
    finally:
        for p in (ann, ben):
            p.context.close()
