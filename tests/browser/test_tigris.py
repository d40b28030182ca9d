"""Two players, each in his own browser, create, join and play a 2-player Tigris & Euphrates
game through the pages (issue 14): the new-game page with the game chosen and its options, the
Open list and "Join this game", then several turns on the game page, including a war.

The orders are given with the game page's decision forms (``tresham/games/tigris/site/forms.py``:
a leader, a tile on land, a commitment, a swap, a pass), filled in by their controls and
submitted, never as JSON.

The war is set up by the orders themselves, whatever the seed: the first player puts his king
beside the temple on F10 (G10) and a tile on H10, the second his king beside the temple on K11
(J11) and a tile on I11, the first a tile on I10, which joins both kingdoms: a war of kings
(TE-BASE-51). The tiles are land tiles the page shows in each player's own hand. The test then
checks that the board shows the pieces (the map's pieces, or the board table while the game
draws no map) and that the war's outcome is in the history, as the server's state says.
"""
from __future__ import annotations

import re
import secrets

import pytest

from tresham.games import registry

from .conftest import (assert_no_console_errors, check_axe, game_url, join_game, main_text, register,
                       screenshot, waits_on_me)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RULES = registry.get("tigris")


def tigris_state(site, game_id: int):
    """The server's true state of the game (the test's knowledge, never a client's)."""
    g = site.oracle.game(game_id)
    assert g["state"], "the game has not started"
    return RULES.loads(g["state"])


def hand_on_page(page) -> dict[str, int]:
    """The viewer's tiles as his game page lists them ("2 settlements (black)")."""
    out = {}
    for text in page.locator("#hand li").all_inner_texts():
        m = re.fullmatch(r"\s*(\d+) .* \((red|blue|green|black)\)\s*", text)
        assert m, f"a tile of the hand is not as expected: {text!r}"
        out[m.group(2)] = int(m.group(1))
    return out


def land_colour(page) -> str:
    hand = hand_on_page(page)
    return next(c for c in ("black", "red", "green") if hand.get(c))


def send_form(page, game_id: int, form_id: str, values: dict | None = None) -> None:
    """Fill the game page's decision form ``form_id`` by its controls (a dict: the numbers of a
    "counts" field; a text: a select or an input) and submit it: the order must be accepted."""
    if f"/games/{game_id}/" not in page.url or "/history/" in page.url:
        page.goto(game_url(game_id))
    form = page.locator(f'form.decision-form[data-form="{form_id}"]')
    assert form.count() == 1, f"no form {form_id} on the page:\n{main_text(page)}"
    for name, value in (values or {}).items():
        if isinstance(value, dict):
            for key, n in value.items():
                form.locator(f'input[name="f.{name}.{key}"]').fill(str(n))
        else:
            control = form.locator(f'[name="f.{name}"]')
            if control.evaluate("e => e.tagName") == "SELECT":
                control.select_option(str(value))
            else:
                control.fill(str(value))
    with page.expect_navigation():  # the order is posted: wait for the page that answers it
        form.locator('button[type="submit"]:visible').click()
    page.wait_for_load_state()
    if page.locator("#error").count():
        raise AssertionError(f"form {form_id} {values} refused: {page.locator('#error').inner_text()}")
    assert "Order accepted" in page.locator(".messages").inner_text(), main_text(page)


def create_tigris(creator, name: str) -> None:
    """Game List -> Open -> "Create a new game" -> Tigris & Euphrates, 2 players, the base board."""
    page = creator.page
    page.goto("/")
    page.get_by_role("navigation", name="Site").get_by_role("link", name="Game List").click()
    page.get_by_role("navigation", name="Game list").get_by_role("link", name="Open").click()
    page.get_by_role("link", name="Create a new game").click()
    page.get_by_role("link", name="Tigris & Euphrates").click()
    page.wait_for_url(re.compile(r"kind=tigris"))
    assert "Game: Tigris & Euphrates" in main_text(page)
    page.locator("#id_name").fill(name)
    page.locator("#id_opt_players").select_option(label="2 players")
    page.locator("#id_opt_board").select_option(label="Base board")
    assert not page.locator("#id_opt_buildings").is_checked()
    assert page.locator("#id_take_seat").is_checked()
    page.get_by_role("button", name="Create the game").click()
    page.wait_for_load_state()
    assert page.get_by_role("heading", name=name).count(), f"game not created:\n{main_text(page)}"
    assert "Tigris & Euphrates · 2 players" in main_text(page)


def whose_turn(players, game_id: int):
    for p in players:
        p.page.goto(game_url(game_id))
    waiting = [p for p in players if waits_on_me(p.page)]
    assert len(waiting) == 1, f"the game waits on {[str(p) for p in waiting]}"
    return waiting[0]


