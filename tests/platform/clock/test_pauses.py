"""Pauses as the players see them (tresham/platform/clock/pauses.py, its API and pages): a
pause moves every deadline of all its requester's games that would fall inside it, the
market's opening too; removal keeps it 24 more hours; only the requester or an administrator
removes it; the others read the reason on the game page. The site's clock is set to concrete
moments (``wall``)."""
from __future__ import annotations

import datetime as dt
import itertools
import threading

import pytest
from django.db import connections

from tests.platform.clock.wallclock import HOUR, seat_game, utc, wall  # noqa: F401 -- the fixture
from tests.platform.conftest import post_json
from tresham.games.contract import IllegalOrder
from tresham.platform.clock import pauses
from tresham.platform.clock.models import Due, Pause
from tresham.platform.clock.worker import run_due
from tresham.platform.lobby import queue
from tresham.platform.lobby import services as lobby
from tresham.platform.mail.models import Outbox
from tresham.platform.play import services
from tresham.platform.play.models import EventRecord, Game, LogEntry

pytestmark = pytest.mark.django_db(transaction=True)


def _first_picker(t) -> int:
    return t.rules.pick_order(t.state())[0]


# ---- deadlines move -------------------------------------------------------------------------------
@pytest.mark.site("SITE-PAUSE-02", "SITE-PAUSE-03")
def test_a_deadline_inside_a_pause_moves_to_its_end_in_all_his_games_and_one_after_it_stays(make_user, wall):
    away, back_soon = make_user("away"), make_user("back_soon")
    # two games with "away", one with "back_soon", one with neither; all start Mon 3 Mar 12:00
    g1 = seat_game(make_user, 3, users=[None, away])
    g2 = seat_game(make_user, 3, users=[away])
    g3 = seat_game(make_user, 3, users=[None, None, back_soon])
    g4 = seat_game(make_user, 3)
    for t in (g1, g2, g3, g4):  # the first picker has 1.5 x 24 h: Wed 5 Mar 00:00
        assert t.row_of(_first_picker(t)).due_at == utc(2031, 3, 5, 0, 0)

    p = pauses.request_pause(away, utc(2031, 3, 4, 6, 0), utc(2031, 3, 5, 6, 0), "a wedding")
    pauses.request_pause(back_soon, utc(2031, 3, 3, 18, 0), utc(2031, 3, 4, 18, 0), "a dentist")
    # inside away's pause: moved to its end, in both his games
    for t in (g1, g2):
        row = t.row_of(_first_picker(t))
        assert row.due_at == utc(2031, 3, 5, 6, 0)
        assert row.notes == ["moved past away's pause (a wedding) ending Wed 5 Mar 2031 06:00 UTC"]
    # after back_soon's pause: where it was; and a game without them is untouched
    assert g3.row_of(_first_picker(g3)).due_at == utc(2031, 3, 5, 0, 0)
    assert g4.row_of(_first_picker(g4)).due_at == utc(2031, 3, 5, 0, 0)

    # the worker: at 00:30 only the unpaused games time out; at 06:01 the paused ones too
    run_due(now=wall.set(utc(2031, 3, 5, 0, 30)))
    assert [LogEntry.objects.filter(game=t.game, reason="timeout").count() for t in (g1, g2, g3, g4)] == [0, 0, 1, 1]
    run_due(now=wall.set(utc(2031, 3, 5, 6, 1)))
    assert [LogEntry.objects.filter(game=t.game, reason="timeout").count() for t in (g1, g2, g3, g4)] == [1, 1, 1, 1]

    # every player of both games is told, in the history and by mail
    for t in (g1, g2):
        assert EventRecord.objects.filter(game=t.game, kind="pause_requested", data__pause=p.pk,
                                          text__contains="(a wedding)").count() == 1
        mailed = set(Outbox.objects.filter(kind="pause_started", game=t.game).values_list("user_id", flat=True))
        assert mailed == {u.pk for u in t.users if u is not None}


