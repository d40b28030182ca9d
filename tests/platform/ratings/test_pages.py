"""What the pages show of the rankings: the rankings page (ranks only, never a score; each
side's average place), the rank on the profile, the Open list's Recommended Game and its
order by closeness of skill, reliability beside every seated player's name, and the JSON API."""
from __future__ import annotations

import itertools
import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tresham.games import registry
from tresham.platform.clock.models import MissedOrder
from tresham.platform.lobby import services as lobby
from tresham.platform.play.models import Game, Seat, Tenure
from tresham.platform.ratings import rankings, services, shown
from tresham.platform.ratings.compute import SeatRecord, initial
from tresham.platform.ratings.models import Rating
from tresham.platform.ratings.simulate import simulate

pytestmark = pytest.mark.django_db

_games = itertools.count(1)
ROW = re.compile(r'<tr><td>(\d+)</td><th scope="row">([^<]+)</th><td>(\d+)</td><td>([^<]+)</td></tr>')
SIDE_ROW = re.compile(r'<tr><th scope="row">([^<]+)</th><td>([\d.]+)</td><td>(\d+)</td></tr>')
GAME_LINK = re.compile(r'<td><a href="/lobby/games/(\d+)/">')


def finished(places: dict, sides: dict | None = None, kind: str = "advciv") -> Game:
    """A finished game of ``places`` (user -> place, 1 = first) rated as a real one is at its
    end; ``sides``: user -> side (default "Side <seat>")."""
    now = timezone.now()
    n = len(places)
    game = Game.objects.create(kind=kind, name=f"Finished {next(_games)}", options={}, players=n,
                               status=Game.Status.FINISHED, seed="t", seed_sha256=Game.hash_seed("t"),
                               started_at=now, finished_at=now)
    seats = []
    for i, (user, place) in enumerate(places.items()):
        Seat.objects.create(game=game, index=i, user=user, status=Seat.Status.PLAYING)
        Tenure.objects.create(game=game, seat=i, user=user, ended_at=now, ended=Tenure.End.FINISHED)
        side = (sides or {}).get(user, f"Side {i + 1}")
        seats.append(SeatRecord(i, place, side, ("person", str(user.pk))))
    services.rate(game, kind, seats)
    return game


def open_game(creator, *others, players: int = 4, name: str | None = None) -> Game:
    g = lobby.create(creator, name=name or f"Open {next(_games)}", options={"players": players},
                     time_limit=24 * 3600, friends=[], bot_seats=[], take_seat_0=True)
    for u in others:
        lobby.join(g.pk, u)
    return g


def rating(user) -> Rating:
    return Rating.objects.get(kind="advciv", subject="person", user=user)


def shown_numbers(r: Rating) -> list[str]:
    return [f"{x:.{d}f}" for x in (r.mu, r.sigma, r.ordinal) for d in (2, 3, 4)] + [repr(r.mu), repr(r.sigma)]


# ---- the rankings page ------------------------------------------------------------------------
@pytest.mark.site("SITE-RANK-01", "SITE-RANK-02")
def test_the_rankings_page_lists_players_in_rank_order_and_never_a_score(make_user):
    a, b, c, d = (make_user(n) for n in ("ann", "bob", "cid", "dan"))
    for _ in range(4):
        finished({a: 1, b: 2, c: 3, d: 4})
    r = Client().get("/rankings/")  # open to everyone
    assert r.status_code == 200
    page = r.content.decode()
    title = registry.get("advciv").title
    assert f"<h2 id=\"kind-advciv\">{title}</h2>" in page
    assert f"<caption>{title}: players in rank order (4 ranked)</caption>" in page
    assert '<th scope="col">Rank</th><th scope="col">Player</th>' in page
    lines = ROW.findall(page)
    assert [(int(rank), name, int(games)) for rank, name, games, _ in lines] == [
        (1, "ann", 4), (2, "bob", 4), (3, "cid", 4), (4, "dan", 4)]
    assert [x.user_id for x in rankings.ranking("advciv")] == [a.pk, b.pk, c.pk, d.pk]
    assert all(words == "plays every turn" for *_, words in lines)
    # only the order: no score, nor the model's words for it
    for u in (a, b, c, d):
        for number in shown_numbers(rating(u)):
            assert number not in page, number
    assert not re.search(r"\b(mu|sigma|ordinal|score)\b", page, re.I)


