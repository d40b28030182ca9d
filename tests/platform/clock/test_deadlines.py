"""The clock's arithmetic (tresham/platform/clock/deadlines.py): time limits, the 1.5 × of the
first player, availability read on the player's wall clock across daylight-saving changes,
pauses, the cap of availability moves, the trade embargo and cutoff (with the manual's worked
example), "no time limit" and the removal threshold. Pure functions: no database."""
from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tresham.platform.clock.deadlines import (
    DEFAULT_CAP,
    FIRST_PLAYER_FACTOR,
    Availability,
    Deadline,
    Pause,
    Window,
    extend_for_pauses,
    is_available,
    market_cutoff,
    next_available,
    personal_deadline,
    removal_threshold,
)

UTC = dt.timezone.utc
PARIS = ZoneInfo("Europe/Paris")
NEW_YORK = ZoneInfo("America/New_York")
H = dt.timedelta(hours=1)
DAY = dt.timedelta(days=1)
#: The trade embargo's share of a time limit: the game's timer (Advanced Civilization's
#: ``Timer(..., 0.5)``, SITE-MARKET-01), which the clock's schedule adds to the market's start
#: and moves out of the pauses with ``extend_for_pauses`` alone.
EMBARGO = 0.5


def utc(*args: int) -> dt.datetime:
    return dt.datetime(*args, tzinfo=UTC)


def paris(*args: int) -> dt.datetime:
    return dt.datetime(*args, tzinfo=PARIS)


def w(start: str, end: str) -> Window:
    return Window(dt.time.fromisoformat(start), dt.time.fromisoformat(end))


def avail(zone: ZoneInfo, *windows: tuple[str, str], who: str = "") -> Availability:
    return Availability(zone, tuple(w(s, e) for s, e in windows), who)


# ---- availability on the wall clock ---------------------------------------------------------

@pytest.mark.site("SITE-AVAIL-01")
def test_a_window_is_read_on_the_players_clock_start_included_end_excluded():
    a = avail(NEW_YORK, ("13:00", "15:00"))
    # 1 July 2027: New York is UTC-4, so the window is 17:00-19:00 UTC
    assert not is_available(utc(2027, 7, 1, 16, 59), a)
    assert is_available(utc(2027, 7, 1, 17, 0), a)
    assert is_available(utc(2027, 7, 1, 18, 59, 59), a)
    assert not is_available(utc(2027, 7, 1, 19, 0), a)
    # in January it is UTC-5: 18:00-20:00 UTC
    assert is_available(utc(2027, 1, 10, 19, 30), a)
    assert not is_available(utc(2027, 1, 10, 17, 30), a)
    assert next_available(utc(2027, 1, 10, 12, 0), a) == utc(2027, 1, 10, 18, 0)
    assert next_available(utc(2027, 7, 1, 20, 0), a) == utc(2027, 7, 2, 17, 0)
    # the answer is in UTC, and an available moment is its own answer
    assert next_available(dt.datetime(2027, 7, 1, 13, 30, tzinfo=NEW_YORK), a).tzinfo is UTC
    assert next_available(dt.datetime(2027, 7, 1, 13, 30, tzinfo=NEW_YORK), a) == utc(2027, 7, 1, 17, 30)


@pytest.mark.site("SITE-AVAIL-01")
def test_no_windows_means_always_available():
    for a in (None, Availability(PARIS, ())):
        assert is_available(utc(2027, 3, 1, 4, 0), a)
        assert next_available(utc(2027, 3, 1, 4, 0, 7), a) == utc(2027, 3, 1, 4, 0, 7)


@pytest.mark.site("SITE-AVAIL-01", "SITE-AVAIL-02")
def test_a_window_across_midnight():
    a = avail(PARIS, ("22:00", "02:00"))  # January: Paris is UTC+1
    assert is_available(paris(2027, 1, 15, 23, 30), a)
    assert is_available(paris(2027, 1, 16, 0, 0), a)
    assert is_available(paris(2027, 1, 16, 1, 59), a)
    assert not is_available(paris(2027, 1, 16, 2, 0), a)
    assert not is_available(paris(2027, 1, 15, 21, 59), a)
    assert next_available(paris(2027, 1, 16, 2, 0), a) == utc(2027, 1, 16, 21, 0)
    # several windows: the nearest start wins
    b = avail(PARIS, ("22:00", "02:00"), ("07:00", "08:00"))
    assert next_available(paris(2027, 1, 16, 2, 0), b) == utc(2027, 1, 16, 6, 0)


