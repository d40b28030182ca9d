"""The new-game form offers what fits the player count (SITE-TABLE-12, issue 24 finding 9): the
count starts in the middle of the game's range (the ruling in docs/platform.md, "The new-game
form"); each board part and each bot seat says for which counts it applies (``data-when``,
which options.js follows as the count changes); without the script, bot seats beyond the count
are refused on their field with a clear message, and a board of another count by the rules'
own message, nothing created. The browser side: tests/browser/test_new_game_and_register.py."""
from __future__ import annotations

import html
import json
import re

import pytest

from tresham.platform.play.models import Game, Seat

from .test_create import form_defaults

pytestmark = [pytest.mark.django_db, pytest.mark.site("SITE-TABLE-12")]


def _select(page: str, name: str) -> str:
    return re.search(rf'<select name="{name}".*?</select>', page, re.S).group(0)


def _options(select: str) -> list[tuple[str, dict | None, bool]]:
    """(value, its data-when or None, selected) of each option of a select."""
    out = []
    for attrs in re.findall(r"<option([^>]*)>", select):
        value = re.search(r'value="([^"]*)"', attrs).group(1)
        when = re.search(r'data-when="([^"]*)"', attrs)
        out.append((value, json.loads(html.unescape(when.group(1))) if when else None, " selected" in attrs))
    return out


def _bot_seat_boxes(page: str) -> dict[str, dict | None]:
    """The bot-seat checkboxes: their value -> their data-when (None: every count)."""
    out = {}
    for box in re.findall(r'<input type="checkbox" name="bot_seats"[^>]*>', page):
        when = re.search(r'data-when="([^"]*)"', box)
        out[re.search(r'value="(\d+)"', box).group(1)] = json.loads(html.unescape(when.group(1))) if when else None
    return out


def test_the_player_count_starts_in_the_middle_of_the_games_range(make_user, client_for):
    c = client_for(make_user())
    advciv = _options(_select(c.get("/lobby/new/").content.decode(), "opt_players"))
    assert [v for v, _, sel in advciv if sel] == ["5"]  # 2 to 8 players
    tigris = _options(_select(c.get("/lobby/new/?kind=tigris").content.decode(), "opt_players"))
    assert [v for v, _, sel in tigris if sel] == ["3"]  # 2 to 4 players


def test_each_board_part_says_for_which_player_counts_it_is(make_user, client_for):
    page = client_for(make_user()).get("/lobby/new/").content.decode()
    boards = _options(_select(page, "opt_board"))
    assert boards[0] == ("", None, True)  # the standard board for the count, for every count
    when = {v: w for v, w, _ in boards}
    assert when["three"] == {"players": [3]} and when["two"] == {"players": [2]}
    assert when["full_8p"] == {"players": [8]}
    assert [v for v, w, _ in boards if w == {"players": [5]}] == [
        "five_panels_2_3", "five_wem_drop_two_west", "five_wem_drop_two_east"]
    assert all(w is not None for v, w, _ in boards[1:])


def test_each_bot_seat_says_from_which_player_count_it_exists(make_user, client_for):
    page = client_for(make_user()).get("/lobby/new/").content.decode()
    boxes = _bot_seat_boxes(page)
    assert list(boxes) == [str(i) for i in range(8)]
    assert boxes["0"] is None and boxes["1"] is None  # seats 1 and 2: every game has them
    assert boxes["2"] == {"players": [3, 4, 5, 6, 7, 8]}
    assert boxes["7"] == {"players": [8]}
    tigris = _bot_seat_boxes(client_for(make_user()).get("/lobby/new/?kind=tigris").content.decode())
    assert tigris == {"0": None, "1": None, "2": {"players": [3, 4]}, "3": {"players": [4]}}


def test_the_recommended_tokens_name_each_count_for_the_script_to_follow(make_user, client_for):
    page = client_for(make_user()).get("/lobby/new/").content.decode()
    span = re.search(r'<span class="suggested" data-suggested="([^"]*)" data-for="opt_players">([^<]*)</span>', page)
    assert span, "no suggestion the script can follow"
    assert json.loads(html.unescape(span.group(1))) == {"2": 55, "3": 47, "4": 55, "5": 47, "6": 55, "7": 55, "8": 47}
    assert span.group(2) == ("Suggested: 8 players 47, 7 players 55, 6 players 55, 5 players 47, 4 players 55, "
                             "3 players 47, 2 players 55")


def test_bot_seats_beyond_the_player_count_are_refused_on_their_field(make_user, client_for):
    c = client_for(make_user())
    r = c.post("/lobby/new/", form_defaults(opt_players="3", bot_seats=["1", "2", "3", "4"]))
    assert r.status_code == 400
    page = r.content.decode()
    seats = page[page.index("<legend>Seats for the bot</legend>"):]
    seats = seats[:seats.index("</fieldset>")]
    assert "a 3-player game has seats 1 to 3 only, not seat 4 or 5: at most 2 bots beside you" in seats
    r = c.post("/lobby/new/", form_defaults(opt_players="3", take_seat=None, bot_seats=["5"]))
    assert r.status_code == 400
    assert "a 3-player game has seats 1 to 3 only, not seat 6: at most 3 bots" in r.content.decode()
    assert not Game.objects.exists() and not Seat.objects.exists()
    r = c.post("/lobby/new/", form_defaults(opt_players="3", bot_seats=["1", "2"]))
    assert r.status_code == 302
    assert sorted(Game.objects.get().seats.filter(is_bot=True).values_list("index", flat=True)) == [1, 2]
