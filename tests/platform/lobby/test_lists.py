"""The game list (SITE-LIST-01..08): Active, Open and Completed tabs, a game's lobby page,
the queue controls; every list in a fixed number of queries."""
from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.platform.conftest import post_json
from tresham.platform.lobby import services
from tresham.platform.play.models import Game

from .conftest import HOUR, vacate

pytestmark = pytest.mark.django_db


def names_in(page: str) -> list[str]:
    """The game names listed in a list page's table, in order."""
    return re.findall(r'<td><a href="(?:/lobby)?/games/\d+/">([^<]+)</a>', page)


@pytest.mark.site("SITE-LIST-01")
def test_the_game_list_has_three_tabs(make_user, client_for):
    c = client_for(make_user())
    for path, current in (("/lobby/", "Active"), ("/lobby/open/", "Open"), ("/lobby/completed/", "Completed")):
        page = c.get(path).content.decode()
        tabs = re.search(r'<nav class="tabs" aria-label="Game list">(.*?)</nav>', page, re.S).group(1)
        assert re.findall(r"<li>.*?(Active|Open|Completed).*?</li>", tabs) == ["Active", "Open", "Completed"]
        assert f'<strong aria-current="page">{current}</strong>' in tabs
    assert c.get("/lobby/").status_code == 200
    from django.test import Client

    r = Client().get("/lobby/")
    assert r.status_code == 302 and r["Location"].startswith("/accounts/login/")
    assert Client().get("/api/lobby/games").status_code == 401


@pytest.mark.site("SITE-LIST-02", "SITE-QUEUE-05")
def test_active_lists_the_games_the_user_plays_and_links_them(make_user, client_for, new_game, play_to_end):
    me, other = make_user("me"), make_user("other")
    waiting = new_game(me, 3, name="Waiting for two")
    running = new_game(other, 2, name="Running")
    services.join(running.pk, me)
    new_game(other, 3, name="Not mine")
    done = new_game(other, 2, name="Done", turn_limit=1)
    services.join(done.pk, me)
    play_to_end(done)
    c = client_for(me)
    page = c.get("/lobby/").content.decode()
    assert sorted(names_in(page)) == ["Running", "Waiting for two"]
    # a started game opens its own page; one waiting for players its lobby page
    assert f'<a href="/games/{running.pk}/">Running</a>' in page
    assert f'<a href="/lobby/games/{waiting.pk}/">Waiting for two</a>' in page
    body = c.get("/api/lobby/games?tab=active").json()
    assert body["total"] == 2
    rows = {g["name"]: g for g in body["games"]}
    assert rows["Running"]["status"] == "active" and rows["Running"]["your_seat"] == 1
    assert rows["Running"]["stage"] == "Choosing nations"
    assert rows["Waiting for two"]["status"] == "open" and rows["Waiting for two"]["taken"] == 1
    game_page = c.get(f"/lobby/games/{running.pk}/").content.decode()
    assert "<strong>me (you)</strong>" in game_page


@pytest.mark.site("SITE-LIST-03")
def test_open_lists_new_games_and_running_games_awaiting_a_replacement(make_user, client_for, new_game):
    me, a, b = make_user(), make_user(), make_user()
    new_game(a, 4, name="Brand new")
    full = new_game(a, 2, name="Full and running")
    services.join(full.pk, b)
    gap = new_game(b, 2, name="Running with a gap")
    services.join(gap.pk, a)
    vacate(gap, 1)  # a quit: the seat awaits a replacement
    new_game(me, 3, name="My own")
    page = client_for(me).get("/lobby/open/").content.decode()
    assert sorted(names_in(page)) == ["Brand new", "Running with a gap"]
    assert "Running with a gap</a> (a seat awaits a replacement)" in page
    rows = {g["name"]: g for g in client_for(me).get("/api/lobby/games?tab=open").json()["games"]}
    assert rows["Running with a gap"]["replacement"] is True and rows["Running with a gap"]["status"] == "active"
    assert rows["Brand new"]["replacement"] is False and rows["Brand new"]["taken"] == 1


