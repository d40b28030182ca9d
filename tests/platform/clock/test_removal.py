"""Removal for missed deadlines (tresham/platform/clock/absence.py: ``missed``, ``threshold``,
``remove``): X consecutive missed deadlines remove the player, X = min(site maximum, round,
players); his own order ends a run; a standing order applied is a missed deadline too. The
games are played on by the bots' orders through the one order path while the site's clock
moves (``wall``), the absent player's deadlines passing for real in the worker."""
from __future__ import annotations

import pytest

from tests.platform.clock.test_quits import Browser
from tests.platform.clock.wallclock import locked, seat_game, wall  # noqa: F401 -- the fixture
from tresham.platform.clock import absence, standing
from tresham.platform.clock.models import MissedOrder, StandingOrder
from tresham.platform.mail.models import Outbox
from tresham.platform.play.models import EventRecord, Game, LogEntry, Seat, Tenure
from tests.helpers import bot_order

pytestmark = pytest.mark.django_db(transaction=True)


def _misses(t, user) -> int:
    return MissedOrder.objects.filter(game=t.game, user=user).count()


def _seat(t, index: int) -> Seat:
    return Seat.objects.get(game=t.game, index=index)


def _round_three(t, wall) -> None:
    """Everyone plays (no deadline passes) until round 3 has begun."""
    t.play_on(wall, lambda s: s.turn >= 3)
    assert t.rules.round(t.state()) == 3
    assert MissedOrder.objects.filter(game=t.game).count() == 0


def _until_missed(t, wall, seat: int, n: int) -> None:
    """The others play, the clock runs, until the holder of ``seat`` has missed ``n``
    deadlines in this game (or lost the seat)."""
    user = t.users[seat]
    t.play_on(wall, lambda s: _misses(t, user) >= n or _seat(t, seat).user_id != user.pk, skip={seat})


# ---- X = min(site maximum, round, players) ------------------------------------------------------------
@pytest.mark.site("SITE-REMOVE-02")
def test_the_threshold_is_the_least_of_the_site_maximum_the_round_and_the_players(make_user, wall, settings):
    three = seat_game(make_user, 3, seed="removal-x3")
    two = seat_game(make_user, 2, seed="removal-x2")
    state = three.state()
    settings.TRESHAM_REMOVAL_MAX = 3
    assert [absence.threshold(three.game, three.rules, state, r) for r in (1, 2, 3, 4, 9)] == [1, 2, 3, 3, 3]
    assert [absence.threshold(two.game, two.rules, two.state(), r) for r in (1, 2, 3, 9)] == [1, 2, 2, 2]
    settings.TRESHAM_REMOVAL_MAX = 2
    assert [absence.threshold(three.game, three.rules, state, r) for r in (1, 2, 3, 9)] == [1, 2, 2, 2]
    settings.TRESHAM_REMOVAL_MAX = 5
    assert [absence.threshold(three.game, three.rules, state, r) for r in (4, 5)] == [3, 3]
    # without a round given: the game's own (round 1 while nations are chosen)
    assert three.rules.round(state) == 1 and absence.threshold(three.game, three.rules, state) == 1


