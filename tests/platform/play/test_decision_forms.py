"""The game page's decision forms (``play/decision_forms.py``, ``_decision_forms.html``): the
seat's own forms are drawn with a label on every control; a posted form becomes the game's
order through the one order path; values the form did not offer, numbers out of range, a
form that is no longer open and a visitor's post are refused and change nothing."""
from __future__ import annotations

import re

import pytest
from django.test import Client

from tresham.platform.play.models import Game

pytestmark = pytest.mark.django_db(transaction=True)


def client(user=None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def page(table, user) -> str:
    return client(user).get(f"/games/{table.game.pk}/").content.decode()


def picker(table):
    """(seat, user) of the person the pick waits on, playing on until it is one of them."""
    table.play_until(lambda s: any(d.required and table.user(d.player) for d in table.rules.pending(s)))
    d = next(d for d in table.rules.pending(table.state()) if d.required and table.user(d.player))
    return d.player, table.user(d.player)


def form_fields(html: str, form_id: str) -> str:
    m = re.search(rf'<form[^>]*data-form="{re.escape(form_id)}".*?</form>', html, re.S)
    assert m, f"no form {form_id} on the page"
    return m.group(0)


def hidden(html: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', html).group(1)


@pytest.mark.site("SITE-PICK-03", "SITE-GEN-02")
def test_the_pick_form_takes_a_nation(table):
    seat, user = picker(table)
    html = page(table, user)
    f = form_fields(html, "pick")
    # every control has a label naming it
    for control_id in re.findall(r'<(?:select|input type="number"|textarea)[^>]* id="([^"]+)"', f):
        assert f'for="{control_id}"' in f, f"control {control_id} has no label"
    value = re.search(r'<option value="([a-z_]+\|[a-z_]+)"', f).group(1)
    nation, area = value.split("|")
    before = table.game.revision
    r = client(user).post(f"/games/{table.game.pk}/decide/", {
        "form": "pick", "client_key": hidden(f, "client_key"), "revision": hidden(f, "revision"), "f.start": value})
    assert r.status_code == 303, r.content.decode()[:2000]
    table.game.refresh_from_db()
    assert table.game.revision == before + 1
    assert table.game.log.order_by("-seq").first().order == {"type": "pick", "player": seat, "nation": nation, "area": area}
    assert table.state().players[seat].nation == nation
    # the same post again (a retry) is applied once only
    r = client(user).post(f"/games/{table.game.pk}/decide/", {
        "form": "pick", "client_key": hidden(f, "client_key"), "revision": hidden(f, "revision"), "f.start": value})
    table.game.refresh_from_db()
    assert table.game.revision == before + 1


@pytest.mark.site("SITE-GEN-02")
def test_what_a_form_did_not_offer_is_refused_and_changes_nothing(table):
    seat, user = picker(table)
    f = form_fields(page(table, user), "pick")
    before = table.game.revision
    posts = [{"f.start": "atlantis|nowhere"},                       # not a choice
             {},                                                    # nothing chosen
             {"f.start": "egypt|upper_egypt", "revision": "x"},     # a damaged form
             {"form": "tax_rate", "f.rate": "2"}]                   # a form not open now
    for extra in posts:
        body = {"form": "pick", "client_key": hidden(f, "client_key"), "revision": hidden(f, "revision"), **extra}
        r = client(user).post(f"/games/{table.game.pk}/decide/", body)
        assert r.status_code in (400, 409), (extra, r.status_code)
        assert "Nothing was changed" in r.content.decode(), extra
    table.game.refresh_from_db()
    assert table.game.revision == before
    # a visitor and a person without a seat are refused
    for who in (None, table.carol):
        r = client(who).post(f"/games/{table.game.pk}/decide/", {"form": "pick", "f.start": "x"})
        assert r.status_code == 403
    table.game.refresh_from_db()
    assert table.game.revision == before


@pytest.mark.site("SITE-POP-02", "SITE-MOVE-07")
def test_movement_forms_add_a_move_and_confirm(table):
    """In movement: "Move tokens overland" adds a move to those entered (the order holds both),
    "Confirm your moves" sets Done; a count over the field's limit is refused."""
    table.play_until(lambda s: s.phase == "movement" and any(
        d.kind == "move" and d.required and table.user(d.player) for d in table.rules.pending(s)))
    state = table.state()
    d = next(d for d in table.rules.pending(state) if d.kind == "move" and d.required and table.user(d.player))
    seat, user = d.player, table.user(d.player)
    nation = state.players[seat].nation
    html = page(table, user)
    f = form_fields(html, "move.land")
    src = next(a for a, owners in sorted(state.board.tokens.items()) if owners.get(nation, 0) >= 1)
    from tresham.games.advciv.context import Context as G
    g = G(state)
    dst = sorted(g.areas[src].land_adj & set(g.areas))[0]
    r = client(user).post(f"/games/{table.game.pk}/decide/", {
        "form": "move.land", "client_key": hidden(f, "client_key"), "revision": hidden(f, "revision"),
        "f.from": src, "f.to": dst, "f.count": "99999"})
    assert r.status_code == 400 and "out of range" in r.content.decode()
    r = client(user).post(f"/games/{table.game.pk}/decide/", {
        "form": "move.land", "client_key": hidden(f, "client_key"), "revision": hidden(f, "revision"),
        "f.from": src, "f.to": dst, "f.count": "1"})
    assert r.status_code == 303, r.content.decode()[:3000]
    last = table.game.log.order_by("-seq").first().order
    assert last["type"] == "move" and last["moves"] == [{"from": src, "to": dst, "count": 1}] and last["done"] is None
    f = form_fields(page(table, user), "move.done")
    r = client(user).post(f"/games/{table.game.pk}/decide/", {
        "form": "move.done", "client_key": hidden(f, "client_key"), "revision": hidden(f, "revision"), "f.done": "done"})
    assert r.status_code == 303
    order = table.game.log.order_by("-seq").first().order
    assert order["moves"] == [{"from": src, "to": dst, "count": 1}] and order["done"] == "done"