@pytest.mark.site("SITE-AVAIL-01", "SITE-AVAIL-02")
def test_a_window_starting_in_the_hour_skipped_in_spring_begins_when_the_clock_resumes():
    # Paris, Sunday 29 March 2026: 02:00 CET becomes 03:00 CEST (01:00 UTC); 02:30 does not exist
    a = avail(PARIS, ("02:30", "04:00"))
    assert not is_available(utc(2026, 3, 29, 0, 59), a)  # 01:59 CET
    assert next_available(utc(2026, 3, 28, 23, 0), a) == utc(2026, 3, 29, 1, 0)  # 03:00 CEST
    assert is_available(utc(2026, 3, 29, 1, 59), a)  # 03:59 CEST
    assert not is_available(utc(2026, 3, 29, 2, 0), a)  # 04:00 CEST
    # the next day the window is whole again: 02:30 CEST = 00:30 UTC
    assert next_available(utc(2026, 3, 29, 2, 0), a) == utc(2026, 3, 30, 0, 30)
    # New York, Sunday 14 March 2027: 02:00 EST becomes 03:00 EDT (07:00 UTC)
    b = avail(NEW_YORK, ("02:30", "03:30"))
    assert next_available(utc(2027, 3, 14, 5, 0), b) == utc(2027, 3, 14, 7, 0)  # 03:00 EDT
    assert not is_available(utc(2027, 3, 14, 7, 30), b)  # 03:30 EDT: only half an hour that night


@pytest.mark.site("SITE-AVAIL-02")
def test_a_window_wholly_inside_the_skipped_hour_does_not_occur_that_day():
    a = avail(PARIS, ("02:10", "02:50"))
    # 29 March 2026 the clock never shows 02:10-02:50: the next one is 30 March 02:10 CEST
    assert next_available(utc(2026, 3, 28, 22, 0), a) == utc(2026, 3, 30, 0, 10)
    assert not any(is_available(utc(2026, 3, 29, 0, 0) + k * dt.timedelta(minutes=1), a)
                   for k in range(24 * 60))


@pytest.mark.site("SITE-AVAIL-01", "SITE-AVAIL-02")
def test_a_window_on_the_night_an_hour_happens_twice():
    # New York, Sunday 1 November 2026: 02:00 EDT becomes 01:00 EST (06:00 UTC)
    a = avail(NEW_YORK, ("01:30", "03:00"))
    assert next_available(utc(2026, 11, 1, 4, 0), a) == utc(2026, 11, 1, 5, 30)  # first 01:30 (EDT)
    assert is_available(utc(2026, 11, 1, 5, 59), a)  # 01:59 EDT
    # the clock goes back to 01:00 (EST): outside the window until it shows 01:30 again
    assert not is_available(utc(2026, 11, 1, 6, 10), a)
    assert next_available(utc(2026, 11, 1, 6, 10), a) == utc(2026, 11, 1, 6, 30)  # second 01:30 (EST)
    assert is_available(utc(2026, 11, 1, 7, 59), a)  # 02:59 EST
    assert not is_available(utc(2026, 11, 1, 8, 0), a)  # 03:00 EST
    # the clock jumping back into a window is the moment the player becomes available
    b = avail(NEW_YORK, ("00:30", "01:15"))
    assert not is_available(utc(2026, 11, 1, 5, 20), b)  # 01:20 EDT
    assert next_available(utc(2026, 11, 1, 5, 20), b) == utc(2026, 11, 1, 6, 0)  # 01:00 EST
    # Paris, Sunday 25 October 2026: 03:00 CEST becomes 02:00 CET (01:00 UTC)
    c = avail(PARIS, ("02:30", "02:45"))
    assert next_available(utc(2026, 10, 25, 0, 0), c) == utc(2026, 10, 25, 0, 30)  # 02:30 CEST
    assert next_available(utc(2026, 10, 25, 0, 45), c) == utc(2026, 10, 25, 1, 30)  # 02:30 CET


@pytest.mark.site("SITE-AVAIL-02")
def test_the_next_window_after_a_23_or_25_hour_day_is_at_its_wall_clock_time():
    a = avail(PARIS, ("09:00", "10:00"))
    # from 10:00 CET on Saturday 28 March 2026 to 09:00 CEST on Sunday: 22 real hours
    assert next_available(utc(2026, 3, 28, 9, 0), a) == utc(2026, 3, 29, 7, 0)
    # from 10:00 CEST on Saturday 24 October 2026 to 09:00 CET on Sunday: 24 real hours
    assert next_available(utc(2026, 10, 24, 8, 0), a) == utc(2026, 10, 25, 8, 0)
    # and from Sunday's window to Monday's, across the 25-hour day: 25 real hours
    assert next_available(utc(2026, 10, 25, 9, 0), a) == utc(2026, 10, 26, 8, 0)


# ---- time limits ----------------------------------------------------------------------------

@pytest.mark.site("SITE-TIME-01")
def test_the_limit_runs_from_the_start_8am_in_a_12_hour_game_is_due_at_8pm():
    d = personal_deadline(paris(2027, 6, 1, 8, 0), 12 * H, 1, None, [])
    assert d == Deadline(at=utc(2027, 6, 1, 18, 0), base=utc(2027, 6, 1, 18, 0), reasons=[], capped=False)
    assert d.at.astimezone(PARIS) == paris(2027, 6, 1, 20, 0)


