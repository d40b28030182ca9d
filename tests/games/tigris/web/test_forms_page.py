"""The order forms on a Tigris & Euphrates game page: the seat the game waits on sees his
forms (each control labelled, squares by name), the other seat none; a posted form applies
its order through the one order path (``play:decide``)."""
from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tresham.games.tigris.board import name
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services

pytestmark = pytest.mark.django_db(transaction=True)


def user(n: str):
    return get_user_model().objects.create_user(n, f"{n}@example.org", "pw-long-enough")


def client(u=None) -> Client:
    c = Client()
    if u is not None:
        c.force_login(u)
    return c


def form_html(html: str, form_id: str) -> str:
    m = re.search(rf'<form[^>]*data-form="{re.escape(form_id)}".*?</form>', html, re.S)
    assert m, f"no form {form_id} on the page"
    return m.group(0)


def hidden(html: str, field: str) -> str:
    return re.search(rf'name="{field}" value="([^"]*)"', html).group(1)


@pytest.mark.variant("TE-BASE-25", "TE-BASE-35")
def test_a_posted_tile_form_applies_the_order():
    ann, ben = user("ann"), user("ben")
    game = services.create_game("tigris", {"players": 2}, name="Ur", creator=ann, seed="forms-page")
    lobby.join(game.pk, ann)
    lobby.join(game.pk, ben)
    game.refresh_from_db()
    rules = services.rules_of(game)
    state = rules.loads(game.state)
    seat = state.active
    people = {0: ann, 1: ben}
    mover, other = people[seat], people[1 - seat]
    html = client(mover).get(f"/games/{game.pk}/").content.decode()
    assert client(other).get(f"/games/{game.pk}/").status_code == 200
    assert 'data-form="pass"' not in client(other).get(f"/games/{game.pk}/").content.decode()
    for fid in ("leader", "tile.land", "catastrophe", "swap", "pass"):
        f = form_html(html, fid)
        for control in re.findall(r'<(?:select|input type="number"|textarea)[^>]* id="([^"]+)"', f):
            assert f'for="{control}"' in f, f"control {control} of {fid} has no label"
    f = form_html(html, "tile.land")
    colour = next(c for c in ("red", "green", "black") if state.hands[seat][c])
    squares = re.findall(r'<option value="([A-P]\d+)"', f)
    assert squares and all(re.fullmatch(r"[A-P]\d{1,2}", q) for q in squares)
    to = squares[0]
    before = game.revision
    r = client(mover).post(f"/games/{game.pk}/decide/", {
        "form": "tile.land", "client_key": hidden(f, "client_key"), "revision": hidden(f, "revision"),
        "f.colour": colour, "f.to": to})
    assert r.status_code == 303, r.content.decode()[:2000]
    game.refresh_from_db()
    assert game.revision == before + 1
    c, row = ord(to[0]) - ord("A"), int(to[1:]) - 1
    assert game.log.order_by("-seq").first().order == {"type": "tile", "player": seat, "colour": colour,
                                                         "to": [c, row]}
    after = rules.loads(game.state)
    assert after.tiles[(c, row)] == colour and name((c, row)) == to
    assert after.hands[seat][colour] == state.hands[seat][colour] - 1
    # a square the form did not offer is refused, nothing changes
    f = form_html(client(mover).get(f"/games/{game.pk}/").content.decode(), "tile.land")
    r = client(mover).post(f"/games/{game.pk}/decide/", {
        "form": "tile.land", "client_key": hidden(f, "client_key"), "revision": hidden(f, "revision"),
        "f.colour": colour, "f.to": to})  # now taken
    assert r.status_code in (400, 409) and "Nothing was changed" in r.content.decode()
    game.refresh_from_db()
    assert game.revision == before + 1
    # the other seat may not post the mover's form
    r = client(other).post(f"/games/{game.pk}/decide/", {"form": "pass"})
    assert r.status_code in (400, 403, 409)
    game.refresh_from_db()
    assert game.revision == before + 1


@pytest.mark.variant("TE-BASE-12", "TE-BASE-35")
def test_the_forms_squares_are_the_maps_areas_a_click_fills():
    """form_clicks.js fills a form's select with the data-area of the clicked map square: the
    page loads it, and every square a form offers is an area of the game's map."""
    ann, ben = user("ann"), user("ben")
    game = services.create_game("tigris", {"players": 2}, name="Ur", creator=ann, seed="forms-map")
    lobby.join(game.pk, ann)
    lobby.join(game.pk, ben)
    game.refresh_from_db()
    rules = services.rules_of(game)
    seat = rules.loads(game.state).active
    html = client((ann, ben)[seat]).get(f"/games/{game.pk}/").content.decode()
    assert "tresham/form_clicks.js" in html
    svg = client().get(f"/games/{game.pk}/board.svg").content.decode()
    areas = set(re.findall(r'<g class="sq [a-z]+" id="sq-[A-P]\d+" data-at="\d+,\d+" data-area="([A-P]\d+)"', svg))
    assert len(areas) == 176
    offered = set()
    for fid in ("leader", "tile.land", "tile.river", "catastrophe"):
        offered |= set(re.findall(r'<option value="([A-P]\d+)"', form_html(html, fid)))
    assert offered and offered <= areas
