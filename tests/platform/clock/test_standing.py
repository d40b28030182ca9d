"""Standing orders, the site's side (tresham/platform/clock/{standing,api,views_standing,worker}.py):
a seat's holder stores, per kind of decision, what the site does when his deadline passes
instead of its default -- over the JSON API and the page, CSRF-protected, checked by the game,
secret to him and gone when he leaves the seat; the worker applies it when his deadline passes
("Egypt's standing order was applied"), falls back to the default when the rules refuse what it
gives (telling him alone why), and charges the deadline as missed all the same.

Standing orders are Tresham's own feature: no site behaviour describes them, so most tests cite
no site ID; those checking the default that applies instead (SITE-TIME-04) or the missed order
charged (SITE-TIME-04, SITE-REMOVE-01/02) cite those. Games are real, seated through the lobby and
played on by the bot orders of their players while the site's clock (``wall``) moves."""
from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from django.test import Client

from tests.helpers import offer
from tests.platform.clock.wallclock import locked, seat_game, wall  # noqa: F401 -- the fixture
from tresham.games.advciv.context import Context as Board
from tresham.games.advciv.rules import civcards as cc
from tresham.games.advciv.rules.cities import buildable
from tresham.platform.clock import absence, standing
from tresham.platform.clock.models import Due, MissedOrder, StandingOrder
from tresham.platform.clock.worker import run_due
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services
from tresham.platform.play.models import EventRecord, LogEntry, Seat, Tenure

pytestmark = pytest.mark.django_db(transaction=True)

BUY = {"cards": ["astronomy", "pottery"], "skip_unaffordable": False, "keep": ["grain"]}
TAX = {"rate": 3, "avoid_revolt": False}


# ---- helpers ------------------------------------------------------------------------------------------
def api(user) -> tuple[Client, dict]:
    """A browser logged in as ``user`` that enforces CSRF, and the header its unsafe requests send."""
    c = Client(enforce_csrf_checks=True)
    c.force_login(user)
    token = c.get("/api/accounts/csrf").json()["csrf_token"]
    return c, {"HTTP_X_CSRFTOKEN": token}


def put(c: Client, headers: dict, game, kind: str, body) -> object:
    return c.put(f"/api/games/{game.pk}/standing-orders/{kind}", data=json.dumps(body),
                 content_type="application/json", **headers)


def listed(c: Client, game) -> dict:
    """The caller's standing orders by kind, over the API."""
    r = c.get(f"/api/games/{game.pk}/standing-orders")
    assert r.status_code == 200, r.content
    return {e["kind"]: e["spec"] for e in r.json()}


def stored(game) -> list[tuple[int, str, dict]]:
    return sorted((s.seat, s.kind, s.spec) for s in StandingOrder.objects.filter(game=game))


def page_token(c: Client, game) -> str:
    html = c.get(f"/games/{game.pk}/standing-orders/").content.decode()
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)


def post_page(c: Client, game, token: str, kind: str, spec: str = "", action: str = "save"):
    return c.post(f"/games/{game.pk}/standing-orders/", {"csrfmiddlewaretoken": token, "kind": kind,
                                                         "spec": spec, "action": action})


def set_order(t, seat: int, kind: str, spec: dict) -> None:
    standing.set_order(t.game.pk, t.users[seat], kind, spec)
    assert StandingOrder.objects.get(game=t.game, seat=seat, kind=kind).spec == t.rules.parse_standing(kind, spec)


def reach(t, wall, want) -> tuple[object, int]:
    """Play on until a seat owes a required decision for which ``want(state, decision)``;
    gives (state, that seat)."""
    found: dict[str, int] = {}

    def done(s) -> bool:
        for d in t.rules.pending(s):
            if d.required and want(s, d):
                found["seat"] = d.player
                return True
        return False

    t.play_on(wall, done)
    return t.state(), found["seat"]


def others_act(t, seat: int, kind: str) -> None:
    """Everyone else owing a ``kind`` decision gives his own order."""
    for i in range(20):
        owed = [d.player for d in t.rules.pending(t.state()) if d.required and d.kind == kind and d.player != seat]
        if not owed:
            return
        t.act(owed[0], f"other{i}")
    raise AssertionError("the others never finished")