@pytest.mark.site("SITE-RANK-01")
def test_the_game_list_links_to_the_rankings_at_its_top(make_user, client_for):
    c = client_for(make_user())
    for path in ("/lobby/", "/lobby/open/", "/lobby/completed/"):
        page = c.get(path).content.decode()
        assert '<p class="rankings-link"><a href="/rankings/">Rankings</a></p>' in page
        assert page.index('href="/rankings/"') < page.index('<nav class="tabs"')


@pytest.mark.site("SITE-RANK-01")
def test_the_sides_table_shows_each_sides_average_finishing_place(make_user):
    a, b, c = make_user(), make_user(), make_user()
    sides = ["Babylon", "Egypt", "Crete"]
    for shift, order in enumerate([(a, b, c), (a, c, b), (b, a, c)]):  # sides rotate over the seats
        finished({u: place for place, u in enumerate(order, start=1)},
                 {u: sides[(i + shift) % 3] for i, u in enumerate((a, b, c))})
    page = Client().get("/rankings/").content.decode()
    table = page.split('<table class="sides">')[1].split("</table>")[0]
    assert "each side's average finishing place</caption>" in table
    got = SIDE_ROW.findall(table)
    expected = {r.key: (r.place_sum / r.games, r.games) for r in Rating.objects.filter(subject="side")}
    assert {name for name, *_ in got} == set(sides)
    for name, average, games in got:
        assert (average, int(games)) == (f"{expected[name][0]:.2f}", expected[name][1])
    # best (lowest average place) first
    assert [float(x) for _, x, _ in got] == sorted(float(x) for _, x, _ in got)
    assert sum(expected[n][0] * expected[n][1] for n in sides) == 3 * (1 + 2 + 3)


@pytest.mark.site("SITE-RANK-01", "SITE-RANK-02")
def test_the_rankings_are_paged_and_in_json_without_scores(make_user, monkeypatch):
    simulate(games=30, people=12)
    monkeypatch.setattr(shown, "PER_PAGE", 5)
    ranked = rankings.ranking("advciv")
    assert len(ranked) >= 11
    page = Client().get("/rankings/?kind=advciv&page=2").content.decode()
    lines = ROW.findall(page)
    assert [int(rank) for rank, *_ in lines] == [r.rank for r in ranked[5:10]]
    assert [int(games) for _, _, games, _ in lines] == [r.games for r in ranked[5:10]]
    assert 'href="?kind=advciv&amp;page=1">Previous</a>' in page and "Page 2 of" in page
    body = Client().get("/api/rankings?kind=advciv&page=2").json()
    assert (body["kind"], body["page"], body["total"]) == ("advciv", 2, len(ranked))
    assert [p["rank"] for p in body["players"]] == [r.rank for r in ranked[5:10]]
    assert {k for p in body["players"] for k in p} == {"rank", "username", "name", "games", "reliability", "bot",
                                                     "bot_level"}
    assert body["sides"] and {k for s in body["sides"] for k in s} == {"name", "games", "average_place"}
    text = Client().get("/api/rankings?kind=advciv").content.decode()
    for r in Rating.objects.filter(subject="person")[:5]:
        for number in shown_numbers(r):
            assert number not in text
    assert not re.search(r'"(mu|sigma|ordinal|score)"', text)
    assert Client().get("/api/rankings?kind=no-such-game").status_code == 404


def test_the_rankings_page_without_rated_games(db):
    page = Client().get("/rankings/").content.decode()
    assert "No game has been rated yet" in page


