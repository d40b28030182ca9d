"""The action bar atop every page of a game (SITE-TABLE-01, ``play/actionbar.py``): the one thing
the viewer must do now in one sentence, with his deadline as a countdown and as a time in his own
zone and a link to the decision; "You are done; waiting for ..." when he owes nothing; the stage
and whom the game waits on for a spectator; the result of a finished game."""
from __future__ import annotations

import datetime as dt
import html as htmllib
import re

import pytest
from django.test import Client

from tresham.platform.lobby import services as lobby
from tresham.platform.play import services
from tresham.platform.play.actionbar import names, time_left
from tresham.platform.play.hooks import clock

from ..clock.wallclock import utc, wall  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db

#: every page of a game in progress that carries the panel (the game's own pages too)
PAGES = ["", "history/", "messages/", "trade/", "advances/", "ast/", "standing-orders/", "talk/"]


def bar(html: str) -> str:
    """The action bar's text, tags dropped, spaces normalised."""
    start = html.index('id="action-bar"')
    part = html[start:html.index("</div>", start)]
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", "", part.split(">", 1)[1])).split())


def bar_html(html: str) -> str:
    start = html.index('id="action-bar"')
    return html[start:html.index("</div>", start)]


def _get(client: Client, path: str) -> str:
    r = client.get(path)
    assert r.status_code == 200, (path, r.status_code)
    return r.content.decode()


@pytest.mark.site("SITE-TABLE-01")
def test_time_left_in_words():
    now = utc(2031, 3, 3, 12, 0)
    assert time_left(now + dt.timedelta(hours=5, minutes=12, seconds=40), now) == "in 5 h 12 min"
    assert time_left(now + dt.timedelta(days=1, hours=11), now) == "in 1 day 11 h"
    assert time_left(now + dt.timedelta(days=3), now) == "in 3 days"
    assert time_left(now + dt.timedelta(hours=2), now) == "in 2 h"
    assert time_left(now + dt.timedelta(minutes=25, seconds=3), now) == "in 25 min"
    assert time_left(now + dt.timedelta(minutes=7, seconds=5), now) == "in 7 min 5 s"
    assert time_left(now + dt.timedelta(seconds=40), now) == "in 40 s"
    assert time_left(now - dt.timedelta(seconds=1), now) == "now"
    assert names(["Egypt"]) == "Egypt" and names(["Egypt", "Crete"]) == "Egypt and Crete"
    assert names(["Egypt", "Crete", "Thrace"]) == "Egypt, Crete and Thrace"


@pytest.mark.site("SITE-TABLE-01")
def test_a_player_who_owes_reads_his_decision_his_countdown_and_his_time_on_every_page(wall, table, client_for):
    t = table
    t.play_until(lambda s: any(d.required and d.player in (0, 1) for d in t.rules.pending(s)))
    state = t.state()
    (owed,) = [d for d in t.rules.pending(state) if d.player in (0, 1) and d.required]
    assert owed.prompt == "Choose your nation by clicking one of its start areas"
    user = t.user(owed.player)
    user.profile.time_zone = "Asia/Tokyo"
    user.profile.save()
    due = clock().deadlines(t.game).of_seat(owed.player).at
    wall.set(due - dt.timedelta(hours=5, minutes=12, seconds=30))
    tokyo = due.astimezone(dt.timezone(dt.timedelta(hours=9)))
    absolute = tokyo.strftime("%a ") + str(tokyo.day) + tokyo.strftime(" %b %H:%M") + " JST"
    client = client_for(user)
    for page in PAGES:
        html = _get(client, f"/games/{t.game.pk}/{page}")
        assert html.count('id="action-bar"') == 1, page
        assert bar(html) == (f"Choose your nation by clicking one of its start areas — due in 5 h 12 min "
                             f"({absolute}) Go to your decision"), (page, bar(html))
        part = bar_html(html)
        iso = tokyo.isoformat()  # the moment in his zone, as the panel gives it too
        assert f'<time class="countdown" datetime="{iso}" data-countdown>in 5 h 12 min</time>' in part, part
        assert f'<time datetime="{iso}">{absolute}</time>' in part
        assert f'href="/games/{t.game.pk}/#decisions"' in part
        assert "tresham/countdown.js" in html
    # the game page: the bar comes first in <main>, before the panel and the heading
    html = _get(client, f"/games/{t.game.pk}/")
    main = html[html.index("<main"):]
    assert main.index('id="action-bar"') < main.index('class="game-panel"') < main.index("<h1>")
    # an hour later the page counts an hour less
    wall.advance(hours=1)
    assert "due in 4 h 12 min" in bar(_get(client, f"/games/{t.game.pk}/"))