def pass_deadline(t, wall, seat: int) -> LogEntry:
    """The seat's deadline passes and the worker carries it out; gives the order it applied."""
    t.game.refresh_from_db()
    before = t.game.revision
    row = t.row_of(seat)
    wall.set(row.due_at + dt.timedelta(seconds=1))
    for _ in range(10):
        entry = LogEntry.objects.filter(game=t.game, seq__gt=before, seat=seat, by_site=True).first()
        if entry is not None:
            return entry
        assert run_due(now=wall(), limit=1) == 1
    raise AssertionError("the seat's deadline was not carried out")


def texts_for(t, seq: int, seat: int | None) -> list[str]:
    """The history texts of order ``seq`` that ``seat`` (None: an onlooker) may read."""
    return [e.text for e in EventRecord.objects.filter(game=t.game, seq=seq) if e.visible_to(seat)]


def nation_name(t, seat: int) -> str:
    return next(r.name for r in t.rules.summary(t.state()) if r.seat == seat)


def at_buy(s, d) -> bool:
    """He owes his purchases, owns a card, is within the hand limit (the default then buys
    nothing, SITE-ADV-08) and can afford one card but not another."""
    if d.kind != "buy":
        return False
    g, p = Board(s), s.players[d.player]
    price, most = cc.costs(g, p), cc.max_payment(g, p)
    return (bool(p.civ_cards) and cc.excess(g, p.hand) == 0 and any(v <= most for v in price.values())
            and any(v > most for v in price.values()))


# ---- the JSON API -------------------------------------------------------------------------------------
def test_the_api_stores_reads_replaces_and_deletes_a_standing_order_per_kind(make_user, wall):
    t = seat_game(make_user, 3)
    c, h = api(t.users[0])
    kinds = listed(c, t.game)
    assert set(kinds) == set(t.rules.standing_kinds()) and "trade" not in kinds
    assert all(v is None for v in kinds.values())

    # without the CSRF token: refused, nothing stored
    r = put(c, {}, t.game, "buy", {"spec": BUY})
    assert r.status_code == 403 and r.json()["error"] == "csrf_failed"
    assert c.delete(f"/api/games/{t.game.pk}/standing-orders/buy").status_code == 403
    assert stored(t.game) == []

    r = put(c, h, t.game, "buy", {"spec": {"cards": ["pottery"]}})
    assert r.status_code == 200
    body = r.json()
    assert body["kind"] == "buy" and body["text"].startswith("Civilization cards:")
    # stored in normal form: the fields left out with their defaults
    assert body["spec"] == {"cards": ["pottery"], "skip_unaffordable": True, "keep": []}
    assert body["updated_at"] == "2031-03-03T12:00:00Z"
    assert body["schema"]["properties"]["cards"]["items"]["enum"][0] == "agriculture"
    r = put(c, h, t.game, "tax_rate", {"spec": {}})
    assert r.status_code == 200 and r.json()["spec"] == {"rate": 2, "avoid_revolt": True}
    assert stored(t.game) == [(0, "buy", {"cards": ["pottery"], "skip_unaffordable": True, "keep": []}),
                              (0, "tax_rate", {"rate": 2, "avoid_revolt": True})]

    # replaced: still one per kind
    wall.advance(hours=1)
    r = put(c, h, t.game, "buy", {"spec": BUY})
    assert r.status_code == 200 and r.json()["spec"] == BUY and r.json()["updated_at"] == "2031-03-03T13:00:00Z"
    assert listed(c, t.game)["buy"] == BUY
    assert StandingOrder.objects.filter(game=t.game, seat=0, kind="buy").count() == 1

    # deleted: the site's default applies again; deleting again is harmless
    r = c.delete(f"/api/games/{t.game.pk}/standing-orders/buy", **h)
    assert r.status_code == 204
    assert listed(c, t.game)["buy"] is None and listed(c, t.game)["tax_rate"] == {"rate": 2, "avoid_revolt": True}
    assert c.delete(f"/api/games/{t.game.pk}/standing-orders/buy", **h).status_code == 204
    assert stored(t.game) == [(0, "tax_rate", {"rate": 2, "avoid_revolt": True})]


