"""Tigris & Euphrates in the lobby: chosen on the new-game page (or by the API's ``kind``), its
own options offered and checked by its rules, joined like any game, listed with its title, and
its seats named as its rules name them (dynasties)."""
from __future__ import annotations

import re

import pytest

from tresham.platform.lobby import timelimits
from tresham.platform.play.models import Game

from tests.platform.conftest import post_json

ALL_ON = {"players": 2, "board": "advanced", "buildings": True, "english": True, "wonder": True,
          "open_scoring": True}


def _form(name: str, **fields) -> dict:
    data = {"name": name, "time_limit": timelimits.form_value(timelimits.DEFAULT), "take_seat": "on"}
    for k, v in fields.items():
        if v is True:
            data[f"opt_{k}"] = "on"
        elif v is not False:
            data[f"opt_{k}"] = str(v)
    return data


@pytest.mark.site("SITE-CREATE-01", "SITE-CREATE-04", "SITE-CREATE-15")
def test_the_new_game_page_offers_tigris_with_its_own_options_and_creates_it(make_user, client_for):
    alice, bob = make_user("alice"), make_user("bob")
    c = client_for(alice)
    plain = c.get("/lobby/new/").content.decode()
    assert 'href="?kind=tigris">Tigris &amp; Euphrates</a>' in plain  # the choice of game
    page = c.get("/lobby/new/?kind=tigris").content.decode()
    assert ("Game: <strong>Tigris &amp; Euphrates</strong> · other games: <a href=\"?kind=advciv\">Advanced "
            "Civilization</a>, <a href=\"?kind=civcards\">Civilization: The Card Game</a></p>") in page
    assert 'action="/lobby/new/?kind=tigris"' in page
    for name in ("players", "board", "buildings", "english", "wonder", "open_scoring"):
        assert f'name="opt_{name}"' in page, name
    assert '<option value="advanced">Advanced board</option>' in page
    assert 'name="opt_tokens"' not in page  # nothing of Advanced Civilization's options

    r = c.post("/lobby/new/?kind=tigris", _form("Ur and Uruk", **ALL_ON))
    assert r.status_code == 302, r.content.decode()[:2000]
    game = Game.objects.get(name="Ur and Uruk")
    assert game.kind == "tigris" and game.players == 2 and game.status == Game.Status.OPEN
    assert game.options == ALL_ON
    lobby_page = c.get(f"/lobby/games/{game.pk}/").content.decode()
    for label, text in (("Board side", "Advanced board"), ("Civilization buildings", "Yes"),
                        ("English variant", "Yes"), ("Wonder", "Yes"), ("Open scoring", "Yes")):
        assert f"<dt>{label}</dt><dd>{text}</dd>" in lobby_page, label
    assert "Tigris &amp; Euphrates · 2 players" in lobby_page
    assert "nation picking" not in lobby_page

    # bob joins through the page: the game starts
    r = client_for(bob).post(f"/lobby/games/{game.pk}/join/")
    assert r.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.state
    assert sorted(game.seats.values_list("user__username", flat=True)) == ["alice", "bob"]


def test_a_refused_option_is_the_rules_message_and_creates_nothing(make_user, client_for):
    c = client_for(make_user())
    r = c.post("/lobby/new/?kind=tigris", _form("Too many", players=5))
    assert r.status_code == 400
    assert "TE-BASE-01" in r.content.decode()
    r = post_json(c, "/api/lobby/games", {"kind": "tigris", "options": {"players": 2, "tiles": 7}})
    assert r.status_code == 400 and "unknown option 'tiles'" in r.json()["message"]
    assert not Game.objects.exists()


@pytest.mark.site("SITE-CREATE-04")
def test_the_api_creates_a_tigris_game_by_kind_and_lists_it_with_its_title(make_user, client_for):
    alice, bob = make_user("alice"), make_user("bob")
    form = client_for(alice).get("/api/lobby/new-game").json()
    kinds = {k["kind"]: k for k in form["kinds"]}
    assert set(kinds) == {"advciv", "tigris", "civcards"}
    te = kinds["tigris"]
    assert (te["title"], te["min_players"], te["max_players"]) == ("Tigris & Euphrates", 2, 4)
    assert [f["name"] for f in te["fields"]] == ["players", "board", "buildings", "english", "wonder",
                                                 "open_scoring"]
    r = post_json(client_for(alice), "/api/lobby/games",
                  {"kind": "tigris", "name": "Lagash", "options": {"players": 2, "board": "advanced"}})
    assert r.status_code == 201, r.content
    got = r.json()
    assert got["kind"] == "tigris" and got["kind_title"] == "Tigris & Euphrates" and got["title"] == "Tigris & Euphrates"
    assert {o["name"]: o["value"] for o in got["options"]} == {"players": 2, "board": "advanced", "buildings": False,
                                                               "english": False, "wonder": False,
                                                               "open_scoring": False}
    r = post_json(client_for(bob), f"/api/lobby/games/{got['id']}/join", {})
    assert r.status_code == 201 and r.json()["status"] == "active"
    # no kind: the site's first game, as before
    r = post_json(client_for(bob), "/api/lobby/games", {"name": "Old habits", "options": {"players": 3}})
    assert r.status_code == 201 and r.json()["kind"] == "advciv"
    # both lists show each game's title
    rows = client_for(alice).get("/api/lobby/games?tab=active").json()["games"]
    assert [(g["name"], g["kind_title"]) for g in rows] == [("Lagash", "Tigris & Euphrates")]
    page = client_for(alice).get("/lobby/").content.decode()
    assert re.search(r'>Lagash</a> <small class="kind">Tigris &amp; Euphrates</small>', page)


@pytest.mark.site("SITE-LIST-04")
def test_the_lobby_page_names_the_seats_dynasties(table, client_for, make_user):
    t = table()
    html = client_for(make_user()).get(f"/lobby/games/{t.game.pk}/").content.decode()
    assert '<th scope="col">Dynasty</th>' in html and ">Nation<" not in html
    summary = t.rules.summary(t.state())
    state_table = html[html.index('id="state-title"'):]
    heads = re.findall(r'<th scope="col">([^<]+)</th>', state_table)
    assert heads == ["Dynasty", *summary[0].columns]  # the rules' columns, as on the game page
    names = [r.name for r in summary]
    assert sorted(names) == ["Archer", "Bull"]
    for n in names:
        assert f"<td>{n}</td>" in html
    assert "advances" not in html  # no civilization advances to link
