"""Issue 9, end to end over HTTP: four accounts, one of which never plays; the game advances on
the players' orders, a standing order and the site's defaults; the absent player is removed
when the threshold is reached, a queued player takes his seat and plays it to the end.

The site is served by a real HTTP server on a free port (Django's live server: the site's WSGI
application, its middleware, sessions and CSRF checks) on the test database. It runs in the
test's process rather than as ``tresham serve`` in a subprocess (``tests/platform/serving.py``)
for one reason: the site's clock. Deadlines are computed from ``timezone.now`` by whichever
process accepts an order, and the worker's ``run_due(now=...)`` only says which rows are due --
the orders it gives reschedule from ``timezone.now`` -- so the server and the worker must read
one clock, the test's (``wallclock.wall``), which moves only when the test says: a minute per
player's order, and to just past a deadline when time is to run out. The server is started
without a worker; the worker is the site's own process, and the test runs it here.

Every player's action is an HTTP request of his own logged-in client, with the CSRF token, as
his browser would send it: registering, logging in, creating and joining the game, queueing,
storing a standing order, reading his view and the history, giving each order. What each
order says is decided by the test's oracle on the true state read from the database -- the
game's own bot, which decides on what the seat knows (``view.information_state``), or the
simplest legal order for the decision the seat's HTTP view shows it owes -- and only then
sent over HTTP, never through the services. The one thing the test sets in the database is
the game's seed, before the deal, so that the game is the same on every run.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import itertools
import json

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model

from tresham.platform.clock import deadlines
from tresham.platform.clock.models import Due, MissedOrder, StandingOrder
from tresham.platform.clock.worker import run_due
from tresham.platform.lobby import queue as lobby_queue
from tresham.platform.mail.models import Outbox
from tresham.platform.play import services
from tresham.platform.play.models import Game, LogEntry, Seat, Tenure

from ..serving import SiteClient, register_and_login
from .wallclock import WallClock, utc, wall  # noqa: F401  (fixture)
from tests.helpers import bot_order

PLAYERS = 4
TURNS = 8  # the game's turn limit (34.1B): a whole game, short enough for one test
LIMIT = 24 * 3600  # seconds per decision, one of the site's time limits
SEED = "issue-9-end-to-end"
ABSENT, STANDING = 3, 1  # dave (seat 3) never plays; bob (seat 1) lets one deadline pass
NAMES = ["alice", "bob", "carol", "dave"]
SECOND = dt.timedelta(seconds=1)


@pytest.fixture
def site(transactional_db, live_server, wall, settings):
    """The site on a live HTTP server, on the test's clock; no worker runs but the test's."""
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "registrations": (0, 86400)}  # five accounts from 127.0.0.1 (the limit has its own tests)
    return live_server


class Player:
    """One person: his browser (a logged-in HTTP client) and his seat."""

    def __init__(self, client: SiteClient, username: str) -> None:
        self.client, self.username = client, username
        self.user = get_user_model().objects.get(username=username)
        self.keys = itertools.count(1)

    def view(self, game_id: int) -> dict:
        r = self.client.get(f"/api/games/{game_id}")
        assert r.status_code == 200, r.text
        return r.json()

    def history(self, game_id: int) -> list[dict]:
        r = self.client.get(f"/api/games/{game_id}/history", params={"limit": 2000})
        assert r.status_code == 200, r.text
        return r.json()


class Table:
    """The game as the test sees it: the oracle (the database) and the players at the table."""

    def __init__(self, game_id: int, wall: WallClock) -> None:
        self.wall = wall
        self.game = Game.objects.get(pk=game_id)
        self.rules = services.rules_of(self.game)
        self.at: dict[int, Player] = {}  # seat -> who plays it now
        self.http_orders = 0

    def state(self):
        self.game.refresh_from_db()
        return self.rules.loads(self.game.state)

    def owed(self, state) -> list:
        return [d for d in self.rules.pending(state) if d.required]

    def rows(self) -> list[Due]:
        return list(Due.objects.filter(game=self.game).order_by("due_at", "pk"))

    # ---- a player's turn ------------------------------------------------------------------
    def order_for(self, state, seat: int, decision: dict, key: str) -> dict:
        """What the player decides: the game's bot's order; where the bot would leave it to the
        site's default (a platform order no player may give), the simplest legal order of his
        own for the decision his view shows."""
        order = bot_order(self.rules, state, seat, key)
        if not self.rules.is_site_order(order):
            return order
        kind = decision["kind"]
        if kind == "pick":  # the first nation offered, at its first start area
            nation, areas = sorted(decision["options"]["nations"].items())[0]
            return {"type": "pick", "nation": nation, "area": areas[0]}
        if kind == "trade":
            return {"type": "trade_done"}
        if kind in self.rules.standing_kinds():  # the order a standing order of defaults gives now
            order = self.rules.standing_order(state, seat, kind, {})
            if order is not None:
                return order
        raise AssertionError(f"no player's order for a {kind!r} decision")

    def play(self, seat: int) -> None:
        """The seat's player reads his view, decides and sends his order, over HTTP."""
        p = self.at[seat]
        view = p.view(self.game.pk)
        assert view["your_seat"] == seat
        mine = [d for d in view["view"]["decisions"] if d["required"]]
        assert mine, f"{p.username}'s view shows no decision he owes"
        state = self.state()
        assert view["revision"] == self.game.revision
        n = next(p.keys)
        self.wall.advance(minutes=1)  # he takes a minute to decide
        order = self.order_for(state, seat, mine[0], f"e2e:{p.username}:{n}")
        r = p.client.post(f"/api/games/{self.game.pk}/orders",
                          {"order": order, "revision": view["revision"], "client_key": f"{p.username}-{n}"})
        assert r.status_code == 201, (order, r.status_code, r.text)
        assert r.json()["revision"] == view["revision"] + 1
        self.http_orders += 1

    # ---- time passing -----------------------------------------------------------------------
    def pass_deadline(self, row: Due) -> dt.datetime:
        """Time passes until just after ``row`` falls due, and the worker carries it out; no
        other row falls due by then (the test checks), so it is the only thing that happens."""
        now = row.due_at + SECOND
        assert self.wall() < row.due_at
        assert [r.pk for r in self.rows() if r.due_at <= now] == [row.pk], "another row falls due as well"
        assert run_due(now=self.wall.set(row.due_at - SECOND)) == 0  # not a second early
        assert run_due(now=self.wall.set(now)) == 1
        return now

    def play_on(self, done, *, idle=lambda state, seat: False, limit: int = 2000):
        """The players play whatever they owe, but not a seat when ``idle(state, seat)``; when
        nobody who plays owes anything, time passes to the next row, which must be the game's
        own (a timer), never a playing seat's deadline. Until ``done(state)``; gives that state."""
        for _ in range(limit):
            state = self.state()
            if done(state):
                return state
            assert self.game.status == Game.Status.ACTIVE, f"the game ended first ({self.game.stage})"
            owed = [d.player for d in self.owed(state) if not idle(state, d.player)]
            if owed:
                self.play(owed[0])
                continue
            row = self.rows()[0]
            assert row.action == Due.Action.TIMER, (row.action, row.seat, row.decision, self.game.stage)
            self.pass_deadline(row)
        raise AssertionError("the wanted moment was not reached")