@pytest.mark.parametrize("kind, body, status, error, says", [
    ("buy", {"spec": {"cards": ["potery"]}}, 400, "bad_standing_order", "'potery' is not a civilization card"),
    ("buy", {"spec": {"cards": "pottery"}}, 400, "bad_standing_order", "cards: must be a list"),
    ("buy", {"spec": {"skip_unaffordable": 1}}, 400, "bad_standing_order", "skip_unaffordable: must be true or false"),
    ("tax_rate", {"spec": {"rate": "3"}}, 400, "bad_standing_order", "rate: must be a whole number"),
    ("tax_rate", {"spec": {"rate": 4}}, 400, "bad_standing_order", "from 1 to 3 (got 4)"),
    ("move", {"spec": {"speed": 1}}, 400, "bad_standing_order", "unknown field 'speed'"),
    ("buy", {"spec": {"cards": ["pot\x00tery"]}}, 400, "bad_standing_order", "is not a civilization card"),
    ("buy", {"spec": {"\x00": True}}, 400, "bad_standing_order", "unknown field"),
    ("buy", {"spec": {"cards": ["pottery"] * 201}}, 400, "bad_standing_order", "cards: "),
    ("build_cities", {"spec": {"never": ["knossos"] * 201}}, 400, "bad_standing_order", "never: "),
    ("trade", {"spec": {}}, 404, "no_such_kind", "no standing order answers 'trade' decisions"),
    ("nonsense", {"spec": {}}, 404, "no_such_kind", "the kinds are move, build_cities, buy"),
    ("buy", {"spec": ["pottery"]}, 422, "bad_request", "spec: Input should be a valid dictionary"),
    ("buy", {}, 422, "bad_request", "spec: Field required"),
])
def test_a_bad_standing_order_is_refused_with_a_json_error_and_stores_nothing(make_user, wall, kind, body, status,
                                                                             error, says):
    t = seat_game(make_user, 3)
    c, h = api(t.users[0])
    assert put(c, h, t.game, "buy", {"spec": BUY}).status_code == 200
    before = stored(t.game)
    r = put(c, h, t.game, kind, body)
    assert r.status_code == status, r.content
    assert r.headers["Content-Type"].startswith("application/json")
    assert r.json()["error"] == error and says in r.json()["message"], r.json()
    assert stored(t.game) == before  # the earlier order stays as it was, nothing added


def test_a_too_long_list_is_refused_by_its_length(make_user, wall):
    t = seat_game(make_user, 3)
    c, h = api(t.users[0])
    r = put(c, h, t.game, "assign_losses", {"spec": {"victims": ["egypt"] * 201}})
    assert r.status_code == 400 and "victims: " in r.json()["message"] and "200" in r.json()["message"], r.json()
    assert stored(t.game) == []


def test_only_the_seats_holder_reads_or_changes_its_standing_orders(make_user, wall):
    t = seat_game(make_user, 3)
    holder, other, onlooker = t.users[0], t.users[1], make_user("onlooker")
    c, h = api(holder)
    assert put(c, h, t.game, "buy", {"spec": BUY}).status_code == 200

    # another player reads and writes only his own seat's
    c1, h1 = api(other)
    assert all(v is None for v in listed(c1, t.game).values())
    assert put(c1, h1, t.game, "buy", {"spec": {"cards": ["mysticism"]}}).status_code == 200
    assert c1.delete(f"/api/games/{t.game.pk}/standing-orders/buy", **h1).status_code == 204
    assert listed(c, t.game)["buy"] == BUY
    assert stored(t.game) == [(0, "buy", BUY)]

    # an onlooker and a visitor: refused, nothing read, nothing changed
    c2, h2 = api(onlooker)
    for r in (c2.get(f"/api/games/{t.game.pk}/standing-orders"), put(c2, h2, t.game, "buy", {"spec": {}}),
              c2.delete(f"/api/games/{t.game.pk}/standing-orders/buy", **h2)):
        assert r.status_code == 403 and r.json()["error"] == "not_your_seat", r.content
        assert "only a seat's holder" in r.json()["message"]
    anon = Client()
    r = anon.get(f"/api/games/{t.game.pk}/standing-orders")
    assert r.status_code == 401 and r.json()["error"] == "not_logged_in"
    assert c.get("/api/games/999999/standing-orders").status_code == 404
    assert stored(t.game) == [(0, "buy", BUY)]


