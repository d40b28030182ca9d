"""Deadlines as the pages and the API show them (tresham/platform/clock/shown.py, the game
page and its top panel, the game list, ``GET /api/games/{id}``): every viewer reads each
seat's current deadline and the market's embargo and cutoff on his own clock, with the zone's
name -- a player in Paris 20:00 CET where one in New York reads 14:00 EST; a visitor reads UTC
-- and the API gives the moments in ISO 8601, in UTC. The site's clock is set (``wall``)."""
from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client

from tests.platform.clock.wallclock import HOUR, seat_game, utc, wall  # noqa: F401 -- the fixture
from tresham.platform.clock import shown
from tresham.platform.clock.models import Due

pytestmark = pytest.mark.django_db(transaction=True)

ZONES = ("Europe/Paris", "America/New_York", "Asia/Tokyo")


def _browser(user=None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def _people(make_user) -> list:
    users = []
    for name, zone in zip(("paris", "newyork", "tokyo"), ZONES):
        u = make_user(name)
        u.profile.time_zone = zone
        u.profile.save()
        users.append(u)
    return users


def _section(html: str, ident: str) -> str:
    start = html.index(f'id="{ident}"')
    return html[start:html.index("</section>", start)]


def _second_picker_due(make_user, wall, start: dt.datetime):
    """A 12-hour game; the first picker picks at ``start``: the second picker's limit runs
    from then (SITE-TIME-01)."""
    users = _people(make_user)
    wall.set(start - dt.timedelta(hours=1))
    t = seat_game(make_user, 3, time_limit=12 * HOUR, users=users, seed="deadline-display")
    first, second = t.rules.pick_order(t.state())[:2]
    wall.set(start)
    t.act(first)
    assert t.row_of(second).due_at == start + dt.timedelta(hours=12)
    return t, second


CASES = [
    # winter: CET and EST; a visitor in UTC
    (utc(2031, 12, 2, 7, 0), {"Europe/Paris": ("Tue 2 Dec 20:00 CET", "2031-12-02T20:00:00+01:00"),
                              "America/New_York": ("Tue 2 Dec 14:00 EST", "2031-12-02T14:00:00-05:00"),
                              "Asia/Tokyo": ("Wed 3 Dec 04:00 JST", "2031-12-03T04:00:00+09:00"),
                              "UTC": ("Tue 2 Dec 19:00 UTC", "2031-12-02T19:00:00+00:00")}),
    # summer time on both sides of the Atlantic
    (utc(2031, 7, 1, 6, 0), {"Europe/Paris": ("Tue 1 Jul 20:00 CEST", "2031-07-01T20:00:00+02:00"),
                             "America/New_York": ("Tue 1 Jul 14:00 EDT", "2031-07-01T14:00:00-04:00"),
                             "Asia/Tokyo": ("Wed 2 Jul 03:00 JST", "2031-07-02T03:00:00+09:00"),
                             "UTC": ("Tue 1 Jul 18:00 UTC", "2031-07-01T18:00:00+00:00")}),
    # New York has moved its clocks (9 Mar), Paris not yet (30 Mar): 5 hours apart, not 6
    (utc(2031, 3, 20, 7, 0), {"Europe/Paris": ("Thu 20 Mar 20:00 CET", "2031-03-20T20:00:00+01:00"),
                              "America/New_York": ("Thu 20 Mar 15:00 EDT", "2031-03-20T15:00:00-04:00"),
                              "Asia/Tokyo": ("Fri 21 Mar 04:00 JST", "2031-03-21T04:00:00+09:00"),
                              "UTC": ("Thu 20 Mar 19:00 UTC", "2031-03-20T19:00:00+00:00")}),
]


@pytest.mark.site("SITE-TIME-01")
@pytest.mark.parametrize("start,expect", CASES, ids=["winter", "summer", "between-the-changes"])
def test_each_viewer_reads_the_seats_deadline_on_his_own_clock_and_a_visitor_in_utc(make_user, wall, start, expect):
    t, second = _second_picker_due(make_user, wall, start)
    label = f"Seat {second + 1} ({t.users[second].username})"  # no nations before initial placement
    for user, zone in [(u, u.profile.time_zone) for u in t.users] + [(None, "UTC")]:
        text, iso = expect[zone]
        page = _browser(user).get(f"/games/{t.game.pk}/").content.decode()
        section = _section(page, "deadlines")
        you = " — <strong>you</strong>" if user is not None and user == t.users[second] else ""
        assert f'{label}{you}: <time datetime="{iso}">{text}</time>' in section, (zone, section)
        assert section.count("<li>") == 1  # only the seat the game waits on has a deadline running
        assert f"Times are shown in {zone}" in section
        # the top panel: his own deadline (only the seat that owes it has one)
        panel = page[page.index('id="panel-deadlines"'):page.index("</p>", page.index('id="panel-deadlines"'))]
        if you:
            assert f'Your deadline: <time datetime="{iso}">{text}</time>' in panel
        elif user is None:  # a visitor has no deadline of his own: the game's next (issue 24 finding 9)
            assert panel.endswith(f'>Next deadline: <time datetime="{iso}">{text}</time>'), panel
            assert "yours" not in panel
        else:
            assert "Your deadline" not in panel and "No deadline of yours is running" in panel
        # the other pages of the game carry the same panel
        history = _browser(user).get(f"/games/{t.game.pk}/history/").content.decode()
        assert ('id="panel-deadlines"' in history) and ((f">{text}</time>" in history) == bool(you or user is None))


@pytest.mark.site("SITE-TIME-01", "SITE-LIST-02")
def test_the_game_list_shows_his_own_deadline_else_the_games_next_in_his_zone(make_user, wall):
    t, second = _second_picker_due(make_user, wall, utc(2031, 12, 2, 7, 0))
    expect = {"Europe/Paris": "Tue 2 Dec 20:00 CET", "America/New_York": "Tue 2 Dec 14:00 EST",
              "Asia/Tokyo": "Wed 3 Dec 04:00 JST"}
    untimed = seat_game(make_user, 3, time_limit=None, users=[None, t.users[0]], seed="deadline-untimed")
    for i, user in enumerate(t.users):
        page = _browser(user).get("/lobby/").content.decode()
        zone = user.profile.time_zone
        assert f"<th scope=\"col\">Deadline <small>({zone})</small></th>" in page
        row = re.search(rf'<a href="/games/{t.game.pk}/">.*?</tr>', page, re.S).group(0)
        word = "yours" if i == second else "next"
        assert re.search(rf'<td class="deadline">{word}: <time datetime="[^"]+">{expect[zone]}</time></td>', row), row
        if i == 0:
            row = re.search(rf'<a href="/games/{untimed.game.pk}/">.*?</tr>', page, re.S).group(0)
            assert '<td class="deadline">no time limit</td>' in row


@pytest.mark.site("SITE-TIME-01")
def test_the_api_gives_every_seats_deadline_in_iso_8601_utc(make_user, wall):
    t, second = _second_picker_due(make_user, wall, utc(2031, 12, 2, 7, 0))
    for user in t.users + [None]:
        got = _browser(user).get(f"/api/games/{t.game.pk}").json()["deadlines"]
        assert got["no_time_limit"] is False and got["timers"] == []
        (seat,) = got["seats"]
        assert (seat["seat"], seat["decision"], seat["yours"]) == (second, "pick", user == t.users[second])
        at = dt.datetime.fromisoformat(seat["due_at"])
        assert at == utc(2031, 12, 2, 19, 0) and at.utcoffset() == dt.timedelta(0)
        assert re.fullmatch(r"2031-12-02T19:00:00(Z|\+00:00)", seat["due_at"])


@pytest.mark.site("SITE-TIME-05", "SITE-CREATE-07")
def test_a_game_without_time_limit_says_so_and_shows_no_deadline(make_user, wall):
    users = _people(make_user)
    t = seat_game(make_user, 3, time_limit=None, users=users, seed="deadline-none")
    for user in users + [None]:
        page = _browser(user).get(f"/games/{t.game.pk}/").content.decode()
        section = _section(page, "deadlines")
        assert "No time limit: there are no deadlines and no defaults" in section and "<time" not in section
        assert '<p class="game-clock" id="panel-deadlines">No time limit</p>' in page
        got = _browser(user).get(f"/api/games/{t.game.pk}").json()["deadlines"]
        assert got == {"no_time_limit": True, "seats": [], "timers": []}
    assert shown.of_game(t.game).timed is False


def _embargo(state) -> bool:
    return (state.phase == "trade" and bool(state.step.get("held")) and not state.step.get("closed")
            and not state.step.get("market_open"))


@pytest.mark.site("SITE-MARKET-01", "SITE-MARKET-03", "SITE-TIME-03")
def test_in_trade_the_embargo_end_and_the_cutoff_are_shown_on_each_viewers_clock(make_user, wall):
    users = _people(make_user)
    wall.set(utc(2031, 11, 3, 12, 0))  # winter time in the three zones
    t = seat_game(make_user, 3, time_limit=24 * HOUR, users=users, seed="absence-1")
    t.play_on(wall, _embargo)
    rows = {r.key.rsplit(":", 1)[-1]: r for r in t.rows(Due.Action.TIMER)}
    opened = rows["embargo"].started_at
    assert rows["embargo"].due_at == opened + dt.timedelta(hours=12)  # half the limit
    assert rows["cutoff"].due_at == opened + 3 * dt.timedelta(hours=24)  # players x limit, nobody has left
    for user in users + [None]:
        zone = user.profile.time_zone if user is not None else "UTC"
        import zoneinfo

        def local(at: dt.datetime) -> str:
            x = at.astimezone(zoneinfo.ZoneInfo(zone))
            return f'<time datetime="{x.isoformat()}">{x:%a} {x.day} {x:%b %H:%M %Z}</time>'

        page = _browser(user).get(f"/games/{t.game.pk}/").content.decode()
        section = _section(page, "deadlines")
        assert f"<li>The trade embargo ends: {local(rows['embargo'].due_at)}</li>" in section, section
        assert f"<li>The trade market closes: {local(rows['cutoff'].due_at)}</li>" in section
        panel = page[page.index('id="panel-deadlines"'):page.index("</p>", page.index('id="panel-deadlines"'))]
        assert f"The trade embargo ends: {local(rows['embargo'].due_at)}" in panel
        assert f"The trade market closes: {local(rows['cutoff'].due_at)}" in panel
        timers = _browser(user).get(f"/api/games/{t.game.pk}").json()["deadlines"]["timers"]
        assert [(x["name"], dt.datetime.fromisoformat(x["due_at"])) for x in timers] == [
            ("embargo", rows["embargo"].due_at), ("cutoff", rows["cutoff"].due_at)]