def texts(history: list[dict], kind: str) -> list[str]:
    return [e["text"] for e in history if e["kind"] == kind]


@pytest.mark.slow
@pytest.mark.site("SITE-TIME-01", "SITE-TIME-04", "SITE-REMOVE-01", "SITE-REMOVE-02", "SITE-QUIT-03",
                  "SITE-QUEUE-03", "SITE-QUIT-05", "SITE-LIST-03", "SITE-LIST-05")
def test_an_absent_player_is_removed_and_a_queued_player_finishes_the_game_over_http(site, wall, monkeypatch):
    # ---- four accounts, opened and logged in over HTTP; one game, created and joined over HTTP
    people = [Player(*register_and_login(site.url, name)) for name in NAMES]
    alice, bob, carol, dave = people
    r = alice.client.post("/api/lobby/games", {"kind": "advciv", "name": "Issue 9",
                                               "options": {"players": PLAYERS, "turn_limit": TURNS},
                                               "time_limit": LIMIT})
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    # the site draws a secret seed at creation; for a game that is the same on every run the
    # test sets a fixed one (and its published hash) before the deal, as services.create's
    # ``seed`` does for in-process tests
    Game.objects.filter(pk=game_id).update(seed=SEED, seed_sha256=Game.hash_seed(SEED))
    for seat, p in enumerate(people[1:], start=1):
        r = p.client.post(f"/api/lobby/games/{game_id}/join", {"seat": seat})
        assert r.status_code == 201, r.text
    t = Table(game_id, wall)
    assert t.game.status == Game.Status.ACTIVE
    t.at = dict(enumerate(people))
    started = alice.view(game_id)
    assert started["status"] == "active" and started["seed"] is None
    assert started["seed_sha256"] == hashlib.sha256(SEED.encode()).hexdigest()

    # a fifth account queues for games in progress (and not for new ones), over HTTP
    eve = Player(*register_and_login(site.url, "eve"))
    r = eve.client.post("/api/lobby/queue", {"join_new": False, "join_in_progress": True})
    assert r.status_code == 200, r.text
    assert r.json()["entry"]["waiting"] and r.json()["entry"]["game_id"] is None  # nothing open fits yet

    # bob stores a standing order for movement over HTTP: his entered moves, else the bot's plan
    r = bob.client.http.put(f"/api/games/{game_id}/standing-orders/move",
                            json={"spec": {"entered": "carry_out", "otherwise": "bot"}})
    assert r.status_code == 200, r.text
    assert r.json()["spec"] == {"entered": "carry_out", "otherwise": "bot"}

    # ---- round 1: the others pick their nations; dave never does
    assert settings.TRESHAM_REMOVAL_MAX == 3
    state = t.play_on(lambda s: [d.player for d in t.owed(s)] == [ABSENT], idle=lambda s, seat: seat == ABSENT)
    assert state.phase == "pick" and t.rules.round(state) == 1
    (decision,) = t.owed(state)
    (row,) = t.rows()
    assert (row.seat, row.action, row.decision) == (ABSENT, Due.Action.TIMEOUT, "pick")
    # the seed's pick order is alice, bob, dave, carol: alice picked at 12:01 (a minute after
    # the start on Mon 3 March), bob at 12:02; dave's 24 hours run from bob's pick (x1.0: he is
    # not the first to pick), so his deadline is Tue 4 March 12:02
    assert t.rules.pick_order(state) == [0, 1, 3, 2] and decision.deadline_factor == 1.0
    picks = list(LogEntry.objects.filter(game=t.game).order_by("seq").values_list("seat", "at"))
    assert picks == [(0, utc(2031, 3, 3, 12, 1)), (1, utc(2031, 3, 3, 12, 2))]
    assert (row.started_at, row.due_at) == (utc(2031, 3, 3, 12, 2), utc(2031, 3, 4, 12, 2))
    # the threshold in round 1: min(site maximum 3, round 1, 4 players) = 1
    assert deadlines.removal_threshold(settings.TRESHAM_REMOVAL_MAX, 1, PLAYERS) == min(3, 1, 4) == 1
    assert MissedOrder.objects.filter(game=t.game, user=dave.user).count() == 0
    assert Seat.objects.get(game=t.game, index=ABSENT).user_id == dave.user.pk

    # the moment the seat is open (the removal committed, the queue not yet asked), what anyone
    # sees over HTTP: the seat open in the game and the game in eve's Open list
    seen: dict[str, object] = {}
    fill = lobby_queue.fill_from_queue

    def observe_then_fill(gid: int):
        if gid == game_id and "seats" not in seen:
            seen["seats"] = eve.view(game_id)["seats"]
            r = eve.client.get("/api/lobby/games", params={"tab": "open"})
            assert r.status_code == 200, r.text
            seen["open"] = [g for g in r.json()["games"] if g["id"] == game_id]
        return fill(gid)

    with monkeypatch.context() as m:
        m.setattr(lobby_queue, "fill_from_queue", observe_then_fill)
        t.pass_deadline(row)  # dave's deadline passes: the default picks for him

    # one missed order, which is the threshold: he is removed at once
    assert MissedOrder.objects.filter(game=t.game, user=dave.user).count() == 1
    assert Tenure.objects.get(game=t.game, seat=ABSENT, user=dave.user).ended == Tenure.End.REMOVED
    assert [s["status"] for s in seen["seats"]] == ["playing", "playing", "playing", "open"]
    (listed,) = seen["open"]
    assert listed["replacement"] is True and [s["open"] for s in listed["seats"]] == [False, False, False, True]
    history = alice.history(game_id)
    site_note, engine_note = texts(history, "timeout")  # the site's note, then the default's own event
    assert site_note == "dave did not decide in time: the site's default applies."
    assert texts(history, "seat_opened") == ["dave is removed from the game (missed 1 deadline in a row); "
                                             "the seat awaits a replacement."]

    # ---- eve, queued for games in progress, now holds the seat and sees its own hand
    seat = Seat.objects.get(game=t.game, index=ABSENT)
    assert (seat.user_id, seat.status, seat.missed_in_a_row) == (eve.user.pk, Seat.Status.PLAYING, 0)
    t.at[ABSENT] = eve
    state = t.state()
    eve_from = t.game.revision  # the orders before she took the seat: two picks and dave's default
    assert eve_from == 3
    nation = state.players[ABSENT].nation
    assert nation is not None  # the default picked one for dave; eve takes it over as it stands
    nation_name = {row.seat: row.name for row in t.rules.summary(state)}[ABSENT]
    assert engine_note.endswith(f"; {nation_name} was chosen at random.")
    mine = eve.view(game_id)
    assert mine["your_seat"] == ABSENT
    players = {p["seat"]: p for p in mine["view"]["players"]}
    assert players[ABSENT]["nation"] == nation and "hand" in players[ABSENT]
    # the nation as it stands (pieces, hand, treasury, cards, A.S.T.): the seat's own view of
    # the game as the default left it, no order since
    assert mine["revision"] == eve_from
    own = {p["seat"]: p for p in t.rules.view(state, ABSENT)["players"]}[ABSENT]
    assert players[ABSENT] == json.loads(json.dumps(own))
    assert all("hand" not in players[s] for s in range(PLAYERS) if s != ABSENT)
    r = eve.client.get("/api/lobby/queue")
    assert r.status_code == 200 and r.json()["entry"] is None  # placed: no longer waiting
    gone = dave.view(game_id)  # dave is an onlooker now
    assert gone["your_seat"] is None
    if t.rules.placement_done(state):
        assert all("hand" not in p for p in gone["view"]["players"])
    else:  # picking goes on: an onlooker sees nothing yet (SITE-LIST-04)
        assert gone["view"] is None
    assert dave.client.post(f"/api/games/{game_id}/orders", {"order": {"type": "done"}}).status_code == 403

    # ---- round 2: bob lets his movement deadline pass; his standing order is applied
    def bobs_movement(s) -> bool:
        return s.turn == 2 and s.phase == "movement"

    state = t.play_on(lambda s: bobs_movement(s) and [d.player for d in t.owed(s)] == [STANDING],
                      idle=lambda s, seat: seat == STANDING and bobs_movement(s))
    assert t.rules.round(state) == 2
    (row,) = [r for r in t.rows() if r.action == Due.Action.TIMEOUT]
    assert (row.seat, row.decision) == (STANDING, "move")
    (owed,) = t.owed(state)
    assert row.due_at - row.started_at == dt.timedelta(seconds=LIMIT * owed.deadline_factor)
    assert StandingOrder.objects.filter(game=t.game, user=bob.user, kind="move").exists()
    before = t.game.revision
    t.pass_deadline(row)
    (entry,) = LogEntry.objects.filter(game=t.game, seq=before + 1)
    assert (entry.seat, entry.by_site, entry.reason, entry.order["type"]) == (STANDING, True,
                                                                                 "standing order", "move")
    (note,) = [e for e in bob.history(game_id) if e["kind"] == "standing_order"]
    bobs_nation = {row.seat: row.name for row in t.rules.summary(t.state())}[STANDING]
    assert note["seq"] == before + 1 and "standing order was applied" in note["text"]
    assert "bob" in note["text"] or bobs_nation in note["text"]
    # a standing order counts as a missed deadline, but in round 2 the threshold is
    # min(3, 2, 4) = 2: one missed deadline does not remove him
    assert deadlines.removal_threshold(settings.TRESHAM_REMOVAL_MAX, 2, PLAYERS) == min(3, 2, 4) == 2
    missed = list(MissedOrder.objects.filter(game=t.game, user=bob.user).values_list("decision", "standing"))
    assert missed == [("move", True)]
    seat = Seat.objects.get(game=t.game, index=STANDING)
    assert (seat.user_id, seat.missed_in_a_row) == (bob.user.pk, 1)
    assert bob.view(game_id)["your_seat"] == STANDING

    # ---- to the end: everyone plays his orders over HTTP (the timers run when they fall due)
    t.play_on(lambda s: t.rules.finished(s))
    assert Seat.objects.get(game=t.game, index=STANDING).missed_in_a_row == 0  # his own orders reset it
    assert MissedOrder.objects.filter(game=t.game).count() == 2  # dave's pick and bob's movement, no other
    final = eve.view(game_id)
    assert final["status"] == "finished" and final["stage"] == "Game over"
    assert final["seed"] == SEED and hashlib.sha256(final["seed"].encode()).hexdigest() == final["seed_sha256"]
    assert all("Victory points" in row for row in final["summary"])
    r = eve.client.get(f"/api/lobby/games/{game_id}")
    assert r.status_code == 200
    places = r.json()["places"]
    assert places is not None and len(places) == PLAYERS and min(places) == 1
    assert places == t.rules.result(t.state())
    # the Completed tab of those who finished it lists it; dave's does not
    for p in (alice, bob, carol, eve, dave):
        r = p.client.get("/api/lobby/games", params={"tab": "completed"})
        assert r.status_code == 200
        assert ([g["id"] for g in r.json()["games"]] == [game_id]) is (p is not dave), p.username

    # every order was the players' own over HTTP but dave's default and bob's standing order;
    # nothing lost: the log replays from the seed to the stored state
    log = list(LogEntry.objects.filter(game=t.game).order_by("seq"))
    assert [e.seq for e in log] == list(range(1, t.game.revision + 1))
    by_site = [(e.seat, e.reason) for e in log if e.by_site]
    assert by_site == [(ABSENT, "timeout"), (STANDING, "standing order")] + \
        [(None, "clock")] * (len(by_site) - 2)
    assert len([e for e in log if not e.by_site]) == t.http_orders
    assert all(e.account_id == t.at[e.seat].user.pk for e in log if not e.by_site and e.seat != ABSENT)
    assert {e.account_id for e in log if not e.by_site and e.seat == ABSENT} == {eve.user.pk}
    assert t.rules.digest(services.rebuild(t.game, from_snapshot=False)) == t.rules.digest(t.state())

    # ---- mails: the removal to every player and to dave, once each; no quit mail
    removed = Outbox.objects.filter(game=t.game, kind="removed")
    assert sorted(removed.values_list("user__username", flat=True)) == ["alice", "bob", "carol", "dave"]
    assert removed.values("key").distinct().count() == 4
    assert not Outbox.objects.filter(game=t.game, kind="quit").exists()
    over = Outbox.objects.filter(game=t.game, kind="game_over")
    assert sorted(over.values_list("user__username", flat=True)) == ["alice", "bob", "carol", "eve"]
    if Outbox.objects.filter(game=t.game, kind="turn").exists():
        # "your turn" mails are wired: eve is told when a decision of hers begins at her new
        # seat (the key is turn:<game>:<revision>:<user>), none before she took it
        revisions = [int(k.split(":")[2]) for k in
                     Outbox.objects.filter(game=t.game, kind="turn", user=eve.user).values_list("key", flat=True)]
        assert revisions and min(revisions) >= eve_from
    # else: not wired yet (another change); nothing to check here

    for p in (*people, eve):
        p.client.close()