def test_standing_orders_go_when_the_holder_quits_and_the_new_holder_starts_with_none(make_user, wall):
    t = seat_game(make_user, 3)
    quitter, newcomer = t.users[2], make_user("newcomer")
    c, h = api(quitter)
    assert put(c, h, t.game, "tax_rate", {"spec": TAX}).status_code == 200
    assert put(c, h, t.game, "buy", {"spec": BUY}).status_code == 200
    c0, h0 = api(t.users[0])
    assert put(c0, h0, t.game, "buy", {"spec": BUY}).status_code == 200

    absence.quit_game(t.game.pk, quitter)
    assert stored(t.game) == [(0, "buy", BUY)]  # his went, the others' stay
    r = c.get(f"/api/games/{t.game.pk}/standing-orders")
    assert r.status_code == 403 and r.json()["error"] == "not_your_seat"
    assert put(c, h, t.game, "buy", {"spec": BUY}).status_code == 403
    assert c.get(f"/games/{t.game.pk}/standing-orders/").status_code == 403

    lobby.join(t.game.pk, newcomer, index=2)
    cn, hn = api(newcomer)
    assert all(v is None for v in listed(cn, t.game).values())
    assert put(cn, hn, t.game, "pillage", {"spec": {"amount": 1}}).status_code == 200
    assert stored(t.game) == [(0, "buy", BUY), (2, "pillage", {"amount": 1})]


def test_a_removed_player_loses_his_standing_orders(make_user, wall):
    t = seat_game(make_user, 3)
    c, h = api(t.users[1])
    assert put(c, h, t.game, "buy", {"spec": BUY}).status_code == 200
    locked(t.game.pk, lambda game: absence.remove(game, Seat.objects.get(game=game, index=1), why="a test"))
    assert stored(t.game) == []
    assert Tenure.objects.get(game=t.game, seat=1).ended == Tenure.End.REMOVED


# ---- the page -----------------------------------------------------------------------------------------
def test_the_page_form_stores_replaces_and_clears_with_csrf(make_user, wall):
    t = seat_game(make_user, 3)
    c = Client(enforce_csrf_checks=True)
    c.force_login(t.users[0])
    url = f"/games/{t.game.pk}/standing-orders/"
    html = c.get(url).content.decode()
    assert "<h1>Standing orders in" in html
    for kind in t.rules.standing_kinds():
        assert f'id="kind-{kind}"' in html and f'name="kind" value="{kind}"' in html
    assert html.count("No standing order: the site's default applies.") == len(t.rules.standing_kinds())
    # the game page links to it for the seat's holder
    assert f'href="{url}"' in c.get(f"/games/{t.game.pk}/").content.decode()

    # without the token: refused
    assert c.post(url, {"kind": "buy", "spec": json.dumps(BUY), "action": "save"}).status_code == 403
    assert stored(t.game) == []

    token = page_token(c, t.game)
    r = post_page(c, t.game, token, "buy", '{"cards": ["pottery"]}')
    assert r.status_code == 303 and r["Location"] == f"{url}#kind-buy"
    assert stored(t.game) == [(0, "buy", {"cards": ["pottery"], "skip_unaffordable": True, "keep": []})]
    html = c.get(url).content.decode()
    assert "Standing order saved: it applies when your deadline passes." in html
    section = html[html.index('id="kind-buy"'):html.index("</section>", html.index('id="kind-buy"'))]
    assert ("Your standing order: <code>{&quot;cards&quot;: [&quot;pottery&quot;], &quot;keep&quot;: [], "
            "&quot;skip_unaffordable&quot;: true}</code>") in section
    assert 'value="clear">Clear</button>' in section

    r = post_page(c, t.game, token, "buy", json.dumps(BUY))
    assert r.status_code == 303 and stored(t.game) == [(0, "buy", BUY)]
    r = post_page(c, t.game, token, "buy", "", action="clear")
    assert r.status_code == 303 and stored(t.game) == []
    assert "Standing order cleared: the site&#x27;s default applies again." in c.get(url).content.decode()


def _panel(html: str) -> str:
    start = html.index('id="panel-deadlines"')
    return html[start:html.index("</p>", start)]