@pytest.mark.site("SITE-TABLE-01")
def test_in_the_trade_phase_the_market_s_end_is_the_deadline(wall, trading, client_for):
    """The trade decision has no deadline of its own (the market's cutoff ends it for
    everyone): the bar counts down to the last of the game's timers, named."""
    t = trading
    timers = clock().deadlines(t.game).timers
    assert timers and clock().deadlines(t.game).of_seat(0) is None
    last = max(timers, key=lambda x: x.at)
    wall.set(last.at - dt.timedelta(minutes=7, seconds=5))
    text = bar(_get(client_for(t.alice), f"/games/{t.game.pk}/"))
    assert text.startswith(f"Trade with other players, then say Done — {last.label} in 7 min 5 s ("), text


@pytest.mark.site("SITE-TABLE-01")
def test_done_spectator_and_visitor_read_whom_the_game_waits_on(wall, trading, client_for):
    t = trading
    names_of = {r.seat: r.name for r in t.rules.summary(t.state())}
    services.submit(t.game.pk, {"type": "trade_done", "player": 0}, seat=0, account=t.alice)
    state = t.state()
    waited = sorted({d.player for d in t.rules.pending(state) if d.required})
    assert 0 not in waited and 1 in waited
    expected = names([names_of[s] for s in waited])
    html = _get(client_for(t.alice), f"/games/{t.game.pk}/")
    assert bar(html) == (f"You are done; waiting for {expected}. Open to you meanwhile: "
                         "Trade with other players, then say Done. Go to it")
    # bob still owes his trade decision
    assert bar(_get(client_for(t.bob), f"/games/{t.game.pk}/history/")).startswith(
        "Trade with other players, then say Done — ")
    # carol (no seat) and a visitor: the stage and whom the game waits on, and the next deadline
    first = min(clock().deadlines(t.game).timers, key=lambda x: x.at)  # the market's timers only
    wall.set(first.at - dt.timedelta(hours=2))
    for client in (client_for(t.carol), Client()):
        text = bar(_get(client, f"/games/{t.game.pk}/ast/"))
        assert text.startswith(f"Turn {state.turn}, trade: waiting for {expected}. — {first.label} in 2 h ("), text
        assert "Go to your decision" not in text


@pytest.mark.site("SITE-TABLE-01")
def test_a_finished_game_shows_its_result(finished, client_for):
    t = finished
    state = t.state()
    places = t.rules.result(state)
    points = {r.seat: r.points for r in t.rules.summary(state)}
    winners = [s for s, p in enumerate(places) if p == 1]
    html = _get(client_for(t.alice), f"/games/{t.game.pk}/")
    text = bar(html)
    label = {0: f"{{}} (alice)", 1: "{} (bob)", 2: "{} (bot)"}
    names_of = {r.seat: r.name for r in t.rules.summary(state)}
    first = [f"{label[s].format(names_of[s])} with {points[s]} points" for s in winners]
    if len(first) == 1:
        assert text.startswith(f"Game over: {first[0]} won."), text
    else:
        assert text.startswith(f"Game over: {names(first)} share first place."), text
    suffix = {1: "st", 2: "nd", 3: "rd"}[places[0]]
    assert text.endswith(f"You came {places[0]}{suffix}."), text
    assert 'data-countdown' not in bar_html(html)


@pytest.mark.site("SITE-TABLE-01")
def test_a_game_waiting_for_players(make_user, client_for):
    alice = make_user("alice")
    game = services.create_game("advciv", {"players": 3}, name="Open", creator=alice, seed="s", time_limit=3600)
    lobby.join(game.pk, alice)
    assert bar(_get(Client(), f"/games/{game.pk}/")) == "Waiting for players: 1 of 3 seats taken. Seats"
