"""The player queue (SITE-QUEUE-01..08): time-limit range, new games and games in progress,
placement at once or when a game is created, the game filling up and starting."""
from __future__ import annotations

import re

import pytest

from tests.platform.conftest import post_json
from tresham.platform.lobby import queue, seats, services, signals
from tresham.platform.lobby.models import PickOrder, QueueEntry
from tresham.platform.play.models import Game, Seat

from .conftest import DAY, HOUR, vacate

pytestmark = pytest.mark.django_db


def seated(game) -> dict[int, str]:
    return {s.index: s.user.username for s in game.seats.select_related("user").filter(user__isnull=False)}


@pytest.mark.site("SITE-QUEUE-01", "SITE-QUEUE-06")
def test_a_player_queued_for_12_to_48_hours_is_placed_in_the_24_hour_game_not_the_72_hour_one(make_user, new_game):
    slow = new_game(make_user("slow"), 3, time_limit=72 * HOUR, name="Slow")
    fast = new_game(make_user("fast"), 3, time_limit=24 * HOUR, name="Fast")
    q = make_user("q")
    entry = queue.enqueue(q, min_time_limit=12 * HOUR, max_time_limit=48 * HOUR)
    assert entry.game_id == fast.pk and not entry.waiting
    assert seated(fast) == {0: "fast", 1: "q"}
    assert seated(slow) == {0: "slow"}


@pytest.mark.site("SITE-QUEUE-01")
def test_the_range_is_inclusive_and_untimed_games_need_no_time_limit_as_maximum(make_user, new_game):
    games = {tl: new_game(make_user(), 2, time_limit=tl, name=f"tl {tl}") for tl in (8 * HOUR, 12 * HOUR, 48 * HOUR, 3 * DAY, None)}
    a, b, c = make_user(), make_user(), make_user()
    assert queue.enqueue(a, min_time_limit=12 * HOUR, max_time_limit=48 * HOUR).game_id in \
        (games[12 * HOUR].pk, games[48 * HOUR].pk)
    assert queue.enqueue(b, min_time_limit=12 * HOUR, max_time_limit=48 * HOUR).game_id in \
        (games[12 * HOUR].pk, games[48 * HOUR].pk)
    # the 12 h and 48 h games are full now; 8 h, 72 h and untimed are outside the range
    d = make_user()
    assert queue.enqueue(d, min_time_limit=12 * HOUR, max_time_limit=48 * HOUR).game_id is None
    assert queue.enqueue(c, min_time_limit=7 * DAY, max_time_limit=None).game_id == games[None].pk
    e = make_user()
    assert queue.enqueue(e, min_time_limit=None, max_time_limit=None).game_id is None  # only untimed: none left
    for tl in (8 * HOUR, 3 * DAY):
        assert games[tl].seats.filter(user__isnull=False).count() == 1


@pytest.mark.site("SITE-QUEUE-02")
def test_queued_players_are_put_into_a_new_game_that_fits_longest_waiting_first(make_user, new_game):
    first, second, third, picky = make_user("first"), make_user("second"), make_user("third"), make_user("picky")
    queue.enqueue(first, min_time_limit=12 * HOUR, max_time_limit=48 * HOUR)
    queue.enqueue(picky, min_time_limit=3 * DAY, max_time_limit=7 * DAY)
    queue.enqueue(second, min_time_limit=HOUR, max_time_limit=None)
    queue.enqueue(third, min_time_limit=24 * HOUR, max_time_limit=24 * HOUR)
    g = new_game(make_user("creator"), 3, time_limit=24 * HOUR)
    assert seated(g) == {0: "creator", 1: "first", 2: "second"}
    assert g.status == Game.Status.ACTIVE
    assert queue.waiting_entry(third) is not None and queue.waiting_entry(picky) is not None
    assert QueueEntry.objects.get(user=first).game_id == g.pk
    g2 = new_game(make_user("creator2"), 2, time_limit=24 * HOUR)
    assert seated(g2) == {0: "creator2", 1: "third"}


@pytest.mark.site("SITE-QUEUE-02", "SITE-QUEUE-03")
def test_join_new_games_is_on_and_join_games_in_progress_off_by_default(make_user, client_for):
    u = make_user()
    c = client_for(u)
    assert post_json(c, "/api/lobby/queue", {}).status_code == 200
    e = QueueEntry.objects.get(user=u)
    assert (e.join_new, e.join_in_progress) == (True, False)
    assert (e.min_time_limit, e.max_time_limit) == (12 * HOUR, 3 * DAY)


