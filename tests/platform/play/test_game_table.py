"""The game page as a table (issue 24): the map and the viewer's decision first, side by side
(SITE-TABLE-02: the layout itself is checked in the browser, tests/browser/test_game_table.py),
everything not needed now after them; one place per decision, the raw order box closed behind
"Advanced" (SITE-TABLE-04); no revision number in the header line."""
from __future__ import annotations

import re

import pytest
from django.test import Client

from .conftest import table_head, table_rows

pytestmark = pytest.mark.django_db


def _html(client: Client, path: str) -> str:
    r = client.get(path)
    assert r.status_code == 200, r.status_code
    return r.content.decode()


def picker(t):
    """(seat, user) of the person the pick waits on, playing on until it is one of them."""
    t.play_until(lambda s: any(d.required and t.user(d.player) for d in t.rules.pending(s)))
    d = next(d for d in t.rules.pending(t.state()) if d.required and t.user(d.player))
    return d.player, t.user(d.player)


def advanced(html: str) -> str:
    m = re.search(r'<details class="advanced-order" id="advanced-order"[^>]*>.*?</form>\s*</details>', html, re.S)
    assert m, "no advanced order box"
    return m.group(0)


@pytest.mark.site("SITE-TABLE-02")
def test_the_map_and_the_decision_come_first_and_the_rest_after(table, client_for):
    seat, user = picker(table)
    html = _html(client_for(user), f"/games/{table.game.pk}/")
    main = html[html.index("<main"):]
    grid = main.index('<div class="game-table">')
    at = {k: main.index(s) for k, s in {
        "map": '<div class="table-map">', "board": 'id="map"', "side": '<div class="table-side">',
        "decisions": 'id="decisions"', "form": 'data-form="pick"', "waiting": 'id="waiting-title"',
        "deadlines": 'id="deadlines"', "standing": 'id="summary-title"', "events": 'id="events-title"',
        "players": 'id="seats-title"', "options": 'id="options-title"'}.items()}
    assert grid < at["map"] < at["board"] < at["side"] < at["decisions"] < at["form"] < at["waiting"]
    # nothing comes between the map's column and the decision: the side column opens with it
    assert re.match(r'<div class="table-side">\s*<section aria-labelledby="decisions-title" id="decisions">',
                    main[at["side"]:])
    # the sections not needed now come after the table
    end = main.index("</div>\n</div>", at["waiting"])
    assert all(at[k] > end for k in ("deadlines", "standing", "events", "players", "options"))


@pytest.mark.site("SITE-TABLE-02")
def test_the_header_line_has_no_revision_number(trading, client_for):
    t = trading
    t.game.refresh_from_db()
    html = _html(client_for(t.alice), f"/games/{t.game.pk}/")
    line = re.search(r'<p class="game-line" data-revision="(\d+)">(.*?)</p>', html, re.S)
    assert line and int(line.group(1)) == t.game.revision
    assert "revision" not in line.group(2) and str(t.game.revision) not in re.sub(r"<[^>]+>", "", line.group(2)).split()
    assert re.sub(r"<[^>]+>", "", line.group(2)).endswith("Being played · time limit 24 hours")


@pytest.mark.site("SITE-TABLE-04")
def test_the_raw_order_box_is_closed_behind_advanced_and_lists_only_the_orders_given_now(table, client_for):
    seat, user = picker(table)
    state = table.state()
    c = client_for(user)
    html = _html(c, f"/games/{table.game.pk}/")
    box = advanced(html)
    opening = box[:box.index(">") + 1]
    assert " open" not in opening  # closed by default: the decision forms give the orders
    assert re.search(r"<summary>Advanced: type an order</summary>", box)
    # the order box itself, the order types and the decisions' raw options are all inside it
    assert html.count('id="order"') == 1 and box.count('id="order"') == 1
    # the one order type he may give now has its form: the box lists none (TBL-20)
    assert table.rules.accepts(state, seat) == ["pick"]
    assert re.findall(r'\?type=([a-z_]+)#order', html) == []
    assert "Every order you can give now has its form above; this box is for the API's users." in box
    assert html.count("<pre>") == box.count("<pre>") == 1
    # one entry per decision outside it: the pick form, once
    outside = html.replace(box, "")
    assert outside.count('data-form="pick"') == 1 and "<textarea" not in outside
    assert "Or type an order" not in html
    # a type chosen from its list opens the box, with that type's skeleton
    chosen = advanced(_html(c, f"/games/{table.game.pk}/?type=pick"))
    assert " open>" in chosen[:chosen.index("<summary>")]
    assert "&quot;type&quot;: &quot;pick&quot;" in chosen
    # a refused text comes back in the open box, with its error
    r = c.post(f"/games/{table.game.pk}/", {"order": "{not json", "client_key": "k" * 20,
                                            "revision": table.game.revision})
    assert r.status_code == 400
    again = advanced(r.content.decode())
    assert " open>" in again[:again.index("<summary>")] and "{not json" in again


@pytest.mark.site("SITE-TABLE-04")
def _tigris_page(make_user, client_for):
    from tresham.platform.lobby import services as lobby
    from tresham.platform.play import services

    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game("tigris", {"players": 2}, name="Two rivers", creator=alice, seed="table-04")
    lobby.join(game.pk, alice)
    lobby.join(game.pk, bob)
    game.refresh_from_db()
    rules = services.rules_of(game)
    state = rules.loads(game.state)
    seat = state.active
    user = alice if services.seat_of(game, alice) == seat else bob
    return game, rules, seat, user, client_for(user)


