"""The clock's database side: due rows from the pending decisions and timers, carried out
by the worker through the one order path (tresham/platform/clock/{schedule,worker,absence}.py)."""
from __future__ import annotations

import datetime as dt

import pytest

from tests.platform.clock.conftest import HOUR, later
from tresham.platform.clock.models import Due, MissedOrder
from tresham.platform.clock.worker import run_due
from tresham.platform.play.models import EventRecord, LogEntry, Seat, Tenure

pytestmark = pytest.mark.django_db(transaction=True)


def _close(a: dt.datetime, b: dt.datetime, seconds: float = 60) -> bool:
    return abs((a - b).total_seconds()) <= seconds


@pytest.mark.site("SITE-TIME-01", "SITE-TIME-02", "SITE-PICK-07")
def test_the_first_picker_has_one_and_a_half_limits_then_the_default_applies(seated):
    t = seated(3, time_limit=24 * HOUR)
    state = t.state()
    first = t.rules.pick_order(state)[0]
    (row,) = t.due(Due.Action.TIMEOUT)
    assert row.seat == first and row.decision == "pick"
    assert _close(row.due_at, row.started_at + dt.timedelta(hours=36))  # 1.5 x 24 h
    assert run_due(now=later(hours=35)) == 0  # not yet
    assert run_due(now=later(hours=37), limit=1) == 1
    entry = LogEntry.objects.get(game=t.game, seq=1)
    assert (entry.by_site, entry.reason, entry.seat) == (True, "timeout", first)
    assert t.state().players[first].nation is not None  # a random free nation (SZ-09)
    texts = list(EventRecord.objects.filter(game=t.game, seq=1).values_list("text", flat=True))
    assert any("did not decide in time: the site's default applies" in x for x in texts)


@pytest.mark.site("SITE-TIME-04", "SITE-REMOVE-01", "SITE-REMOVE-02", "SITE-QUIT-03")
def test_in_round_one_a_single_missed_deadline_removes_the_player(seated):
    t = seated(3, time_limit=12 * HOUR)
    first = t.rules.pick_order(t.state())[0]
    absent = t.users[first]
    run_due(now=later(hours=19), limit=1)
    assert MissedOrder.objects.filter(user=absent, game=t.game).count() == 1
    seat = Seat.objects.get(game=t.game, index=first)
    assert seat.user is None and seat.status == Seat.Status.OPEN and seat.vacant_since is not None
    assert Tenure.objects.get(game=t.game, user=absent).ended == Tenure.End.REMOVED
    assert EventRecord.objects.filter(game=t.game, kind="seat_opened",
                                      text__contains="is removed from the game (missed 1 deadline in a row)").exists()


@pytest.mark.site("SITE-TIME-01")
def test_a_deadline_still_owed_does_not_move_when_someone_else_acts(seated):
    """Pre-selections in the pick phase: other seats act, the current picker's deadline stays."""
    t = seated(4, time_limit=24 * HOUR)
    order = t.rules.pick_order(t.state())
    (before,) = t.due(Due.Action.TIMEOUT)
    last = order[-1]
    from tresham.platform.play import services

    d = next(d for d in t.rules.pending(t.state()) if d.player == last)
    nation, areas = sorted(d.options["nations"].items())[0]
    services.submit(t.game.pk, {"type": "pick", "nation": nation, "area": areas[0]}, seat=last,
                    account=t.users[last])  # a pre-selection by the last picker
    (after,) = t.due(Due.Action.TIMEOUT)
    assert (after.seat, after.started_at, after.due_at) == (before.seat, before.started_at, before.due_at)


@pytest.mark.site("SITE-TIME-05", "SITE-CREATE-07")
def test_no_time_limit_means_no_deadline_but_bots_still_play(seated):
    t = seated(3, time_limit=None, bots=(1,))
    assert t.due(Due.Action.TIMEOUT) == [] and t.due(Due.Action.TIMER) == []
    t.play_until(lambda s: s.phase == "population" or s.turn >= 1)
    assert t.due(Due.Action.TIMEOUT) == []
    assert run_due(now=later(days=400)) == 0 or t.due(Due.Action.TIMEOUT) == []


@pytest.mark.site("SITE-REMOVE-01")
def test_the_players_own_order_ends_a_run_of_missed_deadlines(seated):
    t = seated(3, time_limit=24 * HOUR)
    seat = Seat.objects.get(game=t.game, index=0)
    seat.missed_in_a_row = 2
    seat.save()
    from tresham.platform.play import services

    d = next(d for d in t.rules.pending(t.state()) if d.player == 0)
    nation, areas = sorted(d.options["nations"].items())[0]
    services.submit(t.game.pk, {"type": "pick", "nation": nation, "area": areas[0]}, seat=0,
                    account=t.users[0])  # a pick or a pre-selection: his own order
    assert Seat.objects.get(game=t.game, index=0).missed_in_a_row == 0