@pytest.mark.site("SITE-TIME-02")
def test_the_first_player_of_a_phase_gets_one_and_a_half_times_the_limit():
    assert FIRST_PLAYER_FACTOR == 1.5
    start = utc(2027, 6, 1, 8, 0)
    first = personal_deadline(start, 24 * H, FIRST_PLAYER_FACTOR, None, [])
    other = personal_deadline(start, 24 * H, 1, None, [])
    assert first.at == utc(2027, 6, 2, 20, 0)  # 36 hours
    assert other.at == utc(2027, 6, 2, 8, 0)


@pytest.mark.site("SITE-TIME-01")
def test_a_limit_is_elapsed_time_across_a_daylight_saving_change():
    # 24 hours from 08:00 CET on 28 March 2026 is 09:00 CEST on the 29th (the clock skipped an hour)
    d = personal_deadline(paris(2026, 3, 28, 8, 0), 24 * H, 1, None, [])
    assert d.at == utc(2026, 3, 29, 7, 0)
    assert d.at.astimezone(PARIS) == paris(2026, 3, 29, 9, 0)
    # 24 hours from noon EDT on 31 October 2026 is 11:00 EST on 1 November
    d = personal_deadline(dt.datetime(2026, 10, 31, 12, 0, tzinfo=NEW_YORK), 24 * H, 1, None, [])
    assert d.at == utc(2026, 11, 1, 16, 0)
    assert d.at.astimezone(NEW_YORK).hour == 11
    # a deadline moved to a window on the change day: 09:00 CEST, not 24 hours after Saturday's
    d = personal_deadline(paris(2026, 3, 28, 0, 0), 12 * H, 1, avail(PARIS, ("09:00", "10:00")), [])
    assert (d.base, d.at) == (utc(2026, 3, 28, 11, 0), utc(2026, 3, 29, 7, 0))
    assert d.reasons == ["moved to Sun 29 Mar 2026 09:00 CEST when you are available"]


@pytest.mark.site("SITE-TIME-01", "SITE-TIME-02")
def test_a_phase_longer_than_30_days():
    d = personal_deadline(utc(2027, 1, 1, 0, 0), dt.timedelta(days=45), FIRST_PLAYER_FACTOR, None, [])
    assert d.at == utc(2027, 3, 9, 12, 0)  # 67.5 days
    # the trade market of an 8-player game with a 7-day limit: 56 days
    c = market_cutoff(utc(2027, 1, 1, 0, 0), dt.timedelta(days=7), 8, [None] * 8, [])
    assert c.at == c.base == utc(2027, 2, 26, 0, 0)
    assert extend_for_pauses(utc(2027, 1, 1, 0, 0) + dt.timedelta(days=7) * EMBARGO, []) == utc(2027, 1, 4, 12, 0)


@pytest.mark.site("SITE-TIME-05", "SITE-CREATE-07")
def test_no_time_limit_means_no_deadline():
    start = utc(2027, 6, 1, 8, 0)
    a = avail(PARIS, ("09:00", "10:00"))
    pause = [Pause(start, start + DAY, "travel")]
    assert personal_deadline(start, None, 1, a, pause) is None
    assert personal_deadline(start, None, FIRST_PLAYER_FACTOR, None, []) is None
    assert market_cutoff(start, None, 8, [a], pause) is None
    assert extend_for_pauses(None, pause) is None


# ---- availability moves a personal deadline -------------------------------------------------

@pytest.mark.site("SITE-AVAIL-01", "SITE-AVAIL-02")
def test_a_deadline_outside_the_players_windows_moves_to_his_next_window():
    a = avail(PARIS, ("09:00", "12:00"), ("18:00", "23:00"))
    # base 08:00 CEST on Wednesday 2 June 2027 -> 09:00 CEST
    d = personal_deadline(paris(2027, 6, 1, 20, 0), 12 * H, 1, a, [])
    assert (d.base, d.at, d.capped) == (utc(2027, 6, 2, 6, 0), utc(2027, 6, 2, 7, 0), False)
    assert d.reasons == ["moved to Wed 2 Jun 2027 09:00 CEST when you are available"]
    # a base inside a window stays
    d = personal_deadline(paris(2027, 6, 1, 8, 0), 12 * H, 1, a, [])
    assert (d.at, d.reasons) == (utc(2027, 6, 1, 18, 0), [])
    # a named player is named
    d = personal_deadline(paris(2027, 6, 1, 20, 0), 12 * H, 1, avail(PARIS, ("09:00", "12:00"), who="Bob"), [])
    assert d.reasons == ["moved to Wed 2 Jun 2027 09:00 CEST when Bob is available"]


