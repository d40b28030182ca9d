"""The game page: what a player and a visitor see (stage, options, seats, whom the game waits
on, the summary, the board, the player's own hand and decisions, the in-game panel)."""
from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils.html import escape

from tresham.platform.lobby import services as lobby
from tresham.platform.play import services

from .conftest import section, table_head, table_rows

pytestmark = pytest.mark.django_db

PAGES = ["", "history/", "messages/", "ast/", "advances/"]


def _html(client: Client, path: str) -> str:
    r = client.get(path)
    assert r.status_code == 200, r.status_code
    return r.content.decode()


@pytest.mark.site("SITE-GEN-02", "SITE-CREATE-15")
def test_the_game_page_for_a_player(trading, client_for):
    t = trading
    state = t.state()
    html = _html(client_for(t.alice), f"/games/{t.game.pk}/")
    assert f"<h1>Bronze &lt;Table&gt;</h1>" in html  # the name, escaped
    assert f"<strong>Turn {state.turn}, trade</strong> · Being played · time limit 24 hours" in html
    # options, visible to every player (SITE-CREATE-15)
    options = section(html, "options-title")
    assert "<dt>Hand limit</dt><dd>8</dd>" in options and "<dt>Number of players</dt><dd>3 players</dd>" in options
    # the seats: names, the bot marked as a bot, the viewer marked
    names = {r.seat: r.name for r in t.rules.summary(state)}
    seats = section(html, "seats-title")
    assert f"<li>{names[0]}: alice <strong>(you)</strong>" in seats
    assert f"<li>{names[1]}: bob" in seats and f"<li>{names[2]}: Bot (computer player, Trader)" in seats
    # whom the game waits on: the seats with required decisions, and only who
    waiting = section(html, "waiting-title")
    owed = sorted({d.player for d in t.rules.pending(state) if d.required})
    assert re.findall(r"<li>([^<(]+) \(", waiting) == [names[s] for s in owed]
    # the top panel leads to the game's sections (SITE-GEN-02)
    for label, path in [("Map and orders", ""), ("Trade", "trade/"), ("Advances", "advances/"),
                        ("A.S.T.", "ast/"), ("History", "history/"), ("Messages", "messages/")]:
        assert f'href="/games/{t.game.pk}/{path}"' in html and f">{label}<" in html


def test_the_summary_and_the_board_are_the_rules_figures(trading, client_for):
    t = trading
    state = t.state()
    html = _html(client_for(t.alice), f"/games/{t.game.pk}/")
    assert table_head(html, "summary") == ["Nation", "Player", "Trade cards", "Treasury", "Stock", "Cities", "Ships",
                                           "Civilization cards", "A.S.T.", "Civ Advancement Points",
                                           "Total Public Points"]
    rows = table_rows(html, "summary")
    summary = t.rules.summary(state)
    assert [r[0] for r in rows] == [s.name for s in summary]
    assert [int(r[-1]) for r in rows] == sorted((s.points for s in summary), reverse=True)
    players = {"alice", "bob", "Bot (computer player, Trader)"}
    assert {r[1] for r in rows} == players
    # the board: one row per area with pieces, tokens as the state has them
    board = table_rows(html, "board")
    tokens = {a: m for a, m in state.board.tokens.items() if any(m.values())}
    expected = set(tokens) | set(state.board.cities) | {a for v in state.board.ships.values() for a in v}
    assert len(board) == len(expected)
    top = summary[0]
    nation = state.players[top.seat].nation
    area, n = next((a, m[nation]) for a, m in sorted(tokens.items()) if m.get(nation))
    from tresham.games.advciv.data import load  # test-side only: the area's printed name

    row = next(r for r in board if r[0] == load().map.areas[area].name)
    assert f"{top.name} {n}" in row[2]


def test_a_player_sees_his_own_hand_and_decisions_and_nobody_elses(trading, client_for):
    t = trading
    state = t.state()
    alice, spectator = client_for(t.alice), Client()
    game_url = f"/games/{t.game.pk}/"
    mine = _html(alice, game_url)
    hand = section(mine, "hand")
    names = t.rules.hand(t.rules.view(state, 0))
    assert re.findall(r"<li>([^<]+)</li>", hand) == names and names
    # his decisions, with their prompt and default
    decisions = section(mine, "decisions")
    own = [d for d in t.rules.pending(state) if d.player == 0]
    assert decisions.count("<li><strong>") == len(own) == 1
    assert f"<strong>{own[0].prompt}</strong> — the game waits on you" in decisions
    assert f"If your time runs out: {own[0].default}." in decisions
    # bob's cards that alice does not hold appear on none of alice's pages, except where a
    # visitor sees them too (public text)
    d = t.rules.view(state, 1)
    bob_only = set(t.rules.hand(d)) - set(names)
    assert bob_only
    for path in PAGES:
        page, public = _html(alice, game_url + path), _html(spectator, game_url + path)
        if path == "":
            assert bob_only.isdisjoint(re.findall(r"<li>([^<]+)</li>", section(page, "hand")))
        for card in bob_only:
            assert card not in page or card in public, (path, card)
    # a visitor: no hand, no decisions, no order form
    public = _html(spectator, game_url)
    assert 'id="hand"' not in public and 'id="decisions"' not in public and 'id="order"' not in public
    assert own[0].prompt not in public and own[0].default not in public
    assert 'id="summary"' in public and 'id="board"' in public  # past initial placement