@pytest.mark.site("SITE-TIME-04", "SITE-TIME-05")
def test_the_page_tells_the_games_real_time_limit_and_both_kinds_of_default_apart(make_user, wall):
    """Issue 24 finding 9: in a 24-hour game the page's panel gave "No time limit", and a field
    left out of a standing order ("relieve") was called its "default" beside "stay = move
    nothing (the site's default)". The panel reads the game's deadlines as the game page does;
    a field's value when left out is called that."""
    t = seat_game(make_user, 3, time_limit=24 * 3600)
    first = t.rules.pick_order(t.state())[0]
    due = Due.objects.get(game=t.game, seat=first, action=Due.Action.TIMEOUT).due_at
    for seat, user in enumerate(t.users):
        c = Client()
        c.force_login(user)
        html = c.get(f"/games/{t.game.pk}/standing-orders/").content.decode()
        panel = _panel(html)
        assert "No time limit" not in panel
        if seat == first:
            assert f'Your deadline: <time datetime="{due:%Y-%m-%dT%H:%M}' in panel, panel
        else:
            assert panel.endswith(">No deadline of yours is running"), panel
        move = html[html.index('id="kind-move"'):html.index("</section>", html.index('id="kind-move"'))]
        assert "stay = move nothing (the site&#x27;s default)" in move
        assert "one of stay, relieve, bot; if your standing order leaves it out: &quot;relieve&quot;" in move
        assert "default &quot;" not in move
    untimed = seat_game(make_user, 3, time_limit=None, seed="untimed")
    c = Client()
    c.force_login(untimed.users[0])
    assert _panel(c.get(f"/games/{untimed.game.pk}/standing-orders/").content.decode()).endswith(">No time limit")


@pytest.mark.parametrize("kind, spec, status, says", [
    ("buy", '{"cards": ["potery"]}', 400, "&#x27;potery&#x27; is not a civilization card"),
    ("buy", '{"cards": [', 400, "this is not JSON (line 1, column"),
    ("buy", '["pottery"]', 400, "a standing order is a JSON object such as {}"),
    ("buy", '{"cards": ["pot\\u0000tery"]}', 400, "the standing order holds the NUL character"),
    ("buy", "", 400, "write the standing order as a JSON object"),
    ("tax_rate", '{"rate": true}', 400, "rate: must be a whole number"),
    ("buy", json.dumps({"cards": ["pottery"] * 201}), 400, "cards: "),
    ("buy", "[" * 3000 + "]" * 3000, 400, "this JSON is nested too deeply for a standing order"),
    ("buy", json.dumps({"cards": ["pottery"] * 900}), 400, "Ensure this value has at most 8000 characters"),
    ("nonsense", "{}", 404, "no standing order answers &#x27;nonsense&#x27; decisions"),
])
def test_the_page_refuses_a_bad_standing_order_and_says_why(make_user, wall, kind, spec, status, says):
    t = seat_game(make_user, 3)
    c = Client(enforce_csrf_checks=True)
    c.force_login(t.users[0])
    token = page_token(c, t.game)
    assert post_page(c, t.game, token, "tax_rate", json.dumps(TAX)).status_code == 303
    r = post_page(c, t.game, token, kind, spec)
    assert r.status_code == status
    html = r.content.decode()
    assert says in html, html[html.index("<main"):][:3000]
    assert 'role="alert"' in html
    assert stored(t.game) == [(0, "tax_rate", TAX)]


def test_the_page_is_the_holders_alone(make_user, client_for, wall):
    t = seat_game(make_user, 3)
    onlooker = make_user("onlooker")
    url = f"/games/{t.game.pk}/standing-orders/"
    r = client_for(onlooker).get(url)
    assert r.status_code == 403 and "you hold no seat in this game" in r.content.decode()
    r = client_for(onlooker).post(url, {"kind": "buy", "spec": "{}", "action": "save"})
    assert r.status_code == 403
    r = Client().get(url)
    assert r.status_code == 403 and "log in first" in r.content.decode()
    assert client_for(onlooker).get("/games/999999/standing-orders/").status_code == 404
    assert f'href="{url}"' not in client_for(onlooker).get(f"/games/{t.game.pk}/").content.decode()
    assert stored(t.game) == []


