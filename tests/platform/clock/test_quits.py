"""Quitting a game (tresham/platform/clock/absence.py, its "Quit a Game..." page and API): the
list of the games one may quit, the replacement (a friend not in the game), the seat opened
to everyone otherwise (the Open list, the queue), everyone told, and the replacement taking
over the nation exactly as it stands while the quitter is left with an onlooker's view.

Everything a player does here goes through HTTP with the CSRF checks on (a browser's forms,
the API's X-CSRFToken header); the site's clock is set to concrete moments (``wall``)."""
from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.test import Client

from tests.platform.clock.wallclock import HOUR, seat_game, wall  # noqa: F401 -- the fixture
from tests.platform.conftest import post_json
from tresham.platform.accounts import friends
from tresham.platform.clock import absence
from tresham.platform.clock.models import Due, MissedOrder, StandingOrder
from tresham.platform.lobby import queue
from tresham.platform.lobby import services as lobby
from tresham.platform.mail.models import Outbox
from tresham.platform.play import services
from tresham.platform.play.models import EventRecord, Game, LogEntry, Seat, Tenure
from tests.helpers import bot_order

pytestmark = pytest.mark.django_db(transaction=True)


# ---- a browser with the CSRF checks on ---------------------------------------------------------
class Browser:
    """A logged-in person's browser: Django's test client with the CSRF checks enforced, the
    tokens taken where a browser or an API client takes them."""

    def __init__(self, user=None) -> None:
        self.c = Client(enforce_csrf_checks=True)
        if user is not None:
            self.c.force_login(user)

    def get(self, path: str):
        return self.c.get(path)

    def api_get(self, path: str) -> dict:
        r = self.c.get(path)
        assert r.status_code == 200, r.content
        return r.json()

    def api_post(self, path: str, body: dict):
        token = self.c.get("/api/accounts/csrf").json()["csrf_token"]
        return post_json(self.c, path, body, HTTP_X_CSRFTOKEN=token)

    def form_post(self, page: str, action: str, data: dict):
        """Submit a form of ``page`` to ``action`` with the page's CSRF token."""
        html = self.c.get(page).content.decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
        return self.c.post(action, {**data, "csrfmiddlewaretoken": token})


def befriend(a, b) -> None:
    """a asks, b accepts: mutual friends (SITE-ACCT-04)."""
    friends.send_request(a, b)
    friends.accept(b, a)


def snapshot(game: Game) -> dict:
    """Everything a quit changes: seats, tenures, history, log, mails, deadlines, standing orders."""
    game.refresh_from_db()
    return {
        "revision": game.revision, "status": game.status,
        "seats": list(game.seats.order_by("index").values_list("index", "user_id", "status", "missed_in_a_row",
                                                               "vacant_since")),
        "tenures": list(Tenure.objects.filter(game=game).order_by("pk").values_list("pk", "user_id", "ended_at",
                                                                                  "ended")),
        "events": list(EventRecord.objects.filter(game=game).order_by("pk").values_list("pk", "text")),
        "log": LogEntry.objects.filter(game=game).count(),
        "mails": list(Outbox.objects.order_by("pk").values_list("pk", "kind", "user_id")),
        "due": list(Due.objects.filter(game=game).order_by("key").values_list("key", "seat", "due_at")),
        "standing": list(StandingOrder.objects.filter(game=game).values_list("seat", "user_id", "kind")),
    }


def open_game(make_user, players: int = 3, *, users: list) -> Game:
    """A game still waiting for players, the given users seated in it."""
    game = services.create_game("advciv", {"players": players}, name="Waiting game", time_limit=24 * HOUR,
                                seed="quit-open")
    for u in users:
        lobby.join(game.pk, u)
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN
    return game


def _quit_actions(html: str) -> set[int]:
    return {int(x) for x in re.findall(r'action="/quit/(\d+)/"', html)}


