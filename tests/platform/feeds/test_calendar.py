"""The calendar feed (SITE-FEED-01, tresham/platform/feeds/calfeed.py): each account's secret
iCalendar address lists its open deadlines and its pauses; read here by the ``icalendar``
library as a calendar program would; an event keeps its UID and moves when a pause moves its
deadline; renewing the address kills the old one."""
from __future__ import annotations

import datetime as dt
import hashlib

import pytest
from django.test import Client
from icalendar import Calendar

from tests.platform.clock.wallclock import seat_game, utc, wall  # noqa: F401 -- the fixture
from tresham.platform.clock import pauses
from tresham.platform.feeds import calfeed
from tresham.platform.feeds.models import CalendarKey

pytestmark = pytest.mark.django_db(transaction=True)


def _read(client: Client, url: str) -> tuple[list, list]:
    """(deadlines, pauses): the feed's events, each (uid, summary, dtstart, dtend or None)."""
    r = client.get(url)
    assert r.status_code == 200, r.content[:200]
    assert r["Content-Type"] == "text/calendar; charset=utf-8"
    cal = Calendar.from_ical(r.content)
    assert str(cal["VERSION"]) == "2.0" and "Tresham" in str(cal["PRODID"])
    deadlines, away = [], []
    for ev in cal.walk("VEVENT"):
        end = ev.get("DTEND")
        row = (str(ev["UID"]), str(ev["SUMMARY"]), ev.decoded("DTSTART"), ev.decoded("DTEND") if end else None)
        cats = [str(c) for c in ev.get("CATEGORIES").cats]
        (away if "Pause" in cats else deadlines).append(row)
    return deadlines, away


def _path(token: str) -> str:
    return f"/calendar/{token}.ics"


@pytest.mark.site("SITE-FEED-01")
def test_the_feed_lists_his_open_deadlines_and_moves_an_event_when_a_pause_moves_it(make_user, wall):
    t = seat_game(make_user, 3)  # starts Mon 3 Mar 2031 12:00 UTC, 24 h limit
    state = t.state()
    first = t.rules.pick_order(state)[0]
    second = t.rules.pick_order(state)[1]
    owed = t.owed()
    assert owed == [first]  # the first picker alone owes a decision
    he, other = t.users[first], t.users[second]
    web = Client()
    mine, theirs = _path(calfeed.renew(he)), _path(calfeed.renew(other))

    deadlines, away = _read(web, mine)
    assert away == []
    assert len(deadlines) == 1  # one decision owed: the first pick, 1.5 x 24 h
    uid, summary, start, end = deadlines[0]
    assert start == utc(2031, 3, 5, 0, 0) == t.row_of(first).due_at and end is None
    assert summary.startswith(f"Your turn in {t.game.name}: ")
    assert uid == calfeed.uid_of(t.game.pk, t.row_of(first).key)
    # the other player owes nothing yet: his feed has no deadline
    assert _read(web, theirs) == ([], [])

    # his pause covers the deadline: the same event moves to the pause's end
    p = pauses.request_pause(he, utc(2031, 3, 4, 6, 0), utc(2031, 3, 5, 6, 0), "a wedding")
    deadlines, away = _read(web, mine)
    assert [(d[0], d[2]) for d in deadlines] == [(uid, utc(2031, 3, 5, 6, 0))]
    assert away == [(f"pause-{p.pk}@{calfeed._domain()}", "Away from Tresham (your pause)",
                     utc(2031, 3, 4, 6, 0), utc(2031, 3, 5, 6, 0))]
    # removed at Tue 4 Mar 06:00: in force 24 h more, so the deadline and the pause end then
    wall.set(utc(2031, 3, 4, 6, 0))
    pauses.remove_pause(p.pk, he)
    deadlines, away = _read(web, mine)
    assert [(d[0], d[2]) for d in deadlines] == [(uid, utc(2031, 3, 5, 6, 0))]
    assert [a[3] for a in away] == [utc(2031, 3, 5, 6, 0)]

    # he picks: his deadline is gone from his feed; the next picker's is in his
    t.act(first)
    assert _read(web, mine)[0] == []
    assert t.owed() == [second]
    (d,) = _read(web, theirs)[0]
    assert d[2] == t.row_of(second).due_at == utc(2031, 3, 5, 6, 0)  # 24 h from his pick (Tue 4 Mar 06:00)
    assert d[0] == calfeed.uid_of(t.game.pk, t.row_of(second).key) != uid


@pytest.mark.site("SITE-FEED-01")
def test_the_address_is_made_on_the_account_page_shown_once_and_renewing_kills_the_old_one(make_user, client_for):
    u = make_user("cal")
    c = client_for(u)
    page = c.get("/accounts/me/").content.decode()
    assert "You have no calendar address." in page and "Make my calendar address" in page

    r = c.post("/calendar/renew/")
    assert r.status_code == 303 and r["Location"] == "/accounts/me/#calendar"
    page = c.get("/accounts/me/").content.decode()
    start = page.index('id="calendar-address" value="') + len('id="calendar-address" value="')
    first = page[start:page.index('"', start)]
    assert first.endswith(".ics") and "/calendar/" in first
    token = first.rsplit("/", 1)[1][:-4]
    # kept only as its fingerprint, and shown once
    key = CalendarKey.objects.get(user=u)
    assert key.digest == hashlib.sha256(token.encode()).hexdigest() and token not in key.digest
    again = c.get("/accounts/me/").content.decode()
    assert token not in again and "You have a calendar address, made on" in again

    web = Client()
    assert web.get(_path(token)).status_code == 200
    c.post("/calendar/renew/")
    assert web.get(_path(token)).status_code == 404  # the old address is dead
    (new,) = [k.digest for k in CalendarKey.objects.filter(user=u)]
    assert new != key.digest
    # the API renews too, and gives the new address once
    r = c.post("/api/calendar")
    assert r.status_code == 201
    newest = r.json()["url"].rsplit("/", 1)[1][:-4]
    assert web.get(_path(newest)).status_code == 200
    assert c.get("/api/calendar").json()["has_address"] is True and "url" not in {
        k for k, v in c.get("/api/calendar").json().items() if v}
    # stopped: dead; unknown and malformed addresses are 404; strangers cannot renew
    assert c.post("/calendar/stop/").status_code == 303
    assert web.get(_path(newest)).status_code == 404
    assert web.get(_path("A" * 43)).status_code == 404 and web.get("/calendar/x.ics").status_code == 404
    assert web.post("/calendar/renew/").status_code == 302 and CalendarKey.objects.count() == 0
    assert web.post("/api/calendar").status_code == 401


@pytest.mark.site("SITE-FEED-01")
def test_an_inactive_account_has_no_feed(make_user):
    u = make_user()
    token = calfeed.renew(u)
    assert Client().get(_path(token)).status_code == 200
    u.is_active = False
    u.save()
    assert Client().get(_path(token)).status_code == 404
    assert calfeed.user_of("../../etc") is None and calfeed.user_of("") is None