def test_two_players_play_tigris_through_the_pages_including_a_war(browser, site):
    tag = secrets.token_hex(2)
    ann, ben = register(browser, site, f"ann{tag}"), register(browser, site, f"ben{tag}")
    players = [ann, ben]
    name = f"Tigris {tag}"
    try:
        create_tigris(ann, name)
        game_id = site.oracle.game_id(name)
        join_game(ben, name)
        assert site.oracle.game(game_id)["status"] == "active"
        seat = {p.username: site.oracle.seat_of(game_id, p.username) for p in players}
        assert sorted(seat.values()) == [0, 1]

        first = whose_turn(players, game_id)
        second = ben if first is ann else ann
        page = first.page
        text = main_text(page)
        assert "Your tiles" in text and "Dynasty" in text and "trade cards" not in text
        nav = page.get_by_role("navigation", name="This game").inner_text()
        assert "History" in nav and "Trade" not in nav and "A.S.T." not in nav and "Advances" not in nav
        assert sum(hand_on_page(page).values()) == 6
        check_axe(page, "the Tigris game page")

        # turn 1: the first player's king beside the west temple, and a tile beside him
        send_form(page, game_id, "leader", {"colour": "black", "to": "G10"})
        send_form(page, game_id, "tile.land", {"colour": land_colour(page), "to": "H10"})
        assert_no_console_errors(page, "the first player's page after his turn")
        # turn 2: the second player's king beside the east temple, and a tile beside him
        assert whose_turn(players, game_id) is second
        page = second.page
        send_form(page, game_id, "leader", {"colour": "black", "to": "J11"})
        send_form(page, game_id, "tile.land", {"colour": land_colour(page), "to": "I11"})
        # turn 3: the first player joins the kingdoms on I10: a war of kings
        assert whose_turn(players, game_id) is first
        page = first.page
        send_form(page, game_id, "tile.land", {"colour": land_colour(page), "to": "I10"})
        conflict = RULES.view(tigris_state(site, game_id), None)["conflict"]
        assert conflict and conflict["kind"] == "war" and conflict["colour"] == "black"
        attacker = first if conflict["attacker"] == seat[first.username] else second
        defender = second if attacker is first else first
        # the attacker commits every king's tile (settlement) he holds, the defender none
        page = attacker.page
        page.goto(game_url(game_id))
        assert "commit" in page.locator("#decisions").inner_text()
        committed = hand_on_page(page).get("black", 0)
        send_form(page, game_id, "commit", {"tiles": committed})
        page = defender.page
        page.goto(game_url(game_id))
        send_form(page, game_id, "commit", {"tiles": 0})
        state = tigris_state(site, game_id)
        view = RULES.view(state, None)
        assert view["conflict"] is None
        a_total = conflict["attacker_strength"] + committed
        d_total = conflict["defender_strength"]
        loser = attacker if a_total <= d_total else defender  # a tie goes to the defender
        winner = defender if loser is attacker else attacker
        kings = {tuple(q["at"]): q["leader"]["owner"] for q in view["squares"]
                 if q.get("leader") and q["leader"]["colour"] == "black"}
        assert list(kings.values()) == [seat[winner.username]], kings

        # the first player ends turn 3, the second plays turn 4 (a swap) and ends it
        assert whose_turn(players, game_id) is first
        send_form(first.page, game_id, "pass")
        assert whose_turn(players, game_id) is second
        page = second.page
        swap = {c: n for c, n in hand_on_page(page).items() if n}
        send_form(page, game_id, "swap", {"tiles": swap})
        send_form(page, game_id, "pass")
        state = tigris_state(site, game_id)
        assert state.turn == 5

        # the board shows the pieces of the server's public view
        spectator_view = RULES.view(state, None)
        for p in players:
            page = p.page
            page.goto(game_url(game_id))
            leaders = [q for q in spectator_view["squares"] if q.get("leader")]
            assert page.locator("#board-view").count() == 1, "the game page draws no map"
            # the map: a piece for every square with something on it, the king where he stands
            page.locator("#board-view svg.board-stage g.pieces").wait_for(state="attached")
            drawn = set(page.locator("#board-view g.pc").evaluate_all(
                "els => els.map(e => e.getAttribute('data-area'))"))
            squares = {f"{chr(65 + q['at'][0])}{q['at'][1] + 1}" for q in spectator_view["squares"]}
            assert squares <= drawn, squares - drawn
            for q in leaders:
                square = f"{chr(65 + q['at'][0])}{q['at'][1] + 1}"
                dynasty = RULES.view(state, None)["players"][q["leader"]["owner"]]["dynasty"]
                king = page.locator(f'#board-view g.pc.leader[data-area="{square}"][data-owner="{dynasty}"]')
                assert king.count() == 1, square
            assert page.locator("#board-view g.pc.leader").count() == len(leaders) == 1
            # and the same pieces in the board table
            rows = page.locator("#board tbody tr").all_inner_texts()
            assert len(rows) == len(spectator_view["squares"])
            for q in leaders:
                square = f"{chr(65 + q['at'][0])}{q['at'][1] + 1}"
                assert any(r.startswith(square) and "king" in r for r in rows), (square, rows)
            assert_no_console_errors(page, f"{p}'s game page")
        screenshot(first.page, "tigris-game-after-the-war", full_page=True)

        # the war and its outcome are in the history, for everyone
        page = second.page
        page.goto(f"/games/{game_id}/history/")
        history = main_text(page)
        assert "black war on I10" in history
        outcome = [line for line in history.splitlines() if line.startswith("black war:")]
        assert len(outcome) == 1 and "loses" in outcome[0], history
        assert re.search(rf"\b{a_total} against \w+ {d_total};", outcome[0]), outcome[0]
        check_axe(page, "the Tigris history page")
    finally:
        for p in players:
            p.context.close()