@pytest.mark.site("SITE-LIST-04")
def test_a_seatless_user_gets_the_visitors_view(trading, client_for):
    """Carol, logged in but seated nowhere, past initial placement: what a visitor sees (the
    map with everyone's pieces, the standing, the board, the public events), nothing of a seat."""
    from tresham.platform.play.models import EventRecord

    t = trading
    state = t.state()
    html = _html(client_for(t.carol), f"/games/{t.game.pk}/")
    assert 'id="hand"' not in html and 'id="order"' not in html and "(you)" not in html
    assert 'id="decisions"' not in html
    assert 'action="/games/%d/command/"' % t.game.pk not in html
    public = _html(Client(), f"/games/{t.game.pk}/")
    # the map, with the pieces a visitor's view shows
    pieces = t.rules.board_pieces(t.rules.view(state, None))
    assert pieces["pieces"] and 'id="map"' in html and pieces["svg"] in section(html, "map")
    assert "with the pieces everyone sees" in section(html, "map")
    # the standing: every seat, best first, the rules' own figures
    rows = table_rows(html, "summary")
    summary = t.rules.summary(state)
    assert [(r[0], int(r[-1])) for r in rows] == [(s.name, s.points) for s in summary]
    # the board table, as a visitor has it
    assert table_rows(html, "board") == table_rows(public, "board") != []
    # the public events, newest first, and no seat's own
    events = section(html, "events-title")
    newest = EventRecord.objects.filter(game=t.game, to__isnull=True).order_by("-seq", "-n").first()
    assert f"<li>{escape(newest.text)}</li>" in events
    assert "(not public)" not in events
    assert events == section(public, "events-title")


@pytest.mark.site("SITE-LIST-04")
def test_before_initial_placement_a_visitor_sees_no_state(table, client_for):
    t = table
    assert t.state().phase == "pick"
    html = _html(Client(), f"/games/{t.game.pk}/")
    assert "has not completed initial placement: there is nothing to show yet" in html
    assert 'id="summary"' not in html and 'id="board"' not in html
    assert "<dt>Hand limit</dt>" in html  # the options are still shown
    for path in PAGES[1:]:
        if path != "messages/":
            assert "nothing to show yet" in _html(Client(), f"/games/{t.game.pk}/{path}")
    # the game's own players see their game from the start
    mine = _html(client_for(t.alice), f"/games/{t.game.pk}/")
    assert 'id="summary"' in mine and 'id="decisions"' in mine


def test_a_game_waiting_for_players(make_user, client_for):
    alice = make_user("alice")
    game = services.create_game("advciv", {"players": 3}, name="Empty", creator=alice)
    lobby.join(game.pk, alice)
    html = _html(client_for(alice), f"/games/{game.pk}/")
    assert "Waiting for players" in html and f'href="/lobby/games/{game.pk}/"' in html
    assert "<li>alice <strong>(you)</strong></li>" in html and html.count("(open seat)") == 2
    for path in PAGES[1:]:
        assert _html(Client(), f"/games/{game.pk}/{path}")
    r = client_for(alice).post(f"/games/{game.pk}/", {"order": '{"type": "pick"}'})
    assert r.status_code == 409 and "the game has not started" in r.content.decode()


def test_an_unknown_game_is_a_404_page(db, client_for, make_user):
    for path in PAGES + ["command/"]:
        r = Client().get(f"/games/999/{path}") if path != "command/" else \
            client_for(make_user()).post("/games/999/command/", {"command": "done"})
        assert r.status_code == 404
        assert "There is no game number 999." in r.content.decode()
    r = Client().get("/games/999/log.json")
    assert r.status_code == 404 and r.json()["error"] == "no_such_game"


@pytest.mark.parametrize("path", PAGES)
def test_every_form_control_has_a_label(trading, client_for, path):
    html = _html(client_for(trading.alice), f"/games/{trading.game.pk}/{path}")
    controls = re.findall(r"<(?:input|select|textarea)\b[^>]*>", html)
    visible = [c for c in controls if 'type="hidden"' not in c]
    assert visible or path in ("ast/", "advances/")
    for tag in visible:
        m = re.search(r'id="([^"]+)"', tag)
        assert m and f'for="{m.group(1)}"' in html, tag


def test_a_finished_game_shows_its_final_places_and_takes_no_orders(finished, client_for):
    t = finished
    state = t.state()
    places = t.rules.result(state)
    c = client_for(t.alice)
    html = _html(c, f"/games/{t.game.pk}/")
    assert "Game over" in html and "Finished" in html
    listed = table_rows(html, "result-places")
    names = {r.seat: r.name for r in t.rules.summary(state)}
    who = {0: "alice", 1: "bob", 2: "bot"}
    assert sorted((int(r[0]), f"{r[1]} ({r[2].removesuffix(' (you)')})") for r in listed) == \
        sorted((places[s], f"{names[s]} ({who[s]})") for s in range(3))
    assert "Victory points" in table_head(html, "summary")
    assert 'id="order"' not in html and 'action="/games/%d/command/"' % t.game.pk not in html
    before = t.game.revision
    r = c.post(f"/games/{t.game.pk}/command/", {"command": "done"})
    assert r.status_code == 409 and "the game is over" in r.content.decode()
    r = c.post(f"/games/{t.game.pk}/", {"order": '{"type": "done"}'})
    assert r.status_code == 409 and "the game is over" in r.content.decode()
    r = c.post(f"/games/{t.game.pk}/", {"order": "{bad"})  # his text comes back with its error
    assert r.status_code == 400 and "this is not JSON (line 1, column 2)" in r.content.decode()
    assert "{bad</textarea>" in r.content.decode() and "You have no order to give now." in r.content.decode()
    t.game.refresh_from_db()
    assert t.game.revision == before


def test_the_front_page(make_user, client_for):
    html = _html(Client(), "/")
    assert 'href="/accounts/login/">Log in</a> or <a href="/accounts/register/">register</a>' in html
    r = client_for(make_user()).get("/")
    assert r.status_code == 302 and r["Location"] == "/lobby/"