# ---- SITE-QUIT-01: the list ------------------------------------------------------------------------
@pytest.mark.site("SITE-QUIT-01", "SITE-LIST-07")
def test_the_quit_page_and_api_list_every_unfinished_game_of_his_and_no_other(make_user, wall):
    alice, bob = make_user("alice"), make_user("bob")
    playing = seat_game(make_user, 3, users=[None, alice], seed="quit-list-1")  # being played, seat 2
    waiting = open_game(make_user, 3, users=[make_user(), alice])  # waiting for players, seat 2
    done = seat_game(make_user, 2, users=[alice], seed="quit-list-2", turn_limit=1)
    done.play_on(wall, lambda s: s.finished)
    assert done.game.status == Game.Status.FINISHED
    others = seat_game(make_user, 3, users=[bob], seed="quit-list-3")  # a game without her
    left = seat_game(make_user, 3, users=[alice], seed="quit-list-4")  # a game she quit already
    absence.quit_game(left.game.pk, alice)
    assert Seat.objects.get(game=left.game, index=0).user is None

    me = Browser(alice)
    # the game list's button leads to the page
    assert '<a class="button" href="/quit/">Quit a Game...</a>' in me.get("/lobby/").content.decode()
    # the API: the game being played first, then the one waiting for players
    body = me.api_get("/api/quit")
    assert [(g["game_id"], g["status"], g["seat"]) for g in body["games"]] == [
        (playing.game.pk, "active", 1), (waiting.pk, "open", 1)]
    assert body["games"][0]["stage"] == playing.game.stage and body["games"][1]["name"] == "Waiting game"
    # the page: one Quit form per such game, none for the others
    r = me.get("/quit/")
    assert r.status_code == 200
    html = r.content.decode()
    assert _quit_actions(html) == {playing.game.pk, waiting.pk}
    assert "Replacement User" in html and "<button type=\"submit\">Quit</button>" in html
    assert "waiting for players · your seat: 2" in html
    # the same from the function the page and the API share
    assert [s.game_id for s in absence.quittable(alice)] == [playing.game.pk, waiting.pk]

    # bob's list is his game only; someone in no game is told so
    assert [g["game_id"] for g in Browser(bob).api_get("/api/quit")["games"]] == [others.game.pk]
    nobody = Browser(make_user("nobody"))
    assert nobody.api_get("/api/quit") == {"games": []}
    assert "You play in no unfinished game." in nobody.get("/quit/").content.decode()
    # the page and the API are for logged-in users only
    assert Client().get("/quit/").status_code == 302
    assert Client().get("/api/quit").status_code == 401

    # the finished game, the game without her and the one she left cannot be quit: refused
    for game, status, code in ((done.game, 409, "game_over"), (others.game, 403, "not_your_seat"),
                               (left.game, 403, "not_your_seat")):
        before = snapshot(game)
        r = me.api_post(f"/api/games/{game.pk}/quit", {"replacement": None})
        assert (r.status_code, r.json()["error"]) == (status, code), r.content
        assert snapshot(game) == before
    # a game that does not exist, or a path that names none: the API's JSON errors, not a page
    for path, status, code in (("/api/games/999999/quit", 404, "not_found"), ("/api/games/-1/quit", 404, "not_found"),
                               ("/api/games/x/quit", 422, "bad_request")):
        r = me.api_post(path, {})
        assert (r.status_code, r["Content-Type"]) == (status, "application/json; charset=utf-8"), path
        assert r.json()["error"] == code and r.json()["message"]
    # a replacement's name with a NUL or another control character is nobody's (PostgreSQL cannot
    # even look such a text up): refused, nothing changed
    before = snapshot(playing.game)
    for name in ("bob\u0000", "\u0007"):
        r = me.api_post(f"/api/games/{playing.game.pk}/quit", {"replacement": name})
        assert (r.status_code, r.json()["error"]) == (400, "bad_replacement"), r.content
    assert snapshot(playing.game) == before