@pytest.mark.site("SITE-QUIT-06")
def test_a_vacant_seat_takes_the_defaults_without_charging_anyone(seated):
    t = seated(3, time_limit=24 * HOUR)
    first = t.rules.pick_order(t.state())[0]
    run_due(now=later(hours=37), limit=1)  # removed in round 1
    misses = MissedOrder.objects.count()
    t.play_until(lambda s: s.phase != "pick", skip={first})
    # the vacant seat's own decisions passed on the defaults, charged to nobody
    while t.state().phase == "pick":
        run_due(now=later(days=30))
    assert MissedOrder.objects.count() == misses


def test_the_creator_may_have_a_bot_play_vacant_seats(seated):
    t = seated(3, time_limit=24 * HOUR)
    t.game.bots_take_vacant_seats = True
    t.game.save()
    first = t.rules.pick_order(t.state())[0]
    run_due(now=later(hours=37), limit=1)
    t.play_until(lambda s: s.turn >= 2, skip={first})
    reasons = set(LogEntry.objects.filter(game=t.game, seat=first).values_list("reason", flat=True))
    assert "bot" in reasons or "bot default" in reasons


@pytest.mark.rule("15.6")
@pytest.mark.site("SITE-QUIT-06")
def test_a_seat_nobody_takes_departs_after_the_limit(seated, settings):
    settings.TRESHAM_VACANT_SEAT_DAYS = 5
    t = seated(3, time_limit=HOUR)
    t.play_until(lambda s: s.turn >= 1 and s.phase not in ("pick", "tax"))
    leaver = 2
    from tresham.platform.clock import absence
    from django.db import transaction
    from tresham.platform.play import services

    with transaction.atomic():
        g = services.lock(t.game.pk)
        absence.quit_seat(g, t.users[leaver])
    (row,) = t.due(Due.Action.DEPART)
    assert _close(row.due_at, Seat.objects.get(game=t.game, index=leaver).vacant_since + dt.timedelta(days=5))
    # six days pass with nobody taking the seat
    with transaction.atomic():
        g = services.lock(t.game.pk)
        Seat.objects.filter(game=g, index=leaver).update(vacant_since=later(days=-6))
        services.reschedule(g)
    assert run_due(limit=1) == 1
    state = t.state()
    assert state.players[leaver].inert
    assert Seat.objects.get(game=t.game, index=leaver).status == Seat.Status.DEPARTED
    assert t.due(Due.Action.DEPART) == []


def _market(state) -> bool:
    return state.phase == "trade" and state.step.get("held") and not state.step.get("closed")


@pytest.mark.site("SITE-MARKET-01", "SITE-MARKET-02", "SITE-MARKET-03", "SITE-MARKET-07", "SITE-TIME-03",
                  "SITE-MARKET-09")
def test_the_market_opens_after_half_a_limit_and_closes_at_players_times_the_limit(seated):
    t = seated(3, time_limit=24 * HOUR)
    t.play_until(_market)
    rows = {r.key.rsplit(":", 1)[-1]: r for r in t.due(Due.Action.TIMER)}
    assert set(rows) == {"embargo", "cutoff"}
    start = rows["embargo"].started_at
    assert rows["cutoff"].started_at == start
    assert _close(rows["embargo"].due_at, start + dt.timedelta(hours=12))
    cutoff_players = t.state().step["cutoff_players"]
    assert _close(rows["cutoff"].due_at, start + dt.timedelta(hours=24 * cutoff_players))
    # nobody in the market has a deadline of his own (SITE-MARKET-09)
    assert not [r for r in t.due(Due.Action.TIMEOUT) if r.decision == "trade"]
    assert run_due(now=start + dt.timedelta(hours=13), limit=1) == 1
    assert t.state().step["market_open"] is True
    assert LogEntry.objects.filter(game=t.game, order__type="market_open", reason="clock").count() == 1
    assert run_due(now=start + dt.timedelta(hours=24 * cutoff_players + 1), limit=1) == 1
    assert t.state().phase != "trade" or t.state().step.get("closed")
    assert LogEntry.objects.filter(game=t.game, order__type="close_market", reason="clock").count() == 1


@pytest.mark.site("SITE-MARKET-04", "SITE-AVAIL-05")
def test_the_cutoff_comes_sooner_as_players_leave_the_market(seated):
    t = seated(4, time_limit=24 * HOUR)

    def inside(state):
        return t.rules.view(state, None)["phase_view"]["in_market"]

    t.play_until(lambda s: _market(s) and len(inside(s)) >= 3)
    (cut,) = [r for r in t.due(Due.Action.TIMER) if r.key.endswith("cutoff")]
    before = t.state().step["cutoff_players"]
    seat = inside(t.state())[0]
    from tresham.platform.play import services

    services.submit(t.game.pk, {"type": "trade_done"}, seat=seat, account=t.users[seat])
    state = t.state()
    assert _market(state)
    after = state.step["cutoff_players"]
    assert after == min(before, len(inside(state))) < before
    (cut2,) = [r for r in t.due(Due.Action.TIMER) if r.key.endswith("cutoff")]
    assert cut2.started_at == cut.started_at  # still measured from the market's start (SZ-18)
    assert _close(cut2.due_at, cut.due_at - dt.timedelta(hours=24 * (before - after)))
    # his later orders do not bring the cutoff back
    services.submit(t.game.pk, {"type": "trade_message", "text": "back"}, seat=seat, account=t.users[seat])
    assert t.state().step["cutoff_players"] == after