def test_standing_orders_are_secret_to_the_other_players_and_onlookers(make_user, client_for, wall):
    """Set by seat 0; no page or API anyone else may read shows them (the field names of
    these two specs appear nowhere but in a standing order and its schema)."""
    t = seat_game(make_user, 3)
    c, h = api(t.users[0])
    assert put(c, h, t.game, "buy", {"spec": BUY}).status_code == 200
    assert put(c, h, t.game, "tax_rate", {"spec": TAX}).status_code == 200
    markers = ("skip_unaffordable", "avoid_revolt")
    g = t.game.pk
    paths = [f"/games/{g}/", f"/games/{g}/history/", f"/games/{g}/log.json", f"/games/{g}/messages/",
             f"/games/{g}/advances/", f"/games/{g}/ast/", f"/api/games/{g}", f"/api/games/{g}/history",
             f"/api/lobby/games/{g}", f"/api/games/{g}/pauses", f"/lobby/games/{g}/", "/lobby/", "/api/lobby/games"]
    # the holder himself sees them on his page (so the markers are what would leak)
    mine = client_for(t.users[0]).get(f"/games/{g}/standing-orders/").content.decode()
    assert "Your standing order: <code>{&quot;avoid_revolt&quot;: false, &quot;rate&quot;: 3}</code>" in mine
    for viewer in (client_for(t.users[1]), client_for(make_user("onlooker")), Client()):
        for path in paths:
            r = viewer.get(path)
            body = r.content.decode()
            assert not any(m in body for m in markers), (path, r.status_code)
    # the other player's own page and list: his seat's, empty (the schemas name the fields)
    other = client_for(t.users[1])
    html = other.get(f"/games/{g}/standing-orders/").content.decode()
    assert "Your standing order:" not in html
    assert html.count("No standing order: the site's default applies.") == len(t.rules.standing_kinds())
    assert all(v is None for v in listed(other, t.game).values())


# ---- the worker applies them --------------------------------------------------------------------------
@pytest.mark.rule("31.1", "31.61")
def test_a_ranked_card_list_buys_the_first_affordable_card_when_the_deadline_passes(make_user, wall):
    t = seat_game(make_user, 3)
    state, seat = reach(t, wall, at_buy)
    g, p = Board(state), state.players[seat]
    price, most = cc.costs(g, p), cc.max_payment(g, p)
    owned = sorted(p.civ_cards)[0]
    dear = max(price, key=lambda c: (price[c], c))
    cheap = min((c for c in price if price[c] <= most), key=lambda c: (price[c], c))
    assert price[dear] > most
    # owned: skipped (31.61); too dear: skipped; the cheap one bought
    set_order(t, seat, "buy", {"cards": [owned, dear, cheap]})
    others_act(t, seat, "buy")
    entry = pass_deadline(t, wall, seat)

    assert (entry.reason, entry.by_site, entry.account) == ("standing order", True, None)
    assert entry.order["type"] == "buy" and entry.order["cards"] == [cheap]
    after = t.state().players[seat]
    assert cheap in after.civ_cards and dear not in after.civ_cards
    assert f"{nation_name(t, seat)}'s standing order was applied." in texts_for(t, entry.seq, None)
    assert not LogEntry.objects.filter(game=t.game, seat=seat, reason="timeout").exists()
    # the history tells what was bought, never what else the standing order listed
    dear_name = g.d.civ_cards[dear].name
    assert not any(dear_name in x for s in (None, 0, 1, 2) for x in texts_for(t, entry.seq, s))
    # it counts as a missed deadline (round 3 or later here: not yet a removal)
    (m,) = MissedOrder.objects.filter(game=t.game, seat=seat)
    assert (m.user, m.decision, m.standing) == (t.users[seat], "buy", True)
    assert Seat.objects.get(game=t.game, index=seat).missed_in_a_row == 1
    assert StandingOrder.objects.filter(game=t.game, seat=seat).count() == 1  # it stays for next time