# ---- pauses ---------------------------------------------------------------------------------

@pytest.mark.site("SITE-PAUSE-03")
def test_a_deadline_inside_a_pause_moves_to_its_end_however_long_the_pause():
    start = utc(2027, 6, 1, 8, 0)
    pause = Pause(utc(2027, 6, 1, 12, 0), utc(2027, 6, 22, 12, 0), "holiday", "Bob")  # three weeks
    assert extend_for_pauses(utc(2027, 6, 2, 8, 0), [pause]) == utc(2027, 6, 22, 12, 0)
    assert extend_for_pauses(utc(2027, 6, 1, 12, 0), [pause]) == utc(2027, 6, 22, 12, 0)  # its first moment
    assert extend_for_pauses(utc(2027, 6, 22, 12, 0), [pause]) == utc(2027, 6, 22, 12, 0)  # over at its end
    d = personal_deadline(start, 24 * H, 1, None, [pause])
    assert (d.at, d.capped) == (utc(2027, 6, 22, 12, 0), False)  # a pause is never capped
    assert d.reasons == ["moved past Bob's pause (holiday) ending Tue 22 Jun 2027 12:00 UTC"]


@pytest.mark.site("SITE-PAUSE-03")
def test_a_deadline_after_the_end_of_a_pause_stays_where_it_was():
    # the game is not frozen: a pause that ends before the deadline does not move it
    start = utc(2027, 6, 1, 8, 0)
    pause = Pause(utc(2027, 6, 1, 10, 0), utc(2027, 6, 2, 10, 0), "illness")
    d = personal_deadline(start, 48 * H, 1, None, [pause])
    assert (d.at, d.reasons) == (utc(2027, 6, 3, 8, 0), [])
    # nor one that starts after it
    later = Pause(utc(2027, 6, 3, 8, 0, 1), utc(2027, 6, 9), "")
    assert personal_deadline(start, 48 * H, 1, None, [later]).at == utc(2027, 6, 3, 8, 0)


@pytest.mark.site("SITE-PAUSE-03")
def test_overlapping_and_adjacent_pauses_move_the_deadline_past_them_all():
    bob = Pause(utc(2027, 6, 1), utc(2027, 6, 3), "travel", "Bob")
    carol = Pause(utc(2027, 6, 2), utc(2027, 6, 5), "holiday", "Carol")
    dave = Pause(utc(2027, 6, 5), utc(2027, 6, 6, 6, 0), "", "Dave")  # starts as Carol's ends
    inner = Pause(utc(2027, 6, 2, 12), utc(2027, 6, 2, 13), "", "Eve")  # wholly inside Bob's
    assert extend_for_pauses(utc(2027, 6, 1, 9), [dave, inner, carol, bob]) == utc(2027, 6, 6, 6, 0)
    assert extend_for_pauses(utc(2027, 6, 2, 12, 30), [inner]) == utc(2027, 6, 2, 13)
    d = personal_deadline(utc(2027, 5, 31, 9), 24 * H, 1, None, [dave, inner, carol, bob])
    assert d.at == utc(2027, 6, 6, 6, 0)
    assert d.reasons == ["moved past Bob's pause (travel) ending Thu 3 Jun 2027 00:00 UTC",
                         "moved past Carol's pause (holiday) ending Sat 5 Jun 2027 00:00 UTC",
                         "moved past Dave's pause ending Sun 6 Jun 2027 06:00 UTC"]
    # in the player's zone when he has one
    d = personal_deadline(utc(2027, 5, 31, 9), 24 * H, 1, Availability(PARIS), [bob])
    assert d.reasons == ["moved past Bob's pause (travel) ending Thu 3 Jun 2027 02:00 CEST"]


@pytest.mark.site("SITE-PAUSE-03", "SITE-AVAIL-02")
def test_pauses_and_availability_are_applied_until_neither_moves_the_deadline():
    a = avail(PARIS, ("09:00", "10:00"))  # 07:00-08:00 UTC in June
    start = utc(2027, 6, 1, 10, 0)
    # the base (2 June 10:00 UTC) is in a pause ending at 3 June 07:30 UTC: inside the window
    p = Pause(utc(2027, 6, 2, 0, 0), utc(2027, 6, 3, 7, 30), "", "Bob")
    d = personal_deadline(start, 24 * H, 1, a, [p])
    assert d.at == utc(2027, 6, 3, 7, 30)
    assert d.reasons == ["moved to Thu 3 Jun 2027 09:00 CEST when you are available",
                         "moved past Bob's pause ending Thu 3 Jun 2027 09:30 CEST"]
    # ending at 08:30 UTC, after the window: on to the next morning's window
    p = Pause(utc(2027, 6, 2, 0, 0), utc(2027, 6, 3, 8, 30), "", "Bob")
    d = personal_deadline(start, 24 * H, 1, a, [p])
    assert d.at == utc(2027, 6, 4, 7, 0)
    assert d.reasons == ["moved to Thu 3 Jun 2027 09:00 CEST when you are available",
                         "moved past Bob's pause ending Thu 3 Jun 2027 10:30 CEST",
                         "moved to Fri 4 Jun 2027 09:00 CEST when you are available"]
    # a window start falling in a later pause: past the pause, then the window after it
    q = Pause(utc(2027, 6, 3, 6, 0), utc(2027, 6, 3, 12, 0), "", "Carol")
    d = personal_deadline(start, 24 * H, 1, a, [q])
    assert d.at == utc(2027, 6, 4, 7, 0)
    assert not d.capped