@pytest.mark.site("SITE-PAUSE-05", "SITE-PAUSE-06")
def test_removing_a_pause_keeps_it_in_force_for_24_hours(make_user, wall):
    away = make_user("away")
    t = seat_game(make_user, 3, users=[None, away])
    first = _first_picker(t)
    p = pauses.request_pause(away, utc(2031, 3, 4, 0, 0), utc(2031, 3, 14, 0, 0), "holidays")
    assert t.row_of(first).due_at == utc(2031, 3, 14, 0, 0)

    wall.set(utc(2031, 3, 4, 6, 0))
    removed = pauses.remove_pause(p.pk, away)
    assert (removed.removed_at, removed.end, removed.removed_by) == (utc(2031, 3, 4, 6, 0), utc(2031, 3, 5, 6, 0), away)
    # the deadline (base Wed 5 Mar 00:00) is still inside the 24 hours that remain: moved to their end
    assert t.row_of(first).due_at == utc(2031, 3, 5, 6, 0)
    assert pauses.state_of(removed) == "in force"
    assert EventRecord.objects.filter(game=t.game, kind="pause_removed",
                                      text__contains="stays in force until Wed 5 Mar 2031 06:00 UTC").count() == 1
    assert Outbox.objects.filter(kind="pause_removed", game=t.game).count() == 3
    with pytest.raises(pauses.PauseOver):
        pauses.remove_pause(p.pk, away)
    # after those 24 hours the pause is over and moves nothing
    wall.set(utc(2031, 3, 5, 7, 0))
    assert pauses.of_game(t.game) == []


@pytest.mark.site("SITE-PAUSE-05", "SITE-PAUSE-06")
def test_a_pause_removed_before_it_begins_never_takes_effect(make_user, wall):
    away = make_user("away")
    t = seat_game(make_user, 3, users=[None, away])
    first = _first_picker(t)
    p = pauses.request_pause(away, utc(2031, 3, 4, 12, 0), utc(2031, 3, 10, 0, 0), "a trip")
    assert t.row_of(first).due_at == utc(2031, 3, 10, 0, 0)
    # removed at 11:00 on Mon 3 Mar: its last 24 hours would end before it begins (Tue 12:00)
    wall.set(utc(2031, 3, 3, 11, 0))
    p = pauses.remove_pause(p.pk, away)
    assert pauses.state_of(p) == "cancelled" and p.end == utc(2031, 3, 10, 0, 0)  # its dates stay on record
    assert t.row_of(first).due_at == utc(2031, 3, 5, 0, 0)
    assert EventRecord.objects.filter(game=t.game, kind="pause_removed", text__contains="it never begins").exists()


@pytest.mark.site("SITE-PAUSE-05")
def test_only_the_requester_or_an_administrator_removes_a_pause(make_user, client_for, wall):
    away, other = make_user("away"), make_user("other")
    admin = make_user("admin", is_staff=True)
    t = seat_game(make_user, 3, users=[other, away])
    p = pauses.request_pause(away, utc(2031, 3, 4, 0, 0), utc(2031, 3, 8, 0, 0), "travel")
    before = [(r.key, r.due_at) for r in t.rows()]

    r = post_json(client_for(other), f"/api/pauses/{p.pk}/remove", {})
    assert r.status_code == 403 and r.json()["error"] == "not_your_pause"
    r = client_for(other).post(f"/pauses/{p.pk}/remove/")
    assert r.status_code == 403 and "only the player who asked for a pause" in r.content.decode()
    p.refresh_from_db()
    assert p.removed_at is None and p.end == utc(2031, 3, 8, 0, 0)
    assert [(r.key, r.due_at) for r in t.rows()] == before
    # the other player's page offers no Remove button for it
    page = client_for(other).get("/pauses/").content.decode()
    assert "travel" in page and f"/pauses/{p.pk}/remove/" not in page

    r = post_json(client_for(admin), f"/api/pauses/{p.pk}/remove", {})
    assert r.status_code == 200, r.content
    body = r.json()
    assert body["end"].startswith("2031-03-04T12:00:00") and body["state"] == "to come" and not body["can_remove"]
    p.refresh_from_db()
    assert p.removed_by == admin
    assert post_json(client_for(admin), "/api/pauses/999999/remove", {}).status_code == 404