@pytest.mark.site("SITE-QUIT-01", "SITE-QUIT-04")
def test_leaving_a_game_still_waiting_for_players_frees_his_seat_and_keeps_no_tenure(make_user, wall):
    alice, bob = make_user("alice"), make_user("bob")
    game = open_game(make_user, 3, users=[bob, alice])
    r = Browser(alice).api_post(f"/api/games/{game.pk}/quit", {})
    assert r.status_code == 200, r.content
    assert (r.json()["seat"], r.json()["replacement"]) == (1, None)
    seat = Seat.objects.get(game=game, index=1)
    assert (seat.user, seat.status, seat.joined_at) == (None, Seat.Status.OPEN, None)
    assert not Tenure.objects.filter(game=game, user=alice).exists()
    assert Tenure.objects.filter(game=game, user=bob).exists()
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN
    assert absence.quittable(alice) == []
    # bob, still seated, is told
    assert set(Outbox.objects.filter(kind="quit", game=game).values_list("user_id", flat=True)) == {bob.pk}


# ---- SITE-QUIT-02: the replacement ---------------------------------------------------------------
@dataclass
class Cast:
    t: object  # the Table
    alice: object  # the quitter, seat 1
    dan: object  # a friend already in the game, seat 0
    frank: object  # a friend free to take over
    eve: object  # a friend who is suspended
    bob: object  # not a friend
    carol: object  # asked, never accepted


@pytest.fixture
def cast(make_user, wall) -> Cast:
    from django.utils import timezone
    import datetime as dt

    alice, dan, frank, eve = make_user("alice"), make_user("dan"), make_user("frank"), make_user("eve")
    bob, carol = make_user("bob"), make_user("carol")
    t = seat_game(make_user, 3, users=[dan, alice], seed="quit-replace")
    for f in (dan, frank, eve):
        befriend(alice, f)
    friends.send_request(alice, carol)  # waits for carol's answer: not a friend yet
    eve.profile.suspended_until = timezone.now() + dt.timedelta(days=7)
    eve.profile.save()
    return Cast(t, alice, dan, frank, eve, bob, carol)


@pytest.mark.site("SITE-QUIT-02", "SITE-ACCT-04")
def test_the_replacement_drop_down_offers_his_friends_not_in_the_game(cast):
    c = cast
    me = Browser(c.alice)
    (row,) = me.api_get("/api/quit")["games"]
    assert [(x["username"], x["problem"]) for x in row["replacements"]] == [
        ("eve", "cannot take a seat now"), ("frank", None)]  # dan plays in it; bob and carol are no friends
    html = me.get("/quit/").content.decode()
    select = html[html.index(f'id="replacement-{c.t.game.pk}"'):html.index("</select>")]
    options = re.findall(r'<option value="(\d*)"( disabled)?>([^<]*)</option>', select)
    assert options == [("", "", "No replacement: the seat is open to everyone"),
                       (str(c.eve.pk), " disabled", "eve (cannot take a seat now)"),
                       (str(c.frank.pk), "", "frank")]


@pytest.mark.site("SITE-QUIT-02")
@pytest.mark.parametrize("who,status,code,says", [
    ("bob", 400, "bad_replacement", "bob is not your friend: a replacement must be one of your friends"),
    ("carol", 400, "bad_replacement", "carol is not your friend"),
    ("alice", 400, "bad_replacement", "you cannot be your own replacement"),
    ("eve", 400, "bad_replacement", "eve cannot take a seat now"),
    ("dan", 409, "cannot_join", "dan already has a seat in this game"),
    ("nosuchuser", 400, "bad_replacement", "no user is called 'nosuchuser'"),
])
def test_a_replacement_who_is_no_friend_or_already_plays_is_refused_over_the_api(cast, who, status, code, says):
    c = cast
    before = snapshot(c.t.game)
    r = Browser(c.alice).api_post(f"/api/games/{c.t.game.pk}/quit", {"replacement": who})
    assert (r.status_code, r.json()["error"]) == (status, code), r.content
    assert says in r.json()["message"]
    assert snapshot(c.t.game) == before  # seat, tenure, history, mails, deadlines: unchanged


