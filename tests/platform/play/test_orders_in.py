"""Whether a player's order is in, and changing or withdrawing it until it takes effect
(SITE-TABLE-06, issue 24): the game page says "Your order is in: ..." with Change (the
decision's form, still offered) and Withdraw where the game has an order that withdraws it,
or "Your order is not in yet"; ``Offers.entered`` of Advanced Civilization from the seat's
own view."""
from __future__ import annotations

import json
import re

import pytest

from tresham.platform.play import services

from tests.games.advciv.rules.test_ships import EGYPT, pos as ships_pos
from tests.platform.play.test_preview import client, form_html, hidden_inputs, seated

pytestmark = pytest.mark.django_db(transaction=True)


def orders_in(html: str) -> list[str]:
    m = re.search(r'<ul class="orders-in" id="orders-in">(.*?)</ul>', html, re.S)
    assert m, "no orders-in list on the page"
    return [" ".join(re.sub(r"<[^>]+>", " ", li).split()) for li in re.findall(r"<li[^>]*>(.*?)</li>", m.group(1), re.S)]


def page(user, game) -> str:
    return client(user).get(f"/games/{game.pk}/").content.decode()


@pytest.mark.rule("22.1")
@pytest.mark.site("SITE-TABLE-06")
def test_ship_orders_entered_early_are_said_to_be_in_and_can_be_changed(make_user):
    """Babylon (bob, seat 1, Military: last in census order) enters his ship orders early: the
    page said they were not in, now says they are and what they are, and still offers the
    ship form, with which he changes them; Egypt's turn then carries out the changed order."""
    board = dict(EGYPT)
    board.update({"ur": {"tokens": {"babylon": 8}}, "charax": {"tokens": {"babylon": 2}}})
    state, _ = ships_pos(board, {"egypt": {"treasury": 2}, "babylon": {"treasury": 2, "civ_cards": ["military"]}})
    game, alice, bob, carol = seated(make_user, state)
    html = page(bob, game)
    # the decision's prompt is said once, in the list of his decisions above (SITE-TABLE-02)
    prompt = "Maintain your ships and build new ones (2 tokens each) (entered early; applied on your census turn)"
    assert orders_in(html) == ["Your order is not in yet ."]
    column = html[html.index('<section aria-labelledby="decisions-title"'):html.index('id="advanced-order"')]
    assert column.count(prompt) == 1, column
    keys = hidden_inputs(form_html(html, "ships"))
    r = client(bob).post(f"/games/{game.pk}/decide/", {
        "form": "ships", "client_key": keys["client_key"][0], "revision": keys["revision"][0],
        "f.build.charax.tokens": "1"})
    assert r.status_code == 303, r.content.decode()[:2000]
    html = page(bob, game)
    assert orders_in(html) == ["Your order is in: ship orders: 1 ship to build (Charax), carried out on your "
                               "census turn. Change"]
    assert 'class="withdraw-form"' not in html  # changed, not withdrawn (TBL-18)
    f = form_html(html, "ships")  # Change: the form is still offered
    keys = hidden_inputs(f)
    r = client(bob).post(f"/games/{game.pk}/decide/", {
        "form": "ships", "client_key": keys["client_key"][0], "revision": keys["revision"][0],
        "f.build.charax.tokens": "0"})
    assert r.status_code == 303, r.content.decode()[:2000]
    assert orders_in(page(bob, game)) == ["Your order is in: ship orders: no ship built and none kept, carried "
                                          "out on your census turn. Change"]
    # Egypt's turn: Babylon's changed order is carried out, not the first
    r = client(alice).post(f"/api/games/{game.pk}/orders", json.dumps({"order": {
        "type": "ships", "maintain": [], "build": [{"area": "tanis", "pay": "treasury"}]}}),
        content_type="application/json")
    assert r.status_code == 201, r.content
    game.refresh_from_db()
    after = services.rules_of(game).loads(game.state)
    assert after.board.ships.get("babylon", []) == [] and after.board.tokens["charax"]["babylon"] == 2
    assert after.board.ships["egypt"] == ["tanis"]


@pytest.mark.rule("23.2")
@pytest.mark.site("SITE-TABLE-06")
def test_moves_entered_are_in_until_withdrawn(make_user):
    """Thrace (alice) enters a move without Done: her order is in, not final, with a Withdraw
    button; Withdraw (the movement's Reset) takes it out, and the page says it is not in."""
    from tests.games.advciv.rules.test_movement import pos

    game, alice, bob, carol = seated(make_user, pos({"macedonia": {"tokens": {"thrace": 3}}}))
    assert orders_in(page(alice, game))[0].startswith("Your order is not in yet")
    r = client(alice).post(f"/api/games/{game.pk}/orders", json.dumps({"order": {
        "type": "move", "moves": [{"from": "macedonia", "to": "thessaly", "count": 2}], "voyages": [],
        "done": None}}), content_type="application/json")
    assert r.status_code == 201, r.content
    html = page(alice, game)
    assert orders_in(html) == ["Your order is in: 1 move (2 from Macedonia to Thessaly): not final until you "
                               "press Done. Change Withdraw"]
    box = html[html.index('class="withdraw-form"'):]
    box = box[:box.index("</form>")]
    posted = {k: v[0] for k, v in hidden_inputs(box).items()}
    assert json.loads(posted["order"]) == {"type": "move", "moves": [], "voyages": [], "done": None}
    r = client(alice).post(f"/games/{game.pk}/", posted)
    assert r.status_code == 303, r.content.decode()[:2000]
    assert orders_in(page(alice, game))[0].startswith("Your order is not in yet")
    game.refresh_from_db()
    state = services.rules_of(game).loads(game.state)
    assert state.board.tokens["macedonia"]["thrace"] == 3