@pytest.mark.site("SITE-AVAIL-02", "SITE-PAUSE-03")
def test_availability_may_not_move_a_deadline_more_than_a_week_beyond_its_base():
    # Bob's window (09:00-10:00 CEST) is inside a daily pause of Carol's every morning
    a = avail(PARIS, ("09:00", "10:00"))
    mornings = [Pause(utc(2027, 6, day, 6, 0), utc(2027, 6, day, 8, 0), "school run", "Carol")
                for day in range(2, 20)]
    d = personal_deadline(utc(2027, 5, 31, 12, 0), 24 * H, 1, a, mornings)
    assert d.base == utc(2027, 6, 1, 12, 0)
    # 7 days outside pauses after the base, plus the 7 two-hour pauses inside them
    assert d.at == utc(2027, 6, 9, 2, 0)
    assert d.capped
    assert d.reasons[:2] == ["moved to Wed 2 Jun 2027 09:00 CEST when you are available",
                             "moved past Carol's pause (school run) ending Wed 2 Jun 2027 10:00 CEST"]
    assert len(d.reasons) == 15
    assert d.reasons[-1] == "availability would move this deadline more than 7 days; capped at " \
                            "Wed 9 Jun 2027 04:00 CEST"
    # a smaller cap: availability alone (a window 23 hours away) is cut at base + cap
    d = personal_deadline(utc(2027, 6, 1, 0, 0), 8 * H, 1, a, [], cap=12 * H)
    assert (d.base, d.at, d.capped) == (utc(2027, 6, 1, 8, 0), utc(2027, 6, 1, 20, 0), True)
    assert d.reasons == ["availability would move this deadline more than 12 hours; capped at "
                         "Tue 1 Jun 2027 22:00 CEST"]
    assert DEFAULT_CAP == dt.timedelta(days=7)


# ---- the trade market -----------------------------------------------------------------------

@pytest.mark.site("SITE-MARKET-01")
def test_the_market_opens_after_half_the_time_limit():
    # SZ-02: a 48-hour limit gives a 24-hour embargo
    start = utc(2027, 6, 1, 8, 0)
    assert extend_for_pauses(start + 48 * H * EMBARGO, []) == utc(2027, 6, 2, 8, 0)
    assert extend_for_pauses(start + 12 * H * EMBARGO, []) == utc(2027, 6, 1, 14, 0)


@pytest.mark.site("SITE-PAUSE-04", "SITE-MARKET-08")
def test_a_pause_delays_the_market_opening_out_of_its_range():
    start = utc(2027, 6, 1, 8, 0)
    p = Pause(utc(2027, 6, 2), utc(2027, 6, 4, 18, 0), "travel", "Bob")
    base = start + 48 * H * EMBARGO
    assert (base, extend_for_pauses(base, [p])) == (utc(2027, 6, 2, 8, 0), utc(2027, 6, 4, 18, 0))
    # a pause over before the opening leaves it alone
    early = Pause(utc(2027, 6, 1, 9), utc(2027, 6, 2, 7, 59), "", "Bob")
    assert extend_for_pauses(base, [early]) == utc(2027, 6, 2, 8, 0)


@pytest.mark.site("SITE-TIME-03", "SITE-MARKET-03")
def test_the_cutoff_is_players_times_the_limit_from_the_start_of_the_trade_phase():
    start = utc(2027, 6, 1, 8, 0)
    # 9 players, 24 hours: 9 days
    assert market_cutoff(start, 24 * H, 9, [None] * 9, []).at == utc(2027, 6, 10, 8, 0)
    # SZ-02: 8 players, 48 hours: 384 hours
    c = market_cutoff(start, 48 * H, 8, [None] * 8, [])
    assert c.at - start == dt.timedelta(hours=384)
    assert (c.at, c.reasons, c.capped) == (utc(2027, 6, 17, 8, 0), [], False)