@pytest.mark.site("SITE-QUEUE-02")
def test_a_player_who_refuses_new_games_is_not_put_into_one(make_user, new_game):
    only_running = make_user()
    queue.enqueue(only_running, min_time_limit=HOUR, max_time_limit=None, join_new=False, join_in_progress=True)
    g = new_game(make_user(), 2)
    assert seated(g) == {0: g.creator.username}
    assert queue.waiting_entry(only_running) is not None


@pytest.mark.site("SITE-QUEUE-03")
def test_with_games_in_progress_on_he_takes_a_running_games_open_seat(make_user, new_game):
    a, b = make_user("a"), make_user("b")
    g = new_game(a, 2)
    services.join(g.pk, b)
    vacate(g, 1)
    no = make_user("no")
    assert queue.enqueue(no, min_time_limit=HOUR, max_time_limit=None).game_id is None
    yes = make_user("yes")
    entry = queue.enqueue(yes, min_time_limit=HOUR, max_time_limit=None, join_in_progress=True)
    assert entry.game_id == g.pk
    assert seated(g) == {0: "a", 1: "yes"}


@pytest.mark.site("SITE-QUEUE-03")
def test_a_seat_that_opens_later_is_filled_from_the_queue(make_user, new_game, django_capture_on_commit_callbacks):
    a, b = make_user("a"), make_user("b")
    g = new_game(a, 2)
    services.join(g.pk, b)
    waiting_new = make_user("new-only")
    queue.enqueue(waiting_new, min_time_limit=HOUR, max_time_limit=None)
    repl = make_user("repl")
    queue.enqueue(repl, min_time_limit=12 * HOUR, max_time_limit=48 * HOUR, join_in_progress=True)
    vacate(g, 0)  # b's opponent quits: the later issue calls fill_from_queue here
    joined = []
    signals.player_joined.connect(lambda sender, **kw: joined.append((kw["seat"], kw["user"].username, kw["via"])),
                                  weak=False, dispatch_uid="test-joined")
    try:
        with django_capture_on_commit_callbacks(execute=True):
            filled = queue.fill_from_queue(g.pk)
    finally:
        signals.player_joined.disconnect(dispatch_uid="test-joined")
    assert [s.index for s in filled] == [0]
    assert seated(g) == {0: "repl", 1: "b"}
    assert joined == [(0, "repl", "queue")]
    assert queue.waiting_entry(waiting_new) is not None


@pytest.mark.site("SITE-QUEUE-04")
def test_add_me_to_the_player_queue_enters_it_with_the_chosen_settings(make_user, client_for):
    u = make_user()
    c = client_for(u)
    r = c.post("/lobby/queue/", {"min_time_limit": str(12 * HOUR), "max_time_limit": str(2 * DAY),
                                 "join_new": "on", "join_in_progress": "on"})
    assert r.status_code == 302 and r["Location"] == "/lobby/"
    e = queue.waiting_entry(u)
    assert (e.min_time_limit, e.max_time_limit, e.join_new, e.join_in_progress) == (12 * HOUR, 2 * DAY, True, True)
    page = c.get("/lobby/").content.decode()
    assert "You are in the player queue: you will be placed in the next game that fits." in page
    assert "You are in the queue, accepting 12 hours to 48 hours, new games, games in progress." in page
    assert re.search(r'<option value="172800" selected>48 hours</option>', page)
    # pressing again changes the waiting entry: still one
    c.post("/lobby/queue/", {"min_time_limit": str(HOUR), "max_time_limit": "none", "join_new": "on"})
    assert QueueEntry.objects.filter(user=u).count() == 1
    e = queue.waiting_entry(u)
    assert (e.min_time_limit, e.max_time_limit, e.join_in_progress) == (HOUR, None, False)
    assert post_json(c, "/api/lobby/queue", {}).json()["entry"]["waiting"] is True
    # leaving
    r = c.post("/lobby/queue/leave/")
    assert r.status_code == 302 and queue.waiting_entry(u) is None
    assert c.get("/api/lobby/queue").json()["entry"] is None
    assert c.delete("/api/lobby/queue").json() == {"left": False}