# ---- the market ---------------------------------------------------------------------------------
def _embargo(state) -> bool:
    return (state.phase == "trade" and bool(state.step.get("held")) and not state.step.get("closed")
            and not state.step.get("market_open"))


def _hand(t, seat: int) -> list[str]:
    return t.rules.view(t.state(), seat)["players"][seat]["hand"]


def _traders(t) -> tuple[int, int] | None:
    inside = t.rules.view(t.state(), None)["phase_view"]["in_market"]
    able = [s for s in inside if len(_hand(t, s)) >= 3]
    return (able[0], able[1]) if len(able) >= 2 else None


def _deal(t, a: int, b: int) -> tuple[list[str], list[str]]:
    """Seat ``a`` offers three cards of his to ``b`` and ``b`` accepts with three of his, all
    stated truly: the first combination the rules take (non-tradable calamities stay)."""
    for give_a in itertools.combinations(_hand(t, a), 3):
        try:
            services.submit(t.game.pk, {"type": "trade_offer", "to": b, "give": list(give_a), "said": [],
                                        "expect": ["dont_care"] * 3}, seat=a, account=t.users[a])
        except IllegalOrder:
            continue
        offer = t.state().step["offers"][-1]["id"]
        for give_b in itertools.combinations(_hand(t, b), 3):
            try:
                services.submit(t.game.pk, {"type": "trade_accept", "offer": offer, "give": list(give_b),
                                            "said": [], "expect": []}, seat=b, account=t.users[b])
                return list(give_a), list(give_b)
            except IllegalOrder:
                continue
        services.submit(t.game.pk, {"type": "trade_withdraw", "offer": offer}, seat=a, account=t.users[a])
    raise AssertionError("no deal the rules take")


@pytest.mark.site("SITE-PAUSE-04", "SITE-MARKET-08")
def test_the_market_opens_after_the_pause_and_trades_set_up_during_it_wait_for_it(make_user, wall):
    t = seat_game(make_user, 3, seed="absence-1")
    for _ in range(8):  # the first market where two players in it can trade
        t.play_on(wall, _embargo)
        if _traders(t):
            break
        t.play_on(wall, lambda s: not _embargo(s))
    a, b = _traders(t)
    rows = {r.key.rsplit(":", 1)[-1]: r for r in t.rows(Due.Action.TIMER)}
    opened = rows["embargo"].started_at
    assert rows["embargo"].due_at == opened + dt.timedelta(hours=12)  # half a limit
    cutoff = rows["cutoff"].due_at
    assert cutoff > opened + dt.timedelta(days=2)

    # the third player is away from 6 hours after the market's start, for 30 hours
    away = next(s for s in range(3) if s not in (a, b))
    p_start, p_end = opened + dt.timedelta(hours=6), opened + dt.timedelta(hours=36)
    pauses.request_pause(t.users[away], p_start, p_end, "no internet on the boat")
    rows = {r.key.rsplit(":", 1)[-1]: r for r in t.rows(Due.Action.TIMER)}
    assert rows["embargo"].due_at == p_end  # the market's opening moves past the pause
    assert rows["cutoff"].due_at == cutoff  # the cutoff falls after it: unchanged

    # during the pause the other two still set up a trade: agreed, queued for the opening
    wall.set(opened + dt.timedelta(hours=20))
    hand_a, hand_b = sorted(_hand(t, a)), sorted(_hand(t, b))
    give_a, give_b = _deal(t, a, b)
    assert t.state().step["market_open"] is False
    assert sorted(_hand(t, a)) == hand_a and sorted(_hand(t, b)) == hand_b
    assert EventRecord.objects.filter(game=t.game, kind="trade_queued").exists()
    assert run_due(now=p_end - dt.timedelta(minutes=1)) == 0
    assert run_due(now=p_end + dt.timedelta(seconds=1), limit=1) == 1
    assert t.state().step["market_open"] is True
    expect_a = sorted(hand_a)
    for c in give_a:
        expect_a.remove(c)
    assert sorted(_hand(t, a)) == sorted(expect_a + give_b)  # the queued trade was carried out