@pytest.mark.site("SITE-QUIT-02")
@pytest.mark.parametrize("who,says", [
    ("bob", "bob is not your friend"),
    ("dan", "dan already has a seat in this game"),
    ("eve", "eve cannot take a seat now"),
])
def test_the_quit_form_refuses_the_same_replacements_on_the_page(cast, who, says):
    c = cast
    before = snapshot(c.t.game)
    user = {"bob": c.bob, "dan": c.dan, "eve": c.eve}[who]
    r = Browser(c.alice).form_post("/quit/", f"/quit/{c.t.game.pk}/", {"replacement": str(user.pk), "confirm": "on"})
    assert r.status_code in (400, 409), r.status_code
    page = r.content.decode()
    assert says in page and 'role="alert"' in page
    assert snapshot(c.t.game) == before


@pytest.mark.site("SITE-QUIT-02", "SITE-QUIT-04")
def test_the_quit_form_needs_the_confirmation_a_known_user_and_its_csrf_token(cast):
    c = cast
    game = c.t.game
    before = snapshot(game)
    me = Browser(c.alice)
    r = me.form_post("/quit/", f"/quit/{game.pk}/", {"replacement": ""})  # the box not ticked
    assert r.status_code == 400 and "tick the box to confirm that you quit this game" in r.content.decode()
    r = me.form_post("/quit/", f"/quit/{game.pk}/", {"replacement": "999999", "confirm": "on"})
    assert r.status_code == 400 and "choose a replacement from the list" in r.content.decode()
    r = me.form_post("/quit/", f"/quit/{game.pk}/", {"replacement": "frank", "confirm": "on"})
    assert r.status_code == 400 and "choose a replacement from the list" in r.content.decode()
    assert me.c.post(f"/quit/{game.pk}/", {"replacement": "", "confirm": "on"}).status_code == 403  # no token
    r = post_json(me.c, f"/api/games/{game.pk}/quit", {"replacement": None})  # no X-CSRFToken
    assert r.status_code == 403 and r.json()["error"] == "csrf_failed"
    assert me.c.get(f"/quit/{game.pk}/").status_code == 405
    assert snapshot(game) == before


@pytest.mark.site("SITE-QUIT-02", "SITE-QUIT-04")
def test_a_friend_named_on_the_page_takes_the_seat_and_the_quitter_is_done_with_it(cast):
    c = cast
    game = c.t.game
    me = Browser(c.alice)
    r = me.form_post("/quit/", f"/quit/{game.pk}/", {"replacement": str(c.frank.pk), "confirm": "on"})
    assert (r.status_code, r["Location"]) == (302, "/quit/")
    seat = Seat.objects.get(game=game, index=1)
    assert (seat.user, seat.status) == (c.frank, Seat.Status.PLAYING)
    assert Tenure.objects.get(game=game, user=c.alice).ended == Tenure.End.QUIT
    new = Tenure.objects.get(game=game, user=c.frank)
    assert new.replacement is True and new.ended_at is None
    page = me.get("/quit/").content.decode()
    assert f"You left {game.name}: frank takes over your seat." in page
    assert _quit_actions(page) == set()
    assert [g["game_id"] for g in Browser(c.frank).api_get("/api/quit")["games"]] == [game.pk]


@pytest.mark.site("SITE-QUIT-02", "SITE-META-02")
def test_a_friend_at_the_same_opponent_limit_with_a_player_is_not_offered_nor_accepted(make_user, wall):
    alice, dan, frank = make_user("alice"), make_user("dan"), make_user("frank")
    befriend(alice, frank)
    t = seat_game(make_user, 3, users=[dan, alice], seed="quit-meta")
    for i in range(3):  # frank already shares 3 unfinished games with dan
        seat_game(make_user, 3, users=[dan, frank], seed=f"quit-meta-{i}")
    (row,) = [g for g in Browser(alice).api_get("/api/quit")["games"] if g["game_id"] == t.game.pk]
    assert row["replacements"] == [{"username": "frank", "name": "frank",
                                    "problem": "already plays 3 unfinished games with one of its players"}]
    before = snapshot(t.game)
    r = Browser(alice).api_post(f"/api/games/{t.game.pk}/quit", {"replacement": "frank"})
    assert (r.status_code, r.json()["error"]) == (409, "same_opponent_limit"), r.content
    assert snapshot(t.game) == before