@pytest.mark.site("SITE-QUEUE-04")
def test_a_bad_queue_request_is_refused_and_changes_nothing(make_user, client_for):
    u = make_user()
    c = client_for(u)
    r = c.post("/lobby/queue/", {"min_time_limit": str(2 * DAY), "max_time_limit": str(12 * HOUR), "join_new": "on"})
    assert r.status_code == 400
    assert "the minimum time limit (48 hours) is longer than the maximum (12 hours)" in r.content.decode()
    r = c.post("/lobby/queue/", {"min_time_limit": "5", "max_time_limit": "none", "join_new": "on"})
    assert r.status_code == 400 and "Select a valid choice" in r.content.decode()
    r = c.post("/lobby/queue/", {"min_time_limit": str(HOUR), "max_time_limit": "none"})
    assert r.status_code == 400 and "choose new games, games in progress, or both" in r.content.decode()
    r = post_json(c, "/api/lobby/queue", {"min_time_limit": None, "max_time_limit": 3600})
    assert r.status_code == 400
    assert r.json()["message"] == "the minimum time limit (No time limit) is longer than the maximum (1 hour)"
    r = post_json(c, "/api/lobby/queue", {"min_time_limit": 1000})
    assert r.status_code == 400 and r.json()["message"].startswith("the minimum time limit must be one of")
    assert r.json()["error"] == "bad_request"
    assert not QueueEntry.objects.exists()


@pytest.mark.site("SITE-QUEUE-05", "SITE-PICK-01")
def test_a_queued_game_shows_in_active_with_the_pick_order_number_once_drawn(make_user, client_for, new_game):
    q1, q2 = make_user("q1"), make_user("q2")
    g = new_game(make_user("creator"), 3, time_limit=24 * HOUR)
    queue.enqueue(q1, min_time_limit=HOUR, max_time_limit=DAY)
    c = client_for(q1)
    page = c.get("/lobby/").content.decode()
    assert f'<a href="/lobby/games/{g.pk}/">' in page and "drawn when the game is full" in page
    assert c.get("/api/lobby/games").json()["games"][0]["pick_number"] is None
    queue.enqueue(q2, min_time_limit=HOUR, max_time_limit=DAY)
    g.refresh_from_db()
    assert g.status == Game.Status.ACTIVE
    order = PickOrder.objects.get(game=g).seats
    assert sorted(order) == [0, 1, 2]  # SITE-PICK-01: every seat gets a number 1..3
    # the order is the one the rules drew from the game's seed
    from tresham.platform.play import services as play

    rules = play.rules_of(g)
    assert order == rules.pick_order(rules.new_game(dict(g.options), g.seed))
    mine = order.index(1) + 1
    row = c.get("/api/lobby/games").json()["games"][0]
    assert row["pick_number"] == mine and row["your_seat"] == 1
    assert {s["index"]: s["pick_number"] for s in row["seats"]} == {i: order.index(i) + 1 for i in range(3)}
    page = c.get("/lobby/").content.decode()
    assert re.search(rf"<td>Seat 2</td>\s*<td>{mine}</td>", page)
    assert f"{mine}. <strong>q1</strong>" in page


@pytest.mark.site("SITE-QUEUE-06")
def test_the_queue_prefers_the_game_closest_to_starting(make_user, new_game, befriend):
    creator = make_user()
    emptier = new_game(make_user(), 4, name="One of four")
    pal = make_user()
    befriend(creator, pal)
    fuller = new_game(creator, 4, name="Two of four", friends=[pal])
    assert queue.enqueue(make_user(), min_time_limit=HOUR, max_time_limit=None).game_id == fuller.pk
    assert emptier.seats.filter(user__isnull=False).count() == 1