@pytest.mark.site("SITE-AVAIL-03", "SITE-AVAIL-04", "SITE-MARKET-06")
def test_the_manuals_worked_example_each_player_examined_once_in_order():
    # base 12:00 noon (Paris); A 13:00-15:00, B 14:00-18:00, C 11:00-13:00
    a = avail(PARIS, ("13:00", "15:00"), who="A")
    b = avail(PARIS, ("14:00", "18:00"), who="B")
    c = avail(PARIS, ("11:00", "13:00"), who="C")
    start = paris(2027, 5, 29, 12, 0)  # 3 players, 24 hours: base Tuesday 1 June 12:00
    d = market_cutoff(start, 24 * H, 3, [a, b, c], [])
    assert d.base == paris(2027, 6, 1, 12, 0)
    assert d.at == paris(2027, 6, 2, 11, 0)  # 11:00 the next day, outside A's and B's windows
    assert not is_available(d.at, a) and not is_available(d.at, b)
    assert d.reasons == ["moved to Tue 1 Jun 2027 13:00 CEST when A is available",
                         "moved to Tue 1 Jun 2027 14:00 CEST when B is available",
                         "moved to Wed 2 Jun 2027 11:00 CEST when C is available"]
    # SZ-11: in the order C, A, B the result is 14:00 the same day (C finds noon inside his window)
    d = market_cutoff(start, 24 * H, 3, [c, a, b], [])
    assert d.at == paris(2027, 6, 1, 14, 0)
    assert len(d.reasons) == 2
    # unnamed players are named by their place in the market
    d = market_cutoff(start, 24 * H, 3, [None, Availability(PARIS, a.windows), c], [])
    assert d.reasons == ["moved to Tue 1 Jun 2027 13:00 CEST when player 2 in the market is available",
                         "moved to Wed 2 Jun 2027 11:00 CEST when C is available"]  # 13:00 ends C's window


@pytest.mark.site("SITE-AVAIL-03")
def test_the_cutoff_is_never_earlier_than_its_base_and_players_may_live_in_other_zones():
    # C's window of the same day (11:00) is before the base: the next one counts
    c = avail(PARIS, ("11:00", "11:30"), who="C")
    d = market_cutoff(paris(2027, 5, 31, 12, 0), 24 * H, 1, [c], [])
    assert d.at == paris(2027, 6, 2, 11, 0)
    # a New Yorker available 09:00-10:00 EDT (15:00-16:00 Paris time)
    ny = avail(NEW_YORK, ("09:00", "10:00"), who="Dan")
    d = market_cutoff(paris(2027, 5, 31, 12, 0), 24 * H, 1, [ny], [])
    assert d.at == paris(2027, 6, 1, 15, 0)
    assert d.reasons == ["moved to Tue 1 Jun 2027 09:00 EDT when Dan is available"]


@pytest.mark.site("SITE-MARKET-04", "SITE-MARKET-05", "SITE-AVAIL-05", "SITE-MARKET-06")
def test_the_cutoff_shrinks_as_players_leave_and_reentering_changes_nothing():
    start = utc(2027, 6, 1, 8, 0)
    limit = 48 * H
    # the game keeps the count, the lesser of its count and the players still in the market
    # (Advanced Civilization: tests/advciv/rules/test_trade.py, SITE-MARKET-04/05)
    assert market_cutoff(start, limit, 8, [None] * 8, []).at == utc(2027, 6, 17, 8, 0)
    # after 24 hours one leaves: 7 × 48 h, still measured from the start of the trade phase (SZ-18)
    assert market_cutoff(start, limit, 7, [None] * 7, []).at == utc(2027, 6, 15, 8, 0)
    # he comes back: 8 in the market again, the count stays at 7, and so does the cutoff
    assert market_cutoff(start, limit, 7, [None] * 8, []).at == utc(2027, 6, 15, 8, 0)
    # recomputed with only the players still in the market: the worked example once C has left
    a = avail(PARIS, ("13:00", "15:00"), who="A")
    b = avail(PARIS, ("14:00", "18:00"), who="B")
    c = avail(PARIS, ("11:00", "13:00"), who="C")
    begin = paris(2027, 5, 29, 12, 0)
    assert market_cutoff(begin, 24 * H, 3, [a, b, c], []).at == paris(2027, 6, 2, 11, 0)
    d = market_cutoff(begin, 24 * H, 2, [a, b], [])
    assert (d.base, d.at) == (paris(2027, 5, 31, 12, 0), paris(2027, 5, 31, 14, 0))