@pytest.mark.rule("31.1", "31.61")
@pytest.mark.site("SITE-TIME-04", "SITE-ADV-08")
def test_a_card_list_he_cannot_buy_now_leaves_the_default_and_tells_him_alone_why(make_user, wall):
    t = seat_game(make_user, 3)
    state, seat = reach(t, wall, at_buy)
    g, p = Board(state), state.players[seat]
    price, most = cc.costs(g, p), cc.max_payment(g, p)
    owned = sorted(p.civ_cards)[0]
    dear = max(price, key=lambda c: (price[c], c))
    set_order(t, seat, "buy", {"cards": [owned, dear]})
    others_act(t, seat, "buy")
    default = t.rules.default(t.state(), seat)
    entry = pass_deadline(t, wall, seat)

    # the site's default: within the hand limit it buys nothing (SITE-ADV-08)
    assert (entry.reason, entry.by_site, entry.order) == ("timeout", True, default)
    assert t.state().players[seat].civ_cards == p.civ_cards
    names = {c: g.d.civ_cards[c].name for c in (owned, dear)}
    why = (f"Your standing order \"Civilization cards\" could not be applied: none of the civilization cards it "
           f"lists can be bought now: you own {names[owned]}; {names[dear]} costs {price[dear]} after credits "
           f"and you can pay {most}. The site's default applies instead.")
    (note,) = EventRecord.objects.filter(game=t.game, kind="standing_order_refused")
    assert (note.text, note.to, note.seq) == (why, [seat], entry.seq)
    assert why in texts_for(t, entry.seq, seat)
    for other in [s for s in range(3) if s != seat] + [None]:
        assert why not in texts_for(t, entry.seq, other)
        assert not any("could not be applied" in x for x in texts_for(t, entry.seq, other))
    assert any("did not decide in time: the site's default applies" in x for x in texts_for(t, entry.seq, None))
    assert not EventRecord.objects.filter(game=t.game, kind="standing_order").exists()
    # he reads it over HTTP in his history; the others do not
    mine, theirs = Client(), Client()
    mine.force_login(t.users[seat])
    theirs.force_login(t.users[(seat + 1) % 3])
    # (the events from that order on: the whole history is more than a page since the phases'
    # lines of the nations not asked, SITE-TABLE-08)
    assert why in [e["text"] for e in mine.get(f"/api/games/{t.game.pk}/history?after={entry.seq - 1}").json()]
    assert "could not be applied" not in theirs.get(f"/api/games/{t.game.pk}/history").content.decode()
    assert "could not be applied" not in theirs.get(f"/games/{t.game.pk}/history/").content.decode()
    assert "could not be applied" not in Client().get(f"/games/{t.game.pk}/history/").content.decode()
    # charged as a plain missed deadline
    (m,) = MissedOrder.objects.filter(game=t.game, seat=seat)
    assert (m.decision, m.standing) == ("buy", False)


def at_cities(s, d) -> bool:
    return d.kind == "build_cities" and len(buildable(Board(s), s.players[d.player].nation)) >= 2


@pytest.mark.rule("25.2")
def test_build_every_city_he_can_but_where_he_excludes(make_user, wall):
    t = seat_game(make_user, 3)
    state, seat = reach(t, wall, at_cities)
    nation = state.players[seat].nation
    areas = sorted(buildable(Board(state), nation))
    never, rest = areas[0], areas[1:]
    set_order(t, seat, "build_cities", {"never": [never]})
    entry = pass_deadline(t, wall, seat)

    assert entry.reason == "standing order"
    assert entry.order == {"type": "build_cities", "player": seat, "areas": rest, "architecture": None}
    cities = t.state().board.cities
    assert all(cities.get(a) == nation for a in rest)  # every other city he could build stands
    assert cities.get(never) != nation  # the default would have built this one too (SITE-CITY-04)
    assert f"{nation_name(t, seat)}'s standing order was applied." in texts_for(t, entry.seq, None)


def at_movement(s, d) -> bool:
    return d.kind == "move" and s.turn == 1


@pytest.mark.parametrize("entered, moved", [("carry_out", True), ("none", False)])
@pytest.mark.site("SITE-TIME-04", "SITE-REMOVE-01", "SITE-REMOVE-02")
def test_movement_entered_moves_kept_and_done_and_in_round_one_it_removes_him(make_user, wall, entered, moved):
    """He entered moves without confirming them; his deadline passes. carry_out: the moves
    are carried out as done ({"type": "done"}); none: nothing moves (the default would have
    carried them out, SITE-MOVE-08). Either way the deadline counts as missed: in round 1 one
    missed deadline removes him (X = 1), and his standing orders go with the seat."""
    t = seat_game(make_user, 3)
    state, seat = reach(t, wall, at_movement)
    g = Board(state)
    nation = state.players[seat].nation
    src = next(a for a in sorted(g.token_areas(nation)) if g.areas[a].land_adj)
    dst = sorted(g.areas[src].land_adj)[0]
    before = (g.tokens(src, nation), g.tokens(dst, nation))
    services.submit(t.game.pk, {"type": "move", "player": seat, "moves": [{"from": src, "to": dst, "count": 1}],
                                "voyages": [], "done": None}, seat=seat, account=t.users[seat])
    set_order(t, seat, "move", {"entered": entered})
    set_order(t, seat, "buy", BUY)
    name = nation_name(t, seat)
    user = t.users[seat]
    entry = pass_deadline(t, wall, seat)

    assert (entry.reason, entry.by_site) == ("standing order", True)
    if moved:
        assert entry.order == {"type": "done", "player": seat}
    else:
        assert entry.order == {"type": "move", "player": seat, "moves": [], "voyages": [], "done": "done"}
    after = Board(t.state())
    change = 1 if moved else 0
    assert (after.tokens(src, nation), after.tokens(dst, nation)) == (before[0] - change, before[1] + change)
    assert f"{name}'s standing order was applied." in texts_for(t, entry.seq, None)

    (m,) = MissedOrder.objects.filter(game=t.game, seat=seat)
    assert (m.user, m.decision, m.standing) == (user, "move", True)
    seat_row = Seat.objects.get(game=t.game, index=seat)
    assert seat_row.user is None and seat_row.status == Seat.Status.OPEN
    assert Tenure.objects.get(game=t.game, user=user).ended == Tenure.End.REMOVED
    assert EventRecord.objects.filter(game=t.game, kind="seat_opened",
                                      text__contains="is removed from the game (missed 1 deadline in a row)").exists()
    assert StandingOrder.objects.filter(game=t.game).count() == 0