# ---- what the players see -----------------------------------------------------------------------
@pytest.mark.site("SITE-PAUSE-01")
def test_other_players_see_the_pause_and_its_reason_on_the_game_page(make_user, client_for, wall):
    away, other, onlooker = make_user("away"), make_user("other"), make_user("onlooker")
    t = seat_game(make_user, 3, users=[other, away])
    pauses.request_pause(away, utc(2031, 3, 4, 0, 0), utc(2031, 3, 8, 0, 0), "my sister's wedding in Lyon")

    page = client_for(other).get(f"/games/{t.game.pk}/").content.decode()
    assert 'id="game-pauses"' in page
    assert "away: to come, from Tue 4 Mar 2031 00:00 UTC until Sat 8 Mar 2031 00:00 UTC" in page
    assert "my sister&#x27;s wedding in Lyon" in page
    # someone not at the table sees that the game is paused, not why
    page = client_for(onlooker).get(f"/games/{t.game.pk}/").content.decode()
    assert "until Sat 8 Mar 2031 00:00 UTC" in page and "wedding" not in page
    # the API says the same
    (row,) = client_for(other).get(f"/api/games/{t.game.pk}/pauses").json()
    assert (row["who"], row["reason"], row["days"], row["state"]) == ("away", "my sister's wedding in Lyon", 4, "to come")
    (row,) = client_for(onlooker).get(f"/api/games/{t.game.pk}/pauses").json()
    assert row["reason"] is None
    (row,) = client_for(other).get("/api/pauses").json()["pauses"]
    assert row["reason"] == "my sister's wedding in Lyon" and row["can_remove"] is False and row["mine"] is False


@pytest.mark.site("SITE-PAUSE-02")
def test_a_game_joined_from_the_queue_during_a_pause_is_paused_too(make_user, client_for, wall):
    away = make_user("away")
    # no game yet: the pause is his, for all the games he will play while it lasts
    r = post_json(client_for(away), "/api/pauses", {"start_date": "2031-03-03", "end_date": "2031-03-06",
                                                    "reason": "moving house"})
    assert r.status_code == 201, r.content
    assert r.json()["start"].startswith("2031-03-03T12:00:00")  # today: from now on
    assert r.json()["end"].startswith("2031-03-07T00:00:00") and r.json()["days"] == 4
    queue.enqueue(away, min_time_limit=HOUR, max_time_limit=7 * 24 * HOUR, join_new=True)
    creator, third = make_user("creator"), make_user("third")
    game = lobby.create(creator, options={"players": 3}, time_limit=24 * HOUR)
    assert game.seats.filter(user=away).exists()  # the queue placed him
    lobby.join(game.pk, third)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    (row,) = Due.objects.filter(game=game, action=Due.Action.TIMEOUT)
    assert row.due_at == utc(2031, 3, 7, 0, 0)  # base Wed 5 Mar 00:00, inside his pause
    assert "moving house" in client_for(creator).get(f"/games/{game.pk}/").content.decode()