@pytest.mark.site("SITE-REMOVE-01", "SITE-REMOVE-02", "SITE-TIME-04", "SITE-QUIT-03")
def test_in_round_three_two_missed_deadlines_do_not_remove_him_and_the_third_does(make_user, wall, settings):
    settings.TRESHAM_REMOVAL_MAX = 3
    t = seat_game(make_user, 3, seed="removal-r3")
    _round_three(t, wall)
    absent = 1
    user = t.users[absent]

    _until_missed(t, wall, absent, 1)
    assert _misses(t, user) == 1 and t.rules.round(t.state()) >= 3
    seat = _seat(t, absent)
    assert (seat.user, seat.missed_in_a_row) == (user, 1)
    assert LogEntry.objects.filter(game=t.game, seat=absent, reason="timeout").count() == 1

    _until_missed(t, wall, absent, 2)
    seat = _seat(t, absent)
    assert (seat.user, seat.status, seat.missed_in_a_row) == (user, Seat.Status.PLAYING, 2)
    assert Tenure.objects.get(game=t.game, user=user).ended_at is None
    assert not EventRecord.objects.filter(game=t.game, kind="seat_opened").exists()

    _until_missed(t, wall, absent, 3)
    assert _misses(t, user) == 3
    seat = _seat(t, absent)
    assert (seat.user, seat.status, seat.missed_in_a_row) == (None, Seat.Status.OPEN, 0)
    assert seat.vacant_since == wall()
    assert Tenure.objects.get(game=t.game, user=user).ended == Tenure.End.REMOVED
    (event,) = EventRecord.objects.filter(game=t.game, kind="seat_opened")
    assert event.text == (f"{user.username} is removed from the game (missed 3 deadlines in a row); the seat awaits "
                          "a replacement.")
    # everyone is told by mail, he too
    assert sorted(Outbox.objects.filter(kind="removed", game=t.game).values_list("user_id", flat=True)) == sorted(
        u.pk for u in t.users)
    # over HTTP: he is an onlooker of the game now, and the seat is in everyone's Open list
    his = Browser(user)
    got = his.api_get(f"/api/games/{t.game.pk}")
    assert got["your_seat"] is None and "hand" not in got["view"]["players"][absent]
    assert his.api_get("/api/quit") == {"games": []}
    (row,) = [g for g in Browser(make_user("someone")).api_get("/api/lobby/games?tab=open")["games"]
              if g["id"] == t.game.pk]
    assert row["replacement"] is True and row["seats"][absent]["open"] is True


@pytest.mark.site("SITE-REMOVE-01", "SITE-REMOVE-02")
@pytest.mark.parametrize("players,site_max,x", [(4, 2, 2), (2, 3, 2)])
def test_in_round_three_the_site_maximum_or_the_player_count_may_be_the_lesser(make_user, wall, settings,
                                                                              players, site_max, x):
    settings.TRESHAM_REMOVAL_MAX = site_max
    t = seat_game(make_user, players, seed=f"removal-{players}-{site_max}")
    _round_three(t, wall)
    absent = 0
    user = t.users[absent]
    _until_missed(t, wall, absent, x - 1)
    assert (_seat(t, absent).user, _seat(t, absent).missed_in_a_row) == (user, x - 1)
    _until_missed(t, wall, absent, x)
    assert _misses(t, user) == x and _seat(t, absent).user is None
    assert Tenure.objects.get(game=t.game, user=user).ended == Tenure.End.REMOVED


@pytest.mark.site("SITE-REMOVE-01")
def test_his_own_order_between_misses_starts_the_run_again(make_user, wall, settings):
    settings.TRESHAM_REMOVAL_MAX = 3
    t = seat_game(make_user, 3, seed="removal-reset")
    _round_three(t, wall)
    absent = 2
    user = t.users[absent]
    _until_missed(t, wall, absent, 2)
    assert _seat(t, absent).missed_in_a_row == 2
    # he comes back: his own order, given over the API (CSRF token and all)
    t.play_on(wall, lambda s: absent in t.owed(), skip={absent})
    assert _misses(t, user) == 2
    order = bot_order(t.rules, t.state(), absent, "back")
    assert not t.rules.is_site_order(order)
    r = Browser(user).api_post(f"/api/games/{t.game.pk}/orders", {"order": order})
    assert r.status_code == 201, r.content
    assert _seat(t, absent).missed_in_a_row == 0
    # two more misses: 4 in all, but only 2 in a row -- he stays
    _until_missed(t, wall, absent, 4)
    seat = _seat(t, absent)
    assert (seat.user, seat.missed_in_a_row) == (user, 2)
    # the third in a row removes him
    _until_missed(t, wall, absent, 5)
    assert _misses(t, user) == 5 and _seat(t, absent).user is None
    assert "missed 3 deadlines in a row" in EventRecord.objects.get(game=t.game, kind="seat_opened").text