def at_first_ships(s, d) -> bool:
    return d.kind == "ships" and s.turn == 1 and not Board(s).ships_of(s.players[d.player].nation)


@pytest.mark.rule("22.3")
@pytest.mark.site("SITE-TIME-04")
def test_ships_named_where_he_has_none_fall_back_to_the_default_and_all_of_none_applies(make_user, wall):
    t = seat_game(make_user, 3)
    state, seat = reach(t, wall, at_first_ships)
    g = Board(state)
    coast = sorted(a for a in g.areas if g.areas[a].has_water)[0]
    set_order(t, seat, "ships", {"keep": [coast]})
    entry = pass_deadline(t, wall, seat)
    assert (entry.reason, entry.order) == ("timeout", t.rules.default(state, seat))
    (note,) = EventRecord.objects.filter(game=t.game, kind="standing_order_refused")
    assert note.to == [seat] and note.text == (
        "Your standing order \"Ships\" could not be applied: you have no ship in the areas it names; your ships "
        "are in nowhere. The site's default applies instead.")


def test_ships_all_when_he_has_none_is_applied_not_refused(make_user, wall):
    t = seat_game(make_user, 3)
    state, seat = reach(t, wall, at_first_ships)
    set_order(t, seat, "ships", {})
    entry = pass_deadline(t, wall, seat)
    assert entry.reason == "standing order"
    assert entry.order == {"type": "ships", "player": seat, "maintain": [], "build": []}
    assert not EventRecord.objects.filter(game=t.game, kind="standing_order_refused").exists()


def test_a_standing_order_of_a_former_holder_is_never_applied(make_user, wall):
    """A row left behind by a former holder (as if _vacate had missed it) is not his
    successor's: the worker applies only the current holder's."""
    t = seat_game(make_user, 3)
    state, seat = reach(t, wall, at_first_ships)
    former = make_user("former")
    StandingOrder.objects.create(game=t.game, seat=seat, user=former, kind="ships", spec={"keep": "all",
                                                                                          "pay": "treasury_first"})
    entry = pass_deadline(t, wall, seat)
    assert entry.reason == "timeout"
    assert not EventRecord.objects.filter(game=t.game, kind__startswith="standing_order").exists()


@pytest.mark.site("SITE-TIME-04")
def test_a_fault_in_working_out_a_standing_order_leaves_the_default_and_never_stalls(make_user, wall, monkeypatch):
    t = seat_game(make_user, 3)
    state, seat = reach(t, wall, at_first_ships)
    set_order(t, seat, "ships", {})

    def broken(self, *a, **kw):
        raise RuntimeError("a bug in the planner")

    offer(monkeypatch, t.rules, "standing", order=lambda *a, **kw: broken(t.rules, *a, **kw))
    entry = pass_deadline(t, wall, seat)
    assert entry.reason == "timeout"
    (note,) = EventRecord.objects.filter(game=t.game, kind="standing_order_refused")
    assert note.to == [seat] and "could not be applied: the site could not work it out." in note.text
    assert not any(r.seat == seat and r.decision == "ships" for r in t.rows())


def test_no_standing_order_is_set_in_a_finished_game(make_user, wall):
    from tresham.platform.play.models import Game

    t = seat_game(make_user, 3)
    c, h = api(t.users[0])
    Game.objects.filter(pk=t.game.pk).update(status=Game.Status.FINISHED)
    r = put(c, h, t.game, "buy", {"spec": BUY})
    assert r.status_code == 409 and r.json()["error"] == "game_over"
    assert c.delete(f"/api/games/{t.game.pk}/standing-orders/buy", **h).status_code == 409
    assert stored(t.game) == []