# ---- the profile ------------------------------------------------------------------------------
@pytest.mark.site("SITE-RANK-02")
def test_the_profile_shows_the_rank_and_the_reliability(make_user, client_for):
    a, b, c = make_user(), make_user(), make_user()
    for _ in range(3):
        finished({a: 2, b: 1, c: 3})
    title = registry.get("advciv").title
    page = client_for(a).get("/accounts/me/").content.decode()
    assert f"<li>Rank 2 of 3 in {title}</li>" in page
    assert "Reliability: plays every turn." in page
    for number in shown_numbers(rating(a)):
        assert number not in page
    newcomer = client_for(make_user()).get("/accounts/me/").content.decode()
    assert "Not ranked yet" in newcomer and "Reliability: new player." in newcomer


# ---- the Open list ----------------------------------------------------------------------------
@pytest.fixture
def rated_table(make_user):
    """Rated players: strong s1, s2; the viewer v and s3, who always tie (the same skill);
    weak w1, w2."""
    p = {n: make_user(n) for n in ("s1", "v", "s3", "s2", "w1", "w2")}
    sides = {u: f"Side {n}" for n, u in p.items()}
    for _ in range(5):
        finished({p["s1"]: 1, p["v"]: 2, p["s3"]: 2, p["s2"]: 4, p["w1"]: 5, p["w2"]: 6}, sides)
    return p


def listed(page: str) -> list[int]:
    return [int(x) for x in GAME_LINK.findall(page)]


@pytest.mark.site("SITE-REC-01", "SITE-REC-02")
def test_the_recommended_game_is_the_closest_in_skill_and_the_others_follow_by_closeness(
        rated_table, make_user, client_for):
    p = rated_table
    near = open_game(p["s2"], name="Near")  # oldest
    strong = open_game(p["s1"], name="Strong")
    mid = open_game(make_user("m1"), name="Newcomers")  # no rating: the model's starting skill
    weak = open_game(p["w2"], name="Weak")  # newest
    skill = {u.user_id: u.mu for u in Rating.objects.filter(subject="person")}

    def distance(g: Game, viewer) -> float:
        held = [skill.get(s.user_id, initial().mu) for s in g.seats.filter(user__isnull=False)]
        return abs(sum(held) / len(held) - skill[viewer.pk])

    expected = sorted([weak, mid, strong, near], key=lambda g: distance(g, p["v"]))
    assert [g.pk for g in expected] == [near.pk, mid.pk, strong.pk, weak.pk]  # not newest first
    page = client_for(p["v"]).get("/lobby/open/").content.decode()
    section = page.split('<section class="recommended"')[1].split("</section>")[0]
    assert '<h3 id="recommended-title">Recommended game</h3>' in section
    assert listed(section) == [near.pk]
    # the recommended one once, at the top, then the others by closeness
    assert listed(page) == [near.pk, mid.pk, strong.pk, weak.pk]
    assert "<h3>Other open games, closest in skill first</h3>" in page.split("</section>", 1)[1]
    # the same in JSON
    games = client_for(p["v"]).get("/api/lobby/games?tab=open").json()["games"]
    assert [(g["id"], g["recommended"]) for g in games] == [
        (near.pk, True), (mid.pk, False), (strong.pk, False), (weak.pk, False)]
    # a weaker player gets another recommendation, from his own skill
    w1 = p["w1"]
    mine = sorted([weak, mid, strong, near], key=lambda g: distance(g, w1))
    assert mine[0] == mid
    page = client_for(w1).get("/lobby/open/").content.decode()
    assert listed(page) == [g.pk for g in mine]


@pytest.mark.site("SITE-REC-01")
def test_a_visitor_gets_no_recommendation_and_newest_first(make_user):
    a, b = make_user(), make_user()
    older, newer = open_game(a), open_game(b)
    from tresham.platform.lobby import lists

    first, rest = shown.recommend(AnonymousUser(), lists.open_games(AnonymousUser()))
    assert first is None and [g.pk for g in rest] == [newer.pk, older.pk]