# ---- SITE-QUIT-03: no replacement ------------------------------------------------------------------
@pytest.mark.site("SITE-QUIT-03", "SITE-LIST-03")
def test_without_a_replacement_the_seat_is_in_the_open_list_for_everyone(make_user, wall):
    alice, stranger = make_user("alice"), make_user("stranger")
    t = seat_game(make_user, 3, users=[None, alice], seed="quit-open-list")
    other = Browser(stranger)
    assert t.game.pk not in [g["id"] for g in other.api_get("/api/lobby/games?tab=open")["games"]]

    r = Browser(alice).api_post(f"/api/games/{t.game.pk}/quit", {"replacement": None})
    assert r.status_code == 200, r.content
    assert (r.json()["game_id"], r.json()["seat"], r.json()["replacement"]) == (t.game.pk, 1, None)
    seat = Seat.objects.get(game=t.game, index=1)
    assert (seat.user, seat.status, seat.vacant_since) == (None, Seat.Status.OPEN, wall())
    # the Open tab of anyone, page and API
    (row,) = [g for g in other.api_get("/api/lobby/games?tab=open")["games"] if g["id"] == t.game.pk]
    assert row["replacement"] is True and row["status"] == "active"
    assert [s["open"] for s in row["seats"]] == [False, True, False]
    page = other.get("/lobby/open/").content.decode()
    assert f'{t.game.name}</a> (a seat awaits a replacement)' in page
    # and she can come back only as anyone else would: the seat is free
    detail = other.api_get(f"/api/lobby/games/{t.game.pk}")
    assert detail["can_join"] is True
    # whoever joins from the Open list takes the seat as it stands
    r = other.api_post(f"/api/lobby/games/{t.game.pk}/join", {})
    assert r.status_code == 201, r.content
    assert Seat.objects.get(game=t.game, index=1).user == stranger
    assert Tenure.objects.get(game=t.game, user=stranger).replacement is True


@pytest.mark.site("SITE-QUIT-03", "SITE-QUEUE-03")
def test_a_queued_player_who_joins_games_in_progress_takes_the_open_seat(make_user, wall):
    alice = make_user("alice")
    t = seat_game(make_user, 3, users=[None, alice], seed="quit-queue")
    # in the queue before the quit: one for new games only (first in line), one for games in progress
    new_only, in_progress = make_user("new_only"), make_user("in_progress")
    queue.enqueue(new_only, min_time_limit=HOUR, max_time_limit=7 * 24 * HOUR, join_new=True,
                  join_in_progress=False)
    r = Browser(in_progress).api_post("/api/lobby/queue", {"min_time_limit": HOUR, "max_time_limit": 7 * 24 * HOUR,
                                                          "join_new": False, "join_in_progress": True})
    assert r.status_code == 200 and r.json()["entry"]["waiting"] is True, r.content

    r = Browser(alice).api_post(f"/api/games/{t.game.pk}/quit", {})
    assert r.status_code == 200, r.content
    seat = Seat.objects.get(game=t.game, index=1)
    assert (seat.user, seat.status) == (in_progress, Seat.Status.PLAYING)
    assert Tenure.objects.get(game=t.game, user=in_progress).replacement is True
    assert Browser(in_progress).api_get("/api/lobby/queue")["entry"] is None  # placed: out of the queue
    assert queue.waiting_entry(new_only) is not None and not t.game.seats.filter(user=new_only).exists()
    # the game is no longer in the Open list
    assert t.game.pk not in [g["id"] for g in Browser(new_only).api_get("/api/lobby/games?tab=open")["games"]]