@pytest.mark.site("SITE-TABLE-04")
def test_the_advanced_box_lists_only_the_order_types_no_form_gives(make_user, client_for):
    """A Tigris & Euphrates turn: the rules take six order types; the page's forms give five of
    them (leader, tile twice, catastrophe, swap, pass). No leader of his is on the board, so no
    form withdraws one: "withdraw" alone is listed behind "Advanced" (TBL-20). Once his leader
    stands on the board the withdraw form is there too, and the box says every order has its
    form. The box still takes any order: ?type=leader gives the leader's skeleton, and a
    leader typed in it is accepted."""
    import json

    from tresham.platform.play import services

    game, rules, seat, user, c = _tigris_page(make_user, client_for)
    state = rules.loads(game.state)
    assert rules.accepts(state, seat) == ["leader", "withdraw", "tile", "catastrophe", "swap", "pass"]
    html = _html(c, f"/games/{game.pk}/")
    box = advanced(html)
    assert re.findall(r'<a href="\?type=([a-z_]+)#order">', box) == ["withdraw"]
    assert "Orders you may give now that no form above gives:" in box
    assert "this box is for the API" not in box
    forms = re.findall(r'<form [^>]*class="decision-form"[^>]*data-form="([a-z_.]+)"', html)
    assert forms == ["leader", "tile.land", "tile.river", "catastrophe", "swap", "pass"]
    # any order still: the leader's skeleton, and a leader typed in the box
    chosen = advanced(_html(c, f"/games/{game.pk}/?type=leader"))
    assert "&quot;type&quot;: &quot;leader&quot;" in chosen
    order = {"type": "leader", "player": seat, "colour": "black", "to": [6, 9]}  # G10, beside F10's temple
    r = c.post(f"/games/{game.pk}/", {"order": json.dumps(order), "client_key": "k" * 20,
                                      "revision": game.revision})
    assert r.status_code in (302, 303), r.content.decode()[:1500]
    game.refresh_from_db()
    assert rules.loads(game.state).leaders[(6, 9)] == (seat, "black")
    html = _html(c, f"/games/{game.pk}/")
    assert 'data-form="withdraw"' in html
    box = advanced(html)
    assert re.findall(r'\?type=([a-z_]+)#order', box) == []
    assert "Every order you can give now has its form above; this box is for the API's users." in box
    assert services.seat_of(game, user) == seat


def test_a_player_with_no_order_to_give_has_no_order_box(finished, client_for):
    html = _html(client_for(finished.alice), f"/games/{finished.game.pk}/")
    assert 'id="advanced-order"' not in html and "<textarea" not in html and "?type=" not in html
    assert "The game is over." in html


@pytest.mark.site("SITE-TABLE-09")
def test_the_standing_labels_each_public_fact_and_counts_the_trade_cards(trading, client_for):
    """A started three-player game: each seat's trade cards are its hand's size in the state;
    treasury, stock, cities, ships, civilization cards and the A.S.T. are the state's."""
    t = trading
    state = t.state()
    for client in (client_for(t.alice), Client()):  # a player and a visitor see the same public table
        html = _html(client, f"/games/{t.game.pk}/")
        head = table_head(html, "summary")
        assert head == ["Nation", "Player", "Trade cards", "Treasury", "Stock", "Cities", "Ships",
                        "Civilization cards", "A.S.T.", "Civ Advancement Points", "Total Public Points"]
        rows = {r[0]: dict(zip(head, r)) for r in table_rows(html, "summary")}
        names = {r.seat: r.name for r in t.rules.summary(state)}
        for p in state.players:
            row = rows[names[p.seat]]
            nation = p.nation
            assert int(row["Trade cards"]) == len(p.hand)
            assert int(row["Treasury"]) == p.treasury
            assert int(row["Stock"]) == p.stock
            assert int(row["Cities"]) == sum(1 for n in state.board.cities.values() if n == nation)
            assert int(row["Ships"]) == len(state.board.ships.get(nation, []))
            assert int(row["Civilization cards"]) == len(p.civ_cards)
            assert int(row["A.S.T."]) == p.ast
        assert sum(int(r["Trade cards"]) for r in rows.values()) == sum(len(p.hand) for p in state.players) > 0


@pytest.mark.site("SITE-TABLE-13")
def test_the_map_names_the_viewers_own_pieces_for_its_first_zoom(make_user, client_for):
    """The map's view carries data-own, the squares of the viewer's own leaders (the game's
    pieces' ``own``), which board.js centres its first zoom on; the live pieces (board.json)
    give it again; the other seat and a visitor get none of them."""
    import json

    game, rules, seat, user, c = _tigris_page(make_user, client_for)
    html = _html(c, f"/games/{game.pk}/")
    assert 'id="board-view"' in html and "data-own=" not in html  # no leader of his on the board yet
    order = {"type": "leader", "player": seat, "colour": "black", "to": [6, 9]}  # G10
    r = c.post(f"/games/{game.pk}/", {"order": json.dumps(order), "client_key": "o" * 20, "revision": game.revision})
    assert r.status_code in (302, 303)
    html = _html(c, f"/games/{game.pk}/")
    assert re.search(r'<div class="board-view" id="board-view"[^>]*data-own="G10"', html)
    assert json.loads(c.get(f"/games/{game.pk}/board.json").content)["own"] == ["G10"]
    other = next(u for u in (game.seats.get(index=0).user, game.seats.get(index=1).user) if u != user)
    assert "data-own=" not in _html(client_for(other), f"/games/{game.pk}/")
    assert "data-own=" not in _html(Client(), f"/games/{game.pk}/")