@pytest.mark.site("SITE-REC-01", "SITE-REC-02")
def test_without_ratings_the_open_list_stays_newest_first(make_user, client_for):
    games = [open_game(make_user(), name=f"Plain {i}") for i in range(3)]
    page = client_for(make_user()).get("/lobby/open/").content.decode()
    assert listed(page) == [g.pk for g in reversed(games)]


@pytest.mark.site("SITE-REC-03", "SITE-META-03")
def test_a_game_with_a_player_he_is_blocked_with_is_neither_recommended_nor_listed(
        rated_table, make_user, client_for):
    p = rated_table
    v, s3 = p["v"], p["s3"]
    for i in range(3):  # three unfinished games together: blocked
        open_game(s3, v, name=f"Shared {i}")
    blocked_game = open_game(s3, name="With s3")  # the closest in skill: s3's equals his
    strong = open_game(p["s1"], p["s2"], name="Strong")
    assert rankings.by_closeness(v, [strong, blocked_game])[0] == blocked_game
    page = client_for(v).get("/lobby/open/").content.decode()
    assert "Players you are blocked with" in page
    assert blocked_game.pk not in listed(page) and "With s3" not in page
    section = page.split('<section class="recommended"')[1].split("</section>")[0]
    assert listed(section) == [strong.pk]
    body = client_for(v).get("/api/lobby/games?tab=open").json()
    assert blocked_game.pk not in [g["id"] for g in body["games"]]
    assert body["games"][0]["id"] == strong.pk and body["games"][0]["recommended"]
    # someone else, blocked with nobody, sees it
    assert blocked_game.pk in listed(client_for(p["w1"]).get("/lobby/open/").content.decode())


@pytest.mark.site("SITE-REC-01")
def test_reliability_words_beside_every_seated_players_name(rated_table, make_user, client_for):
    p = rated_table
    g = open_game(p["s1"], p["s2"], p["w1"], players=5, name="Mixed")
    for _ in range(2):
        MissedOrder.objects.create(user=p["s2"], game=g, seat=1, decision="pick")
    quit_game = Game.objects.filter(name__startswith="Finished").first()
    Tenure.objects.create(game=quit_game, seat=9, user=p["w1"], ended=Tenure.End.QUIT, ended_at=timezone.now())
    newcomer = make_user("newbie")
    lobby.join(g.pk, newcomer)
    n = Tenure.objects.filter(user=p["w1"]).values("game_id").distinct().count()
    viewer = make_user("viewer")
    page = client_for(viewer).get("/lobby/open/").content.decode()
    assert 's1 <span class="reliability">(plays every turn)</span>' in page
    assert 's2 <span class="reliability">(misses some deadlines)</span>' in page
    assert f'w1 <span class="reliability">(plays every turn; left 1 of {n} games)</span>' in page
    # his Tenure of the open game counts as a game he holds a seat in
    assert 'newbie <span class="reliability">(plays every turn)</span>' in page
    assert '(open seat) <span class="reliability">' not in page
    (row,) = client_for(viewer).get("/api/lobby/games?tab=open").json()["games"]
    assert [s["reliability"] for s in row["seats"]] == [
        "plays every turn", "misses some deadlines", f"plays every turn; left 1 of {n} games",
        "plays every turn", None]
    rankings = Client().get("/rankings/").content.decode()
    assert "<td>misses some deadlines</td>" in rankings


@pytest.mark.site("SITE-REC-01")
def test_the_open_list_takes_as_many_queries_for_30_games_as_for_3(rated_table, make_user, client_for):
    p = rated_table
    c = client_for(p["v"])

    def count(path: str) -> int:
        with CaptureQueriesContext(connection) as ctx:
            assert c.get(path).status_code == 200
        return len(ctx.captured_queries)

    for _ in range(3):
        open_game(make_user(), make_user())
    small = {path: count(path) for path in ("/lobby/open/", "/api/lobby/games?tab=open", "/rankings/")}
    for _ in range(27):
        open_game(make_user(), make_user())
    for path, n in small.items():
        assert count(path) <= n, path