@pytest.mark.site("SITE-QUIT-03", "SITE-QUEUE-03")
def test_a_player_entering_the_queue_later_is_seated_in_the_waiting_seat_at_once(make_user, wall):
    alice, late = make_user("alice"), make_user("late")
    t = seat_game(make_user, 3, users=[None, alice], seed="quit-queue-later")
    assert Browser(alice).api_post(f"/api/games/{t.game.pk}/quit", {}).status_code == 200
    assert Seat.objects.get(game=t.game, index=1).user is None  # nobody was queued
    # a time limit outside his range does not fit: he stays queued
    picky = make_user("picky")
    queue.enqueue(picky, min_time_limit=48 * HOUR, max_time_limit=7 * 24 * HOUR, join_new=False,
                  join_in_progress=True)
    assert Seat.objects.get(game=t.game, index=1).user is None
    r = Browser(late).api_post("/api/lobby/queue", {"min_time_limit": 12 * HOUR, "max_time_limit": 72 * HOUR,
                                                   "join_new": False, "join_in_progress": True})
    assert r.status_code == 200, r.content
    assert r.json()["entry"]["game_id"] == t.game.pk
    assert Seat.objects.get(game=t.game, index=1).user == late


# ---- SITE-QUIT-04: everyone is told ------------------------------------------------------------------
@pytest.mark.site("SITE-QUIT-04", "SITE-EMAIL-04")
def test_quitting_tells_every_player_in_the_history_and_by_mail(make_user, wall):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    t = seat_game(make_user, 3, users=[bob, alice, carol], seed="quit-told")
    t.act(t.owed()[0])  # the first pick: the quit comes after an order (the API's history skips order 0's events)
    mails = Outbox.objects.count()
    me = Browser(alice)
    r = me.form_post("/quit/", f"/quit/{t.game.pk}/", {"replacement": "", "confirm": "on"})
    assert r.status_code == 302
    assert f"You left {t.game.name}: your seat is open to every player." in me.get("/quit/").content.decode()
    # the history: one public line, which every player reads (an onlooker too, once the nations
    # are picked: before, he sees nothing of the game, SITE-SAFE-04)
    (event,) = EventRecord.objects.filter(game=t.game, kind="seat_opened")
    assert event.text == "alice quits the game; the seat awaits a replacement." and event.to is None
    for viewer in (Browser(bob), Browser(carol)):
        texts = [e["text"] for e in viewer.api_get(f"/api/games/{t.game.pk}/history")]
        assert texts.count("alice quits the game; the seat awaits a replacement.") == 1
    assert Browser().api_get(f"/api/games/{t.game.pk}/history") == []
    page = Browser(bob).get(f"/games/{t.game.pk}/").content.decode()
    assert "alice quits the game; the seat awaits a replacement." in page
    # a mail to each other player, one each, none to her
    quits = Outbox.objects.filter(kind="quit", game=t.game)
    assert sorted(quits.values_list("user_id", flat=True)) == sorted([bob.pk, carol.pk])
    assert Outbox.objects.count() == mails + 2
    for m in quits:
        assert "alice quit" in m.subject and "alice quit" in m.body


@pytest.mark.site("SITE-QUIT-04", "SITE-QUIT-02")
def test_a_quit_naming_a_friend_tells_the_others_and_the_friend(make_user, wall):
    alice, bob, carol, frank = make_user("alice"), make_user("bob"), make_user("carol"), make_user("frank")
    befriend(alice, frank)
    t = seat_game(make_user, 3, users=[bob, alice, carol], seed="quit-told-2")
    r = Browser(alice).api_post(f"/api/games/{t.game.pk}/quit", {"replacement": "frank"})
    assert r.status_code == 200 and r.json()["replacement"] == "frank", r.content
    (event,) = EventRecord.objects.filter(game=t.game, kind="seat_opened")
    assert event.text == "alice quits the game; frank takes over."
    assert sorted(Outbox.objects.filter(kind="quit", game=t.game).values_list("user_id", flat=True)) == sorted(
        [bob.pk, carol.pk, frank.pk])


