"""Previews through the contract (SITE-TABLE-05, issue 24): the API's ``POST
/api/games/{id}/preview`` and the game page's decision forms (Preview, then Confirm) show what
an order would cost and do, from the game's ``Offers.preview``, and change nothing; a batch of
moves with one illegal move is refused naming that move (SITE-TABLE-07) by the API and the page.

The positions are the engine tests' own (``tests/games/advciv/site/test_forms.py``), put in a
real four-seat game: alice plays seat 0 (Egypt), bob seat 1, two bots the rest."""
from __future__ import annotations

import html as html_lib
import json
import re

import pytest
from django.test import Client

from tresham.platform.lobby import services as lobby
from tresham.platform.play import services

from tests.games.advciv.site.test_forms import _cities_position, _ships_position
from tests.helpers import posted

pytestmark = pytest.mark.django_db(transaction=True)

SHIPS_LINE = "2 ships built: 3 tokens levied (Alexandria 1, Tanis 2) and 1 from treasury; treasury 3 → 2."
CITIES_SHORT = "Not supported: 3 tokens for 2 cities, which need 4; at least 1 new city will be reduced (26.32)."


def client(user=None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def seated(make_user, state):
    """A four-seat Advanced Civilization game at ``state``: (game, alice, bob, carol)."""
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = services.create_game("advciv", {"players": 4}, name="Preview table", creator=alice,
                                seed="preview-seed", time_limit=24 * 3600)
    lobby.join(game.pk, alice)
    lobby.join(game.pk, bob)
    lobby.add_bot(game.pk)
    lobby.add_bot(game.pk)
    game.refresh_from_db()
    assert services.seat_of(game, alice) == 0 and services.seat_of(game, bob) == 1
    game.state = services.rules_of(game).dumps(state)
    game.save(update_fields=["state"])
    return game, alice, bob, carol


def api_preview(user, game_id: int, body: dict):
    c = client(user)
    return c.post(f"/api/games/{game_id}/preview", json.dumps(body), content_type="application/json")


SHIPS = {"type": "ships", "maintain": [],
         "build": [{"area": "tanis", "pay": "tokens"}, {"area": "alexandria", "pay": "mixed"}]}


@pytest.mark.site("SITE-TABLE-05")
def test_the_api_previews_an_order_of_ones_own_seat_and_changes_nothing(make_user):
    """Two ships built, one of 2 levied tokens in Tanis, one of a token and a treasury in
    Alexandria: the lines say 3 tokens levied and treasury 3 -> 2; the game is as it was."""
    game, alice, bob, carol = seated(make_user, _ships_position())
    before = (game.revision, game.state)
    r = api_preview(alice, game.pk, {"order": SHIPS})
    assert r.status_code == 200, r.content
    body = r.json()
    assert body["ok"] and body["lines"] == [SHIPS_LINE] and body["revision"] == game.revision
    assert body["order"] == {**SHIPS, "player": 0}
    game.refresh_from_db()
    assert (game.revision, game.state) == before
    # the same through the decision form's controls
    form = next(f for f in services.rules_of(game).offers.forms.order_forms(_ships_position(), 0) if f.id == "ships")
    values = {k: v for k, v in posted(form, {"build.tanis": {"tokens": 1}, "build.alexandria": {"mixed": 1}}).lists()}
    r = api_preview(alice, game.pk, {"form": "ships", "values": values})
    assert r.status_code == 200, r.content
    assert r.json()["lines"] == [SHIPS_LINE]
    game.refresh_from_db()
    assert (game.revision, game.state) == before


@pytest.mark.site("SITE-TABLE-05")
def test_the_api_preview_refuses_what_is_not_the_callers_or_not_an_order(make_user):
    game, alice, bob, carol = seated(make_user, _ships_position())
    # an order the rules refuse: 400 with the rule and why, as an order is refused
    bad = api_preview(alice, game.pk, {"order": {**SHIPS, "build": [{"area": "tanis", "pay": "treasury"}] * 2}})
    assert bad.status_code == 400 and bad.json()["rule"] == "22.1" and "not enough treasury" in bad.json()["message"]
    assert bad.json().get("part") is None
    # a form being filled in that would be refused: the preview's answer says so (TBL-17)
    r = api_preview(alice, game.pk, {"form": "ships", "values": {"f.build.tanis.treasury": ["2"]}})
    assert r.status_code == 200 and not r.json()["ok"] and "at most 1" in r.json()["message"]
    assert r.json()["lines"] == ["Refused: " + r.json()["message"]]
    assert api_preview(alice, game.pk, {"order": {**SHIPS, "player": 1}}).status_code == 403  # another seat's
    assert api_preview(carol, game.pk, {"order": SHIPS}).json()["error"] == "not_your_seat"
    assert api_preview(None, game.pk, {"order": SHIPS}).status_code == 401
    assert api_preview(alice, game.pk + 999, {"order": SHIPS}).status_code == 404
    assert api_preview(alice, game.pk, {}).status_code == 400  # neither an order nor a form
    assert api_preview(alice, game.pk, {"order": SHIPS, "form": "ships"}).status_code == 400  # both
    r = api_preview(alice, game.pk, {"form": "no-such-form", "values": {}})  # the page a step behind (TBL-17)
    assert r.status_code == 200 and not r.json()["ok"] and r.json()["rule"] is None
    assert r.json()["message"] == "this form is not open now (the game has moved on): load the page again"
    r = api_preview(alice, game.pk, {"form": "ships", "values": {"f.build.tanis.tokens": ["9"]}})
    assert r.status_code == 200 and not r.json()["ok"] and "at most 2" in r.json()["message"]
    assert api_preview(alice, game.pk, {"order": "ships"}).status_code == 422
    game.refresh_from_db()
    assert game.revision == 0 or game.log.count() == game.revision  # nothing logged by a preview


def test_the_preview_operation_is_documented_in_openapi():
    from tresham.platform.api import api

    doc = api.get_openapi_schema()
    op = doc["paths"]["/api/games/{game_id}/preview"]["post"]
    assert {"200", "400", "403", "404", "409"} <= set(map(str, op["responses"]))
    body = doc["components"]["schemas"]["PreviewIn"]["properties"]
    assert {"order", "form", "values"} <= set(body)
    assert {"part", "index", "reason"} <= set(doc["components"]["schemas"]["ErrorOut"]["properties"])


def form_html(html: str, form_id: str) -> str:
    m = re.search(rf'<form[^>]*data-form="{re.escape(form_id)}".*?</form>', html, re.S)
    assert m, f"no form {form_id} on the page"
    return m.group(0)


def hidden_inputs(html: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html):
        out.setdefault(name, []).append(html_lib.unescape(value))
    return out


@pytest.mark.site("SITE-TABLE-05")
def test_the_page_previews_a_decision_form_and_gives_it_only_on_confirm(make_user):
    """Without script: the form's Preview shows the lines above a Confirm button, with the
    form drawn again as filled in, and gives nothing; Confirm gives the order."""
    game, alice, bob, carol = seated(make_user, _ships_position())
    page = client(alice).get(f"/games/{game.pk}/").content.decode()
    f = form_html(page, "ships")
    assert 'name="preview" value="1"' in f and f'data-preview-url="/api/games/{game.pk}/preview"' in f
    assert "order_preview.js" in page
    keys = hidden_inputs(f)
    post = {"form": "ships", "client_key": keys["client_key"][0], "revision": keys["revision"][0],
            "f.build.tanis.tokens": "1", "f.build.alexandria.mixed": "1", "preview": "1"}
    r = client(alice).post(f"/games/{game.pk}/decide/", post)
    assert r.status_code == 200, r.content.decode()[:2000]
    html = r.content.decode()
    box = html[html.index('class="order-preview"'):html.index("</form>", html.index('class="order-preview"'))]
    assert SHIPS_LINE in box and ">Confirm</button>" in box
    game.refresh_from_db()
    assert game.revision == 0 and game.log.count() == 0  # nothing given yet
    # the form below keeps what was entered
    assert re.search(r'name="f.build.tanis.tokens"[^>]*value="1"', form_html(html, "ships"))
    confirm = hidden_inputs(box)
    assert confirm["f.build.tanis.tokens"] == ["1"] and confirm["f.build.alexandria.mixed"] == ["1"]
    assert "preview" not in confirm
    r = client(alice).post(f"/games/{game.pk}/decide/", {k: v[0] for k, v in confirm.items()} | {
        "csrfmiddlewaretoken": "x"})
    assert r.status_code == 303, r.content.decode()[:2000]
    game.refresh_from_db()
    assert game.revision == 1
    state = services.rules_of(game).loads(game.state)
    assert sorted(state.board.ships["egypt"]) == ["alexandria", "tanis"]
    assert state.player("egypt").treasury == 2


@pytest.mark.site("SITE-SHIP-02", "SITE-TABLE-05")
def test_the_ships_form_says_each_rows_limit_once(make_user):
    """Each way of paying for ships in an area is a row whose label says what a ship costs and
    how many at most, once: the form's label and the page's "(at most N)" said it twice
    ("(at most 2 ships) (at most 2)")."""
    game, alice, bob, carol = seated(make_user, _ships_position())
    f = form_html(client(alice).get(f"/games/{game.pk}/").content.decode(), "ships")
    rows = re.findall(r'<li[^>]*><label for="[^"]+">(.*?)</label> <input type="number"[^>]*max="(\d+)"', f, re.S)
    assert len(rows) >= 2, f
    for label, most in rows:
        text = " ".join(re.sub(r"<[^>]+>", "", html_lib.unescape(label)).split())
        assert text.count("at most") == 1 and text.endswith(f"(at most {most})"), text


@pytest.mark.site("SITE-TABLE-05", "SITE-TABLE-13")
def test_a_page_without_forms_now_loads_the_preview_script_for_those_a_live_update_brings(make_user):
    """A player the game does not wait on has no form now; when his turn comes the live
    update (live.js) swaps the forms into his page, and they must preview and show their own
    button as on a page loaded anew: the page carries the preview script whenever it has a
    preview address (found by tests/browser/test_tigris_clicks.py: the forms brought by a live
    update showed the no-script Preview button)."""
    game, alice, bob, carol = seated(make_user, _ships_position())
    page = client(bob).get(f"/games/{game.pk}/").content.decode()
    assert 'class="decision-form"' not in page  # the game waits on alice alone
    assert "tresham/order_preview.js" in page and "tresham/order_preview.css" in page
    spectator = client(carol).get(f"/games/{game.pk}/").content.decode()
    assert "order_preview.js" not in spectator  # no seat: no preview address, no forms ever


@pytest.mark.rule("26.31")
@pytest.mark.site("SITE-TABLE-05", "SITE-CITY-02")
def test_the_city_preview_says_the_cities_cannot_be_supported(make_user):
    game, alice, bob, carol = seated(make_user, _cities_position())
    page = client(alice).get(f"/games/{game.pk}/").content.decode()
    keys = hidden_inputs(form_html(page, "build_cities"))
    fields = re.findall(r'name="f\.([a-z_.]+)" value="([a-z_]+)"', form_html(page, "build_cities"))
    assert ("areas", "thebes") in fields and ("areas", "sinai") in fields
    r = client(alice).post(f"/games/{game.pk}/decide/", {
        "form": "build_cities", "client_key": keys["client_key"][0], "revision": keys["revision"][0],
        "f.areas": ["sinai", "thebes"], "preview": "1"})
    assert r.status_code == 200, r.content.decode()[:3000]
    html = r.content.decode()
    assert CITIES_SHORT in html and "18 tokens to stock" in html
    game.refresh_from_db()
    assert game.log.count() == 0


MOVES = [{"from": "thrace", "to": "byzantium", "count": 1},
         {"from": "macedonia", "to": "byzantium", "count": 3},
         {"from": "macedonia", "to": "thessaly", "count": 2}]


@pytest.mark.rule("23.3")
@pytest.mark.site("SITE-TABLE-07")
def test_the_api_names_the_one_move_refused_of_a_batch(make_user):
    """Of three moves the second crosses no land boundary: the API's refusal (of the order and
    of its preview) carries part "moves", index 1 and the reason; nothing changes."""
    from tests.games.advciv.rules.test_movement import THRACE, pos

    state = pos({"macedonia": {"tokens": {"thrace": 3}}, "thrace": {"tokens": {"thrace": 2}}})
    assert THRACE == 0
    game, alice, bob, carol = seated(make_user, state)
    order = {"type": "move", "moves": MOVES, "voyages": [], "done": None}
    for url in (f"/api/games/{game.pk}/orders", f"/api/games/{game.pk}/preview"):
        r = client(alice).post(url, json.dumps({"order": order}), content_type="application/json")
        assert r.status_code == 400, r.content
        e = r.json()
        assert (e["error"], e["rule"], e["part"], e["index"]) == ("illegal_order", "23.3", "moves", 1)
        assert e["reason"].startswith("Macedonia and Byzantium do not share a land boundary")
        assert e["message"].startswith("move 2 (3 tokens from Macedonia to Byzantium): ")
    game.refresh_from_db()
    assert game.log.count() == 0
    # a refusal of a whole order has no part
    r = client(alice).post(f"/api/games/{game.pk}/orders", json.dumps({"order": {"type": "ships"}}),
                           content_type="application/json")
    assert r.status_code == 400 and r.json().get("part") is None


def map_data(html: str) -> dict:
    m = re.search(r'<script id="map-orders-data" type="application/json">(.*?)</script>', html, re.S)
    assert m, "no map orders on the page"
    return json.loads(m.group(1))


@pytest.mark.rule("23.3")
@pytest.mark.site("SITE-TABLE-07", "SITE-TABLE-03")
def test_the_page_keeps_the_moves_of_a_refused_batch_and_marks_the_one_refused(make_user):
    """The map's data: where each stack may go (the rules' legal destinations); after the
    page's order form sends the three moves, one refused, the page comes back (400) with the
    three moves as sent, the second marked with its reason, nothing changed."""
    from tresham.games.advciv.rules import movement
    from tests.games.advciv.rules.test_movement import pos

    state = pos({"macedonia": {"tokens": {"thrace": 3}}, "thrace": {"tokens": {"thrace": 2}}})
    game, alice, bob, carol = seated(make_user, state)
    html = client(alice).get(f"/games/{game.pk}/").content.decode()
    data = map_data(html)
    assert data["legal"]["macedonia"] == [d["to"] for d in movement.legal_destinations(state, 0, "macedonia")]
    assert data["legal"]["macedonia"] == ["appollonia", "epirus", "paeonia", "thessalonica", "thessaly", "thrace"]
    assert "byzantium" not in data["legal"]["macedonia"] and data["refused"] is None
    order = {"type": "move", "moves": MOVES, "voyages": [], "done": None}
    keys = hidden_inputs(html[html.index('id="order"'):])
    r = client(alice).post(f"/games/{game.pk}/", {"order": json.dumps(order), "client_key": keys["client_key"][0],
                                                  "revision": keys["revision"][0]})
    assert r.status_code == 400
    html = r.content.decode()
    refused = map_data(html)["refused"]
    assert refused["moves"] == MOVES and (refused["part"], refused["index"]) == ("moves", 1)
    assert refused["reason"].startswith("Macedonia and Byzantium do not share a land boundary")
    assert "move 2 (3 tokens from Macedonia to Byzantium)" in html[html.index('id="error"'):]
    game.refresh_from_db()
    assert game.log.count() == 0