@pytest.mark.site("SITE-MARKET-06", "SITE-PAUSE-03")
def test_a_pause_holds_the_cutoff_out_of_its_range_before_and_after_the_availability_pass():
    a = avail(PARIS, ("13:00", "15:00"), who="A")
    b = avail(PARIS, ("14:00", "18:00"), who="B")
    c = avail(PARIS, ("11:00", "13:00"), who="C")
    begin = paris(2027, 5, 29, 12, 0)
    # the base (noon) is in Bob's pause until 13:30: A finds 13:30 inside, B moves it to 14:00
    p = Pause(paris(2027, 6, 1, 9, 0), paris(2027, 6, 1, 13, 30), "", "Bob")
    d = market_cutoff(begin, 24 * H, 3, [a, b], [p])
    assert d.at == paris(2027, 6, 1, 14, 0)
    assert d.reasons == ["moved past Bob's pause ending Tue 1 Jun 2027 11:30 UTC",
                         "moved to Tue 1 Jun 2027 14:00 CEST when B is available"]
    # the availability pass ends at 11:00 the next day inside Carol's pause: moved past it
    q = Pause(paris(2027, 6, 2, 10, 0), paris(2027, 6, 2, 12, 15), "", "Carol")
    d = market_cutoff(begin, 24 * H, 3, [a, b, c], [q])
    assert d.at == paris(2027, 6, 2, 12, 15)
    assert d.reasons[-1] == "moved past Carol's pause ending Wed 2 Jun 2027 10:15 UTC"


@pytest.mark.site("SITE-AVAIL-03")
def test_availability_may_not_move_the_cutoff_more_than_a_week():
    # eight players, each available half an hour a little earlier than the one before:
    # each moves the cutoff 23 hours, 184 hours in all: capped at 168
    windows = [avail(PARIS, (f"{h:02d}:00", f"{h:02d}:30"), who=f"P{h}") for h in range(11, 3, -1)]
    begin = paris(2027, 5, 1, 12, 0)
    d = market_cutoff(begin, 48 * H, 8, windows, [])
    assert d.base == paris(2027, 5, 17, 12, 0)
    assert (d.at, d.capped) == (paris(2027, 5, 24, 12, 0), True)
    assert d.reasons[-1] == "availability would move this deadline more than 7 days; capped at " \
                            "Mon 24 May 2027 10:00 UTC"
    # with seven of them it is 161 hours: not capped
    d = market_cutoff(begin, 48 * H, 8, windows[:7], [])
    assert (d.at, d.capped) == (paris(2027, 5, 24, 5, 0), False)


# ---- removal --------------------------------------------------------------------------------

@pytest.mark.site("SITE-REMOVE-02")
def test_the_removal_threshold_is_the_least_of_site_maximum_round_and_players():
    assert removal_threshold(5, 1, 8) == 1  # round 1: one missed order
    assert removal_threshold(5, 3, 8) == 3
    assert removal_threshold(5, 9, 8) == 5
    assert removal_threshold(10, 12, 4) == 4
    assert removal_threshold(5, 0, 8) == 1  # before round 1 (initial placement): at least 1
    with pytest.raises(ValueError):
        removal_threshold(5, -1, 8)


# ---- bad input is refused -------------------------------------------------------------------

def test_bad_values_are_refused_with_a_clear_error():
    start = utc(2027, 6, 1)
    with pytest.raises(ValueError, match="aware"):
        personal_deadline(dt.datetime(2027, 6, 1), 24 * H, 1, None, [])
    with pytest.raises(ValueError, match="aware"):
        next_available(dt.datetime(2027, 6, 1), avail(PARIS, ("09:00", "10:00")))
    with pytest.raises(ValueError, match="empty"):
        w("09:00", "09:00")
    with pytest.raises(ValueError, match="wall-clock"):
        Window(dt.time(9, tzinfo=UTC), dt.time(10))
    with pytest.raises(ValueError, match="after it starts"):
        Pause(start, start, "")
    with pytest.raises(ValueError, match="aware"):
        Pause(dt.datetime(2027, 6, 1), dt.datetime(2027, 6, 2), "")
    for limit in (dt.timedelta(0), -H):
        with pytest.raises(ValueError, match="positive"):
            personal_deadline(start, limit, 1, None, [])
    for factor in (0, -1.5, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="factor"):
            personal_deadline(start, H, factor, None, [])
    with pytest.raises(ValueError, match="at least one player"):
        market_cutoff(start, H, 0, [], [])
    with pytest.raises(ValueError, match="9999"):
        personal_deadline(start, dt.timedelta(days=3_000_000), 1, None, [])
    with pytest.raises(ValueError, match="9999"):  # the cap or the search for a window would overflow
        personal_deadline(start, dt.datetime(9999, 12, 30, tzinfo=UTC) - start, 1, avail(PARIS, ("09:00", "10:00")), [])
    with pytest.raises(ValueError, match="cap"):
        personal_deadline(start, H, 1, None, [], cap=-H)


# ---- properties -----------------------------------------------------------------------------

ZONES = ["Europe/Paris", "America/New_York", "Australia/Lord_Howe", "America/St_Johns",
         "Asia/Kolkata", "Pacific/Chatham", "America/Havana", "America/Santiago", "UTC"]