# ---- SITE-QUIT-05: the civilization as it stands ----------------------------------------------------
def _holding_cards(t, seat: int):
    def done(state) -> bool:
        p = state.players[seat]
        return state.turn >= 2 and len(p.hand) >= 2 and seat in t.owed()
    return done


@pytest.mark.site("SITE-QUIT-05", "SITE-QUIT-02")
def test_the_replacement_sees_exactly_what_the_quitter_saw_and_the_quitter_only_what_an_onlooker_sees(make_user, wall):
    alice, frank, bob = make_user("alice"), make_user("frank"), make_user("bob")
    befriend(alice, frank)
    t = seat_game(make_user, 3, users=[bob, alice], seed="quit-takeover")
    t.play_on(wall, _holding_cards(t, 1))
    her, his, anyone = Browser(alice), Browser(frank), Browser()

    before = her.api_get(f"/api/games/{t.game.pk}")
    mine = before["view"]["players"][1]
    state = t.state()
    # her own view: the secret hand and everything else of hers, as the rules hold it
    assert sorted(mine["hand"]) == sorted(state.players[1].hand) and len(mine["hand"]) >= 2
    for k in ("treasury", "stock", "civ_cards", "ast", "census", "cities", "ships"):
        assert k in mine
    assert before["your_seat"] == 1 and before["order_types"]
    onlooker = anyone.api_get(f"/api/games/{t.game.pk}")
    assert "hand" not in onlooker["view"]["players"][1] and onlooker["your_seat"] is None
    assert onlooker["view"] != before["view"]

    r = her.api_post(f"/api/games/{t.game.pk}/quit", {"replacement": "frank"})
    assert r.status_code == 200 and r.json()["replacement"] == "frank", r.content

    after = his.api_get(f"/api/games/{t.game.pk}")
    # the nation exactly as it stood: hand, treasury, tokens, cards, A.S.T., the decisions owed
    assert after["view"] == before["view"]
    assert after["view"]["players"][1] == mine
    for k in ("your_seat", "order_types", "revision", "stage", "summary"):
        assert after[k] == before[k], k
    assert after["seats"][1]["you"] is True and after["seats"][1]["name"] == "frank"
    # his game page shows her hand as his own
    page = his.get(f"/games/{t.game.pk}/").content.decode()
    hand_html = page[page.index('id="hand"'):page.index("</section>", page.index('id="hand"'))]
    assert sorted(re.findall(r"<li>([^<]+)</li>", hand_html)) == sorted(t.rules.hand(before["view"]))
    assert [c.lower() for c in sorted(t.rules.hand(before["view"]))] == sorted(mine["hand"])

    # she sees now what an onlooker sees, no more: no hand, no seat, no private history
    now = her.api_get(f"/api/games/{t.game.pk}")
    assert now["your_seat"] is None and now["order_types"] == []
    assert "hand" not in now["view"]["players"][1]
    assert now["view"] == anyone.api_get(f"/api/games/{t.game.pk}")["view"]
    assert her.api_get(f"/api/games/{t.game.pk}/history") == anyone.api_get(f"/api/games/{t.game.pk}/history")
    her_page = her.get(f"/games/{t.game.pk}/").content.decode()
    assert 'id="hand"' not in her_page and 'id="decisions"' not in her_page
    # the seat's decisions are his to give now, not hers
    order = bot_order(t.rules, t.state(), 1, "takeover")
    assert not t.rules.is_site_order(order)
    r = her.api_post(f"/api/games/{t.game.pk}/orders", {"order": order})
    assert r.status_code == 403 and r.json()["error"] == "not_your_seat"
    r = his.api_post(f"/api/games/{t.game.pk}/orders", {"order": order})
    assert r.status_code == 201, r.content
    entry = LogEntry.objects.filter(game=t.game).order_by("-seq").first()
    assert (entry.seat, entry.account) == (1, frank)