@pytest.mark.site("SITE-REMOVE-01", "SITE-TIME-04")
def test_a_standing_order_applied_at_his_deadline_counts_as_a_missed_deadline(make_user, wall, settings):
    settings.TRESHAM_REMOVAL_MAX = 3
    t = seat_game(make_user, 3, seed="removal-standing")
    _round_three(t, wall)
    absent = 1
    user = t.users[absent]
    # his standing orders for the decisions of every turn: moving nothing, maintaining all ships
    standing.set_order(t.game.pk, user, "move", {"entered": "none", "otherwise": "stay"})
    standing.set_order(t.game.pk, user, "ships", {"keep": "all", "pay": "treasury_first"})
    t.play_on(wall, lambda s: MissedOrder.objects.filter(game=t.game, user=user, standing=True).exists(),
              skip={absent})
    applied = LogEntry.objects.filter(game=t.game, seat=absent, reason="standing order")
    assert applied.count() == 1
    misses = list(MissedOrder.objects.filter(game=t.game, user=user).order_by("pk").values_list("standing", flat=True))
    assert misses[-1] is True
    assert _seat(t, absent).missed_in_a_row == len(misses)
    assert EventRecord.objects.filter(game=t.game, kind="standing_order", to__isnull=True,
                                      text__contains="standing order was applied").count() == 1
    # standing orders or defaults, three in a row remove him -- and his standing orders go with him
    _until_missed(t, wall, absent, 3)
    assert _misses(t, user) == 3 and _seat(t, absent).user is None
    assert not StandingOrder.objects.filter(game=t.game, user=user).exists()
    assert Tenure.objects.get(game=t.game, user=user).ended == Tenure.End.REMOVED


@pytest.mark.site("SITE-REMOVE-01", "SITE-REMOVE-02")
def test_missed_charges_the_holder_and_removes_him_at_the_threshold(make_user, wall, settings):
    """The function the worker calls, on its own: each call is one missed deadline; the round
    given is the one the deadline fell in."""
    settings.TRESHAM_REMOVAL_MAX = 3
    t = seat_game(make_user, 3, seed="removal-unit")
    user = t.users[0]
    seat = _seat(t, 0)
    assert locked(t.game.pk, lambda g: absence.missed(g, seat, "move", standing=False, round_number=3)) is False
    assert locked(t.game.pk, lambda g: absence.missed(g, seat, "ships", standing=True, round_number=3)) is False
    assert _seat(t, 0).missed_in_a_row == 2
    assert list(MissedOrder.objects.filter(user=user).order_by("pk").values_list("decision", "standing", "seat")) == [
        ("move", False, 0), ("ships", True, 0)]
    assert locked(t.game.pk, lambda g: absence.missed(g, seat, "move", standing=False, round_number=3)) is True
    assert _seat(t, 0).user is None
    assert "missed 3 deadlines in a row" in EventRecord.objects.get(game=t.game, kind="seat_opened").text
    # nobody holds the seat now: a missed deadline of the open seat charges no one (SZ-13)
    before = MissedOrder.objects.count()
    assert locked(t.game.pk, lambda g: absence.missed(g, _seat(t, 0), "move", standing=False)) is False
    assert MissedOrder.objects.count() == before
    # in round 1 one miss is enough
    other = t.users[1]
    assert locked(t.game.pk, lambda g: absence.missed(g, _seat(t, 1), "pick", standing=False, round_number=1)) is True
    assert _seat(t, 1).user is None and Tenure.objects.get(game=t.game, user=other).ended == Tenure.End.REMOVED
    t.game.refresh_from_db()
    assert t.game.status == Game.Status.ACTIVE