@pytest.mark.site("SITE-LIST-04", "SITE-QUEUE-08")
def test_an_open_running_game_shows_nothing_before_initial_placement_and_its_state_after(
        make_user, client_for, new_game, pick_all):
    a, b, c_, visitor = make_user(), make_user(), make_user(), make_user()
    g = new_game(a, 3)
    services.join(g.pk, b)
    services.join(g.pk, c_)
    g.refresh_from_db()
    assert g.stage == "Choosing nations"
    vacate(g, 2)
    v = client_for(visitor)
    page = v.get(f"/lobby/games/{g.pk}/").content.decode()
    assert "This game has not completed initial placement: there is nothing to show yet." in page
    assert "Current standing" in page and "<table>" not in page.split("Current standing")[1]
    body = v.get(f"/api/lobby/games/{g.pk}").json()
    assert body["shown"] is False and body["summary"] == [] and body["links"] == {}
    # the seat is filled again, every nation is picked: placement is complete
    services.join(g.pk, c_)
    pick_all(g)
    g.refresh_from_db()
    assert g.stage != "Choosing nations"
    vacate(g, 2)
    body = v.get(f"/api/lobby/games/{g.pk}").json()
    assert body["shown"] is True
    assert len(body["summary"]) == 3 and all(r["name"] and "Total Public Points" in r["columns"]
                                             for r in body["summary"])
    assert body["links"] == {"game": f"/games/{g.pk}/", "history": f"/games/{g.pk}/history/",
                             "advances": f"/games/{g.pk}/advances/", "api_game": f"/api/games/{g.pk}",
                             "api_history": f"/api/games/{g.pk}/history"}
    page = v.get(f"/lobby/games/{g.pk}/").content.decode()
    assert "nothing to show yet" not in page
    assert f'<a href="/games/{g.pk}/">the map</a>' in page
    assert f'<a href="/games/{g.pk}/history/">the game history</a>' in page
    assert f'<a href="/games/{g.pk}/advances/">the civilization advances</a>' in page
    for r in body["summary"]:
        assert f"<td>{r['name']}</td>" in page
    # the visitor joins from that page (SITE-QUEUE-08): the replacement's button
    assert "Join as the replacement" in page
    r = v.post(f"/lobby/games/{g.pk}/join/")
    assert r.status_code == 302
    assert g.seats.get(index=2).user == visitor


@pytest.mark.site("SITE-LIST-05")
def test_completed_lists_the_games_the_user_finished(make_user, client_for, new_game, play_to_end):
    me, other = make_user(), make_user()
    done = new_game(me, 2, name="Finished one", turn_limit=1)
    services.join(done.pk, other)
    play_to_end(done)
    not_mine = new_game(other, 2, name="Finished without me", turn_limit=1)
    services.join(not_mine.pk, make_user())
    play_to_end(not_mine)
    new_game(me, 2, name="Still open")
    c = client_for(me)
    page = c.get("/lobby/completed/").content.decode()
    assert names_in(page) == ["Finished one"]
    body = c.get(f"/api/lobby/games/{done.pk}").json()
    assert body["status"] == "finished" and body["shown"] is True
    assert sorted(body["places"]) in ([1, 1], [1, 2])
    assert "Victory points" in body["summary"][0]["columns"]
    detail = c.get(f"/lobby/games/{done.pk}/").content.decode()
    assert "Final standing" in detail and "Victory points" in detail
    assert c.get("/api/lobby/games?tab=completed").json()["total"] == 1


@pytest.mark.site("SITE-LIST-06")
def test_create_a_new_game_is_at_the_bottom_of_the_open_tab_only(make_user, client_for, new_game):
    c = client_for(make_user())
    new_game(make_user(), 3, name="Someone's")
    page = c.get("/lobby/open/").content.decode()
    assert page.index("Someone&#x27;s") < page.index("Create a new game")
    assert "Create a new game" not in c.get("/lobby/").content.decode()


