"""A game page left open follows the game by itself (live.js): when another seat's order
changes the board, the page is fetched again once and the map's pieces are taken from it
(board.js ``take``), not fetched a second time from the board's JSON (issue 28, "Bytes").

Two players, each in his own browser, a 2-player Tigris & Euphrates game: the second player's
page stays open while the first places his king and a tile through his forms; the second
player's map shows them without a reload, the page was fetched once per change, and the
board's JSON never."""
from __future__ import annotations

import secrets

import pytest

from .conftest import assert_no_console_errors, game_url, join_game, register
from .test_tigris import create_tigris, land_colour, send_form, whose_turn

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_an_open_page_takes_the_new_pieces_from_the_page_it_fetches_again(browser, site):
    tag = secrets.token_hex(2)
    ann, ben = register(browser, site, f"ann{tag}"), register(browser, site, f"ben{tag}")
    players = [ann, ben]
    try:
        create_tigris(ann, f"Live map {tag}")
        game_id = site.oracle.game_id(f"Live map {tag}")
        join_game(ben, f"Live map {tag}")
        first = whose_turn(players, game_id)
        second = ben if first is ann else ann

        watcher = second.page
        watcher.goto(game_url(game_id))
        view = watcher.locator("#board-view")
        view.locator("svg.board-stage g.pieces").wait_for(state="attached")
        revision = site.oracle.game(game_id)["revision"]
        assert view.get_attribute("data-revision") == str(revision)
        assert watcher.locator('#board-view g.pc.leader[data-area="G10"]').count() == 0
        board_json = view.get_attribute("data-json")
        assert board_json
        seen: list[str] = []
        watcher.on("request", lambda r: seen.append(r.url))

        send_form(first.page, game_id, "leader", {"colour": "black", "to": "G10"})
        watcher.locator('#board-view g.pc.leader[data-area="G10"]').wait_for()
        watcher.wait_for_function(
            "r => document.getElementById('board-view').getAttribute('data-revision') === String(r)",
            arg=revision + 1)
        send_form(first.page, game_id, "tile.land", {"colour": land_colour(first.page), "to": "H10"})
        watcher.locator('#board-view g.pc[data-area="H10"]').wait_for()
        watcher.wait_for_function(
            "r => document.getElementById('board-view').getAttribute('data-revision') === String(r)",
            arg=revision + 2)
        assert watcher.locator('#board-view g.pc.leader[data-area="G10"]').count() == 1

        page_fetches = [u for u in seen if u.split("?")[0].rstrip("/").endswith(f"/games/{game_id}")]
        assert len(page_fetches) == 2, seen  # the page again, once per change
        assert not [u for u in seen if board_json in u], seen  # the pieces came with it
        assert_no_console_errors(watcher, "the open page after the other seat's orders")
    finally:
        for p in players:
            p.context.close()