@pytest.mark.site("SITE-PAUSE-01", "SITE-PAUSE-07", "SITE-LIST-07")
def test_the_pause_page_reads_dates_on_his_calendar_shows_the_days_and_removes(make_user, client_for, wall):
    away = make_user("away")
    away.profile.time_zone = "America/New_York"  # 07:00 on Mon 3 Mar there (UTC-5)
    away.profile.save()
    t = seat_game(make_user, 3, users=[None, away])
    c = client_for(away)
    lobby_page = c.get("/lobby/").content.decode()
    assert '<a class="button" href="/pauses/">Pause / Resume</a>' in lobby_page
    assert '<a class="button" href="/quit/">Quit a Game...</a>' in lobby_page

    page = c.get("/pauses/").content.decode()
    for text in ('<label for="id_start_date">Start Date</label>', '<label for="id_end_date">End Date</label>',
                 '<label for="id_reason">Reason</label>', '<output id="days"', "Submit Game Pause Request",
                 'type="date"', "real absence", "code of conduct (rule 5)"):
        assert text in page, text
    conduct = c.get("/accounts/conduct/").content.decode()
    assert "Pause only when you must" in conduct and "Pausing to stretch or dodge the time limits" in conduct

    r = c.post("/pauses/", {"start_date": "2031-03-04", "end_date": "2031-03-09", "reason": "a conference"})
    assert r.status_code == 302
    p = Pause.objects.get(user=away)
    # from the start of Tue 4 Mar to the end of Sun 9 Mar, New York time
    assert (p.start, p.end) == (utc(2031, 3, 4, 5, 0), utc(2031, 3, 10, 4, 0))  # DST begins Sun 9 Mar there
    page = c.get("/pauses/").content.decode()
    assert "Your games are paused for 6 days" in page
    assert "a conference" in page and f'action="/pauses/{p.pk}/remove/"' in page
    assert t.row_of(_first_picker(t)).due_at == utc(2031, 3, 10, 4, 0)

    wall.set(utc(2031, 3, 6, 0, 0))
    r = c.post(f"/pauses/{p.pk}/remove/")
    assert r.status_code == 302
    p.refresh_from_db()
    assert p.end == utc(2031, 3, 7, 0, 0) and p.removed_by == away


# ---- refusals -------------------------------------------------------------------------------------
BAD = [
    ({"start_date": "2031-03-06", "end_date": "2031-03-05", "reason": "x"}, 400, "is before the start date"),
    ({"start_date": "2031-03-02", "end_date": "2031-03-05", "reason": "x"}, 400, "is in the past"),
    ({"start_date": "2031-03-04", "end_date": "2031-04-03", "reason": "x"}, 400, "at most 30 days"),
    ({"start_date": "2031-06-02", "end_date": "2031-06-03", "reason": "x"}, 400, "at most 90 days ahead"),
    ({"start_date": "2031-03-04", "end_date": "2031-03-05", "reason": "   "}, 400, "give a reason"),
    ({"start_date": "2031-03-04", "end_date": "2031-03-05", "reason": "x" * 501}, 400, "at most 500 characters"),
    ({"start_date": "2031-03-04", "end_date": "2031-03-05", "reason": "bell\x07"}, 400, "control characters"),
    ({"start_date": "2031-02-30", "end_date": "2031-03-05", "reason": "x"}, 422, "start_date"),
    ({"start_date": "2031-03-04", "reason": "x"}, 422, "end_date"),
    ({"start_date": "2031-03-04", "end_date": "2031-03-05", "reason": "x" * 2001}, 422, "reason"),
]


@pytest.mark.site("SITE-PAUSE-01")
@pytest.mark.parametrize("body,status,says", BAD)
def test_a_bad_pause_request_is_refused_and_changes_nothing(make_user, client_for, wall, body, status, says):
    away = make_user("away")
    t = seat_game(make_user, 3, users=[None, away])
    before = [(r.key, r.due_at) for r in t.rows()]
    r = post_json(client_for(away), "/api/pauses", body)
    assert r.status_code == status, r.content
    assert says in r.json()["message"]
    assert Pause.objects.count() == 0 and [(r.key, r.due_at) for r in t.rows()] == before
    # the page says it as a form error
    r = client_for(away).post("/pauses/", {k: v for k, v in body.items()})
    assert r.status_code == 400 and Pause.objects.count() == 0


