"""The board of a Tigris & Euphrates game on the site: the game page shows the map with the
pieces of the viewer's own view and the game's own legend, ``board.svg`` serves the side of
its options and ``board.json`` the pieces (the same page code as the first game's map)."""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tresham.games.tigris.site import svg
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services

pytestmark = pytest.mark.django_db(transaction=True)


def user(name: str):
    return get_user_model().objects.create_user(name, f"{name}@example.org", "pw-long-enough")


def client(u=None) -> Client:
    c = Client()
    if u is not None:
        c.force_login(u)
    return c


@pytest.mark.parametrize("side,shedu", [("base", 10), ("advanced", 14)])
def test_a_tigris_game_page_shows_its_board(side, shedu):
    ann, ben = user("ann"), user("ben")
    game = services.create_game("tigris", {"players": 2, "board": side}, name="Ur <Table>", creator=ann)
    lobby.join(game.pk, ann)
    lobby.join(game.pk, ben)
    game.refresh_from_db()
    key = svg.board_key({"board": side})
    r = client().get(f"/games/{game.pk}/board.svg")
    assert r.status_code == 200 and r["ETag"] == f'"tigris-{key}"'
    body = r.content.decode()
    assert body == svg.board_svg({"board": side}) and body.count('class="sq ') == 176
    html = client(ann).get(f"/games/{game.pk}/").content.decode()
    start = html.index('id="map"')
    map_html = html[start:html.index("</section>", start)]
    assert f'data-base="/games/{game.pk}/board.svg?v={key}"' in map_html
    assert 'data-box="0 0 1040 740"' in map_html and 'data-aspect="1040 / 740"' in map_html
    assert map_html.count('class="pc tile"') == shedu and map_html.count('class="pc treasure"') == shedu
    assert f"{'gold' if side == 'base' else 'blue'} border" in map_html and "Green hatching" not in map_html
    data = client(ann).get(f"/games/{game.pk}/board.json").json()
    assert data["view_box"] == [0, 0, 1040, 740] and len(data["pieces"]) == 2 * shedu
    assert {p["kind"] for p in data["pieces"]} == {"tile", "treasure"}
    assert client(ben).get(f"/games/{game.pk}/board.json").json()["pieces"] == data["pieces"]
