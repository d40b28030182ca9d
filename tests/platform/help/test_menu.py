"""The site's menu (SITE-GEN-01), where a game's name in the lists leads (SITE-GEN-03), and the
help link of a game's top panel (SITE-GEN-06)."""
from __future__ import annotations

import re

import pytest
from django.test import Client

from tresham.platform.lobby import services

from .conftest import site_menu

pytestmark = pytest.mark.django_db

PASSWORD = "pw-long-enough"
MENU = [("/lobby/", "Game List"), ("/accounts/friends/", "Friends"), ("/help/", "Help")]


def names_in(page: str) -> dict[str, str]:
    """The game names of a list page's table with where each leads."""
    return {name: href for href, name in re.findall(r'<td><a href="([^"]+)">([^<]+)</a>', page)}


@pytest.mark.site("SITE-GEN-01")
def test_logging_in_lands_on_the_active_tab_of_the_game_list(make_user):
    make_user("alice")
    c = Client()
    r = c.post("/accounts/login/", {"username": "alice", "password": PASSWORD}, follow=True)
    assert r.status_code == 200 and r.redirect_chain[-1][0] == "/lobby/"
    page = r.content.decode()
    assert '<strong aria-current="page">Active</strong>' in page and "<h1>Game List</h1>" in page
    # a link that asked for the login page still goes where it was going
    r = Client().post("/accounts/login/?next=/help/trading/", {"username": "alice", "password": PASSWORD,
                                                              "next": "/help/trading/"})
    assert r.status_code == 302 and r["Location"] == "/help/trading/"
    # a new account lands there too
    r = Client().post("/accounts/register/", {"username": "bob", "email": "bob@example.org",
                                              "password1": "Tresham-long-pw-9", "password2": "Tresham-long-pw-9",
                                              "time_zone": "UTC"},
                      follow=True)
    assert r.status_code == 200 and r.redirect_chain[-1][0] == "/lobby/"


@pytest.mark.site("SITE-GEN-01")
def test_the_menu_of_every_page_has_game_list_friends_and_help_and_no_dead_link(make_user, client_for, new_game):
    alice, bob = make_user("alice"), make_user("bob")
    g = new_game(alice, 2)
    services.join(g.pk, bob)
    c = client_for(alice)
    pages = ["/lobby/", "/lobby/open/", "/lobby/completed/", "/lobby/new/", f"/lobby/games/{g.pk}/", f"/games/{g.pk}/",
             f"/games/{g.pk}/history/", "/accounts/me/", "/accounts/friends/", "/accounts/conduct/", "/help/",
             "/help/calamities/"]
    for path in pages:
        r = c.get(path)
        assert r.status_code == 200, path
        menu = site_menu(r.content.decode())
        assert menu[:3] == MENU, (path, menu)
        assert not any(t in ("Rankings", "Premium") for _, t in menu), path  # pages the site does not have
    for href, text in site_menu(c.get("/lobby/").content.decode()):
        assert c.get(href).status_code == 200, (href, text)  # no dead link
    page = c.get("/help/").content.decode()
    assert '<a href="/help/" aria-current="page">Help</a>' in page
    assert '<a href="/lobby/" aria-current="page">Game List</a>' in c.get("/lobby/").content.decode()
    # a visitor: the game list (after logging in), help, log in, register -- no Friends
    visitor = Client()
    menu = site_menu(visitor.get("/help/").content.decode())
    assert menu == [("/lobby/", "Game List"), ("/help/", "Help"), ("/accounts/login/", "Log in"),
                    ("/accounts/register/", "Register")]
    r = visitor.get("/lobby/")
    assert r.status_code == 302 and r["Location"].startswith("/accounts/login/")
    assert visitor.get("/help/").status_code == 200


@pytest.mark.site("SITE-GEN-03", "SITE-LIST-02", "SITE-LIST-05")
def test_a_games_name_in_the_active_and_completed_lists_opens_the_game_itself(
        make_user, client_for, new_game, play_to_end):
    me, other, third = make_user("me"), make_user("other"), make_user("third")
    running = new_game(other, 2, name="Running")
    services.join(running.pk, me)
    waiting = new_game(me, 3, name="Still filling")
    done = new_game(other, 2, name="All over", turn_limit=1)
    services.join(done.pk, me)
    play_to_end(done)
    open_one = new_game(third, 3, name="Open to me")
    c = client_for(me)

    active = names_in(c.get("/lobby/").content.decode())
    assert active == {"Running": f"/games/{running.pk}/", "Still filling": f"/lobby/games/{waiting.pk}/"}
    page = c.get(active["Running"]).content.decode()
    assert re.search(rf'<p class="game-title"><a href="/games/{running.pk}/">Running</a>', page)
    assert "Your decisions" in page  # his own seat's part of the game page

    completed = names_in(c.get("/lobby/completed/").content.decode())
    assert completed == {"All over": f"/games/{done.pk}/"}
    page = c.get(completed["All over"]).content.decode()
    assert '<h2 id="result-title">Result</h2>' in page and 'id="result-places"' in page  # SITE-TABLE-14

    # the Open list keeps leading to the lobby's page, where one joins
    opened = names_in(c.get("/lobby/open/").content.decode())
    assert opened == {"Open to me": f"/lobby/games/{open_one.pk}/"}
    assert "Join this game" in c.get(opened["Open to me"]).content.decode()
    # the JSON list gives the same games
    body = c.get("/api/lobby/games?tab=completed").json()
    assert [g["name"] for g in body["games"]] == ["All over"]


@pytest.mark.site("SITE-GEN-06")
def test_the_top_panel_of_a_games_pages_links_to_the_help(make_user, client_for, new_game):
    alice, bob = make_user("alice"), make_user("bob")
    g = new_game(alice, 2)
    services.join(g.pk, bob)
    for client in (client_for(alice), Client()):
        for path in (f"/games/{g.pk}/", f"/games/{g.pk}/history/", f"/games/{g.pk}/advances/"):
            page = client.get(path).content.decode()
            panel = page[page.index('<nav aria-label="This game">'):]
            panel = panel[:panel.index("</nav>")]
            assert '<li><a href="/help/playing/">Help</a></li>' in panel, path
    assert Client().get("/help/playing/").status_code == 200