@pytest.mark.site("SITE-QUEUE-07")
def test_the_full_game_starts_nation_picking_and_tells_the_mail_hooks(make_user, new_game,
                                                                     django_capture_on_commit_callbacks):
    events = []
    signals.player_joined.connect(lambda sender, **kw: events.append(("joined", kw["game"].pk, kw["seat"], kw["via"])),
                                  weak=False, dispatch_uid="t-joined")
    signals.game_filled.connect(lambda sender, **kw: events.append(("filled", kw["game"].pk)),
                                weak=False, dispatch_uid="t-filled")
    try:
        with django_capture_on_commit_callbacks(execute=True):
            g = new_game(make_user(), 3)
        assert events == [("joined", g.pk, 0, "creator")]
        with django_capture_on_commit_callbacks(execute=True):
            services.join(g.pk, make_user())
        g.refresh_from_db()
        assert g.status == Game.Status.OPEN and events[-1] == ("joined", g.pk, 1, "manual")
        with django_capture_on_commit_callbacks(execute=True):
            services.add_bot(g.pk)
    finally:
        signals.player_joined.disconnect(dispatch_uid="t-joined")
        signals.game_filled.disconnect(dispatch_uid="t-filled")
    g.refresh_from_db()
    assert g.status == Game.Status.ACTIVE and g.stage == "Choosing nations" and g.started_at is not None
    assert events[-2:] == [("joined", g.pk, 2, "bot"), ("filled", g.pk)]


@pytest.mark.site("SITE-QUEUE-07")
def test_a_refused_join_sends_nothing(make_user, new_game, django_capture_on_commit_callbacks):
    g = new_game(make_user(), 2)
    u = make_user()
    services.join(g.pk, u)
    events = []
    signals.player_joined.connect(lambda sender, **kw: events.append(kw), weak=False, dispatch_uid="t-none")
    try:
        with django_capture_on_commit_callbacks(execute=True):
            with pytest.raises(seats.LobbyError):
                services.join(g.pk, make_user())
    finally:
        signals.player_joined.disconnect(dispatch_uid="t-none")
    assert events == []


@pytest.mark.site("SITE-QUEUE-08")
def test_joining_from_the_open_tab_once_only(make_user, client_for, new_game):
    g = new_game(make_user(), 3, name="Open to all")
    u = make_user("joiner")
    c = client_for(u)
    page = c.get("/lobby/open/").content.decode()
    assert f'<a href="/lobby/games/{g.pk}/">Open to all</a>' in page
    game_page = c.get(f"/lobby/games/{g.pk}/").content.decode()
    assert f'<form method="post" action="/lobby/games/{g.pk}/join/">' in game_page
    r = c.post(f"/lobby/games/{g.pk}/join/")
    assert r.status_code == 302
    assert seated(g)[1] == "joiner"
    again = c.post(f"/lobby/games/{g.pk}/join/")
    assert again.status_code == 409
    assert "joiner already has a seat in this game" in again.content.decode()
    r = post_json(c, f"/api/lobby/games/{g.pk}/join", {})
    assert r.status_code == 409 and r.json() == {"error": "cannot_join",
                                                 "message": "joiner already has a seat in this game"}
    assert Seat.objects.filter(game=g, user=u).count() == 1
    assert f'<a href="/lobby/games/{g.pk}/">' not in c.get("/lobby/open/").content.decode()
    assert "You cannot join" not in c.get(f"/lobby/games/{g.pk}/").content.decode()


@pytest.mark.site("SITE-QUEUE-08")
def test_a_finished_or_full_game_cannot_be_joined(make_user, client_for, new_game):
    g = new_game(make_user(), 2)
    services.join(g.pk, make_user())
    c = client_for(make_user())
    r = post_json(c, f"/api/lobby/games/{g.pk}/join", {})
    assert r.status_code == 409 and r.json()["message"] == "no seat is free in this game"
    Game.objects.filter(pk=g.pk).update(status=Game.Status.FINISHED)
    r = post_json(c, f"/api/lobby/games/{g.pk}/join", {})
    assert r.status_code == 409 and r.json()["message"] == "the game is over"


@pytest.mark.site("SITE-QUEUE-02")
def test_a_placed_entry_is_used_up_and_he_may_queue_again(make_user, new_game):
    u = make_user()
    g1 = new_game(make_user(), 3)
    assert queue.enqueue(u, min_time_limit=HOUR, max_time_limit=None).game_id == g1.pk
    g2 = new_game(make_user(), 3)
    assert seated(g2) == {0: g2.creator.username}  # one entry, one seat
    assert queue.enqueue(u, min_time_limit=HOUR, max_time_limit=None).game_id == g2.pk
    assert QueueEntry.objects.filter(user=u).count() == 2