# daylight-saving changes of 2026 and 2027 (EU, US, Lord Howe, Chile, Cuba)
CHANGES = [utc(2026, 3, 29), utc(2026, 10, 25), utc(2027, 3, 28), utc(2027, 10, 31),
           utc(2026, 3, 8), utc(2026, 11, 1), utc(2027, 3, 14), utc(2027, 11, 7),
           utc(2026, 4, 5), utc(2026, 10, 4), utc(2026, 4, 4), utc(2026, 9, 6), utc(2027, 6, 15)]
MINUTE = dt.timedelta(minutes=1)

clock_times = st.builds(dt.time, st.integers(0, 23), st.integers(0, 59))
windows = st.tuples(clock_times, clock_times).filter(lambda t: t[0] != t[1]).map(lambda t: Window(*t))
availabilities = st.builds(Availability, st.sampled_from(ZONES).map(ZoneInfo),
                           st.lists(windows, min_size=1, max_size=3).map(tuple))
moments = st.builds(lambda base, minutes: base + minutes * MINUTE,
                    st.sampled_from(CHANGES), st.integers(-3 * 1440, 3 * 1440))
pauses = st.lists(st.builds(lambda at, minutes: Pause(at, at + minutes * MINUTE, ""),
                            moments, st.integers(1, 3 * 1440)), max_size=4)


def _in_pause(t: dt.datetime, ps: list[Pause]) -> Pause | None:
    return next((p for p in ps if p.start <= t < p.end), None)


def _unpaused(lo: dt.datetime, hi: dt.datetime, ps: list[Pause]) -> dt.timedelta:
    """Time in [lo, hi) outside every pause, counted minute by minute (all bounds are whole
    minutes here)."""
    total, t = dt.timedelta(0), lo
    while t < hi:
        p = _in_pause(t, ps)
        if p:
            t = min(p.end, hi)
        else:
            total, t = total + MINUTE, t + MINUTE
    return total


@pytest.mark.site("SITE-AVAIL-01", "SITE-AVAIL-02")
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(availabilities, moments)
def test_next_available_is_the_first_available_moment(a, at):
    n = next_available(at, a)
    assert n >= at
    assert is_available(n, a)
    t = at
    while t < n:  # no earlier available minute
        assert not is_available(t, a), t
        t += MINUTE
    assert n - at <= dt.timedelta(days=2)


@pytest.mark.site("SITE-PAUSE-03")
@settings(max_examples=100, deadline=None)
@given(moments, pauses)
def test_extend_for_pauses_leaves_every_pause_and_crosses_only_paused_time(at, ps):
    e = extend_for_pauses(at, ps)
    assert e >= at and _in_pause(e, ps) is None
    assert _unpaused(at, e, ps) == dt.timedelta(0)


@pytest.mark.site("SITE-TIME-01", "SITE-TIME-02", "SITE-AVAIL-02", "SITE-PAUSE-03")
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.none(), availabilities), moments, st.integers(1, 3 * 720), st.sampled_from([1, 1.5]),
       pauses, st.sampled_from([DEFAULT_CAP, dt.timedelta(hours=6), dt.timedelta(0)]))
def test_a_personal_deadline_is_the_first_free_moment_after_its_base_within_the_cap(a, start, two_minutes,
                                                                                    factor, ps, cap):
    limit = two_minutes * 2 * MINUTE
    d = personal_deadline(start, limit, factor, a, ps, cap=cap)
    assert d.base == start + limit * factor
    assert d.at >= d.base
    assert _in_pause(d.at, ps) is None
    moved = _unpaused(d.base, d.at, ps)
    assert moved <= cap
    if d.capped:  # cut where the unpaused time reaches the cap, at a moment he is not available
        assert moved == cap and not is_available(d.at, a)
        assert d.reasons[-1].startswith("availability would move this deadline more than")
    else:
        assert is_available(d.at, a)
        assert bool(d.reasons) == (d.at != d.base)
    t = d.base
    while t < d.at:  # no earlier moment is both available and outside the pauses
        p = _in_pause(t, ps)
        if p:
            t = p.end
            continue
        assert not is_available(t, a), t
        t += MINUTE


@pytest.mark.site("SITE-AVAIL-03", "SITE-MARKET-06")
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(moments, st.integers(1, 8), st.lists(st.one_of(st.none(), availabilities), max_size=8), pauses)
def test_a_cutoff_is_never_before_its_base_nor_in_a_pause_nor_beyond_the_cap(start, players, market, ps):
    d = market_cutoff(start, 6 * H, players, market, ps)
    assert d.base == start + players * 6 * H
    assert d.at >= d.base
    assert _in_pause(d.at, ps) is None
    assert _unpaused(d.base, d.at, ps) <= DEFAULT_CAP
    if not d.capped and not ps and market and market[-1] is not None:
        assert is_available(d.at, market[-1])  # the last player examined always finds it in his window
