"""The game page's map (``play/views_board.py``): the base map at ``/games/<id>/board.svg``
(made once, kept in the data directory, ETag and 304, a year's caching by key), the pieces of
the caller's own view at ``board.json`` and on the page, nothing of anybody's hand; a game
without a map has neither (404, never a 5xx)."""
from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from tests.helpers import offer
from tests.platform.test_layout import CountToThree  # noqa: F401  (registered by setting)
from tresham.games.contract import BoardUnavailable
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services, views_board

pytestmark = pytest.mark.django_db(transaction=True)


def client(user=None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def card_names(rules) -> list[str]:
    ref = rules.reference() or {}
    return [c["name"] for c in ref.get("commodities", [])] + [c["name"] for c in ref.get("calamities", [])]


def test_the_base_map_is_served_as_svg_and_cached(table, settings, monkeypatch):
    g = table.game
    calls = []
    rules = services.rules_of(g)
    made = type(rules).board_svg

    def counting(self, options):
        calls.append(options)
        return made(self, options)

    offer(monkeypatch, rules, "board", svg=lambda options: counting(rules, options))
    for f in views_board.cache_dir().glob("*.svg") if views_board.cache_dir().exists() else []:
        f.unlink()
    c = client()
    r = c.get(f"/games/{g.pk}/board.svg")
    assert r.status_code == 200 and r["Content-Type"] == "image/svg+xml; charset=utf-8"
    assert r["X-Content-Type-Options"] == "nosniff" and "default-src 'none'" in r["Content-Security-Policy"]
    body = r.content.decode()
    assert body.startswith("<svg ") and "<title" in body and 'id="area-athens"' in body
    key = rules.board_key(g.options)
    assert r["ETag"] == f'"advciv-{key}"' and "must-revalidate" in r["Cache-Control"]
    assert len(calls) == 1
    # kept in the data directory: not made again, not even by a new process's first request
    assert (views_board.cache_dir() / f"advciv-{key}.svg").read_text() == body
    assert c.get(f"/games/{g.pk}/board.svg").content.decode() == body and len(calls) == 1
    # the browser's copy is current: 304, no body
    r = c.get(f"/games/{g.pk}/board.svg", HTTP_IF_NONE_MATCH=f'"advciv-{key}"')
    assert r.status_code == 304 and r.content == b"" and r["ETag"] == f'"advciv-{key}"'
    assert c.get(f"/games/{g.pk}/board.svg", HTTP_IF_NONE_MATCH='"advciv-old"').status_code == 200
    # asked for by its key (as the page does), it never changes
    r = c.get(f"/games/{g.pk}/board.svg?v={key}")
    assert r["Cache-Control"] == "public, max-age=31536000, immutable"
    assert c.head(f"/games/{g.pk}/board.svg").status_code == 200
    assert c.post(f"/games/{g.pk}/board.svg").status_code == 405


def test_a_missing_game_and_a_game_without_a_map_get_404(make_user, register_games):
    assert client().get("/games/999999/board.svg").status_code == 404
    assert client().get("/games/999999/board.json").status_code == 404
    register_games({"count3": "tests.platform.test_layout:CountToThree"})
    a, b = make_user("ann"), make_user("ben")
    game = services.create_game("count3", {"players": 2}, name="Counting")
    lobby.join(game.pk, a)
    lobby.join(game.pk, b)
    c = client(a)
    assert c.get(f"/games/{game.pk}/board.svg").status_code == 404
    r = c.get(f"/games/{game.pk}/board.json")
    assert r.status_code == 404 and "no map" in r.json()["error"]
    page = c.get(f"/games/{game.pk}/")
    assert page.status_code == 200 and 'id="map"' not in page.content.decode()


def test_a_map_that_cannot_be_drawn_here_is_503_and_the_page_still_works(table, monkeypatch):
    rules = services.rules_of(table.game)

    def broken(self, options):
        raise BoardUnavailable("the coastlines are not installed")

    offer(monkeypatch, rules, "board", key=lambda options: broken(rules, options))
    r = client().get(f"/games/{table.game.pk}/board.svg")
    assert r.status_code == 503
    page = client(table.alice).get(f"/games/{table.game.pk}/")
    assert page.status_code == 200 and 'id="map"' not in page.content.decode()


def test_a_game_may_give_its_own_legend_of_the_map(table, monkeypatch):
    """``Board.legend``: the game's lines replace the page's own (which are written
    for the first game's map); without it the page's own show."""
    g = table.game

    def legend_of(html: str) -> str:
        start = html.index('class="board-legend"')
        return html[start:html.index("</details>", start)]

    own = legend_of(client(table.alice).get(f"/games/{g.pk}/").content.decode())
    assert "Green hatching: flood plain." in own
    rules = services.rules_of(g)
    offer(monkeypatch, rules, "board", legend=lambda options: ["Squares: sand & river.", "Dots."])
    given = legend_of(client(table.alice).get(f"/games/{g.pk}/").content.decode())
    assert "<li>Squares: sand &amp; river.</li>" in given and "<li>Dots.</li>" in given
    assert "Green hatching" not in given and given.count("<li>") == 2


def test_the_game_page_shows_the_map_with_its_pieces_and_the_zoom_controls(table):
    table.play_until(lambda s: s.phase != "pick" and s.turn >= 2)
    g = table.game
    g.refresh_from_db()
    html = client(table.alice).get(f"/games/{g.pk}/").content.decode()
    start = html.index('id="map"')
    map_html = html[start:html.index("</section>", start)]
    key = services.rules_of(g).board_key(g.options)
    assert f'data-base="/games/{g.pk}/board.svg?v={key}"' in map_html
    assert f'<noscript><img class="board-noscript" src="/games/{g.pk}/board.svg?v={key}"' in map_html
    assert 'role="toolbar"' in map_html and "Zoom in" in map_html and "Whole map" in map_html
    assert 'tabindex="0"' in map_html and 'aria-describedby="map-help"' in map_html
    assert '<g class="pieces">' in map_html and 'class="pc tokens' in map_html
    assert "/static/tresham/board.js" in html
    # the pieces drawn are the board table's (the page's text alternative)
    tokens = re.findall(r'<title>([^<:]+): (\d+) tokens? in ([^<(]+?)(?: \(|<)', map_html)
    assert tokens
    for nation, n, area in tokens:
        assert area.strip() in html[html.index('id="board"'):]
    pieces = map_html[map_html.index('<g class="pieces">'):map_html.index("</svg>")]
    for name in card_names(services.rules_of(g)):  # the game is named "Bronze <Table>"
        assert name not in pieces


def test_the_pieces_json_is_the_callers_own_view_and_names_no_card(trading):
    g = trading.game
    g.refresh_from_db()
    rules = services.rules_of(g)
    names = card_names(rules)
    state = rules.loads(g.state)
    for who, seat in ((trading.alice, 0), (trading.bob, 1), (trading.carol, None), (None, None)):
        r = client(who).get(f"/games/{g.pk}/board.json")
        assert r.status_code == 200, who
        data = r.json()
        assert data["pieces"] == rules.board_pieces(rules.view(state, seat))["pieces"], who
        assert data["revision"] == g.revision and data["base"].startswith(f"/games/{g.pk}/board.svg?v=")
        assert data["pieces"] and all(p["kind"] in ("tokens", "city", "ship", "new_city", "new_ship")
                                      for p in data["pieces"])
        text = json.dumps(data)
        assert not [n for n in names if n in text], who
        assert '"hand"' not in text
        etag = r["ETag"]
        assert client(who).get(f"/games/{g.pk}/board.json", HTTP_IF_NONE_MATCH=etag).status_code == 304
        assert "private" in r["Cache-Control"]


@pytest.mark.site("SITE-GEN-04")
def test_a_seats_marks_are_in_its_own_pieces_only(table):
    """When a seat's pending choice marks pieces (a ship or city kept green, lost red), its
    board.json has the marks and another's, or a visitor's, has the public pieces only."""
    rules = table.rules

    def marked(state) -> int | None:
        return next((seat for seat in (0, 1) if any(
            p["mark"] for p in rules.board_pieces(rules.view(state, seat))["pieces"])), None)

    table.play_until(lambda s: marked(s) is not None)
    state = table.state()
    seat = marked(state)
    own = rules.board_pieces(rules.view(state, seat))["pieces"]
    public = rules.board_pieces(rules.view(state, None))["pieces"]
    assert own != public and not any(p["mark"] for p in public)
    got = {who: client(user).get(f"/games/{table.game.pk}/board.json").json()["pieces"]
           for who, user in (("own", table.user(seat)), ("visitor", None), ("carol", table.carol))}
    assert got == {"own": own, "visitor": public, "carol": public}


def test_pieces_are_not_shown_to_visitors_before_the_initial_placement(table):
    g = table.game
    state = table.state()
    assert state.phase == "pick" and not table.rules.placement_done(state)
    r = client(table.carol).get(f"/games/{g.pk}/board.json")
    assert r.status_code == 403
    # the base map is public (it shows only the options, which the page shows too)
    assert client(table.carol).get(f"/games/{g.pk}/board.svg").status_code == 200
    html = client(table.carol).get(f"/games/{g.pk}/").content.decode()
    assert 'id="map"' in html and '<g class="pieces">' not in html