@pytest.mark.site("SITE-PAUSE-01")
def test_his_pauses_may_not_overlap_pile_up_or_chain_past_30_days(make_user, client_for, wall):
    away = make_user("away")
    c = client_for(away)

    def ask(start: str, end: str):
        return post_json(c, "/api/pauses", {"start_date": start, "end_date": end, "reason": "away"})

    assert ask("2031-03-10", "2031-03-12").status_code == 201
    r = ask("2031-03-12", "2031-03-14")
    assert r.status_code == 400 and "may not overlap" in r.json()["message"]
    assert ask("2031-03-20", "2031-03-21").status_code == 201
    assert ask("2031-04-01", "2031-04-02").status_code == 201
    r = ask("2031-04-10", "2031-04-11")
    assert r.status_code == 400 and "at most 3 may stand at once" in r.json()["message"]
    assert Pause.objects.filter(user=away).count() == 3
    # 10-12 Mar then 13 Mar to 9 Apr without a break: 31 days in a row
    Pause.objects.filter(user=away).exclude(start=utc(2031, 3, 10)).delete()
    r = ask("2031-03-13", "2031-04-09")
    assert r.status_code == 400 and "without a break" in r.json()["message"]
    assert ask("2031-03-13", "2031-04-08").status_code == 201  # 30 days in a row is the most
    assert post_json(client_for(make_user()), "/api/pauses", {}).status_code == 422
    from django.test import Client

    assert post_json(Client(), "/api/pauses", {"start_date": "2031-03-10", "end_date": "2031-03-11",
                                                "reason": "x"}).status_code == 401


@pytest.mark.site("SITE-PAUSE-01")
def test_two_requests_at_once_record_one_pause(make_user, wall):
    away = make_user("away")
    seat_game(make_user, 3, users=[None, away])
    barrier = threading.Barrier(2)
    results: list = [None, None]

    def run(i: int) -> None:
        try:
            barrier.wait()
            results[i] = pauses.request_pause(away, utc(2031, 3, 4), utc(2031, 3, 6), "twice")
        except pauses.PauseError as e:
            results[i] = e
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert Pause.objects.filter(user=away).count() == 1
    assert sorted(type(r).__name__ for r in results) == ["Pause", "PauseError"]


# ---- the administrators --------------------------------------------------------------------------
@pytest.mark.site("SITE-PAUSE-07")
def test_administrators_see_every_pause_read_only_and_may_remove_one(make_user, client_for, wall):
    away = make_user("away")
    admin = make_user("boss", is_staff=True, is_superuser=True)
    t = seat_game(make_user, 3, users=[None, away])
    p = pauses.request_pause(away, utc(2031, 3, 4), utc(2031, 3, 20), "suspiciously long holidays")
    c = client_for(admin)
    page = c.get("/admin/clock/pause/")
    assert page.status_code == 200 and "suspiciously long holidays" in page.content.decode()
    assert c.get("/admin/clock/pause/add/").status_code == 403
    r = c.post(f"/admin/clock/pause/{p.pk}/change/", {"reason": "changed"})
    p.refresh_from_db()
    assert r.status_code == 403 and p.reason == "suspiciously long holidays"
    for model in ("missedorder", "due"):
        assert c.get(f"/admin/clock/{model}/").status_code == 200
    assert c.get("/admin/play/tenure/").status_code == 200
    r = c.post("/admin/clock/pause/", {"action": "remove", "_selected_action": [str(p.pk)]})
    assert r.status_code == 302
    p.refresh_from_db()
    assert p.removed_by == admin and p.end == utc(2031, 3, 4, 12, 0)
    assert t.row_of(_first_picker(t)).due_at == utc(2031, 3, 5, 0, 0)