@pytest.mark.site("SITE-LIST-08", "SITE-QUEUE-01", "SITE-QUEUE-02", "SITE-QUEUE-03", "SITE-QUEUE-04")
def test_the_queue_controls_sit_in_the_top_right_of_every_tab(make_user, client_for):
    from pathlib import Path

    from django.contrib.staticfiles import finders

    css = Path(finders.find("tresham/lobby.css")).read_text()
    # from 48rem the queue is the right column beside the title, the tabs and the list; on a
    # phone it follows the list (SITE-TABLE-11; tests/browser/test_phone_widths.py measures both)
    wide = css[css.index("@media (min-width: 48rem)"):]
    assert ".lobby > .queue { grid-column: 2; grid-row: 1 / span 4;" in wide
    c = client_for(make_user())
    for path in ("/lobby/", "/lobby/open/", "/lobby/completed/"):
        page = c.get(path).content.decode()
        aside = re.search(r'<aside class="queue".*?</aside>', page, re.S).group(0)
        assert page.index('<nav class="tabs"') < page.index('<section class="games"') < page.index("<aside")
        assert '<link rel="stylesheet" href="/static/tresham/lobby.css">' in page
        assert re.search(r'<label for="id_max_time_limit">Maximum Time Limit</label>', aside)
        assert re.search(r'<label for="id_min_time_limit">Minimum Time Limit</label>', aside)
        assert re.search(r'<input type="checkbox" name="join_new" id="id_join_new" checked>', aside)
        assert re.search(r'<input type="checkbox" name="join_in_progress" id="id_join_in_progress">', aside)
        assert "<button type=\"submit\">Add me to the player queue!</button>" in aside


def _count(client, path: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(path).status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.site("SITE-LIST-01")
def test_the_lists_take_as_many_queries_for_30_games_as_for_3(make_user, client_for, new_game, befriend,
                                                               django_assert_max_num_queries):
    me = make_user()
    c = client_for(me)
    pages = ["/lobby/", "/lobby/open/", "/lobby/completed/", "/api/lobby/games?tab=active",
             "/api/lobby/games?tab=open", "/api/lobby/games?tab=completed"]

    def add(n: int) -> None:
        for i in range(n):  # new people each time: nobody reaches the same-opponent limit
            g = new_game(make_user(), 4, name=f"g{Game.objects.count()}")
            services.join(g.pk, make_user())
            services.add_bot(g.pk)
            if i % 3 != 2:
                services.join(g.pk, me)
            if i % 3 == 1:  # the list reads only the status: a finished game's row
                Game.objects.filter(pk=g.pk).update(status=Game.Status.FINISHED)

    add(3)
    assert {p: c.get(p).json()["total"] for p in pages if "api" in p} == {
        "/api/lobby/games?tab=active": 1, "/api/lobby/games?tab=open": 1, "/api/lobby/games?tab=completed": 1}
    small = {p: _count(c, p) for p in pages}
    add(27)
    for p in pages:
        with django_assert_max_num_queries(small[p]):
            assert c.get(p).status_code == 200
        assert small[p] <= 12, (p, small[p])


@pytest.mark.site("SITE-LIST-02")
def test_a_long_list_is_paged(make_user, client_for, new_game, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "games": (0, 3600)}  # 55 games by one creator
    me = make_user()
    for i in range(55):
        new_game(me, 2, name=f"Game {i:02}", time_limit=12 * HOUR)
    c = client_for(me)
    first = c.get("/lobby/").content.decode()
    assert len(names_in(first)) == 50 and "Page 1 of 2" in first
    assert len(names_in(c.get("/lobby/?page=2").content.decode())) == 5
    body = c.get("/api/lobby/games?tab=active&limit=10&offset=50").json()
    assert body["total"] == 55 and len(body["games"]) == 5
    assert c.get("/api/lobby/games?tab=sideways").status_code == 422
    assert c.get("/api/lobby/games?limit=0").status_code == 422


def test_bad_requests_on_a_game_page_change_nothing(make_user, client_for, new_game):
    me = make_user()
    g = new_game(make_user(), 3)
    c = client_for(me)
    assert c.get("/lobby/games/999999/").status_code == 404
    assert c.get("/api/lobby/games/999999").status_code == 404
    r = c.post(f"/lobby/games/{g.pk}/join/", {"seat": "first"})
    assert r.status_code == 400 and "choose a seat by its number" in r.content.decode()
    r = c.post(f"/lobby/games/{g.pk}/join/", {"seat": "1"})
    assert r.status_code == 409 and "seat 1 is not free" in r.content.decode()
    r = post_json(c, f"/api/lobby/games/{g.pk}/join", {"seat": 7})
    assert r.status_code == 409 and r.json()["message"] == "the game has seats 1 to 3 only"
    r = post_json(c, f"/api/lobby/games/{g.pk}/join", {"seat": -1})
    assert r.status_code == 422
    assert g.seats.filter(user=me).count() == 0
    assert c.get(f"/lobby/games/{g.pk}/join/").status_code == 405
